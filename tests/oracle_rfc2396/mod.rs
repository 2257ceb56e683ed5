//! Independent recognizer of the RFC 2396 (August 1998) `URI-reference` grammar, built from
//! regular expressions, and the relative-reference resolution of its Section 5.2.
//!
//! Every rule of Appendix A ("Collected BNF for URI") is one local regex fragment in
//! [`Rules::build`], composed with the small combinators below (`one_of`, `lit`, `alt`, `seq`,
//! `opt`, `star`, `plus`), each of which returns a self-contained (grouped) regex atom, so the
//! fragments compose like BNF terms. All character classes are ASCII and written with `\x{..}`
//! escapes: no regex metacharacter can leak, and no non-ASCII character can ever match.
//!
//! Reading of the BNF (RFC 2396 Section 1.6, the notation of RFC 822 with `|` for alternatives):
//! `[ x ]` is optional, `*x` zero or more, `1*x` one or more, `"..."` a literal. Literals are
//! case-sensitive (the grammar's `scheme` already lists both cases; its `hex` lists `A-F` and
//! `a-f`). RFC 2732 (IPv6 literals in brackets) is not part of RFC 2396 and is not recognized.
//!
//! Acceptance is decided by one anchored regex of the whole `URI-reference` rule. The parts of an
//! accepted reference are then taken as described at [`Rfc2396Oracle::uri_reference`], and
//! each part is checked again against its own rule: the two must agree on every input, or the
//! recognizer panics (an internal inconsistency, never a property of the input).
//!
//! Where the grammar is ambiguous, the choices are:
//! - `URI-reference = [ absoluteURI | relativeURI ] ...`: the two never match the same text (a
//!   `relativeURI` has no `:` before its first `/` or `?`, since `rel_segment` excludes `:`, and
//!   an `absoluteURI` always has one right after its scheme), but `absoluteURI` is tried first.
//! - `hier_part` / `relativeURI`: `net_path` before `abs_path`. A text starting with `//`
//!   matches both (`abs_path` allows an empty first segment); Section 4.3 says "the authority
//!   component wins". Whenever `abs_path` matches such a text, `net_path` does too (`reg_name`
//!   takes the same characters as a path segment), so this changes the split, never acceptance.
//! - `authority = server | reg_name`: `server` wins when both match (`example.com:80`); the
//!   authority is then split into `userinfo`, `host` and `port` (at most one `@` and one `:`
//!   after it can occur in a `server`, so that split is unique).
//! - `host = hostname | IPv4address`: never both (a `toplabel` starts with a letter).
//!
//! Consequences of the grammar as written, kept as they are: `?y` (an example of Appendix C) is
//! not a `URI-reference`, since `relativeURI` needs a path and `rel_segment` is `1*`; `http:`
//! and `about:` are not either (`opaque_part` needs a character); an `authority` that is not a
//! `server` (`a_b`, `user@`, `:80`, `123`) is still valid as a `reg_name`.
#![allow(dead_code)]

use regex::Regex;

/// The parts of an RFC 2396 `URI-reference`.
///
/// `authority` is the text after `//` (`Some("")` for `file:///x`); `path` is the `abs_path` or
/// `rel_path` (possibly empty), or the whole `opaque_part` when `opaque` is true (then `query`
/// is `None`: a `?` in an opaque part belongs to it). `query` and `fragment` exclude their `?`
/// and `#`; `None` means the separator is absent, `Some("")` that it is present with nothing
/// after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reference {
    pub scheme: Option<String>,
    pub authority: Option<String>,
    pub path: String,
    pub query: Option<String>,
    pub fragment: Option<String>,
    /// The `absoluteURI` took `opaque_part` (not `hier_part`).
    pub opaque: bool,
    /// `Some` when the authority matches `server` (which wins over `reg_name`); `None` when there
    /// is no authority or it is only a `reg_name`.
    pub server: Option<Server>,
}

/// A `server = [ [ userinfo "@" ] hostport ]` authority, split into its parts.
///
/// All three are `None` for the empty server (`file:///x`). `userinfo` excludes its `@`, `port`
/// its `:`; `port` is `Some("")` for `host:` (`port = *digit`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Server {
    pub userinfo: Option<String>,
    pub host: Option<String>,
    pub port: Option<String>,
}

/// The five components of Section 3 / Section 4.3, as the regular expression of Appendix B
/// splits any string (valid or not). `None` means the component's separator is absent.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Components {
    pub scheme: Option<String>,
    pub authority: Option<String>,
    pub path: String,
    pub query: Option<String>,
    pub fragment: Option<String>,
}

/// Compiled recognizer of RFC 2396's Appendix A.
pub struct Rfc2396Oracle {
    rules: Rules,
}

impl Default for Rfc2396Oracle {
    fn default() -> Self {
        Rfc2396Oracle::new()
    }
}

impl Rfc2396Oracle {
    /// Compiles every regex (once).
    pub fn new() -> Self {
        Rfc2396Oracle {
            rules: Rules::build(),
        }
    }

    /// `None` if `input` is not an RFC 2396 `URI-reference`; else its parts.
    ///
    /// The split (RFC 2396 Sections 3, 4.3 and Appendix B): the fragment is everything after the
    /// first `#` (no rule before it takes a `#`); before it, a scheme is the text before a first
    /// `:` that comes before any `/` and `?`; the authority starts after a leading `//` and ends
    /// at the first `/`, `?`, `#` or the end (Section 3.2); the path ends at the first `?`, `#`
    /// or the end, and the query is the rest up to the `#`.
    /// Exception: in an `opaque_part` (the scheme is followed by something other than `/`), the
    /// path is everything after the scheme's `:`, `?` included, and there is no query. On a
    /// valid reference this split is the grammar's (with the priorities in the module comment).
    pub fn uri_reference(&self, input: &str) -> Option<Reference> {
        let accepted = self.rules.uri_reference.is_match(input);
        let parts = self.parts_by_rule(input);
        assert_eq!(
            accepted,
            parts.is_some(),
            "the URI-reference regex and the component rules disagree on {input:?}"
        );
        parts
    }

    /// Whether the whole `input` is an RFC 2396 `absoluteURI` (no fragment).
    pub fn absolute_uri(&self, input: &str) -> bool {
        self.rules.absolute_uri.is_match(input)
    }

    /// Whether the whole `input` matches the Appendix A rule `rule` (spelled as in the RFC:
    /// `"URI-reference"`, `"absoluteURI"`, `"rel_segment"`, ...). `None` for an unknown name.
    pub fn matches_rule(&self, rule: &str, input: &str) -> Option<bool> {
        self.rules
            .by_name
            .iter()
            .find(|(name, _)| *name == rule)
            .map(|(_, re)| re.is_match(input))
    }

    /// The regex source of an Appendix A rule (unanchored). For debugging only.
    pub fn pattern(&self, rule: &str) -> Option<String> {
        self.rules
            .by_name
            .iter()
            .find(|(name, _)| *name == rule)
            .map(|(_, re)| {
                let source = re.as_str();
                source[2..source.len() - 2].to_owned()
            })
    }

    /// The same as the free function [`resolve`].
    pub fn resolve(base: &str, reference: &str) -> String {
        resolve(base, reference)
    }

    /// Splits `input` as in [`Self::uri_reference`] and checks each part against its own rule.
    fn parts_by_rule(&self, input: &str) -> Option<Reference> {
        let r = &self.rules;
        let (uri, fragment) = match input.split_once('#') {
            Some((uri, fragment)) => (uri, Some(fragment)),
            None => (input, None),
        };
        if let Some(fragment) = fragment
            && !r.fragment.is_match(fragment)
        {
            return None;
        }
        let fragment = fragment.map(str::to_owned);
        if uri.is_empty() {
            return Some(Reference {
                scheme: None,
                authority: None,
                path: String::new(),
                query: None,
                fragment,
                opaque: false,
                server: None,
            });
        }
        let c = split(uri);
        let after_scheme = match &c.scheme {
            Some(scheme) => {
                if !r.scheme.is_match(scheme) {
                    return None;
                }
                &uri[scheme.len() + 1..]
            }
            None => uri,
        };
        if c.scheme.is_some() && !after_scheme.starts_with('/') {
            // The opaque form of absoluteURI: scheme ":" opaque_part
            if !r.opaque_part.is_match(after_scheme) {
                return None;
            }
            return Some(Reference {
                scheme: c.scheme,
                authority: None,
                path: after_scheme.to_owned(),
                query: None,
                fragment,
                opaque: true,
                server: None,
            });
        }
        // hier_part, or relativeURI: ( net_path | abs_path | rel_path ) [ "?" query ]
        let path_ok = if c.authority.is_some() {
            // net_path = "//" authority [ abs_path ]
            c.path.is_empty() || r.abs_path.is_match(&c.path)
        } else if c.path.starts_with('/') {
            r.abs_path.is_match(&c.path)
        } else {
            // Only a relativeURI can get here (a scheme is followed by "/" here).
            c.scheme.is_none() && r.rel_path.is_match(&c.path)
        };
        if !path_ok {
            return None;
        }
        if let Some(authority) = &c.authority
            && !r.authority.is_match(authority)
        {
            return None;
        }
        if let Some(query) = &c.query
            && !r.query.is_match(query)
        {
            return None;
        }
        let server = c.authority.as_deref().and_then(|a| self.server(a));
        Some(Reference {
            scheme: c.scheme,
            authority: c.authority,
            path: c.path,
            query: c.query,
            fragment,
            opaque: false,
            server,
        })
    }

    /// `authority` split as a `server`, or `None` if it is not one.
    fn server(&self, authority: &str) -> Option<Server> {
        let caps = self.rules.server_parts.captures(authority)?;
        let get = |name: &str| caps.name(name).map(|m| m.as_str().to_owned());
        Some(Server {
            userinfo: get("userinfo"),
            host: get("host"),
            port: get("port"),
        })
    }
}

// ---------------------------------------------------------------------------------------------
// Regex combinators. Each returns a self-contained atom (a class or a non-capturing group).

/// `"a" | "b" | ...`: one of the listed (ASCII) characters, as a character class.
fn one_of(chars: &str) -> String {
    assert!(!chars.is_empty());
    let mut class = String::from("[");
    for c in chars.chars() {
        assert!(c.is_ascii(), "non-ASCII character in a BNF character set");
        if c.is_ascii_alphanumeric() {
            class.push(c);
        } else {
            class.push_str(&format!("\\x{{{:02X}}}", c as u32));
        }
    }
    class.push(']');
    class
}

/// A literal `"..."`.
fn lit(s: &str) -> String {
    let mut out = String::from("(?:");
    for c in s.chars() {
        assert!(c.is_ascii(), "non-ASCII character in a BNF literal");
        if c.is_ascii_alphanumeric() {
            out.push(c);
        } else {
            out.push_str(&format!("\\x{{{:02X}}}", c as u32));
        }
    }
    out.push(')');
    out
}

/// `a | b | ...`
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

/// A named capture group around `x` (only for splitting a `server`).
fn named(name: &str, x: &str) -> String {
    format!("(?P<{name}>{x})")
}

/// Compiles `body` anchored at both ends of the input.
fn anchored(body: &str) -> Regex {
    regex::RegexBuilder::new(&format!(r"\A{body}\z"))
        .size_limit(64 * (1 << 20))
        .build()
        .expect("RFC 2396 regex must compile")
}

// ---------------------------------------------------------------------------------------------
// Character sets that are plain lists of single-character literals.

/// lowalpha = "a" | "b" | ... | "z"
const LOWALPHA: &str = "abcdefghijklmnopqrstuvwxyz";
/// upalpha = "A" | "B" | ... | "Z"
const UPALPHA: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
/// digit = "0" | "1" | ... | "9"
const DIGIT: &str = "0123456789";
/// The letters of hex = digit | "A" | "B" | "C" | "D" | "E" | "F" | "a" | ... | "f"
const HEX_LETTERS: &str = "ABCDEFabcdef";
/// mark = "-" | "_" | "." | "!" | "~" | "*" | "'" | "(" | ")"
const MARK: &str = "-_.!~*'()";
/// reserved = ";" | "/" | "?" | ":" | "@" | "&" | "=" | "+" | "$" | ","
const RESERVED: &str = ";/?:@&=+$,";

struct Rules {
    /// (rule name as in Appendix A, anchored regex), for every rule.
    by_name: Vec<(&'static str, Regex)>,
    uri_reference: Regex,
    absolute_uri: Regex,
    scheme: Regex,
    authority: Regex,
    abs_path: Regex,
    rel_path: Regex,
    opaque_part: Regex,
    query: Regex,
    fragment: Regex,
    /// Anchored `server` with the named groups `userinfo`, `host` and `port`.
    server_parts: Regex,
}

/// The names of the Appendix A rules, as spelled there, in its order.
pub const RULES: [&str; 42] = [
    "URI-reference",
    "absoluteURI",
    "relativeURI",
    "hier_part",
    "opaque_part",
    "uric_no_slash",
    "net_path",
    "abs_path",
    "rel_path",
    "rel_segment",
    "scheme",
    "authority",
    "reg_name",
    "server",
    "userinfo",
    "hostport",
    "host",
    "hostname",
    "domainlabel",
    "toplabel",
    "IPv4address",
    "port",
    "path",
    "path_segments",
    "segment",
    "param",
    "pchar",
    "query",
    "fragment",
    "uric",
    "reserved",
    "unreserved",
    "mark",
    "escaped",
    "hex",
    "alphanum",
    "alpha",
    "lowalpha",
    "upalpha",
    "digit",
    // Not in Appendix A's list but defined in Section 2.4.3 as excluded characters; kept out of
    // the grammar. Listed here only so that `matches_rule` can be asked about them.
    "delims",
    "unwise",
];

impl Rules {
    fn build() -> Rules {
        // ---- Characters (Section 1.6 and 2)
        let lowalpha = one_of(LOWALPHA);
        let upalpha = one_of(UPALPHA);
        let digit = one_of(DIGIT);
        // alpha = lowalpha | upalpha
        let alpha = alt(&[&lowalpha, &upalpha]);
        // alphanum = alpha | digit
        let alphanum = alt(&[&alpha, &digit]);
        // hex = digit | "A" | ... | "F" | "a" | ... | "f"
        let hex = alt(&[&digit, &one_of(HEX_LETTERS)]);
        // escaped = "%" hex hex
        let escaped = seq(&[&lit("%"), &hex, &hex]);
        let mark = one_of(MARK);
        // unreserved = alphanum | mark
        let unreserved = alt(&[&alphanum, &mark]);
        let reserved = one_of(RESERVED);
        // uric = reserved | unreserved | escaped
        let uric = alt(&[&reserved, &unreserved, &escaped]);
        // Section 2.4.3 (excluded): delims = "<" | ">" | "#" | "%" | <">
        let delims = one_of("<>#%\"");
        // Section 2.4.3 (excluded): unwise = "{" | "}" | "|" | "\" | "^" | "[" | "]" | "`"
        let unwise = one_of("{}|\\^[]`");

        // ---- Fragment and query
        // fragment = *uric
        let fragment = star(&uric);
        // query = *uric
        let query = star(&uric);

        // ---- Path
        // pchar = unreserved | escaped | ":" | "@" | "&" | "=" | "+" | "$" | ","
        let pchar = alt(&[&unreserved, &escaped, &one_of(":@&=+$,")]);
        // param = *pchar
        let param = star(&pchar);
        // segment = *pchar *( ";" param )
        let segment = seq(&[&star(&pchar), &star(&seq(&[&lit(";"), &param]))]);
        // path_segments = segment *( "/" segment )
        let path_segments = seq(&[&segment, &star(&seq(&[&lit("/"), &segment]))]);
        // abs_path = "/" path_segments
        let abs_path = seq(&[&lit("/"), &path_segments]);
        // uric_no_slash = unreserved | escaped | ";" | "?" | ":" | "@" |
        //                 "&" | "=" | "+" | "$" | ","
        let uric_no_slash = alt(&[&unreserved, &escaped, &one_of(";?:@&=+$,")]);
        // opaque_part = uric_no_slash *uric
        let opaque_part = seq(&[&uric_no_slash, &star(&uric)]);
        // path = [ abs_path | opaque_part ]
        let path = opt(&alt(&[&abs_path, &opaque_part]));
        // rel_segment = 1*( unreserved | escaped |
        //                   ";" | "@" | "&" | "=" | "+" | "$" | "," )
        let rel_segment = plus(&alt(&[&unreserved, &escaped, &one_of(";@&=+$,")]));
        // rel_path = rel_segment [ abs_path ]
        let rel_path = seq(&[&rel_segment, &opt(&abs_path)]);

        // ---- Authority
        // port = *digit
        let port = star(&digit);
        // IPv4address = 1*digit "." 1*digit "." 1*digit "." 1*digit
        let digits = plus(&digit);
        let ipv4address = seq(&[
            &digits,
            &lit("."),
            &digits,
            &lit("."),
            &digits,
            &lit("."),
            &digits,
        ]);
        let alphanum_or_hyphen = alt(&[&alphanum, &lit("-")]);
        // toplabel = alpha | alpha *( alphanum | "-" ) alphanum
        let toplabel = alt(&[
            &alpha,
            &seq(&[&alpha, &star(&alphanum_or_hyphen), &alphanum]),
        ]);
        // domainlabel = alphanum | alphanum *( alphanum | "-" ) alphanum
        let domainlabel = alt(&[
            &alphanum,
            &seq(&[&alphanum, &star(&alphanum_or_hyphen), &alphanum]),
        ]);
        // hostname = *( domainlabel "." ) toplabel [ "." ]
        let hostname = seq(&[
            &star(&seq(&[&domainlabel, &lit(".")])),
            &toplabel,
            &opt(&lit(".")),
        ]);
        // host = hostname | IPv4address
        let host = alt(&[&hostname, &ipv4address]);
        // hostport = host [ ":" port ]
        let hostport = seq(&[&host, &opt(&seq(&[&lit(":"), &port]))]);
        // userinfo = *( unreserved | escaped |
        //               ";" | ":" | "&" | "=" | "+" | "$" | "," )
        let userinfo = star(&alt(&[&unreserved, &escaped, &one_of(";:&=+$,")]));
        // server = [ [ userinfo "@" ] hostport ]
        let server = opt(&seq(&[&opt(&seq(&[&userinfo, &lit("@")])), &hostport]));
        // reg_name = 1*( unreserved | escaped | "$" | "," |
        //                ";" | ":" | "@" | "&" | "=" | "+" )
        let reg_name = plus(&alt(&[&unreserved, &escaped, &one_of("$,;:@&=+")]));
        // authority = server | reg_name
        let authority = alt(&[&server, &reg_name]);
        // scheme = alpha *( alpha | digit | "+" | "-" | "." )
        let scheme = seq(&[&alpha, &star(&alt(&[&alpha, &digit, &one_of("+-.")]))]);

        // ---- URI
        // net_path = "//" authority [ abs_path ]
        let net_path = seq(&[&lit("//"), &authority, &opt(&abs_path)]);
        // hier_part = ( net_path | abs_path ) [ "?" query ]
        let hier_part = seq(&[
            &alt(&[&net_path, &abs_path]),
            &opt(&seq(&[&lit("?"), &query])),
        ]);
        // relativeURI = ( net_path | abs_path | rel_path ) [ "?" query ]
        let relative_uri = seq(&[
            &alt(&[&net_path, &abs_path, &rel_path]),
            &opt(&seq(&[&lit("?"), &query])),
        ]);
        // absoluteURI = scheme ":" ( hier_part | opaque_part )
        let absolute_uri = seq(&[&scheme, &lit(":"), &alt(&[&hier_part, &opaque_part])]);
        // URI-reference = [ absoluteURI | relativeURI ] [ "#" fragment ]
        let uri_reference = seq(&[
            &opt(&alt(&[&absolute_uri, &relative_uri])),
            &opt(&seq(&[&lit("#"), &fragment])),
        ]);

        // server, with its parts captured.
        let server_parts = opt(&seq(&[
            &opt(&seq(&[&named("userinfo", &userinfo), &lit("@")])),
            &named("host", &host),
            &opt(&seq(&[&lit(":"), &named("port", &port)])),
        ]));

        let fragments: [(&'static str, &String); 42] = [
            ("URI-reference", &uri_reference),
            ("absoluteURI", &absolute_uri),
            ("relativeURI", &relative_uri),
            ("hier_part", &hier_part),
            ("opaque_part", &opaque_part),
            ("uric_no_slash", &uric_no_slash),
            ("net_path", &net_path),
            ("abs_path", &abs_path),
            ("rel_path", &rel_path),
            ("rel_segment", &rel_segment),
            ("scheme", &scheme),
            ("authority", &authority),
            ("reg_name", &reg_name),
            ("server", &server),
            ("userinfo", &userinfo),
            ("hostport", &hostport),
            ("host", &host),
            ("hostname", &hostname),
            ("domainlabel", &domainlabel),
            ("toplabel", &toplabel),
            ("IPv4address", &ipv4address),
            ("port", &port),
            ("path", &path),
            ("path_segments", &path_segments),
            ("segment", &segment),
            ("param", &param),
            ("pchar", &pchar),
            ("query", &query),
            ("fragment", &fragment),
            ("uric", &uric),
            ("reserved", &reserved),
            ("unreserved", &unreserved),
            ("mark", &mark),
            ("escaped", &escaped),
            ("hex", &hex),
            ("alphanum", &alphanum),
            ("alpha", &alpha),
            ("lowalpha", &lowalpha),
            ("upalpha", &upalpha),
            ("digit", &digit),
            ("delims", &delims),
            ("unwise", &unwise),
        ];
        debug_assert!(fragments.iter().zip(RULES.iter()).all(|((a, _), b)| a == b));
        let by_name = fragments
            .iter()
            .map(|(name, body)| (*name, anchored(body)))
            .collect();
        Rules {
            by_name,
            uri_reference: anchored(&uri_reference),
            absolute_uri: anchored(&absolute_uri),
            scheme: anchored(&scheme),
            authority: anchored(&authority),
            abs_path: anchored(&abs_path),
            rel_path: anchored(&rel_path),
            opaque_part: anchored(&opaque_part),
            query: anchored(&query),
            fragment: anchored(&fragment),
            server_parts: anchored(&server_parts),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Section 5.2: resolving relative references to absolute form.

/// Splits any string into the five components the way Appendix B's regular expression does:
///
/// ```text
/// ^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?
/// ```
///
/// The groups: the scheme is $2, the authority $4, the path $5, the query
/// $7 and the fragment $9.
pub fn split(input: &str) -> Components {
    let mut c = Components::default();
    let mut rest = input;
    if let Some((before, fragment)) = rest.split_once('#') {
        c.fragment = Some(fragment.to_owned());
        rest = before;
    }
    if let Some(end) = rest.find([':', '/', '?'])
        && end > 0
        && rest.as_bytes()[end] == b':'
    {
        c.scheme = Some(rest[..end].to_owned());
        rest = &rest[end + 1..];
    }
    if let Some(after) = rest.strip_prefix("//") {
        let end = after.find(['/', '?']).unwrap_or(after.len());
        c.authority = Some(after[..end].to_owned());
        rest = &after[end..];
    }
    match rest.split_once('?') {
        Some((path, query)) => {
            c.path = path.to_owned();
            c.query = Some(query.to_owned());
        }
        None => c.path = rest.to_owned(),
    }
    c
}

/// Section 5.2 step 7: recombines components into a URI reference.
pub fn recompose(c: &Components) -> String {
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

/// Resolves `reference` against `base` by RFC 2396 Section 5.2, steps 1 to 7, as written.
///
/// Both strings are split by [`split`] (Appendix B); neither is checked against the grammar.
/// The base is assumed to be an `absoluteURI` (its scheme defined) with a hierarchical path, as
/// Section 5 requires of a base; its fragment, if any, is ignored. See [`resolve_components`]
/// for the reading of each step.
pub fn resolve(base: &str, reference: &str) -> String {
    recompose(&resolve_components(&split(base), &split(reference)))
}

/// Section 5.2 on split components. The reading of each step:
///
/// 2. A reference with an empty path and no scheme, authority or query is a reference to the
///    current document: the result is the base without its fragment (scheme, authority, path
///    and query, as Section 4.2 says for an empty reference that must become a request), plus
///    the reference's fragment if it has one. Appendix C writes these results as
///    "(current document)" and "(current document)#s".
/// 3. A reference with a scheme is an absolute URI and is returned as it is, even when its
///    scheme is the base's (`http:g` gives `http:g`): the strict reading, for validating
///    parsers. The backwards-compatible removal of a scheme equal to the base's is not done.
/// 4. A reference with an authority keeps its authority, path and query.
/// 5. A path starting with `/` is kept as it is (no `.`/`..` removal: `/./g` stays).
/// 6. Otherwise the base path up to and including its last `/` (nothing if it has none) is
///    followed by the reference's path, and `.`/`..` segments are removed by sub-steps c) to
///    f) of [`merge_paths`]. Step 6 g) is read as its first option: `..` segments that cannot
///    be removed are kept (`http://a/../g`). The reference's query is kept, the base's is not.
///    A base with an authority and an empty path is taken as written: `g` against `http://a`
///    gives `http://ag` (RFC 2396 has no special case for it; RFC 3986 later added one).
/// 7. The components are recombined ([`recompose`]); the fragment is always the reference's.
pub fn resolve_components(base: &Components, reference: &Components) -> Components {
    // Step 2.
    if reference.path.is_empty()
        && reference.scheme.is_none()
        && reference.authority.is_none()
        && reference.query.is_none()
    {
        return Components {
            fragment: reference.fragment.clone(),
            ..base.clone()
        };
    }
    // Step 3.
    if reference.scheme.is_some() {
        return reference.clone();
    }
    let mut result = Components {
        scheme: base.scheme.clone(),
        authority: None,
        path: String::new(),
        query: reference.query.clone(),
        fragment: reference.fragment.clone(),
    };
    // Step 4.
    if reference.authority.is_some() {
        result.authority = reference.authority.clone();
        result.path = reference.path.clone();
        return result;
    }
    result.authority = base.authority.clone();
    // Step 5.
    if reference.path.starts_with('/') {
        result.path = reference.path.clone();
        return result;
    }
    // Step 6.
    result.path = merge_paths(&base.path, &reference.path);
    result
}

/// Section 5.2 step 6, sub-steps a) to h), with a string buffer as in the text.
///
/// A "complete path segment" is the text between two `/`, or between the start of the buffer
/// and its first `/`, or after the last `/` up to the end of the buffer, with one exception:
/// when the buffer built by a) and b) starts with `/`, the empty text before that `/` is not a
/// segment (`abs_path = "/" path_segments`; otherwise `/../g` would lose its `..`, against
/// Appendix C). A removal never takes that leading `/`, so this is decided once: a buffer that
/// did not start with `/` keeps an empty first segment as a segment if removals expose one
/// (`a/..//../g` gives `g`, as a stack of segments would).
pub fn merge_paths(base_path: &str, reference_path: &str) -> String {
    // a) All but the last segment of the base path.
    let mut buffer = match base_path.rfind('/') {
        Some(last) => base_path[..=last].to_owned(),
        None => String::new(),
    };
    // b) The reference's path.
    buffer.push_str(reference_path);
    let rooted = buffer.starts_with('/');
    // c) Remove every "./" whose "." is a complete segment.
    let mut i = 0;
    while i < buffer.len() {
        if segment_starts_at(rooted, &buffer, i) && buffer.as_bytes()[i..].starts_with(b"./") {
            buffer.replace_range(i..i + 2, "");
        } else {
            i += 1;
        }
    }
    // d) A final "." segment is removed.
    if buffer.ends_with('.') && segment_starts_at(rooted, &buffer, buffer.len() - 1) {
        buffer.pop();
    }
    // e) Remove "<segment>/../" (segment not ".."), leftmost first, until none remains.
    'again: loop {
        for start in 0..buffer.len() {
            if !segment_starts_at(rooted, &buffer, start) {
                continue;
            }
            let end = buffer[start..]
                .find('/')
                .map_or(buffer.len(), |at| start + at);
            if &buffer[start..end] != ".." && buffer[end..].starts_with("/../") {
                buffer.replace_range(start..end + 4, "");
                continue 'again;
            }
        }
        break;
    }
    // f) A final "<segment>/.." (segment not "..") is removed.
    if let Some(without) = buffer.strip_suffix("/..") {
        let start = without.rfind('/').map_or(0, |at| at + 1);
        if segment_starts_at(rooted, &buffer, start) && &without[start..] != ".." {
            buffer.truncate(start);
        }
    }
    // g) Leading ".." segments that remain are kept. h) The buffer is the new path.
    buffer
}

/// Whether a complete path segment of `buffer` starts at byte `at` (`rooted`: the buffer
/// started with `/` when it was built).
fn segment_starts_at(rooted: bool, buffer: &str, at: usize) -> bool {
    if at == 0 {
        !rooted
    } else {
        buffer.as_bytes()[at - 1] == b'/'
    }
}
