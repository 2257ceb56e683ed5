//! The conversion from pest's detailed error, the reference that the
//! error-tracking reader's reports are held to.

use std::borrow::Cow;
use std::fmt;

use pest::error::{ErrorVariant, InputLocation};

use super::report::Report;
use super::{Judged, ParseError};
use crate::syntax::grammar::{Node, SpecRule};
use crate::syntax::scheme::Scheme;
use crate::syntax::spec::Spec;
use crate::syntax::tracking::{Attempts, Compiled, RecordTokens, Token};

impl ParseError {
    /// The error that pest's detailed report gives: the reference that the
    /// error-tracking reader is held to. `None` when pest's error detail is
    /// off (the report then holds no attempts).
    pub(crate) fn from_pest<R: Compiled>(
        input: &str,
        spec: Spec,
        scheme: Option<Scheme>,
        judged: Judged,
        error: &pest::error::Error<R>,
    ) -> Option<ParseError> {
        let attempts = attempts_from_pest(error)?;
        Some(ParseError::ready(
            input,
            Report::from_attempts(input, spec, scheme, attempts),
            judged,
            None,
        ))
    }
}

/// The part of pest's detailed report that [`Report::from_attempts`]
/// reads; `None` when the report has no attempts (pest's error detail off).
pub(crate) fn attempts_from_pest<R: SpecRule>(
    error: &pest::error::Error<R>,
) -> Option<Attempts<R>> {
    let location = match error.location {
        InputLocation::Pos(pos) => pos,
        InputLocation::Span((start, _)) => start,
    };
    let attempts = error.parse_attempts()?;
    let end_expected = matches!(
        &error.variant,
        ErrorVariant::ParsingError { positives, .. }
            if positives.iter().any(|rule| rule.node() == Some(Node::EOI))
    );
    let mut rules: Vec<R> = attempts
        .call_stacks()
        .iter()
        .filter_map(|stack| stack.deepest.get_rule().copied())
        .collect();
    rules.dedup();
    let tokens = attempts
        .expected_tokens()
        .iter()
        .map(PestToken::read)
        .collect();
    Some(Attempts {
        location,
        max_position: attempts.max_position,
        end_expected,
        rules,
        tokens: RecordTokens::Named(tokens),
        nesting_limit: None,
    })
}

/// What pest expected at the error: pest 2.9 returns its `ParsingToken`s
/// without exporting the type, so they are read through `Debug` (which names
/// the variant) and `Display` (which gives the text).
struct PestToken;

impl PestToken {
    fn read(token: &(impl fmt::Debug + fmt::Display)) -> Token {
        // Only the variant's name is wanted from `Debug`: the writer takes the
        // first bytes and then stops the formatting.
        let mut kind = Prefix::default();
        let _ = fmt::write(&mut kind, format_args!("{token:?}"));
        match kind.as_bytes() {
            [b'S', b'e', b'n', b's', ..] => Token::Literal(Cow::Owned(token.to_string())),
            // `Display` gives a case-insensitive literal in upper case.
            [b'I', b'n', b's', ..] => {
                Token::Insensitive(Cow::Owned(token.to_string().to_ascii_lowercase()))
            }
            [b'R', b'a', b'n', b'g', b'e', ..] => {
                // `start..end`.
                let range = token.to_string();
                let mut chars = range.chars();
                match (
                    chars.next(),
                    chars.next(),
                    chars.next(),
                    chars.next(),
                    chars.next(),
                ) {
                    (Some(start), Some('.'), Some('.'), Some(end), None) => {
                        Token::Range(start, end)
                    }
                    _ => Token::BuiltIn,
                }
            }
            _ => Token::BuiltIn,
        }
    }
}

/// A `fmt::Write` that keeps the first bytes written and then fails, which
/// ends the formatting.
#[derive(Default)]
struct Prefix {
    bytes: [u8; 12],
    len: usize,
}

impl Prefix {
    fn as_bytes(&self) -> &[u8] {
        &self.bytes[..self.len]
    }
}

impl fmt::Write for Prefix {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        let take = text.len().min(self.bytes.len() - self.len);
        self.bytes[self.len..self.len + take].copy_from_slice(&text.as_bytes()[..take]);
        self.len += take;
        if self.len == self.bytes.len() {
            Err(fmt::Error)
        } else {
            Ok(())
        }
    }
}
