//! Where a [`ParseError`] is, as a person reads it: its line and column,
//! and the excerpt, the window of the input shown around it.

use super::report::Report;

/// What a person reads of a [`ParseError`] beside its report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Details {
    pub(super) line: usize,
    pub(super) column: usize,
    pub(super) excerpt: Excerpt,
}

impl Details {
    pub(super) fn of(text: &str, report: &Report) -> Details {
        let offset = report.offset;
        let before = &text[..offset];
        let line = memchr::memchr_iter(b'\n', before.as_bytes()).count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let column = text[line_start..offset].chars().count() + 1;
        Details {
            line,
            column,
            excerpt: Excerpt::new(text, offset),
        }
    }
}

/// The line around the error, made printable, and where the caret goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Excerpt {
    pub(super) text: String,
    pub(super) caret: usize,
}

impl Excerpt {
    /// Characters of context kept before and after the offset.
    const BEFORE: usize = 60;
    const AFTER: usize = 20;

    fn new(input: &str, offset: usize) -> Excerpt {
        let line_start = input[..offset].rfind('\n').map_or(0, |i| i + 1);
        let line_end = input[offset..]
            .find('\n')
            .map_or(input.len(), |i| offset + i);
        let before: Vec<char> = input[line_start..offset].chars().collect();
        let skip = before.len().saturating_sub(Self::BEFORE);
        let mut text = String::new();
        if skip > 0 {
            text.push('…');
        }
        for c in &before[skip..] {
            push_printable(&mut text, *c);
        }
        let caret = text.chars().count();
        let mut after = input[offset..line_end].chars();
        for c in after.by_ref().take(Self::AFTER) {
            push_printable(&mut text, c);
        }
        if after.next().is_some() {
            text.push('…');
        }
        Excerpt { text, caret }
    }
}

fn push_printable(text: &mut String, c: char) {
    if c.is_control() {
        text.extend(c.escape_default());
    } else {
        text.push(c);
    }
}
