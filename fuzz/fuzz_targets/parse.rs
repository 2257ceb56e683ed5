//! Any bytes: no panic; a valid URL displays as the input, byte for byte, and
//! its warnings point into it and write their messages; an error's offset lies
//! within the input, and rendering it does not panic.
#![no_main]

#[path = "../../tests/checks/mod.rs"]
mod checks;
mod common;
#[path = "../../tests/oracle/mod.rs"]
mod oracle;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    common::set_call_limit();
    checks::parse(data);
});
