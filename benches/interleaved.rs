//! The contenders timed in turns: each round times every contender of a
//! corpus once, in an order shuffled every round, so that a change in the
//! machine's load falls on all of them alike rather than on whichever one
//! happened to be timing, and no contender always follows the same one. On a
//! shared machine this gives ratios that move by a few percent from run to
//! run, where ratios of separate measurements moved by a quarter.
//!
//! ```sh
//! cargo bench --bench interleaved                   # every corpus
//! cargo bench --bench interleaved -- mix invalid-75 --rounds 60
//! ```
//!
//! For each corpus it prints the time per URL of each contender in its
//! fastest round and the median round, then each ratio two ways: between
//! the fastest rounds, and as the median and the 10th to 90th percentiles
//! (nearest rank) of the ratios within one round.

use std::hint::black_box;
use std::time::Instant;

use rfc1738::{OwnedUrl, Spec, UriRef, Url};

mod common;
use common::{
    check, examples, floor, long, mix, near_miss_under, rfc2396, rfc3986, short, with_invalid,
};

/// Seconds per URL over `reps` passes of `urls`, each URL given to `each`.
/// Every contender is its own instance of this loop, so that each is called
/// as directly as the others.
fn passes(urls: &[String], reps: usize, each: impl Fn(&str)) -> f64 {
    let start = Instant::now();
    for _ in 0..reps {
        for url in urls {
            each(black_box(url));
        }
    }
    start.elapsed().as_secs_f64() / (reps * urls.len()) as f64
}

/// A timed contender: its name, its inputs, and its loop.
struct Contender {
    name: &'static str,
    urls: Vec<String>,
    time: fn(&[String], usize) -> f64,
}

impl Contender {
    fn new(name: &'static str, urls: &[String], time: fn(&[String], usize) -> f64) -> Self {
        Contender {
            name,
            urls: urls.to_vec(),
            time,
        }
    }
}

/// `Url::parse_with_warnings`: the verdict and the lints of `rfc1738 check`.
fn check_time(urls: &[String], reps: usize) -> f64 {
    passes(urls, reps, |url| {
        black_box(check(url));
    })
}

/// `Url::parse`: the typed view, or the error, built.
fn parse_time(urls: &[String], reps: usize) -> f64 {
    passes(urls, reps, |url| {
        black_box(Url::parse(url).is_ok());
    })
}

/// `Url::parse`, with each error's report worked out (`offset` asks for it).
fn built_time(urls: &[String], reps: usize) -> f64 {
    passes(urls, reps, |url| match Url::parse(url) {
        Ok(url) => {
            black_box(url);
        }
        Err(error) => {
            black_box(error.offset());
        }
    })
}

/// `Url::is_valid`: the verdict alone.
fn is_valid_time(urls: &[String], reps: usize) -> f64 {
    passes(urls, reps, |url| {
        black_box(Url::is_valid(url, Spec::Rfc1738));
    })
}

/// `Url::parse`, and each error rendered (`to_string`).
fn render_time(urls: &[String], reps: usize) -> f64 {
    passes(urls, reps, |url| match Url::parse(url) {
        Ok(url) => {
            black_box(url);
        }
        Err(error) => {
            black_box(error.to_string());
        }
    })
}

/// `OwnedUrl::parse`: a copy of the text, with the view kept beside it.
fn owned_time(urls: &[String], reps: usize) -> f64 {
    passes(urls, reps, |url| {
        black_box(OwnedUrl::parse(url).is_ok());
    })
}

/// `Url::parse`, then `into_owned` (which reads the copy again).
fn into_owned_time(urls: &[String], reps: usize) -> f64 {
    passes(urls, reps, |url| {
        black_box(Url::parse(url).map(Url::into_owned).is_ok());
    })
}

/// `Url::parse_with(_, Spec::Rfc2396)`.
fn rfc2396_time(urls: &[String], reps: usize) -> f64 {
    passes(urls, reps, |url| {
        black_box(Url::parse_with(url, Spec::Rfc2396).is_ok());
    })
}

/// The grammar alone, without the fast path (`rfc1738::__grammar_parse`):
/// the generated reader and the lowering.
fn grammar_time(urls: &[String], reps: usize) -> f64 {
    passes(urls, reps, |url| {
        black_box(rfc1738::__grammar_parse(url, Spec::Rfc1738).is_ok());
    })
}

/// [`grammar_time`] under RFC 2396.
fn grammar_rfc2396_time(urls: &[String], reps: usize) -> f64 {
    passes(urls, reps, |url| {
        black_box(rfc1738::__grammar_parse(url, Spec::Rfc2396).is_ok());
    })
}

/// `Url::parse_with(_, Spec::Rfc3986)`.
fn rfc3986_time(urls: &[String], reps: usize) -> f64 {
    passes(urls, reps, |url| {
        black_box(Url::parse_with(url, Spec::Rfc3986).is_ok());
    })
}

/// `Url::parse_with(_, Spec::Rfc3986)`, each error's report worked out.
fn built_rfc3986_time(urls: &[String], reps: usize) -> f64 {
    passes(urls, reps, |url| {
        match Url::parse_with(url, Spec::Rfc3986) {
            Ok(url) => {
                black_box(url);
            }
            Err(error) => {
                black_box(error.offset());
            }
        }
    })
}

/// `Url::parse_with(_, Spec::Rfc3986)`, each error rendered on one line.
fn render_rfc3986_time(urls: &[String], reps: usize) -> f64 {
    passes(urls, reps, |url| {
        match Url::parse_with(url, Spec::Rfc3986) {
            Ok(url) => {
                black_box(url);
            }
            Err(error) => {
                black_box(error.to_string());
            }
        }
    })
}

/// `Url::is_valid(_, Spec::Rfc3986)`: the verdict alone.
fn is_valid_rfc3986_time(urls: &[String], reps: usize) -> f64 {
    passes(urls, reps, |url| {
        black_box(Url::is_valid(url, Spec::Rfc3986));
    })
}

/// `UriRef::parse_with(_, Spec::Rfc3986)`.
fn uri_ref_rfc3986_time(urls: &[String], reps: usize) -> f64 {
    passes(urls, reps, |url| {
        black_box(UriRef::parse_with(url, Spec::Rfc3986).is_ok());
    })
}

fn fluent_uri_ref_time(urls: &[String], reps: usize) -> f64 {
    passes(urls, reps, |url| {
        black_box(fluent_uri::UriRef::parse(url).is_ok());
    })
}

/// `UriRef::parse`.
fn uri_ref_time(urls: &[String], reps: usize) -> f64 {
    passes(urls, reps, |url| {
        black_box(UriRef::parse(url).is_ok());
    })
}

fn fluent_uri_time(urls: &[String], reps: usize) -> f64 {
    passes(urls, reps, |url| {
        black_box(fluent_uri::Uri::parse(url).is_ok());
    })
}

fn url_time(urls: &[String], reps: usize) -> f64 {
    passes(urls, reps, |url| {
        black_box(url::Url::parse(url).is_ok());
    })
}

fn floor_time(urls: &[String], reps: usize) -> f64 {
    passes(urls, reps, |url| {
        black_box(floor(url));
    })
}

/// The contenders of a corpus of RFC 1738 URLs.
fn section5(urls: &[String]) -> Vec<Contender> {
    vec![
        Contender::new("check", urls, check_time),
        Contender::new("parse", urls, parse_time),
        Contender::new("is_valid", urls, is_valid_time),
        Contender::new("grammar", urls, grammar_time),
        Contender::new("fluent_uri", urls, fluent_uri_time),
        Contender::new("url", urls, url_time),
        Contender::new("floor", urls, floor_time),
    ]
}

const SECTION5_RATIOS: &[(&str, &str)] = &[
    ("check", "fluent_uri"),
    ("parse", "fluent_uri"),
    ("is_valid", "fluent_uri"),
    ("parse", "url"),
    ("parse", "floor"),
    ("grammar", "parse"),
];

/// How long one timing lasts, in seconds: long enough that the clock's grain
/// does not count, short enough that a round is brief.
const TIMING: f64 = 0.01;

/// The `q`-quantile of `values`, which are sorted, by nearest rank.
fn quantile(values: &[f64], q: f64) -> f64 {
    values[((values.len() - 1) as f64 * q).round() as usize]
}

fn sorted(mut values: Vec<f64>) -> Vec<f64> {
    values.sort_by(f64::total_cmp);
    values
}

fn run(name: &str, contenders: &[Contender], ratios: &[(&str, &str)], rounds: usize) {
    // The number of passes is doubled until a timing lasts `TIMING`: the
    // first, cold pass would give too few once the caches and the branch
    // predictors are warm.
    let reps: Vec<usize> = contenders
        .iter()
        .map(|contender| {
            let mut reps = 1;
            while (contender.time)(&contender.urls, reps) * ((reps * contender.urls.len()) as f64)
                < TIMING
            {
                reps *= 2;
            }
            reps
        })
        .collect();
    // A fixed seed: the same orders in every run.
    let mut rng = fastrand::Rng::with_seed(1738);
    let mut order: Vec<usize> = (0..contenders.len()).collect();
    // times[c]: seconds per URL of contender c, a round at a time.
    let mut times = vec![Vec::with_capacity(rounds); contenders.len()];
    for _ in 0..rounds {
        rng.shuffle(&mut order);
        for &c in &order {
            times[c].push((contenders[c].time)(&contenders[c].urls, reps[c]));
        }
    }
    let index = |wanted: &str| {
        contenders
            .iter()
            .position(|c| c.name == wanted)
            .expect("a contender")
    };
    let urls = &contenders[0].urls;
    let bytes: usize = urls.iter().map(String::len).sum();
    let invalid = urls
        .iter()
        .filter(|url| !Url::is_valid(url, Spec::Rfc1738))
        .count();
    println!(
        "{name}: {} URLs of {:.1} bytes on average, {:.1}% invalid under RFC 1738, {rounds} rounds",
        urls.len(),
        bytes as f64 / urls.len() as f64,
        100.0 * invalid as f64 / urls.len() as f64,
    );
    let fastest: Vec<f64> = times
        .iter()
        .map(|own| own.iter().copied().fold(f64::INFINITY, f64::min))
        .collect();
    println!("  ns per URL      fastest    median");
    for (c, contender) in contenders.iter().enumerate() {
        println!(
            "  {:<12} {:>10.1} {:>9.1}",
            contender.name,
            fastest[c] * 1e9,
            quantile(&sorted(times[c].clone()), 0.5) * 1e9
        );
    }
    println!("  ratio                    fastest   per round: median  10%-90%");
    for &(top, bottom) in ratios {
        let (top_at, bottom_at) = (index(top), index(bottom));
        let per_round = sorted(
            times[top_at]
                .iter()
                .zip(&times[bottom_at])
                .map(|(t, b)| t / b)
                .collect(),
        );
        println!(
            "  {:<24} {:>7.3} {:>19.3}  {:.3}-{:.3}",
            format!("{top} / {bottom}"),
            fastest[top_at] / fastest[bottom_at],
            quantile(&per_round, 0.5),
            quantile(&per_round, 0.1),
            quantile(&per_round, 0.9),
        );
    }
    println!();
}

fn main() {
    // Arguments are read as criterion's are, since `cargo bench -- ARGS`
    // gives them to every bench: a word is a filter, and a corpus runs when
    // its name holds one of the filters (all run when there is none); other
    // flags, `--bench` among them, are criterion's and left alone.
    let mut rounds = 50;
    let mut filters = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--rounds" => {
                rounds = args
                    .next()
                    .and_then(|n| n.parse().ok())
                    .filter(|&n| n > 0)
                    .unwrap_or_else(|| {
                        eprintln!("--rounds takes a number above 0");
                        std::process::exit(2)
                    });
            }
            flag if flag.starts_with('-') => {}
            filter => filters.push(filter.to_owned()),
        }
    }
    let wanted =
        |name: &str| filters.is_empty() || filters.iter().any(|f| name.contains(f.as_str()));
    for (name, urls) in [
        ("examples", examples as fn() -> Vec<String>),
        ("mix", || mix(10_000, 1738)),
        ("short", || short(10_000, 1738)),
        ("long", long),
    ] {
        if wanted(name) {
            run(name, &section5(&urls()), SECTION5_RATIOS, rounds);
        }
    }
    // Real lists hold some invalid lines: near misses of `rfc1738 gen
    // --invalid`'s kind, among short and longer URLs.
    let both = || {
        let mut urls = short(5_000, 4);
        urls.extend(mix(5_000, 4));
        urls
    };
    if wanted("invalid-4") {
        let urls = with_invalid(both(), 4, 4);
        let mut contenders = section5(&urls);
        contenders.insert(2, Contender::new("built", &urls, built_time));
        let mut ratios = SECTION5_RATIOS.to_vec();
        ratios.push(("built", "fluent_uri"));
        run("invalid-4", &contenders, &ratios, rounds);
    }
    if wanted("invalid-75") {
        let urls = with_invalid(both(), 75, 75);
        let mut contenders = section5(&urls);
        contenders.insert(2, Contender::new("built", &urls, built_time));
        contenders.insert(3, Contender::new("render", &urls, render_time));
        let mut ratios = SECTION5_RATIOS.to_vec();
        ratios.push(("built", "fluent_uri"));
        ratios.push(("render", "fluent_uri"));
        run("invalid-75", &contenders, &ratios, rounds);
    }
    for (name, ldap) in [("rfc2396", true), ("rfc2396-no-ldap", false)] {
        if !wanted(name) {
            continue;
        }
        // The fast path covers every form of the corpus but ldap, which pest
        // reads: the corpus without it shows the fast path alone.
        let urls: Vec<String> = rfc2396(10_000, 2396)
            .into_iter()
            .filter(|url| ldap || !url.starts_with("ldap:"))
            .collect();
        let contenders = [
            Contender::new("rfc2396", &urls, rfc2396_time),
            Contender::new("uri_ref", &urls, uri_ref_time),
            Contender::new("grammar", &urls, grammar_rfc2396_time),
            Contender::new("fluent_uri", &urls, fluent_uri_time),
            Contender::new("url", &urls, url_time),
            Contender::new("floor", &urls, floor_time),
        ];
        let ratios = [
            ("rfc2396", "fluent_uri"),
            ("uri_ref", "fluent_uri"),
            ("rfc2396", "url"),
            ("grammar", "rfc2396"),
        ];
        run(name, &contenders, &ratios, rounds);
    }
    if wanted("rfc3986") {
        let urls = rfc3986(10_000, 3986);
        let contenders = [
            Contender::new("rfc3986", &urls, rfc3986_time),
            Contender::new("is_valid", &urls, is_valid_rfc3986_time),
            Contender::new("uri_ref", &urls, uri_ref_rfc3986_time),
            Contender::new("fluent_uri", &urls, fluent_uri_time),
            Contender::new("fluent_ref", &urls, fluent_uri_ref_time),
            Contender::new("url", &urls, url_time),
        ];
        let ratios = [
            ("rfc3986", "fluent_uri"),
            ("is_valid", "fluent_uri"),
            ("uri_ref", "fluent_ref"),
            ("rfc3986", "url"),
        ];
        run("rfc3986", &contenders, &ratios, rounds);
    }
    if wanted("rfc3986-near-misses") {
        // Each URI of the corpus against a near miss of it, invalid under
        // RFC 3986: what an error costs, in parses of a valid URI.
        let valid = rfc3986(5_000, 3986);
        let mut rng = fastrand::Rng::with_seed(66);
        let invalid: Vec<String> = valid
            .iter()
            .map(|url| near_miss_under(&mut rng, url, Spec::Rfc3986))
            .collect();
        let contenders = [
            Contender::new("render", &invalid, render_rfc3986_time),
            Contender::new("built", &invalid, built_rfc3986_time),
            Contender::new("error", &invalid, rfc3986_time),
            Contender::new("parse", &valid, rfc3986_time),
            Contender::new("fluent_uri", &valid, fluent_uri_time),
        ];
        let ratios = [
            ("render", "parse"),
            ("built", "parse"),
            ("error", "parse"),
            ("parse", "fluent_uri"),
        ];
        run("rfc3986-near-misses", &contenders, &ratios, rounds);
    }
    if wanted("owned") {
        // An owned URL against the borrowed view, and against url::Url,
        // which owns its text too.
        let urls = mix(10_000, 1738);
        let contenders = [
            Contender::new("parse", &urls, parse_time),
            Contender::new("owned", &urls, owned_time),
            Contender::new("into_owned", &urls, into_owned_time),
            Contender::new("url", &urls, url_time),
        ];
        let ratios = [
            ("owned", "parse"),
            ("into_owned", "parse"),
            ("owned", "url"),
        ];
        run("owned", &contenders, &ratios, rounds);
    }
    if wanted("near-misses") {
        // Every URL of the invalid corpora as a near miss, against the very
        // URL it misses: what an error costs, in parses of a valid URL.
        let pairs: Vec<(String, String)> = both()
            .into_iter()
            .zip(with_invalid(both(), 100, 100))
            .filter(|(_, missed)| Url::parse(missed).is_err())
            .collect();
        let (valid, invalid): (Vec<String>, Vec<String>) = pairs.into_iter().unzip();
        let contenders = [
            Contender::new("render", &invalid, render_time),
            Contender::new("built", &invalid, built_time),
            Contender::new("error", &invalid, parse_time),
            Contender::new("parse", &valid, parse_time),
            Contender::new("check", &valid, check_time),
            Contender::new("fluent_uri", &valid, fluent_uri_time),
        ];
        let ratios = [
            ("render", "parse"),
            ("built", "parse"),
            ("error", "parse"),
            ("parse", "fluent_uri"),
            ("check", "fluent_uri"),
        ];
        run("near-misses", &contenders, &ratios, rounds);
    }
    if wanted("error-path") {
        // A rendered diagnostic of a 100-byte URL invalid at byte 80 (a `~`,
        // which RFC 1738 does not allow), against parsing the URL fixed.
        let valid = "http://www.example.com/archive/of/the/site/documents/in/a/long/path/to/the/index-1.html?q=22&r=19945";
        let invalid = valid.replace("index-1", "index~1");
        let contenders = [
            Contender::new("render", std::slice::from_ref(&invalid), render_time),
            Contender::new("built", std::slice::from_ref(&invalid), built_time),
            Contender::new("error", &[invalid], parse_time),
            Contender::new("parse", &[valid.to_owned()], parse_time),
            Contender::new("check", &[valid.to_owned()], check_time),
        ];
        let ratios = [
            ("render", "parse"),
            ("built", "parse"),
            ("error", "parse"),
            ("render", "check"),
        ];
        run("error-path", &contenders, &ratios, rounds);
    }
}
