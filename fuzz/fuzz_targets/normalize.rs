//! Normalizing is idempotent, its output parses under the same specification,
//! looks canonical and means the same; and the URL's own builder
//! (`to_builder`) builds a URL of the same parts: for generated URLs, and
//! for any input that happens to be a URL.
#![no_main]

#[path = "../../tests/checks/mod.rs"]
mod checks;
mod common;
#[path = "../../tests/oracle/mod.rs"]
mod oracle;

use arbitrary::{Arbitrary, Unstructured};
use libfuzzer_sys::fuzz_target;
use rfc1738::{GeneratedUrl, Spec, Url};

fuzz_target!(|data: &[u8]| {
    common::set_call_limit();
    if let Ok(generated) = GeneratedUrl::arbitrary(&mut Unstructured::new(data)) {
        checks::normalized(&generated.url());
        checks::rebuilds(&generated.url());
    }
    if let Ok(text) = std::str::from_utf8(data) {
        for spec in Spec::SECTION5 {
            if let Ok(url) = Url::parse_with(text, spec) {
                checks::normalized(&url);
                checks::rebuilds(&url);
            }
        }
    }
});
