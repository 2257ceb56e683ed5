//! The `rfc1738` command: checks URLs against RFC 1738 or draft-07.

use std::ffi::OsString;
use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Parser, Subcommand, ValueEnum};
use rfc1738::{ParseError, Spec, Url};
use serde::Serialize;

/// Strict URL checking by the BNF of RFC 1738 Section 5.
#[derive(Parser)]
#[command(name = "rfc1738", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check URLs: from the arguments, or one per line from standard input.
    ///
    /// Exit status: 0 when every URL is valid, 1 when any is not, 2 for a
    /// usage or I/O error.
    #[command(
        after_help = "Examples:\n  rfc1738 check 'ftp://myname@host.dom/%2Fetc/motd'\n  \
                            rfc1738 check --spec draft07 'http://host/~user'\n  \
                            rfc1738 check --format json < urls.txt"
    )]
    Check {
        /// The specification to check against.
        #[arg(long, default_value = "rfc1738", ignore_case = true, value_parser = spec_parser())]
        spec: Spec,
        /// Output format: `human` (ok or the error per URL) or `json` (one object per line).
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
        /// URLs to check; without any, standard input is read, one URL per line.
        urls: Vec<OsString>,
    },
}

/// `--spec`: the names of `Spec::ALL`, read by the library's own `FromStr`.
fn spec_parser() -> impl TypedValueParser<Value = Spec> {
    PossibleValuesParser::new(Spec::ALL.map(Spec::name)).try_map(|name| name.parse::<Spec>())
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Human,
    Json,
}

/// One checked input, as `--format json` prints it.
#[derive(Serialize)]
struct Report<'a> {
    input: &'a str,
    valid: bool,
    spec: &'static str,
    scheme: Option<String>,
    error: Option<ErrorReport>,
    warnings: Vec<WarningReport>,
}

#[derive(Serialize)]
struct ErrorReport {
    offset: usize,
    line: usize,
    column: usize,
    expected: Vec<String>,
    message: String,
    help: Option<String>,
}

#[derive(Serialize)]
struct WarningReport {
    code: &'static str,
    message: String,
    offset: usize,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Check { spec, format, urls } => match check(spec, format, urls) {
            Ok(true) => ExitCode::SUCCESS,
            Ok(false) => ExitCode::from(1),
            Err(error) => {
                eprintln!("rfc1738: {error}");
                ExitCode::from(2)
            }
        },
    }
}

/// Checks every URL and prints one result each; `Ok(true)` when all are valid.
fn check(spec: Spec, format: Format, urls: Vec<OsString>) -> io::Result<bool> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut all_valid = true;
    let mut check_one = |line: &[u8], out: &mut dyn Write| -> io::Result<()> {
        let text = String::from_utf8_lossy(line);
        let result = Url::parse_bytes(line, spec);
        all_valid &= result.is_ok();
        match format {
            Format::Human => match &result {
                Ok(url) => {
                    writeln!(out, "ok {text}")?;
                    url.warnings()
                        .iter()
                        .try_for_each(|warning| writeln!(out, "  {warning}"))
                }
                Err(error) => writeln!(out, "{error}"),
            },
            Format::Json => {
                serde_json::to_writer(&mut *out, &report(&text, spec, &result))?;
                writeln!(out)
            }
        }
    };
    if urls.is_empty() {
        let stdin = io::stdin();
        let mut input = stdin.lock();
        let mut line = Vec::new();
        loop {
            line.clear();
            if input.read_until(b'\n', &mut line)? == 0 {
                break;
            }
            let url = line.strip_suffix(b"\n").unwrap_or(&line);
            let url = url.strip_suffix(b"\r").unwrap_or(url);
            check_one(url, &mut out)?;
        }
    } else {
        // An argument need not be UTF-8: its bytes are checked like a line's.
        for url in urls {
            check_one(&url.into_encoded_bytes(), &mut out)?;
        }
    }
    out.flush()?;
    Ok(all_valid)
}

fn report<'a>(input: &'a str, spec: Spec, result: &Result<Url<'_>, ParseError>) -> Report<'a> {
    match result {
        Ok(url) => Report {
            input,
            valid: true,
            spec: spec.name(),
            scheme: Some(url.known_scheme().map_or_else(
                || url.scheme().to_ascii_lowercase(),
                |s| s.name().to_owned(),
            )),
            error: None,
            warnings: url
                .warnings()
                .iter()
                .map(|warning| WarningReport {
                    code: warning.code().name(),
                    message: warning.message().to_owned(),
                    offset: warning.span().start,
                })
                .collect(),
        },
        Err(error) => Report {
            input,
            valid: false,
            spec: spec.name(),
            scheme: error.scheme().map(|s| s.name().to_owned()),
            error: Some(ErrorReport {
                offset: error.offset(),
                line: error.line(),
                column: error.column(),
                expected: error.expected().iter().map(|e| e.name()).collect(),
                message: error.message(),
                help: error.help().map(str::to_owned),
            }),
            warnings: Vec::new(),
        },
    }
}
