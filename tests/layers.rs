//! The library's layers, as the folders of `src/` show them, and the one
//! rule between them: no module imports from a layer above its own. And the
//! tests' own shape: every file of `tests/` is compiled.
//!
//! 1. `syntax/`: text → syntax (grammars, rule table, tree, character
//!    classes and escapes, the fast readers' spans, the error-tracking
//!    reader, errors).
//! 2. `url/`: syntax → the typed `Url`; within it `url/schemes/` (RFC 1738's
//!    schemes and `login`), then `url/rfc2396/` (which may use a scheme's
//!    `login`), then the rest of `url/` (the `Url` enum, dispatch, lowering).
//! 3. `meaning/`: builders, normalization, lints.
//! 4. `uses/`: `extract`, `generate`.
//!
//! `lib.rs` (the re-exports) and the command line (`src/bin/`, which sees
//! only the public interface) sit on top. Every path into the crate names
//! its layer (`crate::syntax::spec::Spec`, never the re-export
//! `crate::Spec`), so reading the paths is reading the dependencies.

use std::fs;
use std::path::{Path, PathBuf};

/// The rank of the layer a module path (after `crate::`) or a source file
/// (relative to `src/`, with `/` turned into `::`) belongs to; `None` for a
/// path that names no layer.
fn rank(path: &str) -> Option<u32> {
    let segments: Vec<&str> = path.split("::").collect();
    match segments.as_slice() {
        ["syntax", ..] => Some(10),
        ["url", "schemes", ..] => Some(21),
        ["url", "rfc2396", ..] => Some(22),
        ["url", ..] => Some(23),
        ["meaning", ..] => Some(30),
        ["uses", ..] => Some(40),
        _ => None,
    }
}

fn library_sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            if path.file_name().is_some_and(|name| name != "bin") {
                library_sources(&path, out);
            }
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            out.push(path);
        }
    }
}

/// Every `crate::` path in the code of `text` (comments left out), with its
/// line number.
fn crate_paths(text: &str) -> Vec<(usize, String)> {
    let mut paths = Vec::new();
    for (number, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("//") {
            continue;
        }
        let mut rest = line;
        while let Some(at) = rest.find("crate::") {
            rest = &rest[at + "crate::".len()..];
            let end = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':' || c == '{'))
                .unwrap_or(rest.len());
            paths.push((number + 1, rest[..end].trim_end_matches(':').to_owned()));
        }
    }
    paths
}

#[test]
fn no_module_imports_from_a_layer_above_its_own() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    library_sources(&src, &mut files);
    files.sort();
    let mut checked = 0;
    let mut violations = Vec::new();
    for file in &files {
        let relative = file.strip_prefix(&src).unwrap().to_string_lossy();
        if relative == "lib.rs" {
            continue;
        }
        let module = relative.trim_end_matches(".rs").replace('/', "::");
        let own = rank(&module).unwrap_or_else(|| panic!("{relative} is in no layer"));
        for (line, path) in crate_paths(&fs::read_to_string(file).unwrap()) {
            checked += 1;
            match rank(&path) {
                None => violations.push(format!(
                    "{relative}:{line}: `crate::{path}` names no layer (write the layer's path)"
                )),
                Some(target) if target > own => violations.push(format!(
                    "{relative}:{line}: `crate::{path}` is above {module}'s layer"
                )),
                Some(_) => {}
            }
        }
    }
    assert!(violations.is_empty(), "{}", violations.join("\n"));
    // The walk saw the library: one file per layer at least, and the paths
    // between them.
    assert!(files.len() > 30, "{} files", files.len());
    assert!(checked > 100, "{checked} paths");
}

#[test]
fn the_rule_catches_what_it_should() {
    assert_eq!(rank("syntax::spec::Spec"), Some(10));
    assert!(rank("url::Url") > rank("url::rfc2396::uri::UriRef"));
    assert!(rank("url::rfc2396::uri::UriRef") > rank("url::schemes::login::Login"));
    assert!(rank("meaning::lints::check") > rank("url::Url"));
    assert_eq!(rank("Spec"), None);
    assert_eq!(rank("{Spec, Url}"), None);
    let paths = crate_paths(
        "use crate::url::Url;\n// crate::meaning in a comment\nfn f() { crate::syntax::spec::Spec::Rfc1738; $crate::Spec }\nuse crate::{A, B};",
    );
    let paths: Vec<&str> = paths.iter().map(|(_, path)| path.as_str()).collect();
    assert_eq!(
        paths,
        ["url::Url", "syntax::spec::Spec::Rfc1738", "Spec", "{A"]
    );
}

/// With `autotests = false`, a file of `tests/` that is neither a module of
/// `tests/integration.rs` nor a `[[test]]` of Cargo.toml is never compiled:
/// every one must be one of them.
#[test]
fn every_test_file_is_compiled() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let integration = fs::read_to_string(root.join("tests/integration.rs")).unwrap();
    let manifest = fs::read_to_string(root.join("Cargo.toml")).unwrap();
    let mut unbuilt = Vec::new();
    let mut seen = 0;
    for entry in fs::read_dir(root.join("tests")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|ext| ext != "rs") {
            continue;
        }
        seen += 1;
        let stem = path.file_stem().unwrap().to_string_lossy();
        let module = integration
            .lines()
            .any(|line| line.trim() == format!("mod {stem};"));
        let binary = manifest.contains(&format!("path = \"tests/{stem}.rs\""));
        if !module && !binary {
            unbuilt.push(stem.into_owned());
        }
    }
    assert!(seen > 20, "{seen} test files");
    assert!(unbuilt.is_empty(), "never compiled: {unbuilt:?}");
}
