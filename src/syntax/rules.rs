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
///
/// Rules order as `build.rs` lists them from the grammar files (RFC 1738's,
/// draft-07's, RFC 2396's, then RFC 3986's, each rule where first met),
/// then by specification: an order to sort by, which says nothing of the
/// rules.
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
        match self.0 {
            // draft-07's `hostname = alpha *uchar`.
            Node::hostname => spec == Spec::Draft07,
            Node::userinfo
            | Node::reg_name
            | Node::rel_segment
            | Node::segment
            | Node::query
            | Node::fragment
            | Node::opaque_part
            | Node::escaped
            | Node::segment_nz
            | Node::segment_nz_nc
            | Node::pct_encoded => true,
            Node::user
            | Node::password
            | Node::schemepart
            | Node::urlpath
            | Node::fsegment
            | Node::hsegment
            | Node::search
            | Node::selector
            | Node::selector_whole
            | Node::gopher_search
            | Node::gopher_plus_string
            | Node::gtype
            | Node::encoded822addr
            | Node::article
            | Node::database
            | Node::wtype
            | Node::wpath
            | Node::psegment
            | Node::fieldname
            | Node::fieldvalue
            | Node::escape => true,
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
    Some(match node {
        Node::URI_reference => "URI-reference",
        Node::hier_part => "hier-part",
        Node::scheme => "scheme",
        Node::authority => "authority",
        Node::userinfo => "userinfo",
        Node::host => "host",
        Node::port => "port",
        Node::IPv4address => "IPv4address",
        Node::reg_name => "reg-name",
        Node::segment => "segment",
        Node::query => "query",
        Node::fragment => "fragment",
        // The later documents' parts, in their words.
        Node::user => "user",
        Node::password => "password",
        Node::login => "login",
        Node::hostport => "hostport",
        Node::hostname => "hostname",
        Node::ftpurl => "ftpurl",
        Node::fpath => "fpath",
        Node::fsegment => "fsegment",
        Node::ftptype => "typecode",
        Node::fileurl => "fileurl",
        Node::gopherurl => "gopherurl",
        Node::gtype => "gophertype",
        Node::selector => "selector",
        Node::gopher_search => "search",
        Node::gopher_plus_string => "gopher+_string",
        Node::newsurl => "newsurl",
        Node::group => "newsgroup-name",
        Node::article => "message-id",
        Node::nntpurl => "nntpurl",
        Node::digits => "article-number",
        Node::telneturl => "telneturl",
        Node::waisurl => "waisurl",
        Node::waisdatabase => "waisdatabase",
        Node::waisindex => "waisindex",
        Node::waisdoc => "waisdoc",
        Node::database => "database",
        Node::search => "search",
        Node::wtype => "wtype",
        Node::wpath => "wpath",
        Node::prosperourl => "prosperourl",
        Node::ppath => "hsoname",
        Node::psegment => "psegment",
        Node::fieldspec => "fieldspec",
        Node::fieldname => "field",
        Node::fieldvalue => "value",
        _ => return None,
    })
}

/// `(BNF name, words)` of each rule; its definition is its `///` line in
/// `grammar/` ([`bnf_line`]).
fn entry(node: Node) -> (&'static str, &'static str) {
    match node {
        Node::EOI => ("EOI", "the end of the URL"),
        Node::URI_reference => ("URI-reference", "a URI reference"),
        Node::absoluteURI => ("absoluteURI", "an absolute URI"),
        Node::relativeURI => ("relativeURI", "a relative URI"),
        Node::hier_part => ("hier_part", "a hierarchical part"),
        Node::opaque_part => ("opaque_part", "an opaque part"),
        Node::net_path => ("net_path", "a network path"),
        Node::abs_path => ("abs_path", "an absolute path"),
        Node::rel_path => ("rel_path", "a relative path"),
        Node::rel_segment => ("rel_segment", "a first path segment without ':'"),
        Node::authority => ("authority", "an authority"),
        Node::reg_name => ("reg_name", "a registry-based authority"),
        Node::server => ("server", "a server"),
        Node::userinfo => ("userinfo", "user information"),
        Node::IPv4address => ("IPv4address", "an IPv4 address"),
        Node::URI => ("URI", "a URI"),
        Node::absolute_URI => ("absolute-URI", "an absolute URI"),
        Node::relative_ref => ("relative-ref", "a relative reference"),
        Node::relative_part => ("relative-part", "a relative part"),
        Node::IP_literal => ("IP-literal", "an IP literal in brackets"),
        Node::IPvFuture => ("IPvFuture", "a future IP address version"),
        Node::IPv6address => ("IPv6address", "an IPv6 address"),
        Node::path_abempty => ("path-abempty", "a path that begins with \"/\" or is empty"),
        Node::path_absolute => ("path-absolute", "an absolute path"),
        Node::path_noscheme => ("path-noscheme", "a path whose first segment has no ':'"),
        Node::path_rootless => ("path-rootless", "a path that begins with a segment"),
        Node::path_empty => ("path-empty", "an empty path"),
        Node::segment_nz => ("segment-nz", "a non-empty path segment"),
        Node::segment_nz_nc => ("segment-nz-nc", "a non-empty path segment without ':'"),
        Node::inet_login => ("login", "a login"),
        Node::inet_hostport => ("hostport", "a host and port"),
        Node::file_path => ("path", "a file path"),
        Node::inet_host => ("host", "a host name or IPv4 address"),
        Node::pct_encoded => ("pct-encoded", "two hex digits after '%'"),
        Node::path_segments => ("path_segments", "a path"),
        Node::segment => ("segment", "a path segment"),
        Node::man_uri => ("man-uri", "a man URI"),
        Node::man_index => ("man-index", "the index of the manual pages"),
        Node::man_page => ("man-page", "a manual page"),
        Node::man_name => ("command-name", "a command name"),
        Node::man_section => ("section", "a manual section (\"1\", \"3p\")"),
        Node::info_uri => ("info-uri", "an info URI"),
        Node::info_kde => ("info-kde", "KDE's info form"),
        Node::info_gnome => ("info-gnome", "GNOME's info form"),
        Node::info_file => ("virtual-filename", "an info file name"),
        Node::info_node => ("nodename", "an info node name"),
        Node::whatis_uri => ("whatis-uri", "a whatis URI"),
        Node::whatis_string => ("string", "a search string"),
        Node::ghelp_uri => ("ghelp-uri", "a ghelp URI"),
        Node::ghelp_name => ("name-of-application", "an application name"),
        Node::ldapurl => ("ldapurl", "an LDAP URL"),
        Node::dn => ("dn", "a distinguished name"),
        Node::attributes => ("attributes", "a list of attributes"),
        Node::scope => ("scope", "a scope: base, one or sub"),
        Node::filter => ("filter", "a search filter in parentheses"),
        Node::extensions => ("extensions", "a list of extensions"),
        Node::extension => ("extension", "an extension"),
        Node::critical => ("critical", "the mark of a critical extension"),
        Node::extype => ("extype", "an extension type"),
        Node::exvalue => ("exvalue", "an extension value"),
        Node::ip_server => ("ip_server", "a host, with a user and port if any"),
        Node::wais_server => ("hostport", "a host and port"),
        Node::http_uri => ("http-uri", "an http URI"),
        Node::ftp_uri => ("ftp-uri", "an ftp URI"),
        Node::gopher_uri => ("gopher-uri", "a gopher URI"),
        Node::mailto_uri => ("mailto-uri", "a mailto URI"),
        Node::news_uri => ("news-uri", "a news URI"),
        Node::newsgroup_name => ("newsgroup-name", "a news group name"),
        Node::message_id => ("message-id", "a message-id (unique@full_domain_name)"),
        Node::telnet_uri => ("telnet-uri", "a telnet URI"),
        Node::file_uri => ("file-uri", "a file URI"),
        Node::file_server => ("ip_server", "a host, \"localhost\" or nothing"),
        Node::wais_uri => ("wais-uri", "a wais URI"),
        Node::wais_database => ("database", "a database name"),
        Node::wais_type => ("wtype", "a document type"),
        Node::wais_path => ("wpath", "a document id"),
        Node::query => ("query", "a query"),
        Node::fragment => ("fragment", "a fragment"),
        Node::escaped => ("escaped", "two hex digits after '%'"),
        Node::escape => ("escape", "two hex digits after '%'"),
        Node::digits => ("digits", "a decimal number"),
        Node::login => ("login", "a login"),
        Node::hostport => ("hostport", "a host and port"),
        Node::host => ("host", "a host name or number"),
        Node::hostname => ("hostname", "a host name"),
        Node::hostnumber => ("hostnumber", "a host number"),
        Node::port => ("port", "a port number"),
        Node::user => ("user", "a user name"),
        Node::password => ("password", "a password"),
        Node::genericurl => ("genericurl", "a URL"),
        Node::otherurl => ("otherurl", "a URL"),
        Node::scheme => ("scheme", "a scheme name"),
        Node::schemepart => ("schemepart", "the scheme-specific part"),
        Node::ip_schemepart => ("ip-schemepart", "a login and path"),
        Node::urlpath => ("urlpath", "a path"),
        Node::ftpurl => ("ftpurl", "an ftp URL"),
        Node::fpath => ("fpath", "a path"),
        Node::fsegment => ("fsegment", "a path segment"),
        Node::ftptype => ("ftptype", "a type code (A, I or D)"),
        Node::fileurl => ("fileurl", "a file URL"),
        Node::httpurl => ("httpurl", "an http URL"),
        Node::hpath => ("hpath", "a path"),
        Node::hsegment => ("hsegment", "a path segment"),
        Node::search => ("search", "a search string"),
        Node::gopherurl => ("gopherurl", "a gopher URL"),
        Node::gtype => ("gtype", "a gopher item type"),
        Node::selector | Node::selector_whole => ("selector", "a gopher selector"),
        Node::gopher_search => ("search", "a gopher search string"),
        Node::gopher_plus_string => ("gopher+_string", "a gopher+ string"),
        Node::mailtourl => ("mailtourl", "a mailto URL"),
        Node::encoded822addr => ("encoded822addr", "a mail address"),
        Node::newsurl => ("newsurl", "a news URL"),
        Node::grouppart => ("grouppart", "a news group, an article or \"*\""),
        Node::group => ("group", "a news group name"),
        Node::article => ("article", "a news article"),
        Node::nntpurl => ("nntpurl", "an nntp URL"),
        Node::telneturl => ("telneturl", "a telnet URL"),
        Node::waisurl => ("waisurl", "a wais URL"),
        Node::waisdatabase => ("waisdatabase", "a wais database URL"),
        Node::waisindex => ("waisindex", "a wais search URL"),
        Node::waisdoc => ("waisdoc", "a wais document URL"),
        Node::database => ("database", "a database name"),
        Node::wtype => ("wtype", "a document type"),
        Node::wpath => ("wpath", "a document path"),
        Node::prosperourl => ("prosperourl", "a prospero URL"),
        Node::ppath => ("ppath", "a path"),
        Node::psegment => ("psegment", "a path segment"),
        Node::fieldspec => ("fieldspec", "a field"),
        Node::fieldname => ("fieldname", "a field name"),
        Node::fieldvalue => ("fieldvalue", "a field value"),
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
