//! URLs of every other scheme, judged by the generic form `scheme ":" schemepart`.

use crate::syntax::pairs::Pair;

use crate::syntax::fast::{GenericSpans, SpanText};
use crate::syntax::grammar::{Node, SpecRule};
use crate::syntax::spec::Spec;
use crate::url::schemes::login::Login;

/// `genericurl = scheme ":" schemepart`: a URL whose scheme has no rule of its own.
///
/// When the scheme part has the shape `"//" login [ "/" urlpath ]`
/// (`ip-schemepart`), its login and path are available too.
///
/// ```
/// use rfc1738::Url;
///
/// let parsed = Url::parse("x-archive://archive.example/items/17").unwrap();
/// let url = parsed.as_generic().unwrap();
/// assert_eq!(url.schemepart(), "//archive.example/items/17");
/// let ip = url.ip_schemepart().unwrap();
/// assert_eq!(ip.login().host().as_str(), "archive.example");
/// assert_eq!(ip.urlpath(), Some("items/17"));
///
/// let parsed = Url::parse("about:").unwrap();
/// let url = parsed.as_generic().unwrap();
/// assert_eq!(url.schemepart(), "");
/// assert!(url.ip_schemepart().is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GenericUrl<'a> {
    pub(crate) text: &'a str,
    pub(crate) spec: Spec,
    pub(crate) schemepart: &'a str,
    pub(crate) ip_schemepart: Option<IpSchemepart<'a>>,
}

/// `ip-schemepart = "//" login [ "/" urlpath ]`.
///
/// ```
/// use rfc1738::Url;
///
/// let parsed = Url::parse("afs://user@cell.example").unwrap();
/// let url = parsed.as_generic().unwrap();
/// let ip = url.ip_schemepart().unwrap();
/// assert_eq!(ip.login().user(), Some("user"));
/// assert_eq!(ip.urlpath(), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct IpSchemepart<'a> {
    pub(crate) login: Login<'a>,
    pub(crate) urlpath: Option<&'a str>,
}

impl<'a> IpSchemepart<'a> {
    /// The login: user, password, host and port.
    ///
    /// ```
    /// let parsed = rfc1738::Url::parse("nfs://server.example:2049/export").unwrap();
    /// let url = parsed.as_generic().unwrap();
    /// assert_eq!(url.ip_schemepart().unwrap().login().port(), Some("2049"));
    /// ```
    #[must_use]
    pub fn login(&self) -> Login<'a> {
        self.login
    }

    /// The `urlpath` after the `/` that follows the login, as written.
    ///
    /// ```
    /// let parsed = rfc1738::Url::parse("nfs://server.example/export/home").unwrap();
    /// let url = parsed.as_generic().unwrap();
    /// assert_eq!(url.ip_schemepart().unwrap().urlpath(), Some("export/home"));
    /// ```
    #[must_use]
    pub fn urlpath(&self) -> Option<&'a str> {
        self.urlpath
    }
}

impl<'a> GenericUrl<'a> {
    /// Everything after the first `:`, as written.
    ///
    /// ```
    /// let parsed = rfc1738::Url::parse("urn:ietf:rfc:1738").unwrap();
    /// let url = parsed.as_generic().unwrap();
    /// assert_eq!(url.schemepart(), "ietf:rfc:1738");
    /// ```
    #[must_use]
    pub fn schemepart(&self) -> &'a str {
        self.schemepart
    }

    /// The scheme part read as `ip-schemepart`, when it has that shape.
    ///
    /// ```
    /// use rfc1738::Url;
    ///
    /// let parsed = Url::parse("afs://cell.example/usr").unwrap();
    /// let url = parsed.as_generic().unwrap();
    /// assert!(url.ip_schemepart().is_some());
    /// // "//" followed by what is not a login: still a generic URL, without that reading.
    /// let parsed = Url::parse("afs://a@b@c").unwrap();
    /// let url = parsed.as_generic().unwrap();
    /// assert!(url.ip_schemepart().is_none());
    /// ```
    #[must_use]
    pub fn ip_schemepart(&self) -> Option<IpSchemepart<'a>> {
        self.ip_schemepart
    }

    pub(crate) fn lower<R: SpecRule>(text: &'a str, spec: Spec, pair: Pair<'a, R>) -> Self {
        let genericurl = pair
            .into_inner()
            .next()
            .expect("the grammar's otherurl is a genericurl");
        let schemepart = genericurl
            .into_inner()
            .find(|part| part.as_rule().node() == Some(Node::schemepart))
            .expect("the grammar's genericurl has a schemepart");
        let schemepart_text = schemepart.as_str();
        let ip_schemepart = schemepart
            .into_inner()
            .find(|part| part.as_rule().node() == Some(Node::ip_schemepart))
            .map(|ip| {
                let (mut login, mut urlpath) = (None, None);
                for part in ip.into_inner() {
                    match part.as_rule().node() {
                        Some(Node::login) => login = Some(Login::lower(part)),
                        Some(Node::urlpath) => urlpath = Some(part.as_str()),
                        _ => {}
                    }
                }
                IpSchemepart {
                    login: login.expect("the grammar's ip-schemepart has a login"),
                    urlpath,
                }
            });
        GenericUrl {
            text,
            spec,
            schemepart: schemepart_text,
            ip_schemepart,
        }
    }

    /// The view of `text`, which the fast path read under `spec` into these
    /// spans: the same view as [`lower`](Self::lower) gives.
    #[inline(always)]
    pub(crate) fn from_spans(
        text: &'a str,
        spec: Spec,
        GenericSpans {
            schemepart,
            ip_schemepart,
        }: GenericSpans,
    ) -> Self {
        let spans = SpanText(text);
        GenericUrl {
            text,
            spec,
            schemepart: spans.str(schemepart),
            ip_schemepart: ip_schemepart.map(|(login, urlpath)| IpSchemepart {
                login: Login::from_spans(spans, login),
                urlpath: spans.opt(urlpath),
            }),
        }
    }
}

crate::url::schemes::common_accessors!(GenericUrl, Generic, "x-foo:bar");
