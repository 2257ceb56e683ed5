//! The RFC 2396 grammar against the independent recognizer and resolver
//! (`tests/oracle_rfc2396/`, written from the RFC alone), as
//! `tests/rfc2396.rs` holds them on generated references: for any input,
//! the same verdict, the same components, the same first byte where the
//! input leaves the language, `Url` taking exactly the absolute URIs, and
//! the same verdict on uri(7)'s forms as the independent recognizer of
//! `tests/oracle_uri7/`; and a reference resolved against the bases of
//! Appendix C and uri(7) as the independent resolver resolves it.
#![no_main]

#[path = "../../tests/checks_rfc2396/mod.rs"]
mod checks_rfc2396;
mod common;
#[path = "../../tests/oracle_rfc2396/mod.rs"]
mod oracle_rfc2396;
#[path = "../../tests/oracle_uri7/mod.rs"]
mod oracle_uri7;

use std::cell::RefCell;
use std::sync::LazyLock;

use checks_rfc2396::Rfc2396Check;
use libfuzzer_sys::fuzz_target;
use rfc1738::UriRef;

thread_local! {
    static CHECK: RefCell<Rfc2396Check> = RefCell::new(Rfc2396Check::new());
}
static URI7: LazyLock<oracle_uri7::Uri7Oracle> = LazyLock::new(oracle_uri7::Uri7Oracle::new);

/// Bases with a path, hierarchical and absolute, as resolution needs them.
const BASES: [&str; 3] = ["http://a/b/c/d;p?q", "ftp://h/x/y/", "x:/p/q/r"];

fuzz_target!(|data: &[u8]| {
    common::set_call_limit();
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    CHECK.with(|check| {
        if let Err(problem) = check.borrow_mut().input(text) {
            panic!("{problem}");
        }
    });
    if let Err(problem) = checks_rfc2396::against_uri7_oracle(&URI7, text) {
        panic!("{problem}");
    }
    if let Ok(reference) = UriRef::parse(text) {
        let base = BASES[data.len() % BASES.len()];
        let ours = reference.resolve(&UriRef::parse(base).unwrap()).unwrap();
        assert_eq!(
            ours,
            oracle_rfc2396::resolve(base, text),
            "{text:?} against {base:?}"
        );
    }
});
