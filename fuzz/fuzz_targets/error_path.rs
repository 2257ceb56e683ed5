//! The error path against pest's detailed report
//! (`checks::error_path_switching_detail`, which turns pest's process-wide
//! error detail on for the reference, and off for pest's verdict): for
//! any input, under all four specifications and as a URI reference, the
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

use arbitrary::{Arbitrary, Unstructured};
use libfuzzer_sys::fuzz_target;
use rfc1738::GeneratedUrl;

fuzz_target!(|data: &[u8]| {
    common::set_call_limit();
    let Some((&choice, rest)) = data.split_first() else {
        return;
    };
    if choice & 1 == 0 {
        if let Ok(text) = std::str::from_utf8(rest) {
            checks::error_path_switching_detail(text);
        }
        return;
    }
    let Ok(url) = GeneratedUrl::arbitrary(&mut Unstructured::new(rest)) else {
        return;
    };
    let byte = rest.last().copied().unwrap_or(b'%') & 0x7f;
    if let Some(text) = common::near_miss(url.as_str(), choice, byte) {
        checks::error_path_switching_detail(&text);
    }
});
