//! Independent recognizer of the URL forms that the Linux man page uri(7) gives (the version that
//! describes them under RFC 2396, "Uniform Resource Identifiers (URI): Generic Syntax", August
//! 1998), each judged as an RFC 2396 `absoluteURI` (Appendix A, "Collected BNF for URI")
//! narrowed by its uri(7) template:
//! - http, ftp, gopher, mailto, news, telnet, file and wais by uri(7)'s templates, whose text
//!   is RFC 1738's (December 1994) with its prose;
//! - man, info, whatis and ghelp by uri(7)'s templates and notes (GNOME's and KDE's forms);
//! - ldap by RFC 2255 ("The LDAP URL Format", §3), its distinguished name by RFC 2253 (§3), its
//!   filter by RFC 2254 (§4), its attribute descriptions and matching rules by RFC 2251 (§4.1.5,
//!   §4.1.9) and its extension types by RFC 2252's `oid` (§4.1).
//!
//! Every other scheme (`toc:man`, `urn:ietf:rfc:2396`, nntp and prospero included) is judged by
//! RFC 2396's `absoluteURI` alone. Where a template leaves a choice, the reading is that of RFC
//! 1738's BNF for the same template, which uri(7) copies; this is the reading of the crate's
//! `docs/grammar.md` ("RFC 2396 and uri(7)"), which the recognizer follows wherever it states
//! one.
//!
//! Built from small character predicates over bytes (every class is ASCII, so no non-ASCII
//! character and no control character is ever in one), regular expressions (the `regex` crate:
//! linear time) for the few names and hosts, and a hand-written reader for the LDAP DN and the
//! LDAP filter, the one rule that nests, whose depth is bounded (below). The input is first cut
//! at its first `#` (the fragment) and its first `:` (the scheme); the scheme, compared ignoring
//! ASCII case, selects the form. [`Uri7Oracle::check`] names the rule or the reading that
//! refused an input.
//!
//! Where the documents leave a choice, the readings are:
//! - **Absolute URIs only.** The input is RFC 2396's `absoluteURI`, optionally followed by `#`
//!   and a `fragment` (`*uric`), split at the first `#` (Appendix A's `URI-reference` with a
//!   scheme). A relative reference is refused.
//! - **RFC 2396 as published.** RFC 2732 is not applied: no IPv6 literal, no `[` or `]`
//!   anywhere.
//! - **Authorities.** `authority = server | reg_name` is the union of the two languages (an
//!   authority that is no `server`, `a_b` or `u@`, is still a `reg_name`); `IPv4address` is four
//!   groups of digits with no range (`1.2.3.256` is one); `port = *digit`, so a port may be
//!   empty (`http://h:/`) in every form, ldap's included; a `hostname` may end with `.`.
//! - **`ip_server`.** uri(7)'s `[user [ : password ] @ ] host [ : port]` is RFC 2396's
//!   `[ userinfo "@" ] host [ ":" port ]`: the user information may be empty (`http://@h/`), the
//!   host is required (`http:///a` is refused).
//! - **http**: `http://ip_server[/path[?query]]`: the path may be left out (uri(7)'s own
//!   example `http://lwn.net`), a query comes only after a path (`http://h?q` is refused, as RFC
//!   1738's `httpurl` refuses it).
//! - **ftp**: `ftp://ip_server[/path]`: the `/path` may be left out with its `/` (`ftp://h`), as
//!   in RFC 1738's `ftpurl` and in http; no query.
//! - **gopher**: `gopher://ip_server[/[gophertype selector[%09search[%09gopher+_string]]]]`
//!   over RFC 2396's path characters; no query. The type, "a single-character field", is any
//!   one character or escape, `%09`, `%0A` and `%0D` included, as RFC 1738's `gtype = xchar`
//!   (`gopher://h/%091`). The selector may hold `%0A` and `%0D`: uri(7)'s sentence that selector
//!   strings "may contain any octets except 09 hexadecimal ..., 0A ... and 0D" is RFC 1738's
//!   §3.4, whose BNF takes them (`selector = *xchar`); the first `%09` ends it. The search and
//!   the gopher+ string are free. So a gopher URL is any path of RFC 2396's characters.
//! - **mailto, whatis, ghelp**: RFC 2396's `opaque_part` (not empty, not starting with `/`):
//!   "usually of the form name@hostname" is no constraint; `ghelp:///usr/share/help/...` is
//!   refused.
//! - **news**: `news:*`, a group name (RFC 1738's `group`: a letter, then letters, digits, `-`,
//!   `.`, `+` and `_`), or a message-id `unique@full_domain_name`, told apart by the `@`: the
//!   unique part is one or more `uric` but `@`, not starting with `/` (an `opaque_part`), the
//!   domain an RFC 2396 `hostname` (no IPv4 address).
//! - **telnet**: `telnet://ip_server[/]`; "The final "/" character may be omitted", and nothing
//!   follows it.
//! - **file**: `file://[ip_server]/path_segments` or `file:/path_segments`: the host may be
//!   empty, `localhost` or any `ip_server`; the path starts at the root (`file:etc/passwd` is
//!   refused); no query.
//! - **wais**: `wais://hostport/database`, `/database?search` or `/database/wtype/wpath`: a
//!   `hostport` (no user, host required), each part one RFC 2396 `segment` (empty allowed, `;`
//!   parameters included: `wais://h/db;v2`), a search only after a database alone.
//! - **man**: `man:(index)` (uri(7)'s notes), or `man:name` with an optional `(section)`; the
//!   name is one or more `uric` but `(` and `)`, not starting with `/`
//!   (`man:/usr/share/man/man1/ls.1` is refused); the section, the "section number" of man(7),
//!   is one or more letters and digits (`3p`, `n`).
//! - **info**: GNOME's `info:name` (the `#nodename` being the fragment) and KDE's
//!   `info:(name)[nodename]`. The file name is one `virtual-filename` for both forms: one or more
//!   `uric` but `(` and `)`, whose first character is `opaque_part`'s, so no `/`
//!   (`info:(/gcc)` is refused, `info:(a/b)` taken). KDE's node is `*uric`: the spaces that KDE
//!   writes as they are (`info:(gcc)G++ and GCC`) are refused, escaped they are taken.
//! - **ldap** (RFC 2255 §3): `ldap://[hostport][/[dn[?[attributes][?[scope][?[filter][?extensions]]]]]]`.
//!   The `hostport` "from Section 5 of RFC 1738" is read in RFC 2396's terms (`host [":"
//!   port]`), no user, and may be empty (`ldap:///o=x`). A raw `?` separates the parts ("?"
//!   inside one "MUST be escaped"), so a fifth raw `?` is refused. The dn holds RFC 2396's path
//!   characters, the other parts `uric`. The dn and the filter are judged with their escapes
//!   decoded, so a character they give a meaning to reads the same raw or escaped
//!   (`cn=a%2Cb` is the DN `cn=a,b`). In names (attribute types and options, the scope,
//!   extension types and their `!`) only letters, digits, `-`, `.`, `!` and `;` may be escaped,
//!   since RFC 2396 §2.3 makes an escaped unreserved character mean the same and RFC 2255 §3
//!   has reserved characters in a part escaped (`ldap:///?cn%3Blang` and `ldap:///?cn;lang`);
//!   the URL's own delimiters (`?`, and `,` and `=` between attributes and extensions) are read
//!   only raw.
//! - **The DN** (RFC 2253 §3, the grammar uri(7) cites; §4's leniencies for LDAPv2 are not
//!   applied: no `oid.` prefix, no `;` between RDNs, no spaces around separators). An
//!   `attributeType` is a letter then letters, digits and `-` (one letter is enough: uri(7)'s
//!   own `o=` and `c=`), or dotted digits. A value is a `string` of `stringchar` and `pair`, `#`
//!   and a `hexstring`, or the quoted form; a `stringchar` is any octet but the specials, `\`
//!   and `"` (octets above 127 and NUL included: the text is not checked as UTF-8).
//! - **Attributes** (RFC 2251 §4.1.5 `AttributeDescription`): a letter then letters, digits and
//!   `-`, or dotted digits, then `;`-options of letters, digits and `-`; `*` is no attribute.
//! - **Scope**: `base`, `one` or `sub`, in either case (RFC 2255's grammar is ABNF, whose
//!   quoted strings ignore case, RFC 2234 §2.3).
//! - **The filter** (RFC 2254 §4, over the decoded text): the outer parentheses are required;
//!   `filterlist = 1*filter` (`(&)` is refused); a value is any octet but `*`, `(`, `)`, `\` and
//!   NUL, or `\` and two hex digits; `*` only in an equality, where it makes a present or a
//!   substring filter (empty values and parts allowed: `(cn=)`, `(cn=**)`); `:dn` in either
//!   case; a matching rule is a name (a letter then letters, digits and `-`) or dotted digits
//!   (RFC 2251 §4.1.9 says only `LDAPString`); an extensible match without an attribute needs
//!   a matching rule.
//! - **The nesting limit.** The filter nests as deep as its reader goes. docs/grammar.md ("The
//!   one rule that nests") gives the crate's limit, 248 parentheses deep read; this reader stops
//!   at 200 levels: a filter that reaches a 201st level before any error is refused as "deeper
//!   than the nesting limit", and [`Uri7Oracle::too_deep`] says so, so that a comparison can
//!   leave those inputs out.
//! - **Extensions** (RFC 2255 §3): one or more, so a `?` followed by nothing is refused; `!`
//!   (raw or `%21`) marks a critical one; the type is RFC 2252's `oid` (a `descr` of a letter
//!   then letters, digits, `-` and `;`, or dotted digits), optionally after `X-` or `x-`; the
//!   value is any text: a raw `=` may stand in it, a raw `,` may not ("If a comma character ','
//!   occurs inside an extension value, the character MUST also be escaped").
//! - **Escapes.** Wherever a part's characters are free, a character is one that RFC 2396
//!   allows there or one `escaped` triplet, the hex digits in either case.
#![allow(dead_code)]

use regex::Regex;
use regex::bytes::Regex as BytesRegex;

/// The filter's nesting bound, in levels of parentheses.
const MAX_DEPTH: usize = 200;

/// The reason given for a filter nested deeper than [`MAX_DEPTH`].
const DEEP_REASON: &str = "RFC 2254 filter: deeper than the nesting limit (200 levels)";

/// Compiled recognizer of uri(7)'s URLs.
pub struct Uri7Oracle {
    /// RFC 2396 `scheme`.
    scheme: Regex,
    /// RFC 2396 `domainlabel`, `toplabel`, `IPv4address`.
    domain_label: Regex,
    top_label: Regex,
    ipv4: Regex,
    /// RFC 1738 §3.6 `group`.
    news_group: Regex,
    /// RFC 2253 §3 `attributeType` (no `oid.` prefix).
    attribute_type: BytesRegex,
    /// RFC 2251 §4.1.5 `AttributeDescription`.
    attribute_description: BytesRegex,
    /// RFC 2255 §3 `extype`: RFC 2252 `oid`, optionally after `X-`.
    extension_type: BytesRegex,
    /// RFC 2251 §4.1.9 `MatchingRuleId`, read as a name or a numeric oid.
    matching_rule: BytesRegex,
}

impl Default for Uri7Oracle {
    fn default() -> Self {
        Uri7Oracle::new()
    }
}

// ---------------------------------------------------------------------------------------------
// RFC 2396 Appendix A's character classes, over bytes (a non-ASCII byte is in none).

fn hex(b: u8) -> bool {
    b.is_ascii_hexdigit()
}

fn unreserved(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"-_.!~*'()".contains(&b)
}

fn uric(b: u8) -> bool {
    unreserved(b) || b";/?:@&=+$,".contains(&b)
}

fn uric_no_slash(b: u8) -> bool {
    unreserved(b) || b";?:@&=+$,".contains(&b)
}

fn uric_no_at(b: u8) -> bool {
    uric(b) && b != b'@'
}

fn pchar(b: u8) -> bool {
    unreserved(b) || b":@&=+$,".contains(&b)
}

/// The characters of `path_segments` (`pchar`, `;` and `/`).
fn path_char(b: u8) -> bool {
    pchar(b) || b == b';' || b == b'/'
}

fn userinfo_char(b: u8) -> bool {
    unreserved(b) || b";:&=+$,".contains(&b)
}

fn reg_name_char(b: u8) -> bool {
    unreserved(b) || b"$,;:@&=+".contains(&b)
}

/// uri(7)'s names (man's command name, info's file name): `uric` but `(` and `)`, which give
/// the structure there.
fn name_char(b: u8) -> bool {
    uric(b) && b != b'(' && b != b')'
}

/// `s` is a string over `class` and `escaped` triplets.
fn over(s: &str, class: fn(u8) -> bool) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            if i + 2 < b.len() && hex(b[i + 1]) && hex(b[i + 2]) {
                i += 3;
                continue;
            }
            return false;
        }
        if !class(b[i]) {
            return false;
        }
        i += 1;
    }
    true
}

/// Every `%` of `s` starts an `escaped` triplet.
fn escapes_well_formed(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            if i + 2 < b.len() && hex(b[i + 1]) && hex(b[i + 2]) {
                i += 3;
                continue;
            }
            return false;
        }
        i += 1;
    }
    true
}

fn hex_value(b: u8) -> u8 {
    match b {
        b'0'..=b'9' => b - b'0',
        b'a'..=b'f' => b - b'a' + 10,
        b'A'..=b'F' => b - b'A' + 10,
        _ => 0,
    }
}

/// The octets of `s` with its escapes decoded (`s` has well-formed escapes).
fn decode(s: &str) -> Vec<u8> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' && i + 2 < b.len() {
            out.push(hex_value(b[i + 1]) * 16 + hex_value(b[i + 2]));
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    out
}

/// An LDAP name field decoded, where only letters, digits, `-`, `.`, `!` and `;` may be
/// escaped; `None` when another character is, or an escape is malformed.
fn decode_name(s: &str) -> Option<Vec<u8>> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            if !(i + 2 < b.len() && hex(b[i + 1]) && hex(b[i + 2])) {
                return None;
            }
            let c = hex_value(b[i + 1]) * 16 + hex_value(b[i + 2]);
            if !(c.is_ascii_alphanumeric() || b"-.!;".contains(&c)) {
                return None;
            }
            out.push(c);
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    Some(out)
}

/// `rest` after `//` cut into the authority (up to the first `/` or `?`), the path and the
/// query (`None` without a `?`).
fn split_hier(rest: &str) -> (&str, &str, Option<&str>) {
    let end = rest.find(['/', '?']).unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(end);
    match tail.split_once('?') {
        Some((path, query)) => (authority, path, Some(query)),
        None => (authority, tail, None),
    }
}

fn refuse<T>(reason: &str) -> Result<T, String> {
    Err(reason.to_owned())
}

fn compile(pattern: &str) -> Regex {
    Regex::new(pattern).expect("a valid regex")
}

fn compile_bytes(pattern: &str) -> BytesRegex {
    BytesRegex::new(pattern).expect("a valid regex")
}

impl Uri7Oracle {
    /// Compiles every regex (once).
    pub fn new() -> Self {
        const OID: &str = r"[0-9]+(?:\.[0-9]+)*";
        Uri7Oracle {
            scheme: compile(r"^[A-Za-z][A-Za-z0-9+.\-]*$"),
            domain_label: compile(r"^[A-Za-z0-9](?:[A-Za-z0-9\-]*[A-Za-z0-9])?$"),
            top_label: compile(r"^[A-Za-z](?:[A-Za-z0-9\-]*[A-Za-z0-9])?$"),
            ipv4: compile(r"^[0-9]+\.[0-9]+\.[0-9]+\.[0-9]+$"),
            news_group: compile(r"^[A-Za-z][A-Za-z0-9.+_\-]*$"),
            attribute_type: compile_bytes(&format!(r"(?-u)^(?:[A-Za-z][A-Za-z0-9\-]*|{OID})$")),
            attribute_description: compile_bytes(&format!(
                r"(?-u)^(?:[A-Za-z][A-Za-z0-9\-]*|{OID})(?:;[A-Za-z0-9\-]+)*$"
            )),
            extension_type: compile_bytes(&format!(
                r"(?-u)^(?:[Xx]-)?(?:[A-Za-z][A-Za-z0-9;\-]*|{OID})$"
            )),
            matching_rule: compile_bytes(&format!(r"(?-u)^(?:[A-Za-z][A-Za-z0-9\-]*|{OID})$")),
        }
    }

    /// Ok(()) when the absolute URI (with an optional fragment) is taken; Err(reason) naming
    /// the rule or reading that refused it.
    pub fn check(&self, url: &str) -> Result<(), String> {
        let (body, fragment) = match url.split_once('#') {
            Some((body, fragment)) => (body, Some(fragment)),
            None => (url, None),
        };
        if fragment.is_some_and(|f| !over(f, uric)) {
            return refuse("RFC 2396 fragment: a character that is no uric");
        }
        let Some((scheme, rest)) = body.split_once(':') else {
            return refuse("RFC 2396 absoluteURI: no scheme (no ':')");
        };
        if !self.scheme.is_match(scheme) {
            return refuse("RFC 2396 scheme");
        }
        match scheme.to_ascii_lowercase().as_str() {
            "http" => self.http(rest),
            "ftp" => self.ftp(rest),
            "gopher" => self.gopher(rest),
            "mailto" => opaque(rest, "uri(7) mailto: email-address"),
            "news" => self.news(rest),
            "telnet" => self.telnet(rest),
            "file" => self.file(rest),
            "wais" => self.wais(rest),
            "man" => man(rest),
            "info" => info(rest),
            "whatis" => opaque(rest, "uri(7) whatis: string"),
            "ghelp" => opaque(rest, "uri(7) ghelp: name-of-application"),
            "ldap" => self.ldap(rest),
            _ => self.generic(rest),
        }
    }

    /// Whether the URL is taken.
    pub fn accepts(&self, url: &str) -> bool {
        self.check(url).is_ok()
    }

    /// Whether the input is refused only because its LDAP filter nests more than 200 levels
    /// deep (the filter's reader reached a 201st level before finding any error).
    pub fn too_deep(&self, url: &str) -> bool {
        matches!(self.check(url), Err(reason) if reason == DEEP_REASON)
    }

    // -----------------------------------------------------------------------------------------
    // RFC 2396 Appendix A.

    fn hostname(&self, h: &str) -> bool {
        let h = h.strip_suffix('.').unwrap_or(h);
        if h.is_empty() {
            return false;
        }
        let (domains, top) = match h.rsplit_once('.') {
            Some((domains, top)) => (Some(domains), top),
            None => (None, h),
        };
        domains.is_none_or(|d| d.split('.').all(|l| self.domain_label.is_match(l)))
            && self.top_label.is_match(top)
    }

    fn host(&self, h: &str) -> bool {
        self.ipv4.is_match(h) || self.hostname(h)
    }

    /// `hostport = host [ ":" port ]`, `port = *digit`.
    fn hostport(&self, hp: &str) -> bool {
        let (h, port) = hp.split_once(':').unwrap_or((hp, ""));
        self.host(h) && port.bytes().all(|b| b.is_ascii_digit())
    }

    /// `server = [ [ userinfo "@" ] hostport ]`.
    fn server(&self, a: &str) -> bool {
        if a.is_empty() {
            return true;
        }
        let hp = match a.split_once('@') {
            Some((userinfo, hp)) => {
                if !over(userinfo, userinfo_char) {
                    return false;
                }
                hp
            }
            None => a,
        };
        self.hostport(hp)
    }

    /// uri(7)'s `ip_server`: a `server` with a host.
    fn ip_server(&self, a: &str) -> bool {
        !a.is_empty() && self.server(a)
    }

    fn authority(&self, a: &str) -> bool {
        self.server(a) || (!a.is_empty() && over(a, reg_name_char))
    }

    /// `absoluteURI`'s part after `scheme:`.
    fn generic(&self, rest: &str) -> Result<(), String> {
        if let Some(after) = rest.strip_prefix("//") {
            let (authority, path, query) = split_hier(after);
            if !self.authority(authority) {
                return refuse("RFC 2396 authority: neither a server nor a reg_name");
            }
            if !over(path, path_char) {
                return refuse("RFC 2396 abs_path");
            }
            if query.is_some_and(|q| !over(q, uric)) {
                return refuse("RFC 2396 query");
            }
            return Ok(());
        }
        if rest.starts_with('/') {
            let (path, query) = match rest.split_once('?') {
                Some((path, query)) => (path, Some(query)),
                None => (rest, None),
            };
            if !over(path, path_char) {
                return refuse("RFC 2396 abs_path");
            }
            if query.is_some_and(|q| !over(q, uric)) {
                return refuse("RFC 2396 query");
            }
            return Ok(());
        }
        opaque(rest, "RFC 2396 opaque_part")
    }

    // -----------------------------------------------------------------------------------------
    // uri(7)'s templates.

    /// `http://ip_server[/path[?query]]`.
    fn http(&self, rest: &str) -> Result<(), String> {
        let (path, query) = self.after_ip_server("http", rest)?;
        if path.is_empty() && query.is_some() {
            return refuse("uri(7) http: a query without a path");
        }
        if !over(path, path_char) {
            return refuse("uri(7) http: path (RFC 2396 path_segments)");
        }
        if query.is_some_and(|q| !over(q, uric)) {
            return refuse("uri(7) http: query (RFC 2396 query)");
        }
        Ok(())
    }

    /// `ftp://ip_server[/path]`.
    fn ftp(&self, rest: &str) -> Result<(), String> {
        self.path_without_query("ftp", rest)
    }

    /// `gopher://ip_server[/[gophertype selector[%09search[%09gopher+_string]]]]`: the type is
    /// any character or escape, the selector may hold `%0A` and `%0D`, the search and the
    /// gopher+ string are free, so the path is RFC 2396's path characters.
    fn gopher(&self, rest: &str) -> Result<(), String> {
        self.path_without_query("gopher", rest)
    }

    /// `scheme://ip_server[/path]`, a template without a query.
    fn path_without_query(&self, scheme: &str, rest: &str) -> Result<(), String> {
        let (path, query) = self.after_ip_server(scheme, rest)?;
        if query.is_some() {
            return refuse(&format!(
                "uri(7) {scheme}: a query, which the template has not"
            ));
        }
        if !over(path, path_char) {
            return refuse(&format!("uri(7) {scheme}: path (RFC 2396 path_segments)"));
        }
        Ok(())
    }

    /// The path and query after `//ip_server` in a template that starts so.
    fn after_ip_server<'r>(
        &self,
        scheme: &str,
        rest: &'r str,
    ) -> Result<(&'r str, Option<&'r str>), String> {
        let Some(after) = rest.strip_prefix("//") else {
            return refuse(&format!("uri(7) {scheme}: no '//' before the ip_server"));
        };
        let (authority, path, query) = split_hier(after);
        if !self.ip_server(authority) {
            return refuse(&format!("uri(7) {scheme}: ip_server"));
        }
        Ok((path, query))
    }

    /// `news:*`, `news:newsgroup-name`, `news:message-id`.
    fn news(&self, rest: &str) -> Result<(), String> {
        if rest == "*" {
            return Ok(());
        }
        if let Some((unique, domain)) = rest.rsplit_once('@') {
            if unique.contains('@') {
                return refuse("uri(7) news: message-id with two '@'");
            }
            if unique.is_empty() || !over(unique, uric_no_at) {
                return refuse("uri(7) news: message-id's unique part");
            }
            if unique.starts_with('/') {
                return refuse("uri(7) news: message-id starting with '/' (RFC 2396 opaque_part)");
            }
            if !self.hostname(domain) {
                return refuse("uri(7) news: message-id's full_domain_name (RFC 2396 hostname)");
            }
            return Ok(());
        }
        if self.news_group.is_match(rest) {
            return Ok(());
        }
        refuse("uri(7) news: newsgroup-name (RFC 1738 group)")
    }

    /// `telnet://ip_server[/]`.
    fn telnet(&self, rest: &str) -> Result<(), String> {
        let (path, query) = self.after_ip_server("telnet", rest)?;
        if query.is_some() || !(path.is_empty() || path == "/") {
            return refuse("uri(7) telnet: something after the final '/'");
        }
        Ok(())
    }

    /// `file://[ip_server]/path_segments`, `file:/path_segments`.
    fn file(&self, rest: &str) -> Result<(), String> {
        let (path, query) = if let Some(after) = rest.strip_prefix("//") {
            let (authority, path, query) = split_hier(after);
            if !authority.is_empty() && !self.ip_server(authority) {
                return refuse("uri(7) file: ip_server");
            }
            (path, query)
        } else {
            match rest.split_once('?') {
                Some((path, query)) => (path, Some(query)),
                None => (rest, None),
            }
        };
        if query.is_some() {
            return refuse("uri(7) file: a query, which the template has not");
        }
        if !path.starts_with('/') {
            return refuse("uri(7) file: a path that does not start from the root");
        }
        if !over(path, path_char) {
            return refuse("uri(7) file: path_segments");
        }
        Ok(())
    }

    /// `wais://hostport/database[?search]`, `wais://hostport/database/wtype/wpath`.
    fn wais(&self, rest: &str) -> Result<(), String> {
        let Some(after) = rest.strip_prefix("//") else {
            return refuse("uri(7) wais: no '//' before the hostport");
        };
        let (authority, path, query) = split_hier(after);
        if !self.hostport(authority) {
            return refuse("uri(7) wais: hostport");
        }
        let Some(parts) = path.strip_prefix('/') else {
            return refuse("uri(7) wais: no '/database'");
        };
        if !over(path, path_char) {
            return refuse("uri(7) wais: a database, wtype or wpath (RFC 2396 segment)");
        }
        let segments = parts.split('/').count();
        if segments != 1 && segments != 3 {
            return refuse("uri(7) wais: neither database nor database/wtype/wpath");
        }
        if let Some(q) = query {
            if segments != 1 {
                return refuse("uri(7) wais: a search after wtype/wpath");
            }
            if !over(q, uric) {
                return refuse("uri(7) wais: search (RFC 2396 query)");
            }
        }
        Ok(())
    }

    // -----------------------------------------------------------------------------------------
    // ldap: RFC 2255 §3, RFC 2253 §3, RFC 2254 §4.

    fn ldap(&self, rest: &str) -> Result<(), String> {
        let Some(after) = rest.strip_prefix("//") else {
            return refuse("RFC 2255 ldapurl: no '//' before the hostport");
        };
        let (hostport, tail) = match after.split_once('/') {
            Some((hostport, tail)) => (hostport, Some(tail)),
            None => (after, None),
        };
        if hostport.contains('?') {
            return refuse("RFC 2255 ldapurl: a '?' without the '/' before the dn");
        }
        if !hostport.is_empty() && !self.hostport(hostport) {
            return refuse("RFC 2255 hostport");
        }
        let Some(tail) = tail else {
            return Ok(());
        };
        if tail.bytes().filter(|&b| b == b'?').count() > 4 {
            return refuse("RFC 2255 ldapurl: a fifth unescaped '?'");
        }
        let parts: Vec<&str> = tail.split('?').collect();
        let dn = parts[0];
        if !over(dn, path_char) {
            return refuse("RFC 2255 dn: a character that is no path character");
        }
        if parts[1..].iter().any(|p| !over(p, uric)) {
            return refuse("RFC 2255 ldapurl: a character that is no uric after the dn");
        }
        if !self.distinguished_name(&decode(dn)) {
            return refuse("RFC 2253 distinguishedName");
        }
        if let Some(attributes) = parts.get(1).filter(|a| !a.is_empty()) {
            for a in attributes.split(',') {
                let ok = decode_name(a).is_some_and(|d| self.attribute_description.is_match(&d));
                if !ok {
                    return refuse("RFC 2255 attrdesc (RFC 2251 AttributeDescription)");
                }
            }
        }
        if let Some(scope) = parts.get(2).filter(|s| !s.is_empty()) {
            let ok = decode_name(scope).is_some_and(|d| {
                [&b"base"[..], b"one", b"sub"]
                    .iter()
                    .any(|k| d.eq_ignore_ascii_case(k))
            });
            if !ok {
                return refuse("RFC 2255 scope: not base, one or sub");
            }
        }
        if let Some(filter) = parts.get(3).filter(|f| !f.is_empty()) {
            let text = decode(filter);
            let mut reader = FilterReader {
                s: &text,
                oracle: self,
            };
            match reader.filter(0, 1) {
                Ok(end) if end == text.len() => {}
                Ok(_) | Err(FilterError::Bad) => return refuse("RFC 2254 filter"),
                Err(FilterError::Deep) => return refuse(DEEP_REASON),
            }
        }
        if let Some(extensions) = parts.get(4) {
            if extensions.is_empty() {
                return refuse("RFC 2255 extensions: a '?' followed by no extension");
            }
            for e in extensions.split(',') {
                let t = e.split_once('=').map_or(e, |(t, _value)| t);
                let t = t
                    .strip_prefix('!')
                    .or_else(|| t.strip_prefix("%21"))
                    .unwrap_or(t);
                let ok = decode_name(t).is_some_and(|d| self.extension_type.is_match(&d));
                if !ok {
                    return refuse("RFC 2255 extype (RFC 2252 oid)");
                }
            }
        }
        Ok(())
    }

    /// RFC 2253 §3 `distinguishedName`, on the decoded text.
    fn distinguished_name(&self, d: &[u8]) -> bool {
        const SPECIAL: &[u8] = b",=+<>#;";
        if d.is_empty() {
            return true;
        }
        let n = d.len();
        let mut i = 0;
        loop {
            // attributeType "="
            let j = d[i..].iter().position(|&b| b == b'=').map_or(n, |p| i + p);
            if j >= n || !self.attribute_type.is_match(&d[i..j]) {
                return false;
            }
            i = j + 1;
            // attributeValue
            if i < n && d[i] == b'#' {
                i += 1;
                let start = i;
                while i + 1 < n && hex(d[i]) && hex(d[i + 1]) {
                    i += 2;
                }
                if i == start {
                    return false;
                }
            } else if i < n && d[i] == b'"' {
                i += 1;
                loop {
                    if i >= n {
                        return false;
                    }
                    match d[i] {
                        b'"' => {
                            i += 1;
                            break;
                        }
                        b'\\' => match pair_len(d, i) {
                            Some(len) => i += len,
                            None => return false,
                        },
                        _ => i += 1,
                    }
                }
            } else {
                while i < n && d[i] != b',' && d[i] != b'+' {
                    let c = d[i];
                    if c == b'\\' {
                        match pair_len(d, i) {
                            Some(len) => i += len,
                            None => return false,
                        }
                        continue;
                    }
                    if SPECIAL.contains(&c) || c == b'"' {
                        return false;
                    }
                    i += 1;
                }
            }
            if i >= n {
                return true;
            }
            if d[i] == b',' || d[i] == b'+' {
                i += 1;
                continue;
            }
            return false;
        }
    }
}

/// RFC 2253 §3 `pair` at `d[i]` (a `\`): its length, or `None` when there is none.
fn pair_len(d: &[u8], i: usize) -> Option<usize> {
    let c = *d.get(i + 1)?;
    if b",=+<>#;\\\"".contains(&c) {
        return Some(2);
    }
    (hex(c) && d.get(i + 2).copied().is_some_and(hex)).then_some(3)
}

/// RFC 2396 `opaque_part = uric_no_slash *uric`, for a form `what` that is one.
fn opaque(rest: &str, what: &str) -> Result<(), String> {
    let Some(&first) = rest.as_bytes().first() else {
        return Err(format!("{what}: empty (RFC 2396 opaque_part)"));
    };
    if !escapes_well_formed(rest) {
        return Err(format!("{what}: a '%' that starts no escaped triplet"));
    }
    if !(first == b'%' || uric_no_slash(first)) {
        return Err(format!(
            "{what}: a first character that is no uric_no_slash (RFC 2396 opaque_part)"
        ));
    }
    if !over(rest, uric) {
        return Err(format!("{what}: a character that is no uric"));
    }
    Ok(())
}

/// `man:(index)`, `man:command-name`, `man:command-name(section)`.
fn man(rest: &str) -> Result<(), String> {
    if rest == "(index)" {
        return Ok(());
    }
    let (name, section) = match rest.find('(') {
        Some(i) if rest.ends_with(')') => (&rest[..i], Some(&rest[i + 1..rest.len() - 1])),
        _ => (rest, None),
    };
    if name.is_empty() || name.starts_with('/') || !over(name, name_char) {
        return refuse("uri(7) man: command-name");
    }
    if section.is_some_and(|s| s.is_empty() || !s.bytes().all(|b| b.is_ascii_alphanumeric())) {
        return refuse("uri(7) man: section");
    }
    Ok(())
}

/// GNOME's `info:virtual-filename` and KDE's `info:(virtual-filename)[nodename]`.
fn info(rest: &str) -> Result<(), String> {
    if let Some(kde) = rest.strip_prefix('(') {
        let Some((file, node)) = kde.split_once(')') else {
            return refuse("uri(7) info: a '(' without its ')'");
        };
        if file.is_empty() || file.starts_with('/') || !over(file, name_char) {
            return refuse("uri(7) info: virtual-filename");
        }
        if !over(node, uric) {
            return refuse("uri(7) info: nodename (RFC 2396 uric)");
        }
        return Ok(());
    }
    if rest.is_empty() || rest.starts_with('/') || !over(rest, name_char) {
        return refuse("uri(7) info: virtual-filename");
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// RFC 2254 §4, by recursive descent over the decoded filter.

enum FilterError {
    /// No filter.
    Bad,
    /// Deeper than [`MAX_DEPTH`] levels.
    Deep,
}

struct FilterReader<'a> {
    s: &'a [u8],
    oracle: &'a Uri7Oracle,
}

impl FilterReader<'_> {
    fn at(&self, i: usize) -> Option<u8> {
        self.s.get(i).copied()
    }

    /// `filter = "(" filtercomp ")"` at `i`, `depth` levels deep: the end, or why none.
    fn filter(&mut self, i: usize, depth: usize) -> Result<usize, FilterError> {
        if depth > MAX_DEPTH {
            return Err(FilterError::Deep);
        }
        if self.at(i) != Some(b'(') {
            return Err(FilterError::Bad);
        }
        let mut i = i + 1;
        match self.at(i) {
            // and / or: filterlist = 1*filter
            Some(b'&' | b'|') => {
                i = self.filter(i + 1, depth + 1)?;
                while self.at(i) == Some(b'(') {
                    i = self.filter(i, depth + 1)?;
                }
            }
            Some(b'!') => i = self.filter(i + 1, depth + 1)?,
            _ => i = self.item(i)?,
        }
        if self.at(i) != Some(b')') {
            return Err(FilterError::Bad);
        }
        Ok(i + 1)
    }

    /// A `value` up to the next `)` (`stars`: `*` may separate substrings).
    fn value(&self, mut i: usize, stars: bool) -> Result<usize, FilterError> {
        let s = self.s;
        while i < s.len() && s[i] != b')' {
            match s[i] {
                b'\\' => {
                    if i + 2 < s.len() && hex(s[i + 1]) && hex(s[i + 2]) {
                        i += 3;
                        continue;
                    }
                    return Err(FilterError::Bad);
                }
                b'(' | 0 => return Err(FilterError::Bad),
                b'*' if !stars => return Err(FilterError::Bad),
                _ => i += 1,
            }
        }
        Ok(i)
    }

    /// The first `:=` at or after `from`.
    fn find_colon_equals(&self, from: usize) -> Option<usize> {
        self.s
            .get(from..)?
            .windows(2)
            .position(|w| w == b":=")
            .map(|p| from + p)
    }

    /// `item = simple / present / substring / extensible`.
    fn item(&self, i: usize) -> Result<usize, FilterError> {
        let s = self.s;
        if self.at(i) == Some(b':') {
            // extensible's second form: [":dn"] ":" matchingrule ":=" value
            let j = self.find_colon_equals(i).ok_or(FilterError::Bad)?;
            if !self.extensible_middle(&s[i..j], true) {
                return Err(FilterError::Bad);
            }
            return self.value(j + 2, false);
        }
        let j = s[i..]
            .iter()
            .position(|b| b"=~<>:()".contains(b))
            .map_or(s.len(), |p| i + p);
        if !self.oracle.attribute_description.is_match(&s[i..j]) {
            return Err(FilterError::Bad);
        }
        match self.at(j) {
            Some(b'~' | b'<' | b'>') => {
                if self.at(j + 1) == Some(b'=') {
                    self.value(j + 2, false)
                } else {
                    Err(FilterError::Bad)
                }
            }
            Some(b'=') => self.value(j + 1, true),
            Some(b':') => {
                // extensible's first form: attr [":dn"] [":" matchingrule] ":=" value
                let k = self.find_colon_equals(j).ok_or(FilterError::Bad)?;
                if !self.extensible_middle(&s[j..k], false) {
                    return Err(FilterError::Bad);
                }
                self.value(k + 2, false)
            }
            _ => Err(FilterError::Bad),
        }
    }

    /// `[":dn"] [":" matchingrule]` before the `:=` (`need_rule`: the rule is required).
    fn extensible_middle(&self, mid: &[u8], need_rule: bool) -> bool {
        let rule = |r: &[u8]| self.oracle.matching_rule.is_match(r);
        if mid.is_empty() {
            return !need_rule;
        }
        if mid.len() >= 3 && mid[0] == b':' && mid[1..3].eq_ignore_ascii_case(b"dn") {
            let rest = &mid[3..];
            if rest.is_empty() && !need_rule {
                return true;
            }
            if rest.first() == Some(&b':') && rule(&rest[1..]) {
                return true;
            }
        }
        mid[0] == b':' && rule(&mid[1..])
    }
}
