//! Compiles the grammars of `grammar/` into Rust: the grammar readers of
//! `src/syntax/tracking.rs`, one function per rule, each rule's `///`
//! BNF line and `/// words:` line for `src/syntax/rules.rs` (the one copy
//! of each) with the document a rule transcribes where it is not its
//! specification's own grammar, and the rules that name something (`Node`,
//! `src/syntax/grammar.rs`). The same files,
//! concatenated in the same order as the `#[grammar]` attributes of
//! `src/syntax/grammar.rs`, are parsed and optimized by `pest_meta` exactly as
//! `pest_derive` does before it generates its parser, so that pest and the
//! generated readers run the very same expressions.

use std::collections::{BTreeMap, HashMap};
use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::Path;

use pest_meta::ast::RuleType;
use pest_meta::optimizer::{OptimizedExpr, OptimizedRule};

/// Each parser of `src/syntax/grammar.rs`: its module and its grammar files, in order.
const PROGRAMS: [(&str, &[&str]); 4] = [
    (
        "rfc1738",
        &[
            "core.pest",
            "rfc1738/core.pest",
            "url.pest",
            "generic.pest",
            "ftp.pest",
            "rfc1738/file.pest",
            "http.pest",
            "gopher.pest",
            "mailto.pest",
            "news.pest",
            "rfc1738/news.pest",
            "nntp.pest",
            "telnet.pest",
            "wais.pest",
            "prospero.pest",
        ],
    ),
    (
        "draft07",
        &[
            "core.pest",
            "draft07/core.pest",
            "url.pest",
            "generic.pest",
            "ftp.pest",
            "draft07/file.pest",
            "http.pest",
            "gopher.pest",
            "mailto.pest",
            "news.pest",
            "draft07/news.pest",
            "nntp.pest",
            "telnet.pest",
            "wais.pest",
            "prospero.pest",
        ],
    ),
    (
        "rfc2396",
        &[
            "rfc2396/uri.pest",
            "rfc2396/uri7.pest",
            "rfc2396/urls.pest",
            "rfc2396/ldap.pest",
        ],
    ),
    ("rfc3986", &["rfc3986/uri.pest", "rfc3986/schemes.pest"]),
];

/// The grammar files that transcribe a document other than their
/// specification's own grammar (RFC 2396's or RFC 3986's Appendix A), and
/// that document: what an error's note cites for their rules
/// (`GrammarRule::document`).
const DOCUMENTS: [(&str, &str); 4] = [
    ("rfc2396/uri7.pest", "uri(7)"),
    ("rfc2396/urls.pest", "uri(7)"),
    ("rfc2396/ldap.pest", "RFC 2255"),
    (
        "rfc3986/schemes.pest",
        "draft-hoffman-ftp-uri-02, RFC 4266 or draft-hoffkohn-rfc1738bis-00",
    ),
];

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=grammar");
    let out_dir = env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    let out = Path::new(&out_dir).join("readers.rs");
    let mut code = String::new();
    let mut expressions = String::new();
    let mut lines = String::new();
    let mut nodes = Nodes::new();
    let mut words = BTreeMap::new();
    let mut names = Vec::new();
    let mut named_explicitly = Vec::new();
    for (module, files) in PROGRAMS {
        let mut text = String::new();
        let mut documented_elsewhere = Vec::new();
        for file in files {
            let path = Path::new("grammar").join(file);
            println!("cargo::rerun-if-changed={}", path.display());
            let file_text = fs::read_to_string(&path)
                .unwrap_or_else(|error| panic!("reading {}: {error}", path.display()));
            if let Some((_, document)) = DOCUMENTS.iter().find(|(name, _)| name == file) {
                documented_elsewhere.extend(
                    file_text
                        .lines()
                        .filter_map(rule_defined)
                        .map(|rule| (rule.to_owned(), *document)),
                );
            }
            text.push_str(&file_text);
            // A blank line between files: a `/// words:` line at the end of
            // one is kept from the next file's first rule (see `bnf_lines`).
            text.push_str("\n\n");
        }
        let (built_ins, rules) = pest_meta::parse_and_optimize(&text)
            .unwrap_or_else(|errors| panic!("{module}: {errors:?}"));
        code.push_str(&Compiler::new(module, &rules).module());
        fs::write(
            Path::new(&out_dir).join(format!("{module}_rule.rs")),
            rule_enum(&rules, built_ins.contains(&"EOI")),
        )
        .expect("writing the rule enum");
        expressions.push_str(&expression_table(module, &rules));
        lines.push_str(&bnf_lines(
            module,
            &text,
            &mut words,
            &mut names,
            &mut named_explicitly,
        ));
        lines.push_str(&taking_escapes(module, &rules));
        documented_elsewhere.sort_unstable();
        writeln!(
            lines,
            "/// The rules of `{module}`'s grammar that transcribe another document, and that document.\n\
             pub(crate) const {}_DOCUMENTS: &[(&str, &str)] = &{documented_elsewhere:?};",
            module.to_uppercase()
        )
        .expect("writing to a String");
        nodes.add(module, &rules);
    }
    let words = nodes.words(&words, &names, &named_explicitly);
    fs::write(&out, code).expect("writing the generated readers");
    fs::write(Path::new(&out_dir).join("expressions.rs"), expressions)
        .expect("writing the expression tables");
    fs::write(Path::new(&out_dir).join("bnf_lines.rs"), lines).expect("writing the BNF lines");
    fs::write(Path::new(&out_dir).join("nodes.rs"), nodes.invocation()).expect("writing the nodes");
    fs::write(Path::new(&out_dir).join("words.rs"), words).expect("writing the words");
}

/// The `Rule` enum that `pest_derive` writes for these rules, for the
/// builds without pest's parsers (the `pest-reference` feature): the same
/// variants in the same order (`EOI` first where the grammar uses it, then
/// every rule of the grammar, silent ones included), with the same
/// derives, so that the crate reads alike either way (`grammar.rs`'s tests
/// hold the two equal).
fn rule_enum(rules: &[OptimizedRule], uses_eoi: bool) -> String {
    let mut variants = String::new();
    let mut all = String::new();
    for rule in rules {
        let _ = writeln!(variants, "    r#{},", rule.name);
        let _ = writeln!(all, "        Rule::r#{},", rule.name);
    }
    let eoi = if uses_eoi {
        "    /// End-of-input.\n    EOI,\n"
    } else {
        ""
    };
    format!(
        "/// The grammar's rules, as `pest_derive` would name them.\n\
         #[allow(dead_code, non_camel_case_types, clippy::upper_case_acronyms)]\n\
         #[derive(Clone, Copy, Debug, Eq, Hash, Ord, PartialEq, PartialOrd)]\n\
         pub enum Rule {{\n{eoi}{variants}}}\n\n\
         impl Rule {{\n    \
         /// Every rule but `EOI`, in the grammar's order.\n    \
         #[allow(dead_code)]\n    \
         pub fn all_rules() -> &'static [Rule] {{\n        &[\n{all}        ]\n    }}\n}}\n"
    )
}

/// The rules that name something, by parser: every rule that pest gives a
/// `Rule` variant (not silent) but the entry rules, which read the whole
/// input from `SOI`.
struct Nodes {
    /// Each parser's, in the grammar's order.
    by_module: Vec<(&'static str, Vec<String>)>,
    /// All of them, each once, in the order first met.
    all: Vec<String>,
    /// The named silent rules no grammar has had yet as a silent rule.
    silent_seen: Vec<&'static str>,
}

impl Nodes {
    fn new() -> Self {
        Nodes {
            by_module: Vec::new(),
            all: Vec::new(),
            silent_seen: NAMED_SILENT_RULES.to_vec(),
        }
    }

    fn add(&mut self, module: &'static str, rules: &[OptimizedRule]) {
        let names: Vec<String> = rules
            .iter()
            .filter(|rule| rule.ty != RuleType::Silent && !starts_at_soi(&rule.expr))
            .map(|rule| rule.name.clone())
            .collect();
        for rule in rules.iter().filter(|rule| rule.ty == RuleType::Silent) {
            self.silent_seen.retain(|name| *name != rule.name);
        }
        for name in &names {
            if !self.all.contains(name) {
                self.all.push(name.clone());
            }
        }
        self.by_module.push((module, names));
    }

    /// `words_of`: each node's `/// words:` line, which every rule that
    /// names something has (exactly once, or the same wherever the rule is
    /// defined), and only those rules. `names_of`: each node's name under
    /// each specification (`names`, by module, in `PROGRAMS`' order): its
    /// own, or the first specification's that names it, or its pest name.
    fn words(
        &self,
        words: &BTreeMap<String, String>,
        names: &[BTreeMap<String, String>],
        named_explicitly: &[String],
    ) -> String {
        let named = self
            .all
            .iter()
            .map(String::as_str)
            .chain(NAMED_SILENT_RULES);
        let missing: Vec<&str> = named
            .clone()
            .filter(|name| !words.contains_key(*name))
            .collect();
        assert!(
            missing.is_empty(),
            "rules without a `/// words:` line (what the rule is, for error messages): {missing:?}"
        );
        let is_node = |name: &&String| named.clone().any(|node| node == name.as_str());
        let stray: Vec<&String> = words.keys().filter(|name| !is_node(name)).collect();
        assert!(
            stray.is_empty(),
            "`/// words:` lines on rules that name nothing: {stray:?}"
        );
        let stray: Vec<&String> = named_explicitly
            .iter()
            .filter(|name| !is_node(name))
            .collect();
        assert!(
            stray.is_empty(),
            "`/// name:` lines on rules that name nothing: {stray:?}"
        );
        let mut code = String::from(
            "/// What the rule matches, in words: its `/// words:` line in `grammar/`.\n\
             fn words_of(node: Node) -> &'static str {\n    match node {\n        \
             // `EOI` is pest's, not a rule of the grammar.\n        \
             Node::EOI => \"the end of the URL\",\n",
        );
        for name in named.clone() {
            let _ = writeln!(code, "        Node::{name} => {:?},", words[name]);
        }
        code.push_str("    }\n}\n");
        code.push_str(
            "\n/// The name of the rule in the document of each specification, in \
             `Spec::ALL`'s order.\nfn names_of(node: Node) -> [&'static str; 4] {\n    \
             match node {\n        Node::EOI => [\"EOI\"; 4],\n",
        );
        for name in named {
            let first = names
                .iter()
                .find_map(|module| module.get(name))
                .map_or(name, String::as_str);
            let each: Vec<&str> = names
                .iter()
                .map(|module| module.get(name).map_or(first, String::as_str))
                .collect();
            let _ = writeln!(code, "        Node::{name} => {each:?},");
        }
        code.push_str("    }\n}\n");
        code
    }

    /// The call of `grammar.rs`'s `nodes!` with every list.
    fn invocation(&self) -> String {
        assert!(
            self.silent_seen.is_empty(),
            "named silent rules that no grammar has as silent rules: {:?}",
            self.silent_seen
        );
        let list = |names: &[String]| names.join(", ");
        let mut code = String::from("nodes! {\n");
        for (module, names) in &self.by_module {
            let _ = writeln!(code, "    {module}: [{}],", list(names));
        }
        let _ = writeln!(code, "    all: [{}],", list(&self.all));
        let _ = writeln!(code, "    silent: [{}],", NAMED_SILENT_RULES.join(", "));
        code.push_str("}\n");
        code
    }
}

/// The silent rules that error reports name all the same, from the input:
/// an escape cut short is "expected escape", though pest keeps no pairs of
/// it. `build.rs` fails if one is not a silent rule of some grammar.
const NAMED_SILENT_RULES: [&str; 3] = ["escape", "escaped", "pct_encoded"];

/// The grammar's expressions as data, for `src/syntax/expressions.rs`: each
/// rule's expression (sequences and choices flattened) with its height, the
/// fewest rules deep a derivation of it can end (each choice's alternative
/// has its own), so that a derivation that has gone deep enough takes the
/// way out.
fn expression_table(module: &str, rules: &[OptimizedRule]) -> String {
    const UNKNOWN: u32 = u32::MAX;
    let index: HashMap<&str, usize> = rules
        .iter()
        .enumerate()
        .map(|(i, rule)| (rule.name.as_str(), i))
        .collect();
    fn height(expr: &OptimizedExpr, rules: &[u32], index: &HashMap<&str, usize>) -> u32 {
        match expr {
            OptimizedExpr::Ident(name) => match index.get(name.as_str()) {
                Some(&i) => rules[i],
                None => 0,
            },
            OptimizedExpr::Seq(a, b) => height(a, rules, index).max(height(b, rules, index)),
            OptimizedExpr::Choice(a, b) => height(a, rules, index).min(height(b, rules, index)),
            _ => 0,
        }
    }
    // Each rule's height, to a fixed point from "unknown".
    let mut heights = vec![UNKNOWN; rules.len()];
    loop {
        let next: Vec<u32> = rules
            .iter()
            .map(|rule| height(&rule.expr, &heights, &index).saturating_add(1))
            .collect();
        if next == heights {
            break;
        }
        heights = next;
    }
    for (rule, &h) in rules.iter().zip(&heights) {
        assert!(h < UNKNOWN, "{module}: no derivation of {} ends", rule.name);
    }
    fn emit(expr: &OptimizedExpr, heights: &[u32], index: &HashMap<&str, usize>) -> String {
        match expr {
            OptimizedExpr::Str(text) => format!("Expr::Str({})", ascii_literal(text)),
            OptimizedExpr::Insens(text) => format!("Expr::Insens({})", ascii_literal(text)),
            OptimizedExpr::Range(start, end) => {
                format!("Expr::Range({}, {})", ascii_char(start), ascii_char(end))
            }
            OptimizedExpr::Ident(name) => match (index.get(name.as_str()), name.as_str()) {
                (Some(i), _) => format!("Expr::Rule({i})"),
                // Nothing to write.
                (None, "SOI" | "EOI") => "Expr::Look".to_owned(),
                (None, other) => panic!("no expression table holds pest's built-in {other}"),
            },
            OptimizedExpr::PosPred(_) | OptimizedExpr::NegPred(_) => "Expr::Look".to_owned(),
            OptimizedExpr::Seq(..) => {
                let items: Vec<String> = items_of(expr)
                    .into_iter()
                    .map(|item| emit(item, heights, index))
                    .collect();
                format!("Expr::Seq(&[{}])", items.join(", "))
            }
            OptimizedExpr::Choice(..) => {
                let items: Vec<String> = items_of(expr)
                    .into_iter()
                    .map(|item| {
                        format!(
                            "({}, {})",
                            height(item, heights, index),
                            emit(item, heights, index)
                        )
                    })
                    .collect();
                format!("Expr::Choice(&[{}])", items.join(", "))
            }
            OptimizedExpr::Opt(inner) => format!("Expr::Opt(&{})", emit(inner, heights, index)),
            OptimizedExpr::Rep(inner) => format!("Expr::Rep(&{})", emit(inner, heights, index)),
            other => panic!("no expression table holds {other:?}"),
        }
    }
    let entries: Vec<String> = rules
        .iter()
        .zip(&heights)
        .map(|(rule, h)| {
            format!(
                "    // `{}`
    ({h}, {}),",
                rule.name,
                emit(&rule.expr, &heights, &index)
            )
        })
        .collect();
    let mut arms = String::new();
    for (i, rule) in rules.iter().enumerate() {
        writeln!(arms, "            Rule::r#{} => Some({i}),", rule.name).unwrap();
    }
    format!(
        "/// The expressions of `{module}::Parser`'s grammar, as data.\n\
         #[allow(clippy::all, clippy::pedantic)]\n\
         mod {module}_expressions {{\n\
         use super::{{Expr, Expressions}};\n\
         use crate::syntax::grammar::{module}::Rule;\n\n\
         impl Expressions for Rule {{\n\
         \x20   fn expressions() -> &'static [(u32, Expr)] {{\n        &RULES\n    }}\n\
         \x20   fn index(self) -> Option<usize> {{\n        match self {{\n{arms}            Rule::EOI => None,\n        }}\n    }}\n\
         }}\n\n\
         /// Each rule's height and expression, by its index.\n\
         static RULES: [(u32, Expr); {count}] = [\n{entries}\n];\n\
         }}\n\n",
        count = rules.len(),
        entries = entries.join("\n"),
    )
}

/// Calls `visit` on `expr` and on each expression inside it, the rules it
/// calls excepted (walk those on their own).
fn walk<'e>(expr: &'e OptimizedExpr, visit: &mut impl FnMut(&'e OptimizedExpr)) {
    visit(expr);
    match expr {
        OptimizedExpr::PosPred(inner)
        | OptimizedExpr::NegPred(inner)
        | OptimizedExpr::Opt(inner)
        | OptimizedExpr::Rep(inner)
        | OptimizedExpr::RestoreOnErr(inner) => walk(inner, visit),
        OptimizedExpr::Seq(first, second) | OptimizedExpr::Choice(first, second) => {
            walk(first, visit);
            walk(second, visit);
        }
        _ => {}
    }
}

/// Adds `byte` to `set`, in both cases for a case-insensitive token.
fn insert(set: &mut [u64; 4], byte: u8, insensitive: bool) {
    let cases = if insensitive {
        [byte.to_ascii_lowercase(), byte.to_ascii_uppercase()]
    } else {
        [byte, byte]
    };
    for byte in cases {
        set[usize::from(byte >> 6)] |= 1 << (byte & 63);
    }
}

/// The bytes at which a token starts to match: a literal's first byte (in
/// both cases under `^`), every byte of a range. `None` where `expr` is no
/// token, and for the empty literal, which matches everywhere without
/// reading a byte.
fn first_bytes(expr: &OptimizedExpr) -> Option<[u64; 4]> {
    let mut set = [0; 4];
    match expr {
        OptimizedExpr::Str(text) | OptimizedExpr::Insens(text) => {
            let insensitive = matches!(expr, OptimizedExpr::Insens(_));
            insert(&mut set, text.bytes().next()?, insensitive);
        }
        OptimizedExpr::Range(start, end) => {
            (ascii_char(start)..=ascii_char(end)).for_each(|byte| insert(&mut set, byte, false));
        }
        _ => return None,
    }
    Some(set)
}

/// Adds to `set` every byte that a token of `expr` matches. Over the rules
/// an entry rule reaches, that is every byte a reading can read, since the
/// reader reads only ASCII tokens.
fn add_tokens(expr: &OptimizedExpr, set: &mut [u64; 4]) {
    walk(expr, &mut |expr| match expr {
        OptimizedExpr::Str(text) | OptimizedExpr::Insens(text) => {
            let insensitive = matches!(expr, OptimizedExpr::Insens(_));
            text.bytes().for_each(|byte| insert(set, byte, insensitive));
        }
        OptimizedExpr::Range(start, end) => {
            (ascii_char(start)..=ascii_char(end)).for_each(|byte| insert(set, byte, false));
        }
        OptimizedExpr::Ident(_)
        | OptimizedExpr::PosPred(_)
        | OptimizedExpr::NegPred(_)
        | OptimizedExpr::Opt(_)
        | OptimizedExpr::Rep(_)
        | OptimizedExpr::RestoreOnErr(_)
        | OptimizedExpr::Seq(..)
        | OptimizedExpr::Choice(..) => {}
        other => panic!("the reader reads no {other:?}"),
    });
}

/// `{MODULE}_ESCAPES`: the rules of a grammar whose characters include an
/// escape, so that a character they refuse can be written `%XX` instead:
/// those that reach `escape` (`escaped`, `pct_encoded`) through character
/// classes and other silent rules, not through a rule that names a part of
/// its own (`fpath`'s escapes are `fsegment`'s). Sorted by pest name.
fn taking_escapes(module: &str, rules: &[OptimizedRule]) -> String {
    fn reaches(
        name: &str,
        by_name: &HashMap<&str, &OptimizedRule>,
        seen: &mut Vec<String>,
    ) -> bool {
        if NAMED_SILENT_RULES.contains(&name) {
            return true;
        }
        if seen.iter().any(|done| done == name) {
            return false;
        }
        seen.push(name.to_owned());
        // pest's built-in rules (`SOI`, `ASCII_DIGIT`) are in no grammar;
        // a look-ahead reads nothing, so the rules it calls do not count.
        consuming_calls(&by_name[name].expr)
            .into_iter()
            .any(|called| {
                NAMED_SILENT_RULES.contains(&called)
                    || by_name.get(called).is_some_and(|rule| {
                        rule.ty == RuleType::Silent && reaches(called, by_name, seen)
                    })
            })
    }
    let by_name: HashMap<&str, &OptimizedRule> = rules
        .iter()
        .map(|rule| (rule.name.as_str(), rule))
        .collect();
    let mut taking: Vec<&str> = rules
        .iter()
        .filter(|rule| reaches(&rule.name, &by_name, &mut Vec::new()))
        .map(|rule| rule.name.as_str())
        .collect();
    taking.sort_unstable();
    format!(
        "/// The rules of `{module}`'s grammar whose characters include an escape.\n\
         pub(crate) const {}_ESCAPES: &[&str] = &{taking:?};\n",
        module.to_uppercase()
    )
}

/// The names of the rules that `expr` calls to read input: not under a
/// look-ahead.
fn consuming_calls(expr: &OptimizedExpr) -> Vec<&str> {
    match expr {
        OptimizedExpr::Ident(name) => vec![name.as_str()],
        OptimizedExpr::Opt(inner)
        | OptimizedExpr::Rep(inner)
        | OptimizedExpr::RestoreOnErr(inner) => consuming_calls(inner),
        OptimizedExpr::Seq(first, second) | OptimizedExpr::Choice(first, second) => {
            let mut names = consuming_calls(first);
            names.extend(consuming_calls(second));
            names
        }
        _ => Vec::new(),
    }
}

/// The names of the rules that `expr` calls.
fn calls(expr: &OptimizedExpr) -> Vec<&str> {
    let mut names = Vec::new();
    walk(expr, &mut |expr| {
        if let OptimizedExpr::Ident(name) = expr {
            names.push(name.as_str());
        }
    });
    names
}

/// Whether `expr` starts with `SOI`: an entry rule's.
fn starts_at_soi(expr: &OptimizedExpr) -> bool {
    match expr {
        OptimizedExpr::Ident(name) => name == "SOI",
        OptimizedExpr::Seq(first, _) => starts_at_soi(first),
        _ => false,
    }
}

/// `{MODULE}_BNF`: each rule's `///` lines in `text`, by the rule's name,
/// sorted, as the error messages quote them: joined on one line, without
/// the comment Section 5 writes after `;` (`urlpath = *xchar ; depends on
/// protocol`). A `//` comment may stand between the lines and the rule.
///
/// Two kinds of `///` line are not BNF: `/// words:` says what the rule is
/// in words, for every specification (into `words`); `/// name:` gives the
/// rule's name in this specification's document where its BNF line does
/// not start with `name =` (uri(7)'s forms, the later documents' prose).
/// Each rule's name goes into a map of its own for the module, pushed on
/// `names`.
/// The name of the rule that `line` of a grammar file starts defining
/// (`name = {`, `name = @{`, ...), if it starts one.
fn rule_defined(line: &str) -> Option<&str> {
    line.trim()
        .split_once('=')
        .map(|(name, body)| (name.trim(), body))
        .filter(|(name, body)| {
            !name.is_empty()
                && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                && body
                    .trim_start()
                    .trim_start_matches(['_', '@', '$', '!'])
                    .starts_with('{')
        })
        .map(|(name, _)| name)
}

fn bnf_lines(
    module: &str,
    text: &str,
    words: &mut BTreeMap<String, String>,
    names_by_module: &mut Vec<BTreeMap<String, String>>,
    named_explicitly: &mut Vec<String>,
) -> String {
    let mut documented = BTreeMap::new();
    let mut names = BTreeMap::new();
    let mut pending: Vec<&str> = Vec::new();
    let (mut pending_words, mut pending_name): (Option<&str>, Option<&str>) = (None, None);
    for line in text.lines().map(str::trim) {
        if let Some(doc) = line.strip_prefix("///") {
            let doc = doc.trim();
            // A misspelt `words:` or `name:` would go into the BNF line that
            // messages quote.
            let head = doc
                .split_once(':')
                .map(|(head, _)| head.trim().to_ascii_lowercase());
            let marked = matches!(head.as_deref(), Some("word" | "words" | "name" | "names"));
            if let Some(said) = doc.strip_prefix("words:") {
                assert!(
                    pending_words.is_none(),
                    "two `/// words:` lines in a row: `{doc}`"
                );
                pending_words = Some(said.trim());
            } else if let Some(name) = doc.strip_prefix("name:") {
                assert!(
                    pending_name.is_none(),
                    "two `/// name:` lines in a row: `{doc}`"
                );
                pending_name = Some(name.trim());
            } else if marked {
                panic!("`/// {doc}`: write `/// words: ...` or `/// name: ...`");
            } else {
                pending.push(doc);
            }
            continue;
        }
        if line.starts_with("//") {
            continue;
        }
        let rule = rule_defined(line);
        // A `words:` or `name:` line kept from its rule (by a blank line, or
        // a line that starts no rule) would be lost without a word.
        assert!(
            rule.is_some() || (pending_words.is_none() && pending_name.is_none()),
            "grammar `{module}`: a `/// words:` or `/// name:` line stands apart from \
             its rule, above {}: put it right above the rule",
            if line.is_empty() {
                "a blank line".to_owned()
            } else {
                format!("`{line}`")
            }
        );
        if let Some(name) = rule {
            if let Some(said) = pending_words
                && let Some(before) = words.insert(name.to_owned(), said.to_owned())
            {
                assert_eq!(before, said, "two `/// words:` lines for `{name}`");
            }
            let joined = pending.join(" ");
            let bnf = match joined.rsplit_once(" ; ") {
                Some((rule, comment)) if !comment.contains('"') => rule,
                _ => joined.as_str(),
            };
            let bnf = bnf.split_whitespace().collect::<Vec<_>>().join(" ");
            let bnf_lhs = bnf.split_once(" = ").map(|(name, _)| name);
            if let Some(explicit) = pending_name {
                assert_ne!(
                    Some(explicit),
                    bnf_lhs,
                    "`/// name: {explicit}` on `{name}` repeats its BNF line's name"
                );
                named_explicitly.push(name.to_owned());
            }
            let bnf_name = pending_name.or(bnf_lhs);
            if let Some(bnf_name) = bnf_name {
                names.insert(name.to_owned(), bnf_name.to_owned());
            }
            if !bnf.is_empty() {
                documented.insert(name.to_owned(), bnf);
            }
        }
        pending.clear();
        (pending_words, pending_name) = (None, None);
    }
    assert!(
        pending_words.is_none() && pending_name.is_none(),
        "grammar `{module}`: a `/// words:` or `/// name:` line ends the text, with no rule"
    );
    let upper = module.to_uppercase();
    let mut code = format!(
        "/// The `///` BNF line of each rule of `{module}`'s grammar, by name.\n\
         pub(crate) const {upper}_BNF: &[(&str, &str)] = &[\n"
    );
    for (name, bnf) in documented {
        let _ = writeln!(code, "    ({name:?}, {bnf:?}),");
    }
    code.push_str("];\n");
    names_by_module.push(names);
    code
}

/// Where an expression fails at its first byte with nothing but tokens that
/// fail there: the bytes (as four words of bits), and whether at the end of
/// the input.
type Fails = ([u64; 4], bool);

const NOWHERE: Fails = ([0; 4], false);

/// The kind of `Compiler::fails_in` for the reading that keeps no record.
const PLAIN_FAILS: usize = 2;

/// How many distinct tokens a grammar may have: the reader's bits for the
/// tokens it has recorded (`Reader::expected_seen` in
/// `src/syntax/tracking.rs`, four words of 64).
const TOKENS_PER_GRAMMAR: usize = 256;

/// The code of one parser's reader.
struct Compiler<'g> {
    module: &'g str,
    rules: &'g [OptimizedRule],
    index: HashMap<&'g str, usize>,
    /// The `Fails` of each rule's expression, without and through the rules
    /// it calls; `Some(NOWHERE)` while being worked out.
    rule_fails: [Vec<Option<Fails>>; 3],
    /// How deep each rule's reading nests rules, at most (`None`: without
    /// a bound, a rule that can call itself); `Some(None)` while worked out.
    rule_nesting: Vec<Option<Option<u32>>>,
    /// Whether the expression about to be emitted is a sequence's first
    /// item, whose test the sequence's own covers.
    unguarded: bool,
    /// The distinct `Fails` the code tests, each a constant.
    sets: Vec<Fails>,
    set_index: HashMap<Fails, usize>,
    /// The turn of each repetition, a function of its own.
    turns: Vec<String>,
    /// The run of each repetition (see `Compiler::run`).
    runs: Vec<[u64; 4]>,
    /// The distinct character classes the code tests (see `Compiler::class`).
    classes: Vec<[u64; 4]>,
    /// Whether each rule's reading adds no pair (see `Compiler::adds_no_pairs`).
    no_pairs: Vec<Option<bool>>,
    /// The rules whose straight readings (`p_{i}`, and `b_{i}` with the
    /// pairs; see `Compiler::straight`) the code calls, and those of them
    /// not yet written.
    straight_wanted: [Vec<bool>; 2],
    straight_pending: Vec<(usize, bool)>,
    /// A counter for the straight readings' names of positions and blocks.
    fresh: usize,
    /// Whether the straight reading being written is that of a rule whose
    /// nesting has no bound (see `Compiler::straight_root`): its functions
    /// count the room left for rule levels.
    deep: bool,
    /// The grammar's distinct tokens (kind and text, or bounds), numbered
    /// in the order the code is written: the reader keeps a bit per number
    /// for the tokens it has recorded.
    tokens: HashMap<(u8, String), usize>,
}

impl<'g> Compiler<'g> {
    fn new(module: &'g str, rules: &'g [OptimizedRule]) -> Self {
        Compiler {
            module,
            rules,
            index: rules
                .iter()
                .enumerate()
                .map(|(i, rule)| (rule.name.as_str(), i))
                .collect(),
            rule_fails: [
                vec![None; rules.len()],
                vec![None; rules.len()],
                vec![None; rules.len()],
            ],
            rule_nesting: vec![None; rules.len()],
            unguarded: false,
            sets: Vec::new(),
            set_index: HashMap::new(),
            turns: Vec::new(),
            runs: Vec::new(),
            classes: Vec::new(),
            no_pairs: vec![None; rules.len()],
            straight_wanted: [vec![false; rules.len()], vec![false; rules.len()]],
            straight_pending: Vec::new(),
            fresh: 0,
            deep: false,
            tokens: HashMap::new(),
        }
    }

    /// The number of the token of `kind` and `text` (see `Compiler::tokens`).
    fn token_number(&mut self, kind: u8, text: String) -> usize {
        let next = self.tokens.len();
        let number = *self.tokens.entry((kind, text)).or_insert(next);
        assert!(
            number < TOKENS_PER_GRAMMAR,
            "{}: more than {TOKENS_PER_GRAMMAR} distinct tokens; the reader's \
             `Reader::expected_seen` has a bit for that many",
            self.module
        );
        number
    }

    fn module(mut self) -> String {
        let module = self.module;
        let mut rule_fns = String::new();
        for (i, rule) in self.rules.iter().enumerate() {
            let body = self.emit(&rule.expr);
            let body = self.straight_root(i, body);
            let call = match rule.ty {
                RuleType::Silent => {
                    // pest checks the call limit at the start of a silent
                    // rule whose expression is a rule or a choice.
                    let limit_checked = matches!(
                        rule.expr,
                        OptimizedExpr::Ident(_) | OptimizedExpr::Choice(..)
                    );
                    format!("r.silent_rule({limit_checked}, |r| {body})")
                }
                RuleType::Normal => format!("r.normal_rule(Rule::r#{}, |r| {body})", rule.name),
                RuleType::Atomic => format!("r.atomic_rule(Rule::r#{}, |r| {body})", rule.name),
                other => panic!("{}: the reader reads no {other:?} rule", rule.name),
            };
            writeln!(
                rule_fns,
                "/// `{name}`.\nfn rule_{i}<const MODE: Mode>(r: &mut Reader<'_, Rule, MODE>) -> bool {{\n    {call}\n}}\n",
                name = rule.name,
            )
            .unwrap();
        }
        let mut turn_fns = String::new();
        for (k, turn) in self.turns.iter().enumerate() {
            writeln!(
                turn_fns,
                "fn turn_{k}<const MODE: Mode>(r: &mut Reader<'_, Rule, MODE>) -> bool {{\n    {turn}\n}}\n"
            )
            .unwrap();
        }
        let mut straight_fns = String::new();
        while let Some((i, kept)) = self.straight_pending.pop() {
            let rules: &'g [OptimizedRule] = self.rules;
            self.deep = self.nesting(&rules[i].expr).is_none();
            let code = self.straight(&rules[i].expr, "p0", kept);
            let deep = std::mem::take(&mut self.deep);
            let name = &rules[i].name;
            let (function, pairs, with_pairs) = if kept {
                ("b", ", m: &mut Vec<Matched<Rule>>", " with its pairs")
            } else {
                ("p", "", "")
            };
            let (room, room_left) = if deep {
                (", room: u32, deep: &mut bool", ", `room` rule levels left")
            } else {
                ("", "")
            };
            writeln!(
                straight_fns,
                "/// `{name}`'s expression, read straight{with_pairs}{room_left}.\n#[inline]\nfn {function}_{i}(s: &[u8], p0: usize{pairs}{room}) -> Option<usize> {{\n    {code}\n}}\n",
            )
            .unwrap();
        }
        let mut arms = String::new();
        for (i, rule) in self.rules.iter().enumerate() {
            writeln!(
                arms,
                "            Rule::r#{} => rule_{i}::<MODE>(r),",
                rule.name
            )
            .unwrap();
        }
        let runs: Vec<String> = self
            .runs
            .iter()
            .map(|set| {
                format!(
                    "ByteSet([{:#x}, {:#x}, {:#x}, {:#x}])",
                    set[0], set[1], set[2], set[3]
                )
            })
            .collect();
        let mut alphabet = [0; 4];
        for rule in self.reachable() {
            add_tokens(&rule.expr, &mut alphabet);
        }
        let mut sets = String::new();
        for (k, bytes) in self.classes.iter().enumerate() {
            writeln!(
                sets,
                "const CLASS_{k}: ByteSet = ByteSet([{:#x}, {:#x}, {:#x}, {:#x}]);",
                bytes[0], bytes[1], bytes[2], bytes[3]
            )
            .unwrap();
        }
        for (k, (bytes, end)) in self.sets.iter().enumerate() {
            writeln!(
                sets,
                "const FAILS_{k}: Fails = (ByteSet([{:#x}, {:#x}, {:#x}, {:#x}]), {end});",
                bytes[0], bytes[1], bytes[2], bytes[3]
            )
            .unwrap();
        }
        format!(
            "/// The reader of `{module}::Parser`'s grammar, compiled from the rules\n\
             /// as pest_meta optimizes them for pest_derive.\n\
             #[allow(clippy::all, clippy::pedantic, unused_imports, unused_parens)]\n\
             mod {module}_reader {{\n\
             use super::{{ByteSet, Compiled, Fails, Mode, Reader, Scratch}};\n\
             use super::straight::{{around, class_at, ended, fails_at, insensitive_at, literal_at}};\n\
             use crate::syntax::pairs::Matched;\n\
             use crate::syntax::grammar::{module}::Rule;\n\n\
             impl Compiled for Rule {{\n\
             \x20   fn run<const MODE: Mode>(r: &mut Reader<'_, Self, MODE>, rule: Self) -> bool {{\n\
             \x20       match rule {{\n{arms}            Rule::EOI => r.eoi(),\n        }}\n    }}\n\
             \x20   fn eoi() -> Self {{\n        Rule::EOI\n    }}\n\
             \x20   fn alphabet() -> &'static ByteSet {{\n        &ALPHABET\n    }}\n\
             \x20   fn scratch() -> &'static std::thread::LocalKey<std::cell::RefCell<Scratch<Self>>> {{\n        &SCRATCH\n    }}\n\
             }}\n\n\
             thread_local! {{\n    \
             /// The thread's vectors for this grammar's records.\n    \
             static SCRATCH: std::cell::RefCell<Scratch<Rule>> = const {{ std::cell::RefCell::new(Scratch::new()) }};\n\
             }}\n\n{sets}\n\
             /// The run of each repetition, by its index.\n\
             const RUNS: [ByteSet; {count}] = [{runs}];\n\n\
             /// Every byte a token of a rule an entry rule reaches matches.\n\
             const ALPHABET: ByteSet = ByteSet([{a0:#x}, {a1:#x}, {a2:#x}, {a3:#x}]);\n\n\
             {rule_fns}{turn_fns}{straight_fns}}}\n\n",
            count = runs.len(),
            runs = runs.join(", "),
            a0 = alphabet[0],
            a1 = alphabet[1],
            a2 = alphabet[2],
            a3 = alphabet[3],
        )
    }

    /// The rules that the entry rules (those that read from `SOI`) call,
    /// themselves included.
    fn reachable(&self) -> Vec<&'g OptimizedRule> {
        let mut seen = vec![false; self.rules.len()];
        let mut stack: Vec<usize> = (0..self.rules.len())
            .filter(|&i| starts_at_soi(&self.rules[i].expr))
            .collect();
        while let Some(i) = stack.pop() {
            if std::mem::replace(&mut seen[i], true) {
                continue;
            }
            let called = calls(&self.rules[i].expr);
            stack.extend(
                called
                    .iter()
                    .filter_map(|name| self.index.get(name).copied()),
            );
        }
        self.rules
            .iter()
            .zip(seen)
            .filter_map(|(rule, seen)| seen.then_some(rule))
            .collect()
    }

    /// The code of `expr`: a Rust expression, true where it matches, that
    /// runs it on the reader `r`.
    fn emit(&mut self, expr: &OptimizedExpr) -> String {
        let unguarded = std::mem::take(&mut self.unguarded);
        match expr {
            OptimizedExpr::Str(text) => {
                let number = self.token_number(0, text.clone());
                format!("r.literal({}, {number})", ascii_str(text))
            }
            // In lower case, as the report names it.
            OptimizedExpr::Insens(text) => {
                let text = text.to_ascii_lowercase();
                let number = self.token_number(1, text.clone());
                format!("r.insensitive({}, {number})", ascii_str(&text))
            }
            OptimizedExpr::Range(start, end) => {
                let (start, end) = (ascii_char(start), ascii_char(end));
                let number = self.token_number(2, format!("{start}..{end}"));
                format!("r.range({start}, {end}, {number})")
            }
            OptimizedExpr::Ident(name) => match name.as_str() {
                "SOI" => "r.soi()".to_owned(),
                "EOI" => "r.eoi()".to_owned(),
                _ => {
                    let i = self.rule(name);
                    let code = self.guarded(expr, format!("rule_{i}::<MODE>(r)"), unguarded);
                    self.as_class(expr, code)
                }
            },
            OptimizedExpr::PosPred(inner) => format!("r.look(true, |r| {})", self.emit(inner)),
            OptimizedExpr::NegPred(inner) => format!("r.look(false, |r| {})", self.emit(inner)),
            OptimizedExpr::Seq(..) => {
                let items: Vec<String> = items_of(expr)
                    .into_iter()
                    .enumerate()
                    .map(|(at, item)| {
                        // The sequence's own test covers its first item's, at
                        // the same position (it fails where the item does).
                        self.unguarded = at == 0;
                        self.emit(item)
                    })
                    .collect();
                let code = format!("r.seq(|r| {})", items.join("\n && "));
                self.guarded(expr, code, unguarded)
            }
            OptimizedExpr::Choice(..) => {
                let items: Vec<String> = items_of(expr)
                    .into_iter()
                    .map(|item| self.emit(item))
                    .collect();
                let code = format!("({})", items.join("\n || "));
                let code = self.guarded(expr, code, unguarded);
                self.as_class(expr, code)
            }
            OptimizedExpr::Opt(inner) => format!("r.opt(|r| {})", self.emit(inner)),
            OptimizedExpr::Rep(inner) => {
                let turn = self.emit(inner);
                self.turns.push(turn);
                let run = self.run(inner);
                self.runs.push(run);
                let k = self.turns.len() - 1;
                format!("r.rep(&RUNS[{k}], turn_{k}::<MODE>)")
            }
            other => panic!("the reader does not read {other:?}"),
        }
    }

    /// `code`, behind the test of where `expr` fails at its first byte (see
    /// `Reader::fails`), where that is somewhere.
    fn guarded(&mut self, expr: &OptimizedExpr, code: String, unguarded: bool) -> String {
        if unguarded && self.class(expr, &mut Vec::new()).is_none() {
            return code;
        }
        let recorded = self.fails(expr, false);
        let through = self.fails(expr, true);
        let plain = self.fails_in(expr, PLAIN_FAILS);
        if plain != through
            && let Some(depth) = self.nesting(expr)
        {
            // The reading that keeps no record also looks through
            // look-aheads and optional items, where no limit can be reached.
            let (a, b, c) = (self.set(recorded), self.set(through), self.set(plain));
            return format!(
                "(!r.fails_plain(&FAILS_{a}, &FAILS_{b}, &FAILS_{c}, {depth}) && {code})"
            );
        }
        if recorded == NOWHERE && through == NOWHERE {
            return code;
        }
        let (a, b) = (self.set(recorded), self.set(through));
        format!("(!r.fails(&FAILS_{a}, &FAILS_{b}) && {code})")
    }

    /// How deep reading `expr` nests rules, at most; `None` where it can
    /// nest without a bound.
    fn nesting(&mut self, expr: &OptimizedExpr) -> Option<u32> {
        match expr {
            OptimizedExpr::Ident(name) if name == "SOI" || name == "EOI" => Some(0),
            OptimizedExpr::Ident(name) => {
                let i = self.rule(name);
                if let Some(known) = self.rule_nesting[i] {
                    return known;
                }
                self.rule_nesting[i] = Some(None);
                let rules: &'g [OptimizedRule] = self.rules;
                let inner = self.nesting(&rules[i].expr).map(|depth| depth + 1);
                self.rule_nesting[i] = Some(inner);
                inner
            }
            OptimizedExpr::Seq(a, b) | OptimizedExpr::Choice(a, b) => {
                Some(self.nesting(a)?.max(self.nesting(b)?))
            }
            OptimizedExpr::Opt(inner)
            | OptimizedExpr::Rep(inner)
            | OptimizedExpr::PosPred(inner)
            | OptimizedExpr::NegPred(inner) => self.nesting(inner),
            _ => Some(0),
        }
    }

    /// `code`, the steps of `expr`, behind the reader's test of one byte
    /// where `expr` is a character class (see `Reader::class`).
    fn as_class(&mut self, expr: &OptimizedExpr, code: String) -> String {
        let Some((bytes, depth)) = self.class(expr, &mut Vec::new()) else {
            return code;
        };
        let k = self.class_index(bytes);
        format!("r.class(&CLASS_{k}, {depth}, |r| {code})")
    }

    /// Whether `expr` is a character class: one-byte tokens, choices
    /// between them, and silent rules around them, nothing else (no
    /// sequence, repetition, look-ahead, or rule that records). Then it
    /// matches one byte, of the set this gives, trying its tokens at the
    /// position alone; the number is how deep its steps nest rules.
    /// `visiting` holds the rules being looked into: a rule that calls
    /// itself is no class.
    fn class(
        &self,
        expr: &'g OptimizedExpr,
        visiting: &mut Vec<&'g str>,
    ) -> Option<([u64; 4], u32)> {
        match expr {
            OptimizedExpr::Str(text) | OptimizedExpr::Insens(text) if text.len() == 1 => {
                Some((first_bytes(expr)?, 0))
            }
            OptimizedExpr::Range(..) => Some((first_bytes(expr)?, 0)),
            OptimizedExpr::Ident(name) if name != "SOI" && name != "EOI" => {
                let rules: &'g [OptimizedRule] = self.rules;
                let rule = &rules[self.rule(name)];
                if rule.ty != RuleType::Silent || visiting.contains(&name.as_str()) {
                    return None;
                }
                visiting.push(name);
                let inner = self.class(&rule.expr, visiting);
                visiting.pop();
                inner.map(|(bytes, depth)| (bytes, depth + 1))
            }
            OptimizedExpr::Choice(a, b) => {
                let (a, depth_a) = self.class(a, visiting)?;
                let (b, depth_b) = self.class(b, visiting)?;
                Some((std::array::from_fn(|i| a[i] | b[i]), depth_a.max(depth_b)))
            }
            _ => None,
        }
    }

    fn set(&mut self, fails: Fails) -> usize {
        if let Some(&k) = self.set_index.get(&fails) {
            return k;
        }
        self.sets.push(fails);
        self.set_index.insert(fails, self.sets.len() - 1);
        self.sets.len() - 1
    }

    fn rule(&self, name: &str) -> usize {
        *self
            .index
            .get(name)
            .unwrap_or_else(|| panic!("no rule {name}"))
    }

    /// Where `expr` fails at its first byte with nothing but tokens that
    /// fail there, and no rule that records (`through_rules`: but the rules
    /// around them, which a reading that keeps no record passes through). A
    /// rule being worked out (a recursive one) counts as failing nowhere,
    /// which only loses a shortcut.
    fn fails(&mut self, expr: &OptimizedExpr, through_rules: bool) -> Fails {
        self.fails_in(expr, usize::from(through_rules))
    }

    /// `fails`, by kind: 0 without the rules, 1 through them, and
    /// `PLAIN_FAILS` through them and through what reads no byte first: a
    /// look-ahead (`!x ~ "%"` fails where `"%"` does), or an optional or
    /// repeated item that fails there too (`a? ~ b` fails where `a` and
    /// `b` both do).
    fn fails_in(&mut self, expr: &OptimizedExpr, kind: usize) -> Fails {
        let through_rules = kind != 0;
        match expr {
            OptimizedExpr::Str(_) | OptimizedExpr::Insens(_) | OptimizedExpr::Range(..) => {
                match first_bytes(expr) {
                    Some(matches) => (matches.map(|word| !word), true),
                    // The empty literal matches everywhere.
                    None => NOWHERE,
                }
            }
            OptimizedExpr::Ident(name) if name == "SOI" || name == "EOI" => NOWHERE,
            OptimizedExpr::Ident(name) => {
                let i = self.rule(name);
                let rule = &self.rules[i];
                if rule.ty != RuleType::Silent && !through_rules {
                    return NOWHERE;
                }
                let table = kind;
                if let Some(known) = self.rule_fails[table][i] {
                    return known;
                }
                self.rule_fails[table][i] = Some(NOWHERE);
                let fails = self.fails_in(&rule.expr, kind);
                self.rule_fails[table][i] = Some(fails);
                fails
            }
            OptimizedExpr::PosPred(inner) => self.fails_in(inner, kind),
            OptimizedExpr::Seq(first, rest) if kind == PLAIN_FAILS => match &**first {
                OptimizedExpr::PosPred(_) | OptimizedExpr::NegPred(_) => {
                    let (a, b) = (self.fails_in(first, kind), self.fails_in(rest, kind));
                    (std::array::from_fn(|i| a.0[i] | b.0[i]), a.1 || b.1)
                }
                OptimizedExpr::Opt(inner) | OptimizedExpr::Rep(inner) => {
                    let (a, b) = (self.fails_in(inner, kind), self.fails_in(rest, kind));
                    (std::array::from_fn(|i| a.0[i] & b.0[i]), a.1 && b.1)
                }
                _ => self.fails_in(first, kind),
            },
            OptimizedExpr::Seq(first, _) => self.fails_in(first, kind),
            OptimizedExpr::Choice(a, b) => {
                let (a, b) = (self.fails_in(a, kind), self.fails_in(b, kind));
                (std::array::from_fn(|i| a.0[i] & b.0[i]), a.1 && b.1)
            }
            _ => NOWHERE,
        }
    }
}

/// The straight reading: for a reading that keeps no record, a rule whose
/// nesting is bounded is read by functions of its own from the position,
/// with no reader state to keep: `p_{i}`, the rule's expression for the
/// verdict (where it ends, or `None`), and, where the expression adds pest's
/// pairs, `b_{i}`, which adds them too. In such a reading only the grammar's
/// expressions decide, by the rules of PEG: pest's record and the reader's
/// nesting limit (not reached where the rule's nesting stays under the
/// depth at which the reader starts to check it) do not enter.
///
/// A rule whose nesting has no bound (one that can call itself, as LDAP's
/// filters do) is read straight too, by functions that also take the room
/// left for rule levels, `room`, and say in `deep` where they ran out of it
/// (see `Reader::straight_deep`). Every rule level they enter, and every
/// bounded expression they read, is counted against the room before any
/// test of the byte could pass over it: they enter every rule of unbounded
/// nesting that the steps enter (and more, since they test no byte before
/// what can nest without bound), each at the same depth, and reserve for
/// each bounded expression the most levels it can take. So where the room
/// lasts, no rule the steps enter is as deep as the limit is checked, and
/// the steps read by PEG's rules alone, as the straight reading does;
/// where it runs out, the reader takes the steps.
impl<'g> Compiler<'g> {
    /// The code of rule `i`'s expression `body` (its steps), read straight
    /// where it can be (see `Reader::straight`, and `Reader::straight_deep`
    /// for a rule whose nesting has no bound).
    fn straight_root(&mut self, i: usize, body: String) -> String {
        let rules: &'g [OptimizedRule] = self.rules;
        let rule = &rules[i];
        let Some(depth) = self.nesting(&rule.expr) else {
            self.want(i, false);
            if rule.ty == RuleType::Atomic || self.adds_no_pairs(&rule.expr) {
                return format!("r.straight_deep(p_{i}, |r| {body})");
            }
            self.want(i, true);
            return format!("r.straight_deep_kept(b_{i}, p_{i}, |r| {body})");
        };
        self.want(i, false);
        if rule.ty == RuleType::Atomic || self.adds_no_pairs(&rule.expr) {
            format!("r.straight({depth}, p_{i}, |r| {body})")
        } else {
            self.want(i, true);
            format!("r.straight_kept({depth}, b_{i}, p_{i}, |r| {body})")
        }
    }

    /// Asks for `p_{i}`, or `b_{i}` where `kept`.
    fn want(&mut self, i: usize, kept: bool) {
        let k = usize::from(kept);
        if !std::mem::replace(&mut self.straight_wanted[k][i], true) {
            self.straight_pending.push((i, kept));
        }
    }

    /// Whether reading `expr` adds no pair to a reading that keeps pest's
    /// pairs: it reaches silent rules alone, and no `EOI` (a rule of its
    /// own). A silent rule met again while it is being worked out counts as
    /// adding pairs, which is never wrong: the reading that keeps them is
    /// then written out.
    fn adds_no_pairs(&mut self, expr: &OptimizedExpr) -> bool {
        match expr {
            OptimizedExpr::Ident(name) if name == "SOI" => true,
            OptimizedExpr::Ident(name) if name == "EOI" => false,
            OptimizedExpr::Ident(name) => {
                let i = self.rule(name);
                if let Some(known) = self.no_pairs[i] {
                    return known;
                }
                self.no_pairs[i] = Some(false);
                let rules: &'g [OptimizedRule] = self.rules;
                let adds_none =
                    rules[i].ty == RuleType::Silent && self.adds_no_pairs(&rules[i].expr);
                self.no_pairs[i] = Some(adds_none);
                adds_none
            }
            OptimizedExpr::Seq(a, b) | OptimizedExpr::Choice(a, b) => {
                self.adds_no_pairs(a) && self.adds_no_pairs(b)
            }
            OptimizedExpr::Opt(inner)
            | OptimizedExpr::Rep(inner)
            | OptimizedExpr::PosPred(inner)
            | OptimizedExpr::NegPred(inner) => self.adds_no_pairs(inner),
            _ => true,
        }
    }

    fn fresh(&mut self) -> usize {
        self.fresh += 1;
        self.fresh
    }

    /// The index of the constant `CLASS_{k}` that holds `bytes`.
    fn class_index(&mut self, bytes: [u64; 4]) -> usize {
        match self.classes.iter().position(|known| *known == bytes) {
            Some(k) => k,
            None => {
                self.classes.push(bytes);
                self.classes.len() - 1
            }
        }
    }

    /// The straight reading of `expr` from the position named `at`: a Rust
    /// expression of type `Option<usize>`, where `expr` ends or `None`.
    /// Where `kept`, it adds pest's pairs to `m` as `Reader` in `PLAIN` does
    /// outside atomic rules and look-aheads (and leaves none where it fails).
    fn straight(&mut self, expr: &'g OptimizedExpr, at: &str, kept: bool) -> String {
        if self.deep
            && let Some(levels) = self.nesting(expr)
        {
            return self.within_room(expr, levels, at, kept, false);
        }
        if let Some((bytes, _)) = self.class(expr, &mut Vec::new()) {
            let k = self.class_index(bytes);
            return format!("class_at(s, {at}, &CLASS_{k})");
        }
        let kept = kept && !self.adds_no_pairs(expr);
        match expr {
            OptimizedExpr::Str(text) => format!("literal_at(s, {at}, {})", ascii_literal(text)),
            OptimizedExpr::Insens(text) => {
                format!("insensitive_at(s, {at}, {})", ascii_literal(text))
            }
            OptimizedExpr::Ident(name) if name == "SOI" => format!("({at} == 0).then_some({at})"),
            OptimizedExpr::Ident(name) if name == "EOI" && kept => {
                format!("ended(m, Rule::EOI, {at}, ({at} == s.len()).then_some({at}))")
            }
            OptimizedExpr::Ident(name) if name == "EOI" => {
                format!("({at} == s.len()).then_some({at})")
            }
            OptimizedExpr::Ident(name) => {
                let j = self.rule(name);
                let rules: &'g [OptimizedRule] = self.rules;
                let rule = &rules[j];
                // In a deep reading the rule's nesting has no bound (a
                // bounded one is read within the room, above): its call
                // takes one level of the room.
                let deep = self.deep;
                let room = if deep { ", room - 1, deep" } else { "" };
                let level = |call: String| {
                    if deep {
                        format!(
                            "(if room == 0 || *deep {{ *deep = true; None }} else {{ {call} }})"
                        )
                    } else {
                        call
                    }
                };
                if !kept {
                    self.want(j, false);
                    return level(format!("p_{j}(s, {at}{room})"));
                }
                if rule.ty == RuleType::Silent {
                    self.want(j, true);
                    return level(format!("b_{j}(s, {at}, m{room})"));
                }
                let name = &rule.name;
                if rule.ty == RuleType::Atomic || self.adds_no_pairs(&rule.expr) {
                    // Its pair alone, added once it has matched.
                    self.want(j, false);
                    let call = level(format!("p_{j}(s, {at}{room})"));
                    format!("ended(m, Rule::r#{name}, {at}, {call})")
                } else {
                    self.want(j, true);
                    let call = level(format!("b_{j}(s, {at}, m{room})"));
                    format!("around(m, Rule::r#{name}, {at}, |m| {call})")
                }
            }
            OptimizedExpr::PosPred(inner) => format!(
                "match {} {{ Some(_) => Some({at}), None => None }}",
                self.straight(inner, at, false)
            ),
            OptimizedExpr::NegPred(inner) => format!(
                "match {} {{ Some(_) => None, None => Some({at}) }}",
                self.straight(inner, at, false)
            ),
            OptimizedExpr::Seq(..) => {
                let items = items_of(expr);
                let label = self.fresh();
                let mut code = format!("'b{label}: {{\n");
                // Where a later item fails, the pairs of the earlier ones go.
                let failed = if kept {
                    writeln!(code, "let kept{label} = m.len();").unwrap();
                    format!("{{ m.truncate(kept{label}); break 'b{label} None }}")
                } else {
                    format!("{{ break 'b{label} None }}")
                };
                let mut pos = at.to_owned();
                for item in items {
                    let item = self.straight_guarded(item, &pos, kept);
                    let next = format!("p{}", self.fresh());
                    writeln!(code, "let Some({next}) = ({item}) else {failed};").unwrap();
                    pos = next;
                }
                writeln!(code, "Some({pos})\n}}").unwrap();
                code
            }
            OptimizedExpr::Choice(..) => {
                let items = items_of(expr);
                let label = self.fresh();
                let mut code = format!("'b{label}: {{\n");
                for item in items {
                    let item = self.straight_guarded(item, at, kept);
                    writeln!(
                        code,
                        "if let Some(end) = {item} {{ break 'b{label} Some(end) }}"
                    )
                    .unwrap();
                }
                code.push_str("None\n}");
                code
            }
            OptimizedExpr::Opt(inner) => format!(
                "Some(match {} {{ Some(end) => end, None => {at} }})",
                self.straight_guarded(inner, at, kept)
            ),
            OptimizedExpr::Rep(inner) => {
                let (label, pos) = (self.fresh(), format!("p{}", self.fresh()));
                // Where the nesting has no bound, each turn is read, so
                // that its rule levels are counted.
                let run = if self.deep { [0; 4] } else { self.run(inner) };
                let skip = if run == [0; 4] {
                    String::new()
                } else {
                    let k = self.class_index(run);
                    format!(
                        "while let Some(&byte) = s.get({pos}) && CLASS_{k}.contains(byte) {{ {pos} += 1; }}\n"
                    )
                };
                let turn = self.straight_guarded(inner, &pos, kept);
                // A turn that reads nothing ends the repetition (its pairs
                // kept), as in `Reader::rep`.
                format!(
                    "{{ let mut {pos} = {at};\n'b{label}: loop {{\n{skip}match {turn} {{ Some(end) if end > {pos} => {pos} = end, _ => break 'b{label} }}\n}}\nSome({pos}) }}"
                )
            }
            // A range is a class, and so are the one-byte literals.
            other => panic!("the reader does not read {other:?}"),
        }
    }

    /// `straight`, behind the test of where `expr` fails at its first byte
    /// (through look-aheads and optional items: the straight reading nests
    /// no rule deep enough for a limit).
    fn straight_guarded(&mut self, expr: &'g OptimizedExpr, at: &str, kept: bool) -> String {
        if self.deep {
            return match self.nesting(expr) {
                Some(levels) => self.within_room(expr, levels, at, kept, true),
                // No test of the byte before what can nest without bound:
                // its rule levels are all counted.
                None => self.straight(expr, at, kept),
            };
        }
        let code = self.straight(expr, at, kept);
        let fails = self.fails_in(expr, PLAIN_FAILS);
        if fails == NOWHERE || self.class(expr, &mut Vec::new()).is_some() {
            return code;
        }
        let k = self.set(fails);
        format!("(if fails_at(s, {at}, &FAILS_{k}) {{ None }} else {{ {code} }})")
    }

    /// In a straight reading whose nesting has no bound, `expr`, which nests
    /// `levels` rule levels at most, read straight (behind its test of the
    /// byte where `guarded`) where the room holds them; where it does not,
    /// the reading has run out of room.
    fn within_room(
        &mut self,
        expr: &'g OptimizedExpr,
        levels: u32,
        at: &str,
        kept: bool,
        guarded: bool,
    ) -> String {
        self.deep = false;
        let code = if guarded {
            self.straight_guarded(expr, at, kept)
        } else {
            self.straight(expr, at, kept)
        };
        self.deep = true;
        if levels == 0 {
            return code;
        }
        format!("(if room < {levels} || *deep {{ *deep = true; None }} else {{ {code} }})")
    }
}

impl Compiler<'_> {
    /// The run of a repetition whose turn is `turn`: the bytes at which one
    /// turn is one character and nothing else (tokens that fail at the byte,
    /// then one that matches it alone, no rule, nothing read past it). A
    /// run of such bytes leaves pest's record as one step does, so the
    /// reader passes over it at once. Found by running the turn on each byte
    /// alone, by the reader's own steps (`Probe`).
    fn run(&self, turn: &OptimizedExpr) -> [u64; 4] {
        let mut set = [0u64; 4];
        for byte in 0..=255u8 {
            let mut probe = Probe {
                input: [byte],
                pos: 0,
                in_lookahead: false,
                matched: 0,
                last_matched_at: None,
                other: false,
            };
            if probe.expr(self, turn)
                && probe.pos == 1
                && !probe.other
                && probe.matched == 1
                && probe.last_matched_at == Some(1)
            {
                insert(&mut set, byte, false);
            }
        }
        set
    }
}

/// One turn of a repetition, run on one byte as the reader runs it, and what
/// it saw: tokens that matched (outside a look-ahead) and where the last
/// token tried ended if it matched; `other`, anything else (a token that
/// looked past the byte or did not start at it, a token matched under a
/// look-ahead, a rule that is not silent, `SOI`, `EOI`).
struct Probe {
    input: [u8; 1],
    pos: usize,
    in_lookahead: bool,
    matched: u32,
    last_matched_at: Option<usize>,
    other: bool,
}

impl Probe {
    fn expr(&mut self, compiler: &Compiler<'_>, expr: &OptimizedExpr) -> bool {
        match expr {
            OptimizedExpr::Str(text) | OptimizedExpr::Insens(text) => {
                let insensitive = matches!(expr, OptimizedExpr::Insens(_));
                let text = text.as_bytes();
                let rest = &self.input[self.pos..];
                let same = |a: u8, b: u8| {
                    if insensitive {
                        a.eq_ignore_ascii_case(&b)
                    } else {
                        a == b
                    }
                };
                let looks_past = text.len() > 1
                    && match (rest.first(), text.first()) {
                        (Some(&a), Some(&b)) => same(a, b),
                        (None, None) => true,
                        _ => false,
                    };
                self.other |= self.pos != 0 || looks_past;
                let matched =
                    rest.len() >= text.len() && text.iter().zip(rest).all(|(&a, &b)| same(a, b));
                if matched {
                    self.pos += text.len();
                }
                self.outcome(matched)
            }
            OptimizedExpr::Range(start, end) => {
                let (start, end) = (ascii_char(start), ascii_char(end));
                self.other |= self.pos != 0;
                let matched = self
                    .input
                    .get(self.pos)
                    .is_some_and(|byte| (start..=end).contains(byte));
                if matched {
                    self.pos += 1;
                }
                self.outcome(matched)
            }
            OptimizedExpr::Ident(name) if name == "SOI" => {
                self.other = true;
                self.pos == 0
            }
            OptimizedExpr::Ident(name) if name == "EOI" => {
                self.other = true;
                self.pos == self.input.len()
            }
            OptimizedExpr::Ident(name) => {
                let rule = &compiler.rules[compiler.rule(name)];
                if rule.ty != RuleType::Silent {
                    self.other = true;
                }
                self.expr(compiler, &rule.expr)
            }
            OptimizedExpr::PosPred(inner) | OptimizedExpr::NegPred(inner) => {
                let (start, outer) = (self.pos, self.in_lookahead);
                self.in_lookahead = true;
                let matched = self.expr(compiler, inner);
                self.pos = start;
                self.in_lookahead = outer;
                matched == matches!(expr, OptimizedExpr::PosPred(_))
            }
            OptimizedExpr::Seq(first, rest) => {
                let start = self.pos;
                let matched = self.expr(compiler, first) && self.expr(compiler, rest);
                if !matched {
                    self.pos = start;
                }
                matched
            }
            OptimizedExpr::Choice(first, rest) => {
                self.expr(compiler, first) || self.expr(compiler, rest)
            }
            OptimizedExpr::Opt(inner) => {
                self.expr(compiler, inner);
                true
            }
            OptimizedExpr::Rep(inner) => loop {
                let start = self.pos;
                if !self.expr(compiler, inner) {
                    self.pos = start;
                    return true;
                }
                if self.pos == start {
                    return true;
                }
            },
            other => panic!("the reader does not read {other:?}"),
        }
    }

    /// What a token's outcome tells.
    fn outcome(&mut self, matched: bool) -> bool {
        self.last_matched_at = None;
        if matched {
            if self.in_lookahead {
                self.other = true;
            } else {
                self.matched += 1;
                self.last_matched_at = Some(self.pos);
            }
        }
        matched
    }
}

/// The items of a sequence or of a choice (a chain of `Seq`, or of
/// `Choice`, right-nested as pest_meta builds them), in order; any other
/// expression is its one item.
fn items_of(mut expr: &OptimizedExpr) -> Vec<&OptimizedExpr> {
    let sequence = matches!(expr, OptimizedExpr::Seq(..));
    let mut items = Vec::new();
    loop {
        match expr {
            OptimizedExpr::Seq(head, tail) if sequence => {
                items.push(&**head);
                expr = tail;
            }
            OptimizedExpr::Choice(head, tail) if !sequence => {
                items.push(&**head);
                expr = tail;
            }
            _ => {
                items.push(expr);
                return items;
            }
        }
    }
}

/// `text` as a byte string literal, for the straight readings and the
/// expressions' tables.
fn ascii_literal(text: &str) -> String {
    format!("b{}", ascii_str(text))
}

/// `text` as a string literal, for the reader's tokens: the report names
/// them as they are, with no check that they are UTF-8.
fn ascii_str(text: &str) -> String {
    assert!(text.is_ascii(), "a non-ASCII literal: {text:?}");
    format!("{text:?}")
}

fn ascii_char(text: &str) -> u8 {
    let mut chars = text.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else {
        panic!("a range bound that is not one character: {text:?}");
    };
    assert!(c.is_ascii(), "a non-ASCII range bound: {c:?}");
    c as u8
}
