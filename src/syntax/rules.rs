//! What error reports say of each rule of the grammar: its name in the
//! document, what it is in words and its BNF line under each specification,
//! all read by `build.rs` from the `///` lines above the rule in `grammar/`;
//! and which rules take escapes.

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
    /// The rule's name as the document of its specification spells it
    /// (`gopher+_string`, `ip-schemepart`; RFC 3986's nntp `digits` is
    /// rfc1738bis's `article-number`): the left side of its `///` BNF line
    /// in `grammar/`, or its `/// name:` line.
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
        let names = names_of(self.0);
        match self.1 {
            Spec::Rfc1738 => names[0],
            Spec::Draft07 => names[1],
            Spec::Rfc2396 => names[2],
            Spec::Rfc3986 => names[3],
        }
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
        words_of(self.0)
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

    /// The document the rule transcribes, where it is not its
    /// specification's own grammar: `uri(7)` for the forms the Linux page
    /// gives the schemes under RFC 2396, `RFC 2255` for ldap's URL (whose
    /// BNF lines name the RFCs it quotes: 2251 to 2254), and the three
    /// documents over RFC 3986 for the rules of their scheme forms
    /// (`rfc3986/schemes.pest`: a URL's scheme says which document is its;
    /// most of these rules' BNF lines name their section, and the forms'
    /// `host` restates Appendix A's). `None` for the rules of Section 5
    /// (RFC 1738, draft-07) and of RFC 2396's and RFC 3986's Appendix A.
    ///
    /// ```
    /// use rfc1738::{Expected, Spec, Url};
    ///
    /// let err = Url::parse_with("info:(/gcc)", Spec::Rfc2396).unwrap_err();
    /// let Expected::Rule(rule) = err.expected()[0] else { unreachable!() };
    /// assert_eq!(rule.name(), "virtual-filename");
    /// assert_eq!(rule.document(), Some("uri(7)"));
    /// let err = Url::parse_with("ldap:///??two", Spec::Rfc2396).unwrap_err();
    /// let Expected::Rule(rule) = err.expected()[0] else { unreachable!() };
    /// assert_eq!(rule.document(), Some("RFC 2255"));
    /// let err = Url::parse_with("nntp://h/g?x", Spec::Rfc3986).unwrap_err();
    /// let Expected::Rule(rule) = err.expected()[0] else { unreachable!() };
    /// assert!(rule.document().unwrap().contains("draft-hoffkohn-rfc1738bis-00"));
    /// let err = Url::parse("ftp://host:/x").unwrap_err();
    /// let Expected::Rule(rule) = err.expected()[0] else { unreachable!() };
    /// assert_eq!(rule.document(), None);
    /// ```
    #[must_use]
    pub fn document(self) -> Option<&'static str> {
        let documents = match self.1 {
            Spec::Rfc1738 => bnf::RFC1738_DOCUMENTS,
            Spec::Draft07 => bnf::DRAFT07_DOCUMENTS,
            Spec::Rfc2396 => bnf::RFC2396_DOCUMENTS,
            Spec::Rfc3986 => bnf::RFC3986_DOCUMENTS,
        };
        lookup(documents, self.0)
    }

    /// Whether the rule's characters include `escape` in `spec`'s grammar,
    /// so that a character it does not allow can be written as `%XX`
    /// instead: `build.rs` works it out from the grammar (`{SPEC}_ESCAPES`).
    pub(crate) fn takes_escapes(self, spec: Spec) -> bool {
        let taking = match spec {
            Spec::Rfc1738 => bnf::RFC1738_ESCAPES,
            Spec::Draft07 => bnf::DRAFT07_ESCAPES,
            Spec::Rfc2396 => bnf::RFC2396_ESCAPES,
            Spec::Rfc3986 => bnf::RFC3986_ESCAPES,
        };
        matches!(self.0, Node::escape | Node::escaped | Node::pct_encoded)
            || taking.binary_search(&self.0.pest_name()).is_ok()
    }
}

impl fmt::Display for GrammarRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

// `words_of` and `names_of`, written by `build.rs` from the grammar's
// `///` lines.
include!(concat!(env!("OUT_DIR"), "/words.rs"));

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
    lookup(lines, node)
}

/// `node`'s entry in a table of `build.rs`, sorted by pest name.
fn lookup(table: &[(&str, &'static str)], node: Node) -> Option<&'static str> {
    let name = node.pest_name();
    table
        .binary_search_by(|(rule, _)| (*rule).cmp(name))
        .ok()
        .map(|index| table[index].1)
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

    /// A rule's name is its document's: the left side of its BNF line, or
    /// its `/// name:` line where the document writes no BNF; in a
    /// specification whose grammar lacks the rule, the first one's.
    #[test]
    fn names_are_the_documents() {
        let name = |node, spec| GrammarRule(node, spec).name();
        assert_eq!(name(Node::digits, Spec::Rfc1738), "digits");
        assert_eq!(name(Node::digits, Spec::Rfc3986), "article-number");
        assert_eq!(name(Node::ftptype, Spec::Rfc3986), "typecode");
        assert_eq!(
            name(Node::gopher_plus_string, Spec::Draft07),
            "gopher+_string"
        );
        assert_eq!(name(Node::man_uri, Spec::Rfc2396), "man-uri");
        assert_eq!(name(Node::inet_login, Spec::Rfc3986), "login");
        assert_eq!(name(Node::inet_login, Spec::Rfc1738), "login");
        assert_eq!(name(Node::IP_literal, Spec::Rfc1738), "IP-literal");
        assert_eq!(name(Node::EOI, Spec::Rfc1738), "EOI");
        assert_eq!(
            GrammarRule(Node::EOI, Spec::Rfc1738).description(),
            "the end of the URL"
        );
        assert_eq!(
            GrammarRule(Node::digits, Spec::Rfc3986).description(),
            "a decimal number"
        );
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
        let mut folders = vec![format!("{root}/src")];
        // The Python package's sources are in the repository, not in the
        // crate's package, whose tests run without them.
        if std::path::Path::new(&format!("{root}/python")).is_dir() {
            folders.extend([
                format!("{root}/python/src"),
                format!("{root}/python/rfc1738"),
            ]);
        }
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
