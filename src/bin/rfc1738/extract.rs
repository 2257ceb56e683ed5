//! `rfc1738 extract`: the URLs in files of running text (mail, news, RFCs),
//! each checked.

use std::ffi::OsString;
use std::io::{self, Read, Write};

use rfc1738::{Expected, ExtractOptions, Url, extract};
use serde::Serialize;

use crate::Format;
use crate::render::{self, Origin};

/// What `extract` was asked to do.
pub struct Options {
    pub extract: ExtractOptions,
    pub lints: render::Lints,
    pub format: Format,
    pub verbose: bool,
    pub color: bool,
}

#[derive(Serialize)]
struct Record<'a> {
    file: &'a str,
    url: &'a str,
    raw: &'a str,
    line: usize,
    column: usize,
    delimiter: &'static str,
    alternative: Option<&'a str>,
    valid: bool,
    error: Option<serde_json::Value>,
    denied: Vec<String>,
}

/// Extracts from each file (standard input without any); `Ok(true)` when
/// every URL found is valid.
pub fn run(files: &[OsString], options: &Options) -> io::Result<bool> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut all_valid = true;
    let inputs: Vec<Option<&OsString>> = if files.is_empty() {
        vec![None]
    } else {
        files.iter().map(Some).collect()
    };
    for input in inputs {
        let (name, bytes) = match input {
            None => {
                let mut bytes = Vec::new();
                io::stdin().read_to_end(&mut bytes)?;
                ("-".to_owned(), bytes)
            }
            Some(path) => {
                let name = path.to_string_lossy().into_owned();
                let bytes = std::fs::read(path)
                    .map_err(|error| io::Error::new(error.kind(), format!("{name}: {error}")))?;
                (name, bytes)
            }
        };
        // Mail and news archives hold other encodings: their bytes that are
        // not UTF-8 cannot be in a URL, and read as U+FFFD.
        let text = String::from_utf8_lossy(&bytes);
        for found in extract(&text, &options.extract) {
            // A URL that parses can still fail on a denied warning (--strict, --deny).
            let denied: Vec<String> = match Url::parse_with(found.url(), options.extract.spec) {
                Ok(url) => options
                    .lints
                    .warnings(&url)
                    .iter()
                    .filter(|warning| options.lints.denies(warning))
                    .map(|warning| warning.code().name().to_owned())
                    .collect(),
                Err(_) => Vec::new(),
            };
            let valid = found.is_valid() && denied.is_empty();
            all_valid &= valid;
            match options.format {
                Format::Json => {
                    let error = found.error().map(|error| {
                        serde_json::json!({
                            "offset": error.offset(),
                            "expected": error.expected().iter().map(Expected::name).collect::<Vec<_>>(),
                            "message": error.message(),
                            "help": error.help(),
                        })
                    });
                    let record = Record {
                        file: &name,
                        url: found.url(),
                        raw: found.raw(),
                        line: found.line(),
                        column: found.column(),
                        delimiter: found.delimiter().name(),
                        alternative: found.alternative(),
                        valid,
                        error,
                        denied: denied.clone(),
                    };
                    serde_json::to_writer(&mut out, &record)?;
                    writeln!(out)?;
                }
                Format::Human => {
                    let verdict = match found.error() {
                        None if denied.is_empty() => "valid".to_owned(),
                        None => format!("denied: {}", denied.join(", ")),
                        Some(error) => format!("invalid: {}", error.message()),
                    };
                    writeln!(
                        out,
                        "{name}:{}:{}: {} ({verdict})",
                        found.line(),
                        found.column(),
                        found.url()
                    )?;
                    if let Some(other) = found.alternative() {
                        writeln!(
                            out,
                            "  note: a line break follows a hyphen; the other reading is {other}"
                        )?;
                    }
                    if let (true, Some(error)) = (options.verbose, found.error()) {
                        // The diagnostic shows the URL alone, so its line and
                        // column count within the URL.
                        let label = format!("<URL at {name}:{}:{}>", found.line(), found.column());
                        let origin = Origin {
                            file: Some(&label),
                            line: 1,
                        };
                        writeln!(
                            out,
                            "{}\n",
                            render::diagnostic(error, found.url(), origin, options.color)
                        )?;
                    }
                }
            }
        }
    }
    out.flush()?;
    Ok(all_valid)
}
