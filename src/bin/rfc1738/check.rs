//! `rfc1738 check`: URLs from arguments, files or standard input, checked in
//! parallel in chunks of bounded size, reported in input order.

use std::collections::HashMap;
use std::ffi::OsString;
use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use rfc1738::{ParseError, Spec, UriRef, Url};
use serde::Serialize;

use crate::args::Format;
use crate::render::{self, Origin, Record};

/// Lines read and checked at a time: enough to keep every core busy, few
/// enough that memory does not depend on the input's size.
const CHUNK_LINES: usize = 16_384;
/// A chunk also ends once it holds this many bytes, so that a file of huge
/// lines stays within bounds too.
const CHUNK_BYTES: usize = 8 << 20;

/// What `check` was asked to do.
pub struct Options {
    pub spec: Spec,
    pub format: Format,
    pub lints: render::Lints,
    pub color: bool,
    /// Print nothing per URL: the exit status (and the summary) alone.
    pub quiet: bool,
    /// Print only the URLs that fail.
    pub failures: bool,
    pub summary: bool,
    pub files: Vec<PathBuf>,
    /// The URL arguments, each with its position among the arguments.
    pub urls: Vec<(usize, OsString)>,
    /// Longer lines are reported, not checked, and not held whole.
    pub max_line_bytes: usize,
    /// Judge each input as a `URI-reference` (relative ones valid), by RFC
    /// 2396 or RFC 3986.
    pub reference: bool,
    /// `rfc1738 fix`: print each input valid as it is or fixed, and the
    /// error, on standard error, of one that has no fix.
    pub fix: bool,
    /// Work out each error's advice (help, fix, `valid_under`) and show it;
    /// `check --no-advice` leaves it out.
    pub advice: bool,
}

/// One input line (or argument), with where it came from.
pub struct Line {
    /// Index into `Inputs::names`.
    pub source: usize,
    pub number: usize,
    /// The line, or its first `max_line_bytes` bytes when it is longer.
    pub bytes: Vec<u8>,
    /// The length of a line longer than `max_line_bytes`, which was not kept.
    pub too_long: Option<u64>,
}

impl Line {
    /// A blank line of a file or of standard input, which is counted and
    /// skipped (an argument is checked whatever it holds).
    pub fn is_blank(&self) -> bool {
        self.source != 0
            && self.too_long.is_none()
            && self.bytes.iter().all(u8::is_ascii_whitespace)
    }
}

/// A buffered input that can tell whether it holds unread bytes: once it
/// holds none, the next read of standard input may wait for its writer.
trait Source: BufRead + Send {
    fn drained(&self) -> bool;
}

impl<R: io::Read + Send> Source for BufReader<R> {
    fn drained(&self) -> bool {
        self.buffer().is_empty()
    }
}

/// The inputs in order: the arguments, then each file; standard input when
/// there are neither. `explain` reads its inputs the same way.
pub struct Inputs {
    /// Display names of the sources; `None` for the arguments.
    pub names: Vec<Option<String>>,
    arguments: std::vec::IntoIter<(usize, OsString)>,
    files: std::vec::IntoIter<PathBuf>,
    reader: Option<(usize, Box<dyn Source>, usize)>,
    stdin_pending: bool,
    max_line_bytes: usize,
}

impl Inputs {
    pub fn new(urls: Vec<(usize, OsString)>, files: Vec<PathBuf>, max_line_bytes: usize) -> Inputs {
        let stdin_pending = urls.is_empty() && files.is_empty();
        Inputs {
            names: vec![None],
            arguments: urls.into_iter(),
            files: files.into_iter(),
            reader: None,
            stdin_pending,
            max_line_bytes,
        }
    }

    /// The next line, or `None` at the end of the last input.
    pub fn next_line(&mut self) -> io::Result<Option<Line>> {
        if let Some((position, argument)) = self.arguments.next() {
            // An argument need not be UTF-8: its bytes are checked like a line's.
            return Ok(Some(Line {
                source: 0,
                number: position,
                bytes: argument.into_encoded_bytes(),
                too_long: None,
            }));
        }
        loop {
            if let Some((source, reader, number)) = &mut self.reader {
                let mut bytes = Vec::new();
                // A byte-order mark starts many files that Windows editors
                // save: it marks the text's encoding, and is no part of the
                // first URL, so the first line is read with room for it.
                let first = *number == 0;
                let room = if first { BYTE_ORDER_MARK.len() } else { 0 };
                let read = match read_line_within(
                    &mut **reader,
                    self.max_line_bytes.saturating_add(room),
                    &mut bytes,
                ) {
                    Ok(read) => read,
                    Err(error) => {
                        // Reported, and the run goes on with the next file
                        // (exit status 2 at the end), as grep does.
                        let name = self.names[*source].as_deref().unwrap_or("-");
                        crate::exit::io_error(&format!("{name}: {error}"));
                        self.reader = None;
                        continue;
                    }
                };
                let (read, mut length) = read;
                if first && bytes.starts_with(BYTE_ORDER_MARK) {
                    bytes.drain(..BYTE_ORDER_MARK.len());
                    length -= BYTE_ORDER_MARK.len() as u64;
                    if read == BYTE_ORDER_MARK.len() as u64 {
                        // The mark alone: an empty input.
                        continue;
                    }
                } else if first {
                    // What a first line of no mark keeps, as any other line.
                    bytes.truncate(self.max_line_bytes.saturating_add(2));
                }
                if read > 0 {
                    let too_long = (length > self.max_line_bytes as u64).then_some(length);
                    *number += 1;
                    if bytes.ends_with(b"\n") {
                        bytes.pop();
                        if bytes.ends_with(b"\r") {
                            bytes.pop();
                        }
                    }
                    return Ok(Some(Line {
                        source: *source,
                        number: *number,
                        bytes,
                        too_long,
                    }));
                }
                self.reader = None;
            }
            let (name, reader): (String, Box<dyn Source>) = if let Some(path) = self.files.next() {
                if path.as_os_str() == "-" {
                    // Not after a file, whose progress bar may be drawn.
                    if self.names.len() == 1 {
                        hint_if_terminal();
                    }
                    self.names.push(Some("-".to_owned()));
                    self.reader = Some((
                        self.names.len() - 1,
                        Box::new(BufReader::new(io::stdin())),
                        0,
                    ));
                    continue;
                }
                let file = match File::open(&path) {
                    Ok(file) => file,
                    Err(error) => {
                        crate::exit::io_error(&format!("{}: {error}", path.display()));
                        continue;
                    }
                };
                (
                    path.display().to_string(),
                    Box::new(BufReader::with_capacity(1 << 16, file)),
                )
            } else if std::mem::take(&mut self.stdin_pending) {
                hint_if_terminal();
                (
                    "-".to_owned(),
                    Box::new(BufReader::with_capacity(1 << 16, io::stdin())),
                )
            } else {
                return Ok(None);
            };
            self.names.push(Some(name));
            self.reader = Some((self.names.len() - 1, reader, 0));
        }
    }

    /// Whether standard input is read now or later: its next read may wait
    /// for its writer (`tail -f log | rfc1738 check`).
    fn may_read_stdin(&self) -> bool {
        self.stdin_pending
            || self.reading_stdin()
            || self
                .files
                .as_slice()
                .iter()
                .any(|path| path.as_os_str() == "-")
    }

    fn reading_stdin(&self) -> bool {
        self.reader
            .as_ref()
            .is_some_and(|(source, _, _)| self.names[*source].as_deref() == Some("-"))
    }

    /// Up to a chunk of non-blank lines; an empty chunk at the end. Blank
    /// lines are counted, not checked. A chunk of standard input also ends
    /// where the lines read so far end, so that its results come out while
    /// its writer pauses.
    fn next_chunk(&mut self, blank: &mut u64) -> io::Result<Vec<Line>> {
        let mut chunk = Vec::with_capacity(CHUNK_LINES);
        let mut bytes = 0;
        while chunk.len() < CHUNK_LINES && bytes < CHUNK_BYTES {
            if !chunk.is_empty()
                && self.reading_stdin()
                && self
                    .reader
                    .as_ref()
                    .is_some_and(|(_, reader, _)| reader.drained())
            {
                break;
            }
            match self.next_line()? {
                None => break,
                // A line of whitespace alone is a blank line.
                Some(line) if line.is_blank() => *blank += 1,
                Some(line) => {
                    bytes += line.bytes.len() + 1;
                    chunk.push(line);
                }
            }
        }
        Ok(chunk)
    }
}

/// Says on standard error, once a run, where standard input is a terminal,
/// that the URLs are read from it: a run without arguments would otherwise
/// wait in silence for them.
pub fn hint_if_terminal() {
    static HINTED: std::sync::Once = std::sync::Once::new();
    if io::stdin().is_terminal() {
        HINTED.call_once(|| {
            eprintln!("rfc1738: reading URLs from the terminal, one a line (Ctrl-D ends)");
        });
    }
}

/// UTF-8's byte-order mark, U+FEFF: dropped where it starts a file or
/// standard input.
pub const BYTE_ORDER_MARK: &[u8] = b"\xEF\xBB\xBF";

/// Reads a line up to its "\n" (kept) into `bytes`, keeping at most
/// `max + 2` bytes of it (room for a CR LF after `max`): how many bytes it
/// read (0 at the end of the input), and the length of the line without its
/// "\n" or "\r\n".
fn read_line_within(
    reader: &mut (impl BufRead + ?Sized),
    max: usize,
    bytes: &mut Vec<u8>,
) -> io::Result<(u64, u64)> {
    let mut total = 0u64;
    // The last two bytes read, for the length without the line's end.
    let mut last_two = [0u8; 2];
    let length = |total: u64, last_two: [u8; 2]| match last_two {
        [b'\r', b'\n'] => total.saturating_sub(2),
        [_, b'\n'] => total - 1,
        _ => total,
    };
    loop {
        let available = match reader.fill_buf() {
            Ok(available) => available,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if available.is_empty() {
            return Ok((total, length(total, last_two)));
        }
        let (taken, ends) = match memchr::memchr(b'\n', available) {
            Some(at) => (at + 1, true),
            None => (available.len(), false),
        };
        let room = max.saturating_add(2).saturating_sub(bytes.len());
        bytes.extend_from_slice(&available[..taken.min(room)]);
        last_two = match available[..taken] {
            [.., a, b] => [a, b],
            [b] => [last_two[1], b],
            [] => last_two,
        };
        reader.consume(taken);
        total += taken as u64;
        if ends {
            return Ok((total, length(total, last_two)));
        }
    }
}

/// The result of one line, rendered, with what the summary counts.
struct Outcome {
    output: String,
    /// What goes to standard error (`fix`'s errors).
    diagnostic: String,
    valid: bool,
    /// What `--summary` counts; `None` without it, which then costs nothing.
    tally: Option<Tally>,
    bytes: usize,
}

/// What `--summary` counts of one input: its scheme, the rule its error
/// names, its warnings' codes.
struct Tally {
    scheme: String,
    error_rule: Option<String>,
    warning_codes: Vec<&'static str>,
}

fn check_line(line: &Line, name: Option<&str>, options: &Options) -> Outcome {
    let origin = Origin {
        file: name,
        line: line.number,
    };
    if let Some(length) = line.too_long {
        let mut outcome = too_long(line, length, origin, options);
        if options.quiet {
            outcome.output.clear();
        } else if options.fix && matches!(options.format, Format::Human) {
            outcome.diagnostic = std::mem::take(&mut outcome.output);
        }
        return outcome;
    }
    if options.fix {
        return fix_line(line, origin, options);
    }
    if options.reference {
        return check_reference(line, origin, options);
    }
    let text = String::from_utf8_lossy(&line.bytes);
    let (result, warnings) = match Url::parse_bytes_with_warnings(&line.bytes, options.spec) {
        Ok((url, warnings)) => (Ok(url), options.lints.reported(warnings)),
        Err(error) => (Err(error), Vec::new()),
    };
    let valid = options.lints.passes(&result, &warnings);
    // `rfc1738 check urls.txt`: an argument that is no URL but names a file.
    let file_hint = (line.source == 0 && result.is_err() && std::path::Path::new(&*text).is_file())
        .then(|| format!("{text} is a file: did you mean --file {text}?"));
    let output = match options.format {
        _ if options.quiet || (options.failures && valid) => String::new(),
        Format::Json => {
            let mut record = Record::new(
                &text,
                options.spec,
                &result,
                &warnings,
                &options.lints,
                origin,
                options.advice,
            );
            if let Some(hint) = file_hint {
                record.set_help(hint);
            }
            let mut json = serde_json::to_string(&record).expect("a record serializes");
            json.push('\n');
            json
        }
        Format::Human => match &result {
            Ok(_) if warnings.is_empty() => format!("ok {text}\n"),
            Ok(url) => {
                let verdict = if valid { "ok" } else { "denied" };
                format!(
                    "{verdict} {text}\n{}\n\n",
                    render::warnings(url, &warnings, &options.lints, origin, options.color)
                )
            }
            Err(error) => {
                let hint = file_hint.map_or(String::new(), |hint| format!("\n  = help: {hint}"));
                format!("{}{hint}\n\n", diagnostic(error, &text, origin, options))
            }
        },
    };
    Outcome {
        output,
        diagnostic: String::new(),
        valid,
        tally: options.summary.then(|| Tally {
            scheme: match &result {
                Ok(url) => render::scheme_key(url),
                Err(error) => render::error_scheme_key(error).unwrap_or_else(|| OTHER.to_owned()),
            },
            error_rule: result.as_ref().err().map(ParseError::rule),
            warning_codes: warnings
                .iter()
                .map(|warning| warning.code().name())
                .collect(),
        }),
        bytes: line.bytes.len(),
    }
}

/// The diagnostic of `error`, with its advice unless `check --no-advice`
/// leaves it out (then it is not worked out either).
fn diagnostic(error: &ParseError, text: &str, origin: Origin<'_>, options: &Options) -> String {
    if options.advice {
        render::diagnostic(error, text, origin, options.color)
    } else {
        let none = render::Advice {
            help: None,
            fix: None,
        };
        render::advised_diagnostic(error, text, origin, options.color, none)
    }
}

/// `check --reference`: one input judged as a `URI-reference` of the
/// generic syntax of `options.spec`.
fn check_reference(line: &Line, origin: Origin<'_>, options: &Options) -> Outcome {
    let text = String::from_utf8_lossy(&line.bytes);
    // Bytes that are not UTF-8 are an error where they start.
    let record_result: Result<UriRef<'_>, ParseError> =
        UriRef::parse_bytes_with(&line.bytes, options.spec);
    let valid = record_result.is_ok();
    let output = match options.format {
        _ if options.quiet || (options.failures && valid) => String::new(),
        Format::Json => {
            let record = Record::reference(&text, &record_result, origin, options.advice);
            let mut json = serde_json::to_string(&record).expect("a record serializes");
            json.push('\n');
            json
        }
        Format::Human => match &record_result {
            Ok(_) => format!("ok {text}\n"),
            Err(error) => format!("{}\n\n", diagnostic(error, &text, origin, options)),
        },
    };
    Outcome {
        output,
        diagnostic: String::new(),
        valid,
        tally: options.summary.then(|| Tally {
            scheme: match &record_result {
                Ok(uri) => uri
                    .scheme()
                    .map_or_else(|| "(relative)".to_owned(), str::to_ascii_lowercase),
                Err(error) => render::error_scheme_key(error).unwrap_or_else(|| OTHER.to_owned()),
            },
            error_rule: record_result.as_ref().err().map(ParseError::rule),
            warning_codes: Vec::new(),
        }),
        bytes: line.bytes.len(),
    }
}

/// `rfc1738 fix`'s record of one input.
#[derive(Serialize)]
struct FixRecord<'a> {
    input: &'a str,
    /// Whether the input was valid as it is.
    valid: bool,
    /// The input (valid), its fix, or null where there is none.
    output: Option<&'a str>,
    error: Option<render::ErrorRecord>,
    file: Option<&'a str>,
    input_line: usize,
}

/// `rfc1738 fix`: one input as it is where it is valid, else its fix; the
/// error of one that has none goes to standard error (human output).
fn fix_line(line: &Line, origin: Origin<'_>, options: &Options) -> Outcome {
    let text = String::from_utf8_lossy(&line.bytes);
    let error = if options.reference {
        UriRef::parse_bytes_with(&line.bytes, options.spec).err()
    } else {
        Url::parse_bytes(&line.bytes, options.spec).err()
    };
    let fixed = error
        .as_ref()
        .and_then(ParseError::fix)
        .map(rfc1738::Fix::text);
    let output = match &error {
        None => Some(&*text),
        Some(_) => fixed,
    };
    let (stdout, diagnostic) = match options.format {
        Format::Json => {
            let record = FixRecord {
                input: &text,
                valid: error.is_none(),
                output,
                error: error.as_ref().map(render::ErrorRecord::new),
                file: origin.file,
                input_line: origin.line,
            };
            let mut json = serde_json::to_string(&record).expect("a record serializes");
            json.push('\n');
            (json, String::new())
        }
        Format::Human => match (output, &error) {
            (Some(output), error) => {
                // What a fix removes is said, as its help says it.
                let removed: Vec<&str> = error
                    .as_ref()
                    .and_then(ParseError::fix)
                    .map(|fix| fix.removals().collect())
                    .unwrap_or_default();
                let note = if removed.is_empty() {
                    String::new()
                } else {
                    format!("note: {}: {}\n", origin.place(), removed.join("; "))
                };
                (format!("{output}\n"), note)
            }
            (None, Some(error)) => (
                String::new(),
                format!(
                    "{}\n\n",
                    render::diagnostic(error, &text, origin, options.color)
                ),
            ),
            (None, None) => unreachable!("a valid input is its own output"),
        },
    };
    Outcome {
        output: stdout,
        diagnostic,
        valid: output.is_some(),
        // `fix` has no --summary.
        tally: None,
        bytes: line.bytes.len(),
    }
}

/// Bytes of a long line's start that its JSON record shows.
const LINE_START_BYTES: usize = 64;

/// The start of a line of `length` bytes (its end excluded) of which `kept`
/// holds the first: at most [`LINE_START_BYTES`], neither the `\r` of its end
/// nor part of a UTF-8 character cut at the limit.
fn line_start(kept: &[u8], length: u64) -> std::borrow::Cow<'_, str> {
    let length = usize::try_from(length).unwrap_or(usize::MAX);
    let start = &kept[..kept.len().min(length).min(LINE_START_BYTES)];
    // Back from the end to the last character's first byte: if the
    // character is longer than what is left, it was cut.
    let continuation = |byte: &u8| byte & 0b1100_0000 == 0b1000_0000;
    let trailing = start
        .iter()
        .rev()
        .take(3)
        .take_while(|b| continuation(b))
        .count();
    let start = match start
        .len()
        .checked_sub(trailing + 1)
        .map(|at| (at, start[at]))
    {
        Some((at, lead)) if lead.leading_ones() as usize > trailing + 1 => &start[..at],
        _ => start,
    };
    String::from_utf8_lossy(start)
}

/// What a line longer than `--max-line-bytes` is told, and its help.
fn too_long_message(length: u64, max: usize) -> (String, &'static str) {
    (
        format!("the line holds {length} bytes, more than --max-line-bytes ({max}): not checked"),
        "URLs in the wild stay under a few kilobytes; raise --max-line-bytes to check longer lines",
    )
}

/// The JSON record of a line longer than `--max-line-bytes` (`length`
/// bytes, of which `kept` holds the first), with the error `line-too-long`,
/// handed to `write`.
pub fn with_too_long_record<T>(
    kept: &[u8],
    length: u64,
    max: usize,
    origin: Origin<'_>,
    spec: Spec,
    write: impl FnOnce(&render::Record<'_>) -> T,
) -> T {
    let (message, help) = too_long_message(length, max);
    let input = format!("{}…", line_start(kept, length));
    let error = render::ErrorRecord::too_long(max, message, help);
    write(&render::Record::too_long(&input, spec, error, origin))
}

/// The report of a line longer than `--max-line-bytes` (`length` bytes, of
/// which `kept` holds the first), in `format`, without the newline after
/// it: a JSON record with the error `line-too-long`, or the diagnostic.
pub fn too_long_report(
    kept: &[u8],
    length: u64,
    max: usize,
    origin: Origin<'_>,
    spec: Spec,
    format: Format,
    color: bool,
) -> String {
    match format {
        Format::Json => with_too_long_record(kept, length, max, origin, spec, |record| {
            serde_json::to_string(record).expect("a record serializes")
        }),
        Format::Human => {
            let (message, help) = too_long_message(length, max);
            render::plain_error("line-too-long", &message, help, origin, color)
        }
    }
}

/// A line longer than `--max-line-bytes`: reported as invalid, not checked.
fn too_long(line: &Line, length: u64, origin: Origin<'_>, options: &Options) -> Outcome {
    let max = options.max_line_bytes;
    let output = if options.fix && matches!(options.format, Format::Json) {
        // `fix`'s record: no output, and the error as `check` gives it.
        let (message, help) = too_long_message(length, max);
        let mut json = serde_json::to_string(&FixRecord {
            input: &format!("{}…", line_start(&line.bytes, length)),
            valid: false,
            output: None,
            error: Some(render::ErrorRecord::too_long(max, message, help)),
            file: origin.file,
            input_line: origin.line,
        })
        .expect("a record serializes");
        json.push('\n');
        json
    } else {
        let mut output = too_long_report(
            &line.bytes,
            length,
            max,
            origin,
            options.spec,
            options.format,
            options.color,
        );
        output.push_str(if matches!(options.format, Format::Json) {
            "\n"
        } else {
            "\n\n"
        });
        output
    };
    Outcome {
        output,
        diagnostic: String::new(),
        valid: false,
        tally: options.summary.then(|| Tally {
            scheme: OTHER.to_owned(),
            error_rule: Some("line-too-long".to_owned()),
            warning_codes: Vec::new(),
        }),
        bytes: usize::try_from(length).unwrap_or(usize::MAX),
    }
}

/// Counts for `--summary`: the same for the same input, run after run.
#[derive(Default, Serialize)]
struct Summary {
    urls: u64,
    valid: u64,
    invalid: u64,
    blank_lines: u64,
    bytes: u64,
    by_scheme: Vec<(String, u64)>,
    by_error_rule: Vec<(String, u64)>,
    by_warning: Vec<(String, u64)>,
}

/// The wall-clock figures of a run, apart from the counts.
#[derive(Serialize)]
struct Timing {
    seconds: f64,
    urls_per_second: f64,
    megabytes_per_second: f64,
}

impl Timing {
    fn of(summary: &Summary, started: Instant) -> Timing {
        let seconds = started.elapsed().as_secs_f64();
        Timing {
            seconds,
            urls_per_second: summary.urls as f64 / seconds.max(1e-9),
            megabytes_per_second: summary.bytes as f64 / 1e6 / seconds.max(1e-9),
        }
    }
}

/// How many entries of each count the human summary shows.
const SUMMARY_TOP: usize = 10;

/// The scheme key of an invalid input that writes no scheme (one that
/// writes one counts under it, known or not), or of a line too long to
/// check.
const OTHER: &str = "(other)";

#[derive(Default)]
struct Counts {
    scheme: HashMap<String, u64>,
    error_rule: HashMap<String, u64>,
    warning: HashMap<&'static str, u64>,
}

impl Counts {
    fn merge(&mut self, other: Counts) {
        for (scheme, n) in other.scheme {
            *self.scheme.entry(scheme).or_default() += n;
        }
        for (rule, n) in other.error_rule {
            *self.error_rule.entry(rule).or_default() += n;
        }
        for (code, n) in other.warning {
            *self.warning.entry(code).or_default() += n;
        }
    }
}

fn sorted<K: ToString>(counts: HashMap<K, u64>) -> Vec<(String, u64)> {
    let mut list: Vec<(String, u64)> = counts
        .into_iter()
        .map(|(key, n)| (key.to_string(), n))
        .collect();
    list.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    list
}

impl Summary {
    fn render_human(&self, timing: &Timing) -> String {
        // The most frequent entries, and how many more there are with what
        // they count between them: "and 77 more (90 URLs)".
        let join = |list: &[(String, u64)], counted: &str| {
            let mut shown = list
                .iter()
                .take(SUMMARY_TOP)
                .map(|(key, n)| format!("{key} {n}"))
                .collect::<Vec<_>>()
                .join(", ");
            if let Some(rest) = list.get(SUMMARY_TOP..).filter(|rest| !rest.is_empty()) {
                let count: u64 = rest.iter().map(|(_, n)| n).sum();
                shown.push_str(&format!(", and {} more ({count} {counted})", rest.len()));
            }
            shown
        };
        let plural = |count: u64, one: &str, many: &str| {
            format!("{count} {}", if count == 1 { one } else { many })
        };
        let mut out = format!(
            "summary: {}, {} valid, {} invalid, {} skipped; {:.2} s, {:.0} URLs/s, {:.1} MB/s\n",
            plural(self.urls, "URL", "URLs"),
            self.valid,
            self.invalid,
            plural(self.blank_lines, "blank line", "blank lines"),
            timing.seconds,
            timing.urls_per_second,
            timing.megabytes_per_second,
        );
        if !self.by_scheme.is_empty() {
            out.push_str(&format!("  by scheme: {}\n", join(&self.by_scheme, "URLs")));
        }
        if self.by_scheme.iter().any(|(key, _)| key == OTHER) {
            out.push_str(&format!(
                "  {OTHER}: invalid inputs that write no scheme, and lines too long to check\n"
            ));
        }
        if !self.by_error_rule.is_empty() {
            out.push_str(&format!(
                "  invalid, by rule expected: {}\n",
                join(&self.by_error_rule, "URLs")
            ));
        }
        if !self.by_warning.is_empty() {
            out.push_str(&format!(
                "  warnings, by code: {}\n",
                join(&self.by_warning, "warnings")
            ));
        }
        out
    }
}

/// How many batches each thread gets of a chunk: enough that a thread that
/// draws slow lines does not hold the others up for long.
const BATCHES_PER_THREAD: usize = 8;

/// The results of a run of lines, checked on one thread: their output in
/// order, and their counts.
#[derive(Default)]
struct Batch {
    output: String,
    /// What goes to standard error (`fix`'s errors), each with where it
    /// comes in `output`.
    diagnostics: Vec<(usize, String)>,
    urls: u64,
    valid: u64,
    invalid: u64,
    bytes: u64,
    counts: Counts,
}

impl Batch {
    fn add(&mut self, outcome: Outcome) {
        self.urls += 1;
        self.bytes += outcome.bytes as u64 + 1;
        if outcome.valid {
            self.valid += 1;
        } else {
            self.invalid += 1;
        }
        self.output.push_str(&outcome.output);
        if !outcome.diagnostic.is_empty() {
            self.diagnostics
                .push((self.output.len(), outcome.diagnostic));
        }
        if let Some(tally) = outcome.tally {
            *self.counts.scheme.entry(tally.scheme).or_default() += 1;
            if let Some(rule) = tally.error_rule {
                *self.counts.error_rule.entry(rule).or_default() += 1;
            }
            for code in tally.warning_codes {
                *self.counts.warning.entry(code).or_default() += 1;
            }
        }
    }
}

/// Writes a chunk's results in order, and counts them.
fn write_batches(
    batches: Vec<Batch>,
    out: &mut impl Write,
    summary: &mut Summary,
    counts: &mut Counts,
) -> io::Result<()> {
    for batch in batches {
        summary.urls += batch.urls;
        summary.bytes += batch.bytes;
        summary.valid += batch.valid;
        summary.invalid += batch.invalid;
        if batch.invalid > 0 {
            crate::exit::saw_invalid();
        }
        let mut written = 0;
        for (at, diagnostic) in &batch.diagnostics {
            out.write_all(&batch.output.as_bytes()[written..*at])?;
            written = *at;
            // In order with what came before it on standard output.
            out.flush()?;
            io::stderr().lock().write_all(diagnostic.as_bytes())?;
        }
        out.write_all(&batch.output.as_bytes()[written..])?;
        counts.merge(batch.counts);
    }
    Ok(())
}

/// How long a run goes before its progress bar shows: a run shorter than
/// that (a few URLs, a small file) draws none, rather than flash one.
const PROGRESS_AFTER: Duration = Duration::from_millis(500);

/// A progress bar for standard error when it is a terminal, hidden until
/// [`show_after_a_while`] draws it; `None` when it never shows.
fn progress(files: &[PathBuf], has_arguments: bool) -> Option<ProgressBar> {
    if !io::stderr().is_terminal() {
        return None;
    }
    let total: Option<u64> = (!has_arguments && !files.is_empty())
        .then(|| {
            files
                .iter()
                .map(|path| std::fs::metadata(path).map(|m| m.len()).ok())
                .sum()
        })
        .flatten();
    let style = match total {
        Some(_) => "{bar:40} {bytes}/{total_bytes} {msg} ({eta})",
        None => "{spinner} {bytes} {msg}",
    };
    Some(
        ProgressBar::with_draw_target(total, ProgressDrawTarget::hidden())
            .with_style(ProgressStyle::with_template(style).expect("a valid template")),
    )
}

/// Draws the bar on standard error once the run has gone on for
/// [`PROGRESS_AFTER`], and from then on.
fn show_after_a_while(pending: &mut Option<ProgressBar>, started: Instant) {
    if started.elapsed() < PROGRESS_AFTER {
        return;
    }
    if let Some(bar) = pending.take() {
        bar.set_draw_target(ProgressDrawTarget::stderr());
        bar.enable_steady_tick(Duration::from_millis(200));
    }
}

/// Checks every input and prints one result each (and the summary); `Ok(true)`
/// when all are valid.
pub fn run(options: Options) -> io::Result<bool> {
    let started = Instant::now();
    let mut pending_bar = progress(&options.files, !options.urls.is_empty());
    let bar = pending_bar.clone().unwrap_or_else(ProgressBar::hidden);
    let mut inputs = Inputs::new(
        options.urls.clone(),
        options.files.clone(),
        options.max_line_bytes,
    );
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut summary = Summary::default();
    let mut counts = Counts::default();
    let mut blank = 0;
    let mut chunk = inputs.next_chunk(&mut blank)?;
    while !chunk.is_empty() {
        let names = inputs.names.clone();
        // A few batches per thread: each thread writes its lines' results
        // into one buffer and counts them, so that the writer copies a
        // buffer per batch, not a line at a time.
        let batch_lines = chunk
            .len()
            .div_ceil(rayon::current_num_threads() * BATCHES_PER_THREAD)
            .max(1);
        let check = || {
            chunk
                .par_chunks(batch_lines)
                .map(|lines| {
                    let mut batch = Batch::default();
                    for line in lines {
                        batch.add(check_line(line, names[line.source].as_deref(), &options));
                    }
                    batch
                })
                .collect::<Vec<Batch>>()
        };
        // Read the next chunk while this one is checked, but not from
        // standard input, whose next lines may wait for its writer while
        // these results are due.
        let (next, batches) = if inputs.may_read_stdin() {
            (None, check())
        } else {
            let (next, batches) = rayon::join(|| inputs.next_chunk(&mut blank), check);
            (Some(next), batches)
        };
        // The progress bar stays off the lines while they are written.
        bar.suspend(|| write_batches(batches, &mut out, &mut summary, &mut counts))?;
        if next.is_none() || !bar.is_hidden() {
            out.flush()?;
        }
        show_after_a_while(&mut pending_bar, started);
        bar.set_position(summary.bytes);
        bar.set_message(format!(
            "{} {}, {} invalid",
            summary.urls,
            if summary.urls == 1 { "URL" } else { "URLs" },
            summary.invalid
        ));
        // `--quiet` answers as `grep -q` does: the first failure settles the
        // exit status, and no count is asked for.
        if options.quiet && !options.summary && summary.invalid > 0 {
            break;
        }
        chunk = match next {
            Some(next) => next?,
            None => inputs.next_chunk(&mut blank)?,
        };
    }
    bar.finish_and_clear();
    summary.blank_lines = blank;
    out.flush()?;
    if options.summary {
        let timing = Timing::of(&summary, started);
        summary.by_scheme = sorted(counts.scheme);
        summary.by_error_rule = sorted(counts.error_rule);
        summary.by_warning = sorted(counts.warning);
        // Out of the per-URL stream, on standard error in either format, so
        // that standard output holds the results alone; after them.
        out.flush()?;
        match options.format {
            Format::Human => io::stderr()
                .lock()
                .write_all(summary.render_human(&timing).as_bytes())?,
            // The counts, the same run after run, then the time on a line of
            // its own.
            Format::Json => {
                #[derive(Serialize)]
                struct Counted<'a> {
                    summary: &'a Summary,
                }
                #[derive(Serialize)]
                struct Timed<'a> {
                    timing: &'a Timing,
                }
                let mut err = io::stderr().lock();
                serde_json::to_writer(&mut err, &Counted { summary: &summary })?;
                err.write_all(b"\n")?;
                serde_json::to_writer(&mut err, &Timed { timing: &timing })?;
                err.write_all(b"\n")?;
            }
        }
    }
    out.flush()?;
    Ok(summary.invalid == 0)
}
