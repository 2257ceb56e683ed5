//! Any text: no panic; spans lie in the text, in order, and hold the raw
//! text; every URL found parses to the verdict reported.
#![no_main]

mod common;

use libfuzzer_sys::fuzz_target;
use rfc1738::{ExtractOptions, Spec, Url, extract};

fuzz_target!(|data: &[u8]| {
    common::set_call_limit();
    let text = String::from_utf8_lossy(data);
    for options in [ExtractOptions::default(), ExtractOptions { spec: Spec::Draft07, any_scheme: true }] {
        let mut previous_end = 0;
        for found in extract(&text, &options) {
            let span = found.span();
            assert!(previous_end <= span.start && span.end <= text.len());
            assert_eq!(&text[span.clone()], found.raw());
            assert_eq!(Url::parse_with(found.url(), options.spec).is_ok(), found.is_valid());
            previous_end = span.end;
        }
    }
});
