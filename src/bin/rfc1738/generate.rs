//! `rfc1738 gen`: URLs that conform by construction, or near-misses one edit
//! away from one, each with the error it must raise; for other people's
//! fuzzing campaigns and test suites.

use std::io::{self, IsTerminal, Write};

use arbitrary::Unstructured;
use rfc1738::{Expected, GeneratedUrl, Scheme, Spec, Url};
use serde::Serialize;

use crate::Format;

/// What `gen` was asked to do.
pub struct Options {
    pub spec: Spec,
    pub format: Format,
    /// `None`: every known scheme and generic URLs, in turn.
    pub scheme: Option<SchemeChoice>,
    pub count: u64,
    pub seed: u64,
    pub invalid: bool,
}

/// A scheme to generate: a known one, or the generic form.
#[derive(Clone, Copy, Debug)]
pub enum SchemeChoice {
    Known(Scheme),
    Generic,
}

/// What an edit may put into a URL: every printable ASCII character, a
/// space, a non-ASCII letter and a broken escape.
const EDITS: &[&str] = &[
    " ", "!", "\"", "#", "$", "%", "&", "'", "(", ")", "*", "+", ",", "-", ".", "/", "0", "9", ":",
    ";", "<", "=", ">", "?", "@", "A", "Z", "[", "\\", "]", "^", "_", "`", "a", "z", "{", "|", "}",
    "~", "é", "%4", "%G0",
];

#[derive(Serialize)]
struct Record<'a> {
    url: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    offset: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    expected: Option<Vec<String>>,
}

pub fn run(options: &Options) -> io::Result<bool> {
    if options.spec == Spec::Rfc2396 {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "gen generates URLs of RFC 1738, draft-07 and RFC 3986 (--spec rfc1738, draft07 or rfc3986), not of {}",
                options.spec.title()
            ),
        ));
    }
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut rng = fastrand::Rng::with_seed(options.seed);
    let choices: Vec<SchemeChoice> = match options.scheme {
        Some(choice) => vec![choice],
        None => Scheme::ALL
            .into_iter()
            .map(SchemeChoice::Known)
            .chain([SchemeChoice::Generic])
            .collect(),
    };
    let annotate = io::stdout().is_terminal();
    for index in 0..options.count {
        let choice = choices[(index % choices.len() as u64) as usize];
        let scheme = match choice {
            SchemeChoice::Known(scheme) => Some(scheme),
            SchemeChoice::Generic => None,
        };
        let bytes: Vec<u8> = (0..rng.usize(0..192)).map(|_| rng.u8(..)).collect();
        let valid = GeneratedUrl::generate(&mut Unstructured::new(&bytes), options.spec, scheme)
            .map_err(|error| io::Error::other(error.to_string()))?;
        if !options.invalid {
            match options.format {
                Format::Human => writeln!(out, "{}", valid.as_str())?,
                Format::Json => {
                    serde_json::to_writer(
                        &mut out,
                        &Record {
                            url: valid.as_str(),
                            offset: None,
                            expected: None,
                        },
                    )?;
                    writeln!(out)?;
                }
            }
            continue;
        }
        let (url, error) = near_miss(&mut rng, valid.as_str(), options.spec);
        match options.format {
            // On a terminal, the error each must raise after a tab; in a
            // pipe, the URLs alone, for the parser that reads them.
            Format::Human if annotate => writeln!(
                out,
                "{url}\t# invalid at byte {}: expected {}",
                error.offset(),
                crate::render::expected_names(error.expected())
            )?,
            Format::Human => writeln!(out, "{url}")?,
            Format::Json => {
                let record = Record {
                    url: &url,
                    offset: Some(error.offset()),
                    expected: Some(error.expected().iter().map(Expected::name).collect()),
                };
                serde_json::to_writer(&mut out, &record)?;
                writeln!(out)?;
            }
        }
    }
    out.flush()?;
    Ok(true)
}

/// `valid` with one edit (an insertion, a deletion or a replacement) that
/// makes it invalid, and the error it raises.
fn near_miss(rng: &mut fastrand::Rng, valid: &str, spec: Spec) -> (String, rfc1738::ParseError) {
    loop {
        let chars: Vec<char> = valid.chars().collect();
        let at = rng.usize(..=chars.len());
        let piece = EDITS[rng.usize(..EDITS.len())];
        let mut edited: String = chars[..at].iter().collect();
        match rng.usize(..3) {
            0 => {
                edited.push_str(piece);
                edited.extend(&chars[at..]);
            }
            1 if at < chars.len() => edited.extend(&chars[at + 1..]),
            _ if at < chars.len() => {
                edited.push_str(piece);
                edited.extend(&chars[at + 1..]);
            }
            _ => continue,
        }
        if let Err(error) = Url::parse_with(&edited, spec) {
            return (edited, error);
        }
    }
}
