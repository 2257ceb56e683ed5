//! The crate leaves pest's process-wide settings alone: parsing invalid URLs,
//! under every specification and through every entry point, changes neither
//! whether another pest parser in the process collects error detail (which
//! makes it slower) nor the errors it gives. This binary runs alone in its
//! process, so that no other test touches the settings meanwhile.

use pest::Parser;
use rfc1738::{ExtractOptions, Spec, UriRef, Url, extract};

/// Another grammar in the same process.
#[derive(pest_derive::Parser)]
#[grammar_inline = "word = { ASCII_ALPHA+ ~ EOI }"]
struct Words;

const INVALID: &[&str] = &[
    "ftp://host:/x",
    "http://user@host/",
    "gopher://h/1%",
    "news:",
    "x",
    "",
    "info:(gcc)G++ and GCC",
    "ldap:///o=a??sub?((a=b)",
    "../x y",
    "HTTP://h/#top#",
];

/// Every way the crate reads a URL, on invalid input.
fn parse_invalid_urls() {
    for input in INVALID {
        for spec in Spec::ALL {
            let parsed = Url::parse_with(input, spec);
            let _ = parsed.as_ref().map_err(ToString::to_string);
            let _ = Url::parse_with_warnings(input, spec);
            let _ = Url::parse_bytes(input.as_bytes(), spec);
            assert_eq!(Url::is_valid(input, spec), parsed.is_ok());
        }
        let _ = UriRef::parse(input).map_err(|error| error.to_string());
    }
    let _ = Url::parse_bytes(b"ftp://h/\xff", Spec::Rfc1738);
    let _ = extract(
        "see <URL:ftp://host:/x> and http://user@host/",
        &ExtractOptions::default(),
    );
}

/// Whether pest collects error detail now: whether another parser's error
/// holds its parse attempts.
fn detail_is_on() -> bool {
    Words::parse(Rule::word, "1")
        .unwrap_err()
        .parse_attempts()
        .is_some()
}

#[test]
fn parsing_invalid_urls_leaves_pest_s_settings_alone() {
    // pest's default: no detail. The crate must not turn it on.
    assert!(!detail_is_on());
    let before = Words::parse(Rule::word, "ab1").unwrap_err();
    parse_invalid_urls();
    assert!(!detail_is_on(), "the crate turned pest's error detail on");
    assert_eq!(Words::parse(Rule::word, "ab1").unwrap_err(), before);

    // A program that turns it on for its own parser keeps it on, and the
    // crate's errors do not change with it.
    let errors: Vec<_> = INVALID
        .iter()
        .map(|input| (Url::parse(input).err(), UriRef::parse(input).err()))
        .collect();
    pest::set_error_detail(true);
    parse_invalid_urls();
    assert!(detail_is_on(), "the crate turned pest's error detail off");
    for (input, error) in INVALID.iter().zip(&errors) {
        let again = (Url::parse(input).err(), UriRef::parse(input).err());
        assert_eq!(&again, error, "{input:?}");
    }
    pest::set_error_detail(false);
}
