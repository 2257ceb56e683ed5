//! The fuzz targets' oracles (`tests/checks/`), run by arbtest on every
//! `cargo test`, so that every change is checked by them.
#![cfg(feature = "arbitrary")]

mod checks;
mod oracle;

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
