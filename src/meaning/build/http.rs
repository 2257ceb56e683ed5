//! The http builder: `httpurl = "http://" hostport [ "/" hpath [ "?" search ]]`
//! from a host, path segments and a search.

use super::login::LoginParts;
use super::{BuildComponent, BuildError, built, decoded, encode, without_fragment};
use crate::syntax::charclass::hsegment_char;
use crate::syntax::grammar::Node;
use crate::syntax::spec::Spec;
use crate::url::owned::OwnedUrl;
use crate::url::schemes::http::HttpUrl;

/// Builds an `httpurl = "http://" hostport [ "/" hpath [ "?" search ]]`.
///
/// A search follows a path, so it needs a segment (`segment("")` for
/// `http://host/?search`).
///
/// ```
/// use rfc1738::{HttpUrl, Spec};
///
/// let url = HttpUrl::builder().host("www.example.com").segment("a b").segment("c/d").search("q=1?").build(Spec::Rfc1738)?;
/// assert_eq!(url, "http://www.example.com/a%20b/c%2Fd?q=1%3F");
/// # Ok::<(), rfc1738::BuildError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HttpBuilder {
    login: LoginParts,
    segments: Vec<Vec<u8>>,
    search: Option<Vec<u8>>,
}

impl HttpUrl<'_> {
    /// A builder for http URLs.
    ///
    /// ```
    /// let url = rfc1738::HttpUrl::builder().host("h").segment("").build(rfc1738::Spec::Rfc1738).unwrap();
    /// assert_eq!(url, "http://h/");
    /// ```
    #[must_use]
    pub fn builder() -> HttpBuilder {
        HttpBuilder::default()
    }

    /// A builder holding this URL's parts, decoded, to change some and build
    /// again: under the URL's specification it builds a URL with the same
    /// parts (escapes may differ where the same byte can be written both
    /// ways).
    ///
    /// # Errors
    ///
    /// [`BuildError`], of:
    /// - [`BuildComponent::Fragment`] when the URL has a fragment, which builders do not write
    ///   (no http URL of these specifications has one: RFC 3986's are [`Url::Uri`](crate::Url::Uri));
    /// - [`BuildComponent::Port`] when the port is above 65535.
    ///
    /// ```
    /// let url = rfc1738::Url::parse("http://www.example/a%20b?q")?;
    /// let moved = url.as_http().unwrap().to_builder()?.port(8080).build(url.spec())?;
    /// assert_eq!(moved, "http://www.example:8080/a%20b?q");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_builder(&self) -> Result<HttpBuilder, BuildError> {
        // Every field named, so that a new one is not forgotten here.
        let HttpUrl {
            text,
            spec,
            hostport,
            hpath,
            search,
        } = *self;
        without_fragment(text, spec)?;
        Ok(HttpBuilder {
            login: LoginParts::of_hostport(hostport, spec)?,
            segments: hpath.map_or_else(Vec::new, |path| path.split('/').map(decoded).collect()),
            search: search.map(decoded),
        })
    }
}

hostport_setters!(HttpBuilder, "http", "");

impl HttpBuilder {
    /// Adds a path segment (`hsegment`); "/" and "?" in it are escaped.
    ///
    /// ```
    /// let url = rfc1738::HttpUrl::builder().host("h").segment("a;b=c").build(rfc1738::Spec::Rfc1738).unwrap();
    /// assert_eq!(url, "http://h/a;b=c");
    /// ```
    #[must_use]
    pub fn segment(mut self, segment: impl AsRef<[u8]>) -> Self {
        self.segments.push(segment.as_ref().to_vec());
        self
    }

    /// The search (`search`), after `?`.
    ///
    /// ```
    /// let url = rfc1738::HttpUrl::builder().host("h").segment("").search("a/b").build(rfc1738::Spec::Rfc1738).unwrap();
    /// assert_eq!(url, "http://h/?a%2Fb");
    /// ```
    #[must_use]
    pub fn search(mut self, search: impl AsRef<[u8]>) -> Self {
        self.search = Some(search.as_ref().to_vec());
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
    /// use rfc1738::{HttpUrl, Spec};
    ///
    /// assert_eq!(HttpUrl::builder().host("h").port(80).build(Spec::Rfc1738).unwrap(), "http://h:80");
    /// assert!(HttpUrl::builder().host("h").search("q").build(Spec::Rfc1738).is_err());
    /// ```
    pub fn build(&self, spec: Spec) -> Result<OwnedUrl, BuildError> {
        built(spec, || self.write(spec))
    }

    /// The text that [`build`](Self::build) reads back.
    fn write(&self, spec: Spec) -> Result<String, BuildError> {
        let mut out = String::from("http://");
        self.login
            .write_hostport(&mut out, spec, "http", BuildComponent::HttpHost)?;
        if self.segments.is_empty() {
            if self.search.is_some() {
                return Err(BuildError::new(
                    BuildComponent::HttpSearch,
                    Node::httpurl,
                    spec,
                    "a search follows a path: add a segment (an empty one for `http://host/?search`)",
                ));
            }
            return Ok(out);
        }
        for segment in &self.segments {
            out.push('/');
            out.push_str(&encode(segment, spec, hsegment_char));
        }
        if let Some(search) = &self.search {
            out.push('?');
            out.push_str(&encode(search, spec, hsegment_char));
        }
        Ok(out)
    }
}
