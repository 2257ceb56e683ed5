//! Independent recognizer of the RFC 3986 (STD 66, January 2005) `URI-reference` grammar, built
//! from regular expressions, and the reference resolution of its Section 5.2 (strict), with
//! `remove_dot_segments` (5.2.4) and recomposition (5.3).
//!
//! Every rule of Appendix A ("Collected ABNF for URI"), and the core rules `ALPHA`, `DIGIT` and
//! `HEXDIG` of RFC 2234 that it uses, is one local regex fragment in [`Rules::build`], composed
//! with the small combinators below (`range`, `one_of`, `lit`, `alt`, `seq`, `opt`, `star`,
//! `plus`, `rep`, `rep_between`), each of which returns a self-contained (grouped) regex atom, so
//! the fragments compose like ABNF terms. All character classes are ASCII and written with
//! `\x{..}` escapes: no regex metacharacter can leak, and no non-ASCII character can ever match
//! (the grammar is over US-ASCII, Section 2; internationalized identifiers are RFC 3987's).
//!
//! Reading of the ABNF (RFC 2234): `a / b` alternatives, `[ x ]` optional, `*x` zero or more,
//! `1*x` one or more, `n*m x` between n and m, `n( x )` exactly n, `%xNN-MM` a range of code
//! points. Quoted literals are case-insensitive (RFC 2234 Section 2.3): the only letters in
//! Appendix A's literals are the `"v"` of `IPvFuture`, which matches `v` and `V`, and the
//! `"A"`..`"F"` of `HEXDIG`, which match `a`..`f` too. `%x` ranges are exact. Rule names are
//! case-insensitive in ABNF too (RFC 2234 Section 2.1), so [`Rfc3986Oracle::matches_rule`]
//! compares them ignoring ASCII case.
//!
//! Acceptance is decided by one anchored regex of the whole `URI-reference` rule. An accepted
//! reference is then split by the regular expression of Appendix B (which the RFC gives for
//! splitting any string, and which is exact on valid references), the authority split as
//! described at [`Authority`], and each part is checked again against its own rule: the two
//! ways must agree on every input, or the recognizer panics (an internal inconsistency, never a
//! property of the input).
//!
//! Where the grammar is ambiguous or leaves a choice, the readings are:
//! - `URI-reference = URI / relative-ref`: never both. A `URI` has a `:` right after its scheme,
//!   before any `/`, `?` or `#`; a `relative-ref` has none there (`path-noscheme`'s first segment
//!   is `segment-nz-nc`, without `:`; the other forms start with `/`, `?`, `#` or are empty).
//!   `URI` is tried first anyway, as Appendix B does (`this:that` is a URI, Section 4.2).
//! - `hier-part` and `relative-part`: the alternatives never match the same text.
//!   `"//" authority path-abempty` is the only one starting with `//` (`path-absolute` is
//!   `"/" [ segment-nz ... ]`, so its second character is not `/`).
//! - Where the authority ends: at the first `/`, `?` or `#` (no part of `authority` takes one of
//!   those, and `path-abempty` is empty or starts with `/`). The path ends at the first `?` or
//!   `#`, the query at the first `#` (the query takes `?`, so a second `?` is in the query). The
//!   fragment is the rest.
//! - Splitting `authority = [ userinfo "@" ] host [ ":" port ]`: an `@` can occur at most once
//!   (neither `userinfo` nor `host` takes `@`), so `userinfo` is what precedes the only `@`. A
//!   host starting with `[` is an `IP-literal` and ends at the first `]` (its contents take no
//!   `]`); any other host takes no `:` (`reg-name` and `IPv4address` do not), so the port is
//!   after the first `:` that follows the host. `userinfo` takes `:`, so `user:pass@h` is valid.
//! - `host = IP-literal / IPv4address / reg-name`: every `IPv4address` is also a `reg-name`.
//!   Section 3.2.2's "first-match-wins" decides: a host that matches `IPv4address` is
//!   [`HostKind::Ipv4`], else [`HostKind::RegName`] (`1.2.3.256`, `01.2.3.4`, `1.2.3` and
//!   `1.2.3.4.` are reg-names). An `IP-literal` is never one of the others (brackets); inside it,
//!   `IPv6address` and `IPvFuture` never match the same text (`IPvFuture` starts with `v`).
//! - `IPv6address`'s nine alternatives overlap (`::1` matches several; `::` only the last); only
//!   membership is asked of it, so the overlap does not matter. `ls32`'s two alternatives never
//!   match the same text (only `IPv4address` has `.`), nor do `dec-octet`'s five (they differ
//!   in length or first digits; `0` is only `DIGIT`, and a leading `0` never starts a longer
//!   octet). Zone identifiers (`%25eth0`) are RFC 6874's, not RFC 3986's, and are not accepted.
//! - The generic `path` rule's alternatives overlap (`/a` is both `path-abempty` and
//!   `path-absolute`); it is not used by `URI-reference` and is offered by `matches_rule` only as
//!   the union. Which path rule a reference's path took follows from its context: with an
//!   authority `path-abempty`; else `path-absolute` if it starts with `/`, else
//!   `path-rootless` (with a scheme) or `path-noscheme` (without), else `path-empty`.
//! - `path-empty = 0<pchar>` is the empty string.
//! - Empty parts are kept distinct from absent ones: `reg-name` and `port` may be empty
//!   (`http://`, `http://h:/`), as may `userinfo` (`//@h`), `query` and `fragment`: `Some("")`
//!   means the delimiter is present with nothing after it, `None` that it is absent.
//!
//! Resolution ([`resolve`]) follows Section 5.2.2 for a strict parser: a reference with a scheme
//! is absolute even when the scheme is the base's (`http:g` gives `http:g`). Both strings are
//! split by Appendix B's regex without being checked against the grammar (the caller passes
//! valid ones); the base's fragment is never used. The algorithm is applied as written, also
//! where its result would split differently when parsed again (base `a:/b` with `..//c` gives
//! `a://c`, whose `c` now reads as an authority): the RFC's algorithm does not guard against it.
#![allow(dead_code)]

use regex::Regex;

/// How the host of an authority was read (first match wins, in this order of `host`'s
/// alternatives, Section 3.2.2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HostKind {
    /// `IP-literal` holding an `IPv6address`.
    Ipv6,
    /// `IP-literal` holding an `IPvFuture`.
    IpvFuture,
    /// `IPv4address` (which wins over `reg-name`).
    Ipv4,
    /// `reg-name` that is not an `IPv4address` (possibly empty).
    RegName,
}

/// An `authority`, split into its parts (see the module comment for how the split is made).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Authority {
    /// The whole authority as written (without the `//` before it).
    pub text: String,
    /// Before the `@`, if there is one (without the `@`).
    pub userinfo: Option<String>,
    /// As written; an `IP-literal` with its brackets. May be empty (an empty `reg-name`).
    pub host: String,
    pub host_kind: HostKind,
    /// After the `:` if there is one (without the `:`); may be empty.
    pub port: Option<String>,
}

/// The components of an RFC 3986 `URI-reference`, as written (nothing decoded or normalized).
/// `None` means the component's delimiter is absent; the path is always defined (Section 3.3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reference {
    pub scheme: Option<String>,
    pub authority: Option<Authority>,
    pub path: String,
    pub query: Option<String>,
    pub fragment: Option<String>,
}

/// Compiled recognizer of RFC 3986's Appendix A.
pub struct Rfc3986Oracle {
    rules: Rules,
}

impl Default for Rfc3986Oracle {
    fn default() -> Self {
        Rfc3986Oracle::new()
    }
}

impl Rfc3986Oracle {
    /// Compiles every regex (once).
    pub fn new() -> Self {
        Rfc3986Oracle {
            rules: Rules::build(),
        }
    }

    /// The components when `input` is an RFC 3986 `URI-reference` (whole input), else `None`.
    ///
    /// Panics if the whole-rule regex and the component-by-component check disagree.
    pub fn uri_reference(&self, input: &str) -> Option<Reference> {
        let accepted = self.rules.uri_reference.is_match(input);
        let parts = self.parts_by_rule(input);
        assert_eq!(
            accepted,
            parts.is_some(),
            "the URI-reference regex and the component rules disagree on {input:?}"
        );
        if let Some(parts) = &parts {
            // URI-reference = URI / relative-ref: the split says which one.
            assert_eq!(
                self.rules.uri.is_match(input),
                parts.scheme.is_some(),
                "the URI regex and the split disagree on {input:?}"
            );
            assert_eq!(
                self.rules.relative_ref.is_match(input),
                parts.scheme.is_none(),
                "the relative-ref regex and the split disagree on {input:?}"
            );
        }
        parts
    }

    /// Whether `input` is a `URI` (absolute, fragment allowed), whole input.
    pub fn uri(&self, input: &str) -> bool {
        self.rules.uri.is_match(input)
    }

    /// Whether `input` as a whole matches the ABNF rule named `rule` (names as the ABNF spells
    /// them, compared ignoring ASCII case as ABNF rule names are); `None` for an unknown name.
    pub fn matches_rule(&self, rule: &str, input: &str) -> Option<bool> {
        self.rules
            .by_name
            .iter()
            .find(|(name, _)| name.eq_ignore_ascii_case(rule))
            .map(|(_, re)| re.is_match(input))
    }

    /// Splits `input` by Appendix B and checks each part against its own rule.
    fn parts_by_rule(&self, input: &str) -> Option<Reference> {
        let r = &self.rules;
        let c = split(input);
        if let Some(scheme) = &c.scheme
            && !r.scheme.is_match(scheme)
        {
            return None;
        }
        let authority = match &c.authority {
            Some(text) => Some(self.authority(text)?),
            None => None,
        };
        let path_ok = if authority.is_some() {
            r.path_abempty.is_match(&c.path)
        } else if c.path.is_empty() {
            // path-empty
            true
        } else if c.path.starts_with('/') {
            r.path_absolute.is_match(&c.path)
        } else if c.scheme.is_some() {
            r.path_rootless.is_match(&c.path)
        } else {
            r.path_noscheme.is_match(&c.path)
        };
        if !path_ok {
            return None;
        }
        if let Some(query) = &c.query
            && !r.query.is_match(query)
        {
            return None;
        }
        if let Some(fragment) = &c.fragment
            && !r.fragment.is_match(fragment)
        {
            return None;
        }
        Some(Reference {
            scheme: c.scheme,
            authority,
            path: c.path,
            query: c.query,
            fragment: c.fragment,
        })
    }

    /// `text` split as an `authority` and checked part by part, or `None` if it is not one.
    /// Panics if that disagrees with the `authority` regex.
    fn authority(&self, text: &str) -> Option<Authority> {
        let parts = self.authority_parts(text);
        assert_eq!(
            self.rules.authority.is_match(text),
            parts.is_some(),
            "the authority regex and its split disagree on {text:?}"
        );
        parts
    }

    fn authority_parts(&self, text: &str) -> Option<Authority> {
        let r = &self.rules;
        let (userinfo, host_port) = match text.split_once('@') {
            Some((userinfo, rest)) => (Some(userinfo), rest),
            None => (None, text),
        };
        if let Some(userinfo) = userinfo
            && !r.userinfo.is_match(userinfo)
        {
            return None;
        }
        let (host, after_host) = if host_port.starts_with('[') {
            let close = host_port.find(']')?;
            host_port.split_at(close + 1)
        } else {
            let end = host_port.find(':').unwrap_or(host_port.len());
            host_port.split_at(end)
        };
        let port = if after_host.is_empty() {
            None
        } else {
            Some(after_host.strip_prefix(':')?)
        };
        if let Some(port) = port
            && !r.port.is_match(port)
        {
            return None;
        }
        // host = IP-literal / IPv4address / reg-name, first match wins.
        let host_kind = if r.ip_literal.is_match(host) {
            let inner = &host[1..host.len() - 1];
            if r.ipv6address.is_match(inner) {
                HostKind::Ipv6
            } else {
                assert!(r.ipvfuture.is_match(inner), "IP-literal {host:?}");
                HostKind::IpvFuture
            }
        } else if r.ipv4address.is_match(host) {
            HostKind::Ipv4
        } else if r.reg_name.is_match(host) {
            HostKind::RegName
        } else {
            return None;
        };
        Some(Authority {
            text: text.to_owned(),
            userinfo: userinfo.map(str::to_owned),
            host: host.to_owned(),
            host_kind,
            port: port.map(str::to_owned),
        })
    }
}

// ---------------------------------------------------------------------------------------------
// Regex combinators. Each returns a self-contained atom (a class or a non-capturing group).

/// The escape of one ASCII character, usable inside and outside a class.
fn escape(c: char) -> String {
    assert!(c.is_ascii(), "non-ASCII character in the ABNF");
    format!("\\x{{{:02X}}}", c as u32)
}

/// `%xLO-HI`: a range of code points (exact, as `%x` values are).
fn range(lo: u8, hi: u8) -> String {
    assert!(lo <= hi && hi < 0x80);
    format!("[{}-{}]", escape(lo as char), escape(hi as char))
}

/// `"a" / "b" / ...`: one of the listed single-character literals, as a class (letters in both
/// cases, as ABNF literals are case-insensitive).
fn one_of(chars: &str) -> String {
    assert!(!chars.is_empty());
    let mut class = String::from("[");
    for c in chars.chars() {
        if c.is_ascii_alphabetic() {
            class.push_str(&escape(c.to_ascii_uppercase()));
            class.push_str(&escape(c.to_ascii_lowercase()));
        } else {
            class.push_str(&escape(c));
        }
    }
    class.push(']');
    class
}

/// A quoted literal `"..."`: case-insensitive for letters (RFC 2234 Section 2.3).
fn lit(s: &str) -> String {
    let mut out = String::from("(?:");
    for c in s.chars() {
        if c.is_ascii_alphabetic() {
            out.push_str(&one_of(&c.to_string()));
        } else {
            out.push_str(&escape(c));
        }
    }
    out.push(')');
    out
}

/// `a / b / ...`
fn alt(parts: &[&str]) -> String {
    format!("(?:{})", parts.join("|"))
}

/// `a b ...` (concatenation)
fn seq(parts: &[&str]) -> String {
    format!("(?:{})", parts.concat())
}

/// `[ x ]`
fn opt(x: &str) -> String {
    format!("(?:{x})?")
}

/// `*x`
fn star(x: &str) -> String {
    format!("(?:{x})*")
}

/// `1*x`
fn plus(x: &str) -> String {
    format!("(?:{x})+")
}

/// `n( x )` / `nx`: exactly `n`.
fn rep(n: usize, x: &str) -> String {
    format!("(?:(?:{x}){{{n}}})")
}

/// `n*m x`: between `n` and `m`.
fn rep_between(n: usize, m: usize, x: &str) -> String {
    assert!(n <= m);
    format!("(?:(?:{x}){{{n},{m}}})")
}

/// Zero characters (`0<pchar>`).
fn empty() -> String {
    String::from("(?:)")
}

/// Compiles `body` anchored at both ends of the input.
fn anchored(body: &str) -> Regex {
    regex::RegexBuilder::new(&format!(r"\A{body}\z"))
        .size_limit(256 * (1 << 20))
        .dfa_size_limit(64 * (1 << 20))
        .build()
        .expect("RFC 3986 regex must compile")
}

/// The names of the rules, as spelled in Appendix A (and RFC 2234 for the core rules).
const RULES: [&str; 39] = [
    "URI",
    "hier-part",
    "URI-reference",
    "absolute-URI",
    "relative-ref",
    "relative-part",
    "scheme",
    "authority",
    "userinfo",
    "host",
    "port",
    "IP-literal",
    "IPvFuture",
    "IPv6address",
    "h16",
    "ls32",
    "IPv4address",
    "dec-octet",
    "reg-name",
    "path",
    "path-abempty",
    "path-absolute",
    "path-noscheme",
    "path-rootless",
    "path-empty",
    "segment",
    "segment-nz",
    "segment-nz-nc",
    "pchar",
    "query",
    "fragment",
    "pct-encoded",
    "unreserved",
    "reserved",
    "gen-delims",
    "sub-delims",
    "ALPHA",
    "DIGIT",
    "HEXDIG",
];

struct Rules {
    /// (rule name, anchored regex), for every rule of [`RULES`].
    by_name: Vec<(&'static str, Regex)>,
    uri_reference: Regex,
    uri: Regex,
    relative_ref: Regex,
    scheme: Regex,
    authority: Regex,
    userinfo: Regex,
    port: Regex,
    ip_literal: Regex,
    ipv6address: Regex,
    ipvfuture: Regex,
    ipv4address: Regex,
    reg_name: Regex,
    path_abempty: Regex,
    path_absolute: Regex,
    path_noscheme: Regex,
    path_rootless: Regex,
    query: Regex,
    fragment: Regex,
}

impl Rules {
    fn build() -> Rules {
        // ---- Core rules (RFC 2234 Appendix A)
        // ALPHA = %x41-5A / %x61-7A
        let alpha = alt(&[&range(0x41, 0x5A), &range(0x61, 0x7A)]);
        // DIGIT = %x30-39
        let digit = range(0x30, 0x39);
        // HEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F"  (literals: case-insensitive)
        let hexdig = alt(&[
            &digit,
            &lit("A"),
            &lit("B"),
            &lit("C"),
            &lit("D"),
            &lit("E"),
            &lit("F"),
        ]);

        // ---- Characters (Section 2)
        // pct-encoded = "%" HEXDIG HEXDIG
        let pct_encoded = seq(&[&lit("%"), &hexdig, &hexdig]);
        // unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"
        let unreserved = alt(&[&alpha, &digit, &one_of("-._~")]);
        // gen-delims = ":" / "/" / "?" / "#" / "[" / "]" / "@"
        let gen_delims = one_of(":/?#[]@");
        // sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="
        let sub_delims = one_of("!$&'()*+,;=");
        // reserved = gen-delims / sub-delims
        let reserved = alt(&[&gen_delims, &sub_delims]);

        // ---- Path (Section 3.3)
        // pchar = unreserved / pct-encoded / sub-delims / ":" / "@"
        let pchar = alt(&[&unreserved, &pct_encoded, &sub_delims, &lit(":"), &lit("@")]);
        // segment = *pchar
        let segment = star(&pchar);
        // segment-nz = 1*pchar
        let segment_nz = plus(&pchar);
        // segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )
        let segment_nz_nc = plus(&alt(&[&unreserved, &pct_encoded, &sub_delims, &lit("@")]));
        let slash_segments = star(&seq(&[&lit("/"), &segment]));
        // path-abempty = *( "/" segment )
        let path_abempty = slash_segments.clone();
        // path-absolute = "/" [ segment-nz *( "/" segment ) ]
        let path_absolute = seq(&[&lit("/"), &opt(&seq(&[&segment_nz, &slash_segments]))]);
        // path-noscheme = segment-nz-nc *( "/" segment )
        let path_noscheme = seq(&[&segment_nz_nc, &slash_segments]);
        // path-rootless = segment-nz *( "/" segment )
        let path_rootless = seq(&[&segment_nz, &slash_segments]);
        // path-empty = 0<pchar>
        let path_empty = empty();
        // path = path-abempty / path-absolute / path-noscheme / path-rootless / path-empty
        let path = alt(&[
            &path_abempty,
            &path_absolute,
            &path_noscheme,
            &path_rootless,
            &path_empty,
        ]);

        // ---- Query and fragment (Sections 3.4, 3.5)
        // query = *( pchar / "/" / "?" )
        let query = star(&alt(&[&pchar, &lit("/"), &lit("?")]));
        // fragment = *( pchar / "/" / "?" )
        let fragment = star(&alt(&[&pchar, &lit("/"), &lit("?")]));

        // ---- Host (Section 3.2.2)
        // dec-octet = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35
        let dec_octet = alt(&[
            &digit,
            &seq(&[&range(0x31, 0x39), &digit]),
            &seq(&[&lit("1"), &rep(2, &digit)]),
            &seq(&[&lit("2"), &range(0x30, 0x34), &digit]),
            &seq(&[&lit("25"), &range(0x30, 0x35)]),
        ]);
        // IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet
        let ipv4address = seq(&[
            &dec_octet,
            &lit("."),
            &dec_octet,
            &lit("."),
            &dec_octet,
            &lit("."),
            &dec_octet,
        ]);
        // h16 = 1*4HEXDIG
        let h16 = rep_between(1, 4, &hexdig);
        // ls32 = ( h16 ":" h16 ) / IPv4address
        let ls32 = alt(&[&seq(&[&h16, &lit(":"), &h16]), &ipv4address]);
        let h16c = seq(&[&h16, &lit(":")]);
        let dc = lit("::");
        // [ *n( h16 ":" ) h16 ]
        let head = |n: usize| opt(&seq(&[&rep_between(0, n, &h16c), &h16]));
        // IPv6address =                            6( h16 ":" ) ls32
        //             /                       "::" 5( h16 ":" ) ls32
        //             / [               h16 ] "::" 4( h16 ":" ) ls32
        //             / [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
        //             / [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
        //             / [ *3( h16 ":" ) h16 ] "::"    h16 ":"   ls32
        //             / [ *4( h16 ":" ) h16 ] "::"              ls32
        //             / [ *5( h16 ":" ) h16 ] "::"              h16
        //             / [ *6( h16 ":" ) h16 ] "::"
        let ipv6address = alt(&[
            &seq(&[&rep(6, &h16c), &ls32]),
            &seq(&[&dc, &rep(5, &h16c), &ls32]),
            &seq(&[&opt(&h16), &dc, &rep(4, &h16c), &ls32]),
            &seq(&[&head(1), &dc, &rep(3, &h16c), &ls32]),
            &seq(&[&head(2), &dc, &rep(2, &h16c), &ls32]),
            &seq(&[&head(3), &dc, &h16c, &ls32]),
            &seq(&[&head(4), &dc, &ls32]),
            &seq(&[&head(5), &dc, &h16]),
            &seq(&[&head(6), &dc]),
        ]);
        // IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
        let ipvfuture = seq(&[
            &lit("v"),
            &plus(&hexdig),
            &lit("."),
            &plus(&alt(&[&unreserved, &sub_delims, &lit(":")])),
        ]);
        // IP-literal = "[" ( IPv6address / IPvFuture  ) "]"
        let ip_literal = seq(&[&lit("["), &alt(&[&ipv6address, &ipvfuture]), &lit("]")]);
        // reg-name = *( unreserved / pct-encoded / sub-delims )
        let reg_name = star(&alt(&[&unreserved, &pct_encoded, &sub_delims]));
        // host = IP-literal / IPv4address / reg-name
        let host = alt(&[&ip_literal, &ipv4address, &reg_name]);

        // ---- Authority (Section 3.2)
        // port = *DIGIT
        let port = star(&digit);
        // userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
        let userinfo = star(&alt(&[&unreserved, &pct_encoded, &sub_delims, &lit(":")]));
        // authority = [ userinfo "@" ] host [ ":" port ]
        let authority = seq(&[
            &opt(&seq(&[&userinfo, &lit("@")])),
            &host,
            &opt(&seq(&[&lit(":"), &port])),
        ]);

        // ---- Scheme (Section 3.1)
        // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
        let scheme = seq(&[&alpha, &star(&alt(&[&alpha, &digit, &one_of("+-.")]))]);

        // ---- URI (Sections 3, 4)
        let q = opt(&seq(&[&lit("?"), &query]));
        let f = opt(&seq(&[&lit("#"), &fragment]));
        // hier-part = "//" authority path-abempty / path-absolute / path-rootless / path-empty
        let hier_part = alt(&[
            &seq(&[&lit("//"), &authority, &path_abempty]),
            &path_absolute,
            &path_rootless,
            &path_empty,
        ]);
        // URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
        let uri = seq(&[&scheme, &lit(":"), &hier_part, &q, &f]);
        // absolute-URI = scheme ":" hier-part [ "?" query ]
        let absolute_uri = seq(&[&scheme, &lit(":"), &hier_part, &q]);
        // relative-part = "//" authority path-abempty / path-absolute / path-noscheme
        //               / path-empty
        let relative_part = alt(&[
            &seq(&[&lit("//"), &authority, &path_abempty]),
            &path_absolute,
            &path_noscheme,
            &path_empty,
        ]);
        // relative-ref = relative-part [ "?" query ] [ "#" fragment ]
        let relative_ref = seq(&[&relative_part, &q, &f]);
        // URI-reference = URI / relative-ref
        let uri_reference = alt(&[&uri, &relative_ref]);

        let fragments: [(&'static str, &String); 39] = [
            ("URI", &uri),
            ("hier-part", &hier_part),
            ("URI-reference", &uri_reference),
            ("absolute-URI", &absolute_uri),
            ("relative-ref", &relative_ref),
            ("relative-part", &relative_part),
            ("scheme", &scheme),
            ("authority", &authority),
            ("userinfo", &userinfo),
            ("host", &host),
            ("port", &port),
            ("IP-literal", &ip_literal),
            ("IPvFuture", &ipvfuture),
            ("IPv6address", &ipv6address),
            ("h16", &h16),
            ("ls32", &ls32),
            ("IPv4address", &ipv4address),
            ("dec-octet", &dec_octet),
            ("reg-name", &reg_name),
            ("path", &path),
            ("path-abempty", &path_abempty),
            ("path-absolute", &path_absolute),
            ("path-noscheme", &path_noscheme),
            ("path-rootless", &path_rootless),
            ("path-empty", &path_empty),
            ("segment", &segment),
            ("segment-nz", &segment_nz),
            ("segment-nz-nc", &segment_nz_nc),
            ("pchar", &pchar),
            ("query", &query),
            ("fragment", &fragment),
            ("pct-encoded", &pct_encoded),
            ("unreserved", &unreserved),
            ("reserved", &reserved),
            ("gen-delims", &gen_delims),
            ("sub-delims", &sub_delims),
            ("ALPHA", &alpha),
            ("DIGIT", &digit),
            ("HEXDIG", &hexdig),
        ];
        assert!(fragments.iter().zip(RULES.iter()).all(|((a, _), b)| a == b));
        let by_name = fragments
            .iter()
            .map(|(name, body)| (*name, anchored(body)))
            .collect();
        Rules {
            by_name,
            uri_reference: anchored(&uri_reference),
            uri: anchored(&uri),
            relative_ref: anchored(&relative_ref),
            scheme: anchored(&scheme),
            authority: anchored(&authority),
            userinfo: anchored(&userinfo),
            port: anchored(&port),
            ip_literal: anchored(&ip_literal),
            ipv6address: anchored(&ipv6address),
            ipvfuture: anchored(&ipvfuture),
            ipv4address: anchored(&ipv4address),
            reg_name: anchored(&reg_name),
            path_abempty: anchored(&path_abempty),
            path_absolute: anchored(&path_absolute),
            path_noscheme: anchored(&path_noscheme),
            path_rootless: anchored(&path_rootless),
            query: anchored(&query),
            fragment: anchored(&fragment),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Appendix B, Section 5.2 and Section 5.3.

/// The five components as Appendix B's regular expression splits any string. `None` means
/// the component is undefined (its delimiter is absent).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
struct Components {
    scheme: Option<String>,
    authority: Option<String>,
    path: String,
    query: Option<String>,
    fragment: Option<String>,
}

/// Appendix B, as printed (`(?s)` only so that `.` also takes a line break, which no valid
/// reference has): scheme = $2, authority = $4, path = $5, query = $7, fragment = $9.
const APPENDIX_B: &str = r"(?s)^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?";

fn appendix_b() -> &'static Regex {
    static RE: std::sync::OnceLock<Regex> = std::sync::OnceLock::new();
    RE.get_or_init(|| Regex::new(APPENDIX_B).expect("Appendix B's regex must compile"))
}

/// Splits any string by Appendix B's regex (which matches every string as a whole).
fn split(input: &str) -> Components {
    let caps = appendix_b()
        .captures(input)
        .expect("Appendix B's regex matches every string");
    assert_eq!(
        caps.get(0).map(|m| m.as_str()),
        Some(input),
        "Appendix B's regex did not take all of {input:?}"
    );
    let get = |i: usize| caps.get(i).map(|m| m.as_str().to_owned());
    Components {
        scheme: get(2),
        authority: get(4),
        path: get(5).unwrap_or_default(),
        query: get(7),
        fragment: get(9),
    }
}

/// Section 5.3: component recomposition.
fn recompose(c: &Components) -> String {
    let mut result = String::new();
    if let Some(scheme) = &c.scheme {
        result.push_str(scheme);
        result.push(':');
    }
    if let Some(authority) = &c.authority {
        result.push_str("//");
        result.push_str(authority);
    }
    result.push_str(&c.path);
    if let Some(query) = &c.query {
        result.push('?');
        result.push_str(query);
    }
    if let Some(fragment) = &c.fragment {
        result.push('#');
        result.push_str(fragment);
    }
    result
}

/// RFC 3986 section 5.2.2 (strict), with 5.2.3 merge, 5.2.4 remove_dot_segments and 5.3
/// recomposition, on two strings that are URI-references (the base a URI). Split them by
/// Appendix B's regex.
pub fn resolve(base: &str, reference: &str) -> String {
    let base = split(base);
    let r = split(reference);
    // Section 5.2.2, the pseudocode with "strict" (no removal of a scheme equal to the base's).
    let t = if r.scheme.is_some() {
        Components {
            scheme: r.scheme.clone(),
            authority: r.authority.clone(),
            path: remove_dot_segments(&r.path),
            query: r.query.clone(),
            fragment: r.fragment.clone(),
        }
    } else if r.authority.is_some() {
        Components {
            scheme: base.scheme.clone(),
            authority: r.authority.clone(),
            path: remove_dot_segments(&r.path),
            query: r.query.clone(),
            fragment: r.fragment.clone(),
        }
    } else if r.path.is_empty() {
        Components {
            scheme: base.scheme.clone(),
            authority: base.authority.clone(),
            path: base.path.clone(),
            query: if r.query.is_some() {
                r.query.clone()
            } else {
                base.query.clone()
            },
            fragment: r.fragment.clone(),
        }
    } else {
        let path = if r.path.starts_with('/') {
            remove_dot_segments(&r.path)
        } else {
            remove_dot_segments(&merge(&base, &r.path))
        };
        Components {
            scheme: base.scheme.clone(),
            authority: base.authority.clone(),
            path,
            query: r.query.clone(),
            fragment: r.fragment.clone(),
        }
    };
    recompose(&t)
}

/// Section 5.2.3: merge a relative-path reference with the base's path.
fn merge(base: &Components, reference_path: &str) -> String {
    if base.authority.is_some() && base.path.is_empty() {
        // "a string consisting of the reference's path component appended to a single slash"
        format!("/{reference_path}")
    } else {
        // "the reference's path component appended to all but the last segment of the base
        // URI's path (i.e., excluding any characters after the right-most "/" in the base URI
        // path, or excluding the entire base URI path if it does not contain any "/")"
        let kept = base.path.rfind('/').map_or("", |last| &base.path[..=last]);
        format!("{kept}{reference_path}")
    }
}

/// Section 5.2.4, steps 1 to 3 with the input and output buffers of the text.
pub fn remove_dot_segments(path: &str) -> String {
    // 1. The input buffer is the path, the output buffer empty.
    let mut input: &str = path;
    let mut output = String::new();
    // 2. While the input buffer is not empty:
    while !input.is_empty() {
        if let Some(rest) = input.strip_prefix("../") {
            // A. Remove a prefix "../" ...
            input = rest;
        } else if let Some(rest) = input.strip_prefix("./") {
            // A. ... or "./".
            input = rest;
        } else if input.starts_with("/./") {
            // B. Replace a prefix "/./" with "/" ...
            input = &input[2..];
        } else if input == "/." {
            // B. ... or "/." where "." is a complete path segment (so the whole input).
            input = "/";
        } else if input.starts_with("/../") {
            // C. Replace a prefix "/../" with "/", and remove the last segment and its
            //    preceding "/" (if any) from the output buffer ...
            input = &input[3..];
            output.truncate(output.rfind('/').unwrap_or(0));
        } else if input == "/.." {
            // C. ... or "/.." where ".." is a complete path segment.
            input = "/";
            output.truncate(output.rfind('/').unwrap_or(0));
        } else if input == "." || input == ".." {
            // D. The input is only "." or "..": remove it.
            input = "";
        } else {
            // E. Move the first path segment, with its initial "/" if any, up to but not
            //    including the next "/", to the end of the output buffer.
            let from = usize::from(input.starts_with('/'));
            let end = input[from..].find('/').map_or(input.len(), |at| from + at);
            output.push_str(&input[..end]);
            input = &input[end..];
        }
    }
    // 3. The output buffer is the result.
    output
}
