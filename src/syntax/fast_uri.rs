//! The fast path of RFC 2396: a table-driven reader of the generic syntax
//! (`absoluteURI` with its fragment, and `URI-reference`) and of uri(7)'s
//! http, ftp, gopher, mailto, news, man, info, whatis and ghelp forms,
//! giving the spans of the components from which the typed layer makes the
//! very `UriRef` (or `ManUri`, ...) that pest and the lowering give, or
//! `None`, and then the generated reader (`tracking`) reads it.
//!
//! As in `src/syntax/fast.rs`, each function follows one rule of
//! `grammar/rfc2396/` with PEG's semantics (greedy repetitions that never
//! give back, ordered choices that never come back). It may leave any input
//! to pest (by giving `None`); what it takes, it takes as the grammar does.
//! The byte tables are checked against the pest rules for all 256 bytes
//! below, and `tests/error_path.rs` and the `error_path` fuzz target check
//! whole URIs against pest.

/// `unreserved = alphanum | mark`.
const UNRESERVED: u16 = 1 << 0;
/// `uric = reserved | unreserved | escaped`, without escapes.
const URIC: u16 = 1 << 1;
/// `uric_no_slash`, without escapes.
const URIC_NO_SLASH: u16 = 1 << 2;
/// The characters of an `abs_path` after its "/": `pchar`, ";" and "/".
const PATH: u16 = 1 << 3;
/// `userinfo`'s characters, without escapes.
const USERINFO: u16 = 1 << 4;
/// `reg_name`'s characters, without escapes.
const REG_NAME: u16 = 1 << 5;
/// `rel_segment`'s characters, without escapes.
const REL_SEGMENT: u16 = 1 << 6;
/// `scheme` after its first letter: `alpha | digit | "+" | "-" | "."`.
const SCHEME: u16 = 1 << 7;
/// `alpha`.
const ALPHA: u16 = 1 << 8;
/// `alphanum`.
const ALPHANUM: u16 = 1 << 9;
/// `digit`.
const DIGIT: u16 = 1 << 10;
/// `hex`.
const HEX: u16 = 1 << 11;

const TABLE: [u16; 256] = table();

const fn table() -> [u16; 256] {
    let mut table = [0; 256];
    let mut i = 0;
    while i < 256 {
        let b = i as u8;
        let alpha = b.is_ascii_alphabetic();
        let digit = b.is_ascii_digit();
        let alphanum = alpha || digit;
        let mark = matches!(
            b,
            b'-' | b'_' | b'.' | b'!' | b'~' | b'*' | b'\'' | b'(' | b')'
        );
        let unreserved = alphanum || mark;
        let reserved = matches!(
            b,
            b';' | b'/' | b'?' | b':' | b'@' | b'&' | b'=' | b'+' | b'$' | b','
        );
        let pchar = unreserved || matches!(b, b':' | b'@' | b'&' | b'=' | b'+' | b'$' | b',');
        let mut entry = 0;
        if unreserved {
            entry |= UNRESERVED;
        }
        if unreserved || reserved {
            entry |= URIC;
            if b != b'/' {
                entry |= URIC_NO_SLASH;
            }
        }
        if pchar || b == b';' || b == b'/' {
            entry |= PATH;
        }
        if unreserved || matches!(b, b';' | b':' | b'&' | b'=' | b'+' | b'$' | b',') {
            entry |= USERINFO;
        }
        if unreserved || matches!(b, b'$' | b',' | b';' | b':' | b'@' | b'&' | b'=' | b'+') {
            entry |= REG_NAME;
        }
        if unreserved || matches!(b, b';' | b'@' | b'&' | b'=' | b'+' | b'$' | b',') {
            entry |= REL_SEGMENT;
        }
        if alphanum || matches!(b, b'+' | b'-' | b'.') {
            entry |= SCHEME;
        }
        if alpha {
            entry |= ALPHA;
        }
        if alphanum {
            entry |= ALPHANUM;
        }
        if digit {
            entry |= DIGIT;
        }
        if b.is_ascii_hexdigit() {
            entry |= HEX;
        }
        table[i] = entry;
        i += 1;
    }
    table
}

/// A span of the input: `start..end`, with the invariants that
/// [`SpanText`](crate::syntax::fast::SpanText) states.
pub(crate) type Span = (usize, usize);

/// What the fast path read of a URI reference: the spans of its
/// components, as the lowering reads them from the grammar.
#[derive(Clone, Copy, Default)]
pub(crate) struct UriSpans {
    pub(crate) scheme: Option<Span>,
    /// The whole authority, and what it is.
    pub(crate) authority: Option<(Span, AuthoritySpan)>,
    pub(crate) path: Span,
    /// The path is an `opaque_part`.
    pub(crate) opaque: bool,
    pub(crate) query: Option<Span>,
    pub(crate) fragment: Option<Span>,
}

/// `authority = server | reg_name`.
#[derive(Clone, Copy)]
pub(crate) enum AuthoritySpan {
    /// `server = [ [ userinfo "@" ] hostport ]`, not empty.
    Server {
        userinfo: Option<Span>,
        hostport: HostPortSpan,
    },
    /// An empty `server`.
    Empty,
    /// `reg_name`.
    RegName(Span),
}

/// What the fast path read of one of uri(7)'s documentation URIs.
#[derive(Clone, Copy)]
pub(crate) enum DocSpans {
    /// `man_index` (no name) or `man_page`.
    Man {
        name: Option<Span>,
        section: Option<Span>,
    },
    /// `info_kde` (`kde`) or `info_gnome`.
    Info {
        kde: bool,
        file: Span,
        node: Option<Span>,
    },
    /// `whatis:string`.
    Whatis { string: Span },
    /// `ghelp:name-of-application`.
    Ghelp { application: Span },
}

/// `uri_absolute`: the whole input is an absolute URI with an optional
/// fragment, by the generic syntax; `None` leaves it to pest.
pub(crate) fn absolute(text: &str) -> Option<UriSpans> {
    let reader = UriReader { s: text.as_bytes() };
    let (mut uri, end) = reader.absolute_uri()?;
    reader.fragment_at(end, &mut uri).then_some(uri)
}

/// `uri_reference`: the whole input is a URI reference; `None` leaves it to
/// pest.
pub(crate) fn reference(text: &str) -> Option<UriSpans> {
    let reader = UriReader { s: text.as_bytes() };
    // PEG: `absoluteURI` is tried first, and once it matches, the reference
    // stands or falls with it.
    let (mut uri, end) = if reader.absolute_uri_matches() {
        reader.absolute_uri()?
    } else {
        reader.relative_uri()
    };
    reader.fragment_at(end, &mut uri).then_some(uri)
}

/// uri(7)'s http, ftp and gopher forms: `http://ip_server/path?query`,
/// `ftp://ip_server/path` and `gopher://ip_server/path`, with an optional
/// fragment, read into the
/// components of the generic syntax as `UriRef::lower_form` reads them;
/// `query` says whether the form has a query, which follows a path. `None`
/// leaves the input to pest.
pub(crate) fn server_form(text: &str, scheme_len: usize, query: bool) -> Option<UriSpans> {
    let reader = UriReader { s: text.as_bytes() };
    let s = reader.s;
    if s.get(scheme_len) != Some(&b':') || s.get(scheme_len + 1..scheme_len + 3) != Some(b"//") {
        return None;
    }
    let start = scheme_len + 3;
    // `ip_server`: userinfo "@" if any, then hostport, followed by "/", "#" or the end
    // (no form takes a "?" there).
    let user_end = reader.run(start, USERINFO);
    let (userinfo, hostport) = if reader.at(user_end, b'@') {
        (Some((start, user_end)), reader.hostport(user_end + 1)?)
    } else {
        (None, reader.hostport(start)?)
    };
    let server_end = hostport.end;
    if !matches!(s.get(server_end), None | Some(b'/' | b'#')) {
        return None;
    }
    let mut end = server_end;
    if reader.at(end, b'/') {
        end = reader.run(end + 1, PATH);
    }
    let path = (server_end, end);
    let mut query_span = None;
    if query && end > server_end && reader.at(end, b'?') {
        let query_end = reader.run(end + 1, URIC);
        query_span = Some((end + 1, query_end));
        end = query_end;
    }
    let mut uri = UriSpans {
        scheme: Some((0, scheme_len)),
        authority: Some((
            (start, server_end),
            AuthoritySpan::Server { userinfo, hostport },
        )),
        path,
        query: query_span,
        ..UriSpans::default()
    };
    // `lower_form` reads the path up to the first "?", and a form without a
    // query has none.
    if !reader.fragment_at(end, &mut uri) {
        return None;
    }
    Some(uri)
}

/// uri(7)'s mailto and news forms, `mailto:email-address` (an
/// `opaque_part`) and `news:newsgroup-name | news:message-id | news:*`, with
/// an optional fragment, read as `UriRef::lower_form` reads them: an opaque
/// URI whose path is all after the ":". `None` leaves the input to pest.
pub(crate) fn opaque_form(text: &str, scheme_len: usize, news: bool) -> Option<UriSpans> {
    let reader = UriReader { s: text.as_bytes() };
    if !reader.at(scheme_len, b':') {
        return None;
    }
    let body = scheme_len + 1;
    let end = if news {
        reader.news_body(body)?
    } else if reader.is(body, URIC_NO_SLASH) || reader.escaped(body) {
        let first = if reader.escaped(body) { 3 } else { 1 };
        reader.run(body + first, URIC)
    } else {
        return None;
    };
    let mut uri = UriSpans {
        scheme: Some((0, scheme_len)),
        path: (body, end),
        opaque: true,
        ..UriSpans::default()
    };
    reader.fragment_at(end, &mut uri).then_some(uri)
}

/// What the fast path read of an absolute URI under RFC 2396, from one of
/// the grammar's entry rules.
pub(crate) enum Read {
    /// A URI of the generic syntax, or of one of uri(7)'s server or opaque
    /// forms.
    Uri(UriSpans),
    /// One of uri(7)'s documentation URIs, and its fragment.
    Doc(DocSpans, Option<Span>),
}

/// The input read from the RFC 2396 entry rule `entry` (see
/// `rfc2396::Rule::entry_for`); `None` leaves it to the grammar, as do
/// the entry rules the fast path has no reading of (ldap, telnet, file and
/// wais).
pub(crate) fn read(text: &str, entry: crate::syntax::grammar::rfc2396::Rule) -> Option<Read> {
    use crate::syntax::grammar::rfc2396::Rule;
    let doc = |form| documentation(text, form).map(|(doc, fragment)| Read::Doc(doc, fragment));
    match entry {
        Rule::uri_absolute => absolute(text).map(Read::Uri),
        Rule::uri_http => server_form(text, 4, true).map(Read::Uri),
        Rule::uri_ftp => server_form(text, 3, false).map(Read::Uri),
        Rule::uri_gopher => server_form(text, 6, false).map(Read::Uri),
        Rule::uri_mailto => opaque_form(text, 6, false).map(Read::Uri),
        Rule::uri_news => opaque_form(text, 4, true).map(Read::Uri),
        Rule::uri_man => doc(Documentation::Man),
        Rule::uri_info => doc(Documentation::Info),
        Rule::uri_whatis => doc(Documentation::Whatis),
        Rule::uri_ghelp => doc(Documentation::Ghelp),
        _ => None,
    }
}

/// One of uri(7)'s documentation schemes.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Documentation {
    Man,
    Info,
    Whatis,
    Ghelp,
}

/// uri(7)'s documentation schemes: `man:`, `info:`, `whatis:` and `ghelp:`,
/// with an optional fragment, as their lowerings read them: the form and the
/// fragment's span. `None` leaves the input to pest.
pub(crate) fn documentation(text: &str, scheme: Documentation) -> Option<(DocSpans, Option<Span>)> {
    let reader = UriReader { s: text.as_bytes() };
    let scheme_len = match scheme {
        Documentation::Man => 3,
        Documentation::Info => 4,
        Documentation::Whatis => 6,
        Documentation::Ghelp => 5,
    };
    if !reader.at(scheme_len, b':') {
        return None;
    }
    let body = scheme_len + 1;
    let (doc, end) = match scheme {
        Documentation::Man => {
            // man_index = "(index)"; man_page = command-name [ "(" section ")" ]
            if reader.s.get(body..body + 7) == Some(b"(index)".as_slice()) {
                let doc = DocSpans::Man {
                    name: None,
                    section: None,
                };
                (doc, body + 7)
            } else {
                let name_end = reader.doc_name(body)?;
                let mut end = name_end;
                let mut section = None;
                if reader.at(end, b'(') {
                    let section_end = reader.plain(end + 1, ALPHANUM);
                    if section_end > end + 1 && reader.at(section_end, b')') {
                        section = Some((end + 1, section_end));
                        end = section_end + 1;
                    }
                }
                let doc = DocSpans::Man {
                    name: Some((body, name_end)),
                    section,
                };
                (doc, end)
            }
        }
        Documentation::Info => {
            // info_kde = "(" virtual-filename ")" nodename; info_gnome = virtual-filename
            let kde = reader.at(body, b'(').then(|| {
                let file_end = reader.doc_name(body + 1)?;
                reader
                    .at(file_end, b')')
                    .then(|| (file_end, reader.run(file_end + 1, URIC)))
            });
            match kde.flatten() {
                Some((file_end, node_end)) => {
                    let doc = DocSpans::Info {
                        kde: true,
                        file: (body + 1, file_end),
                        node: (node_end > file_end + 1).then_some((file_end + 1, node_end)),
                    };
                    (doc, node_end)
                }
                None => {
                    let file_end = reader.doc_name(body)?;
                    let doc = DocSpans::Info {
                        kde: false,
                        file: (body, file_end),
                        node: None,
                    };
                    (doc, file_end)
                }
            }
        }
        Documentation::Whatis | Documentation::Ghelp => {
            // string, name-of-application = uric_no_slash *uric
            let first = if reader.escaped(body) {
                3
            } else if reader.is(body, URIC_NO_SLASH) {
                1
            } else {
                return None;
            };
            let end = reader.run(body + first, URIC);
            let part = (body, end);
            let doc = if scheme == Documentation::Whatis {
                DocSpans::Whatis { string: part }
            } else {
                DocSpans::Ghelp { application: part }
            };
            (doc, end)
        }
    };
    // [ "#" fragment ] up to the end.
    let fragment = if end == reader.s.len() {
        None
    } else if reader.at(end, b'#') {
        let fragment_end = reader.run(end + 1, URIC);
        if fragment_end != reader.s.len() {
            return None;
        }
        Some((end + 1, fragment_end))
    } else {
        return None;
    };
    Some((doc, fragment))
}

/// `hostport`, as spans.
#[derive(Clone, Copy)]
pub(crate) struct HostPortSpan {
    pub(crate) host: Span,
    /// The host is an `IPv4address`.
    pub(crate) number: bool,
    pub(crate) port: Option<Span>,
    end: usize,
}

/// The reader of an RFC 2396 URI reference and of uri(7)'s forms.
struct UriReader<'a> {
    s: &'a [u8],
}

impl UriReader<'_> {
    #[inline(always)]
    fn is(&self, i: usize, class: u16) -> bool {
        self.s
            .get(i)
            .is_some_and(|&b| TABLE[usize::from(b)] & class != 0)
    }

    #[inline(always)]
    fn at(&self, i: usize, byte: u8) -> bool {
        self.s.get(i) == Some(&byte)
    }

    /// `escaped = "%" hex hex` at `i`.
    #[inline(always)]
    fn escaped(&self, i: usize) -> bool {
        self.at(i, b'%') && self.is(i + 1, HEX) && self.is(i + 2, HEX)
    }

    #[inline(always)]
    fn plain(&self, mut i: usize, class: u16) -> usize {
        // Eight bytes at a time while all eight are in the class.
        while let Some(chunk) = self.s.get(i..i + 8) {
            let all = chunk
                .iter()
                .fold(class, |all, &byte| all & TABLE[usize::from(byte)]);
            if all == 0 {
                break;
            }
            i += 8;
        }
        while self.is(i, class) {
            i += 1;
        }
        i
    }

    /// `*( class | escaped )` from `i`: where it ends.
    #[inline(always)]
    fn run(&self, mut i: usize, class: u16) -> usize {
        loop {
            i = self.plain(i, class);
            if !self.escaped(i) {
                return i;
            }
            i += 3;
        }
    }

    /// Whether a component ends at `i`: "/", "?", "#" or the end follows
    /// (the look-ahead of `authority`).
    #[inline(always)]
    fn ends_component(&self, i: usize) -> bool {
        matches!(self.s.get(i), None | Some(b'/' | b'?' | b'#'))
    }

    /// `scheme ":"` from the start: where the ":" is.
    fn scheme_colon(&self) -> Option<usize> {
        if !self.is(0, ALPHA) {
            return None;
        }
        let end = self.plain(1, SCHEME);
        self.at(end, b':').then_some(end)
    }

    /// Whether `absoluteURI` matches at the start, whatever follows it: a
    /// scheme, ":", and then a "/" (`hier_part`, which then always matches)
    /// or the first character of an `opaque_part`.
    fn absolute_uri_matches(&self) -> bool {
        self.scheme_colon().is_some_and(|colon| {
            let body = colon + 1;
            self.at(body, b'/') || self.is(body, URIC_NO_SLASH) || self.escaped(body)
        })
    }

    /// `absoluteURI = scheme ":" ( hier_part | opaque_part )`, read, and
    /// where it ends.
    fn absolute_uri(&self) -> Option<(UriSpans, usize)> {
        let colon = self.scheme_colon()?;
        let body = colon + 1;
        let mut uri = UriSpans {
            scheme: Some((0, colon)),
            ..UriSpans::default()
        };
        let end = if self.at(body, b'/') {
            // hier_part = ( net_path | abs_path ) [ "?" query ]
            let end = self.net_or_abs_path(body, &mut uri);
            self.query(end, &mut uri)
        } else if self.is(body, URIC_NO_SLASH) || self.escaped(body) {
            // opaque_part = uric_no_slash *uric
            let first = if self.escaped(body) { 3 } else { 1 };
            let end = self.run(body + first, URIC);
            uri.path = (body, end);
            uri.opaque = true;
            end
        } else {
            return None;
        };
        Some((uri, end))
    }

    /// `relativeURI = ( net_path | abs_path | rel_path ) [ "?" query ]`, or
    /// nothing when none of them matches (the reference is then empty or a
    /// fragment alone), and where it ends.
    fn relative_uri(&self) -> (UriSpans, usize) {
        let mut uri = UriSpans::default();
        let end = if self.at(0, b'/') {
            self.net_or_abs_path(0, &mut uri)
        } else {
            // rel_path = rel_segment [ abs_path ]
            let segment_end = self.run(0, REL_SEGMENT);
            if segment_end == 0 {
                return (uri, 0);
            }
            let end = if self.at(segment_end, b'/') {
                self.run(segment_end + 1, PATH)
            } else {
                segment_end
            };
            uri.path = (0, end);
            end
        };
        let end = self.query(end, &mut uri);
        (uri, end)
    }

    /// `net_path | abs_path` at `i`, which holds "/": the path and the
    /// authority into `uri`; where they end.
    fn net_or_abs_path(&self, i: usize, uri: &mut UriSpans) -> usize {
        if self.at(i + 1, b'/')
            && let Some((authority_end, authority)) = self.authority(i + 2)
        {
            // net_path = "//" authority [ abs_path ]
            uri.authority = Some(((i + 2, authority_end), authority));
            if self.at(authority_end, b'/') {
                let end = self.run(authority_end + 1, PATH);
                uri.path = (authority_end, end);
                return end;
            }
            return authority_end;
        }
        // abs_path = "/" path_segments
        let end = self.run(i + 1, PATH);
        uri.path = (i, end);
        end
    }

    /// `[ "?" query ]` at `i`: where it ends.
    fn query(&self, i: usize, uri: &mut UriSpans) -> usize {
        if self.at(i, b'?') {
            let end = self.run(i + 1, URIC);
            uri.query = Some((i + 1, end));
            end
        } else {
            i
        }
    }

    /// `[ "#" fragment ]` at `end`, up to the end of the input.
    fn fragment_at(&self, end: usize, uri: &mut UriSpans) -> bool {
        if end == self.s.len() {
            return true;
        }
        if !self.at(end, b'#') {
            return false;
        }
        let fragment_end = self.run(end + 1, URIC);
        uri.fragment = Some((end + 1, fragment_end));
        fragment_end == self.s.len()
    }

    /// `authority = server | reg_name` at `i`, with `server` followed by
    /// "/", "?", "#" or the end.
    fn authority(&self, i: usize) -> Option<(usize, AuthoritySpan)> {
        // server = [ [ userinfo "@" ] hostport ]: when a userinfo and "@"
        // are there, the hostport must follow them, or the server is empty.
        let user_end = self.run(i, USERINFO);
        let server = if self.at(user_end, b'@') {
            self.hostport(user_end + 1)
                .map(|hostport| (Some((i, user_end)), hostport))
        } else {
            self.hostport(i).map(|hostport| (None, hostport))
        };
        let server_end = server.map_or(i, |(_, hostport)| hostport.end);
        if self.ends_component(server_end) {
            return Some(match server {
                Some((userinfo, hostport)) => {
                    (server_end, AuthoritySpan::Server { userinfo, hostport })
                }
                None => (i, AuthoritySpan::Empty),
            });
        }
        // reg_name = 1*( unreserved | escaped | "$" | "," | ";" | ":" | "@" | "&" | "=" | "+" )
        let end = self.run(i, REG_NAME);
        (end > i).then_some((end, AuthoritySpan::RegName((i, end))))
    }

    /// `hostport = host [ ":" port ]`, `port = *digit`.
    fn hostport(&self, i: usize) -> Option<HostPortSpan> {
        let (host_end, number) = match self.hostname(i) {
            Some(end) => (end, false),
            None => (self.ipv4address(i)?, true),
        };
        let (port, end) = if self.at(host_end, b':') {
            let end = self.plain(host_end + 1, DIGIT);
            (Some((host_end + 1, end)), end)
        } else {
            (None, host_end)
        };
        Some(HostPortSpan {
            host: (i, host_end),
            number,
            port,
            end,
        })
    }

    /// `alphanum *( *"-" alphanum )` after its first character at `i`:
    /// `domainlabel` and `toplabel` as the grammar reads them.
    fn label_end(&self, i: usize) -> usize {
        let mut end = i + 1;
        loop {
            end = self.plain(end, ALPHANUM);
            let mut dashes = end;
            while self.at(dashes, b'-') {
                dashes += 1;
            }
            if dashes > end && self.is(dashes, ALPHANUM) {
                end = dashes + 1;
            } else {
                return end;
            }
        }
    }

    /// `hostname = *( domainlabel "." ) toplabel [ "." ]`, a label taken as a
    /// `domainlabel` only where an `alphanum` follows its ".", as the
    /// grammar's PEG reads it.
    fn hostname(&self, i: usize) -> Option<usize> {
        let mut label = i;
        while self.is(label, ALPHANUM) {
            let end = self.label_end(label);
            if self.at(end, b'.') && self.is(end + 1, ALPHANUM) {
                label = end + 1;
            } else {
                break;
            }
        }
        // The repetition stopped at `label`, where the top label must start
        // with a letter.
        if !self.is(label, ALPHA) {
            return None;
        }
        let end = self.label_end(label);
        Some(end + usize::from(self.at(end, b'.')))
    }

    /// `message_id | newsgroup_name | "*"` at `i`: where it ends.
    fn news_body(&self, i: usize) -> Option<usize> {
        // message_id = ( !"@" uric_no_slash ) *( !"@" uric ) "@" hostname
        // ("@" is no `uric_no_slash`, and the `uric` run stops at it.)
        let first = if self.escaped(i) {
            3
        } else if self.is(i, URIC_NO_SLASH) && !self.at(i, b'@') {
            1
        } else {
            0
        };
        if first > 0 {
            let mut end = i + first;
            loop {
                end = self.plain_but_at(end);
                if !self.escaped(end) {
                    break;
                }
                end += 3;
            }
            if self.at(end, b'@')
                && let Some(host_end) = self.hostname(end + 1)
            {
                return Some(host_end);
            }
        }
        // newsgroup_name = alpha *( alphanum | "-" | "." | "+" | "_" )
        if self.is(i, ALPHA) {
            let mut end = i + 1;
            while self.is(end, ALPHANUM)
                || matches!(self.s.get(end), Some(b'-' | b'.' | b'+' | b'_'))
            {
                end += 1;
            }
            return Some(end);
        }
        self.at(i, b'*').then_some(i + 1)
    }

    /// A command name or a virtual file name at `i`: a character of
    /// `uric_no_slash` but "(" and ")", then any of those and "/"; where it
    /// ends.
    fn doc_name(&self, i: usize) -> Option<usize> {
        let name_char = |at: usize| {
            if self.escaped(at) {
                Some(3)
            } else if self.is(at, URIC_NO_SLASH) && !matches!(self.s[at], b'(' | b')') {
                Some(1)
            } else {
                None
            }
        };
        let mut end = i + name_char(i)?;
        loop {
            if self.at(end, b'/') {
                end += 1;
            } else if let Some(width) = name_char(end) {
                end += width;
            } else {
                return Some(end);
            }
        }
    }

    /// A run of `uric` characters but "@" from `i`.
    fn plain_but_at(&self, mut i: usize) -> usize {
        while self.is(i, URIC) && !self.at(i, b'@') {
            i += 1;
        }
        i
    }

    /// `IPv4address = 1*digit "." 1*digit "." 1*digit "." 1*digit`.
    fn ipv4address(&self, i: usize) -> Option<usize> {
        let mut end = i;
        for part in 0..4 {
            if part > 0 {
                if !self.at(end, b'.') {
                    return None;
                }
                end += 1;
            }
            let digits_end = self.plain(end, DIGIT);
            if digits_end == end {
                return None;
            }
            end = digits_end;
        }
        Some(end)
    }
}

#[cfg(all(test, feature = "pest-reference"))]
mod tests {
    use super::*;
    use crate::syntax::grammar::SpecRule;
    use crate::syntax::grammar::rfc2396::Rule;

    /// Whether `text` is a whole match of `rule`.
    fn whole(rule: Rule, text: &[u8]) -> bool {
        let Ok(text) = std::str::from_utf8(text) else {
            return false;
        };
        matches!(Rule::parse(rule, text), Ok(pairs) if pairs.as_str() == text)
    }

    #[test]
    fn every_table_is_the_grammar_s() {
        // (class, a rule whose text is a run of the class, what goes before
        // and after the byte)
        let cases: [(u16, Rule, &[u8], &[u8]); 11] = [
            (URIC, Rule::query, b"", b""),
            (URIC, Rule::fragment, b"", b""),
            (URIC_NO_SLASH, Rule::opaque_part, b"", b""),
            (PATH, Rule::abs_path, b"/", b""),
            (USERINFO, Rule::userinfo, b"", b""),
            (REG_NAME, Rule::reg_name, b"", b""),
            (REL_SEGMENT, Rule::rel_segment, b"", b""),
            (SCHEME, Rule::scheme, b"a", b""),
            (ALPHA, Rule::scheme, b"", b""),
            (DIGIT, Rule::port, b"", b""),
            (HEX, Rule::query, b"%0", b""),
        ];
        for (class, rule, before, after) in cases {
            for byte in 0..=255u8 {
                let text = [before, &[byte], after].concat();
                assert_eq!(
                    TABLE[usize::from(byte)] & class != 0,
                    whole(rule, &text),
                    "{rule:?} on {byte:#04x}"
                );
            }
        }
        // `alphanum`: inside a host name, with "-" and "." between labels.
        for byte in 0..=255u8 {
            let expected = TABLE[usize::from(byte)] & ALPHANUM != 0 || matches!(byte, b'-' | b'.');
            assert_eq!(
                expected,
                whole(Rule::hostname, &[b'a', byte, b'b']),
                "hostname a?b on {byte:#04x}"
            );
        }
        // `unreserved`: what a `segment` takes that a `reg_name` takes too,
        // less the reserved characters of both.
        for byte in 0..=255u8 {
            let unreserved = TABLE[usize::from(byte)] & UNRESERVED != 0;
            let by_grammar = whole(Rule::rel_segment, &[byte])
                && !matches!(byte, b';' | b'@' | b'&' | b'=' | b'+' | b'$' | b',');
            assert_eq!(unreserved, by_grammar, "unreserved on {byte:#04x}");
        }
    }
}
