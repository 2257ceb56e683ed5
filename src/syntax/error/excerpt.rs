//! Where a [`ParseError`](super::ParseError) is, as a person reads it: its
//! line and column, and the [`Excerpt`], the window of the input shown around it.

use std::fmt;
use std::ops::Range;

use super::report::Report;

/// What a person reads of a [`ParseError`](super::ParseError) beside its report.
#[derive(Clone, PartialEq, Eq)]
pub(super) struct Details {
    pub(super) line: usize,
    pub(super) column: usize,
    pub(super) excerpt: Excerpt,
    /// The column of the caret under the excerpt, in characters from 0.
    pub(super) caret: usize,
}

impl Details {
    /// Characters of the line shown before the error.
    const BEFORE: usize = 60;
    /// Characters shown after the one at the error: twenty from it on.
    const AFTER: usize = 19;

    pub(super) fn of(text: &str, report: &Report) -> Details {
        let offset = report.offset;
        let (line, column) = line_and_column(text, offset);
        let excerpt = Excerpt::new(text, offset..offset, Self::BEFORE, Self::AFTER);
        let caret = excerpt.text[..excerpt.span.start].chars().count();
        Details {
            line,
            column,
            excerpt,
            caret,
        }
    }
}

/// The line of `offset` in `text` and its column in characters, both from
/// 1: what [`Details`] holds, for a caller that needs no excerpt.
pub(super) fn line_and_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset];
    let line = memchr::memchr_iter(b'\n', before.as_bytes()).count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = text[line_start..offset].chars().count() + 1;
    (line, column)
}

/// The shape that `ParseError`'s `Debug` shows: the excerpt as its text
/// and the caret's column.
impl fmt::Debug for Details {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        struct Shown<'a>(&'a Details);
        impl fmt::Debug for Shown<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_struct("Excerpt")
                    .field("text", &self.0.excerpt.text)
                    .field("caret", &self.0.caret)
                    .finish()
            }
        }
        f.debug_struct("Details")
            .field("line", &self.line)
            .field("column", &self.column)
            .field("excerpt", &Shown(self))
            .finish()
    }
}

/// A window of one line of an input around a span, made printable, and
/// where the span stands in it: what an error's `{:#}` shows above its caret,
/// and what the command line underlines.
///
/// The window is the span's line: up to `before` characters before the span,
/// the span, and up to `after` characters after it, with "…" where it cuts
/// the line. A control character shows as its escape (`\t`, `\u{1b}`), so
/// that the window prints on one line. The span is shown whole up to the end
/// of its line, and one character at least where its line goes on (an empty
/// span shows the character at its start); after it, the window ends once it
/// holds more than 160 bytes from the span's start, so that a long span does
/// not bring a long tail of context.
///
/// [`ParseError`](crate::ParseError)'s report shows the window of its error
/// (60 characters before, 19 after); a renderer of other spans, such as a
/// warning's, shows them the same way with this.
///
/// ```
/// use rfc1738::Excerpt;
///
/// let input = "ftp://host/a\tb c\nthe next line";
/// let excerpt = Excerpt::new(input, 12..13, 4, 2);
/// assert_eq!(excerpt.text(), "…st/a\\tb …");
/// assert_eq!(excerpt.span(), 7..9);
/// assert_eq!(&excerpt.text()[excerpt.span()], "\\t");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Excerpt {
    text: String,
    span: Range<usize>,
}

impl Excerpt {
    /// What to stop after the span at, in bytes from its start.
    const MOST_FROM_SPAN: usize = 160;

    /// The window of `input` around `span` (byte offsets; a start past the
    /// end is the end, and a start inside a character is that character's
    /// start), with `before` and `after` characters of context.
    ///
    /// ```
    /// use rfc1738::Excerpt;
    ///
    /// let excerpt = Excerpt::new("http://h/x y", 10..10, 60, 20);
    /// assert_eq!((excerpt.text(), excerpt.span()), ("http://h/x y", 10..11));
    ///
    /// // Offsets that are no character boundary do not panic.
    /// let excerpt = Excerpt::new("mailto:é", 8..8, 60, 20);
    /// assert_eq!((excerpt.text(), excerpt.span()), ("mailto:é", 7..9));
    /// ```
    #[must_use]
    pub fn new(input: &str, span: Range<usize>, before: usize, after: usize) -> Excerpt {
        let mut start = span.start.min(input.len());
        while !input.is_char_boundary(start) {
            start -= 1;
        }
        let line_end = input[start..].find('\n').map_or(input.len(), |i| start + i);
        // At most `before` characters back, and one more to know whether
        // the line was cut: the cost does not grow with the line.
        let mut before_span: Vec<char> = input[..start]
            .chars()
            .rev()
            .take_while(|&c| c != '\n')
            .take(before.saturating_add(1))
            .collect();
        let mut text = String::new();
        if before_span.len() > before {
            before_span.pop();
            text.push('…');
        }
        for &c in before_span.iter().rev() {
            push_printable(&mut text, c);
        }
        let shown_start = text.len();
        let mut shown_end = shown_start;
        let mut rest = input[start..line_end].char_indices().peekable();
        let mut taken = 0;
        while let Some(&(at, c)) = rest.peek() {
            let in_span = start + at < span.end.max(start + 1);
            if !in_span && taken >= after {
                break;
            }
            push_printable(&mut text, c);
            rest.next();
            if in_span {
                shown_end = text.len();
            } else {
                taken += 1;
            }
            if !in_span && text.len() > shown_start + Self::MOST_FROM_SPAN {
                break;
            }
        }
        if rest.peek().is_some() {
            text.push('…');
        }
        Excerpt {
            text,
            span: shown_start..shown_end,
        }
    }

    /// The window, as it prints.
    ///
    /// ```
    /// let excerpt = rfc1738::Excerpt::new("news:a\u{7}b", 6..7, 60, 20);
    /// assert_eq!(excerpt.text(), "news:a\\u{7}b");
    /// ```
    #[must_use]
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Where the span is in [`text`](Self::text): byte offsets, one
    /// character at least, unless the span starts at the end of its line or
    /// of the input.
    ///
    /// ```
    /// let excerpt = rfc1738::Excerpt::new("news:a\u{7}b", 6..7, 60, 20);
    /// assert_eq!(excerpt.span(), 6..11);
    /// ```
    #[must_use]
    pub fn span(&self) -> Range<usize> {
        self.span.clone()
    }
}

/// Pushes `c` onto `text`, a control character as its escape.
fn push_printable(text: &mut String, c: char) {
    if c.is_control() {
        text.extend(c.escape_default());
    } else {
        text.push(c);
    }
}

#[cfg(test)]
mod tests {
    use super::Excerpt;

    /// The window as the error's excerpt showed it before it was shared:
    /// sixty characters before the offset, twenty from it on, no limit in
    /// bytes.
    fn twenty_from_the_offset(input: &str, offset: usize) -> (String, usize) {
        let line_start = input[..offset].rfind('\n').map_or(0, |i| i + 1);
        let line_end = input[offset..]
            .find('\n')
            .map_or(input.len(), |i| offset + i);
        let before: Vec<char> = input[line_start..offset].chars().collect();
        let skip = before.len().saturating_sub(60);
        let mut text = String::new();
        if skip > 0 {
            text.push('…');
        }
        for &c in &before[skip..] {
            super::push_printable(&mut text, c);
        }
        let caret = text.chars().count();
        let mut after = input[offset..line_end].chars();
        for c in after.by_ref().take(20) {
            super::push_printable(&mut text, c);
        }
        if after.next().is_some() {
            text.push('…');
        }
        (text, caret)
    }

    #[test]
    fn an_error_s_window_is_twenty_characters_from_its_offset() {
        let control = "\u{1}".repeat(30);
        let wide = "é😀".repeat(40);
        let long = "a".repeat(200);
        let inputs = [
            String::new(),
            "http://h/x y".to_owned(),
            format!("ftp://h/{control}"),
            format!("ftp://h/{wide}"),
            format!("{long}\n{long}"),
            format!("a\u{85}\tb\n{control}{wide}\n"),
        ];
        for input in &inputs {
            for (offset, _) in input.char_indices().chain([(input.len(), ' ')]) {
                let excerpt = Excerpt::new(input, offset..offset, 60, 19);
                let caret = excerpt.text()[..excerpt.span().start].chars().count();
                assert_eq!(
                    (excerpt.text().to_owned(), caret),
                    twenty_from_the_offset(input, offset),
                    "{input:?} at {offset}"
                );
            }
        }
    }
}
