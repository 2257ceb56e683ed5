//! The fast path: a table-driven recognizer and splitter for every scheme rule
//! of both specifications, giving the very `Url` that the pest grammar and the
//! lowering give, or `None`: the input is then invalid, and the generated
//! reader (`tracking`) works out the error when it is asked for.
//!
//! The grammar stays the definition. Each function below follows one rule of
//! `grammar/` with PEG's semantics (greedy repetitions that never give back,
//! ordered choices that never come back), so that a rule is a function of the
//! position it starts at, as it is in pest. The byte tables are checked against
//! the pest rules for all 256 bytes, and `tests/fast_path.rs` and the
//! `fast_path` fuzz target check whole URLs against pest.

use std::cell::Cell;
use std::sync::LazyLock;

use crate::syntax::charclass;
use crate::syntax::scheme::{NameWord, Scheme};
use crate::syntax::spec::Spec;

// One bit per character class; an entry of a table says which classes hold
// the byte as it is. Escapes ("%" hex hex) are read apart, by `SchemeReader::run`.

/// `uchar` without escapes: `unreserved`.
const UCHAR: u16 = 1 << 0;
/// `xchar` without escapes: `unreserved | reserved`.
const XCHAR: u16 = 1 << 1;
/// `user` and `password`: `uchar | ";" | "?" | "&" | "="`.
const USER: u16 = 1 << 2;
/// `fsegment` and `psegment`: `uchar | "?" | ":" | "@" | "&" | "="`.
const FSEGMENT: u16 = 1 << 3;
/// `fpath` and `ppath`: `fsegment` characters and `"/"`.
const FPATH: u16 = 1 << 4;
/// `hsegment` and `search`: `uchar | ";" | ":" | "@" | "&" | "="`.
const HSEGMENT: u16 = 1 << 5;
/// `hpath`: `hsegment` characters and `"/"`.
const HPATH: u16 = 1 << 6;
/// `article`, before the "@": `uchar | ";" | "/" | "?" | ":" | "&" | "="`.
const ARTICLE: u16 = 1 << 7;
/// `fieldvalue`: `uchar | "?" | ":" | "@" | "&"`.
const FIELDVALUE: u16 = 1 << 8;
/// `fieldname`: `fieldvalue` without "=".
const FIELDNAME: u16 = 1 << 9;
/// `scheme`: `alpha | digit | "+" | "-" | "."` (upper case included).
const SCHEME: u16 = 1 << 10;
/// `group` after its first letter: `alpha | digit | "-" | "."`, and in RFC
/// 1738 `"+" | "_"`.
const GROUP: u16 = 1 << 11;
/// `alpha`.
const ALPHA: u16 = 1 << 12;
/// `alpha | digit`.
const ALPHADIGIT: u16 = 1 << 13;
/// `digit`.
const DIGIT: u16 = 1 << 14;
/// `hex`.
const HEX: u16 = 1 << 15;

type Table = [u16; 256];

fn table(spec: Spec) -> Table {
    let mut table = [0; 256];
    for (byte, entry) in (0..=255u8).zip(table.iter_mut()) {
        let classes: [(u16, bool); 16] = [
            (UCHAR, charclass::uchar(byte, spec)),
            (XCHAR, charclass::xchar(byte, spec)),
            (USER, charclass::user_char(byte, spec)),
            (FSEGMENT, charclass::fsegment_char(byte, spec)),
            (FPATH, charclass::fsegment_char(byte, spec) || byte == b'/'),
            (HSEGMENT, charclass::hsegment_char(byte, spec)),
            (HPATH, charclass::hsegment_char(byte, spec) || byte == b'/'),
            (ARTICLE, charclass::article_char(byte, spec)),
            (FIELDVALUE, charclass::fieldvalue_char(byte, spec)),
            (FIELDNAME, charclass::fieldname_char(byte, spec)),
            (
                SCHEME,
                byte.is_ascii_alphanumeric() || matches!(byte, b'+' | b'-' | b'.'),
            ),
            (
                GROUP,
                byte.is_ascii_alphanumeric()
                    || matches!(byte, b'-' | b'.')
                    || (spec == Spec::Rfc1738 && matches!(byte, b'+' | b'_')),
            ),
            (ALPHA, byte.is_ascii_alphabetic()),
            (ALPHADIGIT, charclass::alphadigit(byte)),
            (DIGIT, byte.is_ascii_digit()),
            (HEX, byte.is_ascii_hexdigit()),
        ];
        *entry = classes
            .iter()
            .filter(|(_, holds)| *holds)
            .fold(0, |bits, (bit, _)| bits | bit);
    }
    table
}

static TABLES: LazyLock<[Table; 2]> =
    LazyLock::new(|| [table(Spec::Rfc1738), table(Spec::Draft07)]);

/// What a reading ends in, made where it ends, so that the optimizer can
/// build the `Url` right in the caller's result. Built apart and then moved
/// there, it was a 176-byte copy on every URL (a `memcpy` call, 7.7% of
/// `parse`'s samples in a profile), which no longer appears.
pub(crate) trait Finish<'a> {
    /// What the caller gets.
    type Output;
    /// The whole input, `text`, is a URL under `spec`, read into `read`.
    fn url(self, text: &'a str, spec: Spec, read: SchemeSpans) -> Self::Output;
    /// The fast path does not take the input: it is not a URL, or it is one
    /// under a specification the fast path does not cover.
    fn not_taken(self) -> Self::Output;
}

/// How `Url::is_valid` ends: in the verdict alone. The fast path takes
/// exactly the URLs of the Section 5 grammars.
pub(crate) struct Verdict;

impl<'a> Finish<'a> for Verdict {
    type Output = bool;

    #[inline(always)]
    fn url(self, _: &'a str, _: Spec, _: SchemeSpans) -> bool {
        true
    }

    #[inline(always)]
    fn not_taken(self) -> bool {
        false
    }
}

/// Reads `input` under `spec` and ends in `finish`: with the spans of a URL's
/// parts when the whole input is one by the grammar, else `not_taken`.
#[inline]
pub(crate) fn parse_into<'a, F: Finish<'a>>(input: &'a str, spec: Spec, finish: F) -> F::Output {
    read::<false, F>(input, spec, &Noted::default(), finish)
}

/// [`parse_into`], noting on the way what a lint looks for.
#[inline]
pub(crate) fn parse_noting_into<'a, F: Finish<'a>>(
    input: &'a str,
    spec: Spec,
    noted: &Noted,
    finish: F,
) -> F::Output {
    read::<true, F>(input, spec, noted, finish)
}

/// The fast path, noting or not: `parse`'s own copy leaves the noting out.
#[inline(always)]
fn read<'a, const NOTE: bool, F: Finish<'a>>(
    input: &'a str,
    spec: Spec,
    noted: &Noted,
    finish: F,
) -> F::Output {
    if !matches!(spec, Spec::Rfc1738 | Spec::Draft07) {
        return finish.not_taken();
    }
    let reader = SchemeReader::<NOTE> {
        s: input.as_bytes(),
        table: &TABLES[usize::from(spec == Spec::Draft07)],
        spec,
        noted,
    };
    reader.url(input, finish)
}

/// What the fast path read that a lint looks for, noted on the way, so that a
/// URL with none of it needs no second look, and one with some of it is
/// looked at only in the parts where it has some. Noting on a path that is
/// then given up only costs a needless look.
#[derive(Default)]
pub(crate) struct Noted {
    /// The parts of the URL where a lint may fire. [`Lintable::SCHEME`]: an
    /// upper-case letter in the scheme. [`Lintable::HOSTS_AND_PORTS`]: a
    /// host number with a part above 255, a host name longer than a DNS
    /// label, or a port that is above 65535 or not the scheme's default.
    /// [`Lintable::PASSWORD`]: a password. [`Lintable::ESCAPES`]: an escape
    /// of a character that needs none, or of a control where
    /// `encoded-control` may look (the components that
    /// [`lints::sent_component`](crate::meaning::lints::sent_component)
    /// names: the gopher selector and search, the ftp user, password and
    /// path, the telnet user; noted in every login's user and password).
    lintable: Cell<Lintable>,
}

/// Parts of a URL that the lints look at apart, as a set: each lint looks
/// at one of them, and on a URL that the fast path reads, fires only where
/// the fast path noted its part.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Lintable(u8);

impl Lintable {
    /// No part: no lint fires.
    pub(crate) const NONE: Lintable = Lintable(0);
    /// The scheme's letters (`scheme-case`).
    pub(crate) const SCHEME: Lintable = Lintable(1);
    /// The hosts and ports (`ipv4-octet-range`, `host-name-length`,
    /// `port-range`, `non-default-port`).
    pub(crate) const HOSTS_AND_PORTS: Lintable = Lintable(2);
    /// The password (`password-in-url`).
    pub(crate) const PASSWORD: Lintable = Lintable(4);
    /// The escapes (`encoded-control`, `needless-escape`).
    pub(crate) const ESCAPES: Lintable = Lintable(8);
    /// Every part: what `Url::warnings` looks at, and `parse_with_warnings`
    /// in a URL that the fast path does not read.
    pub(crate) const ALL: Lintable = Lintable::NONE
        .with(Lintable::SCHEME)
        .with(Lintable::HOSTS_AND_PORTS)
        .with(Lintable::PASSWORD)
        .with(Lintable::ESCAPES);

    /// Whether the set holds `part`.
    pub(crate) fn has(self, part: Lintable) -> bool {
        self.0 & part.0 != 0
    }

    /// The set with `part` added.
    const fn with(self, part: Lintable) -> Lintable {
        Lintable(self.0 | part.0)
    }
}

/// The most characters of a DNS label (RFC 1034 §3.5): a host name no
/// longer than this, as written, draws no `host-name-length`.
pub(crate) const LABEL_MAX: usize = 63;

impl Noted {
    /// The parts of the URL that `parse_noting_into` read where a lint may
    /// fire: [`lints::check`](crate::meaning::lints::check) finds nothing
    /// in the others.
    pub(crate) fn lintable(&self) -> Lintable {
        self.lintable.get()
    }
}

/// The known scheme that `Scheme::of` finds, and where its `:` is; `None` for
/// the generic form (with the `:` ending `scheme`, if there is one); and
/// whether the scheme has an upper-case letter.
#[inline(always)]
fn scheme_of(s: &[u8], table: &Table) -> (Option<Scheme>, Option<usize>, bool) {
    if let Some((scheme, colon, upper_case)) = known_scheme(s) {
        return (Some(scheme), Some(colon), upper_case);
    }
    // A known scheme's name is made of `scheme` characters, so the text before
    // the first ":" can only be one when the `scheme` characters run up to it.
    let end = s
        .iter()
        .position(|&b| table[usize::from(b)] & SCHEME == 0)
        .unwrap_or(s.len());
    if s.get(end) != Some(&b':') {
        return (None, None, false);
    }
    let name = &s[..end];
    // Of the `scheme` characters, only the upper-case letters have the bit
    // 0x20 clear: the AND of them all has it clear when one is there.
    let upper_case = name.iter().fold(0x20, |all, &byte| all & byte) & 0x20 == 0;
    let scheme = Scheme::named(name);
    (scheme, Some(end), upper_case)
}

/// The known scheme whose name and ":" start `s`, ignoring case, where the
/// ":" is, and whether the name has an upper-case letter: a dispatch on the
/// first byte and one or two comparisons of the first eight bytes (and of
/// the ninth for prospero), where finding the ":" byte by byte ends in a
/// branch that the varied lengths of names make hard to predict. `None` when
/// it is none of them, or `s` is shorter.
#[inline(always)]
fn known_scheme(s: &[u8]) -> Option<(Scheme, usize, bool)> {
    const FTP: NameWord = NameWord::of(b"ftp");
    const FILE: NameWord = NameWord::of(b"file");
    const HTTP: NameWord = NameWord::of(b"http");
    const GOPHER: NameWord = NameWord::of(b"gopher");
    const MAILTO: NameWord = NameWord::of(b"mailto");
    const NEWS: NameWord = NameWord::of(b"news");
    const NNTP: NameWord = NameWord::of(b"nntp");
    const TELNET: NameWord = NameWord::of(b"telnet");
    const WAIS: NameWord = NameWord::of(b"wais");
    const PROSPERO: NameWord = NameWord::of(b"prospero");
    let head = u64::from_le_bytes(s.get(..8)?.try_into().ok()?);
    let is = |word: NameWord| word.starts(head);
    let (scheme, word) = match s[0] | 0x20 {
        b'h' if is(HTTP) => (Scheme::Http, HTTP),
        b'f' if is(FTP) => (Scheme::Ftp, FTP),
        b'f' if is(FILE) => (Scheme::File, FILE),
        b'g' if is(GOPHER) => (Scheme::Gopher, GOPHER),
        b'n' if is(NEWS) => (Scheme::News, NEWS),
        b'n' if is(NNTP) => (Scheme::Nntp, NNTP),
        b'm' if is(MAILTO) => (Scheme::Mailto, MAILTO),
        b't' if is(TELNET) => (Scheme::Telnet, TELNET),
        b'w' if is(WAIS) => (Scheme::Wais, WAIS),
        b'p' if is(PROSPERO) && s.get(8) == Some(&b':') => (Scheme::Prospero, PROSPERO),
        _ => return None,
    };
    // The name's letters matched: a letter with its case bit clear is an
    // upper-case one.
    Some((scheme, scheme.name().len(), word.has_upper_case(head)))
}

/// A span of the input: `start..end`, with the invariants that
/// [`SpanText`] states.
pub(crate) type Span = (usize, usize);

/// The input that a fast path read, to take the text of its spans from.
///
/// # Invariants
///
/// A fast path gives only spans with `start <= end <= input.len()`, each
/// starting and ending at an ASCII byte of the input or at its end, so each
/// lies on character boundaries and `&input[start..end]` cannot fail. Debug
/// builds (the tests and the fuzz targets) assert it on every span; release
/// builds give the empty string for a span that breaks it rather than panic.
#[derive(Clone, Copy)]
pub(crate) struct SpanText<'a>(pub(crate) &'a str);

impl<'a> SpanText<'a> {
    /// The text of a span.
    #[inline(always)]
    pub(crate) fn str(self, (start, end): Span) -> &'a str {
        let text = self.0.get(start..end);
        debug_assert!(
            text.is_some(),
            "a fast path's span {start}..{end} is not text of its {}-byte input",
            self.0.len()
        );
        text.unwrap_or_default()
    }

    /// The text of a span that may be absent.
    #[inline(always)]
    pub(crate) fn opt(self, span: Option<Span>) -> Option<&'a str> {
        span.map(|span| self.str(span))
    }
}

/// `host`: the span, and whether it is a `hostnumber`.
#[derive(Clone, Copy)]
pub(crate) struct HostSpan {
    pub(crate) span: Span,
    pub(crate) number: bool,
    /// A `hostnumber` with a part above 255 (noted only when noting).
    wide: bool,
}

/// `hostport`.
#[derive(Clone, Copy)]
pub(crate) struct HostPortSpan {
    pub(crate) host: HostSpan,
    pub(crate) port: Option<Span>,
    /// The port's value, 65536 standing for any above 65535 (noted only
    /// when noting).
    port_value: u32,
    end: usize,
}

/// `login`.
#[derive(Clone, Copy)]
pub(crate) struct LoginSpan {
    pub(crate) user: Option<Span>,
    pub(crate) password: Option<Span>,
    pub(crate) hostport: HostPortSpan,
}

/// What the fast path read: the spans of a URL's parts, by its scheme's
/// rule, named as the rule names them. Each scheme's typed view makes its
/// spans into the very `Url` that the grammar and the lowering give
/// (`from_spans` in `url/schemes/`).
#[derive(Clone, Copy)]
pub(crate) enum SchemeSpans {
    Ftp(FtpSpans),
    Http(HttpSpans),
    Gopher(GopherSpans),
    Mailto(MailtoSpans),
    News(NewsSpans),
    Nntp(NntpSpans),
    Telnet(TelnetSpans),
    Wais(WaisSpans),
    File(FileSpans),
    Prospero(ProsperoSpans),
    Generic(GenericSpans),
}

/// `ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]`
#[derive(Clone, Copy)]
pub(crate) struct FtpSpans {
    pub(crate) login: LoginSpan,
    pub(crate) fpath: Option<Span>,
    pub(crate) typecode: Option<char>,
}

/// `httpurl = "http://" hostport [ "/" hpath [ "?" search ]]`
#[derive(Clone, Copy)]
pub(crate) struct HttpSpans {
    pub(crate) hostport: HostPortSpan,
    pub(crate) hpath: Option<Span>,
    pub(crate) search: Option<Span>,
}

/// `gopherurl`: `path` is where the text after the "/" starts (past the
/// end when there is none).
#[derive(Clone, Copy)]
pub(crate) struct GopherSpans {
    pub(crate) hostport: HostPortSpan,
    pub(crate) path: usize,
    pub(crate) gtype: Option<Span>,
    pub(crate) selector: Option<Span>,
    pub(crate) search: Option<Span>,
    pub(crate) gopher_plus: Option<Span>,
}

/// `mailtourl = "mailto:" encoded822addr`
#[derive(Clone, Copy)]
pub(crate) struct MailtoSpans {
    pub(crate) address: Span,
}

/// `newsurl = "news:" grouppart`
#[derive(Clone, Copy)]
pub(crate) struct NewsSpans {
    pub(crate) grouppart: GroupPartSpan,
}

/// `nntpurl = "nntp://" hostport "/" group [ "/" digits ]`
#[derive(Clone, Copy)]
pub(crate) struct NntpSpans {
    pub(crate) hostport: HostPortSpan,
    pub(crate) group: Span,
    pub(crate) article: Option<Span>,
}

/// `telneturl = "telnet://" login [ "/" ]`
#[derive(Clone, Copy)]
pub(crate) struct TelnetSpans {
    pub(crate) login: LoginSpan,
}

/// `waisurl = waisdatabase | waisindex | waisdoc`, tried longest first as
/// the grammar's PEG does.
#[derive(Clone, Copy)]
pub(crate) struct WaisSpans {
    pub(crate) hostport: HostPortSpan,
    pub(crate) database: Span,
    pub(crate) kind: WaisKindSpan,
}

/// `fileurl`: the host, if any, and the path.
#[derive(Clone, Copy)]
pub(crate) struct FileSpans {
    pub(crate) host: Option<HostSpan>,
    pub(crate) fpath: Option<Span>,
}

/// `prosperourl = "prospero://" hostport "/" ppath *[ fieldspec ]`:
/// `fields` is all after the `ppath`.
#[derive(Clone, Copy)]
pub(crate) struct ProsperoSpans {
    pub(crate) hostport: HostPortSpan,
    pub(crate) ppath: Span,
    pub(crate) fields: Span,
}

/// `genericurl = scheme ":" schemepart`, and the `ip-schemepart`
/// (`login` and `urlpath`) when the whole schemepart is one.
#[derive(Clone, Copy)]
pub(crate) struct GenericSpans {
    pub(crate) schemepart: Span,
    pub(crate) ip_schemepart: Option<(LoginSpan, Option<Span>)>,
}

/// `grouppart = "*" | group | article`, the article tried first as the
/// grammar's PEG does.
#[derive(Clone, Copy)]
pub(crate) enum GroupPartSpan {
    /// `article = 1*[ uchar | ... ] "@" host`
    Article { unique: Span, host: HostSpan },
    /// `group`
    Group(Span),
    /// `"*"`
    All,
}

/// What a `waisurl` names after its database.
#[derive(Clone, Copy)]
pub(crate) enum WaisKindSpan {
    /// `waisdatabase`
    Database,
    /// `waisindex`: "?" search
    Index { search: Span },
    /// `waisdoc`: "/" wtype "/" wpath
    Document { wtype: Span, wpath: Span },
}

/// The reader of a URL of one of Section 5's schemes, by its scheme's rule
/// under one specification (`NOTE`: also noting what lints fire on).
struct SchemeReader<'a, const NOTE: bool> {
    s: &'a [u8],
    table: &'a Table,
    spec: Spec,
    /// Where `parse_noting_into` notes; `parse`'s copy (`NOTE` false) never
    /// writes to it.
    noted: &'a Noted,
}

impl<const NOTE: bool> SchemeReader<'_, NOTE> {
    /// Notes that a lint may fire on `part` (see `Noted::lintable`).
    #[inline(always)]
    fn note_lintable(&self, part: Lintable) {
        if NOTE {
            self.noted
                .lintable
                .set(self.noted.lintable.get().with(part));
        }
    }

    /// Ends the reading of `text` in `finish` with `read`, noting first (when
    /// noting) what a lint fires on in its hosts, ports and password.
    #[inline(always)]
    fn done<'a, F: Finish<'a>>(&self, text: &'a str, finish: F, read: SchemeSpans) -> F::Output {
        if NOTE {
            self.note_read(&read);
        }
        finish.url(text, self.spec, read)
    }

    /// Notes a host number with a part above 255 (`ipv4-octet-range`), a
    /// host name longer than a DNS label (`host-name-length`, which the
    /// lints count in decoded octets), a port above 65535 or other than the
    /// scheme's default (`port-range`, `non-default-port`) and a password
    /// that is not empty (`password-in-url`).
    #[inline(always)]
    fn note_read(&self, read: &SchemeSpans) {
        let host = |host: &HostSpan| {
            let (start, end) = host.span;
            if host.wide || (!host.number && end - start > LABEL_MAX) {
                self.note_lintable(Lintable::HOSTS_AND_PORTS);
            }
        };
        let hostport = |hostport: &HostPortSpan, scheme: Option<Scheme>| {
            host(&hostport.host);
            let port = hostport.port_value;
            if hostport.port.is_some()
                && (port > 65_535
                    || scheme
                        .and_then(Scheme::default_port)
                        .is_some_and(|default| u32::from(default) != port))
            {
                self.note_lintable(Lintable::HOSTS_AND_PORTS);
            }
        };
        let login = |login: &LoginSpan, scheme: Option<Scheme>| {
            if login.password.is_some_and(|(start, end)| end > start) {
                self.note_lintable(Lintable::PASSWORD);
            }
            hostport(&login.hostport, scheme);
        };
        match read {
            SchemeSpans::Ftp(FtpSpans { login: l, .. }) => login(l, Some(Scheme::Ftp)),
            SchemeSpans::Telnet(TelnetSpans { login: l }) => login(l, Some(Scheme::Telnet)),
            SchemeSpans::Generic(GenericSpans {
                ip_schemepart: Some((l, _)),
                ..
            }) => login(l, None),
            SchemeSpans::Http(HttpSpans { hostport: h, .. }) => hostport(h, Some(Scheme::Http)),
            SchemeSpans::Gopher(GopherSpans { hostport: h, .. }) => {
                hostport(h, Some(Scheme::Gopher))
            }
            SchemeSpans::Nntp(NntpSpans { hostport: h, .. }) => hostport(h, Some(Scheme::Nntp)),
            SchemeSpans::Wais(WaisSpans { hostport: h, .. }) => hostport(h, Some(Scheme::Wais)),
            SchemeSpans::Prospero(ProsperoSpans { hostport: h, .. }) => {
                hostport(h, Some(Scheme::Prospero))
            }
            SchemeSpans::News(NewsSpans {
                grouppart: GroupPartSpan::Article { host: h, .. },
            })
            | SchemeSpans::File(FileSpans { host: Some(h), .. }) => host(h),
            SchemeSpans::Mailto(_)
            | SchemeSpans::News(_)
            | SchemeSpans::File(_)
            | SchemeSpans::Generic(_) => {}
        }
    }

    /// Notes the escape at `i` when a lint may fire on it there (`sent`: in
    /// a component where `encoded-control` may look, see
    /// [`charclass::escape_may_warn`]).
    #[inline(always)]
    fn note_escape(&self, i: usize, sent: bool) {
        if NOTE
            && crate::syntax::decode::escape_at(self.s, i)
                .is_some_and(|byte| charclass::escape_may_warn(byte, self.spec, sent))
        {
            self.note_lintable(Lintable::ESCAPES);
        }
    }

    /// Whether the byte at `i` is in `class`.
    #[inline(always)]
    fn is(&self, i: usize, class: u16) -> bool {
        self.s
            .get(i)
            .is_some_and(|&b| self.table[usize::from(b)] & class != 0)
    }

    /// Whether the byte at `i` is `byte`.
    #[inline(always)]
    fn at(&self, i: usize, byte: u8) -> bool {
        self.s.get(i) == Some(&byte)
    }

    /// `escape = "%" hex hex` at `i`.
    #[inline(always)]
    fn escape(&self, i: usize) -> bool {
        self.at(i, b'%') && self.is(i + 1, HEX) && self.is(i + 2, HEX)
    }

    /// `*[ class | escape ]` from `i`: where it ends. The run may be in a
    /// component that [`lints::sent_component`](crate::meaning::lints::sent_component) names (one that a client
    /// decodes and sends to a server as it is), where an escaped control
    /// draws `encoded-control`.
    #[inline(always)]
    fn run(&self, i: usize, class: u16) -> usize {
        self.run_noting(i, class, true)
    }

    /// [`run`](Self::run) in a component that [`lints::sent_component`](crate::meaning::lints::sent_component) does
    /// not name, where `encoded-control` does not look: only a needless
    /// escape is noted.
    #[inline(always)]
    fn run_unsent(&self, i: usize, class: u16) -> usize {
        self.run_noting(i, class, false)
    }

    #[inline(always)]
    fn run_noting(&self, mut i: usize, class: u16, sent: bool) -> usize {
        loop {
            i = self.long_plain(i, class);
            if !self.escape(i) {
                return i;
            }
            self.note_escape(i, sent);
            i += 3;
        }
    }

    /// `*[ !"%09" ( class | escape ) ]` from `i`: `selector` and the gopher
    /// `search`, which stop before "%09".
    fn run_to_tab(&self, mut i: usize, class: u16) -> usize {
        loop {
            i = self.long_plain(i, class);
            if !self.escape(i) || self.tab(i) {
                return i;
            }
            self.note_escape(i, true);
            i += 3;
        }
    }

    /// `"%09"` at `i`.
    fn tab(&self, i: usize) -> bool {
        self.s.get(i..i + 3) == Some(b"%09".as_slice())
    }

    /// `*class` (no escapes) from `i`.
    #[inline(always)]
    fn plain(&self, mut i: usize, class: u16) -> usize {
        while self.is(i, class) {
            i += 1;
        }
        i
    }

    /// [`plain`](Self::plain) for the runs that are often long: paths,
    /// searches, addresses.
    #[inline(always)]
    fn long_plain(&self, mut i: usize, class: u16) -> usize {
        // Eight bytes at a time while all eight are in the class (`class` is
        // one bit, which the AND of their entries keeps only then): one test
        // and one branch per eight bytes instead of eight.
        while let Some(chunk) = self.s.get(i..i + 8) {
            let all = chunk
                .iter()
                .fold(class, |all, &byte| all & self.table[usize::from(byte)]);
            if all == 0 {
                break;
            }
            i += 8;
        }
        self.plain(i, class)
    }

    /// `digits = 1*digit` from `i`.
    fn digits(&self, i: usize) -> Option<usize> {
        let end = self.plain(i, DIGIT);
        (end > i).then_some(end)
    }

    /// [`digits`](Self::digits), and, when noting, their value, capped at
    /// `cap` (which then stands for itself and any value above it): a port's
    /// or a host number part's, which lints judge.
    #[inline(always)]
    fn number(&self, i: usize, cap: u32) -> Option<(usize, u32)> {
        let (mut end, mut value) = (i, 0);
        while let Some(&digit) = self.s.get(end)
            && self.table[usize::from(digit)] & DIGIT != 0
        {
            if NOTE {
                value = (value * 10 + u32::from(digit - b'0')).min(cap);
            }
            end += 1;
        }
        (end > i).then_some((end, value))
    }

    /// RFC 1738's `alphadigit *[ *"-" alphadigit ]` after its first
    /// character at `i`: `domainlabel` and `toplabel` as the grammar reads them.
    fn label_end(&self, i: usize) -> usize {
        let mut end = i + 1;
        loop {
            end = self.plain(end, ALPHADIGIT);
            let mut dashes = end;
            while self.at(dashes, b'-') {
                dashes += 1;
            }
            if dashes > end && self.is(dashes, ALPHADIGIT) {
                end = dashes + 1;
            } else {
                return end;
            }
        }
    }

    /// `hostname`, by the specification's rule.
    fn hostname(&self, i: usize) -> Option<usize> {
        match self.spec {
            // `alpha *uchar`
            Spec::Draft07 => self.is(i, ALPHA).then(|| self.run_unsent(i + 1, UCHAR)),
            // `*[ domainlabel "." ] toplabel`: the repetition takes every label
            // followed by "."; the label after them must be a `toplabel`.
            _ => {
                let mut label = i;
                loop {
                    if !self.is(label, ALPHADIGIT) {
                        return None;
                    }
                    let end = self.label_end(label);
                    if self.at(end, b'.') {
                        label = end + 1;
                    } else {
                        return self.is(label, ALPHA).then_some(end);
                    }
                }
            }
        }
    }

    /// `hostnumber = digits "." digits "." digits "." digits`: where it
    /// ends, and, when noting, whether a part is above 255.
    fn hostnumber(&self, i: usize) -> Option<(usize, bool)> {
        let mut end = i;
        let mut wide = false;
        for part in 0..4 {
            if part > 0 {
                if !self.at(end, b'.') {
                    return None;
                }
                end += 1;
            }
            let (part_end, value) = self.number(end, 256)?;
            wide |= value > 255;
            end = part_end;
        }
        Some((end, wide))
    }

    /// `host = hostname | hostnumber`.
    fn host(&self, i: usize) -> Option<HostSpan> {
        // In RFC 1738, a host number is also read as a host name up to its
        // last part, which, starting with a digit, is no `toplabel`: when
        // nothing that could go on with a label follows it, the host name
        // fails, and the host number is read first and once. (In draft-07,
        // a host name starts with a letter.)
        if self.is(i, DIGIT)
            && let Some((end, wide)) = self.hostnumber(i)
            && !self.is(end, ALPHADIGIT)
            && !self.at(end, b'-')
            && !self.at(end, b'.')
        {
            return Some(HostSpan {
                span: (i, end),
                number: true,
                wide,
            });
        }
        if let Some(end) = self.hostname(i) {
            return Some(HostSpan {
                span: (i, end),
                number: false,
                wide: false,
            });
        }
        self.hostnumber(i).map(|(end, wide)| HostSpan {
            span: (i, end),
            number: true,
            wide,
        })
    }

    /// `hostport = host [ ":" port ]`.
    #[inline(always)]
    fn hostport(&self, i: usize) -> Option<HostPortSpan> {
        let host = self.host(i)?;
        let after = host.span.1;
        let (port, port_value) = if self.at(after, b':')
            && let Some((end, value)) = self.number(after + 1, 65_536)
        {
            (Some((after + 1, end)), value)
        } else {
            (None, 0)
        };
        Some(HostPortSpan {
            host,
            port,
            port_value,
            end: port.map_or(after, |(_, end)| end),
        })
    }

    /// `login = [ user [ ":" password ] "@" ] hostport`.
    fn login(&self, i: usize) -> Option<LoginSpan> {
        // Most logins are a `hostport` alone. Its characters are all `user`
        // characters but the ":" before the port, which also ends a `user`:
        // when what follows it can neither go on with a `user` or `password`
        // nor end one (with ":" or "@"), the `user` part is not there, and
        // the bytes need not be read twice.
        if let Some(hostport) = self.hostport(i)
            && self.s.get(hostport.end).is_none_or(|&byte| {
                self.table[usize::from(byte)] & USER == 0 && !matches!(byte, b'%' | b':' | b'@')
            })
        {
            return Some(LoginSpan {
                user: None,
                password: None,
                hostport,
            });
        }
        let user_end = self.run(i, USER);
        let (password, at) = if self.at(user_end, b':') {
            let end = self.run(user_end + 1, USER);
            (Some((user_end + 1, end)), end)
        } else {
            (None, user_end)
        };
        if self.at(at, b'@') {
            Some(LoginSpan {
                user: Some((i, user_end)),
                password,
                hostport: self.hostport(at + 1)?,
            })
        } else {
            Some(LoginSpan {
                user: None,
                password: None,
                hostport: self.hostport(i)?,
            })
        }
    }

    /// The URL, if the whole input is one, ended in `finish`.
    #[inline]
    fn url<'a, F: Finish<'a>>(&self, text: &'a str, finish: F) -> F::Output {
        let (scheme, colon, upper_case) = scheme_of(self.s, self.table);
        let Some(colon) = colon else {
            return finish.not_taken();
        };
        // An upper-case letter in the scheme: the `scheme-case` lint fires.
        if NOTE && upper_case {
            self.note_lintable(Lintable::SCHEME);
        }
        // The rest of the scheme's literal: "//" after the ":", except for
        // mailto and news.
        let slashes = colon + 1;
        let after = slashes + 2;
        let has_slashes = self.s.get(slashes..after) == Some(b"//".as_slice());
        let n = self.s.len();
        match scheme {
            Some(Scheme::Ftp) if has_slashes => {
                // ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]
                let Some(login) = self.login(after) else {
                    return finish.not_taken();
                };
                let mut end = login.hostport.end;
                let (mut fpath, mut typecode) = (None, None);
                if self.at(end, b'/') {
                    let path_end = self.run(end + 1, FPATH);
                    fpath = Some((end + 1, path_end));
                    end = path_end;
                    if self.s.get(end..end + 6) == Some(b";type=".as_slice())
                        && let Some(&code @ (b'A' | b'I' | b'D' | b'a' | b'i' | b'd')) =
                            self.s.get(end + 6)
                    {
                        typecode = Some(char::from(code));
                        end += 7;
                    }
                }
                if end == n {
                    let read = SchemeSpans::Ftp(FtpSpans {
                        login,
                        fpath,
                        typecode,
                    });
                    self.done(text, finish, read)
                } else {
                    finish.not_taken()
                }
            }
            Some(Scheme::Http) if has_slashes => {
                // httpurl = "http://" hostport [ "/" hpath [ "?" search ]]
                let Some(hostport) = self.hostport(after) else {
                    return finish.not_taken();
                };
                let mut end = hostport.end;
                let (mut hpath, mut search) = (None, None);
                if self.at(end, b'/') {
                    let path_end = self.run_unsent(end + 1, HPATH);
                    hpath = Some((end + 1, path_end));
                    end = path_end;
                    if self.at(end, b'?') {
                        let search_end = self.run_unsent(end + 1, HSEGMENT);
                        search = Some((end + 1, search_end));
                        end = search_end;
                    }
                }
                if end == n {
                    let read = SchemeSpans::Http(HttpSpans {
                        hostport,
                        hpath,
                        search,
                    });
                    self.done(text, finish, read)
                } else {
                    finish.not_taken()
                }
            }
            Some(Scheme::Gopher) if has_slashes => self.gopher(after, text, finish),
            Some(Scheme::Mailto) => {
                // mailtourl = "mailto:" encoded822addr; encoded822addr = 1*xchar
                let start = colon + 1;
                if start < n && self.run_unsent(start, XCHAR) == n {
                    let read = SchemeSpans::Mailto(MailtoSpans {
                        address: (start, n),
                    });
                    self.done(text, finish, read)
                } else {
                    finish.not_taken()
                }
            }
            Some(Scheme::News) => self.news(colon + 1, text, finish),
            Some(Scheme::Nntp) if has_slashes => {
                // nntpurl = "nntp://" hostport "/" group [ "/" digits ]
                let Some(hostport) = self.hostport(after) else {
                    return finish.not_taken();
                };
                let slash = hostport.end;
                if !self.at(slash, b'/') || !self.is(slash + 1, ALPHA) {
                    return finish.not_taken();
                }
                let group = (slash + 1, self.plain(slash + 2, GROUP));
                let mut end = group.1;
                let mut article = None;
                if self.at(end, b'/')
                    && let Some(digits_end) = self.digits(end + 1)
                {
                    article = Some((end + 1, digits_end));
                    end = digits_end;
                }
                if end == n {
                    let read = SchemeSpans::Nntp(NntpSpans {
                        hostport,
                        group,
                        article,
                    });
                    self.done(text, finish, read)
                } else {
                    finish.not_taken()
                }
            }
            Some(Scheme::Telnet) if has_slashes => {
                // telneturl = "telnet://" login [ "/" ]
                let Some(login) = self.login(after) else {
                    return finish.not_taken();
                };
                let end = login.hostport.end + usize::from(self.at(login.hostport.end, b'/'));
                if end == n {
                    self.done(text, finish, SchemeSpans::Telnet(TelnetSpans { login }))
                } else {
                    finish.not_taken()
                }
            }
            Some(Scheme::Wais) if has_slashes => self.wais(after, text, finish),
            Some(Scheme::File) if has_slashes => self.file(after, text, finish),
            Some(Scheme::Prospero) if has_slashes => {
                // prosperourl = "prospero://" hostport "/" ppath *[ fieldspec ]
                let Some(hostport) = self.hostport(after) else {
                    return finish.not_taken();
                };
                if !self.at(hostport.end, b'/') {
                    return finish.not_taken();
                }
                let ppath = (hostport.end + 1, self.run_unsent(hostport.end + 1, FPATH));
                // fieldspec = ";" fieldname "=" fieldvalue
                let mut end = ppath.1;
                while self.at(end, b';') {
                    let name_end = self.run_unsent(end + 1, FIELDNAME);
                    if !self.at(name_end, b'=') {
                        break;
                    }
                    end = self.run_unsent(name_end + 1, FIELDVALUE);
                }
                if end == n {
                    let read = SchemeSpans::Prospero(ProsperoSpans {
                        hostport,
                        ppath,
                        fields: (ppath.1, n),
                    });
                    self.done(text, finish, read)
                } else {
                    finish.not_taken()
                }
            }
            Some(_) => finish.not_taken(),
            None => self.generic(colon, text, finish),
        }
    }

    /// gopherurl = "gopher://" hostport [ / [ gtype [ selector
    ///             [ "%09" search [ "%09" gopher+_string ] ] ] ] ]
    fn gopher<'a, F: Finish<'a>>(&self, after: usize, text: &'a str, finish: F) -> F::Output {
        let n = self.s.len();
        let Some(hostport) = self.hostport(after) else {
            return finish.not_taken();
        };
        let slash = hostport.end;
        let (mut gtype, mut selector, mut search, mut plus) = (None, None, None, None);
        if slash != n {
            if !self.at(slash, b'/') {
                return finish.not_taken();
            }
            let start = slash + 1;
            // gtype = xchar
            let gtype_end = if self.is(start, XCHAR) {
                Some(start + 1)
            } else if self.escape(start) {
                // The gtype is not part of the selector that a client sends.
                self.note_escape(start, false);
                Some(start + 3)
            } else {
                None
            };
            match gtype_end {
                // No gtype: the URL ends after the "/".
                None if start != n => return finish.not_taken(),
                None => {}
                Some(gtype_end) => {
                    gtype = Some((start, gtype_end));
                    // The prose's split, up to the end of the URL...
                    let selector_end = self.run_to_tab(gtype_end, XCHAR);
                    let mut end = selector_end;
                    let (mut split_search, mut split_plus) = (None, None);
                    if self.tab(end) {
                        let search_end = self.run_to_tab(end + 3, HSEGMENT);
                        split_search = Some((end + 3, search_end));
                        end = search_end;
                        if self.tab(end) {
                            let plus_end = self.run_unsent(end + 3, XCHAR);
                            split_plus = Some((end + 3, plus_end));
                            end = plus_end;
                        }
                    }
                    if end == n {
                        selector = Some((gtype_end, selector_end));
                        (search, plus) = (split_search, split_plus);
                    } else if self.run(gtype_end, XCHAR) == n {
                        // ...or else all of it as the selector.
                        selector = Some((gtype_end, n));
                    } else {
                        return finish.not_taken();
                    }
                }
            }
        }
        let read = SchemeSpans::Gopher(GopherSpans {
            hostport,
            path: slash + 1,
            gtype,
            selector,
            search,
            gopher_plus: plus,
        });
        self.done(text, finish, read)
    }

    /// newsurl = "news:" grouppart; grouppart = "*" | group | article, the
    /// article tried first as the grammar's PEG does.
    fn news<'a, F: Finish<'a>>(&self, start: usize, text: &'a str, finish: F) -> F::Output {
        let n = self.s.len();
        // article = 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@" host
        let unique_end = self.run_unsent(start, ARTICLE);
        let article = if unique_end > start && self.at(unique_end, b'@') {
            self.host(unique_end + 1)
        } else {
            None
        };
        let (grouppart, end) = if let Some(host) = article {
            let grouppart = GroupPartSpan::Article {
                unique: (start, unique_end),
                host,
            };
            (grouppart, host.span.1)
        } else if self.is(start, ALPHA) {
            // group = alpha *[ alpha | digit | "-" | "." ], and under RFC 1738
            // group = alpha *[ alpha | digit | "-" | "." | "+" | "_" ]
            let end = self.plain(start + 1, GROUP);
            (GroupPartSpan::Group((start, end)), end)
        } else if self.at(start, b'*') {
            (GroupPartSpan::All, start + 1)
        } else {
            return finish.not_taken();
        };
        if end != n {
            return finish.not_taken();
        }
        self.done(text, finish, SchemeSpans::News(NewsSpans { grouppart }))
    }

    /// waisurl = waisdatabase | waisindex | waisdoc, tried longest first as
    /// the grammar's PEG does.
    fn wais<'a, F: Finish<'a>>(&self, after: usize, text: &'a str, finish: F) -> F::Output {
        let Some(hostport) = self.hostport(after) else {
            return finish.not_taken();
        };
        if !self.at(hostport.end, b'/') {
            return finish.not_taken();
        }
        let database = (hostport.end + 1, self.run_unsent(hostport.end + 1, UCHAR));
        let mut end = database.1;
        let mut kind = WaisKindSpan::Database;
        // waisdoc = ... "/" database "/" wtype "/" wpath
        let wtype_end = if self.at(end, b'/') {
            self.run_unsent(end + 1, UCHAR)
        } else {
            end
        };
        if self.at(end, b'/') && self.at(wtype_end, b'/') {
            let wpath_end = self.run_unsent(wtype_end + 1, UCHAR);
            kind = WaisKindSpan::Document {
                wtype: (end + 1, wtype_end),
                wpath: (wtype_end + 1, wpath_end),
            };
            end = wpath_end;
        } else if self.at(end, b'?') {
            // waisindex = ... "/" database "?" search
            let search_end = self.run_unsent(end + 1, HSEGMENT);
            kind = WaisKindSpan::Index {
                search: (end + 1, search_end),
            };
            end = search_end;
        }
        if end == self.s.len() {
            let read = SchemeSpans::Wais(WaisSpans {
                hostport,
                database,
                kind,
            });
            self.done(text, finish, read)
        } else {
            finish.not_taken()
        }
    }

    /// RFC 1738: fileurl = "file://" [ host | "localhost" ] "/" fpath
    /// draft-07: fileurl = "file://" host [ "/" fpath ]
    fn file<'a, F: Finish<'a>>(&self, after: usize, text: &'a str, finish: F) -> F::Output {
        let host = self.host(after);
        let mut end = host.map_or(after, |host| host.span.1);
        let fpath = match self.spec {
            Spec::Draft07 => {
                if host.is_none() {
                    return finish.not_taken();
                }
                self.at(end, b'/')
                    .then(|| (end + 1, self.run_unsent(end + 1, FPATH)))
            }
            // "localhost" is a `hostname`: when `host` fails, so does it.
            _ => {
                if !self.at(end, b'/') {
                    return finish.not_taken();
                }
                Some((end + 1, self.run_unsent(end + 1, FPATH)))
            }
        };
        if let Some((_, path_end)) = fpath {
            end = path_end;
        }
        if end == self.s.len() {
            self.done(text, finish, SchemeSpans::File(FileSpans { host, fpath }))
        } else {
            finish.not_taken()
        }
    }

    /// genericurl = scheme ":" schemepart; schemepart = *xchar | ip-schemepart,
    /// the ip-schemepart tried first, for the whole schemepart;
    /// ip-schemepart = "//" login [ "/" urlpath ]
    fn generic<'a, F: Finish<'a>>(&self, colon: usize, text: &'a str, finish: F) -> F::Output {
        let n = self.s.len();
        if colon == 0 {
            return finish.not_taken();
        }
        let start = colon + 1;
        let mut ip_schemepart = None;
        if self.s.get(start..start + 2) == Some(b"//".as_slice())
            && let Some(login) = self.login(start + 2)
        {
            let mut end = login.hostport.end;
            let mut urlpath = None;
            if self.at(end, b'/') {
                let path_end = self.run_unsent(end + 1, XCHAR);
                urlpath = Some((end + 1, path_end));
                end = path_end;
            }
            if end == n {
                ip_schemepart = Some((login, urlpath));
            }
        }
        if ip_schemepart.is_none() && self.run_unsent(start, XCHAR) != n {
            return finish.not_taken();
        }
        let read = SchemeSpans::Generic(GenericSpans {
            schemepart: (start, n),
            ip_schemepart,
        });
        self.done(text, finish, read)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tables against pest's reading of the grammar, byte by byte.
    #[cfg(feature = "pest-reference")]
    mod against_pest {
        use super::*;
        use crate::syntax::grammar::{SpecRule, draft07, rfc1738};

        /// Whether `text` is a whole match of `rule`.
        fn whole<R: SpecRule>(rule: R, text: &[u8]) -> bool {
            let Ok(text) = std::str::from_utf8(text) else {
                return false;
            };
            matches!(R::parse(rule, text), Ok(pairs) if pairs.as_str() == text)
        }

        /// For every byte: the table's bit against the pest rule that holds the
        /// class, the byte put between `before` and `after`.
        fn against<R: SpecRule>(spec: Spec, cases: &[(u16, R, &[u8], &[u8])]) {
            let table = &TABLES[usize::from(spec == Spec::Draft07)];
            for &(bit, rule, before, after) in cases {
                for byte in 0..=255u8 {
                    let text = [before, &[byte], after].concat();
                    assert_eq!(
                        table[usize::from(byte)] & bit != 0,
                        whole(rule, &text),
                        "{rule:?} on {byte:#04x} ({text:?}) under {spec}"
                    );
                }
            }
        }

        macro_rules! tables_against {
            ($module:ident, $spec:expr) => {{
                use $module::Rule;
                against(
                    $spec,
                    &[
                        (UCHAR, Rule::database, b"", b""),
                        (UCHAR, Rule::wtype, b"", b""),
                        (UCHAR, Rule::wpath, b"", b""),
                        (XCHAR, Rule::urlpath, b"", b""),
                        (XCHAR, Rule::gtype, b"", b""),
                        (XCHAR, Rule::selector_whole, b"", b""),
                        (XCHAR, Rule::gopher_plus_string, b"", b""),
                        (XCHAR, Rule::encoded822addr, b"", b""),
                        (USER, Rule::user, b"", b""),
                        (USER, Rule::password, b"", b""),
                        (FSEGMENT, Rule::fsegment, b"", b""),
                        (FSEGMENT, Rule::psegment, b"", b""),
                        (FPATH, Rule::fpath, b"", b""),
                        (FPATH, Rule::ppath, b"", b""),
                        (HSEGMENT, Rule::hsegment, b"", b""),
                        (HSEGMENT, Rule::search, b"", b""),
                        (HPATH, Rule::hpath, b"", b""),
                        (ARTICLE, Rule::article, b"", b"@h"),
                        (FIELDVALUE, Rule::fieldvalue, b"", b""),
                        (FIELDNAME, Rule::fieldname, b"", b""),
                        (SCHEME, Rule::scheme, b"", b""),
                        (GROUP, Rule::group, b"a", b""),
                        (ALPHA, Rule::group, b"", b""),
                        (DIGIT, Rule::digits, b"", b""),
                        (DIGIT, Rule::port, b"", b""),
                        (HEX, Rule::urlpath, b"%0", b""),
                    ],
                );
                for byte in 0..=255u8 {
                    let text = [byte];
                    let table = &TABLES[usize::from($spec == Spec::Draft07)];
                    // The search of a gopher URL: `hsegment`'s class, with escapes.
                    assert_eq!(
                        table[usize::from(byte)] & HSEGMENT != 0,
                        whole(Rule::gopher_search, &text),
                        "gopher_search on {byte:#04x}"
                    );
                    // `selector`: `xchar`'s class.
                    assert_eq!(
                        table[usize::from(byte)] & XCHAR != 0,
                        whole(Rule::selector, &text),
                        "selector on {byte:#04x}"
                    );
                }
            }};
        }

        #[test]
        fn every_table_is_the_grammar_s() {
            tables_against!(rfc1738, Spec::Rfc1738);
            tables_against!(draft07, Spec::Draft07);
        }

        #[test]
        fn the_hostname_classes_are_the_grammar_s() {
            // RFC 1738's labels: `alphadigit` inside, "-" only between two.
            let table = &TABLES[0];
            for byte in 0..=255u8 {
                let inner = [b'a', byte, b'b'];
                let expected =
                    table[usize::from(byte)] & ALPHADIGIT != 0 || byte == b'-' || byte == b'.';
                assert_eq!(
                    expected,
                    whole(rfc1738::Rule::hostname, &inner),
                    "hostname a?b on {byte:#04x}"
                );
                // A host name starts with a letter (a `toplabel` or a digit-led `domainlabel`).
                let first = [byte];
                assert_eq!(
                    table[usize::from(byte)] & ALPHA != 0,
                    whole(rfc1738::Rule::hostname, &first),
                    "hostname ? on {byte:#04x}"
                );
            }
            // draft-07's: `alpha *uchar`.
            let table = &TABLES[1];
            for byte in 0..=255u8 {
                assert_eq!(
                    table[usize::from(byte)] & UCHAR != 0,
                    whole(draft07::Rule::hostname, &[b'a', byte]),
                    "draft-07 hostname a? on {byte:#04x}"
                );
            }
        }
    }

    #[test]
    fn a_hostport_reads_as_a_user_up_to_its_port() {
        // What lets `login` read a lone `hostport` once: every character of a
        // host name or number and of a port is a `user` character, and ":",
        // "@" and "%" are not.
        for (spec, table) in [Spec::Rfc1738, Spec::Draft07]
            .into_iter()
            .zip(TABLES.iter())
        {
            for byte in 0..=255u8 {
                let entry = table[usize::from(byte)];
                if entry & (ALPHADIGIT | DIGIT | UCHAR) != 0 || matches!(byte, b'-' | b'.') {
                    assert_ne!(entry & USER, 0, "{byte:#04x} under {spec}");
                }
            }
            for byte in [b':', b'@', b'%'] {
                assert_eq!(
                    table[usize::from(byte)] & USER,
                    0,
                    "{byte:#04x} under {spec}"
                );
            }
        }
    }

    #[test]
    fn an_escaped_control_is_noted_only_where_a_lint_looks() {
        // The parts of the URL that the noting copy flags for linting.
        /// Whether the fast path took the input.
        struct Taken;
        impl<'a> Finish<'a> for Taken {
            type Output = bool;
            fn url(self, _: &'a str, _: Spec, _: SchemeSpans) -> bool {
                true
            }
            fn not_taken(self) -> bool {
                false
            }
        }
        let noted_under = |url: &str, spec: Spec| {
            let noted = Noted::default();
            let taken = parse_noting_into(url, spec, &noted, Taken);
            assert!(taken, "{url} under {spec}");
            noted.lintable()
        };
        let noted = |url: &str| {
            let both = noted_under(url, Spec::Rfc1738);
            assert_eq!(noted_under(url, Spec::Draft07), both, "{url}");
            both
        };
        // Where `encoded-control` looks: the gopher selector and search (also
        // when a search that stops at "/" leaves all of it to the selector),
        // the ftp path, a login's user (and its password, noted anyway).
        for url in [
            "gopher://h/1a%0Db",
            "gopher://h/1a%09b%0Dc",
            "gopher://h/1a%09b/c",
            "ftp://h/a%0Ab",
            "ftp://u%00@h/",
            "telnet://u%0A@h/",
            "x-foo://u%0D@h/",
        ] {
            assert_eq!(noted(url), Lintable::ESCAPES, "{url}");
        }
        // Where it does not; and a needless escape is noted everywhere.
        for url in [
            "gopher://h/1a%09b%09+%0D%0A",
            "gopher://h/%0Da",
            "http://h/a%0D%0A?b%0A",
            "news:a%0D@h",
            "wais://h/d%09/t/p%0A",
            "file://h/p%0D",
            "prospero://h/p%0A;f%0D=v%09",
            "mailto:a%0A@b",
            "x-foo://h/p%0D",
            "x-foo:a%0D",
        ] {
            assert_eq!(noted(url), Lintable::NONE, "{url}");
            let needless = url.replace("%0D", "%41").replace("%0A", "%41");
            assert_eq!(noted(&needless), Lintable::ESCAPES, "{needless}");
        }
        // A draft-07 host name takes escapes; no lint looks at them but
        // `needless-escape`.
        assert_eq!(noted_under("http://a%0D/", Spec::Draft07), Lintable::NONE);
        assert_eq!(
            noted_under("http://a%41/", Spec::Draft07),
            Lintable::ESCAPES
        );
    }

    #[test]
    fn the_scheme_is_the_one_scheme_of_finds() {
        let names = [
            "ftp",
            "FTP",
            "Http",
            "gopher",
            "mailto",
            "news",
            "nntp",
            "NnTp",
            "telnet",
            "wais",
            "file",
            "prospero",
            "fil",
            "files",
            "x-ftp",
            "ftp2",
            "",
            "ht+tp",
            "https",
            "newsy",
            "PROSPERO",
            "prosperos",
            "prosper",
            "GoPhEr",
            "MAILTO",
            "Telnet",
            "WAIS",
            "File",
            "h\u{8}tp",
            "HT\u{10}P",
            "ftp\u{e9}",
            "\u{e9}ftp",
            "n\u{e9}ws",
            "nntp\u{1a}",
        ];
        for name in names {
            for rest in [
                ":",
                "://h/",
                "",
                "x",
                ":a@b",
                "://host.example/long/path",
                "\u{1a}//h/",
            ] {
                let input = format!("{name}{rest}");
                let (scheme, colon, upper_case) = scheme_of(input.as_bytes(), &TABLES[0]);
                if let Some(colon) = colon {
                    assert_eq!(scheme, Scheme::of(&input), "{input}");
                    assert_eq!(
                        upper_case,
                        input[..colon].bytes().any(|byte| byte.is_ascii_uppercase()),
                        "{input}"
                    );
                } else {
                    assert_eq!((scheme, upper_case), (None, false), "{input}");
                }
            }
        }
    }
}
