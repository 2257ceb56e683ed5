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

mod common;
use common::{check, examples, floor, long, mix};

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
                black_box(rfc1738::__grammar_parse(black_box(url), Spec::Rfc1738).is_ok());
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
        b.iter(|| black_box(rfc1738::__grammar_parse(black_box(valid), Spec::Rfc1738).is_ok()))
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
