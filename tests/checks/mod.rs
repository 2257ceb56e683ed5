//! The oracles of the fuzz targets, shared with the property tests of
//! `cargo test` (`tests/properties.rs`), so that both check the same things.
#![allow(dead_code)]

use rfc1738::{ExtractOptions, GeneratedUrl, Spec, Url, extract};

use crate::oracle::{Oracle, OracleSpec};

/// Any bytes: a valid URL displays as the input byte for byte; an error's
/// offset lies within the input, and rendering it does not panic.
pub fn parse(data: &[u8]) {
    for spec in Spec::ALL {
        match Url::parse_bytes(data, spec) {
            Ok(url) => {
                assert_eq!(url.to_string().as_bytes(), data);
                let _ = url.warnings();
                let _ = url.syntax_tree();
                let _ = url.port_or_default();
            }
            Err(error) => {
                assert!(
                    error.offset() <= data.len(),
                    "offset {} past the end",
                    error.offset()
                );
                assert!(error.line() >= 1 && error.column() >= 1);
                let _ = error.to_string();
                let _ = error.message();
            }
        }
    }
}

pub fn oracle_spec(spec: Spec) -> OracleSpec {
    if spec == Spec::Rfc1738 {
        OracleSpec::Rfc1738
    } else {
        OracleSpec::Draft07
    }
}

/// Any text: pest and the independent recognizer give the same verdict.
pub fn differential(oracle: &Oracle, text: &str) {
    for spec in Spec::ALL {
        let pest = Url::parse_with(text, spec).is_ok();
        let regex = oracle.accepts(oracle_spec(spec), text);
        assert_eq!(
            pest, regex,
            "{text:?} under {spec}: pest says {pest}, the recognizer {regex}"
        );
    }
}

/// A generated URL is accepted by both, and reads back as its scheme.
pub fn generated(oracle: &Oracle, url: &GeneratedUrl) {
    let spec = url.spec();
    let parsed = Url::parse_with(url.as_str(), spec)
        .unwrap_or_else(|error| panic!("{:?}: {error}", url.as_str()));
    assert_eq!(parsed.known_scheme(), url.scheme());
    assert!(
        oracle.accepts(oracle_spec(spec), url.as_str()),
        "{:?}",
        url.as_str()
    );
}

/// Any text: spans lie in the text, in order, and hold the raw text; every
/// URL found parses to the verdict reported.
pub fn extracted(text: &str) {
    for options in [
        ExtractOptions::default(),
        ExtractOptions {
            spec: Spec::Draft07,
            any_scheme: true,
        },
    ] {
        let mut previous_end = 0;
        for found in extract(text, &options) {
            let span = found.span();
            assert!(previous_end <= span.start && span.end <= text.len());
            assert_eq!(&text[span.clone()], found.raw());
            assert_eq!(
                Url::parse_with(found.url(), options.spec).is_ok(),
                found.is_valid()
            );
            previous_end = span.end;
        }
    }
}
