//! `wais` URLs (RFC 1738 §3.9): a database, a search in it, or one document.

use crate::syntax::pairs::Pair;

use crate::syntax::fast::{SpanText, WaisKindSpan, WaisSpans};
use crate::syntax::grammar::{Node, SpecRule};
use crate::syntax::spec::Spec;
use crate::url::schemes::login::HostPort;

/// `waisurl = waisdatabase | waisindex | waisdoc`.
///
/// ```
/// use rfc1738::{Url, WaisKind};
///
/// let parsed = Url::parse("wais://host.dom:210/db/TEXT/doc-17").unwrap();
/// let wais = parsed.as_wais().unwrap();
/// assert_eq!(wais.database(), "db");
/// assert_eq!(wais.kind(), WaisKind::Document { wtype: "TEXT", wpath: "doc-17" });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct WaisUrl<'a> {
    pub(crate) text: &'a str,
    pub(crate) spec: Spec,
    pub(crate) hostport: HostPort<'a>,
    pub(crate) database: &'a str,
    pub(crate) kind: WaisKind<'a>,
}

/// Which of the three forms of `waisurl` a URL takes.
///
/// ```
/// use rfc1738::{Url, WaisKind};
///
/// let parsed = Url::parse("wais://host.dom/db?find").unwrap();
/// let wais = parsed.as_wais().unwrap();
/// assert_eq!(wais.kind(), WaisKind::Index { search: "find" });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum WaisKind<'a> {
    /// `waisdatabase = "wais://" hostport "/" database`: a searchable database.
    Database,
    /// `waisindex = ... "?" search`: a search of the database.
    Index {
        /// The search as written.
        search: &'a str,
    },
    /// `waisdoc = ... "/" wtype "/" wpath`: one document of the database.
    Document {
        /// The document type as written.
        wtype: &'a str,
        /// The document path as written.
        wpath: &'a str,
    },
}

impl<'a> WaisUrl<'a> {
    /// The server's host and port.
    ///
    /// ```
    /// let parsed = rfc1738::Url::parse("wais://h:210/db").unwrap();
    /// let w = parsed.as_wais().unwrap();
    /// assert_eq!(w.hostport().port(), Some("210"));
    /// ```
    #[must_use]
    pub fn hostport(&self) -> HostPort<'a> {
        self.hostport
    }

    /// The database name as written.
    ///
    /// ```
    /// let parsed = rfc1738::Url::parse("wais://h/").unwrap();
    /// let w = parsed.as_wais().unwrap();
    /// assert_eq!(w.database(), "");
    /// ```
    #[must_use]
    pub fn database(&self) -> &'a str {
        self.database
    }

    /// The form of the URL and its parts.
    ///
    /// ```
    /// use rfc1738::{Url, WaisKind};
    ///
    /// let parsed = Url::parse("wais://h/db").unwrap();
    /// let w = parsed.as_wais().unwrap();
    /// assert_eq!(w.kind(), WaisKind::Database);
    /// ```
    #[must_use]
    pub fn kind(&self) -> WaisKind<'a> {
        self.kind
    }

    pub(crate) fn lower<R: SpecRule>(text: &'a str, spec: Spec, pair: Pair<'a, R>) -> Self {
        let form = pair
            .into_inner()
            .next()
            .expect("the grammar's waisurl is one of three forms");
        let (mut hostport, mut database) = (None, None);
        let (mut search, mut wtype, mut wpath) = (None, None, None);
        let form_node = form.as_rule().node();
        for part in form.into_inner() {
            match part.as_rule().node() {
                Some(Node::hostport | Node::inet_hostport) => {
                    hostport = Some(HostPort::lower(part))
                }
                Some(Node::database) => database = Some(part.as_str()),
                Some(Node::search) => search = Some(part.as_str()),
                Some(Node::wtype) => wtype = Some(part.as_str()),
                Some(Node::wpath) => wpath = Some(part.as_str()),
                _ => {}
            }
        }
        let kind = match (form_node, search, wtype, wpath) {
            (Some(Node::waisindex), Some(search), _, _) => WaisKind::Index { search },
            (Some(Node::waisdoc), _, Some(wtype), Some(wpath)) => {
                WaisKind::Document { wtype, wpath }
            }
            _ => WaisKind::Database,
        };
        WaisUrl {
            text,
            spec,
            hostport: hostport.expect("the grammar's waisurl has a hostport"),
            database: database.expect("the grammar's waisurl has a database"),
            kind,
        }
    }

    /// The view of `text`, which the fast path read under `spec` into these
    /// spans: the same view as [`lower`](Self::lower) gives.
    #[inline(always)]
    pub(crate) fn from_spans(
        text: &'a str,
        spec: Spec,
        WaisSpans {
            hostport,
            database,
            kind,
        }: WaisSpans,
    ) -> Self {
        let spans = SpanText(text);
        WaisUrl {
            text,
            spec,
            hostport: HostPort::from_spans(spans, hostport),
            database: spans.str(database),
            kind: match kind {
                WaisKindSpan::Database => WaisKind::Database,
                WaisKindSpan::Index { search } => WaisKind::Index {
                    search: spans.str(search),
                },
                WaisKindSpan::Document { wtype, wpath } => WaisKind::Document {
                    wtype: spans.str(wtype),
                    wpath: spans.str(wpath),
                },
            },
        }
    }
}

crate::url::schemes::common_accessors!(WaisUrl, Wais, "wais://host.dom/db?x");
