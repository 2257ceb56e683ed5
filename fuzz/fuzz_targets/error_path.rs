//! The error path against pest's detailed report (`checks::error_path`): for
//! any input, under all three specifications and as a URI reference, the
//! whole `ParseError` that the error-tracking reader gives is the one pest's
//! detailed report gives, and a URL is the same URL. The first byte chooses
//! the input: the rest as text, or a `GeneratedUrl` built from the rest with
//! one byte of it written over (a near miss, which fails deep in its rule).
#![no_main]

#[path = "../../tests/checks/mod.rs"]
mod checks;
mod common;
#[path = "../../tests/oracle/mod.rs"]
mod oracle;

use std::sync::Once;

use arbitrary::{Arbitrary, Unstructured};
use libfuzzer_sys::fuzz_target;
use rfc1738::GeneratedUrl;

fuzz_target!(|data: &[u8]| {
    common::set_call_limit();
    // The reference: pest's detailed report, a setting for the whole process
    // that the library never touches.
    static DETAIL: Once = Once::new();
    DETAIL.call_once(|| pest::set_error_detail(true));
    let Some((&choice, rest)) = data.split_first() else {
        return;
    };
    if choice & 1 == 0 {
        if let Ok(text) = std::str::from_utf8(rest) {
            checks::error_path(text);
        }
        return;
    }
    let Ok(url) = GeneratedUrl::arbitrary(&mut Unstructured::new(rest)) else {
        return;
    };
    let mut bytes = url.as_str().as_bytes().to_vec();
    if !bytes.is_empty() {
        let at = usize::from(choice >> 1) % bytes.len();
        bytes[at] = rest.last().copied().unwrap_or(b'%') & 0x7f;
    }
    if let Ok(text) = std::str::from_utf8(&bytes) {
        checks::error_path(text);
    }
});
