//! Parse time against input length, for valid inputs and for the error path
//! (with the error's report worked out), including shapes that make a PEG
//! read one way and then another. Throughput is in bytes, so time per byte at
//! each length reads directly as MB/s.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use rfc1738::{Spec, Url};

/// Inputs of about `len` bytes of each shape, and the specification.
fn shapes(len: usize) -> Vec<(&'static str, String, Spec)> {
    let run = |unit: &str| unit.repeat(len / unit.len());
    vec![
        // Valid: a long ftp path.
        (
            "ftp-path",
            format!("ftp://host.example/{}", run("dir/")),
            Spec::Rfc1738,
        ),
        // Valid: a user part with no "@", which the grammar reads as a user
        // first, then as a host (the fast path, as a lone hostport, once).
        (
            "user-without-at",
            format!("ftp://{}", run("a")),
            Spec::Rfc1738,
        ),
        // Valid: many "%09", each a place where the gopher split is tried.
        (
            "gopher-tabs",
            format!("gopher://h/1{}", run("%09")),
            Spec::Rfc1738,
        ),
        // Valid: a long host name of many labels.
        (
            "host-labels",
            format!("http://{}x/", run("ab-c.")),
            Spec::Rfc1738,
        ),
        // Invalid at the end: the whole input is read before the error.
        (
            "error-at-end",
            format!("http://host/{} ", run("a")),
            Spec::Rfc1738,
        ),
        // Invalid: a long host then a bad port, read as user and password first.
        ("bad-port", format!("ftp://{}:x/", run("a")), Spec::Rfc1738),
        // Valid under RFC 2396: a long path and query.
        (
            "uri-path",
            format!("http://h/{}?q", run("seg/")),
            Spec::Rfc2396,
        ),
        // Invalid under RFC 2396: nested LDAP filters, the one recursive rule.
        (
            "ldap-nesting",
            format!("ldap:///o=a??sub?{}", run("(&")),
            Spec::Rfc2396,
        ),
    ]
}

fn linear(c: &mut Criterion) {
    let mut group = c.benchmark_group("length");
    group.sample_size(10);
    for len in [100, 10_000, 1_000_000] {
        for (shape, input, spec) in shapes(len) {
            group.throughput(Throughput::Bytes(input.len() as u64));
            group.bench_with_input(BenchmarkId::new(shape, len), &input, |b, input| {
                b.iter(|| match Url::parse_with(input, spec) {
                    Ok(_) => 0,
                    Err(error) => error.offset(),
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, linear);
criterion_main!(benches);
