//! The pest grammar against the independent regular-expression recognizer of
//! the same BNFs (`tests/oracle/`): the same verdict on every input, for both
//! specifications; and every generated URL accepted by both.
#![no_main]

mod common;
#[path = "../../tests/oracle/mod.rs"]
mod oracle;

use std::sync::OnceLock;

use arbitrary::{Arbitrary, Unstructured};
use libfuzzer_sys::fuzz_target;
use oracle::{Oracle, OracleSpec};
use rfc1738::{GeneratedUrl, Spec, Url};

fn oracle() -> &'static Oracle {
    static ORACLE: OnceLock<Oracle> = OnceLock::new();
    ORACLE.get_or_init(Oracle::new)
}

fn oracle_spec(spec: Spec) -> OracleSpec {
    if spec == Spec::Rfc1738 { OracleSpec::Rfc1738 } else { OracleSpec::Draft07 }
}

fuzz_target!(|data: &[u8]| {
    common::set_call_limit();
    if let Ok(text) = std::str::from_utf8(data) {
        for spec in Spec::ALL {
            let pest = Url::parse_with(text, spec).is_ok();
            let regex = oracle().accepts(oracle_spec(spec), text);
            assert_eq!(pest, regex, "{text:?} under {spec}: pest says {pest}, the recognizer {regex}");
        }
    }
    if let Ok(generated) = GeneratedUrl::arbitrary(&mut Unstructured::new(data)) {
        let spec = generated.spec();
        assert!(Url::parse_with(generated.as_str(), spec).is_ok(), "{:?}", generated.as_str());
        assert!(oracle().accepts(oracle_spec(spec), generated.as_str()), "{:?}", generated.as_str());
    }
});
