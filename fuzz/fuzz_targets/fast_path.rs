//! The fast path against the pest grammar (`rfc1738::__fast_parse` against
//! `rfc1738::__pest_parse`): the same verdict and the same typed view under
//! both specifications. The first byte chooses the input: the rest as text,
//! or a `GeneratedUrl` built from the rest, as it is and with one byte of the
//! rest written over it (near misses).
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
            checks::fast_path(text);
        }
        return;
    }
    let Ok(url) = GeneratedUrl::arbitrary(&mut Unstructured::new(rest)) else {
        return;
    };
    checks::fast_path(url.as_str());
    // A near miss: one byte of the URL replaced by one the choice byte names.
    let byte = rest.last().copied().unwrap_or(b'%') & 0x7f;
    if let Some(text) = common::near_miss(url.as_str(), choice, byte) {
        checks::fast_path(&text);
    }
});
