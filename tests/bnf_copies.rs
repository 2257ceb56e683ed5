//! Comments quote BNF lines: the independent recognizers (`tests/oracle*/`)
//! the lines they were written from, the fast readers and the generator the
//! rule a piece of code reads or writes. Each quote is held to the
//! grammar's copy of the line (a `///` line of `grammar/`, or a `//` line
//! there for a rule the grammar has no pest rule for), so that no copy can
//! drift from the grammar unseen. (Quotes in backquotes, in the sources'
//! docs and messages, are held by `every_quoted_bnf_line_is_the_grammar_s`
//! in `src/syntax/rules.rs`.)

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The files of `folder` with `extension`, but for build output and
/// virtual environments (`target/`, hidden folders), which are not ours.
fn files(folder: &Path, extension: &str, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        if path.is_dir() {
            if name != "target" && !name.starts_with('.') {
                files(&path, extension, out);
            }
        } else if path.extension().is_some_and(|ext| ext == extension) {
            out.push(path);
        }
    }
}

fn spaced(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The text after a comment marker, if the line is a comment.
fn comment(line: &str) -> Option<&str> {
    let line = line.trim_start();
    ["///", "//!", "//", "#"]
        .iter()
        .find_map(|marker| line.strip_prefix(marker))
}

/// A BNF line's rule name, if `text` starts as one: `name = ...`, after an
/// optional `RFC 1738: `-style note of the specification.
fn bnf_name(text: &str) -> Option<&str> {
    let text = text
        .split_once(": ")
        .filter(|(spec, _)| ["RFC 1738", "draft-07", "RFC 2396", "RFC 3986"].contains(spec))
        .map_or(text, |(_, rest)| rest);
    let (name, _) = text.split_once(" = ")?;
    let is_name = !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"_-+".contains(&b));
    is_name.then_some(name)
}

/// The grammar's BNF lines by rule name, each also without the comment
/// Section 5 writes after `;`.
fn grammar_lines() -> HashMap<String, Vec<String>> {
    let mut pest = Vec::new();
    files(&Path::new(ROOT).join("grammar"), "pest", &mut pest);
    assert!(pest.len() > 15, "{} grammar files", pest.len());
    let mut lines: HashMap<String, Vec<String>> = HashMap::new();
    for path in pest {
        for line in fs::read_to_string(&path).unwrap().lines() {
            let Some(text) = comment(line).map(spaced) else {
                continue;
            };
            let Some(name) = bnf_name(&text) else {
                continue;
            };
            let forms = lines.entry(name.to_owned()).or_default();
            if let Some((rule, _)) = text.split_once(" ; ") {
                forms.push(rule.to_owned());
            }
            forms.push(text);
        }
    }
    lines
}

/// Every BNF line a comment of the sources quotes, with where: a quote
/// goes on over the comment lines that follow it while its brackets are
/// open or it ends with an alternation, and ends at a "; " that a remark
/// follows (another BNF line after "; " is a quote of its own).
fn comment_quotes(grammar: &HashMap<String, Vec<String>>) -> Vec<(String, String)> {
    let mut sources = Vec::new();
    for (folder, extension) in [
        ("src", "rs"),
        ("tests", "rs"),
        ("python/src", "rs"),
        ("python/rfc1738", "py"),
        ("python/rfc1738", "pyi"),
        ("python/tests", "py"),
        ("lab/src", "rs"),
        ("benches", "rs"),
        ("fuzz/fuzz_targets", "rs"),
        ("build.rs", "rs"),
    ] {
        let path = Path::new(ROOT).join(folder);
        // The Python package, the lab and the fuzz targets are in the
        // repository, not in the crate's package, whose tests run without
        // them.
        let top = folder.split('/').next().unwrap_or(folder);
        if ["python", "lab", "fuzz"].contains(&top) && !Path::new(ROOT).join(top).is_dir() {
            continue;
        }
        if path.is_file() {
            sources.push(path);
        } else {
            files(&path, extension, &mut sources);
        }
    }
    assert!(sources.len() > 80, "{} source files", sources.len());
    // This file's own examples are not quotes.
    sources.retain(|path| !path.ends_with("tests/bnf_copies.rs"));
    let mut quotes = Vec::new();
    for path in sources {
        let text = fs::read_to_string(&path).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let mut at = 0;
        while at < lines.len() {
            let start = at;
            at += 1;
            let Some(first) = comment(lines[start]).map(spaced) else {
                continue;
            };
            if bnf_name(&first).is_none() {
                continue;
            }
            let mut quote = first;
            let open = |quote: &str| {
                quote.matches(['[', '(']).count() > quote.matches([']', ')']).count()
                    || quote.ends_with('|')
                    || quote.ends_with('/')
            };
            // ABNF writes alternatives on the lines below, each after "/".
            let goes_on = |more: &str| {
                let more = more.trim_start();
                more.starts_with("/ ") || more.starts_with("| ")
            };
            loop {
                match lines.get(at).and_then(|line| comment(line)) {
                    Some(more) if open(&quote) || goes_on(more) => {
                        quote = format!("{quote} {}", spaced(more));
                        at += 1;
                    }
                    _ => break,
                }
            }
            let place = format!(
                "{}:{}",
                path.strip_prefix(ROOT).unwrap().display(),
                start + 1
            );
            let oracle = place.starts_with("tests/oracle");
            for part in quote.split("; ") {
                // Outside the oracles, `name = ...` quotes BNF only when the
                // grammar has the name (`state = ...` is code).
                let known = bnf_name(part).is_some_and(|name| oracle || grammar.contains_key(name));
                if known {
                    quotes.push((place.clone(), part.to_owned()));
                }
            }
        }
    }
    quotes
}

/// `line` without a remark at its end: a parenthesized note that starts
/// with a word and holds no alternation or literal, as in `(RFC 2234)`, not
/// a group such as `(b | c)`.
fn without_remark(line: &str) -> &str {
    let note = line.ends_with(')').then(|| {
        line.match_indices(" (").map(|(at, _)| at).find(|&at| {
            let note = &line[at + 2..];
            note.starts_with(|c: char| c.is_ascii_alphabetic())
                && !note.contains(['|', '"'])
                && !note.contains(" / ")
        })
    });
    let line = note.flatten().map_or(line, |at| &line[..at]);
    line.trim_end_matches(['.', ',', ';'])
}

/// Whether `long` is `short` with the alternatives that `short` leaves out
/// as " ... " spelt out: each piece of `short` in order, the first at the
/// start and the last at the end.
fn spells_out(long: &str, short: &str) -> bool {
    let pieces: Vec<&str> = short.split(" ... ").collect();
    if pieces.len() < 2 || !long.starts_with(pieces[0]) {
        return false;
    }
    let mut rest = &long[pieces[0].len()..];
    for piece in &pieces[1..pieces.len() - 1] {
        match rest.find(piece) {
            Some(at) => rest = &rest[at + piece.len()..],
            None => return false,
        }
    }
    rest.ends_with(pieces[pieces.len() - 1])
}

/// Whether `quote` is the grammar's `line`: the same but for a remark
/// after either, or one of them abbreviated with " ... " where the other
/// spells the alternatives out.
fn is_copy_of(quote: &str, line: &str) -> bool {
    let remark_after = |long: &str, short: &str| {
        long.strip_prefix(short)
            .is_some_and(|rest| rest.starts_with(", ") || rest.starts_with(": "))
    };
    let (quote, line) = (without_remark(quote), without_remark(line));
    quote == line
        || remark_after(quote, line)
        || remark_after(line, quote)
        || spells_out(quote, line)
        || spells_out(line, quote)
}

#[test]
fn every_bnf_line_a_comment_quotes_is_the_grammar_s() {
    let grammar = grammar_lines();
    let quotes = comment_quotes(&grammar);
    let mut stale = Vec::new();
    for (place, quote) in &quotes {
        let text = bnf_name(quote).map_or(&quote[..], |name| {
            &quote[quote.find(&format!("{name} = ")).unwrap()..]
        });
        let name = bnf_name(text).unwrap();
        let matches = grammar
            .get(name)
            .is_some_and(|lines| lines.iter().any(|line| is_copy_of(text, line)));
        if !matches {
            stale.push(format!("{place}: {quote}"));
        }
    }
    assert!(quotes.len() > 100, "{} quotes", quotes.len());
    assert!(
        stale.is_empty(),
        "BNF lines that comments quote and that are no line of grammar/:\n{}",
        stale.join("\n")
    );
}

#[test]
fn a_quote_and_its_grammar_line_are_told_apart() {
    let line = r#"hostport = host [ ":" port ]"#;
    assert!(is_copy_of(line, line));
    assert!(is_copy_of(
        r#"hostport = host [ ":" port ], first match wins."#,
        line
    ));
    assert!(!is_copy_of(r#"hostport = host [ ":" ports ]"#, line));
    assert!(!is_copy_of(r#"hostport = host"#, line));
    let hex =
        r#"hex = digit | "A" | "B" | "C" | "D" | "E" | "F" | "a" | "b" | "c" | "d" | "e" | "f""#;
    assert!(is_copy_of(
        r#"hex = digit | "A" | ... | "F" | "a" | ... | "f""#,
        hex
    ));
    assert!(!is_copy_of(
        r#"hex = digit | "A" | ... | "G" | "a" | ... | "f""#,
        hex
    ));
    assert!(is_copy_of(
        "ALPHA = %x41-5A / %x61-7A",
        "ALPHA = %x41-5A / %x61-7A (RFC 2234)"
    ));
    assert!(!is_copy_of("x = a (b | c)", "x = a (d)"));
    assert!(!is_copy_of("x = a (b / c)", "x = a"));
    assert!(!is_copy_of(
        r#"absoluteURI = scheme ":""#,
        r#"absoluteURI = scheme ":" ( hier_part | opaque_part )"#
    ));
    assert_eq!(bnf_name("RFC 1738: extra = \"!\""), Some("extra"));
    assert_eq!(bnf_name("The letters of hex = digit"), None);
}
