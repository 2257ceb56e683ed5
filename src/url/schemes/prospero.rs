//! `prospero` URLs (RFC 1738 §3.11): an hsoname on a server, with fields.

use crate::syntax::pairs::Pair;

use crate::syntax::fast::{ProsperoSpans, SpanText};
use crate::syntax::grammar::{Node, SpecRule};
use crate::syntax::spec::Spec;
use crate::url::schemes::login::HostPort;

/// `prosperourl = "prospero://" hostport "/" ppath *[ fieldspec ]`.
///
/// ```
/// use rfc1738::Url;
///
/// let parsed = Url::parse("prospero://host.dom//pros/name;version=2").unwrap();
/// let p = parsed.as_prospero().unwrap();
/// assert_eq!(p.path(), "/pros/name");
/// assert_eq!(p.fields().collect::<Vec<_>>(), [("version", "2")]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ProsperoUrl<'a> {
    pub(crate) text: &'a str,
    pub(crate) spec: Spec,
    pub(crate) hostport: HostPort<'a>,
    pub(crate) ppath: &'a str,
    pub(crate) fields: &'a str,
}

impl<'a> ProsperoUrl<'a> {
    /// The server's host and port.
    ///
    /// ```
    /// let parsed = rfc1738::Url::parse("prospero://host.dom:1525/x").unwrap();
    /// let p = parsed.as_prospero().unwrap();
    /// assert_eq!(p.hostport().port(), Some("1525"));
    /// ```
    #[must_use]
    pub fn hostport(&self) -> HostPort<'a> {
        self.hostport
    }

    /// `ppath` as written: the hsoname, escapes not decoded. It begins with `/`
    /// when the URL has `//` after the host.
    ///
    /// ```
    /// let parsed = rfc1738::Url::parse("prospero://h/a/b;f=v").unwrap();
    /// let p = parsed.as_prospero().unwrap();
    /// assert_eq!(p.path(), "a/b");
    /// ```
    #[must_use]
    pub fn path(&self) -> &'a str {
        self.ppath
    }

    /// Every `psegment` of the path, as written (empty ones kept).
    ///
    /// ```
    /// let parsed = rfc1738::Url::parse("prospero://h//pros/name").unwrap();
    /// let p = parsed.as_prospero().unwrap();
    /// assert_eq!(p.segments().collect::<Vec<_>>(), ["", "pros", "name"]);
    /// ```
    pub fn segments(&self) -> impl Iterator<Item = &'a str> + 'a {
        self.ppath.split('/')
    }

    /// Every `fieldspec` as `(fieldname, fieldvalue)`, as written. The name
    /// ends at the first `=`.
    ///
    /// ```
    /// use rfc1738::{Spec, Url};
    ///
    /// let parsed = Url::parse("prospero://h/x;a=1;b=").unwrap();
    /// let p = parsed.as_prospero().unwrap();
    /// assert_eq!(p.fields().collect::<Vec<_>>(), [("a", "1"), ("b", "")]);
    /// // draft-07 allows "=" in a field value.
    /// let parsed = Url::parse_with("prospero://h/x;a=b=c", Spec::Draft07).unwrap();
    /// let p = parsed.as_prospero().unwrap();
    /// assert_eq!(p.fields().collect::<Vec<_>>(), [("a", "b=c")]);
    /// ```
    pub fn fields(&self) -> impl Iterator<Item = (&'a str, &'a str)> + 'a {
        // `fields` is `*[ ";" fieldname "=" fieldvalue ]`, and neither part holds ";".
        self.fields
            .split(';')
            .skip(1)
            .map(|field| field.split_once('=').unwrap_or((field, "")))
    }

    pub(crate) fn lower<R: SpecRule>(text: &'a str, spec: Spec, pair: Pair<'a, R>) -> Self {
        let (mut hostport, mut ppath) = (None, None);
        // Where the URL ends: before RFC 3986's fragment, if any.
        let end = pair.as_span().end();
        for part in pair.into_inner() {
            match part.as_rule().node() {
                Some(Node::hostport | Node::inet_hostport) => {
                    hostport = Some(HostPort::lower(part))
                }
                Some(Node::ppath) => ppath = Some(part.as_span()),
                _ => {}
            }
        }
        let ppath = ppath.expect("the grammar's prosperourl has a ppath");
        ProsperoUrl {
            text,
            spec,
            hostport: hostport.expect("the grammar's prosperourl has a hostport"),
            ppath: ppath.as_str(),
            fields: &text[ppath.end()..end],
        }
    }

    /// The view of `text`, which the fast path read under `spec` into these
    /// spans: the same view as [`lower`](Self::lower) gives.
    #[inline(always)]
    pub(crate) fn from_spans(
        text: &'a str,
        spec: Spec,
        ProsperoSpans {
            hostport,
            ppath,
            fields,
        }: ProsperoSpans,
    ) -> Self {
        let spans = SpanText(text);
        ProsperoUrl {
            text,
            spec,
            hostport: HostPort::from_spans(spans, hostport),
            ppath: spans.str(ppath),
            fields: spans.str(fields),
        }
    }
}

crate::url::schemes::common_accessors!(ProsperoUrl, Prospero, "prospero://host.dom/x;a=b");
