//! The crate (`Url::parse_with`, which the other targets hold to pest) against
//! the independent regular-expression recognizer of the same BNFs
//! (`tests/oracle/`): the same verdict on every input, for both Section 5
//! specifications; and every URL generated from the same bytes accepted by both.
#![no_main]

#[path = "../../tests/checks/mod.rs"]
mod checks;
mod common;
#[path = "../../tests/oracle/mod.rs"]
mod oracle;

use std::sync::OnceLock;

use arbitrary::{Arbitrary, Unstructured};
use libfuzzer_sys::fuzz_target;
use rfc1738::GeneratedUrl;

fn oracle() -> &'static oracle::Oracle {
    static ORACLE: OnceLock<oracle::Oracle> = OnceLock::new();
    ORACLE.get_or_init(oracle::Oracle::new)
}

fuzz_target!(|data: &[u8]| {
    common::set_call_limit();
    if let Ok(text) = std::str::from_utf8(data) {
        checks::differential(oracle(), text);
    }
    if let Ok(url) = GeneratedUrl::arbitrary(&mut Unstructured::new(data)) {
        checks::generated(oracle(), &url);
    }
});
