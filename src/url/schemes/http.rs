//! `http` URLs (RFC 1738 §3.3): host, port, path segments and search.

use crate::syntax::pairs::Pair;

use crate::syntax::fast::{HttpSpans, SpanText};
use crate::syntax::grammar::{Node, SpecRule};
use crate::syntax::spec::Spec;
use crate::url::schemes::login::HostPort;

/// `httpurl = "http://" hostport [ "/" hpath [ "?" search ]]`.
///
/// RFC 1738 gives http no user name or password: `http://user@host/` is not
/// an `httpurl`.
///
/// ```
/// use rfc1738::Url;
///
/// let parsed = Url::parse("http://www.w3.org/a/b?x=1").unwrap();
/// let http = parsed.as_http().unwrap();
/// assert_eq!(http.hostport().host().as_str(), "www.w3.org");
/// assert_eq!(http.segments().collect::<Vec<_>>(), ["a", "b"]);
/// assert_eq!(http.search(), Some("x=1"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HttpUrl<'a> {
    pub(crate) text: &'a str,
    pub(crate) spec: Spec,
    pub(crate) hostport: HostPort<'a>,
    pub(crate) hpath: Option<&'a str>,
    pub(crate) search: Option<&'a str>,
}

impl<'a> HttpUrl<'a> {
    /// The host and port.
    ///
    /// ```
    /// let parsed = rfc1738::Url::parse("http://192.0.2.1:8080/").unwrap();
    /// let http = parsed.as_http().unwrap();
    /// assert_eq!(http.hostport().host(), rfc1738::Host::Number("192.0.2.1"));
    /// ```
    #[must_use]
    pub fn hostport(&self) -> HostPort<'a> {
        self.hostport
    }

    /// `hpath` as written, after the first `/`; `None` when there is no `/`.
    ///
    /// ```
    /// use rfc1738::Url;
    ///
    /// let parsed = Url::parse("http://h/a/b?q").unwrap();
    /// let http = parsed.as_http().unwrap();
    /// assert_eq!(http.path(), Some("a/b"));
    /// let parsed = Url::parse("http://h").unwrap();
    /// let http = parsed.as_http().unwrap();
    /// assert_eq!(http.path(), None);
    /// ```
    #[must_use]
    pub fn path(&self) -> Option<&'a str> {
        self.hpath
    }

    /// Every `hsegment` of the path, as written (empty ones kept).
    ///
    /// ```
    /// let parsed = rfc1738::Url::parse("http://h/a//b/").unwrap();
    /// let http = parsed.as_http().unwrap();
    /// assert_eq!(http.segments().collect::<Vec<_>>(), ["a", "", "b", ""]);
    /// ```
    pub fn segments(&self) -> impl Iterator<Item = &'a str> + 'a {
        self.hpath.into_iter().flat_map(|path| path.split('/'))
    }

    /// The `search` after `?`, as written.
    ///
    /// ```
    /// let parsed = rfc1738::Url::parse("http://h/?").unwrap();
    /// let http = parsed.as_http().unwrap();
    /// assert_eq!(http.search(), Some(""));
    /// ```
    #[must_use]
    pub fn search(&self) -> Option<&'a str> {
        self.search
    }

    pub(crate) fn lower<R: SpecRule>(text: &'a str, spec: Spec, pair: Pair<'a, R>) -> Self {
        let (mut hostport, mut hpath, mut search) = (None, None, None);
        for part in pair.into_inner() {
            match part.as_rule().node() {
                Some(Node::hostport) => hostport = Some(HostPort::lower(part)),
                Some(Node::hpath) => hpath = Some(part.as_str()),
                Some(Node::search) => search = Some(part.as_str()),
                _ => {}
            }
        }
        HttpUrl {
            text,
            spec,
            hostport: hostport.expect("the grammar's httpurl has a hostport"),
            hpath,
            search,
        }
    }

    /// The view of `text`, which the fast path read under `spec` into these
    /// spans: the same view as [`lower`](Self::lower) gives.
    #[inline(always)]
    pub(crate) fn from_spans(
        text: &'a str,
        spec: Spec,
        HttpSpans {
            hostport,
            hpath,
            search,
        }: HttpSpans,
    ) -> Self {
        let spans = SpanText(text);
        HttpUrl {
            text,
            spec,
            hostport: HostPort::from_spans(spans, hostport),
            hpath: spans.opt(hpath),
            search: spans.opt(search),
        }
    }
}

crate::url::schemes::common_accessors!(HttpUrl, Http, "http://host.dom/a?b");
