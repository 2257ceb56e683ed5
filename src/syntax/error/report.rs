//! The report of a [`ParseError`](super::ParseError): what the grammar
//! expected where the input leaves the language, and what stood there, from
//! what the error-tracking reader (or pest) tried.

use std::borrow::Cow;
use std::sync::OnceLock;

use super::{Expected, Found, Judged};
use crate::syntax::grammar::{Node, SpecRule};
use crate::syntax::rules::GrammarRule;
use crate::syntax::scheme::Scheme;
use crate::syntax::spec::Spec;
use crate::syntax::tracking::{self, Attempts, Compiled, Token};

/// What a [`ParseError`](super::ParseError) says.
#[derive(Clone, Debug)]
pub(super) struct Report {
    pub(super) spec: Spec,
    pub(super) scheme: Option<Scheme>,
    pub(super) offset: usize,
    pub(super) expected: Vec<Expected>,
    pub(super) found: Found,
    /// The reader stopped at its nesting limit: see `ParseError::is_nesting_limit`.
    pub(super) nesting_limit: bool,
    /// The help, where the report fixes it; `None`: worked out from the
    /// text with the details.
    pub(super) fixed_help: Option<Option<String>>,
}

/// Reports are equal when they say the same; where the help comes from is
/// the details' concern.
impl PartialEq for Report {
    fn eq(&self, other: &Report) -> bool {
        (
            self.spec,
            self.scheme,
            self.offset,
            &self.expected,
            self.found,
            self.nesting_limit,
        ) == (
            other.spec,
            other.scheme,
            other.offset,
            &other.expected,
            other.found,
            other.nesting_limit,
        )
    }
}

impl Eq for Report {}

/// The report of `input`, which the grammar of `spec` does not take, as
/// `judged`.
pub(super) fn report_of(input: &str, spec: Spec, judged: Judged) -> Report {
    use crate::syntax::grammar::{draft07, rfc1738, rfc2396, rfc3986};
    let scheme = Scheme::of(input);
    match (judged, spec) {
        (Judged::UriReference, Spec::Rfc3986) => {
            Report::from_grammar(input, spec, None, rfc3986::Rule::uri_reference)
        }
        (Judged::UriReference, _) => {
            Report::from_grammar(input, Spec::Rfc2396, None, rfc2396::Rule::uri_reference)
        }
        (Judged::Url, Spec::Rfc1738) => {
            Report::from_grammar(input, spec, scheme, rfc1738::Rule::entry(scheme))
        }
        (Judged::Url, Spec::Draft07) => {
            Report::from_grammar(input, spec, scheme, draft07::Rule::entry(scheme))
        }
        (Judged::Url, Spec::Rfc2396) => {
            Report::from_grammar(input, spec, scheme, rfc2396::Rule::entry_for(input))
        }
        (Judged::Url, Spec::Rfc3986) => {
            Report::from_grammar(input, spec, scheme, rfc3986::Rule::entry_for(input))
        }
    }
}

impl Report {
    /// The error for `input`, which the rule `entry` does not match whole, by
    /// the error-tracking reader.
    fn from_grammar<R: Compiled>(
        input: &str,
        spec: Spec,
        scheme: Option<Scheme>,
        entry: R,
    ) -> Report {
        let attempts = match tracking::read(entry, input) {
            Err(attempts) => attempts,
            // The callers know the input is not a match; the reader and the
            // grammar agree on that (`tests/error_path.rs`). Should they not,
            // the error is still an error, at the end.
            Ok(_) => Attempts {
                location: input.len(),
                max_position: input.len(),
                end_expected: false,
                rules: Vec::new(),
                tokens: Vec::new(),
                nesting_limit: None,
            },
        };
        Report::from_attempts(input, spec, scheme, attempts)
    }

    /// The error that a report of what the grammar tried gives.
    pub(super) fn from_attempts<R: Compiled>(
        input: &str,
        spec: Spec,
        scheme: Option<Scheme>,
        attempts: Attempts<R>,
    ) -> Report {
        if let Some(at) = attempts.nesting_limit {
            let found = input[at..].chars().next().map_or(Found::End, Found::Char);
            let mut report = Report::new(spec, scheme, at, Vec::new(), found);
            report.nesting_limit = true;
            report.fixed_help = Some(Some(format!(
                "the input may be valid, but its rules nest deeper than this reader goes: \
                 {} rules at most (an LDAP filter's parentheses, the one rule that nests, \
                 {} deep), fewer on a thread with a small stack",
                tracking::MAX_DEPTH,
                tracking::MAX_DEPTH - 5
            )));
            return report;
        }
        let location = attempts.location;
        let mut offset = attempts.max_position.max(location);
        let mut expected: Vec<Expected> = Vec::new();
        for rule in &attempts.rules {
            if let Some(node) = rule.node() {
                let rule = GrammarRule(node, spec);
                // Two rules may share a BNF name (the two readings of `selector`).
                if !expected.iter().any(
                    |known| matches!(known, Expected::Rule(known) if known.name() == rule.name()),
                ) {
                    expected.push(Expected::Rule(rule));
                }
            }
        }
        // The call stacks name the innermost rules; the end of input is only
        // among the rules that failed where the error is.
        if location == offset && attempts.end_expected {
            expected.push(Expected::End);
        }
        // pest gives the case-sensitive literals in their order, then the
        // case-insensitive ones, then the ranges.
        let mut literals = Vec::new();
        let mut insensitive_literals = Vec::new();
        let mut hex_only = true;
        for token in attempts.tokens {
            match token {
                Token::Literal(text) => literals.push((text, false)),
                Token::Insensitive(text) => insensitive_literals.push((text, true)),
                // A range of one character is that character's literal.
                Token::Range(start, end) if start == end => {
                    literals.push((Cow::Owned(start.to_string()), false))
                }
                Token::Range(start, end) => {
                    hex_only &= matches!((start, end), ('0', '9') | ('A', 'F') | ('a', 'f'))
                }
                Token::BuiltIn => {}
            }
        }
        literals.sort();
        literals.dedup();
        literals.append(&mut insensitive_literals);
        // A literal that the input starts to spell leaves the language only
        // where the spelling goes wrong, past `offset`.
        let rest = &input.as_bytes()[offset.min(input.len())..];
        let matched = |(literal, insensitive): &(Cow<'static, str>, bool)| {
            literal
                .bytes()
                .zip(rest)
                .take_while(|(want, got)| {
                    if *insensitive {
                        want.eq_ignore_ascii_case(got)
                    } else {
                        want == *got
                    }
                })
                .count()
        };
        let longest = literals.iter().map(matched).max().unwrap_or(0);
        if longest > 0 {
            offset += longest;
            expected.clear();
            literals.retain(|literal| matched(literal) == longest);
        } else if hex_only && in_escape(&input[..offset]) {
            expected.clear();
            let escape_rule = match spec {
                Spec::Rfc2396 => Node::escaped,
                Spec::Rfc3986 => Node::pct_encoded,
                Spec::Rfc1738 | Spec::Draft07 => Node::escape,
            };
            expected.push(Expected::Rule(GrammarRule(escape_rule, spec)));
        }
        // A one-character literal that an expected rule takes as one of its own
        // characters says nothing the rule does not: leave it out.
        let rules: Vec<R> = expected
            .iter()
            .filter_map(|item| match item {
                Expected::Rule(rule) => R::from_node(rule.0),
                _ => None,
            })
            .collect();
        let takes_escapes = expected
            .iter()
            .any(|item| matches!(item, Expected::Rule(rule) if rule.takes_escapes(spec)));
        literals.retain(|(literal, _)| {
            let covered = if literal == "%" {
                takes_escapes
            } else {
                literal.chars().count() == 1
                    && rules
                        .iter()
                        .any(|&rule| rule_starts_with(spec, rule, literal))
            };
            !covered
        });
        for (literal, _) in literals {
            let item = Expected::Literal(literal.into_owned());
            if !expected.contains(&item) {
                expected.push(item);
            }
        }
        expected.sort_by_key(|item| matches!(item, Expected::End));
        let found = input[offset..]
            .chars()
            .next()
            .map_or(Found::End, Found::Char);
        Report::new(spec, scheme, offset, expected, found)
    }

    pub(super) fn new(
        spec: Spec,
        scheme: Option<Scheme>,
        offset: usize,
        expected: Vec<Expected>,
        found: Found,
    ) -> Report {
        Report {
            spec,
            scheme,
            offset,
            expected,
            found,
            nesting_limit: false,
            fixed_help: None,
        }
    }
}

/// Whether `text` is, or begins, a match of `rule` on its own.
fn rule_starts_with<R: Compiled>(spec: Spec, rule: R, text: &str) -> bool {
    // The answer depends on the rule and the text alone: for one ASCII
    // character, the grammar is asked once per process for all 128 of them.
    static KNOWN: [[OnceLock<u128>; Node::COUNT]; Spec::ALL.len()] =
        [const { [const { OnceLock::new() }; Node::COUNT] }; Spec::ALL.len()];
    let mut chars = text.chars();
    let (Some(node), Some(c), None) = (rule.node(), chars.next(), chars.next()) else {
        return grammar_starts_with(rule, text);
    };
    let Ok(byte) = u8::try_from(c).map(|byte| byte & 0x7f) else {
        return grammar_starts_with(rule, text);
    };
    if u32::from(byte) != u32::from(c) {
        return grammar_starts_with(rule, text);
    }
    let row = KNOWN[spec as usize][node as usize].get_or_init(|| {
        (0..128u8).fold(0, |row, byte| {
            let text = char::from(byte).to_string();
            row | u128::from(grammar_starts_with(rule, &text)) << byte
        })
    });
    row >> byte & 1 != 0
}

/// Whether the grammar (the generated reader, which answers as pest does)
/// reads `rule` over all of `text`, or reaches its end trying.
fn grammar_starts_with<R: Compiled>(rule: R, text: &str) -> bool {
    match tracking::read(rule, text) {
        Ok(end) => end == text.len(),
        Err(attempts) => attempts.max_position >= text.len(),
    }
}

/// Whether `before` ends inside an escape: with "%" or "%" and one hex digit.
fn in_escape(before: &str) -> bool {
    let bytes = before.as_bytes();
    match bytes {
        [.., b'%'] => true,
        [.., b'%', digit] => digit.is_ascii_hexdigit(),
        _ => false,
    }
}
