//! `rfc1738 extract`: the URLs in files of running text (mail, news, RFCs),
//! each checked.

use std::ffi::OsString;
use std::fs::File;
use std::io::{self, BufReader, Write};

use rfc1738::{ExtractOptions, Extracted, Url, extract_from_reader};
use serde::Serialize;

use crate::args::Format;
use crate::render::{self, Origin};

/// What `extract` was asked to do.
pub struct Options {
    pub extract: ExtractOptions,
    pub lints: render::Lints,
    pub format: Format,
    pub verbose: bool,
    pub color: bool,
    /// The files to read; standard input without any.
    pub files: Vec<OsString>,
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
    fragment: Option<&'a str>,
    valid: bool,
    /// As `check` writes an error, the help and the fix those of the
    /// extracted text.
    error: Option<render::ErrorRecord>,
    denied: Vec<String>,
}

/// Extracts from each file (standard input without any); `Ok(true)` when
/// every URL found is valid.
pub fn run(options: &Options) -> io::Result<bool> {
    let files = &options.files;
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut all_valid = true;
    let inputs: Vec<Option<&OsString>> = if files.is_empty() {
        vec![None]
    } else {
        files.iter().map(Some).collect()
    };
    for input in inputs {
        let (name, reader): (String, Box<dyn io::BufRead>) = match input {
            None => ("-".to_owned(), Box::new(io::stdin().lock())),
            Some(path) if path == "-" => ("-".to_owned(), Box::new(io::stdin().lock())),
            Some(path) => {
                let name = path.to_string_lossy().into_owned();
                let file = match File::open(path) {
                    Ok(file) => file,
                    Err(error) => {
                        // Reported, and the run goes on with the next file
                        // (exit status 2 at the end), as grep does.
                        crate::exit::io_error(&format!("{name}: {error}"));
                        continue;
                    }
                };
                (name, Box::new(BufReader::with_capacity(1 << 16, file)))
            }
        };
        // Mail and news archives hold other encodings: their bytes that are
        // not UTF-8 cannot be in a URL, and read as U+FFFD. The results come
        // out as the text is read, a piece at a time.
        // An error writing the results is the output's, not the file's.
        let mut output_error = None;
        // What standard input gives comes out as it is found: its next
        // read may wait for its writer.
        let streaming = name == "-";
        // Human output names standard input as `check`'s diagnostics do.
        let shown = if streaming { "<stdin>" } else { name.as_str() };
        let mut write_found = |found: &Extracted<'_>| -> io::Result<()> {
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
            if !valid {
                crate::exit::saw_invalid();
            }
            match options.format {
                Format::Json => {
                    let error = found.error().map(|error| {
                        render::ErrorRecord::extracted(error, found.help(), found.fix())
                    });
                    let record = Record {
                        file: &name,
                        url: found.url(),
                        raw: found.raw(),
                        line: found.line(),
                        column: found.column(),
                        delimiter: found.delimiter().name(),
                        alternative: found.alternative(),
                        fragment: found.fragment(),
                        valid,
                        error,
                        denied: denied.clone(),
                    };
                    serde_json::to_writer(&mut out, &record)?;
                    writeln!(out)?;
                }
                Format::Human => {
                    let mut verdict = match found.error() {
                        None if denied.is_empty() => "valid".to_owned(),
                        None => format!("denied: {}", denied.join(", ")),
                        // The rules by name, not their BNF: one line a URL.
                        Some(error) => format!(
                            "invalid at byte {}: expected {}, found {}",
                            error.offset(),
                            crate::render::expected_names(error.expected()),
                            error.found()
                        ),
                    };
                    if let Some(fragment) = found.fragment() {
                        verdict.push_str(&format!("; fragment #{fragment}"));
                    }
                    writeln!(
                        out,
                        "{shown}:{}:{}: {} ({verdict})",
                        found.line(),
                        found.column(),
                        found.url()
                    )?;
                    // `--verbose` shows them in the diagnostic.
                    if !options.verbose {
                        if let Some(help) = found.help() {
                            writeln!(out, "  help: {help}")?;
                        }
                        if let Some(fix) = found.fix() {
                            writeln!(out, "  fix: {}", fix.text())?;
                        }
                    }
                    if let Some(other) = found.alternative() {
                        writeln!(
                            out,
                            "  note: a line break follows a hyphen; the other reading is {other}"
                        )?;
                    }
                    if let (true, Some(error)) = (options.verbose, found.error()) {
                        // The diagnostic shows the URL alone, so its line and
                        // column count within the URL.
                        let label = format!("<URL at {shown}:{}:{}>", found.line(), found.column());
                        let origin = Origin {
                            file: Some(&label),
                            line: 1,
                        };
                        let help = found.help();
                        let advice = render::Advice {
                            help: help.as_deref(),
                            fix: found.fix().map(|fix| fix.text()),
                        };
                        writeln!(
                            out,
                            "{}\n",
                            render::advised_diagnostic(
                                error,
                                found.url(),
                                origin,
                                options.color,
                                advice
                            )
                        )?;
                    }
                }
            }
            if streaming {
                out.flush()?;
            }
            Ok(())
        };
        let mut write = |found: &Extracted<'_>| -> io::Result<()> {
            write_found(found).map_err(|error| {
                output_error = Some(error);
                io::Error::other("output")
            })
        };
        let read = extract_from_reader(reader, &options.extract, &mut write);
        if let Some(error) = output_error {
            return Err(error);
        }
        if let Err(error) = read {
            crate::exit::io_error(&format!("{name}: {error}"));
        }
    }
    out.flush()?;
    Ok(all_valid)
}
