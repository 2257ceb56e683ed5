//! [`ParseError`]: where an input leaves the language, what the grammar expected
//! there, and what would fix it.

use std::borrow::Cow;
use std::fmt;
use std::sync::OnceLock;

use pest::error::{ErrorVariant, InputLocation};

use crate::syntax::fix::{self, Fix};
use crate::syntax::grammar::{Node, SpecRule};
use crate::syntax::rules::GrammarRule;
use crate::syntax::scheme::Scheme;
use crate::syntax::spec::Spec;
use crate::syntax::tracking::{self, Attempts, Compiled, Token};

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
    /// The text stands for bytes that are not UTF-8 (U+FFFD for them): no
    /// rewrite of it keeps the input's bytes.
    lossy: bool,
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

/// What a [`ParseError`] says.
#[derive(Clone, Debug)]
struct Report {
    spec: Spec,
    scheme: Option<Scheme>,
    offset: usize,
    expected: Vec<Expected>,
    found: Found,
    /// The reader stopped at its nesting limit: see `ParseError::is_nesting_limit`.
    nesting_limit: bool,
    /// The help, where the report fixes it; `None`: worked out from the
    /// text with the details.
    fixed_help: Option<Option<String>>,
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

/// What a person reads of a [`ParseError`] beside its report.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Details {
    line: usize,
    column: usize,
    excerpt: Excerpt,
}

impl Details {
    fn of(text: &str, report: &Report) -> Details {
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

/// What a [`ParseError`] advises: the help line, the checked fix, and the
/// other specifications that take the input as it is.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Advice {
    help: Option<String>,
    fix: Option<Fix>,
    valid_under: Vec<Spec>,
}

impl Advice {
    fn of(text: &str, judged: Judged, lossy: bool, report: &Report) -> Advice {
        let spec = report.spec;
        let judged = if spec.is_section5() {
            Judged::Url
        } else {
            judged
        };
        let (fix, valid_under) = if lossy || report.nesting_limit {
            (None, Vec::new())
        } else {
            (
                fix::find(text, spec, judged),
                fix::valid_under(text, spec, judged),
            )
        };
        let base = match &report.fixed_help {
            Some(help) => help.clone(),
            None => help(
                text,
                spec,
                report.scheme,
                report.offset,
                &report.expected,
                report.found,
                judged,
            ),
        };
        let help = teach(base, fix.as_ref(), &valid_under, judged);
        Advice {
            help,
            fix,
            valid_under,
        }
    }
}

/// The help line: the help of the error's kind, or where there is none what
/// the fix does; what the fix removes, always; then the specifications that
/// would take the input as it is.
fn teach(
    base: Option<String>,
    fix: Option<&Fix>,
    valid_under: &[Spec],
    judged: Judged,
) -> Option<String> {
    let mut parts: Vec<String> = Vec::new();
    match (base, fix) {
        (Some(base), Some(fix)) => {
            parts.push(base);
            parts.extend(fix.removals().map(str::to_owned));
        }
        (Some(base), None) => parts.push(base),
        (None, Some(fix)) => parts.push(fix.description()),
        (None, None) => {}
    }
    if !valid_under.is_empty() {
        let reference = if judged == Judged::UriReference {
            " --reference"
        } else {
            ""
        };
        let names: Vec<String> = valid_under
            .iter()
            .map(|spec| format!("`--spec {}{reference}`", spec.name()))
            .collect();
        let listed = match names.as_slice() {
            [init @ .., last] if !init.is_empty() => format!("{} and {last}", init.join(", ")),
            _ => names.concat(),
        };
        parts.push(format!("valid under {listed}"));
    }
    (!parts.is_empty()).then(|| parts.join("; "))
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
        match self {
            Found::Char(c) => write!(f, "{:?}", c),
            Found::Byte(byte) => write!(f, "byte 0x{byte:02X} (not UTF-8)"),
            Found::End => f.write_str("the end of the input"),
        }
    }
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
        self.details().line
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
        self.details().column
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
        &self.report().expected
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
    /// valid. The reader nests at most 1,000 rules (an LDAP filter's
    /// parentheses, the one rule that nests, 995 deep), and stops earlier
    /// when less than 128 KiB of the thread's stack is left. The error's
    /// offset is where it stopped.
    ///
    /// ```
    /// use rfc1738::{Spec, Url};
    ///
    /// let deep = format!("ldap://h/??sub?{}(cn=x){}", "(&".repeat(2000), ")".repeat(2000));
    /// let error = Url::parse_with(&deep, Spec::Rfc2396).unwrap_err();
    /// assert!(error.is_nesting_limit());
    /// assert_eq!(error.message(), "nested deeper than the reader goes, at '('");
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
    /// The command line's JSON gives it as `error_rule`.
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
        let mut message = String::new();
        let _ = self.write_message(&mut message);
        message
    }

    fn write_message(&self, out: &mut impl fmt::Write) -> fmt::Result {
        if self.report().nesting_limit {
            out.write_str("nested deeper than the reader goes, at ")?;
            return write!(out, "{}", self.report().found);
        }
        let spec = self.report().spec;
        // An item described as the one before it is said once.
        let mut items: Vec<&Expected> = Vec::with_capacity(self.report().expected.len());
        for item in &self.report().expected {
            if items.last().is_none_or(|last| {
                last.describe(spec) != item.describe(spec) || !same_kind(last, item)
            }) {
                items.push(item);
            }
        }
        out.write_str("expected ")?;
        match items.as_slice() {
            [] => out.write_str("nothing more")?,
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
                last.write_description(spec, out)?;
            }
        }
        write!(out, ", found {}", self.report().found)
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
    /// every fix before it is given; the help says what it removes.
    ///
    /// ```
    /// let err = rfc1738::Url::parse("http://bücher.de/").unwrap_err();
    /// assert_eq!(err.fix().map(|fix| fix.text()), Some("http://xn--bcher-kva.de/"));
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
        self.0
            .advice
            .get_or_init(|| Advice::of(&self.0.text, self.0.judged, self.0.lossy, self.report()))
    }

    /// The error for `input`, which the grammar of `spec` does not take, as
    /// `judged`; its report is worked out when it is asked for.
    pub(crate) fn pending(input: &str, spec: Spec, judged: Judged) -> ParseError {
        ParseError(Box::new(Inner {
            text: input.into(),
            pending: Some((spec, judged)),
            judged,
            lossy: false,
            report: OnceLock::new(),
            details: OnceLock::new(),
            advice: OnceLock::new(),
        }))
    }

    /// The error `report` makes of `text`, judged as `judged`.
    fn ready(text: &str, report: Report, judged: Judged, lossy: bool) -> ParseError {
        ParseError(Box::new(Inner {
            text: text.into(),
            pending: None,
            judged,
            lossy,
            report: OnceLock::from(report),
            details: OnceLock::new(),
            advice: OnceLock::new(),
        }))
    }

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
            false,
        ))
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
                error.fixed_help = Some(help(
                    &probe,
                    spec,
                    error.scheme,
                    error.offset,
                    &error.expected,
                    error.found,
                    judged,
                ));
            }
            return ParseError::ready(&lossy, error, judged, true);
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
        ParseError::ready(&lossy, error, judged, true)
    }
}

/// The report of `input`, which the grammar of `spec` does not take, as
/// `judged`.
fn report_of(input: &str, spec: Spec, judged: Judged) -> Report {
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
    fn from_attempts<R: Compiled>(
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

    fn new(
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
        match report.scheme {
            Some(scheme) => write!(f, "invalid {scheme} {noun} ({title})")?,
            None => write!(f, "invalid {noun} ({title})")?,
        }
        write!(f, " at byte {}: ", report.offset)?;
        self.write_message(f)?;
        if f.alternate() {
            let details = self.details();
            write!(
                f,
                "\n  {}\n  {:>width$}",
                details.excerpt.text,
                "^",
                width = details.excerpt.caret + 1
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

/// Whether two items are both rules, both literals or both the end.
fn same_kind(a: &Expected, b: &Expected) -> bool {
    std::mem::discriminant(a) == std::mem::discriminant(b)
}

/// The scheme's own literal among those expected (`"http://"`, `"news:"`).
fn scheme_literal(expected: &[Expected]) -> Option<&str> {
    expected.iter().find_map(|item| match item {
        Expected::Literal(literal)
            if literal.len() > 1
                && literal.starts_with(|c: char| c.is_ascii_alphabetic())
                && (literal.ends_with(':') || literal.ends_with("://")) =>
        {
            Some(literal.as_str())
        }
        _ => None,
    })
}

/// The host name label that ends at `offset`.
/// `text` as a help line quotes it: in double quotes, and shortened in the
/// middle past 60 characters, so that a help line stays a line whatever the
/// input.
fn quoted(text: &str) -> String {
    format!("{:?}", shortened(text))
}

/// `text`, shortened in the middle to 57 characters and "…" past 60.
fn shortened(text: &str) -> Cow<'_, str> {
    const KEEP: usize = 28;
    let count = text.chars().count();
    if count <= 2 * KEEP + 4 {
        return Cow::Borrowed(text);
    }
    let head: String = text.chars().take(KEEP).collect();
    let tail: String = text.chars().skip(count - KEEP).collect();
    Cow::Owned(format!("{head}…{tail}"))
}

fn last_label(input: &str, offset: usize) -> &str {
    let before = &input[..offset];
    let start = before.rfind(['.', '/', '@']).map_or(0, |i| i + 1);
    &before[start..]
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
        tokens,
        nesting_limit: None,
    })
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

/// The line around the error, made printable, and where the caret goes.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Excerpt {
    text: String,
    caret: usize,
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

/// A suggested fix for the error, where there is an obvious one.
fn help(
    input: &str,
    spec: Spec,
    scheme: Option<Scheme>,
    offset: usize,
    expected: &[Expected],
    found: Found,
    judged: Judged,
) -> Option<String> {
    let mut at = At {
        input,
        spec,
        scheme,
        offset,
        found,
        expected,
        takes_escapes: expected
            .iter()
            .any(|e| matches!(e, Expected::Rule(rule) if rule.takes_escapes(spec))),
        names_host: false,
        judged,
    };
    at.names_host = at.wants(Node::hostname) || at.wants(Node::inet_host);
    shape_help(at)
        .or_else(|| kind_help(at))
        .or_else(|| more_text_help(at))
}

/// The help of the error's kind: by the rule expected, what was found, and
/// the scheme.
fn kind_help(at: At<'_>) -> Option<String> {
    let At {
        input,
        spec,
        scheme,
        offset,
        found,
        expected,
        takes_escapes,
        ..
    } = at;
    let wants = |node: Node| at.wants(node);
    // The bytes between "://" and the next "/": where a login would be.
    let authority = input.find("://").map(|start| {
        let rest = &input[start + 3..];
        start + 3..start + 3 + rest.find('/').unwrap_or(rest.len())
    });
    let in_authority = authority.as_ref().is_some_and(|range| offset <= range.end);
    // A character that some rule takes as it is (`xchar`) is out of place
    // here, not unsafe: escaping it would change what it means (§2.2).
    let unsafe_char =
        |c: char| u8::try_from(c).is_ok_and(|byte| !crate::syntax::charclass::xchar(byte, spec));
    if spec == Spec::Rfc2396
        && let Some(help) = rfc2396_help(input, offset, expected, found)
    {
        return Some(help);
    }
    match found {
        _ if wants(Node::escape) || wants(Node::pct_encoded) => Some("'%' starts an escape and takes two hex digits: write %25 for a '%' itself".to_owned()),
        Found::Char(c) if c.is_whitespace() && input[offset..].trim().is_empty() => {
            Some("the text ends in whitespace, which is no part of a URL: remove it".to_owned())
        }
        Found::Char(':') | Found::End | Found::Char('/') if wants(Node::port) && input[..offset].ends_with(':') => {
            Some("remove the ':' or write a port number".to_owned())
        }
        _ if spec.is_section5() && scheme == Some(Scheme::Http) && in_authority && authority.is_some_and(|range| input[range].contains('@')) => {
            Some(format!(
                "http URLs take no user name or password in {}: `httpurl` takes `hostport`, not `login`",
                spec.title()
            ))
        }
        Found::Char('?') if scheme == Some(Scheme::Http) && in_authority => {
            Some("in an http URL the search follows a path: write '/?' instead of '?'".to_owned())
        }
        Found::Char('.') | Found::Char(':') | Found::Char('/') | Found::End
            if wants(Node::hostname) && input[..offset].ends_with('-') =>
        {
            Some("a host name label may not end with '-'".to_owned())
        }
        Found::Char(':') | Found::Char('/') | Found::End
            if spec == Spec::Rfc1738 && wants(Node::hostname) && last_label(input, offset).starts_with(|c: char| c.is_ascii_digit()) =>
        {
            Some(format!(
                "the last label of a host name starts with a letter (`toplabel`), and {} does not; a host number has four parts",
                quoted(last_label(input, offset))
            ))
        }
        Found::Char('/') if scheme == Some(Scheme::File) && spec == Spec::Draft07 && wants(Node::hostname) && input[..offset].ends_with("//") => {
            Some("draft-07 file URLs name a host (`fileurl = \"file://\" host [ \"/\" fpath ]`); `file:///path` is RFC 1738's form".to_owned())
        }
        _ if scheme.is_none() && wants(Node::scheme) && !input.contains(':') => Some(if spec == Spec::Rfc2396 {
            "a URI starts with its scheme and ':' (`absoluteURI = scheme \":\" ( hier_part | opaque_part )`), and this has no ':'".to_owned()
        } else if spec == Spec::Rfc3986 {
            "a URI starts with its scheme and ':' (`URI = scheme \":\" hier-part [ \"?\" query ] [ \"#\" fragment ]`), and this has no ':'; check it with --reference to take a relative reference".to_owned()
        } else {
            "a URL starts with its scheme and ':' (`genericurl = scheme \":\" schemepart`), and this has no ':'".to_owned()
        }),
        _ if offset > 0 && scheme.is_some() && scheme_literal(expected).is_some() => Some(format!(
            "{} URLs start with \"{}\"",
            scheme.map_or("", Scheme::name),
            scheme_literal(expected).unwrap_or_default()
        )),
        Found::Char(_) if scheme == Some(Scheme::Telnet) && expected == [Expected::End] => {
            Some("a telnet URL ends after the host and port and an optional '/' (`telneturl = \"telnet://\" login [ \"/\" ]`)".to_owned())
        }
        Found::End if expected.contains(&Expected::Literal("/".to_owned())) && in_authority => Some(format!(
            "the URL ends after the host, where {} takes a '/' and a path",
            scheme.map_or_else(|| "this form".to_owned(), |scheme| format!("{} {scheme} URL", crate::syntax::scheme::article(scheme.name())))
        )),
        _ if wants(Node::ftptype) => Some(
            "\";type=\" takes one letter: `a` (ASCII text), `i` (image: the bytes as they are) or `d` (a directory listing)".to_owned(),
        ),
        _ if wants(Node::digits) && scheme == Some(Scheme::Nntp) => Some(
            "an nntp URL names an article by its number in the group (`nntp://host/group/123`); a message ID goes in a news URL, `news:id@host`, without '<' and '>'".to_owned(),
        ),
        Found::Char(c) if takes_escapes && c.is_ascii() && crate::syntax::charclass::reserved(c as u8) => Some(format!(
            "{} is reserved (it delimits the parts of a URL) and cannot stand here as data: write %{:02X}",
            printed(c),
            c as u32
        )),
        Found::Char('#') if spec.is_section5() => Some(
            "'#' starts a fragment, which belongs to URI references (RFC 2396), not to URLs; write %23 if it is part of the URL"
                .to_owned(),
        ),
        Found::Char(c) if takes_escapes && c.is_ascii() && unsafe_char(c) => {
            Some(format!("encode {} as %{:02X}: {} does not allow it", printed(c), c as u32, spec.title()))
        }
        Found::Char(c) if takes_escapes && !c.is_ascii() => {
            let mut utf8 = [0; 4];
            let escapes: String = c.encode_utf8(&mut utf8).bytes().map(|b| format!("%{b:02X}")).collect();
            Some(format!("a URL is written in ASCII: encode '{c}' as escapes of its bytes ({escapes} in UTF-8)"))
        }
        _ => None,
    }
}

/// A character as a help quotes it: printable ASCII as it is (`'"'`,
/// `'\'`), anything else by its escape.
fn printed(c: char) -> String {
    if c.is_ascii_graphic() || c == ' ' {
        format!("'{c}'")
    } else {
        format!("'{}'", c.escape_default())
    }
}

/// The authority of `input` (between "//" and the next '/', '?' or '#'),
/// where it has one after its scheme, and where it starts.
fn authority_of(input: &str) -> Option<(usize, &str)> {
    let start = input.find("://")? + 3;
    if !input[..start - 3]
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
    {
        return None;
    }
    let rest = &input[start..];
    Some((
        start,
        &rest[..rest.find(['/', '?', '#', '\\']).unwrap_or(rest.len())],
    ))
}

/// Helps for the shapes that URLs of today take and these documents refuse,
/// the same under every specification: IP literals, empty hosts and ports,
/// host names with '_' or empty labels, Windows paths, scp's `user@host:path`.
/// Where an error is, as the helps of shapes read it.
#[derive(Clone, Copy)]
struct At<'a> {
    input: &'a str,
    spec: Spec,
    scheme: Option<Scheme>,
    offset: usize,
    found: Found,
    expected: &'a [Expected],
    /// A rule expected there takes escapes.
    takes_escapes: bool,
    /// A host name is expected there.
    names_host: bool,
    judged: Judged,
}

impl At<'_> {
    /// Whether the rule `node` is among those expected.
    fn wants(&self, node: Node) -> bool {
        self.expected
            .contains(&Expected::Rule(GrammarRule(node, self.spec)))
    }
}

fn shape_help(at: At<'_>) -> Option<String> {
    let At {
        input,
        spec,
        scheme,
        offset,
        found,
        names_host,
        ..
    } = at;
    let title = spec.title();
    let authority = authority_of(input);
    // The host and port of the authority: after the last '@'.
    let hostport = authority.map(|(start, text)| {
        let at = text.rfind('@').map_or(0, |at| at + 1);
        (start + at, &text[at..])
    });
    let in_hostport =
        hostport.is_some_and(|(start, text)| (start..=start + text.len()).contains(&offset));
    if input.is_empty() {
        return Some(
            "the input is empty: a URL has at least a scheme, ':' and what the scheme takes"
                .to_owned(),
        );
    }
    if let Found::Char(c) = found
        && fix::is_invisible(c)
    {
        return Some(format!(
            "U+{:04X} is an invisible character (copied text brings it along), no part of a URL: remove it",
            u32::from(c)
        ));
    }
    if offset == 0 && input.starts_with(char::is_whitespace) {
        return Some(
            "the text starts with whitespace, which is no part of a URL: remove it".to_owned(),
        );
    }
    if let Some(help) = text_help(at) {
        return Some(help);
    }
    // scp's and git's `user@host:path`.
    if !input.contains("://")
        && let Some((login, path)) = input.split_once(':')
        && let Some((user, host)) = login.split_once('@')
        && !user.is_empty()
        && !host.is_empty()
        && host
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.'))
        && found == Found::Char('@')
    {
        return Some(format!(
            "{} is scp's and git's way of naming a path over SSH, not a URL; as a URL it is `ssh://{login}/{}`",
            quoted(shortened(input).as_ref()),
            path.trim_start_matches('/')
        ));
    }
    // A Windows path: a drive letter, ':' and '\\'.
    if input.len() > 2 && input.as_bytes()[0].is_ascii_alphabetic() && input[1..].starts_with(":\\")
    {
        return Some(format!(
            "a Windows path, not a URL: as a file URL it is `file:///{}`",
            input.replace('\\', "/")
        ));
    }
    if found == Found::Char('\\') {
        return Some("'\\' separates nothing in a URL (Windows paths, and browsers that read them, use it): write '/'".to_owned());
    }
    if let Some(help) = scheme_form_help(input, scheme, offset, found) {
        return Some(help);
    }
    let (host_start, host_text) = hostport?;
    if !in_hostport {
        return None;
    }
    if host_text.starts_with('[') && spec != Spec::Rfc3986 {
        return Some(format!(
            "IP literals in brackets (`[::1]`, IPv6) came with RFC 2732 and RFC 3986; {title} names a host by a name or four decimal numbers"
        ));
    }
    if host_text.starts_with('[') && offset > host_start {
        return Some(
            "between '[' and ']' goes an IPv6 address (or a future IP version, `v1.x`); a host name goes without brackets".to_owned(),
        );
    }
    if host_text.matches(':').count() >= 2
        && host_text
            .bytes()
            .all(|b| b.is_ascii_hexdigit() || matches!(b, b':' | b'.'))
    {
        return Some(if spec == Spec::Rfc3986 {
            format!("an IPv6 address as a host goes in brackets: `[{host_text}]`")
        } else {
            format!(
                "an IPv6 address as a host goes in brackets, `[{host_text}]`, which RFC 3986 has and {title} does not"
            )
        });
    }
    if host_text.is_empty() || host_text.starts_with(':') {
        if scheme == Some(Scheme::File) && host_text.is_empty() {
            return None;
        }
        return Some(format!(
            "the host is empty: {title} names a host after \"//\" (a name such as `example.com`, or a number such as `192.0.2.1`)"
        ));
    }
    if host_text.contains('%') && (spec != Spec::Rfc3986 || names_host) {
        return Some(format!(
            "{title} takes no escapes in a host name: a host name holds letters, digits, '-' and '.'"
        ));
    }
    if host_text.contains(',') && host_text.contains(':') {
        return Some(format!(
            "one host a URL: a list of hosts, {}, is a convention of some database clients, not of the URL's syntax",
            quoted(host_text)
        ));
    }
    let (host, port) = match host_text.split_once(':') {
        Some((host, port)) => (host, Some(port)),
        None => (host_text, None),
    };
    if let Some(port) = port {
        if port.contains(':') {
            return Some(format!(
                "a host takes one port, and {} has {}",
                quoted(host_text),
                port.matches(':').count() + 1
            ));
        }
        if !port.bytes().all(|b| b.is_ascii_digit()) && offset > host_start + host.len() {
            return Some(format!(
                "a port is a decimal number (`port = digits`), and {} is none: the number the server listens on, such as 8080",
                quoted(port)
            ));
        }
    }
    if offset > host_start + host.len() {
        return None;
    }
    if !host.is_ascii() {
        return Some(format!(
            "a host name is written in ASCII: an internationalized name goes in punycode, as IDNA writes it{}",
            if spec == Spec::Rfc3986 {
                " (RFC 3986 §3.2.2), or as escapes of its UTF-8 bytes"
            } else {
                ""
            }
        ));
    }
    if let Some(underscore) = host.find('_') {
        return Some(format!(
            "a host name holds letters, digits, '-' and '.' (RFC 1034 §3.5), and {} holds '_' (at byte {}); an escape cannot stand in for it in a host name",
            quoted(host),
            host_start + underscore
        ));
    }
    if host.contains("..") || host.starts_with('.') {
        return Some(format!(
            "a host name has no empty label: {} has a '.' too many",
            quoted(host)
        ));
    }
    if host.starts_with('-') || host.contains(".-") {
        return Some("a host name label starts with a letter or a digit, not '-'".to_owned());
    }
    if scheme == Some(Scheme::File) && found == Found::Char(':') {
        return Some(
            "a file URL names a host without a port (`fileurl = \"file://\" [ host | \"localhost\" ] \"/\" fpath`)".to_owned(),
        );
    }
    match found {
        Found::Char(c) if c.is_whitespace() => Some(format!(
            "a host name holds no whitespace: {} has {} in it",
            quoted(host),
            printed(c)
        )),
        Found::Char(c)
            if offset < host_start + host.len()
                && !(c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '%')) =>
        {
            Some(format!(
                "a host name holds letters, digits, '-' and '.' (RFC 1034 §3.5), and {} is none of them; an escape cannot stand in for it",
                printed(c)
            ))
        }
        _ => None,
    }
}

/// Helps for text that is not a URL but holds one or stands for one: a URL
/// with text around it, a template, a defanged URL, a URL and more text.
fn text_help(at: At<'_>) -> Option<String> {
    let At {
        input,
        spec,
        offset,
        found,

        judged,
        ..
    } = at;
    use fix::{CLOSERS, OPENERS};
    let lower = input.to_ascii_lowercase();
    if lower.contains("[:]") || lower.contains("[.]") || lower.starts_with("hxxp") {
        return Some(
            "a defanged URL, written so that nobody follows it by accident (`[:]`, `[.]`, `hxxp`): it is no URL as it is".to_owned(),
        );
    }
    // Templates: `${host}`, `<host>`, `%s`, `[:port]`, `[user@]`.
    let optional_part = |marker: &str| {
        input.match_indices(marker).any(|(at, _)| {
            input[at + marker.len()..].starts_with(|c: char| c.is_ascii_alphabetic())
        })
    };
    // `<name>` and `{name}`: a word between brackets, as templates write
    // what to fill in.
    let word_between = |open: char, close: char| {
        input.match_indices(open).find_map(|(at, _)| {
            // A name is short: look no further, so that many openers cost
            // a bounded look each.
            let rest = &input[at + 1..];
            let mut window = rest.len().min(64);
            while !rest.is_char_boundary(window) {
                window -= 1;
            }
            let rest = &rest[..window];
            let end = rest.find(close)?;
            let word = &rest[..end];
            (!word.is_empty()
                && word
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-')))
            .then(|| &input[at..at + end + 2])
        })
    };
    let template = ["${", "{{", "%s", "%d"]
        .into_iter()
        .find(|marker| input.contains(marker))
        .or_else(|| word_between('<', '>'))
        .or_else(|| word_between('{', '}'))
        .or_else(|| {
            ["[:", "[["]
                .into_iter()
                .find(|marker| optional_part(marker))
        })
        .or_else(|| (input.contains("[user") || input.contains("@]")).then_some("[user@]"));
    if let Some(marker) = template {
        return Some(format!(
            "a template, not a URL: {} stands for a part to fill in; check the URL it makes",
            quoted(marker)
        ));
    }
    if let Some(separator) = input.find("://")
        && input[..separator].trim_end() != &input[..separator]
        && !input[..separator].trim().contains(char::is_whitespace)
    {
        return Some("a scheme holds no whitespace: remove the space before ':'".to_owned());
    }
    // A network-path reference, and a URL written without its scheme.
    if judged == Judged::Url
        && spec != Spec::Rfc2396
        && (offset == 0 || !input[..offset].contains(':'))
    {
        if input.starts_with(['/', '.', '?', '#']) && !input.starts_with("//") {
            return Some(
                "a relative reference, not a URL: it takes its meaning from a base URL; resolve it against one (`rfc1738 resolve BASE REF`), or check it as a reference (`--spec rfc3986 --reference`)".to_owned(),
            );
        }
        if input.starts_with("~/") {
            return Some("a shell's path (`~` is the home folder), not a URL: a file URL holds the whole path, `file:///home/...`".to_owned());
        }
        if let Some(rest) = input.strip_prefix("//") {
            return Some(format!(
                "a reference without a scheme (a network-path reference, `//host/path`), which takes the scheme of the page it is on; as a URL, write the scheme: `http://{}`",
                shortened(rest)
            ));
        }
        let first = input.split(['/', '?', '#']).next().unwrap_or_default();
        if let Some((user, domain)) = first.split_once('@')
            && !user.is_empty()
            && domain.contains('.')
            && !first.contains(':')
        {
            return Some(format!(
                "an e-mail address, not a URL: as a URL it is `mailto:{}`",
                shortened(input)
            ));
        }
        if let Some(scheme_end) = input.find("//").filter(|&at| {
            at > 0
                && input[..at].trim_end_matches([':', ';', '.', ',']).len() + 1 >= at
                && input[..at]
                    .trim_end_matches([':', ';', '.', ','])
                    .bytes()
                    .all(|b| b.is_ascii_alphabetic())
        }) {
            let name = input[..scheme_end].trim_end_matches([':', ';', '.', ',']);
            return Some(format!(
                "the ':' after the scheme is missing or mistyped: `{name}://{}`",
                shortened(&input[scheme_end + 2..])
            ));
        }
        if first.contains('.')
            && !first.contains(['@', ':', ' '])
            && first.starts_with(|c: char| c.is_ascii_alphanumeric())
            && first
                .split('.')
                .all(|label| !label.is_empty() || first.ends_with('.'))
        {
            return Some(format!(
                "written without its scheme: as a URL it would be `http://{}` or `https://...`, but only its writer knows the scheme",
                shortened(input)
            ));
        }
    }
    // Markdown's `[text](url)` and HTML's `href="url"`.
    if let Some(start) = input.find("](").map(|at| at + 2).or_else(|| {
        lower
            .find("href=")
            .map(|at| at + 5 + usize::from(input[at + 5..].starts_with(['"', '\''])))
    }) && offset < start
    {
        let url = &input[start..];
        let end = url.find(['"', '\'', ')', '>']).unwrap_or(url.len());
        return Some(format!(
            "a link in Markdown or HTML, not a URL: the URL in it is {} (`rfc1738 extract` finds the URLs in text)",
            quoted(&url[..end])
        ));
    }
    // After the openers, a scheme and ':'.
    let after_openers = input.trim_start_matches(OPENERS);
    let starts_url = after_openers.find(':').is_some_and(|colon| {
        colon > 0
            && after_openers[..colon]
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
    });
    if offset == 0 && input.starts_with(OPENERS) && starts_url {
        return Some(
            "the URL is enclosed in delimiters that text puts around URLs, which are no part of it: remove them".to_owned(),
        );
    }
    if let Found::Char(c) = found {
        let rest = &input[offset..];
        // A closer that no opener of the input opens.
        let opener = CLOSERS
            .iter()
            .position(|&closer| closer == c)
            .map(|at| OPENERS[at]);
        if opener.is_some_and(|opener| opener == c || !input[..offset].contains(opener))
            && rest
                .chars()
                .all(|c| CLOSERS.contains(&c) || matches!(c, '.' | ',' | ';' | ':' | '!' | '?'))
        {
            return Some(format!(
                "{} after the URL closes the text around it and is no part of the URL: remove it",
                quoted(rest)
            ));
        }
    }
    None
}

/// A URL and more text after whitespace, where an escape cannot stand for
/// the space: the help when no other one applies.
fn more_text_help(at: At<'_>) -> Option<String> {
    let At {
        input,
        spec,
        offset,
        found,
        takes_escapes,
        ..
    } = at;
    let Found::Char(c) = found else {
        return None;
    };
    (c.is_whitespace()
        && !takes_escapes
        && offset > 0
        && fix::accepts(&input[..offset], spec, Judged::Url)
        && !input[offset..].trim().is_empty())
    .then(|| {
        format!(
            "a URL ends at whitespace: {} is one, and {} after it is no part of it; if the space belongs to the URL, write it as %20",
            quoted(&input[..offset]),
            quoted(input[offset..].trim())
        )
    })
}

/// Helps for a known scheme whose form is not followed: "//" left out, the
/// scheme written twice, a telnet path, a news article by number.
fn scheme_form_help(
    input: &str,
    scheme: Option<Scheme>,
    offset: usize,
    found: Found,
) -> Option<String> {
    let scheme = scheme?;
    let name = scheme.name();
    let after = &input[name.len() + 1..];
    let takes_slashes = !matches!(scheme, Scheme::Mailto | Scheme::News);
    if takes_slashes && !after.starts_with("//") && offset <= name.len() + 3 {
        return Some(format!("{name} URLs start with \"{name}://\""));
    }
    if let Some(again) = after.strip_prefix("//")
        && again
            .get(..name.len() + 3)
            .is_some_and(|start| start.eq_ignore_ascii_case(&format!("{name}://")))
    {
        return Some(format!(
            "the scheme is written twice: remove one \"{name}://\""
        ));
    }
    match scheme {
        Scheme::Telnet if matches!(found, Found::Char('/' | '?' | '#') | Found::Char(_)) && after.starts_with("//") && offset > name.len() + 3 => Some(
            "a telnet URL ends after the host and port and an optional '/' (`telneturl = \"telnet://\" login [ \"/\" ]`): it names a terminal session, not a path".to_owned(),
        ),
        Scheme::News if after.starts_with('<') => Some(
            "a news URL writes the message ID without the '<' and '>' of mail headers: `news:id@host`".to_owned(),
        ),
        Scheme::Mailto if after.contains('<') || after.contains(" (") || after.contains('"') => Some(
            "a mailto URL holds the address alone (RFC 1738 §3.5: an `addr-spec`), without a display name, quotes or a comment".to_owned(),
        ),
        Scheme::News => Some(
            "a news URL names a group (`news:comp.lang.ada`), every group (`news:*`) or an article by its message ID (`news:id@host`); an article by its number in a group needs nntp: `nntp://host/group/123`".to_owned(),
        ),
        Scheme::Nntp if input.contains('<') || input.contains('@') => Some(
            "an nntp URL names an article by its number in the group (`nntp://host/group/123`); by its message ID, write a news URL: `news:id@host`".to_owned(),
        ),
        _ => None,
    }
}

/// The help that only RFC 2396's grammar calls for: relative and abbreviated
/// references where an absolute URI was wanted, fragments, and uri(7)'s KDE
/// info form.
fn rfc2396_help(input: &str, offset: usize, expected: &[Expected], found: Found) -> Option<String> {
    use crate::syntax::grammar::rfc2396::Rule;
    let wants = |node: Node| expected.contains(&Expected::Rule(GrammarRule(node, Spec::Rfc2396)));
    // The grammar directly, not `UriRef::parse`: its error would come back here.
    let is_reference = |text: &str| tracking::accepts(Rule::uri_reference, text);
    let before_colon = input.split(['/', '?', '#']).next().unwrap_or_default();
    // The authority read up to the error, after the first "//".
    let authority_so_far = input
        .get(input.find("//").map_or(0, |at| at + 2)..offset)
        .unwrap_or_default();
    let is_info = input
        .get(..5)
        .is_some_and(|s| s.eq_ignore_ascii_case("info:"));
    match found {
        _ if wants(Node::escaped) => Some(
            "'%' starts an escape and takes two hex digits: write %25 for a '%' itself".to_owned(),
        ),
        _ if wants(Node::scheme) && !before_colon.contains(':') && is_reference(input) => {
            let first = input.split(['/', '?', '#']).next().unwrap_or_default();
            let looks_like_host = first.contains('.')
                && first.starts_with(|c: char| c.is_ascii_alphabetic())
                && first.split('.').all(|label| !label.is_empty());
            if looks_like_host && !input.starts_with(['.', '/']) {
                let scheme = if first.to_ascii_lowercase().starts_with("ftp") {
                    "ftp"
                } else {
                    "http"
                };
                Some(format!(
                    "an abbreviated URI (uri(7)): not a URI, only the authority and path of one; a heuristic would read it as {scheme}://{}, but only its writer knows the scheme",
                    shortened(input)
                ))
            } else {
                Some(
                    "a relative reference (`relativeURI`), not a URI: it has no scheme; resolve it against a base URI (`UriRef::resolve`, `rfc1738 resolve BASE REF`)".to_owned(),
                )
            }
        }
        Found::Char('/' | ':' | '?' | '#') | Found::End
            if wants(Node::userinfo) && !authority_so_far.contains('@') =>
        {
            let authority_start = offset - authority_so_far.len();
            let stray = authority_so_far
                .char_indices()
                .find(|&(_, c)| !(c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | ':')));
            let at = match stray {
                Some((at, c)) => format!(" ({c:?} at byte {} is in none)", authority_start + at),
                None => String::new(),
            };
            Some(format!(
                "{} is not a host name or number, so this authority is no `server` (host name labels hold letters, digits and '-'{at}); uri(7)'s ip_server names a host",
                quoted(authority_so_far)
            ))
        }
        Found::End if input.ends_with(':') && !input[..offset - 1].contains([':', '/', '?', '#']) => Some(
            "an RFC 2396 URI has something after `scheme \":\"`: a path starting with '/', or an opaque part of at least one character (`opaque_part = uric_no_slash *uric`)".to_owned(),
        ),
        Found::Char('?') if offset == 0 => Some(
            "RFC 2396's grammar has no reference that is a query alone (`relativeURI` needs a path first), although its Appendix C resolves `?y`; write the path, as in `d;p?y`".to_owned(),
        ),
        Found::Char(' ') if is_info && input[5..].starts_with('(') && input[..offset].contains(')') && !input[..offset].contains('#') => Some(
            "RFC 2396 allows no spaces in a URI; this is KDE's info form, which writes the node name with spaces (uri(7)): write each space as %20, or use GNOME's form, `info:file#node_name` with '_' for spaces".to_owned(),
        ),
        Found::Char(' ') if is_info && input[..offset].contains('#') => Some(
            "RFC 2396 allows no spaces in a URI; GNOME's info form writes each space of the node name as '_' (`info:gcc#G++_and_GCC`)".to_owned(),
        ),
        Found::Char('#') if input[..offset].contains('#') => Some(
            "the fragment starts at the first '#' and holds no other: write %23".to_owned(),
        ),
        Found::Char('#') => Some(
            "'#' starts the fragment here, where this scheme's form is not complete; write %23 if it is part of the URI".to_owned(),
        ),
        Found::Char(c) if c.is_ascii() && !crate::syntax::charclass::xchar(c as u8, Spec::Rfc2396) => Some(format!(
            "encode {} as %{:02X}: RFC 2396 does not allow it",
            printed(c),
            c as u32
        )),
        _ if offset > 0 && input.get(..5).is_some_and(|s| s.eq_ignore_ascii_case("ldap:")) && input.get(5..7).is_none_or(|s| s != "//") => {
            Some("ldap URLs start with \"ldap://\" (RFC 2255)".to_owned())
        }
        _ => None,
    }
}
