//! `rfc1738 gen`: URLs that conform (derived from the grammar and read back
//! by it), or near-misses one edit
//! away from one, each with the error it must raise; for other people's
//! fuzzing campaigns and test suites.

use std::io::{self, IsTerminal, Write};

use arbitrary::Unstructured;
use rfc1738::{Expected, GeneratedUrl, Scheme, Spec, near_miss};
use serde::Serialize;

use crate::args::Format;

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

/// A scheme to generate: a known one, the generic form, or a scheme by its
/// name (under RFC 2396, uri(7)'s form of man, info, whatis, ghelp or ldap;
/// else the generic form with that name).
#[derive(Clone, Debug)]
pub enum SchemeChoice {
    Known(Scheme),
    Generic,
    Named(String),
}

#[derive(Serialize)]
struct Record<'a> {
    url: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    offset: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    expected: Option<Vec<String>>,
}

pub fn run(options: &Options) -> io::Result<bool> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut rng = fastrand::Rng::with_seed(options.seed);
    let choices: Vec<SchemeChoice> = match &options.scheme {
        Some(choice) => vec![choice.clone()],
        None => Scheme::ALL
            .into_iter()
            // uri(7) gives these no form.
            .filter(|&scheme| {
                options.spec != Spec::Rfc2396 || !matches!(scheme, Scheme::Nntp | Scheme::Prospero)
            })
            .map(SchemeChoice::Known)
            .chain([SchemeChoice::Generic])
            .collect(),
    };
    let annotate = io::stdout().is_terminal();
    // `count` URLs are written; `index` counts the URLs generated, one more
    // when a URL that no edit tried makes invalid is passed over.
    let mut written = 0;
    let mut index: u64 = 0;
    while written < options.count {
        let choice = &choices[(index % choices.len() as u64) as usize];
        index += 1;
        let bytes: Vec<u8> = (0..rng.usize(0..192)).map(|_| rng.u8(..)).collect();
        let mut u = Unstructured::new(&bytes);
        let generated = match choice {
            SchemeChoice::Known(scheme) => {
                GeneratedUrl::generate(&mut u, options.spec, Some(*scheme))
            }
            SchemeChoice::Generic => GeneratedUrl::generate(&mut u, options.spec, None),
            SchemeChoice::Named(name) => GeneratedUrl::generate_named(&mut u, options.spec, name),
        };
        let valid = match generated {
            Ok(valid) => valid,
            // A URL is derived from the grammar and read back; when no
            // derivation from these bytes conformed, the next bytes are
            // tried (a grammar that refused all would be a bug).
            Err(arbitrary::Error::IncorrectFormat) if index < 1000 * (written + 1) => continue,
            Err(error) => return Err(io::Error::other(error.to_string())),
        };
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
            written += 1;
            continue;
        }
        let Some((url, error)) =
            near_miss(valid.as_str(), options.spec, |below| rng.usize(..below))
        else {
            continue;
        };
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
        written += 1;
    }
    out.flush()?;
    Ok(true)
}
