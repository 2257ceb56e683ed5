//! Errors that teach: under every specification, an error's fix parses
//! under the same specification and is what its edits make of the input,
//! and `valid_under` names exactly the specifications that take the input
//! (`checks::fixed`; for bytes that are not UTF-8, `checks::fixed_bytes`:
//! the fix's edits make it from the bytes, and no specification takes them).
//! The first byte chooses the input: the rest as text or bytes, or
//! a `GeneratedUrl` built from the rest with one byte of it written over (a
//! near miss, the kind a fix is for).
#![no_main]

#[path = "../../tests/checks/mod.rs"]
mod checks;
mod common;
#[path = "../../tests/oracle/mod.rs"]
mod oracle;

use arbitrary::{Arbitrary, Unstructured};
use libfuzzer_sys::fuzz_target;
use rfc1738::GeneratedUrl;

fuzz_target!(|data: &[u8]| {
    common::set_call_limit();
    let Some((&choice, rest)) = data.split_first() else {
        return;
    };
    if choice & 1 == 0 {
        match std::str::from_utf8(rest) {
            Ok(text) => checks::fixed(text),
            Err(_) => checks::fixed_bytes(rest),
        }
        return;
    }
    let Ok(url) = GeneratedUrl::arbitrary(&mut Unstructured::new(rest)) else {
        return;
    };
    if let Some(text) =
        common::near_miss(url.as_str(), choice, rest.last().copied().unwrap_or(b' '))
    {
        checks::fixed(&text);
    }
});
