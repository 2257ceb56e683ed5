//! URLs in running text: finding them as RFC 1738's Appendix ("Recommendations
//! for URLs in Context") and uri(7)'s "Writing a URI" say they are written.

use std::io::{self, BufRead};
use std::ops::Range;

use crate::syntax::charclass;
use crate::syntax::error::ParseError;
use crate::syntax::fix::Fix;
use crate::syntax::spec::Spec;
use crate::url::Url;

/// How a URL was set off in the text.
///
/// ```
/// use rfc1738::{Delimiter, ExtractOptions, extract};
///
/// let found = extract("see <URL:news:*> or \"ftp://h/f\" or http://h/.", &ExtractOptions::default());
/// let delimiters: Vec<_> = found.iter().map(|url| url.delimiter()).collect();
/// assert_eq!(delimiters, [Delimiter::UrlPrefix, Delimiter::Quotes, Delimiter::Bare]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Delimiter {
    /// `<URL:...>`, the Appendix's recommended form.
    UrlPrefix,
    /// `<...>`.
    AngleBrackets,
    /// `"..."`.
    Quotes,
    /// Nothing: the URL ends where the URL characters do, less trailing
    /// sentence punctuation.
    Bare,
}

impl Delimiter {
    /// A short stable name: `url-prefix`, `angle-brackets`, `quotes` or `bare`.
    ///
    /// ```
    /// assert_eq!(rfc1738::Delimiter::UrlPrefix.name(), "url-prefix");
    /// ```
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Delimiter::UrlPrefix => "url-prefix",
            Delimiter::AngleBrackets => "angle-brackets",
            Delimiter::Quotes => "quotes",
            Delimiter::Bare => "bare",
        }
    }
}

/// What [`extract`] takes from the text, and by which specification it checks it.
///
/// ```
/// use rfc1738::{ExtractOptions, extract};
///
/// let text = "see e.g. xyz:blank";
/// assert!(extract(text, &ExtractOptions::default()).is_empty());
/// let any = ExtractOptions { any_scheme: true, ..ExtractOptions::default() };
/// assert_eq!(extract(text, &any)[0].url(), "xyz:blank");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ExtractOptions {
    /// The specification the URLs are checked by.
    pub spec: Spec,
    /// Take any `scheme:` followed by URL characters from bare and quoted
    /// text, not only the known schemes (and `URL:`-marked text).
    pub any_scheme: bool,
}

/// A URL found in text.
///
/// ```
/// use rfc1738::{ExtractOptions, extract};
///
/// let text = "It is under <URL:ftp://info.cern.ch/pub/www/doc;\n      type=d>.";
/// let found = &extract(text, &ExtractOptions::default())[0];
/// assert_eq!(found.url(), "ftp://info.cern.ch/pub/www/doc;type=d");
/// assert_eq!((found.line(), found.column()), (1, 13));
/// assert_eq!(found.raw(), "<URL:ftp://info.cern.ch/pub/www/doc;\n      type=d>");
/// assert!(found.is_valid());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Extracted<'t> {
    span: Range<usize>,
    line: usize,
    column: usize,
    delimiter: Delimiter,
    raw: &'t str,
    url: String,
    alternative: Option<String>,
    fragment: Option<String>,
    error: Option<ParseError>,
    replaced: bool,
}

impl<'t> Extracted<'t> {
    /// The bytes of the text the URL stood in, delimiters included.
    ///
    /// ```
    /// let found = &rfc1738::extract("a <news:*> b", &Default::default())[0];
    /// assert_eq!(found.span(), 2..10);
    /// ```
    #[must_use]
    pub fn span(&self) -> Range<usize> {
        self.span.clone()
    }

    /// The line of the span's start, from 1.
    ///
    /// ```
    /// let found = &rfc1738::extract("a\nb <news:*>", &Default::default())[0];
    /// assert_eq!(found.line(), 2);
    /// ```
    #[must_use]
    pub fn line(&self) -> usize {
        self.line
    }

    /// The column of the span's start in characters, from 1.
    ///
    /// ```
    /// let found = &rfc1738::extract("é <news:*>", &Default::default())[0];
    /// assert_eq!(found.column(), 3);
    /// ```
    #[must_use]
    pub fn column(&self) -> usize {
        self.column
    }

    /// How the URL was set off.
    ///
    /// ```
    /// let found = &rfc1738::extract("<news:*>", &Default::default())[0];
    /// assert_eq!(found.delimiter(), rfc1738::Delimiter::AngleBrackets);
    /// ```
    #[must_use]
    pub fn delimiter(&self) -> Delimiter {
        self.delimiter
    }

    /// The text as it stood, delimiters included.
    ///
    /// ```
    /// let found = &rfc1738::extract("(see http://h/x).", &Default::default())[0];
    /// assert_eq!(found.raw(), "http://h/x");
    /// ```
    #[must_use]
    pub fn raw(&self) -> &'t str {
        self.raw
    }

    /// The URL, after the Appendix's rules: without `URL:` and the brackets,
    /// and without the whitespace inside them.
    ///
    /// ```
    /// let found = &rfc1738::extract("<URL: ftp://h/a\n  /b>", &Default::default())[0];
    /// assert_eq!(found.url(), "ftp://h/a/b");
    /// ```
    #[must_use]
    pub fn url(&self) -> &str {
        &self.url
    }

    /// The other reading, when a line break right after a hyphen leaves it
    /// open whether the hyphen belongs to the URL. [`url`](Self::url) is the
    /// reading that parses (with the hyphen when both do).
    ///
    /// ```
    /// let found = &rfc1738::extract("<ftp://h/a-\n  b>", &Default::default())[0];
    /// assert_eq!((found.url(), found.alternative()), ("ftp://h/a-b", Some("ftp://h/ab")));
    /// ```
    #[must_use]
    pub fn alternative(&self) -> Option<&str> {
        self.alternative.as_deref()
    }

    /// The fragment that followed the URL after a `#`, under RFC 1738 and
    /// draft-07: §2.2 says "#" delimits a URL "from a fragment/anchor
    /// identifier that might follow it", so the URL is what comes before it,
    /// and is judged alone. Under RFC 2396 the fragment is part of the URI
    /// reference, and this is `None`.
    ///
    /// ```
    /// use rfc1738::{ExtractOptions, Spec, extract};
    ///
    /// let text = "see http://h/page.html#usage for more";
    /// let found = &extract(text, &ExtractOptions::default())[0];
    /// assert_eq!((found.url(), found.fragment()), ("http://h/page.html", Some("usage")));
    /// assert!(found.is_valid());
    /// let rfc2396 = ExtractOptions { spec: Spec::Rfc2396, ..Default::default() };
    /// let found = &extract(text, &rfc2396)[0];
    /// assert_eq!((found.url(), found.fragment()), ("http://h/page.html#usage", None));
    /// ```
    #[must_use]
    pub fn fragment(&self) -> Option<&str> {
        self.fragment.as_deref()
    }

    /// Whether the URL is valid.
    ///
    /// ```
    /// assert!(!rfc1738::extract("<http://u@h/>", &Default::default())[0].is_valid());
    /// ```
    #[must_use]
    pub fn is_valid(&self) -> bool {
        self.error.is_none()
    }

    /// Why the URL is not valid.
    ///
    /// ```
    /// let found = &rfc1738::extract("<http://u@h/>", &Default::default())[0];
    /// assert_eq!(found.error().unwrap().offset(), 8);
    /// ```
    #[must_use]
    pub fn error(&self) -> Option<&ParseError> {
        self.error.as_ref()
    }

    /// Whether the URL's text holds U+FFFD in place of bytes of the input
    /// that are not UTF-8 ([`extract_from_reader`] reads bytes; [`extract`]
    /// reads text, where nothing is replaced). Then the error's help and
    /// fix speak of U+FFFD, not of the bytes that were there.
    ///
    /// ```
    /// use rfc1738::{ExtractOptions, extract_from_reader};
    ///
    /// let mut replaced = Vec::new();
    /// extract_from_reader(&b"see http://h/caf\xe9 and http://h/a"[..], &ExtractOptions::default(), |found| {
    ///     replaced.push((found.url().to_owned(), found.replaced_bytes()));
    ///     Ok(())
    /// })?;
    /// assert_eq!(replaced, [("http://h/caf\u{FFFD}".into(), true), ("http://h/a".into(), false)]);
    /// assert!(!rfc1738::extract("http://h/\u{FFFD}", &Default::default())[0].replaced_bytes());
    /// # Ok::<(), std::io::Error>(())
    /// ```
    #[must_use]
    pub fn replaced_bytes(&self) -> bool {
        self.replaced
    }

    /// The help of the URL's error: the error's own, or, where the URL
    /// holds U+FFFD for bytes that were not UTF-8
    /// ([`Extracted::replaced_bytes`]), what such bytes ask of a URL.
    ///
    /// ```
    /// use rfc1738::{ExtractOptions, extract_from_reader};
    ///
    /// extract_from_reader(&b"see http://h/caf\xe9 now"[..], &ExtractOptions::default(), |found| {
    ///     assert!(found.help().unwrap().starts_with("the text holds bytes that are not UTF-8"));
    ///     assert!(found.fix().is_none());
    ///     Ok(())
    /// })?;
    /// let found = &rfc1738::extract("see http://h/a b", &Default::default())[0];
    /// assert_eq!(found.help(), None);
    /// # Ok::<(), std::io::Error>(())
    /// ```
    #[must_use]
    pub fn help(&self) -> Option<String> {
        let error = self.error.as_ref()?;
        if self.replaced {
            Some(
                "the text holds bytes that are not UTF-8 here (shown as '\u{FFFD}'), which no URL \
                 holds: write each as an escape of its value (for example the byte 0xE9, 'é' in Latin-1, as %E9)"
                    .to_owned(),
            )
        } else {
            error.help().map(str::to_owned)
        }
    }

    /// The fix of the URL's error: none where the URL holds U+FFFD for bytes
    /// that were not UTF-8 ([`Extracted::replaced_bytes`]), whose escapes
    /// would make another URL.
    ///
    /// ```
    /// let found = &rfc1738::extract("see http://h/~x now", &Default::default())[0];
    /// assert_eq!(found.fix().unwrap().text(), "http://h/%7Ex");
    /// ```
    #[must_use]
    pub fn fix(&self) -> Option<&Fix> {
        if self.replaced {
            None
        } else {
            self.error.as_ref()?.fix()
        }
    }
}

/// Every URL in `text`, in order: in `<URL:...>` and `<...>` (whitespace and
/// line breaks inside are ignored), in double quotes, and bare (a known
/// scheme's name and ":", up to the first character that cannot be in a URL,
/// less trailing sentence punctuation).
///
/// ```
/// use rfc1738::{ExtractOptions, extract};
///
/// let text = "Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc;type=d> \
///             but you can probably pick it up from <URL:ftp://ds.internic.net/rfc>. \
///             See also http://www.ietf.org/shadow.html.";
/// let urls: Vec<_> = extract(text, &ExtractOptions::default()).iter().map(|u| u.url().to_owned()).collect();
/// assert_eq!(urls, ["ftp://info.cern.ch/pub/www/doc;type=d", "ftp://ds.internic.net/rfc", "http://www.ietf.org/shadow.html"]);
/// ```
#[must_use]
pub fn extract<'t>(text: &'t str, options: &ExtractOptions) -> Vec<Extracted<'t>> {
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    let mut cursor = Cursor::default();
    let mut at = 0;
    // Where the last URL found ends: nothing before it is read again.
    let mut floor = 0;
    let mut searches = Searches::default();
    while at < bytes.len() {
        let candidate = match bytes[at] {
            b'<' => wrapped(text, at, options),
            b'"' => quoted(text, at, options),
            byte if byte.is_ascii_alphabetic() && (at == 0 || !is_scheme_byte(bytes[at - 1])) => {
                bare(text, at, floor, &mut searches, options)
            }
            _ => None,
        };
        match candidate {
            Some((span, delimiter, content)) => {
                at = span.end;
                floor = span.end;
                let (line, column) = cursor.advance(text, span.start);
                found.push(finish(
                    text,
                    span,
                    line,
                    column,
                    delimiter,
                    content,
                    options.spec,
                ));
            }
            None => at += 1,
        }
    }
    found
}

/// [`extract`] over text read from `reader` a piece at a time: calls `each`
/// with every URL found, in order, as [`extract`] finds them in the whole
/// text, with lines, columns and spans counted in the whole text. Bytes that
/// are not UTF-8 read as U+FFFD, as in `String::from_utf8_lossy`; the spans
/// are of the bytes read all the same (a U+FFFD's span is the bytes it
/// stands for), so that they point into the input.
///
/// The text is cut after whitespace where no URL can go on (no wrapper is
/// open, no `scheme://` waits for its host on the next line), after each
/// read of `reader`, so memory holds about what one read gives (64 KiB for
/// a file), or more where such a place is further off: an unclosed `<URL:`
/// wrapper, or a long run without whitespace. The URLs of what a read gave
/// are found before the next read, which may wait for its writer (`tail -f
/// log | rfc1738 extract`).
///
/// # Errors
///
/// An error of `reader`, or of `each`, which ends the reading.
///
/// ```
/// use rfc1738::{ExtractOptions, extract_from_reader};
///
/// let text = "see <URL:ftp://h/a> and\nhttp://h/b, or \"news:*\".";
/// let mut urls = Vec::new();
/// extract_from_reader(text.as_bytes(), &ExtractOptions::default(), |found| {
///     urls.push((found.url().to_owned(), found.line(), found.column()));
///     Ok(())
/// })?;
/// assert_eq!(urls, [("ftp://h/a".into(), 1, 5), ("http://h/b".into(), 2, 1), ("news:*".into(), 2, 16)]);
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn extract_from_reader<R: BufRead>(
    mut reader: R,
    options: &ExtractOptions,
    mut each: impl FnMut(&Extracted<'_>) -> io::Result<()>,
) -> io::Result<()> {
    let mut pending: Vec<u8> = Vec::new();
    let mut base = Base::default();
    // A cut is looked for again only when the text held has doubled since
    // the last look, so that looking stays linear.
    let mut look_at = 0;
    loop {
        let read = match reader.fill_buf() {
            Ok(read) => read,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if read.is_empty() {
            break;
        }
        let n = read.len();
        pending.extend_from_slice(read);
        reader.consume(n);
        if pending.len() >= look_at {
            let cut = safe_cut(&pending);
            if cut == 0 {
                look_at = pending.len() * 2;
                continue;
            }
            base = extract_piece(&pending[..cut], base, options, &mut each)?;
            pending.drain(..cut);
            look_at = pending.len() * 2;
        }
    }
    extract_piece(&pending, base, options, &mut each)?;
    Ok(())
}

/// Where a piece of a text starts in the whole text.
#[derive(Clone, Copy, Default)]
struct Base {
    /// Bytes before it, as read.
    offset: usize,
    /// Lines before it.
    line: usize,
    /// Characters between the start of its first line and it.
    column: usize,
}

/// Calls `each` with the URLs in `piece`, placed in the whole text by
/// `base`; where the next piece starts.
fn extract_piece(
    piece: &[u8],
    base: Base,
    options: &ExtractOptions,
    each: &mut impl FnMut(&Extracted<'_>) -> io::Result<()>,
) -> io::Result<Base> {
    let text = String::from_utf8_lossy(piece);
    // A U+FFFD of text that was not all UTF-8 is taken to stand for bytes
    // that were not: the text alone cannot tell it from one written as such.
    let lossy = matches!(text, std::borrow::Cow::Owned(_));
    // Only for a piece that is not all UTF-8: making one reads the piece's
    // first chunk, which for a piece that is, is the whole piece again.
    let mut read_offsets = lossy.then(|| ReadOffsets::new(piece));
    for mut found in extract(&text, options) {
        found.replaced = lossy && found.url.contains(char::REPLACEMENT_CHARACTER);
        if found.line == 1 {
            found.column += base.column;
        }
        found.line += base.line;
        let (start, end) = match &mut read_offsets {
            Some(read_offsets) => {
                let start = read_offsets.of(found.span.start);
                (start, read_offsets.of(found.span.end))
            }
            None => (found.span.start, found.span.end),
        };
        found.span = start + base.offset..end + base.offset;
        each(&found)?;
    }
    let lines = memchr::memchr_iter(b'\n', text.as_bytes()).count();
    let column = match text.rfind('\n') {
        Some(last) => text[last + 1..].chars().count(),
        None => base.column + text.chars().count(),
    };
    Ok(Base {
        offset: base.offset + piece.len(),
        line: base.line + lines,
        column,
    })
}

/// The offsets in a piece as read of offsets in its text, which
/// `String::from_utf8_lossy` made with a U+FFFD for each run of bytes that
/// are not UTF-8: a cursor over the piece's UTF-8 chunks, asked for offsets
/// in order (the spans of what `extract` finds, which do not overlap), so
/// that a piece is walked once and nothing is kept of it.
struct ReadOffsets<'p> {
    piece: &'p [u8],
    chunks: std::str::Utf8Chunks<'p>,
    /// Where the current chunk starts, in the text and in the piece.
    text_at: usize,
    read_at: usize,
    /// Its valid bytes, and its bytes that are not UTF-8 (none at the end).
    valid: usize,
    invalid: usize,
}

impl<'p> ReadOffsets<'p> {
    fn new(piece: &'p [u8]) -> ReadOffsets<'p> {
        let mut offsets = ReadOffsets {
            piece,
            chunks: piece.utf8_chunks(),
            text_at: 0,
            read_at: 0,
            valid: 0,
            invalid: 0,
        };
        offsets.load_chunk();
        offsets
    }

    fn load_chunk(&mut self) {
        let (valid, invalid) = self
            .chunks
            .next()
            .map_or((0, 0), |chunk| (chunk.valid().len(), chunk.invalid().len()));
        (self.valid, self.invalid) = (valid, invalid);
    }

    /// The offset in the piece of `offset`, a character boundary of its
    /// text: each U+FFFD before it counts the bytes it stands for.
    fn of(&mut self, offset: usize) -> usize {
        if offset < self.text_at {
            // Asked out of order (which the spans are not): from the start.
            *self = ReadOffsets::new(self.piece);
        }
        let replacement = char::REPLACEMENT_CHARACTER.len_utf8();
        while self.invalid > 0 && offset >= self.text_at + self.valid + replacement {
            self.text_at += self.valid + replacement;
            self.read_at += self.valid + self.invalid;
            self.load_chunk();
        }
        self.read_at + (offset - self.text_at)
    }
}

/// The last place in `text` after which [`extract`] finds in the rest what
/// it finds there in the whole: after ASCII whitespace, with no wrapper open
/// (a "<" that its scan, up to the next ">" or "<", would carry past it) and
/// not after a "/" (`scheme://` then whitespace joins the next line's host),
/// a "-" (a URL broken after its hyphen goes on at the next line) or a byte
/// outside ASCII (which may be whitespace that the join reads through, or
/// groff's hyphen). 0 when there is none. Every URL that starts before such a place
/// ends before it: a bare URL stops at whitespace, a quoted one holds none.
fn safe_cut(text: &[u8]) -> usize {
    let mut cut = 0;
    // The last "<" with no ">" after it yet, and the furthest its wrapper
    // may reach (`usize::MAX` for `<URL:`, or when the text ends before
    // `URL:` can be told).
    let mut open: Option<usize> = None;
    let mut last_visible = 0u8;
    for (i, &byte) in text.iter().enumerate() {
        match byte {
            b'<' => {
                let reach = match url_prefix_at(&text[i + 1..]) {
                    Some(false) => i + 1 + MAX_WRAPPED,
                    Some(true) | None => usize::MAX,
                };
                open = Some(reach);
            }
            b'>' => open = None,
            // The ASCII characters `char::is_whitespace` takes: space, tab,
            // LF, vertical tab, form feed, CR.
            b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r' => {
                let wrapper_open = open.is_some_and(|reach| i < reach);
                // After "/" a `scheme://` may wait for its host, and after
                // "-" a URL goes on at the next line.
                if !wrapper_open && !matches!(last_visible, b'/' | b'-') && last_visible.is_ascii()
                {
                    cut = i + 1;
                }
                continue;
            }
            _ => {}
        }
        last_visible = byte;
    }
    cut
}

/// The longest a wrapper in plain angle brackets may be: further than this,
/// a "<" is not a URL's (prose and markup use "<" for much else). A
/// `<URL:...>` wrapper, which says what it is, has no such limit.
const MAX_WRAPPED: usize = 2048;

/// A byte of a scheme name, in any case: "interpreters should use case-ignore".
fn is_scheme_byte(byte: u8) -> bool {
    charclass::scheme_char(byte.to_ascii_lowercase())
}

/// The scheme at the start of `text` (`scheme = 1*[ lowalpha | digit | "+" | "-" | "." ]`,
/// case ignored), if a ":" follows it.
/// A name followed by "::" is a path in a programming language
/// (`File::Spec`, `http::Request`, `Acquire::http::Proxy`), not a URL.
fn scheme_prefix(text: &str) -> Option<&str> {
    let end = text.bytes().position(|b| !is_scheme_byte(b))?;
    let bytes = text.as_bytes();
    (end > 0
        && bytes[end] == b':'
        && bytes.get(end + 1) != Some(&b':')
        && bytes[0].is_ascii_alphabetic())
    .then(|| &text[..end])
}

/// `<URL:...>` or `<scheme:...>` starting at `at`.
fn wrapped(
    text: &str,
    at: usize,
    options: &ExtractOptions,
) -> Option<(Range<usize>, Delimiter, String)> {
    let rest = &text[at + 1..];
    // A run of "<" is no wrapper: a merge-conflict marker
    // (`<<<<<<< yours:sample.txt`), a here-document, a shift.
    if rest.starts_with('<') || text[..at].ends_with('<') {
        return None;
    }
    let limit = if url_prefix_follows(rest.as_bytes()) {
        usize::MAX
    } else {
        MAX_WRAPPED
    };
    let close = rest
        .as_bytes()
        .iter()
        .take(limit)
        .position(|&b| b == b'>' || b == b'<')?;
    if rest.as_bytes()[close] != b'>' {
        return None;
    }
    let inner = rest[..close].trim_start();
    let (delimiter, inner) = match inner.get(..4) {
        Some(prefix) if prefix.eq_ignore_ascii_case("URL:") => {
            (Delimiter::UrlPrefix, inner[4..].trim_start())
        }
        _ => (Delimiter::AngleBrackets, inner),
    };
    let scheme = scheme_prefix(inner)?;
    // `URL:` marks any scheme; plain brackets hold tags too (`<xsl:value-of>`).
    if delimiter == Delimiter::AngleBrackets
        && (!takes(scheme, inner, options) || is_template(inner))
    {
        return None;
    }
    Some((at..at + close + 2, delimiter, inner.to_owned()))
}

/// Whether `URL:` (in any case) starts `rest`, after whitespace; `None` when
/// `rest` ends before that can be told.
fn url_prefix_at(rest: &[u8]) -> Option<bool> {
    let start = rest.iter().position(|byte| !byte.is_ascii_whitespace())?;
    let prefix = rest.get(start..start + 4)?;
    Some(prefix.eq_ignore_ascii_case(b"URL:"))
}

/// [`url_prefix_at`], `false` when `rest` ends first.
fn url_prefix_follows(rest: &[u8]) -> bool {
    url_prefix_at(rest).unwrap_or(false)
}

/// `"scheme:..."` starting at `at`, on one line.
fn quoted(
    text: &str,
    at: usize,
    options: &ExtractOptions,
) -> Option<(Range<usize>, Delimiter, String)> {
    let rest = &text[at + 1..];
    let close = rest.find(['"', '\n'])?;
    if rest.as_bytes()[close] != b'"' {
        return None;
    }
    let inner = &rest[..close];
    let scheme = scheme_prefix(inner)?;
    if !takes(scheme, inner, options)
        || !has_schemepart(&inner[scheme.len() + 1..])
        || inner.contains(char::is_whitespace)
        || is_template(inner)
    {
        return None;
    }
    Some((at..at + close + 2, Delimiter::Quotes, inner.to_owned()))
}

/// A bare URL starting at `at`: a scheme, ":" and URL characters, less
/// trailing sentence punctuation (uri(7), "Writing a URI"). `URL:` before it
/// marks it as a URL whatever its scheme.
fn bare(
    text: &str,
    at: usize,
    floor: usize,
    searches: &mut Searches,
    options: &ExtractOptions,
) -> Option<(Range<usize>, Delimiter, String)> {
    let rest = &text[at..];
    let (marked, start) = match rest.get(..4) {
        Some(prefix)
            if prefix.eq_ignore_ascii_case("URL:") && scheme_prefix(&rest[4..]).is_some() =>
        {
            (true, at + 4)
        }
        _ => (false, at),
    };
    let scheme = scheme_prefix(&text[start..])?;
    if !marked && !takes(scheme, &text[start..], options) {
        return None;
    }
    let body = &text[start..];
    let stop = stops;
    // What opened the URL, if anything: "(", "[" or "'" right before it.
    let opener = text[..at]
        .chars()
        .next_back()
        .filter(|c| matches!(c, '(' | '[' | '\''));
    // Where a piece of the URL that starts at `from` ends: at a character
    // that cannot be in a URL, at Markdown's "](" (`[![b](img)](link)`),
    // and, for a URL opened by "(", "[" or "'" (`[t](url)'s`,
    // `(see http://h/x)`, `[protocol://]host`, `URL('file:///x').path`), at
    // the first closing one not opened inside it.
    let mut piece_end = |from: usize| {
        let stop_at = searches
            .stop
            .next(text, start + from, |rest| rest.find(stop))
            - start;
        let link_at = searches
            .link
            .next(text, start + from, |rest| rest.find("]("))
            - start;
        let mut end = stop_at.min(link_at);
        if let Some(opener) = opener
            && let Some(close) = unopened_close(&body[from..end], opener)
        {
            end = from + close;
        }
        end
    };
    // The URL is `pieces` then `body[current..end]`: a line break may
    // split it, where the pieces before are whole.
    let mut pieces: Vec<Range<usize>> = Vec::new();
    let mut current = 0;
    let mut end = piece_end(0);
    // Cheap refusals first, before anything that reads the whole piece: a
    // scheme named in prose, and a URI template (RFC 6570).
    if !has_schemepart(&body[scheme.len() + 1..end]) && !body[..end].ends_with("://") {
        return None;
    }
    if searches.brace.next(text, start, |rest| rest.find('{')) < start + end
        && is_template(&body[..end])
    {
        return None;
    }
    // "http:// www.ietf.org/..." (a line wrapped after "//"): "scheme://"
    // alone is never a URL, so the break is read as the wrap it is.
    if end == scheme.len() + 3 && body[..end].ends_with("://") {
        let gap = body[end..].len() - body[end..].trim_start().len();
        let after = end + gap;
        let rest = piece_end(after);
        // The continuation reads as a host ("www.ietf.org/..."), not a word of
        // the sentence ("http:// then ..."), and no blank line comes between.
        let host = body[after..rest].split(['/', ':']).next().unwrap_or("");
        if body[end..after].matches('\n').count() <= 1 && host.contains('.') && !host.ends_with('.')
        {
            pieces.push(0..end);
            current = after;
            end = rest;
        }
    }
    // groff breaks a long URL after a hyphen it sets as U+2010 (or a soft
    // hyphen): such a URL goes on at the start of the next line, and the
    // hyphen, typeset rather than written, is no part of it. groff and
    // writers also break after a hyphen the URL holds ("release-" then
    // "notes"): a URL does not end in "-", so it goes on there too, with its
    // hyphen.
    while let Some(hyphen) = body[current..end]
        .chars()
        .last()
        .filter(|&c| matches!(c, '\u{2010}' | '\u{ad}' | '-'))
    {
        let after = &body[end..];
        let blanks = after.len() - after.trim_start_matches([' ', '\t']).len();
        if !after[blanks..].starts_with('\n') {
            break;
        }
        let line = end + blanks + 1;
        let next = line + (body[line..].len() - body[line..].trim_start_matches([' ', '\t']).len());
        let next_end = piece_end(next);
        if next_end == next {
            break;
        }
        let kept = if hyphen == '-' { 0 } else { hyphen.len_utf8() };
        pieces.push(current..end - kept);
        current = next;
        end = next_end;
    }
    let written: String = pieces.iter().map(|piece| &body[piece.clone()]).collect();
    // Trailing sentence punctuation is not part of the URL, nor a closing
    // parenthesis or quote that was not opened inside it. The brackets are
    // counted once, and the counts kept as characters are dropped.
    let mut brackets = [('(', ')'), ('[', ']'), ('{', '}')].map(|(open, close)| {
        let count = |c: char| written.matches(c).count() + body[current..end].matches(c).count();
        (close, count(open), count(close))
    });
    while let Some(last) = body[current..end].chars().last() {
        let trailing = match last {
            '.' | ',' | ';' | ':' | '!' | '?' | '\'' | '’' | '”' | '…' => true,
            ')' | ']' | '}' => match brackets.iter_mut().find(|(close, _, _)| *close == last) {
                Some((_, opened, closed)) if *closed > *opened => {
                    *closed -= 1;
                    true
                }
                _ => false,
            },
            _ => false,
        };
        if !trailing {
            break;
        }
        end -= last.len_utf8();
    }
    let url = format!("{written}{}", &body[current..end]);
    // Trailing punctuation may have taken the scheme's own ":" ("http: was
    // removed"), or all of a continuation.
    if url.len() <= scheme.len() || !has_schemepart(&url[scheme.len() + 1..]) {
        return None;
    }
    if !pieces.is_empty() && end == current {
        return None;
    }
    if is_template(&url) {
        return None;
    }
    // groff may break the scheme itself ("tel‐" then "net://h/"): the word
    // before the line break, ended by its U+2010, is the scheme's start.
    if start == at
        && let Some(word_start) = scheme_broken_before(text, at, floor)
    {
        let word = &text[word_start..at];
        let head = word[..word.find('\u{2010}').unwrap_or(word.len())].to_owned();
        return Some((word_start..start + end, Delimiter::Bare, head + &url));
    }
    Some((at..start + end, Delimiter::Bare, url))
}

/// Where the word before `at` starts, when that word is letters ended by
/// groff's U+2010 at the end of the line before (with only blanks around
/// the break), and it lies after `floor`, the end of the last URL found.
fn scheme_broken_before(text: &str, at: usize, floor: usize) -> Option<usize> {
    let before = &text[floor..at];
    let before = before.trim_end_matches([' ', '\t']);
    let before = before.strip_suffix('\n')?.trim_end_matches([' ', '\t']);
    let letters = before.strip_suffix('\u{2010}')?;
    let word = letters.len()
        - letters
            .trim_end_matches(|c: char| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
            .len();
    let word_start = floor + letters.len() - word;
    (word > 0 && text[word_start..].starts_with(|c: char| c.is_ascii_alphabetic()))
        .then_some(word_start)
}

/// The largest character boundary of `text` at or below `at`.
fn floor_char_boundary(text: &str, at: usize) -> usize {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// Whether `url` is a URI template (RFC 6570): a `{name}` placeholder, as in
/// `https://h/users/{id}`, which no URL holds as written.
fn is_template(url: &str) -> bool {
    url.find('{').is_some_and(|open| url[open..].contains('}'))
}

/// Where the next match of a search is, from a position on: remembered, so
/// that the candidates of one long line do not each search its rest again
/// (a line of 100,000 rejected candidates took seconds, growing with the
/// square of its length).
#[derive(Default)]
struct Ahead(Option<(usize, usize)>);

impl Ahead {
    /// The first match of `search` at or after `at` in `text` (its length
    /// when there is none), from what is remembered when it covers `at`: no
    /// match from `from` up to `found`.
    fn next(&mut self, text: &str, at: usize, search: impl Fn(&str) -> Option<usize>) -> usize {
        if let Some((from, found)) = self.0
            && from <= at
            && at <= found
        {
            return found;
        }
        let found = search(&text[at..]).map_or(text.len(), |i| at + i);
        self.0 = Some((at, found));
        found
    }
}

/// The searches that bare URLs share along a text.
#[derive(Default)]
struct Searches {
    /// A character that cannot be in a URL.
    stop: Ahead,
    /// Markdown's "](".
    link: Ahead,
    /// "{", which starts a template's placeholder.
    brace: Ahead,
}

/// Whether `c` ends a bare URL: whitespace, a control, or a character that
/// delimits URLs in text.
fn stops(c: char) -> bool {
    c.is_whitespace()
        || c.is_control()
        || matches!(c, '<' | '>' | '"' | '`' | '“' | '”' | '«' | '»' | '⟨' | '⟩')
}

/// How far a URL opened by "(", "[" or "'" is searched for its closing one:
/// a URL in the wild is shorter, and the search stays linear on any text.
const OPENED_REACH: usize = 4096;

/// Where the first character closing `opener` ("(", "[" or "'") that no
/// opener before it in `text` opened is.
fn unopened_close(text: &str, opener: char) -> Option<usize> {
    let text = &text[..floor_char_boundary(text, OPENED_REACH)];
    if opener == '\'' {
        return text.find('\'');
    }
    let close = if opener == '(' { ')' } else { ']' };
    let mut depth = 0usize;
    for (at, c) in text.char_indices() {
        if c == opener {
            depth += 1;
        } else if c == close {
            if depth == 0 {
                return Some(at);
            }
            depth -= 1;
        }
    }
    None
}

/// The schemes that the documents define: RFC 1738's ten, those uri(7) names
/// besides them, the names draft-07 reserves, and https. Outside `URL:`, any
/// scheme followed by "//" begins a URL; of those written without it, only
/// these (and only those of them that the documents write without it).
pub const EXTRACTED_SCHEMES: [&str; 26] = [
    "ftp",
    "http",
    "gopher",
    "mailto",
    "news",
    "nntp",
    "telnet",
    "wais",
    "file",
    "prospero",
    "man",
    "info",
    "whatis",
    "ghelp",
    "ldap",
    "toc",
    "about",
    "urn",
    "afs",
    "mid",
    "cid",
    "nfs",
    "tn3270",
    "mailserver",
    "z39.50",
    "https",
];

/// The schemes of [`EXTRACTED_SCHEMES`] that the documents write only as
/// `scheme://`: the Common Internet Scheme Syntax of RFC 1738 §3.1 and the
/// URL forms of uri(7) and draft-07 that follow it. (uri(7) also gives
/// `file:path_segments`, so `file` is not among them.)
const WRITTEN_WITH_SLASHES: [&str; 13] = [
    "ftp", "http", "gopher", "nntp", "telnet", "wais", "prospero", "ldap", "afs", "nfs", "tn3270",
    "z39.50", "https",
];

/// Whether the `scheme:` that starts `text`, outside `URL:`, begins a URL: any
/// scheme followed by "//" (`git://`, `svn+ssh://`: the "//" is the strong
/// sign), one of [`EXTRACTED_SCHEMES`] that the documents also write without
/// it (`mailto:`, `news:`, `man:`, `info:`, `file:`...), or any at all with
/// `any_scheme`. A scheme the documents write only with "//" (`http:x`) is
/// not taken without it, nor a word before a colon (`xml:lang`, `file:line`
/// aside, which `file:` takes).
fn takes(scheme: &str, text: &str, options: &ExtractOptions) -> bool {
    // `mirror+file:` and `git+ssh:` are written as the scheme after the "+".
    let base = scheme.rsplit('+').next().unwrap_or(scheme);
    let is = |list: &[&str]| list.iter().any(|known| known.eq_ignore_ascii_case(base));
    options.any_scheme
        || text[scheme.len() + 1..].starts_with("//")
        || (is(&EXTRACTED_SCHEMES) && !is(&WRITTEN_WITH_SLASHES))
}

/// Whether what follows `scheme:` is more than nothing or a bare "//": prose
/// that names a scheme ("the news: scheme", "http://") is no URL, and neither
/// is a template whose host was lost ("http://:/" where the text had
/// `http://<host>:<port>/`).
fn has_schemepart(part: &str) -> bool {
    !part.trim_start_matches('/').is_empty() && !part.starts_with("//:")
}

/// Line and column of an offset, counted on from the last offset asked for, so
/// that finding every URL of a text stays linear in its length, also when
/// the text is one long line.
#[derive(Default)]
struct Cursor {
    offset: usize,
    line: usize,
    /// Characters from the start of the line to `offset`.
    column: usize,
}

impl Cursor {
    fn advance(&mut self, text: &str, offset: usize) -> (usize, usize) {
        let passed = &text[self.offset..offset];
        match passed.rfind('\n') {
            Some(last) => {
                self.line += memchr::memchr_iter(b'\n', passed.as_bytes()).count();
                self.column = passed[last + 1..].chars().count();
            }
            None => self.column += passed.chars().count(),
        }
        self.offset = offset;
        (self.line + 1, self.column + 1)
    }
}

/// The URL in `content` after the Appendix's rules, checked.
fn finish<'t>(
    text: &'t str,
    span: Range<usize>,
    line: usize,
    column: usize,
    delimiter: Delimiter,
    content: String,
    spec: Spec,
) -> Extracted<'t> {
    let (mut url, mut alternative) = match delimiter {
        Delimiter::UrlPrefix | Delimiter::AngleBrackets => join_lines(&content, spec),
        Delimiter::Quotes | Delimiter::Bare => (content, None),
    };
    // RFC 1738 §2.2: "#" delimits a URL from a fragment that may follow it.
    let mut fragment = None;
    if spec.is_section5()
        && let Some(hash) = url.find('#')
    {
        fragment = Some(url[hash + 1..].to_owned());
        url.truncate(hash);
        if let Some(other) = &mut alternative
            && let Some(hash) = other.find('#')
        {
            other.truncate(hash);
        }
    }
    let error = Url::parse_with(&url, spec).err();
    Extracted {
        raw: &text[span.clone()],
        span,
        line,
        column,
        delimiter,
        url,
        alternative,
        fragment,
        error,
        replaced: false,
    }
}

/// The Appendix's rule for wrapped URLs: whitespace inside is ignored, and a
/// line break right after a hyphen leaves the hyphen open; after a hyphen
/// that groff set (U+2010, or a soft hyphen) it drops the hyphen. Returns the reading
/// that parses (with the hyphen when both do) and the other one, if any.
fn join_lines(content: &str, spec: Spec) -> (String, Option<String>) {
    let mut with_hyphen = String::with_capacity(content.len());
    let mut without_hyphen = String::with_capacity(content.len());
    let mut ambiguous = false;
    let mut chars = content.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_whitespace() {
            continue;
        }
        let breaks_after = matches!(c, '-' | '\u{2010}' | '\u{ad}') && {
            let mut ahead = chars.clone();
            let mut saw_newline = false;
            while let Some(&next) = ahead.peek() {
                if !next.is_whitespace() {
                    break;
                }
                saw_newline |= next == '\n';
                ahead.next();
            }
            saw_newline && ahead.peek().is_some()
        };
        if breaks_after && c != '-' {
            // A hyphen that groff set at a line break (U+2010, or a soft
            // hyphen) was typeset, not written: no question.
            continue;
        }
        with_hyphen.push(c);
        if breaks_after {
            ambiguous = true;
        } else {
            without_hyphen.push(c);
        }
    }
    if !ambiguous {
        return (with_hyphen, None);
    }
    if Url::parse_with(&with_hyphen, spec).is_err()
        && Url::parse_with(&without_hyphen, spec).is_ok()
    {
        (without_hyphen, Some(with_hyphen))
    } else {
        (with_hyphen, Some(without_hyphen))
    }
}
