//! `rfc1738 resolve`: relative references resolved against a base URI by
//! RFC 2396 §5.2, one result per line.

use std::ffi::OsString;
use std::io::{self, Write};

use rfc1738::{ParseError, ResolveError, Spec, UriRef};
use serde::Serialize;

use crate::args::Format;
use crate::render::{self, ErrorRecord, Origin};

/// What `resolve` was asked to do.
pub struct Options {
    /// RFC 2396 or RFC 3986: the syntax references are read by, and resolve by.
    pub spec: Spec,
    pub format: Format,
    pub color: bool,
    /// The base URI, as given.
    pub base: OsString,
    /// The references to resolve against it, as given.
    pub references: Vec<OsString>,
}

/// One reference's line of JSON.
#[derive(Serialize)]
struct Resolved<'a> {
    base: &'a str,
    /// As `check` writes an error.
    error: Option<&'a ErrorRecord>,
    reference: &'a str,
    resolved: Option<&'a str>,
    /// What was said of a reference taken on Appendix C's word.
    warning: Option<&'static str>,
}

/// What was said of `?y`: resolved as Appendix C gives it.
const QUERY_ALONE: &str = "a query alone is no URI reference by Appendix A (a relative reference \
    starts with a path), but Appendix C resolves `?y` to http://a/b/c/?y: read with an empty path";

/// A reference that does not resolve: the JSON error, and what standard
/// error shows.
struct Failure {
    record: ErrorRecord,
    shown: String,
}

/// Resolves each of the references against the base, one line of output each, in
/// order, also for one that fails (an empty line on standard output and the
/// diagnostic on standard error; in JSON an object with the error).
/// `Ok(false)` when a reference does not resolve; an error (exit status 2)
/// when the base is unusable.
pub fn run(options: &Options) -> io::Result<bool> {
    let base_text = utf8(&options.base, 1)?;
    let base_uri = UriRef::parse_with(&base_text, options.spec)
        .map_err(|error| unusable(&error, &base_text, 1, options))?;
    if base_uri.is_relative() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "the base {base_text:?} is a relative reference: resolution needs an absolute URI as its base"
            ),
        ));
    }
    let mut out = io::stdout().lock();
    let mut all_resolved = true;
    for (index, reference) in options.references.iter().enumerate() {
        let position = index + 2;
        // A reference that is not UTF-8 fails where its first such byte is,
        // and the run goes on.
        let bytes = reference.as_encoded_bytes();
        let text = String::from_utf8_lossy(bytes).into_owned();
        let (outcome, warning) = resolve(bytes, &text, &base_uri, position, options);
        if outcome.is_err() {
            crate::exit::saw_invalid();
        }
        match options.format {
            Format::Human => {
                if let Some(warning) = warning {
                    out.flush()?;
                    eprintln!("rfc1738: warning: argument {position}: {warning}");
                }
                match &outcome {
                    Ok(resolved) => writeln!(out, "{resolved}")?,
                    Err(failure) => {
                        // An empty line keeps the output in step with the
                        // references.
                        writeln!(out)?;
                        out.flush()?;
                        eprintln!("{}\n", failure.shown);
                    }
                }
            }
            Format::Json => {
                let record = Resolved {
                    base: &base_text,
                    error: outcome.as_ref().err().map(|failure| &failure.record),
                    reference: &text,
                    resolved: outcome.as_deref().ok(),
                    warning,
                };
                serde_json::to_writer(&mut out, &record)?;
                writeln!(out)?;
            }
        }
        all_resolved &= outcome.is_ok();
    }
    Ok(all_resolved)
}

/// `text` resolved against `base`, and what is said of it. A query alone
/// (`?y`), which Appendix A derives no reference for, is resolved as Appendix
/// C gives it: as the reference `.?y`, whose empty last segment the merge
/// keeps (http://a/b/c/?y).
fn resolve(
    bytes: &[u8],
    text: &str,
    base: &UriRef<'_>,
    position: usize,
    options: &Options,
) -> (Result<String, Failure>, Option<&'static str>) {
    let parsed = UriRef::parse_bytes_with(bytes, options.spec);
    if parsed.is_err() && text.starts_with('?') {
        let stand_in = format!(".{text}");
        if let Ok(uri) = UriRef::parse(&stand_in)
            && let Ok(resolved) = uri.resolve(base)
        {
            return (Ok(resolved), Some(QUERY_ALONE));
        }
    }
    let outcome = match parsed {
        Ok(uri) => uri.resolve(base).map_err(|error| Failure {
            record: ErrorRecord::message(&failure_rule(&error), error.to_string()),
            shown: format!("rfc1738: {error}"),
        }),
        Err(error) => {
            let origin = Origin {
                file: None,
                line: position,
            };
            Err(Failure {
                record: ErrorRecord::new(&error),
                shown: render::diagnostic(&error, text, origin, options.color),
            })
        }
    };
    (outcome, None)
}

/// The name a reference's failure to resolve is filed under in JSON.
fn failure_rule(error: &ResolveError) -> String {
    match error {
        ResolveError::RelativeBase => "relative-base".to_owned(),
        ResolveError::OpaqueBase => "opaque-base".to_owned(),
        ResolveError::NotAUrl(error) => error.rule(),
        _ => "unresolved".to_owned(),
    }
}

/// An argument as text: a URI is ASCII, so one that is not UTF-8 is a usage error.
fn utf8(argument: &OsString, position: usize) -> io::Result<String> {
    argument.to_str().map(str::to_owned).ok_or_else(|| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("argument {position} is not UTF-8, so it is no URI reference"),
        )
    })
}

/// The base cannot be used: its diagnostic, as an I/O-level error.
fn unusable(error: &ParseError, text: &str, position: usize, options: &Options) -> io::Error {
    let origin = Origin {
        file: None,
        line: position,
    };
    eprintln!(
        "{}\n",
        render::diagnostic(error, text, origin, options.color)
    );
    io::Error::new(
        io::ErrorKind::InvalidInput,
        "the base is not an RFC 2396 URI reference",
    )
}
