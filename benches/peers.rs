//! rfc1738 against the URL parsers people use, on the same inputs in the same
//! run: our `check` (parse and warnings: the verdict `rfc1738 check` gives),
//! our `parse` (the typed view), the pest grammar alone (`pest`, what `parse`
//! does without its fast path), `url::Url::parse` (WHATWG), `fluent_uri::Uri::parse`
//! (RFC 3986, generic syntax only), and a floor that is no parser: one look-up
//! of each byte in a 256-entry table. Throughput is in bytes, so criterion
//! prints MB/s; compare within one run (ratios), since absolute times depend on
//! the machine and its load.
//!
//! Groups: `examples` (the valid example URLs of the documents), `mix`
//! (10,000 generated URLs of the RFC 1738 schemes, about 57 bytes each, all
//! valid: `benches/corpus.py`'s proportions with longer paths), `long` (a few
//! URLs of 10 to 100 KB), `by-scheme` (`parse` and `fluent_uri` on each
//! scheme's share of `mix`), and `error-path` (a rendered diagnostic for a
//! 100-byte invalid URL against parsing a 100-byte valid one).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rfc1738::{Spec, Url};

/// The documents' example URLs that are valid under RFC 1738.
fn examples() -> Vec<String> {
    include_str!("../tests/data/examples.txt")
        .lines()
        .filter(|line| !line.is_empty() && !line.starts_with(['#', '[']))
        .filter(|line| Url::parse(line).is_ok())
        .map(str::to_owned)
        .collect()
}

/// `count` URLs of the RFC 1738 schemes in realistic proportions, about 57
/// bytes each, all valid; the same for the same seed. The proportions are
/// `benches/corpus.py`'s.
fn mix(count: usize, seed: u64) -> Vec<String> {
    let mut rng = fastrand::Rng::with_seed(seed);
    const WORDS: &[&str] = &[
        "pub", "doc", "rfc", "gopher", "www", "index", "misc", "archive", "src", "README", "motd",
        "etc", "files", "images", "data", "notes", "v2", "old", "new", "users", "info", "lists",
    ];
    const HOSTS: &[&str] = &[
        "ftp.example.com",
        "www.ietf.org",
        "gopher.umn.edu",
        "news.example.net",
        "host.dom",
        "archive.example.org",
        "192.0.2.17",
        "mirror.cs.example.edu",
    ];
    let word = |rng: &mut fastrand::Rng| WORDS[rng.usize(..WORDS.len())];
    let mut urls = Vec::with_capacity(count);
    for _ in 0..count {
        let host = HOSTS[rng.usize(..HOSTS.len())];
        let path = |rng: &mut fastrand::Rng, n: usize| {
            (0..n).map(|_| word(rng)).collect::<Vec<_>>().join("/")
        };
        let n = rng.usize(5..12);
        let url = match rng.usize(..19) {
            0..=5 => format!("http://{host}/{}.html", path(&mut rng, n)),
            6..=9 => format!("ftp://{host}/{}.txt", path(&mut rng, n)),
            10..=11 => format!("gopher://{host}:70/1{}%09search", path(&mut rng, 5)),
            12 => format!(
                "news:comp.{}.{}.{}",
                word(&mut rng),
                word(&mut rng),
                word(&mut rng)
            ),
            13 => format!("mailto:{}.{}@{host}", word(&mut rng), word(&mut rng)),
            14 => format!("file://{host}/{}", path(&mut rng, 6)),
            15 => format!(
                "wais://{host}:210/{}?{}+{}",
                word(&mut rng),
                word(&mut rng),
                word(&mut rng)
            ),
            16 => format!("telnet://{}@{host}/", word(&mut rng)),
            17 => format!("prospero://{host}/{};version=1", path(&mut rng, 5)),
            _ => format!("x-archive://{host}/{}", path(&mut rng, 5)),
        };
        urls.push(url);
    }
    urls
}

/// A few long valid URLs.
fn long() -> Vec<String> {
    vec![
        format!(
            "http://www.example.com/{}index.html",
            "segment/".repeat(12_500)
        ),
        format!(
            "ftp://user@ftp.example.com/{}file.txt",
            "dir/".repeat(2_500)
        ),
        format!("gopher://gopher.example.org/1{}%09q", "%41b".repeat(10_000)),
        format!("news:{}@host.example.net", "a.b".repeat(10_000)),
    ]
}

/// Which bytes the floor takes: every printable ASCII character but space.
static FLOOR: [bool; 256] = {
    let mut table = [false; 256];
    let mut byte = 0x21;
    while byte < 0x7f {
        table[byte] = true;
        byte += 1;
    }
    table
};

fn floor(input: &str) -> bool {
    input.bytes().all(|byte| FLOOR[usize::from(byte)])
}

/// What `rfc1738 check` computes for a line: the verdict and the warnings.
fn check(input: &str) -> (bool, usize) {
    match Url::parse_with_warnings(input, Spec::Rfc1738) {
        Ok((_, warnings)) => (true, warnings.len()),
        Err(_) => (false, 0),
    }
}

fn group(c: &mut Criterion, name: &str, urls: &[String]) {
    let bytes: usize = urls.iter().map(String::len).sum();
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Bytes(bytes as u64));
    group.bench_function("check", |b| {
        b.iter(|| {
            for url in urls {
                black_box(check(black_box(url)));
            }
        })
    });
    group.bench_function("parse", |b| {
        b.iter(|| {
            for url in urls {
                black_box(Url::parse(black_box(url)).is_ok());
            }
        })
    });
    group.bench_function("pest", |b| {
        b.iter(|| {
            for url in urls {
                black_box(rfc1738::__pest_parse(black_box(url), Spec::Rfc1738).is_ok());
            }
        })
    });
    group.bench_function("url", |b| {
        b.iter(|| {
            for url in urls {
                black_box(url::Url::parse(black_box(url)).is_ok());
            }
        })
    });
    group.bench_function("fluent_uri", |b| {
        b.iter(|| {
            for url in urls {
                black_box(fluent_uri::Uri::parse(black_box(url.as_str())).is_ok());
            }
        })
    });
    group.bench_function("floor", |b| {
        b.iter(|| {
            for url in urls {
                black_box(floor(black_box(url)));
            }
        })
    });
    group.finish();
}

fn peers(c: &mut Criterion) {
    group(c, "examples", &examples());
    group(c, "mix", &mix(10_000, 1738));
    group(c, "long", &long());
    by_scheme(c, &mix(10_000, 1738));
}

/// `parse` against `fluent_uri` on each scheme's share of `mix`: where the
/// fast path gains or loses on the generic reading.
fn by_scheme(c: &mut Criterion, urls: &[String]) {
    let mut group = c.benchmark_group("by-scheme");
    for scheme in [
        "http",
        "ftp",
        "gopher",
        "news",
        "mailto",
        "file",
        "wais",
        "telnet",
        "prospero",
        "x-archive",
    ] {
        let share: Vec<&str> = urls
            .iter()
            .map(String::as_str)
            .filter(|url| url.split(':').next() == Some(scheme))
            .collect();
        let bytes: usize = share.iter().map(|url| url.len()).sum();
        group.throughput(Throughput::Bytes(bytes as u64));
        group.bench_function(format!("{scheme}/parse"), |b| {
            b.iter(|| {
                for url in &share {
                    black_box(Url::parse(black_box(url)).is_ok());
                }
            })
        });
        group.bench_function(format!("{scheme}/fluent_uri"), |b| {
            b.iter(|| {
                for url in &share {
                    black_box(fluent_uri::Uri::parse(black_box(*url)).is_ok());
                }
            })
        });
    }
    group.finish();
}

/// A rendered diagnostic for a 100-byte invalid URL, against parsing a
/// 100-byte valid one, checking it, and parsing it by the grammar alone.
fn error_path(c: &mut Criterion) {
    let valid = "http://www.example.com/archive/of/the/site/documents/in/a/long/path/to/the/index-1.html?q=22&r=19945";
    let invalid = "http://www.example.com/archive/of/the/site/documents/in/a/long/path/to/the/index~1.html?q=22&r=19945";
    assert_eq!(valid.len(), 100);
    assert!(Url::parse(valid).is_ok() && Url::parse(invalid).is_err());
    let mut group = c.benchmark_group("error-path");
    group.throughput(Throughput::Bytes(100));
    group.bench_function("parse", |b| {
        b.iter(|| black_box(Url::parse(black_box(valid)).is_ok()))
    });
    group.bench_function("check", |b| b.iter(|| black_box(check(black_box(valid)))));
    group.bench_function("pest", |b| {
        b.iter(|| black_box(rfc1738::__pest_parse(black_box(valid), Spec::Rfc1738).is_ok()))
    });
    group.bench_function("error", |b| {
        b.iter(|| {
            let error = Url::parse(black_box(invalid)).unwrap_err();
            black_box(error.to_string())
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(std::time::Duration::from_secs(1))
        .measurement_time(std::time::Duration::from_secs(3));
    targets = peers, error_path
}
criterion_main!(benches);
