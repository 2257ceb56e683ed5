//! `nntp` URLs (RFC 1738 §3.7): a group on a given server, and an article number.

use crate::syntax::pairs::Pair;

use crate::syntax::fast::{NntpSpans, SpanText};
use crate::syntax::grammar::{Node, SpecRule};
use crate::syntax::spec::Spec;
use crate::url::schemes::components::{Component, ComponentValue};
use crate::url::schemes::login::HostPort;

/// `nntpurl = "nntp://" hostport "/" group [ "/" digits ]`.
///
/// ```
/// use rfc1738::Url;
///
/// let parsed = Url::parse("nntp://news.example:119/comp.lang.ada/42").unwrap();
/// let nntp = parsed.as_nntp().unwrap();
/// assert_eq!(nntp.group(), "comp.lang.ada");
/// assert_eq!(nntp.article(), Some("42"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NntpUrl<'a> {
    pub(crate) text: &'a str,
    pub(crate) spec: Spec,
    pub(crate) hostport: HostPort<'a>,
    pub(crate) group: &'a str,
    pub(crate) article: Option<&'a str>,
}

impl<'a> NntpUrl<'a> {
    /// The server's host and port.
    ///
    /// ```
    /// let parsed = rfc1738::Url::parse("nntp://news.example:119/comp.lang.ada").unwrap();
    /// let n = parsed.as_nntp().unwrap();
    /// assert_eq!(n.hostport().port(), Some("119"));
    /// ```
    #[must_use]
    pub fn hostport(&self) -> HostPort<'a> {
        self.hostport
    }

    /// The news group name.
    ///
    /// ```
    /// let parsed = rfc1738::Url::parse("nntp://h/alt.test").unwrap();
    /// let n = parsed.as_nntp().unwrap();
    /// assert_eq!(n.group(), "alt.test");
    /// ```
    #[must_use]
    pub fn group(&self) -> &'a str {
        self.group
    }

    /// The article number as written (`digits`).
    ///
    /// ```
    /// let parsed = rfc1738::Url::parse("nntp://h/alt.test").unwrap();
    /// let n = parsed.as_nntp().unwrap();
    /// assert_eq!(n.article(), None);
    /// ```
    #[must_use]
    pub fn article(&self) -> Option<&'a str> {
        self.article
    }

    /// Every component, by its accessor's name, in the order of the URL:
    /// what the views that show components as written read.
    ///
    /// ```
    /// use rfc1738::{ComponentValue, Url};
    ///
    /// let parsed = Url::parse("nntp://h/alt.test").unwrap();
    /// let n = parsed.as_nntp().unwrap();
    /// let values: Vec<ComponentValue> = n.components().map(|c| c.value).collect();
    /// assert_eq!(values[1..], [ComponentValue::Text("alt.test"), ComponentValue::Optional(None)]);
    /// ```
    pub fn components(&self) -> impl Iterator<Item = Component<'a>> + use<'a> {
        [
            Component {
                name: "hostport",
                value: ComponentValue::HostPort(self.hostport),
            },
            Component {
                name: "group",
                value: ComponentValue::Text(self.group),
            },
            Component {
                name: "article",
                value: ComponentValue::Optional(self.article),
            },
        ]
        .into_iter()
    }

    pub(crate) fn lower<R: SpecRule>(text: &'a str, spec: Spec, pair: Pair<'a, R>) -> Self {
        let (mut hostport, mut group, mut article) = (None, None, None);
        for part in pair.into_inner() {
            match part.as_rule().node() {
                Some(Node::hostport | Node::inet_hostport) => {
                    hostport = Some(HostPort::lower(part))
                }
                Some(Node::group) => group = Some(part.as_str()),
                Some(Node::digits) => article = Some(part.as_str()),
                _ => {}
            }
        }
        NntpUrl {
            text,
            spec,
            hostport: hostport.expect("the grammar's nntpurl has a hostport"),
            group: group.expect("the grammar's nntpurl has a group"),
            article,
        }
    }

    /// The view of `text`, which the fast path read under `spec` into these
    /// spans: the same view as [`lower`](Self::lower) gives.
    #[inline(always)]
    pub(crate) fn from_spans(
        text: &'a str,
        spec: Spec,
        NntpSpans {
            hostport,
            group,
            article,
        }: NntpSpans,
    ) -> Self {
        let spans = SpanText(text);
        NntpUrl {
            text,
            spec,
            hostport: HostPort::from_spans(spans, hostport),
            group: spans.str(group),
            article: spans.opt(article),
        }
    }
}

crate::url::schemes::common_accessors!(NntpUrl, Nntp, "nntp://host.dom/comp.lang.ada/1");
