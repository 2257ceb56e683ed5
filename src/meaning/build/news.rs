//! The news builder: `newsurl = "news:" grouppart`, all groups, one group or
//! one article.

use super::{
    BuildComponent, BuildError, built, check_group, check_host, decoded, encode, without_fragment,
};
use crate::syntax::charclass::article_char;
use crate::syntax::grammar::Node;
use crate::syntax::spec::Spec;
use crate::url::owned::OwnedUrl;
use crate::url::schemes::news::{GroupPart, NewsUrl};

/// What a news URL names, as the builder holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
enum NewsPart {
    All,
    Group(Vec<u8>),
    Article { unique: Vec<u8>, host: Vec<u8> },
}

/// Builds a `newsurl = "news:" grouppart`: all groups, one group, or one
/// article. The last of `all`, `group` and `article` called is built.
///
/// A group name is not escaped (`group` has no escapes) and must be a `group`
/// of the specification; an article's unique part is escaped and must not be
/// empty, and its host must be a `host`.
///
/// ```
/// use rfc1738::{NewsUrl, Spec};
///
/// assert_eq!(NewsUrl::builder().group("comp.lang.c++").build(Spec::Rfc1738)?, "news:comp.lang.c++");
/// assert_eq!(NewsUrl::builder().article("a@b", "news.example").build(Spec::Rfc1738)?, "news:a%40b@news.example");
/// assert!(NewsUrl::builder().group("comp.lang.c++").build(Spec::Draft07).is_err());
/// # Ok::<(), rfc1738::BuildError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NewsBuilder {
    part: Option<NewsPart>,
}

impl NewsUrl<'_> {
    /// A builder for news URLs.
    ///
    /// ```
    /// assert_eq!(rfc1738::NewsUrl::builder().all().build(rfc1738::Spec::Rfc1738).unwrap(), "news:*");
    /// ```
    #[must_use]
    pub fn builder() -> NewsBuilder {
        NewsBuilder::default()
    }

    /// A builder holding this URL's group part, decoded, to change it and
    /// build again: under the URL's specification it builds a URL with the
    /// same group part.
    ///
    /// # Errors
    ///
    /// [`BuildError`], of:
    /// - [`BuildComponent::Fragment`] when the URL has a fragment (RFC 3986), which builders do not write.
    ///
    /// ```
    /// let url = rfc1738::Url::parse("news:comp.infosystems.www")?;
    /// let builder = url.as_news().unwrap().to_builder()?;
    /// assert_eq!(builder.build(url.spec())?, "news:comp.infosystems.www");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_builder(&self) -> Result<NewsBuilder, BuildError> {
        // Every field named, so that a new one is not forgotten here.
        let NewsUrl {
            text,
            spec,
            grouppart,
        } = *self;
        without_fragment(text, spec)?;
        let part = match grouppart {
            GroupPart::All => NewsPart::All,
            GroupPart::Group(group) => NewsPart::Group(group.as_bytes().to_vec()),
            GroupPart::Article { unique, host } => NewsPart::Article {
                unique: decoded(unique),
                host: host.as_str().as_bytes().to_vec(),
            },
        };
        Ok(NewsBuilder { part: Some(part) })
    }
}

impl NewsBuilder {
    /// All groups: `news:*`.
    ///
    /// ```
    /// assert_eq!(rfc1738::NewsUrl::builder().group("x").all().build(rfc1738::Spec::Draft07).unwrap(), "news:*");
    /// ```
    #[must_use]
    pub fn all(mut self) -> Self {
        self.part = Some(NewsPart::All);
        self
    }

    /// One group (`group`).
    ///
    /// ```
    /// assert_eq!(rfc1738::NewsUrl::builder().group("alt.test").build(rfc1738::Spec::Draft07).unwrap(), "news:alt.test");
    /// ```
    #[must_use]
    pub fn group(mut self, group: impl AsRef<[u8]>) -> Self {
        self.part = Some(NewsPart::Group(group.as_ref().to_vec()));
        self
    }

    /// One article: the message identifier's unique part and host, without
    /// RFC 1036's angle brackets.
    ///
    /// ```
    /// let url = rfc1738::NewsUrl::builder().article("12 34", "h.example").build(rfc1738::Spec::Rfc1738).unwrap();
    /// assert_eq!(url, "news:12%2034@h.example");
    /// ```
    #[must_use]
    pub fn article(mut self, unique: impl AsRef<[u8]>, host: impl AsRef<[u8]>) -> Self {
        self.part = Some(NewsPart::Article {
            unique: unique.as_ref().to_vec(),
            host: host.as_ref().to_vec(),
        });
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
    /// use rfc1738::{NewsUrl, Spec};
    ///
    /// assert!(NewsUrl::builder().build(Spec::Rfc1738).is_err());
    /// assert!(NewsUrl::builder().article("", "h").build(Spec::Rfc1738).is_err());
    /// ```
    pub fn build(&self, spec: Spec) -> Result<OwnedUrl, BuildError> {
        built(spec, || self.write(spec))
    }

    /// The text that [`build`](Self::build) reads back.
    fn write(&self, spec: Spec) -> Result<String, BuildError> {
        match &self.part {
            None => Err(BuildError::new(
                BuildComponent::NewsGroupPart,
                Node::grouppart,
                spec,
                "a news URL names all groups, a group or an article: call `all`, `group` or `article`",
            )),
            Some(NewsPart::All) => Ok("news:*".to_owned()),
            Some(NewsPart::Group(group)) => Ok(format!(
                "news:{}",
                check_group(group, spec, BuildComponent::NewsGroup)?
            )),
            Some(NewsPart::Article { unique, host }) => {
                if unique.is_empty() {
                    return Err(BuildError::new(
                        BuildComponent::NewsArticle,
                        Node::article,
                        spec,
                        "the unique part before \"@\" is empty, and it is at least one character",
                    ));
                }
                let host = check_host(host, spec, BuildComponent::NewsArticleHost)?;
                Ok(format!(
                    "news:{}@{host}",
                    encode(unique, spec, article_char)
                ))
            }
        }
    }
}
