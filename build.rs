//! Compiles the grammars of `grammar/` into the tables of the error-tracking
//! reader (`src/syntax/tracking.rs`): the same files, concatenated in the same order
//! as the `#[grammar]` attributes of `src/syntax/grammar.rs`, parsed and optimized by
//! `pest_meta` exactly as `pest_derive` does before it generates its parser,
//! so that both readers run the very same expressions.

use std::collections::HashMap;
use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::Path;

use pest_meta::ast::RuleType;
use pest_meta::optimizer::{OptimizedExpr, OptimizedRule};

/// Each parser of `src/syntax/grammar.rs`: its module and its grammar files, in order.
const PROGRAMS: [(&str, &[&str]); 3] = [
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
];

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=grammar");
    let out = Path::new(&env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("programs.rs");
    let mut code = String::new();
    for (module, files) in PROGRAMS {
        let mut text = String::new();
        for file in files {
            let path = Path::new("grammar").join(file);
            println!("cargo::rerun-if-changed={}", path.display());
            text.push_str(
                &fs::read_to_string(&path)
                    .unwrap_or_else(|error| panic!("reading {}: {error}", path.display())),
            );
        }
        let (_, rules) = pest_meta::parse_and_optimize(&text)
            .unwrap_or_else(|errors| panic!("{module}: {errors:?}"));
        code.push_str(&program(module, &rules));
    }
    fs::write(&out, code).expect("writing the reader's tables");
}

/// The `Program` of one parser: its rules and their expressions in one arena.
fn program(module: &str, rules: &[OptimizedRule]) -> String {
    let index: HashMap<&str, usize> = rules
        .iter()
        .enumerate()
        .map(|(i, rule)| (rule.name.as_str(), i))
        .collect();
    let mut arena = Arena {
        exprs: Vec::new(),
        index: &index,
    };
    let mut rule_defs = String::new();
    for rule in rules {
        let expr = arena.push(&rule.expr);
        let kind = match rule.ty {
            RuleType::Normal => "Normal",
            RuleType::Silent => "Silent",
            RuleType::Atomic => "Atomic",
            other => panic!("{}: the reader reads no {other:?} rule", rule.name),
        };
        // pest checks the native stack at the start of a silent rule whose
        // expression is a rule or a choice; the reader counts depth there too.
        let stack_check = matches!(
            rule.expr,
            OptimizedExpr::Ident(_) | OptimizedExpr::Choice(..)
        );
        writeln!(
            rule_defs,
            "        RuleDef {{ rule: {module}::Rule::r#{name}, kind: Kind::{kind}, expr: {expr}, stack_check: {stack_check} }},",
            name = rule.name,
        )
        .unwrap();
    }
    let mut index_arms = String::new();
    for (i, rule) in rules.iter().enumerate() {
        writeln!(
            index_arms,
            "        {module}::Rule::r#{} => {i},",
            rule.name
        )
        .unwrap();
    }
    let mut expr_defs = String::new();
    for expr in &arena.exprs {
        writeln!(expr_defs, "        {expr},").unwrap();
    }
    format!(
        "/// The rules and expressions of `{module}::Parser`, as pest_meta optimizes them.\n\
         pub(crate) static {upper}: Program<{module}::Rule> = Program {{\n    rules: &[\n{rule_defs}    ],\n    exprs: &[\n{expr_defs}    ],\n    index: |rule| match rule {{\n{index_arms}        {module}::Rule::EOI => u16::MAX,\n    }},\n}};\n\n",
        upper = module.to_ascii_uppercase(),
    )
}

struct Arena<'a> {
    exprs: Vec<String>,
    index: &'a HashMap<&'a str, usize>,
}

impl Arena<'_> {
    /// Adds `expr` and what it holds; returns its index.
    fn push(&mut self, expr: &OptimizedExpr) -> usize {
        let text = match expr {
            OptimizedExpr::Str(text) => format!("Expr::Str({})", ascii_literal(text)),
            OptimizedExpr::Insens(text) => format!("Expr::Insens({})", ascii_literal(text)),
            OptimizedExpr::Range(start, end) => {
                let (start, end) = (ascii_char(start), ascii_char(end));
                format!("Expr::Range({start}, {end})")
            }
            OptimizedExpr::Ident(name) => match name.as_str() {
                "SOI" => "Expr::Soi".to_owned(),
                "EOI" => "Expr::Eoi".to_owned(),
                _ => format!(
                    "Expr::Rule({})",
                    self.index
                        .get(name.as_str())
                        .unwrap_or_else(|| panic!("no rule {name}"))
                ),
            },
            OptimizedExpr::PosPred(inner) => format!("Expr::PosPred({})", self.push(inner)),
            OptimizedExpr::NegPred(inner) => format!("Expr::NegPred({})", self.push(inner)),
            OptimizedExpr::Seq(..) => {
                let items = self.flatten(expr, |e| match e {
                    OptimizedExpr::Seq(a, b) => Some((a, b)),
                    _ => None,
                });
                format!("Expr::Seq(&{items:?})")
            }
            OptimizedExpr::Choice(..) => {
                let items = self.flatten(expr, |e| match e {
                    OptimizedExpr::Choice(a, b) => Some((a, b)),
                    _ => None,
                });
                format!("Expr::Choice(&{items:?})")
            }
            OptimizedExpr::Opt(inner) => format!("Expr::Opt({})", self.push(inner)),
            OptimizedExpr::Rep(inner) => format!("Expr::Rep({})", self.push(inner)),
            other => panic!("the reader does not read {other:?}"),
        };
        self.exprs.push(text);
        self.exprs.len() - 1
    }

    /// The items of a chain of `Seq` or `Choice`, right-nested as pest_meta
    /// builds them, in order.
    fn flatten<'e>(
        &mut self,
        mut expr: &'e OptimizedExpr,
        split: impl Fn(&'e OptimizedExpr) -> Option<(&'e OptimizedExpr, &'e OptimizedExpr)>,
    ) -> Vec<usize> {
        let mut items = Vec::new();
        while let Some((head, tail)) = split(expr) {
            items.push(self.push(head));
            expr = tail;
        }
        items.push(self.push(expr));
        items
    }
}

fn ascii_literal(text: &str) -> String {
    assert!(text.is_ascii(), "a non-ASCII literal: {text:?}");
    format!("b{text:?}")
}

fn ascii_char(text: &str) -> String {
    let mut chars = text.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else {
        panic!("a range bound that is not one character: {text:?}");
    };
    assert!(c.is_ascii(), "a non-ASCII range bound: {c:?}");
    format!("{}", c as u8)
}
