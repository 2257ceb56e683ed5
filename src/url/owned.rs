//! [`OwnedUrl`]: a URL that owns its text, for keeping, sending and storing
//! URLs after the input they were read from is gone.

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::str::FromStr;
use std::sync::Arc;

use yoke::Yoke;

use crate::syntax::error::ParseError;
use crate::syntax::spec::Spec;
use crate::url::Url;
use crate::url::rfc2396::uri::{ResolveError, UriRef};
use crate::url::schemes::login::Host;

/// A URL that owns its text: the typed [`Url`] kept beside the string it
/// borrows from, as `String` is to `&str`.
///
/// A [`Url`] borrows from its input, so it cannot outlive it. An `OwnedUrl`
/// holds the text in an [`Arc<str>`] and the view read from it, so it can be
/// stored in a map, returned from a function, or sent to another thread;
/// [`as_url`](OwnedUrl::as_url) gives the borrowed view back without parsing
/// again, and cloning one copies a pointer. [`Url::into_owned`] makes one
/// from a `Url`, and [`FromStr`] parses one by RFC 1738.
///
/// `==`, [`Hash`] and [`Ord`] are those of the [`Url`] inside: what the text
/// was read into, and the specification; [`Url::equivalent`] compares what
/// two URLs mean. `OwnedUrl` is `Send` and `Sync`.
///
/// ```
/// use std::collections::HashMap;
/// use rfc1738::{OwnedUrl, Scheme};
///
/// let mut seen: HashMap<OwnedUrl, usize> = HashMap::new();
/// for line in String::from("ftp://h/a\nnews:*\nftp://h/a").lines() {
///     *seen.entry(line.parse()?).or_default() += 1;
/// }
/// // The input is gone; the URLs are not.
/// let ftp: OwnedUrl = "ftp://h/a".parse()?;
/// assert_eq!(seen[&ftp], 2);
/// assert_eq!(ftp.as_url().known_scheme(), Some(Scheme::Ftp));
/// assert_eq!(ftp.as_url().as_ftp().and_then(|ftp| ftp.name()), Some("a"));
/// # Ok::<(), rfc1738::ParseError>(())
/// ```
#[derive(Clone)]
pub struct OwnedUrl {
    url: Yoke<View<'static>, Arc<str>>,
}

/// The view that an `OwnedUrl` keeps beside its text. A type of its own, so
/// that yoke's trait stays out of `Url`'s public interface.
#[derive(Clone, Copy, yoke::Yokeable)]
struct View<'a>(Url<'a>);

impl OwnedUrl {
    /// Parses `input` by RFC 1738 into a URL that owns a copy of it.
    ///
    /// # Errors
    ///
    /// When `input` is not a URL by RFC 1738, as [`Url::parse`].
    ///
    /// ```
    /// let url = rfc1738::OwnedUrl::parse("gopher://h/1sel")?;
    /// assert_eq!(url.as_str(), "gopher://h/1sel");
    /// # Ok::<(), rfc1738::ParseError>(())
    /// ```
    pub fn parse(input: &str) -> Result<OwnedUrl, ParseError> {
        OwnedUrl::parse_with(input, Spec::Rfc1738)
    }

    /// Parses `input` by the BNF of `spec` into a URL that owns it: an
    /// `Arc<str>` is kept as it is (and shared), a `&str`, `String` or
    /// `Box<str>` is moved into a new one.
    ///
    /// # Errors
    ///
    /// When `input` is not a URL under `spec`, as [`Url::parse_with`].
    ///
    /// ```
    /// use rfc1738::{OwnedUrl, Spec};
    ///
    /// let line = String::from("http://host/~user");
    /// let url = OwnedUrl::parse_with(line, Spec::Draft07)?;
    /// assert_eq!(url.spec(), Spec::Draft07);
    /// assert!(OwnedUrl::parse_with("http://host/~user", Spec::Rfc1738).is_err());
    /// # Ok::<(), rfc1738::ParseError>(())
    /// ```
    pub fn parse_with(input: impl Into<Arc<str>>, spec: Spec) -> Result<OwnedUrl, ParseError> {
        let url = Yoke::try_attach_to_cart(input.into(), |text: &str| {
            Url::parse_with(text, spec).map(View)
        })?;
        Ok(OwnedUrl { url })
    }

    /// The typed view, borrowed from this `OwnedUrl`, as [`Url::parse_with`]
    /// gave it: nothing is parsed again.
    ///
    /// ```
    /// let url: rfc1738::OwnedUrl = "ftp://u@h:2121/pub".parse()?;
    /// let ftp = url.as_url().as_ftp().unwrap();
    /// assert_eq!(ftp.login().port(), Some("2121"));
    /// # Ok::<(), rfc1738::ParseError>(())
    /// ```
    #[must_use]
    pub fn as_url(&self) -> &Url<'_> {
        &self.url.get().0
    }

    /// The URL as written.
    ///
    /// ```
    /// assert_eq!(rfc1738::OwnedUrl::parse("news:*")?.as_str(), "news:*");
    /// # Ok::<(), rfc1738::ParseError>(())
    /// ```
    #[must_use]
    pub fn as_str(&self) -> &str {
        self.url.backing_cart()
    }

    /// The specification the URL was parsed by.
    ///
    /// ```
    /// use rfc1738::{OwnedUrl, Spec};
    ///
    /// assert_eq!(OwnedUrl::parse_with("man:ls(1)", Spec::Rfc2396)?.spec(), Spec::Rfc2396);
    /// # Ok::<(), rfc1738::ParseError>(())
    /// ```
    #[must_use]
    pub fn spec(&self) -> Spec {
        self.as_url().spec()
    }

    /// [`Url::host`]: the host, as written, where the URL names one.
    ///
    /// ```
    /// use rfc1738::{Host, OwnedUrl};
    ///
    /// let url: OwnedUrl = "ftp://u:pw@h.dom:2121/pub/f?".parse()?;
    /// assert_eq!(url.host(), Some(Host::Name("h.dom")));
    /// assert_eq!((url.port(), url.user(), url.password()), (Some("2121"), Some("u"), Some("pw")));
    /// assert_eq!((url.path(), url.query()), (Some("pub/f?"), None));
    /// # Ok::<(), rfc1738::ParseError>(())
    /// ```
    #[must_use]
    pub fn host(&self) -> Option<Host<'_>> {
        self.as_url().host()
    }

    /// [`Url::port`]: the port as written.
    ///
    /// ```
    /// let url: rfc1738::OwnedUrl = "http://h:81/".parse()?;
    /// assert_eq!(url.port(), Some("81"));
    /// # Ok::<(), rfc1738::ParseError>(())
    /// ```
    #[must_use]
    pub fn port(&self) -> Option<&str> {
        self.as_url().port()
    }

    /// [`Url::user`]: the user name as written.
    ///
    /// ```
    /// let url: rfc1738::OwnedUrl = "ftp://u@h/".parse()?;
    /// assert_eq!(url.user(), Some("u"));
    /// # Ok::<(), rfc1738::ParseError>(())
    /// ```
    #[must_use]
    pub fn user(&self) -> Option<&str> {
        self.as_url().user()
    }

    /// [`Url::password`]: the password as written.
    ///
    /// ```
    /// let url: rfc1738::OwnedUrl = "ftp://u:pw@h/".parse()?;
    /// assert_eq!(url.password(), Some("pw"));
    /// # Ok::<(), rfc1738::ParseError>(())
    /// ```
    #[must_use]
    pub fn password(&self) -> Option<&str> {
        self.as_url().password()
    }

    /// [`Url::path`]: the path as written, after the host and port.
    ///
    /// ```
    /// let url: rfc1738::OwnedUrl = "http://h/a/b".parse()?;
    /// assert_eq!(url.path(), Some("a/b"));
    /// # Ok::<(), rfc1738::ParseError>(())
    /// ```
    #[must_use]
    pub fn path(&self) -> Option<&str> {
        self.as_url().path()
    }

    /// [`Url::query`]: the query as written, after '?'.
    ///
    /// ```
    /// let url: rfc1738::OwnedUrl = "http://h/a?q".parse()?;
    /// assert_eq!(url.query(), Some("q"));
    /// # Ok::<(), rfc1738::ParseError>(())
    /// ```
    #[must_use]
    pub fn query(&self) -> Option<&str> {
        self.as_url().query()
    }

    /// The shared text the URL was read from (no copy is made).
    ///
    /// ```
    /// let url = rfc1738::OwnedUrl::parse("news:*")?;
    /// let text: std::sync::Arc<str> = url.into_arc_str();
    /// assert_eq!(&*text, "news:*");
    /// # Ok::<(), rfc1738::ParseError>(())
    /// ```
    #[must_use]
    pub fn into_arc_str(self) -> Arc<str> {
        self.url.into_backing_cart()
    }
}

impl<'a> Url<'a> {
    /// This URL with its own copy of the text: an [`OwnedUrl`], which lives
    /// on after the input is dropped. The view is read again from the copy
    /// (by the fast path, in about the time of the first reading).
    ///
    /// ```
    /// use rfc1738::{OwnedUrl, Url};
    ///
    /// fn first_url(text: &str) -> Option<OwnedUrl> {
    ///     text.split_whitespace().find_map(|word| Url::parse(word).ok()).map(Url::into_owned)
    /// }
    ///
    /// let url = first_url(&String::from("see ftp://h/f and news:*")).unwrap();
    /// assert_eq!(url, "ftp://h/f");
    /// ```
    ///
    /// # Panics
    ///
    /// Never for a `Url` of this crate's parsing, nor for a `Url::Uri` made
    /// by hand around a [`UriRef`] of it: its text, read again by its
    /// specification, gives the same view.
    #[must_use]
    pub fn into_owned(self) -> OwnedUrl {
        let (spec, original) = (self.spec(), self);
        let url = Yoke::attach_to_cart(Arc::from(self.as_str()), |text: &str| {
            View(match original {
                // A `Url::Uri` may also be made by hand around any URI
                // reference (a relative one, or `man:ls(1)`, which uri(7)
                // reads into a form of its own): it stays one, read again
                // by the specification that read it.
                Url::Uri(_) => match Url::parse_with(text, spec) {
                    Ok(url) if url == original => url,
                    _ => Url::Uri(UriRef::parse_with(text, spec).expect(
                        "a URI reference's own text parses again under its own specification",
                    )),
                },
                _ => Url::parse_with(text, spec)
                    .expect("a URL's own text parses again under its own specification"),
            })
        });
        let owned = OwnedUrl { url };
        debug_assert!(*owned.as_url() == self);
        owned
    }
}

impl UriRef<'_> {
    /// [`resolve`](UriRef::resolve), read as a URL under RFC 2396: the
    /// absolute URI the reference resolves to, with uri(7)'s form of its
    /// scheme where it gives one (`man:`, `info:`, `ldap:`...).
    ///
    /// # Errors
    ///
    /// [`ResolveError`] when `base` is relative or opaque, as for `resolve`,
    /// and [`ResolveError::NotAUrl`] when the form of the scheme refuses the
    /// resolved URI: uri(7)'s under RFC 2396, the later documents' under RFC
    /// 3986, as the reference was read.
    ///
    /// ```
    /// use rfc1738::{ResolveError, Spec, UriRef};
    ///
    /// let base = UriRef::parse("http://a/b/c/d;p?q")?;
    /// let url = UriRef::parse("../g#s")?.resolve_url(&base).unwrap();
    /// assert_eq!(url, "http://a/b/g#s");
    /// assert_eq!(url.as_url().fragment(), Some("s"));
    ///
    /// let ldap = UriRef::parse("ldap://h/o=a")?;
    /// let error = UriRef::parse("x")?.resolve_url(&ldap).unwrap_err();
    /// assert!(matches!(error, ResolveError::NotAUrl(_)));
    ///
    /// // Read by RFC 3986, resolved and read again by it.
    /// let base = UriRef::parse_with("http://[::1]/a", Spec::Rfc3986)?;
    /// let url = UriRef::parse_with("g", Spec::Rfc3986)?.resolve_url(&base).unwrap();
    /// assert_eq!((url.as_str(), url.spec()), ("http://[::1]/g", Spec::Rfc3986));
    /// # Ok::<(), rfc1738::ParseError>(())
    /// ```
    pub fn resolve_url(&self, base: &UriRef<'_>) -> Result<OwnedUrl, ResolveError> {
        let resolved = self.resolve(base)?;
        OwnedUrl::parse_with(resolved, self.spec()).map_err(ResolveError::NotAUrl)
    }
}

impl fmt::Display for OwnedUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for OwnedUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_url(), f)
    }
}

/// [`OwnedUrl::parse`]: by RFC 1738.
///
/// ```
/// let url: rfc1738::OwnedUrl = "ftp://h/f".parse()?;
/// assert_eq!(url.to_string(), "ftp://h/f");
/// assert!("http://user@h/".parse::<rfc1738::OwnedUrl>().is_err());
/// # Ok::<(), rfc1738::ParseError>(())
/// ```
impl FromStr for OwnedUrl {
    type Err = ParseError;

    fn from_str(input: &str) -> Result<OwnedUrl, ParseError> {
        OwnedUrl::parse(input)
    }
}

/// [`OwnedUrl::parse`].
///
/// ```
/// let url = rfc1738::OwnedUrl::try_from(String::from("news:*"))?;
/// assert_eq!(url, "news:*");
/// # Ok::<(), rfc1738::ParseError>(())
/// ```
impl TryFrom<String> for OwnedUrl {
    type Error = ParseError;

    fn try_from(input: String) -> Result<OwnedUrl, ParseError> {
        OwnedUrl::parse_with(input, Spec::Rfc1738)
    }
}

/// [`OwnedUrl::parse`].
///
/// ```
/// let url = rfc1738::OwnedUrl::try_from("news:*")?;
/// assert_eq!(url, "news:*");
/// # Ok::<(), rfc1738::ParseError>(())
/// ```
impl TryFrom<&str> for OwnedUrl {
    type Error = ParseError;

    fn try_from(input: &str) -> Result<OwnedUrl, ParseError> {
        OwnedUrl::parse(input)
    }
}

/// [`Url::into_owned`].
///
/// ```
/// let url = rfc1738::Url::parse("news:*")?;
/// assert_eq!(rfc1738::OwnedUrl::from(url), url);
/// # Ok::<(), rfc1738::ParseError>(())
/// ```
impl From<Url<'_>> for OwnedUrl {
    fn from(url: Url<'_>) -> OwnedUrl {
        url.into_owned()
    }
}

impl From<OwnedUrl> for String {
    fn from(url: OwnedUrl) -> String {
        url.as_str().to_owned()
    }
}

impl AsRef<str> for OwnedUrl {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl PartialEq for OwnedUrl {
    fn eq(&self, other: &OwnedUrl) -> bool {
        self.as_url() == other.as_url()
    }
}

impl Eq for OwnedUrl {}

impl Hash for OwnedUrl {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_url().hash(state);
    }
}

impl PartialOrd for OwnedUrl {
    fn partial_cmp(&self, other: &OwnedUrl) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for OwnedUrl {
    fn cmp(&self, other: &OwnedUrl) -> Ordering {
        self.as_url().cmp(other.as_url())
    }
}

impl PartialEq<Url<'_>> for OwnedUrl {
    fn eq(&self, other: &Url<'_>) -> bool {
        self.as_url() == other
    }
}

impl PartialEq<OwnedUrl> for Url<'_> {
    fn eq(&self, other: &OwnedUrl) -> bool {
        self == other.as_url()
    }
}

impl PartialEq<str> for OwnedUrl {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for OwnedUrl {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<String> for OwnedUrl {
    fn eq(&self, other: &String) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<OwnedUrl> for str {
    fn eq(&self, other: &OwnedUrl) -> bool {
        self == other.as_str()
    }
}

impl PartialEq<OwnedUrl> for &str {
    fn eq(&self, other: &OwnedUrl) -> bool {
        *self == other.as_str()
    }
}

impl PartialEq<OwnedUrl> for String {
    fn eq(&self, other: &OwnedUrl) -> bool {
        self == other.as_str()
    }
}

/// The shared text.
impl From<OwnedUrl> for Arc<str> {
    fn from(url: OwnedUrl) -> Arc<str> {
        url.into_arc_str()
    }
}

/// The borrowed view, as [`OwnedUrl::as_url`] gives it.
///
/// ```
/// let owned = rfc1738::OwnedUrl::parse("news:*")?;
/// let url = rfc1738::Url::from(&owned);
/// assert_eq!(url.as_str(), "news:*");
/// # Ok::<(), rfc1738::ParseError>(())
/// ```
impl<'a> From<&'a OwnedUrl> for Url<'a> {
    fn from(url: &'a OwnedUrl) -> Url<'a> {
        *url.as_url()
    }
}
