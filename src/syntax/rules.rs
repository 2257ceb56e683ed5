//! The one table that says, for every rule of the grammar, its BNF name, what it
//! is in words, and its BNF definition under each specification.

use std::fmt;

use crate::syntax::grammar::Node;
use crate::syntax::spec::Spec;

/// A rule of the Section 5 grammar, as error reports name it.
///
/// ```
/// use rfc1738::{Expected, Spec, Url};
///
/// let err = Url::parse("ftp://host:/x").unwrap_err();
/// let Expected::Rule(rule) = err.expected()[0] else { unreachable!() };
/// assert_eq!(rule.name(), "port");
/// assert_eq!(rule.description(), "a port number");
/// assert_eq!(rule.definition(Spec::Rfc1738), "port = digits");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GrammarRule(pub(crate) Node, pub(crate) Spec);

impl GrammarRule {
    /// The rule's name as the BNF spells it (`gopher+_string`, `ip-schemepart`).
    ///
    /// ```
    /// use rfc1738::{Expected, Url};
    ///
    /// let err = Url::parse("gopher://h/1%").unwrap_err();
    /// let Expected::Rule(rule) = &err.expected()[0] else { unreachable!() };
    /// assert_eq!(rule.name(), "escape");
    /// ```
    #[must_use]
    pub fn name(self) -> &'static str {
        if self.1 == Spec::Rfc3986
            && let Some((name, _)) = rfc3986_entry(self.0)
        {
            return name;
        }
        entry(self.0).0
    }

    /// What the rule matches, in words ("a port number").
    ///
    /// ```
    /// use rfc1738::{Expected, Url};
    ///
    /// let err = Url::parse("nntp://h/a/b").unwrap_err();
    /// let Expected::Rule(rule) = &err.expected()[0] else { unreachable!() };
    /// assert_eq!(rule.description(), "a decimal number");
    /// ```
    #[must_use]
    pub fn description(self) -> &'static str {
        entry(self.0).1
    }

    /// The rule's line in `spec`'s BNF, as written there.
    ///
    /// ```
    /// use rfc1738::{Expected, Spec, Url};
    ///
    /// let err = Url::parse("http://-/").unwrap_err();
    /// let Expected::Rule(rule) = &err.expected()[1] else { unreachable!() };
    /// assert_eq!(rule.name(), "hostname");
    /// assert_eq!(rule.definition(Spec::Rfc1738), r#"hostname = *[ domainlabel "." ] toplabel"#);
    /// assert_eq!(rule.definition(Spec::Draft07), "hostname = alpha *uchar");
    /// ```
    #[must_use]
    pub fn definition(self, spec: Spec) -> &'static str {
        let (_, _, rfc1738, draft07) = entry(self.0);
        match spec {
            Spec::Rfc1738 => rfc1738,
            Spec::Draft07 => draft07.unwrap_or(rfc1738),
            Spec::Rfc2396 => rfc2396_definition(self.0).unwrap_or(rfc1738),
            Spec::Rfc3986 => rfc3986_entry(self.0).map_or(rfc1738, |(_, definition)| definition),
        }
    }

    /// Whether the rule's characters include `escape`, so that a character it
    /// does not allow can be written as `%XX` instead.
    pub(crate) fn takes_escapes(self, spec: Spec) -> bool {
        use Node::*;
        match self.0 {
            // draft-07's `hostname = alpha *uchar`.
            hostname => spec == Spec::Draft07,
            userinfo | reg_name | rel_segment | segment | query | fragment | opaque_part
            | escaped | segment_nz | segment_nz_nc | pct_encoded => true,
            user | password | schemepart | urlpath | fsegment | hsegment | search | selector
            | selector_whole | gopher_search | gopher_plus_string | gtype | encoded822addr
            | article | database | wtype | wpath | psegment | fieldname | fieldvalue | escape => {
                true
            }
            _ => false,
        }
    }
}

impl fmt::Display for GrammarRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The RFC 2396 definition of the rules whose names RFC 1738 also uses.
fn rfc2396_definition(node: Node) -> Option<&'static str> {
    use Node::*;
    Some(match node {
        scheme => r#"scheme = alpha *( alpha | digit | "+" | "-" | "." )"#,
        hostport => r#"hostport = host [ ":" port ]"#,
        host => "host = hostname | IPv4address",
        hostname => r#"hostname = *( domainlabel "." ) toplabel [ "." ]"#,
        port => "port = *digit",
        _ => return None,
    })
}

/// The RFC 3986 name and definition of the rules of its grammar
/// (`grammar/rfc3986/`) whose name or definition is not the one `entry` gives.
fn rfc3986_entry(node: Node) -> Option<(&'static str, &'static str)> {
    use Node::*;
    Some(match node {
        URI_reference => ("URI-reference", "URI-reference = URI / relative-ref"),
        hier_part => (
            "hier-part",
            r#"hier-part = "//" authority path-abempty / path-absolute / path-rootless / path-empty"#,
        ),
        scheme => (
            "scheme",
            r#"scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )"#,
        ),
        authority => (
            "authority",
            r#"authority = [ userinfo "@" ] host [ ":" port ]"#,
        ),
        userinfo => (
            "userinfo",
            r#"userinfo = *( unreserved / pct-encoded / sub-delims / ":" )"#,
        ),
        host => ("host", "host = IP-literal / IPv4address / reg-name"),
        port => ("port", "port = *DIGIT"),
        IPv4address => (
            "IPv4address",
            r#"IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet"#,
        ),
        reg_name => (
            "reg-name",
            "reg-name = *( unreserved / pct-encoded / sub-delims )",
        ),
        segment => ("segment", "segment = *pchar"),
        query => ("query", r#"query = *( pchar / "/" / "?" )"#),
        fragment => ("fragment", r#"fragment = *( pchar / "/" / "?" )"#),
        // The later documents' parts, in their words.
        user => (
            "user",
            r#"user: "Within the user and password field, any ":", "@", or "/" must be encoded" (rfc1738bis §2.1)"#,
        ),
        password => ("password", r#"password: as user (rfc1738bis §2.1)"#),
        login => (
            "login",
            "<user>:<password>@<host>:<port> (ftp-uri §2, RFC 3986's host)",
        ),
        hostport => ("hostport", "<host>:<port> (RFC 3986's host)"),
        hostname => (
            "hostname",
            r#"hostname: "a sequence of domain labels separated by ".", each domain label starting and ending with an alphanumerical character and possibly also containing "-" characters" (rfc1738bis §2.1)"#,
        ),
        ftpurl => (
            "ftpurl",
            "ftp://<user>:<password>@<host>:<port>/<cwd1>/<cwd2>/.../<cwdN>/<name>;type=<typecode> (ftp-uri §2.2)",
        ),
        fpath => ("fpath", "<cwd1>/<cwd2>/.../<cwdN>/<name> (ftp-uri §2.2)"),
        fsegment => (
            "fsegment",
            r#"<cwdx> | <name>: "the characters "/" and ";" are reserved and must be encoded" (ftp-uri §2.2)"#,
        ),
        ftptype => (
            "typecode",
            r#"<typecode>: "one of the characters "a", "i", or "d"" (ftp-uri §2.2)"#,
        ),
        fileurl => ("fileurl", "file://<host>/<path> (rfc1738bis §2.8)"),
        gopherurl => (
            "gopherurl",
            "gopher://<host>:<port>/<gopher-path> (RFC 4266 §2.1)",
        ),
        gtype => (
            "gophertype",
            r#"<gophertype>: "a single-character field" (RFC 4266 §2.1)"#,
        ),
        selector => (
            "selector",
            "<selector>: any octets except 09, 0A and 0D hexadecimal (RFC 4266 §2.1)",
        ),
        gopher_search => ("search", "<search>: after %09 (RFC 4266 §2.2)"),
        gopher_plus_string => (
            "gopher+_string",
            "<gopher+_string>: after a second %09 (RFC 4266 §2.3)",
        ),
        newsurl => (
            "newsurl",
            "news:<newsgroup-name> | news:<message-id> (rfc1738bis §2.4)",
        ),
        group => (
            "newsgroup-name",
            r#"<newsgroup-name>: "a period-delimited hierarchical name" (rfc1738bis §2.4)"#,
        ),
        article => (
            "message-id",
            "<message-id>: <unique>@<full_domain_name> (rfc1738bis §2.4)",
        ),
        nntpurl => (
            "nntpurl",
            "nntp://<host>:<port>/<newsgroup-name>/<article-number> (rfc1738bis §2.5)",
        ),
        digits => (
            "article-number",
            "<article-number>: a number (rfc1738bis §2.5)",
        ),
        telneturl => (
            "telneturl",
            "telnet://<user>:<password>@<host>:<port>/ (rfc1738bis §2.6)",
        ),
        waisurl => (
            "waisurl",
            "wais://<host>:<port>/<database>[?<search> | /<wtype>/<wpath>] (rfc1738bis §2.7)",
        ),
        waisdatabase => (
            "waisdatabase",
            "wais://<host>:<port>/<database> (rfc1738bis §2.7)",
        ),
        waisindex => (
            "waisindex",
            "wais://<host>:<port>/<database>?<search> (rfc1738bis §2.7)",
        ),
        waisdoc => (
            "waisdoc",
            "wais://<host>:<port>/<database>/<wtype>/<wpath> (rfc1738bis §2.7)",
        ),
        database => ("database", "<database>: one path segment (rfc1738bis §2.7)"),
        search => (
            "search",
            r#"<search>: *( pchar / "/" / "?" ) (rfc1738bis §2.7)"#,
        ),
        wtype => ("wtype", "<wtype>: one path segment (rfc1738bis §2.7)"),
        wpath => ("wpath", "<wpath>: one path segment (rfc1738bis §2.7)"),
        prosperourl => (
            "prosperourl",
            "prospero://<host>:<port>/<hsoname>;<field>=<value> (rfc1738bis §2.9)",
        ),
        ppath => ("hsoname", "<hsoname> (rfc1738bis §2.9)"),
        psegment => (
            "psegment",
            r#"a segment of an <hsoname>: "The semicolon ";" is reserved" (rfc1738bis §2.9)"#,
        ),
        fieldspec => ("fieldspec", ";<field>=<value> (rfc1738bis §2.9)"),
        fieldname => ("field", "<field> (rfc1738bis §2.9)"),
        fieldvalue => ("value", "<value> (rfc1738bis §2.9)"),
        _ => return None,
    })
}

/// `(BNF name, words, RFC 1738 definition, draft-07 definition where it
/// differs)`; for the rules of RFC 2396 alone, the third is their RFC 2396
/// definition.
fn entry(
    node: Node,
) -> (
    &'static str,
    &'static str,
    &'static str,
    Option<&'static str>,
) {
    use Node::*;
    match node {
        EOI => ("EOI", "the end of the URL", "", None),
        URI_reference => (
            "URI-reference",
            "a URI reference",
            r##"URI-reference = [ absoluteURI | relativeURI ] [ "#" fragment ]"##,
            None,
        ),
        absoluteURI => (
            "absoluteURI",
            "an absolute URI",
            r#"absoluteURI = scheme ":" ( hier_part | opaque_part )"#,
            None,
        ),
        relativeURI => (
            "relativeURI",
            "a relative URI",
            r#"relativeURI = ( net_path | abs_path | rel_path ) [ "?" query ]"#,
            None,
        ),
        hier_part => (
            "hier_part",
            "a hierarchical part",
            r#"hier_part = ( net_path | abs_path ) [ "?" query ]"#,
            None,
        ),
        opaque_part => (
            "opaque_part",
            "an opaque part",
            "opaque_part = uric_no_slash *uric",
            None,
        ),
        net_path => (
            "net_path",
            "a network path",
            r#"net_path = "//" authority [ abs_path ]"#,
            None,
        ),
        abs_path => (
            "abs_path",
            "an absolute path",
            r#"abs_path = "/" path_segments"#,
            None,
        ),
        rel_path => (
            "rel_path",
            "a relative path",
            "rel_path = rel_segment [ abs_path ]",
            None,
        ),
        rel_segment => (
            "rel_segment",
            "a first path segment without ':'",
            r#"rel_segment = 1*( unreserved | escaped | ";" | "@" | "&" | "=" | "+" | "$" | "," )"#,
            None,
        ),
        authority => (
            "authority",
            "an authority",
            "authority = server | reg_name",
            None,
        ),
        reg_name => (
            "reg_name",
            "a registry-based authority",
            r#"reg_name = 1*( unreserved | escaped | "$" | "," | ";" | ":" | "@" | "&" | "=" | "+" )"#,
            None,
        ),
        server => (
            "server",
            "a server",
            r#"server = [ [ userinfo "@" ] hostport ]"#,
            None,
        ),
        userinfo => (
            "userinfo",
            "user information",
            r#"userinfo = *( unreserved | escaped | ";" | ":" | "&" | "=" | "+" | "$" | "," )"#,
            None,
        ),
        IPv4address => (
            "IPv4address",
            "an IPv4 address",
            r#"IPv4address = 1*digit "." 1*digit "." 1*digit "." 1*digit"#,
            None,
        ),
        URI => (
            "URI",
            "a URI",
            r##"URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]"##,
            None,
        ),
        absolute_URI => (
            "absolute-URI",
            "an absolute URI",
            r#"absolute-URI = scheme ":" hier-part [ "?" query ]"#,
            None,
        ),
        relative_ref => (
            "relative-ref",
            "a relative reference",
            r##"relative-ref = relative-part [ "?" query ] [ "#" fragment ]"##,
            None,
        ),
        relative_part => (
            "relative-part",
            "a relative part",
            r#"relative-part = "//" authority path-abempty / path-absolute / path-noscheme / path-empty"#,
            None,
        ),
        IP_literal => (
            "IP-literal",
            "an IP literal in brackets",
            r#"IP-literal = "[" ( IPv6address / IPvFuture  ) "]""#,
            None,
        ),
        IPvFuture => (
            "IPvFuture",
            "a future IP address version",
            r#"IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )"#,
            None,
        ),
        IPv6address => (
            "IPv6address",
            "an IPv6 address",
            r#"IPv6address = 6( h16 ":" ) ls32 / "::" 5( h16 ":" ) ls32 / ... / [ *6( h16 ":" ) h16 ] "::""#,
            None,
        ),
        path_abempty => (
            "path-abempty",
            "a path that begins with \"/\" or is empty",
            r#"path-abempty = *( "/" segment )"#,
            None,
        ),
        path_absolute => (
            "path-absolute",
            "an absolute path",
            r#"path-absolute = "/" [ segment-nz *( "/" segment ) ]"#,
            None,
        ),
        path_noscheme => (
            "path-noscheme",
            "a path whose first segment has no ':'",
            r#"path-noscheme = segment-nz-nc *( "/" segment )"#,
            None,
        ),
        path_rootless => (
            "path-rootless",
            "a path that begins with a segment",
            r#"path-rootless = segment-nz *( "/" segment )"#,
            None,
        ),
        path_empty => ("path-empty", "an empty path", "path-empty = 0<pchar>", None),
        segment_nz => (
            "segment-nz",
            "a non-empty path segment",
            "segment-nz = 1*pchar",
            None,
        ),
        segment_nz_nc => (
            "segment-nz-nc",
            "a non-empty path segment without ':'",
            r#"segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )"#,
            None,
        ),
        inet_login => (
            "login",
            "a login",
            "<user>:<password>@<host>:<port> (rfc1738bis §2.1)",
            None,
        ),
        inet_hostport => (
            "hostport",
            "a host and port",
            "<host>:<port> (rfc1738bis §2.1)",
            None,
        ),
        file_path => (
            "path",
            "a file path",
            "<path>: \"a hierarchical directory path of the form <directory>/<directory>/.../<name>\" (rfc1738bis §2.8)",
            None,
        ),
        inet_host => (
            "host",
            "a host name or IPv4 address",
            r#"host: "The fully qualified domain name of a network host, or its IP address as a set of four decimal digit groups separated by "."" (rfc1738bis §2.1)"#,
            None,
        ),
        pct_encoded => (
            "pct-encoded",
            "two hex digits after '%'",
            r#"pct-encoded = "%" HEXDIG HEXDIG"#,
            None,
        ),
        path_segments => (
            "path_segments",
            "a path",
            r#"path_segments = segment *( "/" segment )"#,
            None,
        ),
        segment => (
            "segment",
            "a path segment",
            r#"segment = *pchar *( ";" param )"#,
            None,
        ),
        man_uri => (
            "man-uri",
            "a man URI",
            r##"man:command-name | man:command-name(section) | man:(index) (uri(7))"##,
            None,
        ),
        man_index => (
            "man-index",
            "the index of the manual pages",
            r##"man:(index) (uri(7), KDE)"##,
            None,
        ),
        man_page => (
            "man-page",
            "a manual page",
            r##"command-name [ "(" section ")" ] (uri(7))"##,
            None,
        ),
        man_name => (
            "command-name",
            "a command name",
            r##"command-name = 1*( uric_no_slash but "(" and ")" )"##,
            None,
        ),
        man_section => (
            "section",
            "a manual section (\"1\", \"3p\")",
            r##"section = 1*alphanum (man(7))"##,
            None,
        ),
        info_uri => (
            "info-uri",
            "an info URI",
            r##"info:virtual-filename [ "#" nodename ] | info:(virtual-filename) [ nodename ] (uri(7))"##,
            None,
        ),
        info_kde => (
            "info-kde",
            "KDE's info form",
            r##"info:(virtual-filename)nodename (uri(7), KDE)"##,
            None,
        ),
        info_gnome => (
            "info-gnome",
            "GNOME's info form",
            r##"info:virtual-filename[#nodename] (uri(7), GNOME)"##,
            None,
        ),
        info_file => (
            "virtual-filename",
            "an info file name",
            r##"virtual-filename = 1*( uric_no_slash but "(" and ")" )"##,
            None,
        ),
        info_node => (
            "nodename",
            "an info node name",
            r##"nodename = *uric"##,
            None,
        ),
        whatis_uri => (
            "whatis-uri",
            "a whatis URI",
            r##"whatis:string (uri(7))"##,
            None,
        ),
        whatis_string => (
            "string",
            "a search string",
            r##"string = uric_no_slash *uric"##,
            None,
        ),
        ghelp_uri => (
            "ghelp-uri",
            "a ghelp URI",
            r##"ghelp:name-of-application (uri(7))"##,
            None,
        ),
        ghelp_name => (
            "name-of-application",
            "an application name",
            r##"name-of-application = uric_no_slash *uric"##,
            None,
        ),
        ldapurl => (
            "ldapurl",
            "an LDAP URL",
            r##"ldapurl = scheme "://" [hostport] ["/" [dn ["?" [attributes] ["?" [scope] ["?" [filter] ["?" extensions]]]]]] (RFC 2255)"##,
            None,
        ),
        dn => (
            "dn",
            "a distinguished name",
            r##"dn = distinguishedName (RFC 2253, Section 3)"##,
            None,
        ),
        attributes => (
            "attributes",
            "a list of attributes",
            r##"attributes = attrdesc *("," attrdesc) (RFC 2255)"##,
            None,
        ),
        scope => (
            "scope",
            "a scope: base, one or sub",
            r##"scope = "base" / "one" / "sub" (RFC 2255)"##,
            None,
        ),
        filter => (
            "filter",
            "a search filter in parentheses",
            r##"filter = "(" filtercomp ")" (RFC 2254, Section 4)"##,
            None,
        ),
        extensions => (
            "extensions",
            "a list of extensions",
            r##"extensions = extension *("," extension) (RFC 2255)"##,
            None,
        ),
        extension => (
            "extension",
            "an extension",
            r##"extension = ["!"] extype ["=" exvalue] (RFC 2255)"##,
            None,
        ),
        critical => (
            "critical",
            "the mark of a critical extension",
            r##""!" (RFC 2255: the extension is critical)"##,
            None,
        ),
        extype => (
            "extype",
            "an extension type",
            r##"extype = token / xtoken (RFC 2255)"##,
            None,
        ),
        exvalue => (
            "exvalue",
            "an extension value",
            r##"exvalue = LDAPString (RFC 2255)"##,
            None,
        ),
        ip_server => (
            "ip_server",
            "a host, with a user and port if any",
            r##"ip_server = [ user [ : password ] @ ] host [ : port ] (uri(7))"##,
            None,
        ),
        wais_server => (
            "hostport",
            "a host and port",
            r##"hostport = host [ ":" port ] (uri(7), wais)"##,
            None,
        ),
        http_uri => (
            "http-uri",
            "an http URI",
            r##"http://ip_server/path | http://ip_server/path?query (uri(7))"##,
            None,
        ),
        ftp_uri => (
            "ftp-uri",
            "an ftp URI",
            r##"ftp://ip_server/path (uri(7))"##,
            None,
        ),
        gopher_uri => (
            "gopher-uri",
            "a gopher URI",
            r##"gopher://ip_server/gophertype selector%09search%09gopher+_string (uri(7))"##,
            None,
        ),
        mailto_uri => (
            "mailto-uri",
            "a mailto URI",
            r##"mailto:email-address (uri(7))"##,
            None,
        ),
        news_uri => (
            "news-uri",
            "a news URI",
            r##"news:newsgroup-name | news:message-id (uri(7))"##,
            None,
        ),
        newsgroup_name => (
            "newsgroup-name",
            "a news group name",
            r##"newsgroup-name = alpha *( alphanum | "-" | "." | "+" | "_" ) (uri(7): period-delimited)"##,
            None,
        ),
        message_id => (
            "message-id",
            "a message-id (unique@full_domain_name)",
            r##"message-id = unique "@" full_domain_name (uri(7), RFC 1036)"##,
            None,
        ),
        telnet_uri => (
            "telnet-uri",
            "a telnet URI",
            r##"telnet://ip_server/ (uri(7): the final "/" may be omitted)"##,
            None,
        ),
        file_uri => (
            "file-uri",
            "a file URI",
            r##"file://ip_server/path_segments | file:path_segments (uri(7))"##,
            None,
        ),
        file_server => (
            "ip_server",
            "a host, \"localhost\" or nothing",
            r##"ip_server, "localhost" or empty (uri(7), file)"##,
            None,
        ),
        wais_uri => (
            "wais-uri",
            "a wais URI",
            r##"wais://hostport/database[?search | /wtype/wpath] (uri(7))"##,
            None,
        ),
        wais_database => (
            "database",
            "a database name",
            r##"database = *pchar"##,
            None,
        ),
        wais_type => ("wtype", "a document type", r##"wtype = *pchar"##, None),
        wais_path => ("wpath", "a document id", r##"wpath = *pchar"##, None),
        query => ("query", "a query", "query = *uric", None),
        fragment => ("fragment", "a fragment", "fragment = *uric", None),
        escaped => (
            "escaped",
            "two hex digits after '%'",
            r#"escaped = "%" hex hex"#,
            None,
        ),
        escape => (
            "escape",
            "two hex digits after '%'",
            r#"escape = "%" hex hex"#,
            None,
        ),
        digits => ("digits", "a decimal number", "digits = 1*digit", None),
        login => (
            "login",
            "a login",
            r#"login = [ user [ ":" password ] "@" ] hostport"#,
            None,
        ),
        hostport => (
            "hostport",
            "a host and port",
            r#"hostport = host [ ":" port ]"#,
            None,
        ),
        host => (
            "host",
            "a host name or number",
            "host = hostname | hostnumber",
            None,
        ),
        hostname => (
            "hostname",
            "a host name",
            r#"hostname = *[ domainlabel "." ] toplabel"#,
            Some("hostname = alpha *uchar"),
        ),
        hostnumber => (
            "hostnumber",
            "a host number",
            r#"hostnumber = digits "." digits "." digits "." digits"#,
            None,
        ),
        port => ("port", "a port number", "port = digits", None),
        user => (
            "user",
            "a user name",
            r#"user = *[ uchar | ";" | "?" | "&" | "=" ]"#,
            None,
        ),
        password => (
            "password",
            "a password",
            r#"password = *[ uchar | ";" | "?" | "&" | "=" ]"#,
            None,
        ),
        genericurl => (
            "genericurl",
            "a URL",
            r#"genericurl = scheme ":" schemepart"#,
            None,
        ),
        otherurl => ("otherurl", "a URL", "otherurl = genericurl", None),
        scheme => (
            "scheme",
            "a scheme name",
            r#"scheme = 1*[ lowalpha | digit | "+" | "-" | "." ]"#,
            None,
        ),
        schemepart => (
            "schemepart",
            "the scheme-specific part",
            "schemepart = *xchar | ip-schemepart",
            None,
        ),
        ip_schemepart => (
            "ip-schemepart",
            "a login and path",
            r#"ip-schemepart = "//" login [ "/" urlpath ]"#,
            None,
        ),
        urlpath => ("urlpath", "a path", "urlpath = *xchar", None),
        ftpurl => (
            "ftpurl",
            "an ftp URL",
            r#"ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]"#,
            None,
        ),
        fpath => (
            "fpath",
            "a path",
            r#"fpath = fsegment *[ "/" fsegment ]"#,
            None,
        ),
        fsegment => (
            "fsegment",
            "a path segment",
            r#"fsegment = *[ uchar | "?" | ":" | "@" | "&" | "=" ]"#,
            None,
        ),
        ftptype => (
            "ftptype",
            "a type code (A, I or D)",
            r#"ftptype = "A" | "I" | "D" | "a" | "i" | "d""#,
            None,
        ),
        fileurl => (
            "fileurl",
            "a file URL",
            r#"fileurl = "file://" [ host | "localhost" ] "/" fpath"#,
            Some(r#"fileurl = "file://" host [ "/" fpath ]"#),
        ),
        httpurl => (
            "httpurl",
            "an http URL",
            r#"httpurl = "http://" hostport [ "/" hpath [ "?" search ]]"#,
            None,
        ),
        hpath => (
            "hpath",
            "a path",
            r#"hpath = hsegment *[ "/" hsegment ]"#,
            None,
        ),
        hsegment => (
            "hsegment",
            "a path segment",
            r#"hsegment = *[ uchar | ";" | ":" | "@" | "&" | "=" ]"#,
            None,
        ),
        search => (
            "search",
            "a search string",
            r#"search = *[ uchar | ";" | ":" | "@" | "&" | "=" ]"#,
            None,
        ),
        gopherurl => (
            "gopherurl",
            "a gopher URL",
            r#"gopherurl = "gopher://" hostport [ / [ gtype [ selector [ "%09" search [ "%09" gopher+_string ] ] ] ] ]"#,
            None,
        ),
        gtype => ("gtype", "a gopher item type", "gtype = xchar", None),
        selector | selector_whole => ("selector", "a gopher selector", "selector = *xchar", None),
        gopher_search => (
            "search",
            "a gopher search string",
            r#"search = *[ uchar | ";" | ":" | "@" | "&" | "=" ]"#,
            None,
        ),
        gopher_plus_string => (
            "gopher+_string",
            "a gopher+ string",
            "gopher+_string = *xchar",
            None,
        ),
        mailtourl => (
            "mailtourl",
            "a mailto URL",
            r#"mailtourl = "mailto:" encoded822addr"#,
            None,
        ),
        encoded822addr => (
            "encoded822addr",
            "a mail address",
            "encoded822addr = 1*xchar",
            None,
        ),
        newsurl => (
            "newsurl",
            "a news URL",
            r#"newsurl = "news:" grouppart"#,
            None,
        ),
        grouppart => (
            "grouppart",
            "a news group, an article or \"*\"",
            r#"grouppart = "*" | group | article"#,
            None,
        ),
        group => (
            "group",
            "a news group name",
            r#"group = alpha *[ alpha | digit | "-" | "." | "+" | "_" ]"#,
            Some(r#"group = alpha *[ alpha | digit | "-" | "." ]"#),
        ),
        article => (
            "article",
            "a news article",
            r#"article = 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@" host"#,
            None,
        ),
        nntpurl => (
            "nntpurl",
            "an nntp URL",
            r#"nntpurl = "nntp://" hostport "/" group [ "/" digits ]"#,
            None,
        ),
        telneturl => (
            "telneturl",
            "a telnet URL",
            r#"telneturl = "telnet://" login [ "/" ]"#,
            None,
        ),
        waisurl => (
            "waisurl",
            "a wais URL",
            "waisurl = waisdatabase | waisindex | waisdoc",
            None,
        ),
        waisdatabase => (
            "waisdatabase",
            "a wais database URL",
            r#"waisdatabase = "wais://" hostport "/" database"#,
            None,
        ),
        waisindex => (
            "waisindex",
            "a wais search URL",
            r#"waisindex = "wais://" hostport "/" database "?" search"#,
            None,
        ),
        waisdoc => (
            "waisdoc",
            "a wais document URL",
            r#"waisdoc = "wais://" hostport "/" database "/" wtype "/" wpath"#,
            None,
        ),
        database => ("database", "a database name", "database = *uchar", None),
        wtype => ("wtype", "a document type", "wtype = *uchar", None),
        wpath => ("wpath", "a document path", "wpath = *uchar", None),
        prosperourl => (
            "prosperourl",
            "a prospero URL",
            r#"prosperourl = "prospero://" hostport "/" ppath *[ fieldspec ]"#,
            None,
        ),
        ppath => (
            "ppath",
            "a path",
            r#"ppath = psegment *[ "/" psegment ]"#,
            None,
        ),
        psegment => (
            "psegment",
            "a path segment",
            r#"psegment = *[ uchar | "?" | ":" | "@" | "&" | "=" ]"#,
            None,
        ),
        fieldspec => (
            "fieldspec",
            "a field",
            r#"fieldspec = ";" fieldname "=" fieldvalue"#,
            None,
        ),
        fieldname => (
            "fieldname",
            "a field name",
            r#"fieldname = *[ uchar | "?" | ":" | "@" | "&" ]"#,
            None,
        ),
        fieldvalue => (
            "fieldvalue",
            "a field value",
            r#"fieldvalue = *[ uchar | "?" | ":" | "@" | "&" ]"#,
            None,
        ),
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::syntax::grammar::{SpecRule, draft07, rfc1738};

    /// Each rule's `///` lines in `files` of `grammar/`, by the rule's pest
    /// name, joined. A `//` comment may stand between them and the rule.
    fn documented(files: &[String]) -> HashMap<String, String> {
        let mut lines_of = HashMap::new();
        for file in files {
            let path = format!("{}/grammar/{file}", env!("CARGO_MANIFEST_DIR"));
            let text = std::fs::read_to_string(&path).unwrap();
            let mut pending: Vec<&str> = Vec::new();
            for line in text.lines().map(str::trim) {
                if let Some(doc) = line.strip_prefix("///") {
                    pending.push(doc.trim());
                    continue;
                }
                if line.starts_with("//") {
                    continue;
                }
                let rule = line.split_once('=').filter(|(name, body)| {
                    let name = name.trim();
                    !name.is_empty()
                        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                        && body
                            .trim_start()
                            .trim_start_matches(['_', '@', '$', '!'])
                            .starts_with('{')
                });
                if let Some((name, _)) = rule
                    && !pending.is_empty()
                {
                    lines_of.insert(name.trim().to_owned(), pending.join(" "));
                }
                pending.clear();
            }
        }
        lines_of
    }

    /// A BNF line without its spacing and without the comment Section 5
    /// writes after `;` (`urlpath = *xchar ; depends on protocol`), which
    /// the table leaves out.
    fn bnf(line: &str) -> String {
        let line = match line.rsplit_once(" ; ") {
            Some((rule, comment)) if !comment.contains('"') => rule,
            _ => line,
        };
        line.split_whitespace().collect::<Vec<_>>().join(" ")
    }

    fn section5_files(own: &str) -> Vec<String> {
        let shared = [
            "core.pest",
            "url.pest",
            "generic.pest",
            "ftp.pest",
            "http.pest",
            "gopher.pest",
            "mailto.pest",
            "news.pest",
            "nntp.pest",
            "telnet.pest",
            "wais.pest",
            "prospero.pest",
        ];
        let own = ["core.pest", "file.pest", "news.pest"].map(|file| format!("{own}/{file}"));
        shared
            .iter()
            .map(|file| (*file).to_owned())
            .chain(own)
            .collect()
    }

    fn differences<R: SpecRule + fmt::Debug>(rules: &[R], files: &[String]) -> Vec<String> {
        let lines = documented(files);
        let mut differences = Vec::new();
        for rule in rules {
            let Some(node) = rule.node().filter(|node| *node != Node::EOI) else {
                continue;
            };
            let name = format!("{rule:?}");
            let table = GrammarRule(node, R::SPEC).definition(R::SPEC);
            match lines.get(&name) {
                Some(line) if bnf(line) == bnf(table) => {}
                Some(line) => {
                    differences.push(format!("{} {name}: {table:?} against {line:?}", R::SPEC))
                }
                None => {
                    differences.push(format!("{} {name}: no `///` line in the grammar", R::SPEC))
                }
            }
        }
        differences
    }

    /// The table's Section 5 definitions are the grammar's `///` lines, the
    /// one copy of the BNF that is written by hand: an edit to one without
    /// the other fails here. (RFC 2396's and RFC 3986's rows are short forms
    /// of longer notes in the grammar, not yet held to them.)
    #[test]
    fn every_section_5_definition_is_the_grammar_s_line() {
        let mut differences = differences(rfc1738::Rule::all_rules(), &section5_files("rfc1738"));
        differences.extend(self::differences(
            draft07::Rule::all_rules(),
            &section5_files("draft07"),
        ));
        assert!(differences.is_empty(), "{}", differences.join("\n"));
    }
}
