//! `rfc1738 explain`: how a URL was read, as an indented tree of the grammar's
//! rules for people and as one JSON object for programs.

use std::io::{self, Write};

use rfc1738::{SyntaxNode, Url};
use serde::Serialize;

use crate::Format;
use crate::render::{self, Origin, WarningRecord};

/// A node of the parse, as JSON.
#[derive(Serialize)]
struct NodeRecord<'a> {
    rule: &'static str,
    text: &'a str,
    span: [usize; 2],
    children: Vec<NodeRecord<'a>>,
}

impl<'a> NodeRecord<'a> {
    fn new(node: &SyntaxNode<'a>) -> NodeRecord<'a> {
        NodeRecord {
            rule: node.rule().name(),
            text: node.text(),
            span: [node.span().start, node.span().end],
            children: node.children().iter().map(NodeRecord::new).collect(),
        }
    }
}

#[derive(Serialize)]
struct Explanation<'a> {
    input: &'a str,
    valid: bool,
    spec: &'static str,
    scheme: Option<String>,
    tree: Option<NodeRecord<'a>>,
    warnings: Vec<WarningRecord>,
    error: Option<serde_json::Value>,
}

/// Explains each URL; `Ok(true)` when all are valid (and, under `strict`,
/// have no warnings).
pub fn run(
    urls: &[std::ffi::OsString],
    spec: rfc1738::Spec,
    format: Format,
    strict: bool,
    color: bool,
) -> io::Result<bool> {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut all_valid = true;
    for (index, argument) in urls.iter().enumerate() {
        let bytes = argument.as_encoded_bytes();
        let text = String::from_utf8_lossy(bytes);
        let origin = Origin {
            file: None,
            line: index + 1,
        };
        let result = Url::parse_bytes(bytes, spec);
        let warnings = result.as_ref().map(Url::warnings).unwrap_or_default();
        let valid = render::passes(&result, &warnings, strict);
        all_valid &= valid;
        match format {
            Format::Json => {
                let record = render::Record::new(&text, spec, &result, &warnings, strict, origin);
                let mut value = serde_json::to_value(&record)?;
                let tree = result.as_ref().ok().map(|url| url.syntax_tree());
                let explanation = Explanation {
                    input: &text,
                    valid,
                    spec: spec.name(),
                    scheme: value["scheme"].as_str().map(str::to_owned),
                    tree: tree.as_ref().map(NodeRecord::new),
                    warnings: render::warning_records(&warnings),
                    error: Some(value["error"].take()).filter(|error| !error.is_null()),
                };
                serde_json::to_writer(&mut out, &explanation)?;
                writeln!(out)?;
            }
            Format::Human => match &result {
                Ok(url) => {
                    writeln!(out, "{text}")?;
                    writeln!(out, "  spec: {} ({})", spec.name(), spec.title())?;
                    match url.known_scheme() {
                        Some(scheme) => {
                            writeln!(out, "  scheme: {} (Section {})", scheme, scheme.section())?
                        }
                        None => {
                            writeln!(out, "  scheme: {} (generic form, Section 5)", url.scheme())?
                        }
                    }
                    let tree = url.syntax_tree();
                    let width = tree
                        .walk()
                        .map(|(depth, node)| 2 * depth + node.rule().name().len())
                        .max()
                        .unwrap_or(0);
                    for (depth, node) in tree.walk() {
                        let name = format!("{}{}", "  ".repeat(depth), node.rule().name());
                        writeln!(out, "  {name:width$}  {:?}", node.text())?;
                    }
                    if !warnings.is_empty() {
                        writeln!(out, "{}", render::warnings(url, &warnings, origin, color))?;
                    }
                }
                Err(error) => writeln!(out, "{}", render::diagnostic(error, &text, origin, color))?,
            },
        }
    }
    out.flush()?;
    Ok(all_valid)
}
