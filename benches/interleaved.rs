//! The contenders of `peers`, timed in turns: each round times every one of
//! them once over the corpus, in an order shuffled every round, so that a
//! change in the machine's load falls on all of them alike rather than on
//! whichever criterion happened to be timing, and no contender always follows
//! the same one. On a shared machine this gives ratios that move by a few
//! percent from run to run, where ratios of `peers`' separate measurements
//! moved by a quarter.
//!
//! ```sh
//! cargo bench --bench interleaved                   # examples, mix and long
//! cargo bench --bench interleaved -- mix --rounds 60
//! ```
//!
//! For each corpus it prints the time per URL of each contender in its
//! fastest round and the median round, then each ratio two ways: between
//! the fastest rounds, and as the median and the 10th to 90th percentiles
//! (nearest rank) of the ratios within one round.

use std::hint::black_box;
use std::time::Instant;

use rfc1738::Url;

mod common;
use common::{check, examples, floor, long, mix};

/// What is timed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Contender {
    /// `Url::parse_with_warnings`: what `rfc1738 check` computes.
    Check,
    /// `Url::parse`: the typed view.
    Parse,
    /// `fluent_uri::Uri::parse`.
    FluentUri,
    /// `url::Url::parse`.
    Url,
    /// One table look-up per byte: no parser.
    Floor,
}

const CONTENDERS: [Contender; 5] = [
    Contender::Check,
    Contender::Parse,
    Contender::FluentUri,
    Contender::Url,
    Contender::Floor,
];

/// The ratios printed, as (numerator, denominator).
const RATIOS: [(Contender, Contender); 5] = [
    (Contender::Check, Contender::FluentUri),
    (Contender::Parse, Contender::FluentUri),
    (Contender::Parse, Contender::Url),
    (Contender::Check, Contender::Url),
    (Contender::Parse, Contender::Floor),
];

impl Contender {
    fn name(self) -> &'static str {
        match self {
            Contender::Check => "check",
            Contender::Parse => "parse",
            Contender::FluentUri => "fluent_uri",
            Contender::Url => "url",
            Contender::Floor => "floor",
        }
    }

    /// Seconds per URL over `reps` passes of `urls`. Each arm is its own
    /// loop, so that every contender is called as directly as the others.
    fn time(self, urls: &[String], reps: usize) -> f64 {
        fn passes(urls: &[String], reps: usize, each: impl Fn(&str)) -> f64 {
            let start = Instant::now();
            for _ in 0..reps {
                for url in urls {
                    each(black_box(url));
                }
            }
            start.elapsed().as_secs_f64() / (reps * urls.len()) as f64
        }
        match self {
            Contender::Check => passes(urls, reps, |url| {
                black_box(check(url));
            }),
            Contender::Parse => passes(urls, reps, |url| {
                black_box(Url::parse(url).is_ok());
            }),
            Contender::FluentUri => passes(urls, reps, |url| {
                black_box(fluent_uri::Uri::parse(url).is_ok());
            }),
            Contender::Url => passes(urls, reps, |url| {
                black_box(url::Url::parse(url).is_ok());
            }),
            Contender::Floor => passes(urls, reps, |url| {
                black_box(floor(url));
            }),
        }
    }
}

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

fn run(name: &str, urls: &[String], rounds: usize) {
    let bytes: usize = urls.iter().map(String::len).sum();
    // The number of passes is doubled until a timing lasts `TIMING`: the
    // first, cold pass would give too few once the caches and the branch
    // predictors are warm.
    let reps: Vec<usize> = CONTENDERS
        .iter()
        .map(|contender| {
            let mut reps = 1;
            while contender.time(urls, reps) * ((reps * urls.len()) as f64) < TIMING {
                reps *= 2;
            }
            reps
        })
        .collect();
    // A fixed seed: the same orders in every run.
    let mut rng = fastrand::Rng::with_seed(1738);
    let mut order: Vec<usize> = (0..CONTENDERS.len()).collect();
    // times[c]: seconds per URL of contender c, a round at a time.
    let mut times = vec![Vec::with_capacity(rounds); CONTENDERS.len()];
    for _ in 0..rounds {
        rng.shuffle(&mut order);
        for &c in &order {
            times[c].push(CONTENDERS[c].time(urls, reps[c]));
        }
    }
    let index = |contender: Contender| {
        CONTENDERS
            .iter()
            .position(|&c| c == contender)
            .expect("a contender")
    };
    println!(
        "{name}: {} URLs of {:.1} bytes on average, {rounds} rounds",
        urls.len(),
        bytes as f64 / urls.len() as f64
    );
    let fastest: Vec<f64> = times
        .iter()
        .map(|own| own.iter().copied().fold(f64::INFINITY, f64::min))
        .collect();
    println!("  ns per URL      fastest    median");
    for (c, contender) in CONTENDERS.iter().enumerate() {
        println!(
            "  {:<12} {:>10.1} {:>9.1}",
            contender.name(),
            fastest[c] * 1e9,
            quantile(&sorted(times[c].clone()), 0.5) * 1e9
        );
    }
    println!("  ratio                    fastest   per round: median  10%-90%");
    for (top, bottom) in RATIOS {
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
            format!("{} / {}", top.name(), bottom.name()),
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
    if wanted("examples") {
        run("examples", &examples(), rounds);
    }
    if wanted("mix") {
        run("mix", &mix(10_000, 1738), rounds);
    }
    if wanted("long") {
        run("long", &long(), rounds);
    }
}
