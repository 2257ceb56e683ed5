//! `gopher` URLs (RFC 1738 §3.4, RFC 4266): item type, selector, search and
//! gopher+ string, split at `%09` as the prose says.

use pest::iterators::Pair;

use crate::grammar::{Node, SpecRule};
use crate::{HostPort, Spec};

/// `gopherurl = "gopher://" hostport [ "/" [ gtype [ selector [ "%09" search [ "%09" gopher+_string ] ] ] ] ]`.
///
/// The first `%09` ends the selector and the second the search. When the text
/// after the first `%09` cannot be a `search` (it holds `/` or `?`), the BNF
/// still accepts the URL, reading all of it as the selector.
///
/// ```
/// use rfc1738::Url;
///
/// let Url::Gopher(g) = Url::parse("gopher://host/7find%09gopher%09+").unwrap() else { unreachable!() };
/// assert_eq!(g.gtype(), Some("7"));
/// assert_eq!(g.selector(), Some("find"));
/// assert_eq!(g.search(), Some("gopher"));
/// assert_eq!(g.gopher_plus(), Some("+"));
///
/// let Url::Gopher(g) = Url::parse("gopher://host/").unwrap() else { unreachable!() };
/// assert_eq!(g.gtype(), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GopherUrl<'a> {
    text: &'a str,
    spec: Spec,
    hostport: HostPort<'a>,
    path: Option<&'a str>,
    gtype: Option<&'a str>,
    selector: Option<&'a str>,
    search: Option<&'a str>,
    gopher_plus: Option<&'a str>,
}

impl<'a> GopherUrl<'a> {
    /// The host and port.
    ///
    /// ```
    /// let rfc1738::Url::Gopher(g) = rfc1738::Url::parse("gopher://gopher.example:7070/").unwrap() else { unreachable!() };
    /// assert_eq!(g.hostport().port(), Some("7070"));
    /// ```
    pub fn hostport(&self) -> HostPort<'a> {
        self.hostport
    }

    /// The gopher path as written: everything after the `/` that follows the
    /// host; `None` when there is no such `/`.
    ///
    /// ```
    /// let rfc1738::Url::Gopher(g) = rfc1738::Url::parse("gopher://h/0about.txt").unwrap() else { unreachable!() };
    /// assert_eq!(g.path(), Some("0about.txt"));
    /// ```
    pub fn path(&self) -> Option<&'a str> {
        self.path
    }

    /// `gtype = xchar`, as written: one character, or one escape such as `%31`.
    /// `None` when the path is empty.
    ///
    /// ```
    /// let rfc1738::Url::Gopher(g) = rfc1738::Url::parse("gopher://h/%31menu").unwrap() else { unreachable!() };
    /// assert_eq!(g.gtype(), Some("%31"));
    /// ```
    pub fn gtype(&self) -> Option<&'a str> {
        self.gtype
    }

    /// The selector as written (possibly empty); `None` when there is no `gtype`.
    ///
    /// ```
    /// use rfc1738::Url;
    ///
    /// let Url::Gopher(g) = Url::parse("gopher://h/1").unwrap() else { unreachable!() };
    /// assert_eq!(g.selector(), Some(""));
    /// // A "/" after the first %09 cannot be in a search: all of it is the selector.
    /// let Url::Gopher(g) = Url::parse("gopher://h/1a%09b/c").unwrap() else { unreachable!() };
    /// assert_eq!((g.selector(), g.search()), (Some("a%09b/c"), None));
    /// ```
    pub fn selector(&self) -> Option<&'a str> {
        self.selector
    }

    /// The search after the first `%09`, as written.
    ///
    /// ```
    /// let rfc1738::Url::Gopher(g) = rfc1738::Url::parse("gopher://h/7index%09rfc%201738").unwrap() else { unreachable!() };
    /// assert_eq!(g.search(), Some("rfc%201738"));
    /// ```
    pub fn search(&self) -> Option<&'a str> {
        self.search
    }

    /// The `gopher+_string` after the second `%09`, as written.
    ///
    /// ```
    /// let rfc1738::Url::Gopher(g) = rfc1738::Url::parse("gopher://h/1sel%09%09!+ABSTRACT").unwrap() else { unreachable!() };
    /// assert_eq!((g.search(), g.gopher_plus()), (Some(""), Some("!+ABSTRACT")));
    /// ```
    pub fn gopher_plus(&self) -> Option<&'a str> {
        self.gopher_plus
    }

    pub(crate) fn lower<R: SpecRule>(text: &'a str, spec: Spec, pair: Pair<'a, R>) -> Self {
        let (mut hostport, mut path) = (None, None);
        let (mut gtype, mut selector, mut search, mut gopher_plus) = (None, None, None, None);
        for part in pair.into_inner() {
            match part.as_rule().node() {
                Some(Node::hostport) => {
                    // The hostport is followed by the end, or by "/" and the gopher path.
                    path = text.get(part.as_span().end() + 1..);
                    hostport = Some(HostPort::lower(part));
                }
                Some(Node::gtype) => gtype = Some(part.as_str()),
                Some(Node::selector | Node::selector_whole) => selector = Some(part.as_str()),
                Some(Node::gopher_search) => search = Some(part.as_str()),
                Some(Node::gopher_plus_string) => gopher_plus = Some(part.as_str()),
                _ => {}
            }
        }
        GopherUrl {
            text,
            spec,
            hostport: hostport.expect("the grammar's gopherurl has a hostport"),
            path,
            gtype,
            selector,
            search,
            gopher_plus,
        }
    }
}

crate::url::common_accessors!(GopherUrl, Gopher, "gopher://host.dom/1sel");
