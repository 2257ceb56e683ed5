//! RFC 3986 against fluent-uri, a strict RFC 3986 parser, and against the
//! independent recognizer and resolver of `tests/oracle_rfc3986/`, and
//! against the independent recognizer of the later documents' scheme forms
//! of `tests/oracle_later/`, as `tests/rfc3986.rs` holds them on generated
//! references and URLs: for any input, the same verdict and the same
//! components of a `URI-reference`; `Url` taking what a `URI` is for the
//! schemes that the later documents do not define, and what their forms
//! are for the others; a later document's form taking only URIs; and the
//! same resolution against a few bases (`tests/checks_rfc3986/`).
#![no_main]

#[path = "../../tests/checks_rfc3986/mod.rs"]
mod checks_rfc3986;
mod common;
#[path = "../../tests/oracle_later/mod.rs"]
mod oracle_later;
#[path = "../../tests/oracle_rfc3986/mod.rs"]
mod oracle_rfc3986;

use std::sync::LazyLock;

use libfuzzer_sys::fuzz_target;

static ORACLE: LazyLock<oracle_rfc3986::Rfc3986Oracle> =
    LazyLock::new(oracle_rfc3986::Rfc3986Oracle::new);
static LATER: LazyLock<oracle_later::LaterOracle> = LazyLock::new(oracle_later::LaterOracle::new);

fuzz_target!(|data: &[u8]| {
    common::set_call_limit();
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Err(problem) = checks_rfc3986::against_fluent_uri(text) {
        panic!("{problem}");
    }
    if let Err(problem) = checks_rfc3986::against_oracle(&ORACLE, text) {
        panic!("{problem}");
    }
    if let Err(problem) = checks_rfc3986::against_later_oracle(&LATER, text) {
        panic!("{problem}");
    }
});
