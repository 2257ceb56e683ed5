//! The pest grammar against an independent recognizer of the same two BNFs
//! (`tests/oracle/`, regular expressions written from the BNF text alone), on
//! the documents' examples, the rule tables, and many generated and mutated
//! strings. They must agree on every input, for both specifications.
//!
//! Each error's offset is checked too: the oracle's regular expression, run as
//! a DFA one byte at a time, dies at the first byte that leaves the language.

use crate::common;
use crate::oracle;

use oracle::{Oracle, OracleSpec, Prefixes};
use rfc1738::{Spec, Url};

/// Inputs generated per seed, unless `RFC1738_DIFFERENTIAL_INPUTS` says
/// otherwise; the number of distinct inputs compared is printed by the test.
fn generated_per_seed() -> usize {
    std::env::var("RFC1738_DIFFERENTIAL_INPUTS").map_or(40_000, |n| n.parse().expect("a number"))
}

use oracle::KNOWN_SCHEMES as KNOWN;

/// Pieces that URLs are made of, chosen to sit on the rules' boundaries.
const HOSTS: &[&str] = &[
    "h",
    "host.dom",
    "a-b.c",
    "3com.com",
    "1.2.3.4",
    "a.",
    "a..b",
    "a_b",
    "x%41",
    "-a",
    "a-",
    "localhost",
    "",
    "LocalHost",
    "1.2.3",
    "999.1.1.1",
    "a.1",
    "1a.b2",
    "a--b.c-d.e",
    "xn--p1ai",
    "a.b.c.d.e.f",
    "1.2.3.4.a",
    "a(b)",
    "a=b",
    "a~b",
    "é.com",
    "h:21",
    "h:",
    "h:x",
    "u@h",
    "u:p@h",
    "@h",
    "u:@h",
    ":p@h",
];
const SEGMENTS: &[&str] = &[
    "",
    "a",
    "etc",
    "%2F",
    "%2f",
    "%09",
    "%0D%0A",
    "%",
    "%4",
    "%GG",
    "~user",
    "a b",
    "a;b",
    "a?b",
    "a:b",
    "a@b",
    "a&b",
    "a=b",
    "$-_.+",
    "!*'(),",
    "{}|\\^[]`",
    "<>\"#",
    "é",
    "\t",
    "+",
    "*",
    "grp.sub-x",
    "comp.lang.c++",
    "a_b",
    "1",
    "42",
    "TEXT",
    "type=d",
    ";type=a",
    ";type=x",
    ";type=I",
    "name;f=v",
    ";a=b=c",
    "?q",
    "1sel",
];
/// Characters for mutations: every ASCII character, and a few others.
const MUTATION: &[&str] = &[
    "%09", "%", "%2", "%20", "//", "://", ";type=", "@", ":", "/", "?", ";", "=", "&", "#", "~",
    "é", "\u{0}", "\u{7f}", "\n", " ", "*", ".", "-", "+", "_",
];

fn pick<'a>(rng: &mut fastrand::Rng, pool: &[&'a str]) -> &'a str {
    pool[rng.usize(..pool.len())]
}

fn path(rng: &mut fastrand::Rng) -> String {
    (0..rng.usize(0..4))
        .map(|_| pick(rng, SEGMENTS))
        .collect::<Vec<_>>()
        .join("/")
}

/// A URL built from the pieces in the shape of a scheme's rule, often valid.
fn structured(rng: &mut fastrand::Rng) -> String {
    let host = pick(rng, HOSTS);
    let port = ["", "", ":21", ":0", ":", ":65536", ":a"][rng.usize(..7)];
    let scheme = match rng.usize(..14) {
        n @ 0..=9 => KNOWN[n].to_owned(),
        10 => KNOWN[rng.usize(..10)].to_ascii_uppercase(),
        11 => [
            "x-foo", "z39.50s", "afs", "https", "ldap", "man", "+.-", "a b", "",
        ][rng.usize(..9)]
        .to_owned(),
        _ => pick(rng, SEGMENTS).to_owned(),
    };
    match scheme.to_ascii_lowercase().as_str() {
        "news" => match rng.usize(..3) {
            0 => format!("{scheme}:*"),
            1 => format!("{scheme}:{}", pick(rng, SEGMENTS)),
            _ => format!("{scheme}:{}@{host}", pick(rng, SEGMENTS)),
        },
        "mailto" => format!("{scheme}:{}", path(rng)),
        "gopher" => {
            let tail = ["", "%09", "%09%09"][rng.usize(..3)];
            format!(
                "{scheme}://{host}{port}/{}{tail}{}",
                pick(rng, SEGMENTS),
                path(rng)
            )
        }
        "wais" => match rng.usize(..3) {
            0 => format!("{scheme}://{host}{port}/{}", pick(rng, SEGMENTS)),
            1 => format!(
                "{scheme}://{host}{port}/{}?{}",
                pick(rng, SEGMENTS),
                pick(rng, SEGMENTS)
            ),
            _ => format!("{scheme}://{host}{port}/{}", path(rng)),
        },
        "nntp" => format!("{scheme}://{host}{port}/{}", path(rng)),
        "telnet" => format!("{scheme}://{host}{port}{}", ["", "/", "/x"][rng.usize(..3)]),
        "http" => {
            let search = ["", "?", "?q=1", "?a/b"][rng.usize(..4)];
            format!("{scheme}://{host}{port}/{}{search}", path(rng))
        }
        _ => {
            let slashes = ["", "/", "//", "///"][rng.usize(..4)];
            format!("{scheme}:{slashes}{host}{port}/{}", path(rng))
        }
    }
}

/// `input` with one to three edits (`common::mutate`).
fn mutate(rng: &mut fastrand::Rng, input: &str) -> String {
    common::mutate(rng, input, MUTATION, 1..4)
}

fn corpus() -> Vec<String> {
    let mut inputs: Vec<String> = common::documents_and_tables().collect();
    let seeds = inputs.clone();
    for seed in 0..4 {
        let mut rng = fastrand::Rng::with_seed(seed);
        for _ in 0..generated_per_seed() / 2 {
            let built = structured(&mut rng);
            inputs.push(mutate(&mut rng, &built));
            inputs.push(built);
        }
        for _ in 0..generated_per_seed() / 4 {
            let seed_url = &seeds[rng.usize(..seeds.len())];
            inputs.push(mutate(&mut rng, seed_url));
        }
    }
    inputs.sort_unstable();
    inputs.dedup();
    inputs
}

#[test]
fn pest_and_the_regular_expressions_agree_on_every_input() {
    let oracle = Oracle::new();
    let inputs = corpus();
    for (spec, oracle_spec) in [
        (Spec::Rfc1738, OracleSpec::Rfc1738),
        (Spec::Draft07, OracleSpec::Draft07),
    ] {
        let dfas = Prefixes::new(&oracle, oracle_spec);
        let (mut valid, mut disagreements, mut wrong_offsets) = (0, Vec::new(), Vec::new());
        for input in &inputs {
            let ours = Url::parse_with(input, spec);
            if ours.is_ok() != oracle.accepts(oracle_spec, input) {
                disagreements.push(format!(
                    "{input:?}: pest says {:?}",
                    ours.as_ref().map(|_| "valid")
                ));
                continue;
            }
            match ours {
                Ok(url) => {
                    valid += 1;
                    assert_eq!(url.as_str(), input);
                }
                Err(error) => {
                    let dead = dfas.first_dead_byte(input);
                    if error.offset() != dead {
                        wrong_offsets.push(format!(
                            "{input:?}: offset {} but the language is left at {dead}",
                            error.offset()
                        ));
                    }
                }
            }
        }
        eprintln!(
            "{spec}: {} distinct inputs compared ({valid} valid), {} disagreements, {} wrong error offsets",
            inputs.len(),
            disagreements.len(),
            wrong_offsets.len()
        );
        let show = |list: &[String]| list.iter().take(20).cloned().collect::<Vec<_>>().join("\n");
        assert!(
            disagreements.is_empty(),
            "{spec}: verdicts differ:\n{}",
            show(&disagreements)
        );
        assert!(
            wrong_offsets.is_empty(),
            "{spec}: offsets differ:\n{}",
            show(&wrong_offsets)
        );
        assert!(
            valid * 10 > inputs.len(),
            "{spec}: too few valid inputs ({valid}) to say much"
        );
    }
}
