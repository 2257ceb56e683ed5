//! `gopher` URLs (RFC 1738 §3.4, RFC 4266): item type, selector, search and
//! gopher+ string, split at `%09` as the prose says.

use crate::syntax::pairs::Pair;

use crate::syntax::decode::percent_decode;
use crate::syntax::fast::{GopherSpans, SpanText};
use crate::syntax::grammar::{Node, SpecRule};
use crate::syntax::spec::Spec;
use crate::url::schemes::login::HostPort;

/// `gopherurl = "gopher://" hostport [ / [ gtype [ selector [ "%09" search [ "%09" gopher+_string ] ] ] ] ]`
/// (the BNF leaves the `/` unquoted; it is the literal "/").
///
/// The first `%09` ends the selector and the second the search. When the text
/// after the first `%09` cannot be a `search` (it holds `/` or `?`), the BNF
/// still accepts the URL, reading all of it as the selector.
///
/// ```
/// use rfc1738::Url;
///
/// let parsed = Url::parse("gopher://host/7find%09gopher%09+").unwrap();
/// let g = parsed.as_gopher().unwrap();
/// assert_eq!(g.gtype(), Some("7"));
/// assert_eq!(g.selector(), Some("find"));
/// assert_eq!(g.search(), Some("gopher"));
/// assert_eq!(g.gopher_plus(), Some("+"));
///
/// let parsed = Url::parse("gopher://host/").unwrap();
/// let g = parsed.as_gopher().unwrap();
/// assert_eq!(g.gtype(), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GopherUrl<'a> {
    pub(crate) text: &'a str,
    pub(crate) spec: Spec,
    pub(crate) hostport: HostPort<'a>,
    pub(crate) path: Option<&'a str>,
    pub(crate) gtype: Option<&'a str>,
    pub(crate) selector: Option<&'a str>,
    pub(crate) search: Option<&'a str>,
    pub(crate) gopher_plus: Option<&'a str>,
}

impl<'a> GopherUrl<'a> {
    /// The host and port.
    ///
    /// ```
    /// let parsed = rfc1738::Url::parse("gopher://gopher.example:7070/").unwrap();
    /// let g = parsed.as_gopher().unwrap();
    /// assert_eq!(g.hostport().port(), Some("7070"));
    /// ```
    #[must_use]
    pub fn hostport(&self) -> HostPort<'a> {
        self.hostport
    }

    /// The gopher path as written: everything after the `/` that follows the
    /// host; `None` when there is no such `/`.
    ///
    /// ```
    /// let parsed = rfc1738::Url::parse("gopher://h/0about.txt").unwrap();
    /// let g = parsed.as_gopher().unwrap();
    /// assert_eq!(g.path(), Some("0about.txt"));
    /// ```
    #[must_use]
    pub fn path(&self) -> Option<&'a str> {
        self.path
    }

    /// `gtype = xchar`, as written: one character, or one escape such as `%31`.
    /// `None` when the path is empty.
    ///
    /// ```
    /// let parsed = rfc1738::Url::parse("gopher://h/%31menu").unwrap();
    /// let g = parsed.as_gopher().unwrap();
    /// assert_eq!(g.gtype(), Some("%31"));
    /// ```
    #[must_use]
    pub fn gtype(&self) -> Option<&'a str> {
        self.gtype
    }

    /// The selector as written (possibly empty); `None` when there is no `gtype`.
    ///
    /// ```
    /// use rfc1738::Url;
    ///
    /// let parsed = Url::parse("gopher://h/1").unwrap();
    /// let g = parsed.as_gopher().unwrap();
    /// assert_eq!(g.selector(), Some(""));
    /// // A "/" after the first %09 cannot be in a search: all of it is the selector.
    /// let parsed = Url::parse("gopher://h/1a%09b/c").unwrap();
    /// let g = parsed.as_gopher().unwrap();
    /// assert_eq!((g.selector(), g.search()), (Some("a%09b/c"), None));
    /// ```
    #[must_use]
    pub fn selector(&self) -> Option<&'a str> {
        self.selector
    }

    /// The search after the first `%09`, as written.
    ///
    /// ```
    /// let parsed = rfc1738::Url::parse("gopher://h/7index%09rfc%201738").unwrap();
    /// let g = parsed.as_gopher().unwrap();
    /// assert_eq!(g.search(), Some("rfc%201738"));
    /// ```
    #[must_use]
    pub fn search(&self) -> Option<&'a str> {
        self.search
    }

    /// The `gopher+_string` after the second `%09`, as written.
    ///
    /// ```
    /// let parsed = rfc1738::Url::parse("gopher://h/1sel%09%09!+ABSTRACT").unwrap();
    /// let g = parsed.as_gopher().unwrap();
    /// assert_eq!((g.search(), g.gopher_plus()), (Some(""), Some("!+ABSTRACT")));
    /// ```
    #[must_use]
    pub fn gopher_plus(&self) -> Option<&'a str> {
        self.gopher_plus
    }

    /// The item type, decoded: `gtype`, or `1` (a directory) when the path is
    /// empty (RFC 1738 §3.4).
    ///
    /// ```
    /// use rfc1738::Url;
    ///
    /// let item = |s| match Url::parse(s).unwrap() { Url::Gopher(g) => g.item_type(), _ => unreachable!() };
    /// assert_eq!(item("gopher://h"), b'1');
    /// assert_eq!(item("gopher://h/0about"), b'0');
    /// assert_eq!(item("gopher://h/%37find"), b'7');
    /// ```
    #[must_use]
    pub fn item_type(&self) -> u8 {
        self.gtype.map_or(b'1', |gtype| {
            percent_decode(gtype).first().copied().unwrap_or(b'1')
        })
    }

    /// What the gopher+ string asks for, decoded and understood as RFC 1738
    /// §3.4 (and RFC 4266 §2.4 to §2.9) describe it.
    ///
    /// ```
    /// use rfc1738::{GopherPlus, Url};
    ///
    /// let parsed = Url::parse("gopher://h/1sel%09%09!+ABSTRACT%20+SMELL").unwrap();
    /// let g = parsed.as_gopher().unwrap();
    /// assert_eq!(
    ///     g.gopher_plus_request(),
    ///     Some(GopherPlus::Attributes { all_items: false, names: vec![b"+ABSTRACT".to_vec(), b"+SMELL".to_vec()] }),
    /// );
    /// ```
    #[must_use]
    pub fn gopher_plus_request(&self) -> Option<GopherPlus> {
        self.gopher_plus
            .map(|text| GopherPlus::understand(&percent_decode(text)))
    }

    /// The bytes a client sends to the server: the selector, decoded; then a
    /// tab and the search, decoded; then a tab and the gopher+ string,
    /// decoded; then CR LF, unless the gopher+ string (a filled-in form) ends
    /// with it already.
    ///
    /// RFC 1738 (like RFC 4266) always sends the tab and the search, even when
    /// the search is empty; before a gopher+ string, draft-07 sends them "if
    /// the element is not empty". A selector or search that decodes to TAB, CR or LF cannot be
    /// sent: "selector strings are a sequence of octets which may contain any
    /// octets except" those.
    ///
    /// # Errors
    ///
    /// [`GopherRequestError`] when the decoded selector or search holds a byte
    /// that a gopher request cannot carry (TAB, CR or LF).
    ///
    /// ```
    /// use rfc1738::{Spec, Url};
    ///
    /// let request = |s, spec| match Url::parse_with(s, spec).unwrap() {
    ///     Url::Gopher(g) => g.request(),
    ///     _ => unreachable!(),
    /// };
    /// assert_eq!(request("gopher://h/1sel%09%09+", Spec::Rfc1738).unwrap(), b"sel\t\t+\r\n");
    /// assert_eq!(request("gopher://h/1sel%09%09+", Spec::Draft07).unwrap(), b"sel\t+\r\n");
    /// assert_eq!(request("gopher://h/7find%09rfc%201738", Spec::Rfc1738).unwrap(), b"find\trfc 1738\r\n");
    /// assert_eq!(request("gopher://h/7find%09", Spec::Draft07).unwrap(), b"find\t\r\n");
    /// assert!(request("gopher://h/1a%0Db", Spec::Rfc1738).is_err());
    /// ```
    pub fn request(&self) -> Result<Vec<u8>, GopherRequestError> {
        let selector = percent_decode(self.selector.unwrap_or(""));
        if let Some(&byte) = selector
            .iter()
            .find(|byte| matches!(byte, b'\t' | b'\r' | b'\n'))
        {
            return Err(GopherRequestError {
                part: "selector",
                byte,
            });
        }
        let mut request = selector.into_owned();
        let search = self.search.map(percent_decode);
        if let Some(&byte) = search
            .iter()
            .flat_map(|s| s.iter())
            .find(|byte| matches!(byte, b'\t' | b'\r' | b'\n'))
        {
            return Err(GopherRequestError {
                part: "search",
                byte,
            });
        }
        // Draft-07 sends the tab and search before a gopher+ string "if the
        // element is not empty" (§3.4.3); a search on its own it always sends
        // (§3.4.2). RFC 4266 §2.9's form example shows a single tab before the
        // "+", but its §2.3 says the search is always sent; that rule is kept.
        let omitted = self.spec == Spec::Draft07 && self.gopher_plus.is_some();
        if let Some(search) = search.filter(|search| !search.is_empty() || !omitted) {
            request.push(b'\t');
            request.extend_from_slice(&search);
        }
        if let Some(plus) = self.gopher_plus {
            request.push(b'\t');
            request.extend_from_slice(&percent_decode(plus));
        }
        if !request.ends_with(b"\r\n") {
            request.extend_from_slice(b"\r\n");
        }
        Ok(request)
    }

    pub(crate) fn lower<R: SpecRule>(text: &'a str, spec: Spec, pair: Pair<'a, R>) -> Self {
        let (mut hostport, mut path) = (None, None);
        let (mut gtype, mut selector, mut search, mut gopher_plus) = (None, None, None, None);
        // Where the URL ends: before RFC 3986's fragment, if any.
        let end = pair.as_span().end();
        for part in pair.into_inner() {
            match part.as_rule().node() {
                Some(Node::hostport) => {
                    // The hostport is followed by the end, or by "/" and the gopher path.
                    path = text.get(part.as_span().end() + 1..end);
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

    /// The view of `text`, which the fast path read under `spec` into these
    /// spans: the same view as [`lower`](Self::lower) gives.
    #[inline(always)]
    pub(crate) fn from_spans(
        text: &'a str,
        spec: Spec,
        GopherSpans {
            hostport,
            path,
            gtype,
            selector,
            search,
            gopher_plus,
        }: GopherSpans,
    ) -> Self {
        let spans = SpanText(text);
        GopherUrl {
            text,
            spec,
            hostport: HostPort::from_spans(spans, hostport),
            path: text.get(path..),
            gtype: spans.opt(gtype),
            selector: spans.opt(selector),
            search: spans.opt(search),
            gopher_plus: spans.opt(gopher_plus),
        }
    }
}

/// A gopher URL whose selector or search decodes to a byte that a gopher
/// request cannot carry (TAB, CR or LF).
///
/// ```
/// let parsed = rfc1738::Url::parse("gopher://h/1a%09b/c").unwrap();
/// let g = parsed.as_gopher().unwrap();
/// let error = g.request().unwrap_err();
/// assert_eq!(error.to_string(), "the selector decodes to byte 0x09, which a gopher selector cannot hold (RFC 4266 §2.1)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "the {part} decodes to byte 0x{byte:02X}, which a gopher {part} cannot hold (RFC 4266 §2.1)"
)]
pub struct GopherRequestError {
    part: &'static str,
    byte: u8,
}

/// What a gopher+ string asks for (RFC 1738 §3.4, RFC 4266 §2.4 to §2.9).
///
/// ```
/// use rfc1738::GopherPlus;
///
/// let Some(rfc1738::Url::Gopher(g)) = rfc1738::Url::parse("gopher://h/1s%09%09+").ok() else { unreachable!() };
/// assert_eq!(g.gopher_plus_request(), Some(GopherPlus::DefaultView));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GopherPlus {
    /// `+`: the item's default view.
    DefaultView,
    /// `?`: an item with a +ASK form, which the client fetches and has filled in.
    Ask,
    /// `!` or `$` with attribute names (none: all of them), separated by
    /// spaces; `$` asks for the attributes of every item in the directory.
    Attributes {
        /// `$` rather than `!`.
        all_items: bool,
        /// The attribute names, such as `+ABSTRACT`; empty for all attributes.
        names: Vec<Vec<u8>>,
    },
    /// `+view language`: an alternate view, such as `+application/postscript Es_ES`.
    AlternateView {
        /// The view, such as `application/postscript`.
        view: Vec<u8>,
        /// The language, such as `Es_ES`, if given.
        language: Option<Vec<u8>>,
    },
    /// `+` TAB `1` CR LF and a data block: a filled-in +ASK form, with the
    /// values, one per line, before the closing `.`.
    Form {
        /// The form's values.
        values: Vec<Vec<u8>>,
    },
    /// Any other gopher+ string, decoded.
    Other(Vec<u8>),
}

impl GopherPlus {
    fn understand(decoded: &[u8]) -> GopherPlus {
        let words = |rest: &[u8]| -> Vec<Vec<u8>> {
            rest.split(|&b| b == b' ')
                .filter(|w| !w.is_empty())
                .map(<[u8]>::to_vec)
                .collect()
        };
        match decoded {
            b"+" => GopherPlus::DefaultView,
            b"?" => GopherPlus::Ask,
            [marker @ (b'!' | b'$'), rest @ ..] => GopherPlus::Attributes {
                all_items: *marker == b'$',
                names: words(rest),
            },
            [b'+', b'\t', rest @ ..] => {
                // "1" CR LF, then the data block: "+-1" CR LF, the values, "." CR LF.
                let mut lines = rest
                    .split(|&b| b == b'\n')
                    .map(|line| line.strip_suffix(b"\r").unwrap_or(line));
                let _ = lines.next();
                // The data block's one header line ("+-1"); a value may start with "+" too.
                let mut lines = lines.peekable();
                if lines.peek().is_some_and(|line| line.starts_with(b"+")) {
                    lines.next();
                }
                let values = lines
                    .take_while(|line| *line != b".")
                    .map(<[u8]>::to_vec)
                    .collect();
                GopherPlus::Form { values }
            }
            [b'+', view @ ..] => match view.iter().position(|&b| b == b' ') {
                Some(space) => GopherPlus::AlternateView {
                    view: view[..space].to_vec(),
                    language: Some(view[space + 1..].to_vec()),
                },
                None => GopherPlus::AlternateView {
                    view: view.to_vec(),
                    language: None,
                },
            },
            other => GopherPlus::Other(other.to_vec()),
        }
    }
}

crate::url::schemes::common_accessors!(GopherUrl, Gopher, "gopher://host.dom/1sel");
