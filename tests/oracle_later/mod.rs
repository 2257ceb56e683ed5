//! Independent recognizer of URLs under the later documents: RFC 3986's generic syntax (STD 66,
//! January 2005, Appendix A, "Collected ABNF for URI"), narrowed for eight schemes by the forms
//! of the documents written over it:
//! - ftp by draft-hoffman-ftp-uri-02 ("The ftp URI Scheme", October 2004);
//! - gopher by RFC 4266 ("The gopher URI Scheme", November 2005);
//! - news, nntp, telnet, wais, file and prospero by draft-hoffkohn-rfc1738bis-00 ("Definitions
//!   of Early URI Schemes", June 2003), Sections 2.1 and 2.4 to 2.9. Its own ftp (§2.2) and
//!   gopher (§2.3) are replaced by the two later documents.
//!
//! Every other scheme is judged by RFC 3986's `URI` alone. Those documents give templates and
//! prose, not ABNF: where a template's part has a rule in RFC 1738, whose text they copy, the
//! part keeps that rule's shape (what may be empty, what repeats), over RFC 3986's characters;
//! this is the reading of the crate's `docs/grammar.md` ("RFC 3986 and the later documents"),
//! which the recognizer follows wherever it states one.
//!
//! Built from regular expressions (the `regex` crate: linear time) composed like ABNF terms, as
//! in `tests/oracle_rfc3986/`. All character classes are ASCII and written with `\x{..}`
//! escapes: no regex metacharacter can leak, and no non-ASCII character can ever match.
//! Acceptance is decided in two steps: the whole input must match RFC 3986's `URI` (one anchored
//! regex, whose groups give the scheme, authority, userinfo, host, port, path, query and
//! fragment), then the scheme (compared ignoring ASCII case, RFC 3986 §3.1) selects the form
//! its document gives, checked on those components. [`LaterOracle::check`] names the rule or
//! the reading that refused an input.
//!
//! Where the documents leave a choice, the readings are:
//! - **Absolute URIs only.** The input must be an RFC 3986 `URI` as a whole: ASCII, no space or
//!   control character, a scheme; a relative reference is refused.
//! - **Fragments.** RFC 3986 §3.5 makes the fragment independent of the scheme, so every form
//!   may be followed by `#fragment`; the form is checked on what precedes the `#`.
//! - **Queries.** A form whose template has no `?` part refuses a query, even an empty one
//!   (`ftp://h/a?b`, `ftp://h?`): RFC 3986 §3.4 makes the first `?` start the query. Only wais
//!   (`<database>?<search>`) has one, and gopher, whose path reserves nothing (below).
//! - **The rfc1738bis host** (§2.1: "The fully qualified domain name of a network host, or its
//!   IP address as a set of four decimal digit groups separated by "."") is taken by news (the
//!   domain of a message-id), nntp, telnet, wais, file and prospero: domain labels separated by
//!   `.`, each of letters, digits and `-`, "starting and ending with an alphanumerical
//!   character", the rightmost "will never start with a digit"; one label is a name
//!   (`localhost`); no trailing `.`, no `_`, no escape, no IP literal (`telnet://[::1]/` and
//!   `nntp://a_b/g` are refused). The four groups are RFC 3986's `IPv4address`, so an address
//!   has four octets (`nntp://1.2.3.256/g` is refused). No length limit is stated, none is
//!   applied.
//! - **The rfc1738bis port** is "in decimal, separated from the host by a colon. If the port is
//!   omitted, the colon is as well": one or more digits (`telnet://h:/` is refused). No range.
//! - **ftp and gopher hosts and ports** are RFC 3986's (draft-hoffman-ftp-uri-02 §2: "A FTP URL
//!   follows the standard syntax described in draft-fielding-uri-rfc2396bis"; RFC 4266 §1-2.1
//!   build on RFC 3986 likewise): any `host`, IP literals and every `reg-name` included
//!   (`ftp://[2001:db8::1]/`, `ftp://a_b/`, `ftp://h;type=a`, whose host is `h;type=a`), and the
//!   `port` `*DIGIT`, which may be empty (`ftp://h:/`). Neither document defines a default
//!   host, and their templates name one, so the empty `reg-name` that RFC 3986 §3.2.2 leaves to
//!   the scheme is refused (`ftp:///a`, `gopher://`). Both need the `//`.
//! - **User names.** Only the templates that name them take them. telnet takes rfc1738bis
//!   §2.1's user and password: "Within the user and password field, any ":", "@", or "/" must
//!   be encoded", so one raw `:` separates them (`telnet://u:p:q@h/` is refused); either may
//!   be empty (`telnet://@h/`, `telnet://:pw@h/`). ftp takes RFC 3986's `userinfo` as it is,
//!   several `:` included (`ftp://u:p:q@h/`). gopher, nntp, wais, file and prospero take no
//!   `@` (prospero: "No username or password is allowed"; `file://u@h/x` is refused).
//! - **ftp's path** (draft-hoffman-ftp-uri-02 §2.2):
//!   `<cwd1>/<cwd2>/.../<cwdN>/<name>;type=<typecode>`, each cwd and the name RFC 3986's
//!   `pchar` less `;` ("the characters "/" and ";" are reserved and must be encoded"), and
//!   empty allowed ("The <cwdx> and <name> parts may be empty": `ftp://h//etc/motd`,
//!   `ftp://h/;type=d`); the whole url-path may be left out with its `/` (`ftp://h`). The
//!   typecode is "a", "i" or "d", in either case, as RFC 1738's `ftptype`; `;type=` itself is
//!   written as the template writes it, in lower case (`;TYPE=a` is refused). A raw `;` is
//!   allowed only there.
//! - **gopher's path** (RFC 4266 §2.1): `gopher://<host>:<port>/<gopher-path>`, the
//!   `<gopher-path>` being everything after the `/` that follows the authority, up to the `#`.
//!   "The entire <gopher-path> may also be empty, in which case the delimiting "/" is also
//!   optional" (`gopher://h`, `gopher://h/`); a non-empty one needs the `/` (`gopher://h?x`
//!   is refused). "Within the <gopher-path>, no characters are reserved", so a `?` is data
//!   there (`gopher://h/1sel%09%09?`), where the generic syntax reads the start of a query.
//!   The type, "a single-character field" that is not sent, is any one character or escape,
//!   `%09`, `%0A` and `%0D` included, as RFC 1738's `gtype = xchar` (`gopher://h/%091` is the
//!   type TAB and the selector `1`). The selector, which the client sends, holds no `%09`, `%0A`
//!   or `%0D`, in either case of hex ("any octets except 09 hexadecimal ..., 0A ... and 0D"),
//!   and may be empty; the first `%09` ends it. The search (after it) holds any character but
//!   `%09`, and may be empty; the gopher+ string (after a second `%09`) holds any character
//!   at all, empty included, as RFC 1738's `gopher+_string = *xchar`: §2.4 to §2.9 say what
//!   some gopher+ strings mean, not that there are no others.
//! - **news** (rfc1738bis §2.4): `news:` then a group name (RFC 1738's `group`: a letter, then
//!   letters, digits, `-`, `.`, `+` and `_`), or `*`, or a message-id
//!   `<unique>@<full_domain_name>`, told apart by the `@`. "No additional characters are
//!   reserved within the components of a news URL": the unique part takes every path
//!   character but `@` (RFC 3986's `pchar` and `/`, one or more), the domain is §2.1's host.
//!   No `//` form.
//! - **nntp** (rfc1738bis §2.5): `nntp://<host>:<port>/<newsgroup-name>/<article-number>`, the
//!   group RFC 1738's `group` (so `nntp://h/*` is refused), the article number digits and
//!   optional, as in RFC 1738, whose `nntpurl` the template copies.
//! - **telnet** (rfc1738bis §2.6): `telnet://<user>:<password>@<host>:<port>/`; "The final "/"
//!   character may be omitted", and nothing may follow it.
//! - **wais** (rfc1738bis §2.7): the three forms `/<database>`, `/<database>?<search>` and
//!   `/<database>/<wtype>/<wpath>`, each part RFC 1738's under RFC 3986's characters: the
//!   database, the type and the path are each one `segment` (empty allowed, as RFC 1738's
//!   `*uchar`: `wais://h/`), the search a `query` (empty allowed). The `/` after the host is
//!   required (`wais://h` is refused).
//! - **file** (rfc1738bis §2.8): `file://<host>/<path>`, where the host "can be the string
//!   "localhost" or the empty string" or §2.1's host; no user and no port, not even an empty one
//!   (`file://h:/x`). The `//` and the path are required (`file:/etc/passwd` and `file://h` are
//!   refused). The path reserves nothing: each of its parts is an RFC 3986 `segment`, empty
//!   ones included (`file:///a;b`, `file:///etc/`).
//! - **prospero** (rfc1738bis §2.9): `prospero://<host>:<port>/<hsoname>;<field>=<value>`. The
//!   hsoname is path segments without `;` ("The semicolon ";" is reserved and may not appear
//!   without quoting in the <hsoname>", "a slash "/" may appear in the <hsoname> without
//!   quoting"; `prospero://h//pros/name` has the hsoname `/pros/name`, `prospero://h/` an empty
//!   one; `=` is no delimiter there). Zero or more `;<field>=<value>` follow; the field and
//!   the value may be empty and hold neither `;` nor `=`, the pair's delimiters ("The name of
//!   the field and its value are separated by a "="", which RFC 1738's `fieldname` and
//!   `fieldvalue` read as no `=` in either: `prospero://h/a;b=c=d` is refused, `;b=c%3Dd` is
//!   the value `c=d`), nor `/`, as RFC 1738's.
//! - **Escapes.** Wherever a part's characters are free, a character is one that RFC 3986
//!   allows there or one `pct-encoded` triple; hex digits are read in either case everywhere
//!   (`%0d` is `%0D`), as ABNF's `HEXDIG` is.
//! - **Other schemes**: RFC 3986's `URI` alone: `IPv6address` by its nine alternatives, no zone
//!   identifier (`%25eth0` is RFC 6874's); the `v` of `IPvFuture` in either case (an ABNF
//!   string); the authority, the port and the path may be empty (`http://`, `http:`).
#![allow(dead_code)]

use regex::{Captures, Regex};

/// Compiled recognizer of the later documents' URLs.
pub struct LaterOracle {
    /// RFC 3986 `URI`, with named groups for the components.
    uri: Regex,
    scheme: Regex,
    userinfo: Regex,
    host_port: Regex,
    port: Regex,
    query: Regex,
    fragment: Regex,
    /// rfc1738bis §2.1.
    host_2_1: Regex,
    userinfo_2_1: Regex,
    port_2_1: Regex,
    /// draft-hoffman-ftp-uri-02 §2.2: what follows the authority.
    ftp_after_host: Regex,
    /// RFC 4266 §2.1: the gopher-path, and its shape without the selector's LF/CR rule.
    gopher_path: Regex,
    gopher_path_any_selector: Regex,
    /// rfc1738bis §2.4 to §2.9.
    news_group: Regex,
    news_message_id: Regex,
    nntp_path: Regex,
    wais_after_host: Regex,
    file_path: Regex,
    prospero_path: Regex,
}

impl Default for LaterOracle {
    fn default() -> Self {
        LaterOracle::new()
    }
}

/// The components of an input that matched RFC 3986's `URI`, as written.
struct Parts<'a> {
    /// Lower-cased (RFC 3986 §3.1: schemes are case-insensitive).
    scheme: String,
    /// `None` without a `//`.
    authority: Option<&'a str>,
    /// `None` without an `@`.
    userinfo: Option<&'a str>,
    /// Empty without an authority.
    host: &'a str,
    /// `None` without a `:` after the host.
    port: Option<&'a str>,
    path: &'a str,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
    /// After `scheme:` and before any `#`.
    ssp: &'a str,
    /// After the authority and before any `#` (path and query); `None` without an authority.
    after_authority: Option<&'a str>,
}

impl<'a> Parts<'a> {
    fn new(url: &'a str, caps: &Captures<'a>) -> Self {
        let get = |name: &str| caps.name(name).map(|m| m.as_str());
        let scheme_text = get("scheme").expect("a URI has a scheme");
        let authority = get("authority");
        let path = [
            "path_abempty",
            "path_absolute",
            "path_rootless",
            "path_empty",
        ]
        .iter()
        .find_map(|name| get(name))
        .expect("a URI has a path");
        let fragment = caps.name("fragment");
        let end = fragment.map_or(url.len(), |m| m.start() - 1);
        let ssp = &url[scheme_text.len() + 1..end];
        let after_authority = authority.map(|a| &ssp[2 + a.len()..]);
        Parts {
            scheme: scheme_text.to_ascii_lowercase(),
            authority,
            userinfo: get("userinfo"),
            host: get("host").unwrap_or(""),
            port: get("port"),
            path,
            query: get("query"),
            fragment: fragment.map(|m| m.as_str()),
            ssp,
            after_authority,
        }
    }
}

impl LaterOracle {
    /// Compiles every regex (once).
    pub fn new() -> Self {
        let g = Grammar::new();
        LaterOracle {
            uri: anchored(&g.uri),
            scheme: anchored(&g.scheme),
            userinfo: anchored(&g.userinfo),
            host_port: anchored(&format!(
                "(?P<h>{}){}",
                g.host,
                opt(&format!(
                    "{}(?P<p>{})",
                    escape(':'),
                    star(&range(0x00, 0x7F))
                ))
            )),
            port: anchored(&g.port),
            query: anchored(&g.query),
            fragment: anchored(&g.query),
            host_2_1: anchored(&g.host_2_1),
            userinfo_2_1: anchored(&g.userinfo_2_1),
            port_2_1: anchored(&plus(&g.digit)),
            ftp_after_host: anchored(&g.ftp_after_host),
            gopher_path: anchored(&g.gopher_path),
            gopher_path_any_selector: anchored(&g.gopher_path_any_selector),
            news_group: anchored(&g.news_group),
            news_message_id: anchored(&g.news_message_id),
            nntp_path: anchored(&g.nntp_path),
            wais_after_host: anchored(&g.wais_after_host),
            file_path: anchored(&g.file_path),
            prospero_path: anchored(&g.prospero_path),
        }
    }

    /// Ok(()) when the URL is taken; Err(reason) naming the rule or reading that refused it.
    pub fn check(&self, url: &str) -> Result<(), String> {
        let Some(caps) = self.uri.captures(url) else {
            return Err(self.uri_reason(url));
        };
        let p = Parts::new(url, &caps);
        match p.scheme.as_str() {
            "ftp" => self.ftp(&p),
            "gopher" => self.gopher(&p),
            "news" => self.news(&p),
            "nntp" => self.nntp(&p),
            "telnet" => self.telnet(&p),
            "wais" => self.wais(&p),
            "file" => self.file(&p),
            "prospero" => self.prospero(&p),
            _ => Ok(()),
        }
    }

    /// Whether the URL is taken.
    pub fn accepts(&self, url: &str) -> bool {
        self.check(url).is_ok()
    }

    /// Names the RFC 3986 rule that an input which is no `URI` fails (the first found, in the
    /// order of the checks below; best effort).
    fn uri_reason(&self, url: &str) -> String {
        let bytes = url.as_bytes();
        if bytes.iter().any(|&b| !(0x21..=0x7E).contains(&b)) {
            return "RFC 3986 URI: a character outside the URI character set (space, control or \
                    non-ASCII)"
                .to_owned();
        }
        let bad_escape = bytes.iter().enumerate().any(|(i, &b)| {
            b == b'%'
                && !(bytes.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
                    && bytes.get(i + 2).is_some_and(u8::is_ascii_hexdigit))
        });
        if bad_escape {
            return "RFC 3986 pct-encoded: a '%' not followed by two HEXDIG".to_owned();
        }
        let c = split(url);
        let Some(scheme) = c.scheme else {
            return "RFC 3986 URI: no scheme (a URI is absolute)".to_owned();
        };
        if !self.scheme.is_match(scheme) {
            return "RFC 3986 scheme".to_owned();
        }
        if c.fragment.is_some_and(|f| !self.fragment.is_match(f)) {
            return "RFC 3986 fragment".to_owned();
        }
        if c.query.is_some_and(|q| !self.query.is_match(q)) {
            return "RFC 3986 query".to_owned();
        }
        if let Some(authority) = c.authority {
            let (userinfo, host_port) = match authority.rsplit_once('@') {
                Some((userinfo, host_port)) => (Some(userinfo), host_port),
                None => (None, authority),
            };
            if userinfo.is_some_and(|u| !self.userinfo.is_match(u)) {
                return "RFC 3986 userinfo".to_owned();
            }
            let Some(hm) = self.host_port.captures(host_port) else {
                return "RFC 3986 host".to_owned();
            };
            if hm
                .name("p")
                .is_some_and(|p| !self.port.is_match(p.as_str()))
            {
                return "RFC 3986 port".to_owned();
            }
            return "RFC 3986 path-abempty".to_owned();
        }
        if c.path.starts_with("//") {
            return "RFC 3986 hier-part: a path cannot begin with '//' without an authority"
                .to_owned();
        }
        "RFC 3986 path".to_owned()
    }

    /// rfc1738bis §2.1's `//<user>:<password>@<host>:<port>` for the scheme `name`.
    fn common_internet_scheme_syntax(
        &self,
        p: &Parts<'_>,
        name: &str,
        userinfo_allowed: bool,
    ) -> Result<(), String> {
        if p.authority.is_none() {
            return Err(format!(
                "{name}: the common Internet scheme syntax '//<host>' (rfc1738bis §2.1)"
            ));
        }
        if let Some(userinfo) = p.userinfo {
            if !userinfo_allowed {
                return Err(format!(
                    "{name}: no <user>:<password>@ in this scheme's template"
                ));
            }
            if !self.userinfo_2_1.is_match(userinfo) {
                return Err(format!(
                    "{name}: user and password (rfc1738bis §2.1: any ':', '@' or '/' in them \
                     must be encoded)"
                ));
            }
        }
        if !self.host_2_1.is_match(p.host) {
            return Err(format!(
                "{name}: host (rfc1738bis §2.1: domain labels, or four decimal groups): {:?}",
                p.host
            ));
        }
        if p.port.is_some_and(|port| !self.port_2_1.is_match(port)) {
            return Err(format!(
                "{name}: port (rfc1738bis §2.1: in decimal; if the port is omitted, the colon \
                 is as well)"
            ));
        }
        Ok(())
    }

    /// ftp by draft-hoffman-ftp-uri-02.
    fn ftp(&self, p: &Parts<'_>) -> Result<(), String> {
        if p.authority.is_none() {
            return Err(
                "ftp: '//<host>' (draft-hoffman-ftp-uri-02 §2.2: the prefix containing \
                        user, password, host, and port)"
                    .to_owned(),
            );
        }
        if p.host.is_empty() {
            return Err("ftp: an empty host (no default host is defined)".to_owned());
        }
        if p.query.is_some() {
            return Err(
                "ftp: a query (draft-hoffman-ftp-uri-02 §2.2: the url-path has no '?' part)"
                    .to_owned(),
            );
        }
        if !self.ftp_after_host.is_match(p.path) {
            let mut parts: Vec<&str> = p.path.split('/').collect();
            let last = parts.pop().unwrap_or("");
            if parts.iter().any(|cwd| cwd.contains(';')) {
                return Err(
                    "ftp: a ';' in a <cwd> must be encoded (draft-hoffman-ftp-uri-02 §2.2)"
                        .to_owned(),
                );
            }
            let suffix = last.split_once(';').map_or("", |(_, suffix)| suffix);
            if !suffix.contains(';') && suffix.to_ascii_lowercase().starts_with("type=") {
                return Err("ftp: ';type=<typecode>': ';type=' then one of a, i, d \
                            (draft-hoffman-ftp-uri-02 §2.2)"
                    .to_owned());
            }
            return Err(
                "ftp: a ';' in a <name> must be encoded (draft-hoffman-ftp-uri-02 §2.2)".to_owned(),
            );
        }
        Ok(())
    }

    /// gopher by RFC 4266.
    fn gopher(&self, p: &Parts<'_>) -> Result<(), String> {
        let Some(rest) = p.after_authority else {
            return Err("gopher: 'gopher://<host>' (RFC 4266 §2.1)".to_owned());
        };
        if p.userinfo.is_some() {
            return Err(
                "gopher: no <user>@ in gopher://<host>:<port>/<gopher-path> (RFC 4266 §2.1)"
                    .to_owned(),
            );
        }
        if p.host.is_empty() {
            return Err("gopher: an empty host (no default host is defined)".to_owned());
        }
        if rest.is_empty() {
            return Ok(());
        }
        let Some(gopher_path) = rest.strip_prefix('/') else {
            return Err("gopher: a <gopher-path> follows a '/' (RFC 4266 §2.1)".to_owned());
        };
        if gopher_path.is_empty() || self.gopher_path.is_match(gopher_path) {
            return Ok(());
        }
        if self.gopher_path_any_selector.is_match(gopher_path) {
            return Err(
                "gopher: an encoded LF or CR (%0A, %0D) in the <selector> (RFC 4266 §2.1)"
                    .to_owned(),
            );
        }
        Err("gopher: <gopher-path> (RFC 4266 §2.1)".to_owned())
    }

    /// news by rfc1738bis §2.4.
    fn news(&self, p: &Parts<'_>) -> Result<(), String> {
        if p.authority.is_some() {
            return Err(
                "news: news:<newsgroup-name> or news:<message-id>, without '//' \
                 (rfc1738bis §2.4)"
                    .to_owned(),
            );
        }
        if p.ssp.contains('@') {
            if !self.news_message_id.is_match(p.ssp) {
                return Err(
                    "news: <message-id>: <unique>@<full_domain_name>, the domain \
                            §2.1's host (rfc1738bis §2.4)"
                        .to_owned(),
                );
            }
            return Ok(());
        }
        if !self.news_group.is_match(p.ssp) {
            return Err(
                "news: <newsgroup-name>: RFC 1738's group, or '*' (rfc1738bis §2.4)".to_owned(),
            );
        }
        Ok(())
    }

    /// nntp by rfc1738bis §2.5.
    fn nntp(&self, p: &Parts<'_>) -> Result<(), String> {
        self.common_internet_scheme_syntax(p, "nntp", false)?;
        if p.query.is_some() {
            return Err("nntp: a query (no '?' in \
                        nntp://<host>:<port>/<newsgroup-name>/<article-number>)"
                .to_owned());
        }
        if !self.nntp_path.is_match(p.path) {
            return Err(
                "nntp: /<newsgroup-name>[/<article-number>], the group RFC 1738's \
                        group (rfc1738bis §2.5)"
                    .to_owned(),
            );
        }
        Ok(())
    }

    /// telnet by rfc1738bis §2.6.
    fn telnet(&self, p: &Parts<'_>) -> Result<(), String> {
        self.common_internet_scheme_syntax(p, "telnet", true)?;
        if p.query.is_some() || !(p.path.is_empty() || p.path == "/") {
            return Err("telnet: nothing may follow the final '/' (rfc1738bis §2.6)".to_owned());
        }
        Ok(())
    }

    /// wais by rfc1738bis §2.7.
    fn wais(&self, p: &Parts<'_>) -> Result<(), String> {
        self.common_internet_scheme_syntax(p, "wais", false)?;
        let rest = p.after_authority.unwrap_or("");
        if !self.wais_after_host.is_match(rest) {
            return Err("wais: /<database>, /<database>?<search> or \
                        /<database>/<wtype>/<wpath> (rfc1738bis §2.7)"
                .to_owned());
        }
        Ok(())
    }

    /// file by rfc1738bis §2.8.
    fn file(&self, p: &Parts<'_>) -> Result<(), String> {
        if p.authority.is_none() {
            return Err("file: file://<host>/<path> (rfc1738bis §2.8)".to_owned());
        }
        if p.userinfo.is_some() {
            return Err("file: no <user>@ in file://<host>/<path> (rfc1738bis §2.8)".to_owned());
        }
        if p.port.is_some() {
            return Err("file: no :<port> in file://<host>/<path> (rfc1738bis §2.8)".to_owned());
        }
        if !p.host.is_empty() && !self.host_2_1.is_match(p.host) {
            return Err(format!(
                "file: <host>: §2.1's host, 'localhost' or empty (rfc1738bis §2.8): {:?}",
                p.host
            ));
        }
        if p.query.is_some() {
            return Err("file: no '?' in file://<host>/<path> (rfc1738bis §2.8)".to_owned());
        }
        if !self.file_path.is_match(p.path) {
            return Err("file: the /<path> is required (rfc1738bis §2.8)".to_owned());
        }
        Ok(())
    }

    /// prospero by rfc1738bis §2.9.
    fn prospero(&self, p: &Parts<'_>) -> Result<(), String> {
        if p.authority.is_some() && p.userinfo.is_some() {
            return Err(
                "prospero: \"No username or password is allowed\" (rfc1738bis §2.9)".to_owned(),
            );
        }
        self.common_internet_scheme_syntax(p, "prospero", false)?;
        if p.query.is_some() {
            return Err("prospero: no '?' in \
                        prospero://<host>:<port>/<hsoname>;<field>=<value> (rfc1738bis §2.9)"
                .to_owned());
        }
        if !self.prospero_path.is_match(p.path) {
            return Err(
                "prospero: /<hsoname> then ;<field>=<value> pairs, the hsoname without \
                        ';', field and value without ';', '=' or '/' (rfc1738bis §2.9)"
                    .to_owned(),
            );
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------------------------------
// The grammar, as regex fragments.

const ALPHA: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const DIGIT: &str = "0123456789";
const HEXDIG: &str = "0123456789ABCDEFabcdef";
/// RFC 3986 `unreserved` but the letters and digits.
const UNRESERVED_MARKS: &str = "-._~";
/// RFC 3986 `sub-delims`.
const SUB_DELIMS: &str = "!$&'()*+,;=";

/// The regex fragments, each a self-contained atom (a class or a non-capturing group), but
/// `uri`, which is a whole pattern with named groups.
struct Grammar {
    digit: String,
    scheme: String,
    userinfo: String,
    host: String,
    port: String,
    query: String,
    uri: String,
    host_2_1: String,
    userinfo_2_1: String,
    ftp_after_host: String,
    gopher_path: String,
    gopher_path_any_selector: String,
    news_group: String,
    news_message_id: String,
    nntp_path: String,
    wais_after_host: String,
    file_path: String,
    prospero_path: String,
}

impl Grammar {
    fn new() -> Self {
        let unreserved = format!("{ALPHA}{DIGIT}{UNRESERVED_MARKS}");
        let alpha = set(ALPHA);
        let digit = set(DIGIT);
        let hexdig = set(HEXDIG);
        let alnum = set(&format!("{ALPHA}{DIGIT}"));
        let pct_encoded = seq(&[&escape('%'), &hexdig, &hexdig]);
        // One character of a part: a raw character of `raw`, or one pct-encoded octet.
        let chars = |raw: &str| alt(&[&set(raw), &pct_encoded]);

        // RFC 3986, Appendix A.
        let pchar_set = format!("{unreserved}{SUB_DELIMS}:@");
        let pchar = chars(&pchar_set);
        let segment = star(&pchar);
        let segment_nz = plus(&pchar);
        let query = star(&chars(&format!("{pchar_set}/?")));
        let scheme = seq(&[&alpha, &star(&set(&format!("{ALPHA}{DIGIT}+-.")))]);
        let userinfo = star(&chars(&format!("{unreserved}{SUB_DELIMS}:")));
        let port = star(&digit);
        let dec_octet = alt(&[
            &seq(&[&lit("25"), &range(b'0', b'5')]),
            &seq(&[&lit("2"), &range(b'0', b'4'), &digit]),
            &seq(&[&lit("1"), &digit, &digit]),
            &seq(&[&range(b'1', b'9'), &digit]),
            &digit,
        ]);
        let dot = escape('.');
        let ipv4address = seq(&[
            &dec_octet, &dot, &dec_octet, &dot, &dec_octet, &dot, &dec_octet,
        ]);
        let h16 = rep_between(1, 4, &hexdig);
        let colon = escape(':');
        let h16c = seq(&[&h16, &colon]);
        let ls32 = alt(&[&seq(&[&h16, &colon, &h16]), &ipv4address]);
        let dcolon = lit("::");
        // [ *n( h16 ":" ) h16 ]
        let h16s = |n: usize| opt(&seq(&[&rep_between(0, n, &h16c), &h16]));
        let ipv6address = alt(&[
            &seq(&[&rep(6, &h16c), &ls32]),
            &seq(&[&dcolon, &rep(5, &h16c), &ls32]),
            &seq(&[&opt(&h16), &dcolon, &rep(4, &h16c), &ls32]),
            &seq(&[&h16s(1), &dcolon, &rep(3, &h16c), &ls32]),
            &seq(&[&h16s(2), &dcolon, &rep(2, &h16c), &ls32]),
            &seq(&[&h16s(3), &dcolon, &h16c, &ls32]),
            &seq(&[&h16s(4), &dcolon, &ls32]),
            &seq(&[&h16s(5), &dcolon, &h16]),
            &seq(&[&h16s(6), &dcolon]),
        ]);
        // "v" is an ABNF string, so either case.
        let ipvfuture = seq(&[
            &set("vV"),
            &plus(&hexdig),
            &dot,
            &plus(&set(&format!("{unreserved}{SUB_DELIMS}:"))),
        ]);
        let ip_literal = seq(&[
            &escape('['),
            &alt(&[&ipv6address, &ipvfuture]),
            &escape(']'),
        ]);
        let reg_name = star(&chars(&format!("{unreserved}{SUB_DELIMS}")));
        let host = alt(&[&ip_literal, &ipv4address, &reg_name]);
        let slash = escape('/');
        let uri = format!(
            "(?P<scheme>{scheme}){colon}(?:{slash}{slash}(?P<authority>{userinfo_at}\
             (?P<host>{host}){port_part})(?P<path_abempty>{abempty})\
             |(?P<path_absolute>{slash}{absolute_rest})\
             |(?P<path_rootless>{segment_nz}{abempty})\
             |(?P<path_empty>))\
             {query_part}{fragment_part}",
            userinfo_at = opt(&format!("(?P<userinfo>{userinfo})@")),
            port_part = opt(&format!("{colon}(?P<port>{port})")),
            abempty = star(&seq(&[&slash, &segment])),
            absolute_rest = opt(&seq(&[&segment_nz, &star(&seq(&[&slash, &segment]))])),
            query_part = opt(&format!("{}(?P<query>{query})", escape('?'))),
            fragment_part = opt(&format!("{}(?P<fragment>{query})", escape('#'))),
        );

        // rfc1738bis §2.1.
        let label_tail = opt(&seq(&[&star(&set(&format!("{ALPHA}{DIGIT}-"))), &alnum]));
        let domainlabel = seq(&[&alnum, &label_tail]);
        let toplabel = seq(&[&alpha, &label_tail]);
        let fqdn = seq(&[&star(&seq(&[&domainlabel, &dot])), &toplabel]);
        let host_2_1 = alt(&[&fqdn, &ipv4address]);
        let user_2_1 = star(&chars(&format!("{unreserved}{SUB_DELIMS}")));
        let userinfo_2_1 = seq(&[&user_2_1, &opt(&seq(&[&colon, &user_2_1]))]);

        // draft-hoffman-ftp-uri-02 §2.2.
        let cwd_or_name = star(&chars(&format!(
            "{unreserved}{}:@",
            without(SUB_DELIMS, ";")
        )));
        let typecode = set("aidAID");
        let url_path = seq(&[
            &star(&seq(&[&cwd_or_name, &slash])),
            &cwd_or_name,
            &opt(&seq(&[&exact(";type="), &typecode])),
        ]);
        let ftp_after_host = opt(&seq(&[&slash, &url_path]));

        // RFC 4266 §2.1: a character after the authority (pchar, "/", "?"), raw or escaped.
        let raw_any = set(&format!("{pchar_set}/?"));
        let any_char = alt(&[&raw_any, &pct_encoded]);
        let pct = escape('%');
        let zero = escape('0');
        // An escape other than %09, %0A, %0D (either case).
        let pct_not_tab_lf_cr = seq(&[
            &pct,
            &alt(&[
                &seq(&[&set("123456789ABCDEFabcdef"), &hexdig]),
                &seq(&[&zero, &set("012345678BCEFbcef")]),
            ]),
        ]);
        // An escape other than %09.
        let pct_not_tab = seq(&[
            &pct,
            &alt(&[
                &seq(&[&set("123456789ABCDEFabcdef"), &hexdig]),
                &seq(&[&zero, &set("012345678ABCDEFabcdef")]),
            ]),
        ]);
        let tab = exact("%09");
        let gophertype = any_char.clone();
        let selector = star(&alt(&[&raw_any, &pct_not_tab_lf_cr]));
        let search = star(&alt(&[&raw_any, &pct_not_tab]));
        let gopher_plus_string = star(&any_char);
        let gopher_tail = opt(&seq(&[
            &tab,
            &search,
            &opt(&seq(&[&tab, &gopher_plus_string])),
        ]));
        let gopher_path = seq(&[&gophertype, &selector, &gopher_tail]);
        let gopher_path_any_selector =
            seq(&[&gophertype, &search, &opt(&seq(&[&tab, &star(&any_char)]))]);

        // rfc1738bis §2.4: RFC 1738's group, "*", or <unique>@<full_domain_name>.
        let group = seq(&[&alpha, &star(&set(&format!("{ALPHA}{DIGIT}-.+_")))]);
        let news_group = alt(&[&escape('*'), &group]);
        let unique = plus(&chars(&format!("{unreserved}{SUB_DELIMS}:/")));
        let news_message_id = seq(&[&unique, &escape('@'), &host_2_1]);

        // rfc1738bis §2.5.
        let nntp_path = seq(&[&slash, &group, &opt(&seq(&[&slash, &plus(&digit)]))]);

        // rfc1738bis §2.7.
        let wais_after_host = seq(&[
            &slash,
            &segment,
            &opt(&alt(&[
                &seq(&[&escape('?'), &query]),
                &seq(&[&slash, &segment, &slash, &segment]),
            ])),
        ]);

        // rfc1738bis §2.8.
        let file_path = seq(&[&slash, &segment, &star(&seq(&[&slash, &segment]))]);

        // rfc1738bis §2.9.
        let hsoname = star(&chars(&format!(
            "{unreserved}{}:@/",
            without(SUB_DELIMS, ";")
        )));
        let field = star(&chars(&format!(
            "{unreserved}{}:@",
            without(SUB_DELIMS, ";=")
        )));
        let prospero_path = seq(&[
            &slash,
            &hsoname,
            &star(&seq(&[&escape(';'), &field, &escape('='), &field])),
        ]);

        Grammar {
            digit,
            scheme,
            userinfo,
            host,
            port,
            query,
            uri,
            host_2_1,
            userinfo_2_1,
            ftp_after_host,
            gopher_path,
            gopher_path_any_selector,
            news_group,
            news_message_id,
            nntp_path,
            wais_after_host,
            file_path,
            prospero_path,
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Regex combinators. Each returns a self-contained atom (a class or a non-capturing group).

/// The escape of one ASCII character, usable inside and outside a class.
fn escape(c: char) -> String {
    assert!(c.is_ascii(), "non-ASCII character in the grammar");
    format!("\\x{{{:02X}}}", c as u32)
}

/// One of the listed characters, exactly (case matters).
fn set(chars: &str) -> String {
    assert!(!chars.is_empty());
    let mut class = String::from("[");
    for c in chars.chars() {
        class.push_str(&escape(c));
    }
    class.push(']');
    class
}

/// The characters of `chars` but those of `remove`.
fn without(chars: &str, remove: &str) -> String {
    chars.chars().filter(|c| !remove.contains(*c)).collect()
}

/// A range of code points.
fn range(lo: u8, hi: u8) -> String {
    assert!(lo <= hi && hi < 0x80);
    format!("[{}-{}]", escape(lo as char), escape(hi as char))
}

/// A literal, exactly (case matters: only digits and punctuation are written with `lit`).
fn lit(s: &str) -> String {
    assert!(!s.bytes().any(|b| b.is_ascii_alphabetic()));
    exact(s)
}

/// A literal, exactly as written (case matters).
fn exact(s: &str) -> String {
    let mut out = String::from("(?:");
    for c in s.chars() {
        out.push_str(&escape(c));
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

/// `n( x )`: exactly `n`.
fn rep(n: usize, x: &str) -> String {
    format!("(?:(?:{x}){{{n}}})")
}

/// `n*m x`: between `n` and `m`.
fn rep_between(n: usize, m: usize, x: &str) -> String {
    assert!(n <= m);
    format!("(?:(?:{x}){{{n},{m}}})")
}

/// Compiles `body` anchored at both ends of the input.
fn anchored(body: &str) -> Regex {
    regex::RegexBuilder::new(&format!(r"\A(?:{body})\z"))
        .size_limit(256 * (1 << 20))
        .dfa_size_limit(64 * (1 << 20))
        .build()
        .expect("the later documents' regexes must compile")
}

/// RFC 3986 Appendix B's split of any string: scheme, authority, path, query, fragment. Written
/// as string searches (the regex `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`).
struct Split<'a> {
    scheme: Option<&'a str>,
    authority: Option<&'a str>,
    path: &'a str,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

fn split(s: &str) -> Split<'_> {
    let (scheme, rest) = match s.find([':', '/', '?', '#']) {
        Some(i) if i > 0 && s.as_bytes()[i] == b':' => (Some(&s[..i]), &s[i + 1..]),
        _ => (None, s),
    };
    let (authority, rest) = match rest.strip_prefix("//") {
        Some(after) => {
            let end = after.find(['/', '?', '#']).unwrap_or(after.len());
            (Some(&after[..end]), &after[end..])
        }
        None => (None, rest),
    };
    let (before_fragment, fragment) = match rest.split_once('#') {
        Some((before, fragment)) => (before, Some(fragment)),
        None => (rest, None),
    };
    let (path, query) = match before_fragment.split_once('?') {
        Some((path, query)) => (path, Some(query)),
        None => (before_fragment, None),
    };
    Split {
        scheme,
        authority,
        path,
        query,
        fragment,
    }
}
