//! Any bytes: no panic; a valid URL displays as the input, byte for byte; an
//! error's offset lies within the input, and rendering it does not panic.
#![no_main]

mod common;

use libfuzzer_sys::fuzz_target;
use rfc1738::{Spec, Url};

fuzz_target!(|data: &[u8]| {
    common::set_call_limit();
    for spec in Spec::ALL {
        match Url::parse_bytes(data, spec) {
            Ok(url) => {
                assert_eq!(url.to_string().as_bytes(), data);
                let _ = url.warnings();
                let _ = url.syntax_tree();
                let _ = url.port_or_default();
            }
            Err(error) => {
                assert!(error.offset() <= data.len(), "offset {} past the end", error.offset());
                assert!(error.line() >= 1 && error.column() >= 1);
                let _ = error.to_string();
                let _ = error.message();
            }
        }
    }
});
