//! `rfc1738 resolve`: relative references resolved against a base URI by
//! RFC 2396 §5.2, one result per line.

use std::ffi::OsString;
use std::io::{self, Write};

use rfc1738::{ParseError, UriRef};
use serde::Serialize;

use crate::Format;
use crate::render::{self, Origin};

/// What `resolve` was asked to do.
pub struct Options {
    pub format: Format,
    pub color: bool,
}

#[derive(Serialize)]
struct Resolved<'a> {
    base: &'a str,
    reference: &'a str,
    resolved: Option<String>,
    error: Option<String>,
}

/// Resolves each of `references` against `base`. `Ok(false)` when a reference
/// is not a URI reference; an error (exit status 2) when the base is unusable.
pub fn run(base: &OsString, references: &[OsString], options: &Options) -> io::Result<bool> {
    let base_text = utf8(base, 1)?;
    let base_uri =
        UriRef::parse(&base_text).map_err(|error| unusable(&error, &base_text, 1, options))?;
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
    for (index, reference) in references.iter().enumerate() {
        let position = index + 2;
        let text = utf8(reference, position)?;
        let outcome = UriRef::parse(&text)
            .map_err(|error| {
                let origin = Origin {
                    file: None,
                    line: position,
                };
                (
                    error.message(),
                    render::diagnostic(&error, &text, origin, options.color),
                )
            })
            .and_then(|uri| {
                uri.resolve(&base_uri)
                    .map_err(|error| (error.to_string(), format!("rfc1738: {error}")))
            });
        if outcome.is_err() {
            crate::saw_invalid();
        }
        match options.format {
            Format::Human => match &outcome {
                Ok(resolved) => writeln!(out, "{resolved}")?,
                Err((_, shown)) => {
                    out.flush()?;
                    eprintln!("{shown}\n");
                }
            },
            Format::Json => {
                let record = Resolved {
                    base: &base_text,
                    reference: &text,
                    resolved: outcome.as_ref().ok().cloned(),
                    error: outcome.as_ref().err().map(|(message, _)| message.clone()),
                };
                serde_json::to_writer(&mut out, &record)?;
                writeln!(out)?;
            }
        }
        all_resolved &= outcome.is_ok();
    }
    Ok(all_resolved)
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
