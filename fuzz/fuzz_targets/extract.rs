//! Any text: no panic; spans lie in the text, in order, and hold the raw
//! text; every URL found parses to the verdict reported.
#![no_main]

#[path = "../../tests/checks/mod.rs"]
mod checks;
mod common;
#[path = "../../tests/oracle/mod.rs"]
mod oracle;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    common::set_call_limit();
    checks::extracted(&String::from_utf8_lossy(data));
});
