//! The one table that says, for every rule of the grammar, its BNF name and
//! what it is in words; its BNF definition under each specification is the
//! `///` line above the rule in `grammar/`, which `build.rs` brings here.

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
            && let Some(name) = rfc3986_name(self.0)
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
        // A rule the specification's grammar lacks (asked of an error of
        // another specification) is read as RFC 1738 writes it.
        bnf_line(spec, self.0)
            .or_else(|| bnf_line(Spec::Rfc1738, self.0))
            .unwrap_or("")
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

/// Each rule's `///` line in the grammar files of each specification,
/// written by `build.rs` (`RFC1738_BNF`, ...), sorted by the rule's name.
mod bnf {
    include!(concat!(env!("OUT_DIR"), "/bnf_lines.rs"));
}

/// `node`'s BNF line in `spec`'s grammar: the `///` line above its rule.
fn bnf_line(spec: Spec, node: Node) -> Option<&'static str> {
    let lines = match spec {
        Spec::Rfc1738 => bnf::RFC1738_BNF,
        Spec::Draft07 => bnf::DRAFT07_BNF,
        Spec::Rfc2396 => bnf::RFC2396_BNF,
        Spec::Rfc3986 => bnf::RFC3986_BNF,
    };
    let name = node.pest_name();
    lines
        .binary_search_by(|(rule, _)| (*rule).cmp(name))
        .ok()
        .map(|index| lines[index].1)
}

/// The RFC 3986 name of the rules of its grammar (`grammar/rfc3986/`) whose
/// name there is not the one `entry` gives (`ftptype` is ftp-uri's
/// `typecode`), or whose words there come from the later documents.
fn rfc3986_name(node: Node) -> Option<&'static str> {
    use Node::*;
    Some(match node {
        URI_reference => "URI-reference",
        hier_part => "hier-part",
        scheme => "scheme",
        authority => "authority",
        userinfo => "userinfo",
        host => "host",
        port => "port",
        IPv4address => "IPv4address",
        reg_name => "reg-name",
        segment => "segment",
        query => "query",
        fragment => "fragment",
        // The later documents' parts, in their words.
        user => "user",
        password => "password",
        login => "login",
        hostport => "hostport",
        hostname => "hostname",
        ftpurl => "ftpurl",
        fpath => "fpath",
        fsegment => "fsegment",
        ftptype => "typecode",
        fileurl => "fileurl",
        gopherurl => "gopherurl",
        gtype => "gophertype",
        selector => "selector",
        gopher_search => "search",
        gopher_plus_string => "gopher+_string",
        newsurl => "newsurl",
        group => "newsgroup-name",
        article => "message-id",
        nntpurl => "nntpurl",
        digits => "article-number",
        telneturl => "telneturl",
        waisurl => "waisurl",
        waisdatabase => "waisdatabase",
        waisindex => "waisindex",
        waisdoc => "waisdoc",
        database => "database",
        search => "search",
        wtype => "wtype",
        wpath => "wpath",
        prosperourl => "prosperourl",
        ppath => "hsoname",
        psegment => "psegment",
        fieldspec => "fieldspec",
        fieldname => "field",
        fieldvalue => "value",
        _ => return None,
    })
}

/// `(BNF name, words)` of each rule; its definition is its `///` line in
/// `grammar/` ([`bnf_line`]).
fn entry(node: Node) -> (&'static str, &'static str) {
    use Node::*;
    match node {
        EOI => ("EOI", "the end of the URL"),
        URI_reference => ("URI-reference", "a URI reference"),
        absoluteURI => ("absoluteURI", "an absolute URI"),
        relativeURI => ("relativeURI", "a relative URI"),
        hier_part => ("hier_part", "a hierarchical part"),
        opaque_part => ("opaque_part", "an opaque part"),
        net_path => ("net_path", "a network path"),
        abs_path => ("abs_path", "an absolute path"),
        rel_path => ("rel_path", "a relative path"),
        rel_segment => ("rel_segment", "a first path segment without ':'"),
        authority => ("authority", "an authority"),
        reg_name => ("reg_name", "a registry-based authority"),
        server => ("server", "a server"),
        userinfo => ("userinfo", "user information"),
        IPv4address => ("IPv4address", "an IPv4 address"),
        URI => ("URI", "a URI"),
        absolute_URI => ("absolute-URI", "an absolute URI"),
        relative_ref => ("relative-ref", "a relative reference"),
        relative_part => ("relative-part", "a relative part"),
        IP_literal => ("IP-literal", "an IP literal in brackets"),
        IPvFuture => ("IPvFuture", "a future IP address version"),
        IPv6address => ("IPv6address", "an IPv6 address"),
        path_abempty => ("path-abempty", "a path that begins with \"/\" or is empty"),
        path_absolute => ("path-absolute", "an absolute path"),
        path_noscheme => ("path-noscheme", "a path whose first segment has no ':'"),
        path_rootless => ("path-rootless", "a path that begins with a segment"),
        path_empty => ("path-empty", "an empty path"),
        segment_nz => ("segment-nz", "a non-empty path segment"),
        segment_nz_nc => ("segment-nz-nc", "a non-empty path segment without ':'"),
        inet_login => ("login", "a login"),
        inet_hostport => ("hostport", "a host and port"),
        file_path => ("path", "a file path"),
        inet_host => ("host", "a host name or IPv4 address"),
        pct_encoded => ("pct-encoded", "two hex digits after '%'"),
        path_segments => ("path_segments", "a path"),
        segment => ("segment", "a path segment"),
        man_uri => ("man-uri", "a man URI"),
        man_index => ("man-index", "the index of the manual pages"),
        man_page => ("man-page", "a manual page"),
        man_name => ("command-name", "a command name"),
        man_section => ("section", "a manual section (\"1\", \"3p\")"),
        info_uri => ("info-uri", "an info URI"),
        info_kde => ("info-kde", "KDE's info form"),
        info_gnome => ("info-gnome", "GNOME's info form"),
        info_file => ("virtual-filename", "an info file name"),
        info_node => ("nodename", "an info node name"),
        whatis_uri => ("whatis-uri", "a whatis URI"),
        whatis_string => ("string", "a search string"),
        ghelp_uri => ("ghelp-uri", "a ghelp URI"),
        ghelp_name => ("name-of-application", "an application name"),
        ldapurl => ("ldapurl", "an LDAP URL"),
        dn => ("dn", "a distinguished name"),
        attributes => ("attributes", "a list of attributes"),
        scope => ("scope", "a scope: base, one or sub"),
        filter => ("filter", "a search filter in parentheses"),
        extensions => ("extensions", "a list of extensions"),
        extension => ("extension", "an extension"),
        critical => ("critical", "the mark of a critical extension"),
        extype => ("extype", "an extension type"),
        exvalue => ("exvalue", "an extension value"),
        ip_server => ("ip_server", "a host, with a user and port if any"),
        wais_server => ("hostport", "a host and port"),
        http_uri => ("http-uri", "an http URI"),
        ftp_uri => ("ftp-uri", "an ftp URI"),
        gopher_uri => ("gopher-uri", "a gopher URI"),
        mailto_uri => ("mailto-uri", "a mailto URI"),
        news_uri => ("news-uri", "a news URI"),
        newsgroup_name => ("newsgroup-name", "a news group name"),
        message_id => ("message-id", "a message-id (unique@full_domain_name)"),
        telnet_uri => ("telnet-uri", "a telnet URI"),
        file_uri => ("file-uri", "a file URI"),
        file_server => ("ip_server", "a host, \"localhost\" or nothing"),
        wais_uri => ("wais-uri", "a wais URI"),
        wais_database => ("database", "a database name"),
        wais_type => ("wtype", "a document type"),
        wais_path => ("wpath", "a document id"),
        query => ("query", "a query"),
        fragment => ("fragment", "a fragment"),
        escaped => ("escaped", "two hex digits after '%'"),
        escape => ("escape", "two hex digits after '%'"),
        digits => ("digits", "a decimal number"),
        login => ("login", "a login"),
        hostport => ("hostport", "a host and port"),
        host => ("host", "a host name or number"),
        hostname => ("hostname", "a host name"),
        hostnumber => ("hostnumber", "a host number"),
        port => ("port", "a port number"),
        user => ("user", "a user name"),
        password => ("password", "a password"),
        genericurl => ("genericurl", "a URL"),
        otherurl => ("otherurl", "a URL"),
        scheme => ("scheme", "a scheme name"),
        schemepart => ("schemepart", "the scheme-specific part"),
        ip_schemepart => ("ip-schemepart", "a login and path"),
        urlpath => ("urlpath", "a path"),
        ftpurl => ("ftpurl", "an ftp URL"),
        fpath => ("fpath", "a path"),
        fsegment => ("fsegment", "a path segment"),
        ftptype => ("ftptype", "a type code (A, I or D)"),
        fileurl => ("fileurl", "a file URL"),
        httpurl => ("httpurl", "an http URL"),
        hpath => ("hpath", "a path"),
        hsegment => ("hsegment", "a path segment"),
        search => ("search", "a search string"),
        gopherurl => ("gopherurl", "a gopher URL"),
        gtype => ("gtype", "a gopher item type"),
        selector | selector_whole => ("selector", "a gopher selector"),
        gopher_search => ("search", "a gopher search string"),
        gopher_plus_string => ("gopher+_string", "a gopher+ string"),
        mailtourl => ("mailtourl", "a mailto URL"),
        encoded822addr => ("encoded822addr", "a mail address"),
        newsurl => ("newsurl", "a news URL"),
        grouppart => ("grouppart", "a news group, an article or \"*\""),
        group => ("group", "a news group name"),
        article => ("article", "a news article"),
        nntpurl => ("nntpurl", "an nntp URL"),
        telneturl => ("telneturl", "a telnet URL"),
        waisurl => ("waisurl", "a wais URL"),
        waisdatabase => ("waisdatabase", "a wais database URL"),
        waisindex => ("waisindex", "a wais search URL"),
        waisdoc => ("waisdoc", "a wais document URL"),
        database => ("database", "a database name"),
        wtype => ("wtype", "a document type"),
        wpath => ("wpath", "a document path"),
        prosperourl => ("prosperourl", "a prospero URL"),
        ppath => ("ppath", "a path"),
        psegment => ("psegment", "a path segment"),
        fieldspec => ("fieldspec", "a field"),
        fieldname => ("fieldname", "a field name"),
        fieldvalue => ("fieldvalue", "a field value"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::grammar::{SpecRule, draft07, rfc1738, rfc2396, rfc3986};

    /// The rules of `R`'s grammar that errors can name, without a `///`
    /// line (the BNF line their messages quote).
    fn undocumented<R: SpecRule + fmt::Debug>(rules: &[R]) -> Vec<String> {
        rules
            .iter()
            .filter_map(|rule| Some((rule, rule.node()?)))
            .filter(|(_, node)| *node != Node::EOI && bnf_line(R::SPEC, *node).is_none())
            .map(|(rule, _)| format!("{} {rule:?}", R::SPEC))
            .collect()
    }

    /// Every rule an error can name, under every specification, has its
    /// BNF line in the grammar, which `build.rs` reads for the messages.
    #[test]
    fn every_named_rule_has_its_bnf_line() {
        let mut missing = undocumented(rfc1738::Rule::all_rules());
        missing.extend(undocumented(draft07::Rule::all_rules()));
        missing.extend(undocumented(rfc2396::Rule::all_rules()));
        missing.extend(undocumented(rfc3986::Rule::all_rules()));
        assert!(missing.is_empty(), "{missing:?}");
        // The silent rules that errors name from the input.
        assert_eq!(
            bnf_line(Spec::Rfc1738, Node::escape),
            Some(r#"escape = "%" hex hex"#)
        );
        assert_eq!(
            bnf_line(Spec::Rfc3986, Node::pct_encoded),
            Some(r#"pct-encoded = "%" HEXDIG HEXDIG"#)
        );
    }

    /// The BNF's `;` comments are left out, and each line is on one line.
    #[test]
    fn bnf_lines_are_as_messages_quote_them() {
        assert_eq!(
            bnf_line(Spec::Rfc1738, Node::urlpath),
            Some("urlpath = *xchar")
        );
        assert_eq!(
            bnf_line(Spec::Draft07, Node::hostname),
            Some("hostname = alpha *uchar")
        );
        let all = [
            bnf::RFC1738_BNF,
            bnf::DRAFT07_BNF,
            bnf::RFC2396_BNF,
            bnf::RFC3986_BNF,
        ];
        for (name, line) in all.iter().flat_map(|lines| lines.iter()) {
            assert!(
                !line.contains("  ") && !line.contains('\n') && line.trim() == *line,
                "{name}"
            );
        }
        for lines in all {
            assert!(lines.windows(2).all(|pair| pair[0].0 < pair[1].0));
        }
    }

    /// Every BNF line that a comment or string of the sources quotes in
    /// backquotes (`` `name = ...` ``, where `name` is a rule of the
    /// grammar) is that rule's line under some specification, so that a
    /// quote cannot go stale. A quote may shorten the line with `...`.
    #[test]
    fn every_quoted_bnf_line_is_the_grammar_s() {
        let all = [
            bnf::RFC1738_BNF,
            bnf::DRAFT07_BNF,
            bnf::RFC2396_BNF,
            bnf::RFC3986_BNF,
        ];
        let mut lines_of: std::collections::HashMap<&str, Vec<&str>> =
            std::collections::HashMap::new();
        for (_, line) in all.iter().flat_map(|lines| lines.iter()) {
            if let Some((name, _)) = line.split_once(" = ") {
                lines_of.entry(name).or_default().push(line);
            }
        }
        let root = env!("CARGO_MANIFEST_DIR");
        let mut files = Vec::new();
        let mut folders = vec![
            format!("{root}/src"),
            format!("{root}/python/src"),
            format!("{root}/python/rfc1738"),
        ];
        while let Some(folder) = folders.pop() {
            for entry in std::fs::read_dir(&folder).unwrap().flatten() {
                let path = entry.path();
                if path.is_dir() {
                    folders.push(path.display().to_string());
                } else if path
                    .extension()
                    .is_some_and(|ext| ext == "rs" || ext == "py")
                {
                    files.push(path);
                }
            }
        }
        assert!(files.len() > 40, "{} files", files.len());
        let spaced = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
        let (mut checked, mut stale) = (0, Vec::new());
        for path in files {
            let text = std::fs::read_to_string(&path).unwrap();
            // A quote in a comment may go on to the next comment line.
            let mut carried = String::new();
            for (number, line) in text.lines().enumerate() {
                let trimmed = line.trim_start();
                let comment = ["///", "//!", "//", "#"]
                    .iter()
                    .find_map(|marker| trimmed.strip_prefix(marker));
                let line = match comment {
                    Some(rest) if !carried.is_empty() => format!("{carried} {}", rest.trim()),
                    _ => line.to_owned(),
                };
                carried.clear();
                if comment.is_some() && line.matches('`').count() % 2 == 1 && line.len() < 1000 {
                    carried = line;
                    continue;
                }
                // reStructuredText (the Python docstrings) quotes in ``double``.
                let line = line.replace("``", "`");
                for quote in line.split('`').skip(1).step_by(2) {
                    let Some((name, _)) = quote.split_once(" = ") else {
                        continue;
                    };
                    let Some(lines) = lines_of.get(name) else {
                        continue;
                    };
                    // As written, or unescaped where it sits in a string.
                    let forms = [spaced(quote), spaced(&quote.replace("\\\"", "\""))];
                    let matches = |line: &&str| {
                        forms.iter().any(|form| match form.split_once("...") {
                            Some((start, end)) => {
                                line.starts_with(start.trim_end())
                                    && line.ends_with(end.trim_start())
                            }
                            None => form == line,
                        })
                    };
                    checked += 1;
                    if !lines.iter().any(matches) {
                        stale.push(format!("{}:{}: `{quote}`", path.display(), number + 1));
                    }
                }
            }
        }
        assert!(checked > 100, "{checked} quotes");
        assert!(
            stale.is_empty(),
            "quotes that are no grammar line:\n{}",
            stale.join("\n")
        );
    }
}
