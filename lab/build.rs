//! The versions of the in-process peers, read from the workspace's
//! `Cargo.lock`, so that the report names what was compiled in.

use std::{env, fs, path::Path};

const PEERS: [&str; 5] = ["url", "fluent-uri", "http", "iri-string", "oxiri"];

fn main() {
    let lock = Path::new(&env::var("CARGO_MANIFEST_DIR").unwrap()).join("../Cargo.lock");
    println!("cargo::rerun-if-changed={}", lock.display());
    let text = fs::read_to_string(&lock).unwrap_or_default();
    for peer in PEERS {
        let version = text
            .split("[[package]]")
            .find_map(|package| {
                let mut lines = package.lines().map(str::trim);
                let name = lines.find(|line| line.starts_with("name = "))?;
                if name != format!("name = \"{peer}\"") {
                    return None;
                }
                let version = package
                    .lines()
                    .map(str::trim)
                    .find(|line| line.starts_with("version = "))?;
                Some(
                    version
                        .trim_start_matches("version = ")
                        .trim_matches('"')
                        .to_owned(),
                )
            })
            .unwrap_or_else(|| "unknown".to_owned());
        let key = peer.to_uppercase().replace('-', "_");
        println!("cargo::rustc-env=LAB_VERSION_{key}={version}");
    }
}
