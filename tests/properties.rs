//! The fuzz targets' oracles (`tests/checks/`), run by arbtest on every
//! `cargo test`, so that every change is checked by them.
#![cfg(feature = "arbitrary")]

use crate::checks;
use crate::oracle;

use arbitrary::Arbitrary;
use rfc1738::GeneratedUrl;

fn oracle() -> &'static oracle::Oracle {
    static ORACLE: std::sync::OnceLock<oracle::Oracle> = std::sync::OnceLock::new();
    ORACLE.get_or_init(oracle::Oracle::new)
}

#[test]
fn parse() {
    arbtest::arbtest(|u| {
        let len = u.arbitrary_len::<u8>()?;
        checks::parse(u.bytes(len)?);
        Ok(())
    })
    .budget_ms(2_000);
}

#[test]
fn differential() {
    arbtest::arbtest(|u| {
        checks::differential(oracle(), &String::arbitrary(u)?);
        Ok(())
    })
    .budget_ms(2_000);
}

#[test]
fn generated() {
    arbtest::arbtest(|u| {
        checks::generated(oracle(), &GeneratedUrl::arbitrary(u)?);
        Ok(())
    })
    .budget_ms(2_000);
}

#[test]
fn extracted() {
    arbtest::arbtest(|u| {
        checks::extracted(&String::arbitrary(u)?);
        Ok(())
    })
    .budget_ms(2_000);
}

#[test]
fn fixed() {
    arbtest::arbtest(|u| {
        checks::fixed(&String::arbitrary(u)?);
        // A near miss of a generated URL: one byte written over.
        let url = GeneratedUrl::arbitrary(u)?;
        let mut bytes = url.as_str().as_bytes().to_vec();
        if !bytes.is_empty() {
            let at = u.choose_index(bytes.len())?;
            bytes[at] = u8::arbitrary(u)? & 0x7f;
        }
        if let Ok(text) = String::from_utf8(bytes) {
            checks::fixed(&text);
        }
        Ok(())
    })
    .budget_ms(2_000);
}

/// Inputs the fuzzing campaigns found, kept so that they stay fixed.
#[test]
fn regressions_found_by_fuzzing() {
    // normalize: decoding "%55" makes an opaque scheme part read as a login with
    // a port; the oracle took dropping the port's zero for a change of meaning.
    let url = "is://habou5555555555527%5555555555555555file:0555555555555555555555555555";
    let parsed = rfc1738::Url::parse(url).unwrap();
    checks::normalized(&parsed);
    assert_eq!(
        parsed.normalize(),
        "is://habou5555555555527u55555555555555file:555555555555555555555555555"
    );
}
