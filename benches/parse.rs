//! Parse time against input length, for valid inputs and for the error path,
//! including shapes that make a PEG read one way and then another. Throughput
//! is in bytes, so time per byte at each length reads directly as MB/s.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use rfc1738::{Spec, Url};

/// Inputs of about `len` bytes of each shape.
fn shapes(len: usize) -> Vec<(&'static str, String)> {
    let run = |unit: &str| unit.repeat(len / unit.len());
    vec![
        // Valid: a long ftp path.
        ("ftp-path", format!("ftp://host.example/{}", run("dir/"))),
        // Valid: a user part with no "@", which the grammar reads as a user
        // first, then as a host (the fast path, as a lone hostport, once).
        ("user-without-at", format!("ftp://{}", run("a"))),
        // Valid: many "%09", each a place where the gopher split is tried.
        ("gopher-tabs", format!("gopher://h/1{}", run("%09"))),
        // Valid: a long host name of many labels.
        ("host-labels", format!("http://{}x/", run("ab-c."))),
        // Invalid at the end: the whole input is read before the error.
        ("error-at-end", format!("http://host/{} ", run("a"))),
        // Invalid: a long host then a bad port, read as user and password first.
        ("bad-port", format!("ftp://{}:x/", run("a"))),
    ]
}

fn linear(c: &mut Criterion) {
    let mut group = c.benchmark_group("length");
    group.sample_size(10);
    for len in [100, 10_000, 1_000_000] {
        for (shape, input) in shapes(len) {
            group.throughput(Throughput::Bytes(input.len() as u64));
            group.bench_with_input(BenchmarkId::new(shape, len), &input, |b, input| {
                b.iter(|| Url::parse_with(input, Spec::Rfc1738).is_ok())
            });
        }
    }
    group.finish();
}

criterion_group!(benches, linear);
criterion_main!(benches);
