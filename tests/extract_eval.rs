//! `extract` against 270 snippets of real text (man pages, Debian
//! changelogs, READMEs, Perl and Python module docs, crate READMEs,
//! licences, mail), each labelled with the URLs a careful reader sees in it
//! before the tool was run (`tests/data/extract_eval/snippets.jsonl`, sources
//! named by package; fragments set aside). The default mode holds precision
//! and recall of at least 0.95; `docs/extract.md` gives the figures.

use std::collections::HashMap;

use rfc1738::{ExtractOptions, extract};
use serde_json::Value;

/// Precision and recall over the set, matching URLs snippet by snippet as
/// multisets.
fn score(options: &ExtractOptions) -> (f64, f64, Vec<String>) {
    let (mut hits, mut found, mut labelled) = (0usize, 0usize, 0usize);
    let mut misses = Vec::new();
    for line in include_str!("data/extract_eval/snippets.jsonl").lines() {
        let snippet: Value = serde_json::from_str(line).unwrap();
        let mut wanted: HashMap<String, usize> = HashMap::new();
        for url in snippet["urls"].as_array().unwrap() {
            let url = url.as_str().unwrap();
            *wanted
                .entry(url.split('#').next().unwrap().to_owned())
                .or_default() += 1;
            labelled += 1;
        }
        for url in extract(snippet["text"].as_str().unwrap(), options) {
            found += 1;
            let url = url.url().split('#').next().unwrap().to_owned();
            match wanted.get_mut(&url) {
                Some(count) if *count > 0 => {
                    *count -= 1;
                    hits += 1;
                }
                _ => misses.push(format!("{}: extra {url:?}", snippet["id"])),
            }
        }
        for (url, count) in wanted {
            if count > 0 {
                misses.push(format!("{}: missed {url:?}", snippet["id"]));
            }
        }
    }
    (
        hits as f64 / found.max(1) as f64,
        hits as f64 / labelled.max(1) as f64,
        misses,
    )
}

#[test]
fn the_default_mode_finds_what_a_careful_reader_finds() {
    let (precision, recall, misses) = score(&ExtractOptions::default());
    eprintln!("default: precision {precision:.3}, recall {recall:.3}");
    assert!(
        precision >= 0.95 && recall >= 0.95,
        "precision {precision:.3}, recall {recall:.3}:\n{}",
        misses.join("\n")
    );
}

#[test]
fn any_scheme_finds_as_much_at_some_cost_in_precision() {
    let default = score(&ExtractOptions::default());
    let any = score(&ExtractOptions {
        any_scheme: true,
        ..Default::default()
    });
    eprintln!("--any-scheme: precision {:.3}, recall {:.3}", any.0, any.1);
    assert!(any.1 >= default.1, "recall {} under {}", any.1, default.1);
    assert!(any.0 >= 0.85, "precision {}", any.0);
}
