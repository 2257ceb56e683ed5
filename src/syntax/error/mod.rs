//! [`ParseError`]: where an input leaves the language, what the grammar expected
//! there, and what would fix it. This file holds the public types and their
//! accessors; how each part is worked out is in the files beside it.

use std::fmt;
use std::sync::OnceLock;

use crate::syntax::fix::Fix;
use crate::syntax::rules::GrammarRule;
use crate::syntax::scheme::Scheme;
use crate::syntax::spec::Spec;

mod advice;
mod excerpt;
#[cfg(feature = "pest-reference")]
mod from_pest;
mod help;
mod report;

use advice::Advice;
pub use excerpt::Excerpt;
use excerpt::{Details, line_and_column};
use report::{Report, report_of};

/// Why an input is not a URL under a specification: the first byte at which it
/// leaves the language of the BNF, and what the grammar expected there.
///
/// `Display` is one line: what was judged, the byte offset and the message.
/// The alternate form, `{:#}`, adds the input with a caret under that byte,
/// a help line, and the fix where there is one.
///
/// ```
/// use rfc1738::{Expected, Found, Url};
///
/// let err = Url::parse("http://host:/x").unwrap_err();
/// assert_eq!((err.offset(), err.line(), err.column()), (12, 1, 13));
/// assert_eq!(err.found(), Found::Char('/'));
/// assert!(matches!(err.expected(), [Expected::Rule(rule)] if rule.name() == "port"));
/// assert_eq!(
///     err.to_string(),
///     "invalid http URL (RFC 1738) at byte 12: expected a port number (`port = digits`), found '/'",
/// );
/// assert_eq!(
///     format!("{err:#}"),
///     "invalid http URL (RFC 1738) at byte 12: expected a port number (`port = digits`), found '/'\n\
///      \x20 http://host:/x\n\
///      \x20             ^\n\
///      \x20 help: remove the ':' or write a port number; valid under `--spec rfc2396` and `--spec rfc3986`\n\
///      \x20 fix: http://host/x",
/// );
/// ```
///
/// A `ParseError` is one pointer, so that a `Result<Url, ParseError>` is no
/// larger than a `Url`. It holds a copy of the input, and works the report
/// out (what the grammar expected, the help line, the excerpt) the first
/// time something asks for any of it: a caller that only needs to know
/// that the input is no URL does not pay for the report. Asking is
/// thread-safe, and the answer is the same every time. (`Url::is_valid`
/// gives the verdict without even the copy.)
#[derive(Clone, thiserror::Error)]
pub struct ParseError(Box<Inner>);

#[derive(Clone)]
struct Inner {
    /// The input as the excerpt shows it (U+FFFD for bytes that are not
    /// UTF-8): what the report and its details are worked out from.
    text: Box<str>,
    /// How the input was judged, until the report is worked out; `None`
    /// for a report made ready.
    pending: Option<(Spec, Judged)>,
    /// How the input was judged, for the fix and the other specifications.
    judged: Judged,
    /// The input's bytes where they are not UTF-8 (the text has U+FFFD for
    /// them, so no rewrite of the text keeps them): what a fix starts from.
    bytes: Option<Box<[u8]>>,
    report: OnceLock<Report>,
    /// What only a person reads (the line and column, the excerpt), worked
    /// out the first time it is asked for, after the report.
    details: OnceLock<Details>,
    /// The help, the fix and the other specifications that take the input,
    /// worked out the first time one of them is asked for.
    advice: OnceLock<Advice>,
}

/// Which rule judged an input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Judged {
    /// A URL of `Url::parse_with`: its scheme's rule, or the generic form
    /// (under RFC 2396, an absolute URI, or uri(7)'s form of its scheme).
    Url,
    /// A URI reference of `UriRef::parse`.
    UriReference,
}

impl PartialEq for ParseError {
    fn eq(&self, other: &ParseError) -> bool {
        self.report() == other.report()
            && self.details() == other.details()
            && self.advice() == other.advice()
    }
}

impl Eq for ParseError {}

impl fmt::Debug for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("ParseError")
            .field(self.report())
            .field(self.details())
            .field(self.advice())
            .finish()
    }
}

/// Something the grammar would have accepted where the input went wrong.
///
/// ```
/// use rfc1738::{Expected, Url};
///
/// let err = Url::parse("http:0").unwrap_err();
/// assert_eq!(err.expected(), [Expected::Literal("http://".into())]);
/// assert_eq!(err.offset(), 5);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Expected {
    /// More of, or the start of, a rule of the grammar.
    Rule(GrammarRule),
    /// A literal of the grammar, such as `"/"` or `";type="`.
    Literal(String),
    /// The end of the URL.
    End,
}

/// The short, stable [`name`](Expected::name): the BNF rule name, the
/// literal in double quotes, or `EOI`.
///
/// ```
/// let err = rfc1738::Url::parse("ftp://host:/x").unwrap_err();
/// let names: Vec<String> = err.expected().iter().map(ToString::to_string).collect();
/// assert_eq!(names, ["port", "password", "\"@\""]);
/// ```
impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expected::Rule(rule) => f.write_str(rule.name()),
            Expected::Literal(literal) => write!(f, "\"{literal}\""),
            Expected::End => f.write_str("EOI"),
        }
    }
}

impl Expected {
    /// The text itself, without quotes: a rule's name, a literal as it is,
    /// or the empty string for the end of the input (as JSON's
    /// `expected_items` give it).
    ///
    /// ```
    /// use rfc1738::{Expected, Url};
    ///
    /// let err = Url::parse("http:0").unwrap_err();
    /// assert_eq!(err.expected()[0].text(), "http://");
    /// assert_eq!(err.expected()[0].name(), "\"http://\"");
    /// assert_eq!(Expected::End.text(), "");
    /// ```
    #[must_use]
    pub fn text(&self) -> &str {
        match self {
            Expected::Rule(rule) => rule.name(),
            Expected::Literal(literal) => literal,
            Expected::End => "",
        }
    }

    /// A short, stable name: the BNF rule name, the literal in double quotes, or
    /// `EOI` for the end.
    ///
    /// ```
    /// use rfc1738::Expected;
    ///
    /// assert_eq!(Expected::Literal("/".into()).name(), "\"/\"");
    /// assert_eq!(Expected::End.name(), "EOI");
    /// ```
    #[must_use]
    pub fn name(&self) -> String {
        match self {
            Expected::Rule(rule) => rule.name().to_owned(),
            Expected::Literal(literal) => format!("\"{literal}\""),
            Expected::End => "EOI".to_owned(),
        }
    }

    /// How a message names it: the rule in words and its definition, the
    /// literal, or the end.
    fn describe(&self, spec: Spec) -> (&str, Option<&'static str>) {
        match self {
            Expected::Rule(rule) => (rule.description(), Some(rule.definition(spec))),
            Expected::Literal(literal) => (literal, None),
            Expected::End => ("the end of the URL", None),
        }
    }

    fn write_description(&self, spec: Spec, out: &mut impl fmt::Write) -> fmt::Result {
        match self.describe(spec) {
            (words, Some(definition)) => write!(out, "{words} (`{definition}`)"),
            (literal, None) if matches!(self, Expected::Literal(_)) => write!(out, "\"{literal}\""),
            (words, None) => out.write_str(words),
        }
    }
}

/// What stood where the grammar expected something else.
///
/// ```
/// use rfc1738::{Found, Spec, Url};
///
/// assert_eq!(Url::parse("ftp://h:").unwrap_err().found(), Found::End);
/// assert_eq!(Url::parse_bytes(b"ftp://h/\xc3", Spec::Rfc1738).unwrap_err().found(), Found::Byte(0xc3));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Found {
    /// A character.
    Char(char),
    /// A byte that does not begin valid UTF-8.
    Byte(u8),
    /// The end of the input.
    End,
}

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_to(f)
    }
}

impl Found {
    /// What [`Display`](fmt::Display) writes, into any writer: a printable
    /// ASCII character (most of what is found) without the formatting
    /// machinery, since every one-line diagnostic ends with it.
    fn write_to(&self, out: &mut impl fmt::Write) -> fmt::Result {
        match *self {
            // As `{:?}` writes them: quoted, with no escape.
            Found::Char(c) if c == ' ' || (c.is_ascii_graphic() && c != '\'' && c != '\\') => {
                out.write_char('\'')?;
                out.write_char(c)?;
                out.write_char('\'')
            }
            Found::Char(c) => write!(out, "{c:?}"),
            Found::Byte(byte) => write!(out, "byte 0x{byte:02X} (not UTF-8)"),
            Found::End => out.write_str("the end of the input"),
        }
    }
}

/// `value` in decimal, pushed onto `out`.
fn push_decimal(out: &mut String, mut value: usize) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (value % 10) as u8;
        value /= 10;
        if value == 0 {
            break;
        }
    }
    out.extend(digits[at..].iter().map(|&digit| char::from(digit)));
}

impl ParseError {
    /// The byte offset in the input of the first byte at which it leaves the
    /// language: the input up to there is the start of some URL, and no URL
    /// starts with the input up to and including it.
    ///
    /// ```
    /// let err = rfc1738::Url::parse("ftp://h/a b").unwrap_err();
    /// assert_eq!(err.offset(), 9);
    /// ```
    #[must_use]
    pub fn offset(&self) -> usize {
        self.report().offset
    }

    /// The line of [`offset`](Self::offset), from 1.
    ///
    /// ```
    /// let err = rfc1738::Url::parse("ftp://h/a\nb").unwrap_err();
    /// assert_eq!((err.line(), err.column()), (1, 10));
    /// ```
    #[must_use]
    pub fn line(&self) -> usize {
        // Without the excerpt, which the line and column do not need.
        match self.0.details.get() {
            Some(details) => details.line,
            None => line_and_column(&self.0.text, self.offset()).0,
        }
    }

    /// The column of [`offset`](Self::offset) in characters, from 1.
    ///
    /// ```
    /// // Columns count characters, not bytes.
    /// let err = rfc1738::Url::parse("ftp://h/é").unwrap_err();
    /// assert_eq!((err.offset(), err.column()), (8, 9));
    /// let err = rfc1738::Url::parse("ftp://h/éé").unwrap_err();
    /// assert_eq!((err.offset(), err.column()), (8, 9));
    /// ```
    #[must_use]
    pub fn column(&self) -> usize {
        match self.0.details.get() {
            Some(details) => details.column,
            None => line_and_column(&self.0.text, self.offset()).1,
        }
    }

    /// The specification the input was judged by.
    ///
    /// ```
    /// use rfc1738::{Spec, Url};
    ///
    /// assert_eq!(Url::parse_with("x", Spec::Draft07).unwrap_err().spec(), Spec::Draft07);
    /// ```
    #[must_use]
    pub fn spec(&self) -> Spec {
        self.report().spec
    }

    /// The known scheme whose rule judged the input; `None` when it was the
    /// generic form.
    ///
    /// ```
    /// use rfc1738::{Scheme, Url};
    ///
    /// assert_eq!(Url::parse("http:0").unwrap_err().scheme(), Some(Scheme::Http));
    /// assert_eq!(Url::parse("no-colon").unwrap_err().scheme(), None);
    /// ```
    #[must_use]
    pub fn scheme(&self) -> Option<Scheme> {
        self.report().scheme
    }

    /// The input that was refused, as the error shows it: bytes that are not
    /// UTF-8 are U+FFFD here ([`found`](Self::found) names the first).
    /// [`offset`](Self::offset) counts in the input as given, which this
    /// equals where the input was UTF-8.
    ///
    /// ```
    /// use rfc1738::{Spec, Url};
    ///
    /// let errors: Vec<_> = ["http://h/a b", "ftp://h:x/"]
    ///     .iter()
    ///     .filter_map(|url| Url::parse(url).err())
    ///     .collect();
    /// assert_eq!(errors[1].input(), "ftp://h:x/");
    /// let err = Url::parse_bytes(b"http://h/caf\xE9", Spec::Rfc1738).unwrap_err();
    /// assert_eq!(err.input(), "http://h/caf\u{FFFD}");
    /// ```
    #[must_use]
    pub fn input(&self) -> &str {
        &self.0.text
    }

    /// The scheme as the input writes it, known to this crate or not: the
    /// letters, digits, "+", "-" and "." before the input's first ":", as
    /// the specification's `scheme` reads them (Section 5's in either case;
    /// under RFC 2396 and RFC 3986 a letter first); `None` where the input
    /// starts with none. Where [`scheme`](Self::scheme) names the rule that
    /// judged the input, this says what the input claims to be, for
    /// grouping inputs by scheme.
    ///
    /// ```
    /// use rfc1738::{Spec, Url};
    ///
    /// let err = Url::parse("https://example.com/a#top").unwrap_err();
    /// assert_eq!((err.scheme(), err.written_scheme()), (None, Some("https")));
    /// assert_eq!(Url::parse("HTTP://h/a b").unwrap_err().written_scheme(), Some("HTTP"));
    /// assert_eq!(Url::parse("1x:a b").unwrap_err().written_scheme(), Some("1x"));
    /// let err = Url::parse_with("1x:a b", Spec::Rfc3986).unwrap_err();
    /// assert_eq!(err.written_scheme(), None);
    /// assert_eq!(Url::parse("ht tp://h/").unwrap_err().written_scheme(), None);
    /// ```
    #[must_use]
    pub fn written_scheme(&self) -> Option<&str> {
        let text = &*self.0.text;
        // Section 5's `scheme` class, in either case.
        let end = text
            .bytes()
            .position(|b| !crate::syntax::charclass::scheme_char(b.to_ascii_lowercase()))?;
        let letter_first = !self.spec_as_judged().is_section5();
        (end > 0
            && text.as_bytes()[end] == b':'
            && (!letter_first || text.as_bytes()[0].is_ascii_alphabetic()))
        .then(|| &text[..end])
    }

    /// The specification that judged the input, without working out the
    /// report where it is still pending.
    fn spec_as_judged(&self) -> Spec {
        match self.0.pending {
            Some((spec, _)) => spec,
            None => self.report().spec,
        }
    }

    /// What the grammar would have accepted at [`offset`](Self::offset).
    ///
    /// ```
    /// use rfc1738::{Expected, Url};
    ///
    /// let err = rfc1738::Url::parse("http://h/a b").unwrap_err();
    /// let names: Vec<String> = err.expected().iter().map(Expected::name).collect();
    /// assert_eq!(names, ["hsegment", "\"/\"", "\"?\"", "EOI"]);
    /// ```
    #[must_use]
    pub fn expected(&self) -> &[Expected] {
        &self.report().expected.items
    }

    /// What stood there instead.
    ///
    /// ```
    /// use rfc1738::{Found, Url};
    ///
    /// assert_eq!(Url::parse("http://h/a b").unwrap_err().found(), Found::Char(' '));
    /// ```
    #[must_use]
    pub fn found(&self) -> Found {
        self.report().found
    }

    /// Whether the input was refused because its rules nest deeper than the
    /// reader goes, not because it breaks the grammar: the input may be
    /// valid. The reader nests at most 1,000 rules (an LDAP filter, the one
    /// rule that nests, 248 parentheses deep), and stops earlier
    /// when less than 128 KiB of the thread's stack is left. The error's
    /// offset is where it stopped.
    ///
    /// ```
    /// use rfc1738::{Spec, Url};
    ///
    /// let deep = format!("ldap://h/??sub?{}(cn=x){}", "(&".repeat(2000), ")".repeat(2000));
    /// let error = Url::parse_with(&deep, Spec::Rfc2396).unwrap_err();
    /// assert!(error.is_nesting_limit());
    /// assert_eq!(error.message(), "nested deeper than the reader goes, at '&'");
    /// assert!(!Url::parse("http://user@host/").unwrap_err().is_nesting_limit());
    /// ```
    #[must_use]
    pub fn is_nesting_limit(&self) -> bool {
        self.report().nesting_limit
    }

    /// The rule the error is filed under: the first rule expected, or else
    /// the scheme's own rule (`httpurl` when `"http://"` was misspelt,
    /// `http-uri` under RFC 2396 and RFC 3986), `EOI` when only the end was
    /// expected, `nesting-limit` for [`is_nesting_limit`](Self::is_nesting_limit).
    /// The command line's JSON gives it as the error's `rule` (as
    /// [`ParseError`]'s `Serialize` does), and `--summary` counts errors by
    /// it (`by_error_rule`).
    ///
    /// ```
    /// use rfc1738::Url;
    ///
    /// assert_eq!(Url::parse("nntp://h/grp/x").unwrap_err().rule(), "digits");
    /// assert_eq!(Url::parse("http:0").unwrap_err().rule(), "httpurl");
    /// ```
    #[must_use]
    pub fn rule(&self) -> String {
        if self.is_nesting_limit() {
            return "nesting-limit".to_owned();
        }
        let rule = self.expected().iter().find_map(|item| match item {
            Expected::Rule(rule) => Some(rule.name().to_owned()),
            _ => None,
        });
        let uri = matches!(self.spec(), Spec::Rfc2396 | Spec::Rfc3986);
        rule.unwrap_or_else(|| match (self.expected(), self.scheme()) {
            ([Expected::End], _) => "EOI".to_owned(),
            (_, Some(scheme)) if uri => format!("{}-uri", scheme.name()),
            (_, Some(scheme)) => format!("{}url", scheme.name()),
            (_, None) if uri => "absoluteURI".to_owned(),
            (_, None) => "genericurl".to_owned(),
        })
    }

    /// The message, without the excerpt: `expected ..., found ...`.
    ///
    /// ```
    /// let err = rfc1738::Url::parse("nntp://h/grp/x").unwrap_err();
    /// assert_eq!(err.message(), "expected a decimal number (`digits = 1*digit`), found 'x'");
    /// ```
    #[must_use]
    pub fn message(&self) -> String {
        let mut message = String::with_capacity(LINE_CAPACITY);
        let _ = self.write_message(&mut message);
        message
    }

    fn write_message(&self, out: &mut impl fmt::Write) -> fmt::Result {
        if self.report().nesting_limit {
            out.write_str("nested deeper than the reader goes, at ")?;
            return write!(out, "{}", self.report().found);
        }
        let report = self.report();
        let phrase = report.expected.phrase_under(report.spec, |items, out| {
            let _ = write_expected(items, report.spec, out);
        });
        out.write_str(&phrase)?;
        out.write_str(", found ")?;
        report.found.write_to(out)
    }

    /// A suggested fix, where there is an obvious one.
    ///
    /// ```
    /// let err = rfc1738::Url::parse("http://host/~user").unwrap_err();
    /// assert_eq!(
    ///     err.help(),
    ///     Some("encode '~' as %7E: RFC 1738 does not allow it; \
    ///           valid under `--spec draft07`, `--spec rfc2396` and `--spec rfc3986`")
    /// );
    /// ```
    #[must_use]
    pub fn help(&self) -> Option<&str> {
        self.advice().help.as_deref()
    }

    /// A rewrite of the input that the same specification takes, where the
    /// usual repairs make one: an escape, a host in punycode, whitespace or
    /// enclosing brackets removed, a fragment set apart. The grammar checks
    /// every fix before it is given; the help says what it removes. Bytes
    /// that are not UTF-8 (Latin-1 text) are escaped by their values, and
    /// the edits are then in the input's bytes.
    ///
    /// ```
    /// use rfc1738::{Spec, Url};
    ///
    /// let err = Url::parse("http://bücher.de/").unwrap_err();
    /// assert_eq!(err.fix().map(|fix| fix.text()), Some("http://xn--bcher-kva.de/"));
    /// let err = Url::parse_bytes(b"http://h/caf\xe9", Spec::Rfc1738).unwrap_err();
    /// assert_eq!(err.fix().map(|fix| fix.text()), Some("http://h/caf%E9"));
    /// ```
    #[must_use]
    pub fn fix(&self) -> Option<&Fix> {
        self.advice().fix.as_ref()
    }

    /// The other specifications whose grammar takes the input as it is, read
    /// the same way (a URL, or a URI reference), in [`Spec::ALL`]'s order.
    ///
    /// ```
    /// use rfc1738::{Spec, Url};
    ///
    /// let err = Url::parse("http://host/~user").unwrap_err();
    /// assert_eq!(err.valid_under(), [Spec::Draft07, Spec::Rfc2396, Spec::Rfc3986]);
    /// ```
    #[must_use]
    pub fn valid_under(&self) -> &[Spec] {
        &self.advice().valid_under
    }

    /// The report, worked out the first time it is asked for.
    fn report(&self) -> &Report {
        self.0.report.get_or_init(|| match self.0.pending {
            Some((spec, judged)) => report_of(&self.0.text, spec, judged),
            None => unreachable!("a ParseError without a report holds what it is worked out from"),
        })
    }

    /// The details, worked out the first time they are asked for.
    fn details(&self) -> &Details {
        self.0
            .details
            .get_or_init(|| Details::of(&self.0.text, self.report()))
    }

    /// The advice, worked out the first time it is asked for.
    fn advice(&self) -> &Advice {
        self.0.advice.get_or_init(|| {
            Advice::of(
                &self.0.text,
                self.0.judged,
                self.0.bytes.as_deref(),
                self.report(),
            )
        })
    }

    /// The error for `input`, which the grammar of `spec` does not take, as
    /// `judged`; its report is worked out when it is asked for.
    pub(crate) fn pending(input: &str, spec: Spec, judged: Judged) -> ParseError {
        ParseError(Box::new(Inner {
            text: input.into(),
            pending: Some((spec, judged)),
            judged,
            bytes: None,
            report: OnceLock::new(),
            details: OnceLock::new(),
            advice: OnceLock::new(),
        }))
    }

    /// The error `report` makes of `text`, judged as `judged`.
    fn ready(text: &str, report: Report, judged: Judged, bytes: Option<&[u8]>) -> ParseError {
        ParseError(Box::new(Inner {
            text: text.into(),
            pending: None,
            judged,
            bytes: bytes.map(Box::from),
            report: OnceLock::from(report),
            details: OnceLock::new(),
            advice: OnceLock::new(),
        }))
    }

    pub(crate) fn invalid_utf8(input: &[u8], valid_up_to: usize, spec: Spec) -> ParseError {
        ParseError::invalid_utf8_as(input, valid_up_to, spec, Judged::Url)
    }

    /// [`invalid_utf8`](Self::invalid_utf8), judged as `judged`.
    pub(crate) fn invalid_utf8_as(
        input: &[u8],
        valid_up_to: usize,
        spec: Spec,
        judged: Judged,
    ) -> ParseError {
        let prefix = String::from_utf8_lossy(&input[..valid_up_to]);
        // DEL belongs to no rule: the probe fails where the valid prefix stops
        // being the start of a URL, at its end at the latest.
        let probe = format!("{prefix}\u{7f}");
        let mut error = report_of(&probe, spec, judged);
        let lossy = String::from_utf8_lossy(input);
        // Where the reader stopped at its nesting limit, that is the error.
        if error.offset < valid_up_to || error.nesting_limit {
            // The help is the probe's; the excerpt shows the input.
            if error.fixed_help.is_none() {
                error.fixed_help = Some(help::of(
                    &probe,
                    spec,
                    error.scheme,
                    error.offset,
                    &error.expected.items,
                    error.found,
                    judged,
                ));
            }
            return ParseError::ready(&lossy, error, judged, Some(input));
        }
        let mut error = Report::new(
            spec,
            error.scheme,
            valid_up_to,
            error.expected,
            Found::Byte(input[valid_up_to]),
        );
        error.fixed_help = Some(Some(
            "a URL is written in ASCII: encode each byte as %XX where escapes are allowed"
                .to_owned(),
        ));
        ParseError::ready(&lossy, error, judged, Some(input))
    }
}

/// `expected ...`: what `items` name, under `spec`, an item described as
/// the one before it said once.
fn write_expected(items: &[Expected], spec: Spec, out: &mut impl fmt::Write) -> fmt::Result {
    let mut said: Vec<&Expected> = Vec::with_capacity(items.len());
    for item in items {
        if said
            .last()
            .is_none_or(|last| last.describe(spec) != item.describe(spec) || !same_kind(last, item))
        {
            said.push(item);
        }
    }
    out.write_str("expected ")?;
    match said.as_slice() {
        // pest's record can hold no token at its furthest position.
        [] => out.write_str("something else"),
        [init @ .., last] => {
            for (i, item) in init.iter().enumerate() {
                if i > 0 {
                    out.write_str(", ")?;
                }
                item.write_description(spec, out)?;
            }
            if !init.is_empty() {
                out.write_str(" or ")?;
            }
            last.write_description(spec, out)
        }
    }
}

/// One line, as a log line wants it: what was judged, by which
/// specification, the byte offset and the message. The alternate form
/// (`{:#}`) adds the input with a caret under that byte, the help line
/// where there is one, and the fix where there is one.
///
/// ```
/// let err = rfc1738::Url::parse("ftp://host:/x").unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "invalid ftp URL (RFC 1738) at byte 11: expected a port number (`port = digits`), \
///      a password (`password = *[ uchar | \";\" | \"?\" | \"&\" | \"=\" ]`) or \"@\", found '/'",
/// );
/// assert_eq!(
///     format!("{err:#}"),
///     format!(
///         "{err}\n  ftp://host:/x\n             ^\n  help: remove the ':' or write a port number; \
///          valid under `--spec rfc2396` and `--spec rfc3986`\n  fix: ftp://host/x"
///     ),
/// );
/// ```
impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let report = self.report();
        let noun = if matches!(report.spec, Spec::Rfc2396 | Spec::Rfc3986) {
            "URI"
        } else {
            "URL"
        };
        let title = report.spec.title();
        // The line is written whole, in one piece: the `String` of a
        // `to_string` then grows once, not at each piece (growing took
        // half the time of a `to_string` of a worked-out report).
        // Its pieces are pushed, not formatted: `write!` cost as much as
        // the rest of the line.
        let mut line = String::with_capacity(LINE_CAPACITY);
        line.push_str("invalid ");
        if let Some(scheme) = report.scheme {
            line.push_str(scheme.name());
            line.push(' ');
        }
        for piece in [noun, " (", title, ") at byte "] {
            line.push_str(piece);
        }
        push_decimal(&mut line, report.offset);
        line.push_str(": ");
        self.write_message(&mut line)?;
        f.write_str(&line)?;
        if f.alternate() {
            let details = self.details();
            write!(
                f,
                "\n  {}\n  {:>width$}",
                details.excerpt.text(),
                "^",
                width = details.caret + 1
            )?;
            if let Some(help) = &self.advice().help {
                write!(f, "\n  help: {help}")?;
            }
            if let Some(fix) = &self.advice().fix {
                write!(f, "\n  fix: {}", fix.text())?;
            }
        }
        Ok(())
    }
}

/// Room for most one-line diagnostics, and for their messages: written
/// into a `String` this large, they do not make it grow.
const LINE_CAPACITY: usize = 256;

/// Whether two items are both rules, both literals or both the end.
fn same_kind(a: &Expected, b: &Expected) -> bool {
    std::mem::discriminant(a) == std::mem::discriminant(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_found_character_is_written_as_debug_writes_it() {
        let unicode = [
            '\u{80}', '\u{a0}', 'é', '\u{200b}', '\u{301}', '😀', '\u{feff}',
        ];
        for c in (0..=0x7f).map(char::from).chain(unicode) {
            assert_eq!(Found::Char(c).to_string(), format!("{c:?}"), "{c:?}");
        }
        assert_eq!(Found::Byte(0xe9).to_string(), "byte 0xE9 (not UTF-8)");
        assert_eq!(Found::End.to_string(), "the end of the input");
    }

    #[test]
    fn offsets_are_pushed_in_decimal() {
        for value in [0, 7, 9, 10, 99, 100, 12_345, usize::MAX] {
            let mut out = String::from("at ");
            push_decimal(&mut out, value);
            assert_eq!(out, format!("at {value}"));
        }
    }
}
