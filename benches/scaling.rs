//! Time against input size for the shapes that once grew faster than their
//! input: each workload at 1×, 2× and 4× its base size, the best of several
//! runs, and the ratios to 1× (2 and 4 when linear).
//!
//! ```sh
//! cargo bench --bench scaling
//! ```

use std::hint::black_box;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use rfc1738::{ExtractOptions, Spec, UriRef, Url, extract};

/// The best of `runs` timings of `work`.
fn best(runs: usize, mut work: impl FnMut()) -> Duration {
    (0..runs)
        .map(|_| {
            let start = Instant::now();
            work();
            start.elapsed()
        })
        .min()
        .unwrap()
}

fn report(name: &str, sizes: [usize; 3], unit: &str, mut time: impl FnMut(usize) -> Duration) {
    let times = sizes.map(&mut time);
    let base = times[0].as_secs_f64();
    println!("{name}");
    for (size, time) in sizes.iter().zip(times) {
        println!(
            "  {size:>9} {unit:<12} {:>10.3} ms   {:>5.2}×",
            time.as_secs_f64() * 1e3,
            time.as_secs_f64() / base
        );
    }
}

fn main() {
    // `cargo bench` passes `--bench`; any other argument is not ours.
    let runs = 5;

    report(
        "extract: URLs on one line",
        [25_000, 50_000, 100_000],
        "URLs",
        |n| {
            let text: String = (0..n)
                .map(|i| format!("see http://www.example.com/p/f{i}.html ok "))
                .collect();
            best(runs, || {
                black_box(extract(&text, &ExtractOptions::default()));
            })
        },
    );

    report(
        "extract: quoted URLs on one line",
        [400_000, 800_000, 1_600_000],
        "URLs",
        |n| {
            let text = "\"http://h/x\" ".repeat(n);
            best(runs, || {
                black_box(extract(&text, &ExtractOptions::default()));
            })
        },
    );

    for (name, unit) in [
        (
            "extract: one line of \"http://:\" (each refused)",
            "http://:",
        ),
        (
            "extract: one line of \"http://{x}\" (templates)",
            "http://{x}",
        ),
        ("extract: one line of \"(http://a)\"", "(http://a)"),
        ("extract: one line of \"[a](http://a)\"", "[a](http://a)"),
    ] {
        report(name, [50_000, 100_000, 200_000], "repeats", |n| {
            let text = unit.repeat(n);
            best(3, || {
                black_box(extract(&text, &ExtractOptions::default()));
            })
        });
    }

    report(
        "resolve: a/ segments and as many ../",
        [20_000, 40_000, 80_000],
        "segments",
        |n| {
            let base = format!("http://h/{}", "a/".repeat(n));
            let reference = "../".repeat(n);
            let base = UriRef::parse(&base).unwrap();
            let reference = UriRef::parse(&reference).unwrap();
            best(runs, || {
                black_box(reference.resolve(&base).unwrap());
            })
        },
    );

    report(
        "check: an invalid URL of one long line, with its report",
        [250_000, 500_000, 1_000_000],
        "bytes",
        |n| {
            let input = format!("http://h/{} x", "a".repeat(n));
            best(runs, || {
                let error = Url::parse_with(&input, Spec::Rfc1738).unwrap_err();
                black_box(error.message());
            })
        },
    );

    report(
        "check under RFC 2396: a long host with a stray character, with its report",
        [250_000, 500_000, 1_000_000],
        "bytes",
        |n| {
            let input = format!("http://{}_/", "a".repeat(n));
            best(runs, || {
                let error = Url::parse_with(&input, Spec::Rfc2396).unwrap_err();
                black_box((error.message(), error.help().map(str::len)));
            })
        },
    );

    report(
        "fix: a line of Latin-1 bytes, each beside a space to escape",
        [16_000, 32_000, 64_000],
        "pairs",
        |n| {
            let mut input = b"http://h/".to_vec();
            for _ in 0..n {
                input.extend_from_slice(b"\xe9 ");
            }
            best(3, || {
                let error = Url::parse_bytes(&input, Spec::Rfc1738).unwrap_err();
                black_box(error.fix().map(|fix| fix.text().len()));
            })
        },
    );

    let binary = env!("CARGO_BIN_EXE_rfc1738");
    report(
        "explain --format json (the binary): a path of short segments",
        [32_000, 64_000, 128_000],
        "bytes",
        |n| {
            let url = format!("http://h/{}", "a/".repeat(n / 2));
            best(3, || {
                let status = Command::new(binary)
                    .args(["explain", "--format", "json", &url])
                    .stdout(Stdio::null())
                    .status()
                    .unwrap();
                assert!(status.success());
            })
        },
    );
}
