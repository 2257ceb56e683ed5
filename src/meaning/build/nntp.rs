//! The nntp builder: `nntpurl = "nntp://" hostport "/" group [ "/" digits ]`
//! from a host, a group and an article number.

use super::login::LoginParts;
use super::{BuildComponent, BuildError, built, check_group, without_fragment};
use crate::syntax::grammar::Node;
use crate::syntax::spec::Spec;
use crate::url::owned::OwnedUrl;
use crate::url::schemes::nntp::NntpUrl;

/// Builds an `nntpurl = "nntp://" hostport "/" group [ "/" digits ]`.
///
/// ```
/// use rfc1738::{NntpUrl, Spec};
///
/// let url = NntpUrl::builder().host("news.example").group("comp.lang.ada").article(42).build(Spec::Rfc1738)?;
/// assert_eq!(url, "nntp://news.example/comp.lang.ada/42");
/// # Ok::<(), rfc1738::BuildError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NntpBuilder {
    login: LoginParts,
    group: Option<Vec<u8>>,
    article: Option<u64>,
}

impl NntpUrl<'_> {
    /// A builder for nntp URLs.
    ///
    /// ```
    /// let url = rfc1738::NntpUrl::builder().host("h").group("alt.test").build(rfc1738::Spec::Rfc1738).unwrap();
    /// assert_eq!(url, "nntp://h/alt.test");
    /// ```
    #[must_use]
    pub fn builder() -> NntpBuilder {
        NntpBuilder::default()
    }

    /// A builder holding this URL's parts, to change some and build again:
    /// under the URL's specification it builds a URL with the same parts.
    ///
    /// # Errors
    ///
    /// [`BuildError`], of:
    /// - [`BuildComponent::Fragment`] when the URL has a fragment (RFC 3986), which builders do not write;
    /// - [`BuildComponent::Port`] when the port is above 65535;
    /// - [`BuildComponent::NntpArticle`] when the article number is above `u64::MAX`.
    ///
    /// ```
    /// let url = rfc1738::Url::parse("nntp://news.example:119/comp.lang.ada/42")?;
    /// let moved = url.as_nntp().unwrap().to_builder()?.host("news.example.org").build(url.spec())?;
    /// assert_eq!(moved, "nntp://news.example.org:119/comp.lang.ada/42");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_builder(&self) -> Result<NntpBuilder, BuildError> {
        // Every field named, so that a new one is not forgotten here.
        let NntpUrl {
            text,
            spec,
            hostport,
            group,
            article,
        } = *self;
        without_fragment(text, spec)?;
        let article = match article {
            None => None,
            Some(digits) => Some(digits.parse::<u64>().map_err(|_| {
                BuildError::new(
                    BuildComponent::NntpArticle,
                    Node::digits,
                    spec,
                    format!(
                        "article {digits} is above {}, the largest that the builder holds",
                        u64::MAX
                    ),
                )
            })?),
        };
        Ok(NntpBuilder {
            login: LoginParts::of_hostport(hostport, spec)?,
            group: Some(group.as_bytes().to_vec()),
            article,
        })
    }
}

hostport_setters!(NntpBuilder, "nntp", ".group(\"alt.test\")");

impl NntpBuilder {
    /// The group (`group`), required; it is not escaped and must be a `group`
    /// of the specification.
    ///
    /// ```
    /// use rfc1738::{NntpUrl, Spec};
    ///
    /// assert!(NntpUrl::builder().host("h").group("alt.binaries.x_y").build(Spec::Rfc1738).is_ok());
    /// assert!(NntpUrl::builder().host("h").group("alt.binaries.x_y").build(Spec::Draft07).is_err());
    /// ```
    #[must_use]
    pub fn group(mut self, group: impl AsRef<[u8]>) -> Self {
        self.group = Some(group.as_ref().to_vec());
        self
    }

    /// The article number (`digits`).
    ///
    /// ```
    /// let url = rfc1738::NntpUrl::builder().host("h").group("a").article(7).build(rfc1738::Spec::Rfc1738).unwrap();
    /// assert_eq!(url, "nntp://h/a/7");
    /// ```
    #[must_use]
    pub fn article(mut self, number: u64) -> Self {
        self.article = Some(number);
        self
    }

    /// The URL under `spec`.
    ///
    /// # Errors
    ///
    /// [`BuildError`], naming the component and the rule, when a part cannot be
    /// written under `spec`: a host or port the grammar does not take, a
    /// character its rule cannot hold even escaped, an empty part its rule
    /// forbids, or a part set without the one it follows.
    ///
    /// ```
    /// assert!(rfc1738::NntpUrl::builder().host("h").build(rfc1738::Spec::Rfc1738).is_err());
    /// ```
    pub fn build(&self, spec: Spec) -> Result<OwnedUrl, BuildError> {
        built(spec, || self.write(spec))
    }

    /// The text that [`build`](Self::build) reads back.
    fn write(&self, spec: Spec) -> Result<String, BuildError> {
        let mut out = String::from("nntp://");
        self.login
            .write_hostport(&mut out, spec, "nntp", BuildComponent::NntpHost)?;
        let Some(group) = &self.group else {
            return Err(BuildError::new(
                BuildComponent::NntpGroup,
                Node::nntpurl,
                spec,
                "an nntp URL names a group: set one with `group`",
            ));
        };
        out.push('/');
        out.push_str(check_group(group, spec, BuildComponent::NntpGroup)?);
        if let Some(article) = self.article {
            out.push('/');
            out.push_str(&article.to_string());
        }
        Ok(out)
    }
}
