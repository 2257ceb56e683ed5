//! `telnet` URLs (RFC 1738 §3.8): a host to connect to, with an advisory login.

use crate::syntax::pairs::Pair;

use crate::syntax::fast::{SpanText, TelnetSpans};
use crate::syntax::grammar::{Node, SpecRule};
use crate::syntax::spec::Spec;
use crate::url::schemes::login::Login;

/// `telneturl = "telnet://" login [ "/" ]`.
///
/// ```
/// use rfc1738::Url;
///
/// let parsed = Url::parse("telnet://guest:secret@melvyl.ucop.edu:23/").unwrap();
/// let telnet = parsed.as_telnet().unwrap();
/// assert_eq!(telnet.login().user(), Some("guest"));
/// assert_eq!(telnet.login().port(), Some("23"));
/// assert!(telnet.has_trailing_slash());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TelnetUrl<'a> {
    pub(crate) text: &'a str,
    pub(crate) spec: Spec,
    pub(crate) login: Login<'a>,
}

impl<'a> TelnetUrl<'a> {
    /// The login; RFC 1738 calls the user and password advisory.
    ///
    /// ```
    /// let parsed = rfc1738::Url::parse("telnet://guest@h").unwrap();
    /// let t = parsed.as_telnet().unwrap();
    /// assert_eq!(t.login().user(), Some("guest"));
    /// ```
    #[must_use]
    pub fn login(&self) -> Login<'a> {
        self.login
    }

    /// Whether the URL ends with the optional `/`.
    ///
    /// ```
    /// let parsed = rfc1738::Url::parse("telnet://h").unwrap();
    /// let t = parsed.as_telnet().unwrap();
    /// assert!(!t.has_trailing_slash());
    /// ```
    #[must_use]
    pub fn has_trailing_slash(&self) -> bool {
        // Before RFC 3986's fragment, if any: no Section 5 URL has a '#'.
        self.text
            .split_once('#')
            .map_or(self.text, |(url, _)| url)
            .ends_with('/')
    }

    pub(crate) fn lower<R: SpecRule>(text: &'a str, spec: Spec, pair: Pair<'a, R>) -> Self {
        let login = pair
            .into_inner()
            .find(|part| matches!(part.as_rule().node(), Some(Node::login | Node::inet_login)))
            .expect("the grammar's telneturl has a login");
        TelnetUrl {
            text,
            spec,
            login: Login::lower(login),
        }
    }

    /// The view of `text`, which the fast path read under `spec` into these
    /// spans: the same view as [`lower`](Self::lower) gives.
    #[inline(always)]
    pub(crate) fn from_spans(
        text: &'a str,
        spec: Spec,
        TelnetSpans { login }: TelnetSpans,
    ) -> Self {
        let spans = SpanText(text);
        TelnetUrl {
            text,
            spec,
            login: Login::from_spans(spans, login),
        }
    }
}

crate::url::schemes::common_accessors!(TelnetUrl, Telnet, "telnet://user@host.dom/");
