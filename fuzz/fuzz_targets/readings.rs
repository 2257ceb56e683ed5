//! The grammar's readings that keep no record, which read a rule straight
//! where they can, against the reader's own steps and against pest, rule by
//! rule (`rfc1738::__readings_agree`, as `tests/readings.rs` holds them):
//! the same end and the same rules matched. The first two bytes choose the
//! rule among every rule of the four grammars; the rest is the input.
#![no_main]

mod common;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    common::set_call_limit();
    let Some((choice, rest)) = data.split_first_chunk::<2>() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let rule = usize::from(u16::from_le_bytes(*choice));
    if let Err(difference) = rfc1738::__readings_agree(text, rule) {
        panic!("{difference}");
    }
});
