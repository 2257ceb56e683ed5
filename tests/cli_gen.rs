//! `rfc1738 gen`: every valid line it prints checks as valid, and every
//! near-miss fails where it says, by the parser and by the independent
//! recognizer run as a DFA; the same seed gives the same lines.

use crate::oracle;

use assert_cmd::Command;
use oracle::{Oracle, OracleSpec, Prefixes};
use serde_json::Value;

fn rfc1738() -> Command {
    Command::cargo_bin("rfc1738").unwrap()
}

fn run(args: &[&str]) -> String {
    let out = rfc1738().args(args).output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn every_generated_url_checks_as_valid() {
    for spec in ["rfc1738", "draft07", "rfc2396", "rfc3986"] {
        let urls = run(&["--spec", spec, "gen", "--count", "3000", "--seed", "17"]);
        assert_eq!(urls.lines().count(), 3000);
        let out = rfc1738()
            .args(["--spec", spec, "check", "--quiet"])
            .write_stdin(urls)
            .output()
            .unwrap();
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stdout)
        );
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn every_near_miss_fails_where_it_says() {
    let oracle = Oracle::new();
    for (spec, oracle_spec) in [
        ("rfc1738", OracleSpec::Rfc1738),
        ("draft07", OracleSpec::Draft07),
    ] {
        let prefixes = Prefixes::new(&oracle, oracle_spec);
        let lines = run(&[
            "--spec",
            spec,
            "--format",
            "json",
            "gen",
            "--invalid",
            "--count",
            "1500",
            "--seed",
            "5",
        ]);
        let urls: Vec<Value> = lines
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect();
        assert_eq!(urls.len(), 1500);
        let input: String = urls
            .iter()
            .map(|u| format!("{}\n", u["url"].as_str().unwrap()))
            .collect();
        let out = rfc1738()
            .args(["--spec", spec, "--format", "json", "check"])
            .write_stdin(input)
            .output()
            .unwrap();
        let checked: Vec<Value> = String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect();
        assert_eq!(checked.len(), 1500, "no near-miss is a blank line");
        for (generated, check) in urls.iter().zip(&checked) {
            let url = generated["url"].as_str().unwrap();
            assert_eq!(check["valid"], false, "{url}");
            assert_eq!(check["error"]["offset"], generated["offset"], "{url}");
            assert_eq!(check["error"]["expected"], generated["expected"], "{url}");
            let offset = generated["offset"].as_u64().unwrap() as usize;
            assert_eq!(
                prefixes.first_dead_byte(url),
                offset,
                "{url}: the recognizer leaves the language elsewhere"
            );
            assert!(!oracle.accepts(oracle_spec, url), "{url}");
        }
    }
}

#[test]
fn every_generic_syntax_near_miss_fails_as_it_says() {
    for spec in [rfc1738::Spec::Rfc2396, rfc1738::Spec::Rfc3986] {
        let lines = run(&[
            "--spec",
            spec.name(),
            "--format",
            "json",
            "gen",
            "--invalid",
            "--count",
            "1500",
            "--seed",
            "9",
        ]);
        for line in lines.lines() {
            let generated: Value = serde_json::from_str(line).unwrap();
            let url = generated["url"].as_str().unwrap();
            let error = rfc1738::Url::parse_with(url, spec).unwrap_err();
            assert_eq!(generated["offset"], error.offset(), "{url}");
            let expected: Vec<String> = error
                .expected()
                .iter()
                .map(rfc1738::Expected::name)
                .collect();
            assert_eq!(generated["expected"], serde_json::json!(expected), "{url}");
        }
        assert_eq!(lines.lines().count(), 1500);
    }
}

/// Under RFC 2396 the URLs are derived from the grammar: every form of
/// uri(7) comes out, each line is a URI by the independent recognizer of
/// RFC 2396 too, and uri(7)'s missing forms are a usage error.
#[test]
fn rfc2396_urls_take_every_uri7_form() {
    let oracle = crate::oracle_rfc2396::Rfc2396Oracle::new();
    let urls = run(&["--spec", "rfc2396", "gen", "--count", "2000", "--seed", "3"]);
    let mut schemes = std::collections::BTreeSet::new();
    for url in urls.lines() {
        let reference = oracle.uri_reference(url);
        assert!(reference.is_some(), "{url}: no URI reference by RFC 2396");
        schemes.insert(url.split_once(':').unwrap().0.to_ascii_lowercase());
    }
    for form in [
        "ftp", "http", "gopher", "mailto", "news", "telnet", "wais", "file", "man", "info",
        "whatis", "ghelp", "ldap",
    ] {
        assert!(schemes.contains(form), "no {form} URL in {schemes:?}");
    }
    assert_eq!(
        urls,
        run(&["--spec", "rfc2396", "gen", "--count", "2000", "--seed", "3"])
    );
    let out = rfc1738()
        .args(["--spec", "rfc2396", "gen", "--scheme", "nntp"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("uri(7) gives nntp URLs no form"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// `--scheme` takes any scheme's name: uri(7)'s forms under RFC 2396, the
/// generic form with that name elsewhere; each URL conforms and has that
/// scheme, and a name that no `scheme` rule reads is a usage error.
#[test]
fn gen_takes_a_scheme_by_its_name() {
    let cases = [
        ("rfc2396", "ldap", "Ldap"),
        ("rfc2396", "man", "Man"),
        ("rfc2396", "whatis", "Whatis"),
        ("rfc2396", "x-foo", "Uri"),
        ("rfc3986", "https", "Uri"),
        ("rfc1738", "x-foo", "Generic"),
        ("draft07", "z39.50r", "Generic"),
        ("rfc1738", "FTP", "Ftp"),
    ];
    for (spec_name, scheme, form) in cases {
        let spec: rfc1738::Spec = spec_name.parse().unwrap();
        let urls = run(&[
            "--spec", spec_name, "gen", "--scheme", scheme, "--count", "60", "--seed", "5",
        ]);
        assert_eq!(urls.lines().count(), 60);
        for url in urls.lines() {
            let parsed = rfc1738::Url::parse_with(url, spec)
                .unwrap_or_else(|error| panic!("{url} under {spec}: {error}"));
            assert!(
                parsed.scheme().eq_ignore_ascii_case(scheme),
                "{url}: not {scheme}"
            );
            let variant = format!("{parsed:?}");
            assert!(
                variant.starts_with(&format!("{form}(")),
                "{url} under {spec}: {variant}"
            );
        }
        // Near misses of them fail where they say.
        let near_misses = run(&[
            "--spec",
            spec_name,
            "gen",
            "--scheme",
            scheme,
            "--invalid",
            "--format",
            "json",
            "--count",
            "20",
        ]);
        assert_eq!(near_misses.lines().count(), 20);
        for line in near_misses.lines() {
            let record: Value = serde_json::from_str(line).unwrap();
            let url = record["url"].as_str().unwrap();
            let error = rfc1738::Url::parse_with(url, spec).unwrap_err();
            assert_eq!(
                Some(error.offset() as u64),
                record["offset"].as_u64(),
                "{line}"
            );
        }
    }
    for (spec, name, says) in [
        ("rfc1738", "a b", "\"a b\" is no scheme name under RFC 1738"),
        ("rfc3986", "9p", "\"9p\" is no scheme name under RFC 3986"),
        ("rfc2396", "", "\"\" is no scheme name under RFC 2396"),
    ] {
        let out = rfc1738()
            .args(["--spec", spec, "gen", "--scheme", name])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{spec} {name:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.starts_with(&format!("rfc1738: {says}")), "{stderr}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn the_same_seed_gives_the_same_lines() {
    let a = run(&["gen", "--count", "50", "--seed", "1"]);
    assert_eq!(a, run(&["gen", "--count", "50", "--seed", "1"]));
    assert_ne!(a, run(&["gen", "--count", "50", "--seed", "2"]));
    let gopher = run(&["gen", "--scheme", "gopher", "--count", "20"]);
    assert!(
        gopher
            .lines()
            .all(|url| url.to_ascii_lowercase().starts_with("gopher://")),
        "{gopher}"
    );
    let generic = run(&["gen", "--scheme", "generic", "--count", "20"]);
    assert!(
        generic
            .lines()
            .all(|url| rfc1738::Scheme::of(url).is_none()),
        "{generic}"
    );
}
