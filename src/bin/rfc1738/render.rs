//! How results are shown: rustc-style diagnostics for people, one JSON object
//! per URL for programs. Every fact shown comes from the library.

use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};
use rfc1738::{
    Excerpt, Expected, Fix, Found, ParseError, Scheme, Severity, Spec, UriRef, Url, Warning,
    WarningCode,
};
use serde::Serialize;

/// Where a URL came from: a file (or `-` for standard input) and its line, or
/// the command line and the argument's position.
#[derive(Clone, Copy, Debug)]
pub struct Origin<'a> {
    /// The file's path as given, `-` for standard input, or `None` for an argument.
    pub file: Option<&'a str>,
    /// The line in the file, or the argument's position, from 1.
    pub line: usize,
}

impl Origin<'_> {
    /// The name shown before `:line:column`, and the line number to show.
    fn path_and_line(&self) -> (String, usize) {
        match self.file {
            Some("-") => ("<stdin>".to_owned(), self.line),
            Some(file) => (file.to_owned(), self.line),
            None => (format!("<argument {}>", self.line), 1),
        }
    }

    /// The place a note names: `FILE:LINE` (`<stdin>:LINE` for standard
    /// input, as diagnostics name it) or `argument N`.
    pub fn place(&self) -> String {
        match self.file {
            Some(_) => {
                let (path, line) = self.path_and_line();
                format!("{path}:{line}")
            }
            None => format!("argument {}", self.line),
        }
    }
}

/// Characters of context kept around the error in a long URL.
const CONTEXT_BEFORE: usize = 60;
const CONTEXT_AFTER: usize = 40;

/// The part of `text` around `span` that a diagnostic shows.
fn excerpt(text: &str, span: std::ops::Range<usize>) -> Excerpt {
    Excerpt::new(text, span, CONTEXT_BEFORE, CONTEXT_AFTER)
}

/// The error as rustc would show it: a title, the URL with the offending byte
/// underlined and labelled with what the grammar expected there, a note
/// quoting the BNF and the section, a help line, and the fix where there is
/// one.
pub fn diagnostic(error: &ParseError, text: &str, origin: Origin<'_>, color: bool) -> String {
    let advice = Advice {
        help: error.help(),
        fix: error.fix().map(|fix| fix.text()),
    };
    advised_diagnostic(error, text, origin, color, advice)
}

/// The help and fix lines of a diagnostic.
pub struct Advice<'a> {
    pub help: Option<&'a str>,
    pub fix: Option<&'a str>,
}

/// [`diagnostic`] with advice of the caller's in place of the error's own.
pub fn advised_diagnostic(
    error: &ParseError,
    text: &str,
    origin: Origin<'_>,
    color: bool,
    advice: Advice<'_>,
) -> String {
    let excerpt = excerpt(text, error.offset()..error.offset() + 1);
    let noun = if matches!(error.spec(), Spec::Rfc2396 | Spec::Rfc3986) {
        "URI"
    } else {
        "URL"
    };
    let what = error
        .scheme()
        .map_or(noun.to_owned(), |scheme| format!("{scheme} {noun}"));
    let found = match error.found() {
        Found::Char(c) => format!("unexpected {c:?}"),
        Found::Byte(byte) => format!("byte 0x{byte:02X} is not UTF-8"),
        Found::End => "unexpected end".to_owned(),
    };
    let (found, label) = if error.is_nesting_limit() {
        (error.message(), "the reader stopped here".to_owned())
    } else {
        (
            found,
            format!("expected {}", expected_list(error.expected())),
        )
    };
    let title = format!("invalid {what} ({}): {found}", error.spec().title());
    let id = error.rule();
    let (path, line) = origin.path_and_line();
    let location = format!("{path}:{line}:{}", error.column());
    let mut group = Level::ERROR.primary_title(title).id(id).element(
        Snippet::source(excerpt.text())
            .line_start(line)
            .annotation(AnnotationKind::Primary.span(excerpt.span()).label(label)),
    );
    for note in notes(error) {
        group = group.element(Level::NOTE.message(note));
    }
    if let Some(help) = advice.help {
        group = group.element(Level::HELP.message(help));
    }
    // The checked rewrite, as `rfc1738 fix` prints it.
    if let Some(fix) = advice.fix {
        group = group.element(Level::HELP.with_name("fix").message(fix));
    }
    render(group, &location, line, color)
}

/// A valid URL's warnings, as rustc shows lints: a denied one as an error, a
/// note as a note, each with the sentence of the specification it rests on.
pub fn warnings(
    url: &Url<'_>,
    warnings: &[Warning],
    lints: &Lints,
    origin: Origin<'_>,
    color: bool,
) -> String {
    let (path, line) = origin.path_and_line();
    let rendered: Vec<String> = warnings
        .iter()
        .map(|warning| {
            let excerpt = excerpt(url.as_str(), warning.span());
            let column = url.as_str()[..warning.span().start].chars().count() + 1;
            let snippet = Snippet::source(excerpt.text())
                .line_start(line)
                .annotation(AnnotationKind::Primary.span(excerpt.span()));
            let level = match (lints.denies(warning), warning.code().severity()) {
                (true, _) => Level::ERROR,
                (false, Severity::Note) => Level::NOTE,
                (false, _) => Level::WARNING,
            };
            let group = level
                .primary_title(warning.message().to_owned())
                .id(warning.code().name())
                .element(snippet)
                .element(Level::NOTE.message(warning.code().rationale_in(url.spec())));
            render(group, &format!("{path}:{line}:{column}"), line, color)
        })
        .collect();
    rendered.join("\n")
}

/// An error that is not a parse error (a line too long to check), in the
/// same form as a diagnostic, without an excerpt.
pub fn plain_error(id: &str, message: &str, help: &str, origin: Origin<'_>, color: bool) -> String {
    let (path, line) = origin.path_and_line();
    let group = Level::ERROR
        .primary_title(message)
        .id(id)
        .element(Level::HELP.message(help));
    render(group, &format!("{path}:{line}"), line, color)
}

/// Renders `group`, with the `-->` line naming `location` written here: the
/// snippet may show a window of a long line, and the renderer would count the
/// column in the window.
fn render(group: Group<'_>, location: &str, line: usize, color: bool) -> String {
    let rendered = renderer(color).render(&[group]).to_string();
    let gutter = " ".repeat(line.to_string().len());
    let arrow = if color {
        "\x1b[1m\x1b[94m-->\x1b[0m"
    } else {
        "-->"
    };
    match rendered.split_once('\n') {
        Some((title, rest)) => format!("{title}\n{gutter}{arrow} {location}\n{rest}"),
        None => format!("{rendered}\n{gutter}{arrow} {location}"),
    }
}

fn renderer(color: bool) -> Renderer {
    if color {
        Renderer::styled()
    } else {
        Renderer::plain()
    }
}

/// What was expected, short: rule names in backquotes, literals quoted, `end`.
pub fn expected_names(expected: &[Expected]) -> String {
    let names: Vec<String> = expected
        .iter()
        .map(|item| match item {
            Expected::Rule(rule) => format!("`{}`", rule.name()),
            Expected::End => "the end".to_owned(),
            other => other.name(),
        })
        .collect();
    match names.as_slice() {
        [] => "something else".to_owned(),
        [init @ .., last] if !init.is_empty() => format!("{} or {last}", init.join(", ")),
        _ => names.concat(),
    }
}

/// `a port number, a password or "@"`: what was expected, in words.
pub fn expected_list(expected: &[Expected]) -> String {
    let words: Vec<String> = expected
        .iter()
        .map(|item| match item {
            Expected::Rule(rule) => format!("{} (`{}`)", rule.description(), rule.name()),
            Expected::End => "the end of the URL".to_owned(),
            other => other.name(),
        })
        .collect();
    match words.as_slice() {
        [] => "something else".to_owned(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// The document that defines `scheme` over RFC 3986, if one of ours does.
pub fn rfc3986_document(scheme: Scheme) -> Option<&'static str> {
    match scheme {
        Scheme::Ftp => Some("draft-hoffman-ftp-uri-02, Section 2"),
        Scheme::Gopher => Some("RFC 4266, Section 2"),
        Scheme::News => Some("draft-hoffkohn-rfc1738bis-00, Section 2.4"),
        Scheme::Nntp => Some("draft-hoffkohn-rfc1738bis-00, Section 2.5"),
        Scheme::Telnet => Some("draft-hoffkohn-rfc1738bis-00, Section 2.6"),
        Scheme::Wais => Some("draft-hoffkohn-rfc1738bis-00, Section 2.7"),
        Scheme::File => Some("draft-hoffkohn-rfc1738bis-00, Section 2.8"),
        Scheme::Prospero => Some("draft-hoffkohn-rfc1738bis-00, Section 2.9"),
        _ => None,
    }
}

/// The BNF line of each rule expected (two at most), and where the documents say it.
fn notes(error: &ParseError) -> Vec<String> {
    let spec = error.spec();
    let section = match error.scheme() {
        _ if spec == Spec::Rfc2396 => format!("{}, Appendix A", spec.title()),
        Some(scheme) if spec == Spec::Rfc3986 => match rfc3986_document(scheme) {
            Some(document) => format!("{}, Appendix A; {scheme} URIs: {document}", spec.title()),
            None => format!("{}, Appendix A", spec.title()),
        },
        None if spec == Spec::Rfc3986 => format!("{}, Appendix A", spec.title()),
        Some(scheme) => format!(
            "{}, Section 5; {} URLs: Section {}",
            spec.title(),
            scheme,
            scheme.section()
        ),
        None => format!("{}, Section 5", spec.title()),
    };
    error
        .expected()
        .iter()
        .filter_map(|item| match item {
            Expected::Rule(rule) => Some(cited(
                rule.definition(spec),
                rule.document(),
                error,
                &section,
            )),
            _ => None,
        })
        .take(2)
        .collect()
}

/// A rule's BNF line with where the documents say it: `section` for the
/// rules of the specification's own grammar; for the others, their
/// `document` (uri(7), RFC 2255), or under RFC 3986 the scheme's document
/// alone, where the line does not name its source itself. A rule of the
/// scheme forms over RFC 3986 that restates Appendix A's (`host`) keeps
/// `section`, which names both.
fn cited(line: &str, document: Option<&str>, error: &ParseError, section: &str) -> String {
    match document {
        None => format!("{line} ({section})"),
        Some(_) if error.spec() == Spec::Rfc3986 => {
            let scheme = error.scheme();
            match scheme.and_then(rfc3986_document) {
                Some(its) if names_its_source(line) => {
                    format!("{line} ({} URIs: {its})", scheme.map_or("", |s| s.name()))
                }
                Some(_) => format!("{line} ({section})"),
                None => line.to_owned(),
            }
        }
        Some(_) if names_its_source(line) => line.to_owned(),
        Some(document) => format!("{line} ({document})"),
    }
}

/// Whether a BNF line says in parentheses which document it is from
/// (`scope = "base" / "one" / "sub" (RFC 2255)`, `section = 1*alphanum
/// (man(7))`, `<cwdx> | <name>: ... (ftp-uri §2.2)`).
fn names_its_source(line: &str) -> bool {
    ["(RFC ", "(uri(7)", "(man(7)", "(ftp-uri", "(rfc1738bis"]
        .iter()
        .any(|source| line.contains(source))
}

/// One checked input, as `--format json` prints it.
#[derive(Serialize)]
pub struct Record<'a> {
    input: &'a str,
    valid: bool,
    spec: &'static str,
    scheme: Option<String>,
    error: Option<ErrorRecord>,
    warnings: &'a [Warning],
    /// The codes of the warnings that fail the URL (`--deny`, `--strict`),
    /// in the order of `warnings`.
    denied: Vec<&'static str>,
    file: Option<&'a str>,
    input_line: usize,
}

/// An error of `--format json`: for a `ParseError`, the shape of its own
/// `Serialize` (which `tests/owned.rs` holds equal to this); for an error that
/// is no parse error (a line too long, a reference that does not resolve),
/// the same keys.
#[derive(Serialize)]
pub struct ErrorRecord {
    offset: usize,
    line: usize,
    column: usize,
    /// The rule the error is filed under (`ParseError::rule`), or the name
    /// of an error that is no parse error (`line-too-long`, `opaque-base`).
    rule: String,
    expected: Vec<String>,
    /// Each in the library's own shape (`Expected`'s `Serialize`).
    expected_items: Vec<Expected>,
    message: String,
    help: Option<String>,
    /// The input rewritten so that the same specification takes it; absent
    /// where no repair makes it valid.
    #[serde(skip_serializing_if = "Option::is_none")]
    fix: Option<String>,
    /// The other specifications that take the input as it is; null where
    /// the advice is left out (`check --no-advice`).
    valid_under: Option<Vec<&'static str>>,
}

impl ErrorRecord {
    /// The error of a line longer than `--max-line-bytes` (`max`): what is
    /// past the limit is read, to count it, but not held.
    pub fn too_long(max: usize, message: String, help: &str) -> ErrorRecord {
        ErrorRecord {
            offset: max,
            line: 1,
            column: max + 1,
            rule: "line-too-long".to_owned(),
            expected: Vec::new(),
            expected_items: Vec::new(),
            message,
            help: Some(help.to_owned()),
            fix: None,
            valid_under: Some(Vec::new()),
        }
    }

    /// The JSON object of `error`, as `check` writes it.
    pub fn new(error: &ParseError) -> ErrorRecord {
        ErrorRecord::advised(error, true)
    }

    /// [`new`](Self::new), or without the advice where `advice` is false:
    /// then it is not worked out, `help` and `valid_under` are null and
    /// there is no `fix`.
    pub fn advised(error: &ParseError, advice: bool) -> ErrorRecord {
        ErrorRecord {
            offset: error.offset(),
            line: error.line(),
            column: error.column(),
            rule: error.rule(),
            expected: error.expected().iter().map(Expected::name).collect(),
            expected_items: error.expected().to_vec(),
            message: error.message(),
            // Only asked for with the advice: asking works it out.
            help: advice.then(|| error.help()).flatten().map(str::to_owned),
            fix: advice
                .then(|| error.fix())
                .flatten()
                .map(|fix| fix.text().to_owned()),
            valid_under: advice
                .then(|| error.valid_under().iter().map(|spec| spec.name()).collect()),
        }
    }

    /// The JSON object of an extracted URL's `error`, with the help and the
    /// fix of its text (`Extracted::help`, `Extracted::fix`): none where
    /// the text held bytes that are not UTF-8.
    pub fn extracted(error: &ParseError, help: Option<String>, fix: Option<&Fix>) -> ErrorRecord {
        ErrorRecord {
            help,
            fix: fix.map(|fix| fix.text().to_owned()),
            ..ErrorRecord::new(error)
        }
    }

    /// An error that is no parse error (a reference that does not resolve):
    /// its name and message alone, in the same shape.
    pub fn message(rule: &str, message: String) -> ErrorRecord {
        ErrorRecord {
            offset: 0,
            line: 1,
            column: 1,
            rule: rule.to_owned(),
            expected: Vec::new(),
            expected_items: Vec::new(),
            message,
            help: None,
            fix: None,
            valid_under: Some(Vec::new()),
        }
    }
}

impl<'a> Record<'a> {
    /// A URL's record; an error's with its advice where `advice` says.
    pub fn new(
        input: &'a str,
        spec: Spec,
        result: &Result<Url<'_>, ParseError>,
        warnings: &'a [Warning],
        lints: &Lints,
        origin: Origin<'a>,
        advice: bool,
    ) -> Record<'a> {
        let (valid, scheme, error) = match result {
            Ok(url) => (lints.passes(result, warnings), Some(scheme_key(url)), None),
            Err(error) => (
                false,
                error_scheme_key(error),
                Some(ErrorRecord::advised(error, advice)),
            ),
        };
        let denied = warnings
            .iter()
            .filter(|warning| lints.denies(warning))
            .map(|warning| warning.code().name())
            .collect();
        Record {
            input,
            valid,
            spec: spec.name(),
            scheme,
            error,
            warnings,
            denied,
            file: origin.file,
            input_line: origin.line,
        }
    }
}

impl<'a> Record<'a> {
    /// A URI reference's record (`check --reference`): its scheme (for an
    /// invalid one the scheme it writes, [`error_scheme_key`]), or `null`
    /// for a relative reference; an error's with its advice where `advice`
    /// says.
    pub fn reference(
        input: &'a str,
        result: &Result<UriRef<'_>, ParseError>,
        origin: Origin<'a>,
        advice: bool,
    ) -> Record<'a> {
        Record {
            input,
            valid: result.is_ok(),
            spec: result
                .as_ref()
                .map_or_else(ParseError::spec, UriRef::spec)
                .name(),
            scheme: match result {
                Ok(reference) => reference.scheme().map(str::to_ascii_lowercase),
                Err(error) => error_scheme_key(error),
            },
            error: result
                .as_ref()
                .err()
                .map(|error| ErrorRecord::advised(error, advice)),
            warnings: &[],
            denied: Vec::new(),
            file: origin.file,
            input_line: origin.line,
        }
    }

    /// Puts `help` in the error's place for it.
    pub fn set_help(&mut self, help: String) {
        if let Some(error) = &mut self.error {
            error.help = Some(help);
        }
    }

    /// A line longer than `--max-line-bytes`: `input` is its start.
    pub fn too_long(
        input: &'a str,
        spec: Spec,
        error: ErrorRecord,
        origin: Origin<'a>,
    ) -> Record<'a> {
        Record {
            input,
            valid: false,
            spec: spec.name(),
            scheme: None,
            error: Some(error),
            warnings: &[],
            denied: Vec::new(),
            file: origin.file,
            input_line: origin.line,
        }
    }
}

/// Which warnings are reported and which fail a URL: `--allow` silences a
/// code, `--deny` makes it a failure, `--strict` denies every code not allowed.
#[derive(Clone, Debug, Default)]
pub struct Lints {
    pub strict: bool,
    pub deny: Vec<WarningCode>,
    pub allow: Vec<WarningCode>,
}

impl Lints {
    /// The URL's warnings that are not allowed.
    pub fn warnings(&self, url: &Url<'_>) -> Vec<Warning> {
        self.reported(url.warnings())
    }

    /// The warnings that are not allowed, of those found.
    pub fn reported(&self, mut warnings: Vec<Warning>) -> Vec<Warning> {
        if !self.allow.is_empty() {
            warnings.retain(|warning| !self.allow.contains(&warning.code()));
        }
        warnings
    }

    /// Whether a warning fails its URL.
    pub fn denies(&self, warning: &Warning) -> bool {
        self.strict || self.deny.contains(&warning.code())
    }

    /// Whether a result passes: a valid URL with no denied warning.
    pub fn passes(&self, result: &Result<Url<'_>, ParseError>, warnings: &[Warning]) -> bool {
        result.is_ok() && !warnings.iter().any(|warning| self.denies(warning))
    }
}

/// The scheme an invalid input is counted under: the known scheme whose rule
/// judged it, else the scheme it writes, in lower case (`https` for an
/// `https:` URL under RFC 1738); `None` where it writes none.
pub fn error_scheme_key(error: &ParseError) -> Option<String> {
    match error.scheme() {
        Some(scheme) => Some(scheme.name().to_owned()),
        None => error.written_scheme().map(str::to_ascii_lowercase),
    }
}

/// The scheme a valid URL is counted under: its known scheme, or the generic
/// scheme's name in lower case.
pub fn scheme_key(url: &Url<'_>) -> String {
    url.known_scheme().map_or_else(
        || url.scheme().to_ascii_lowercase(),
        |scheme| scheme.name().to_owned(),
    )
}
