//! The test vectors of `vectors/` (one JSON file per specification, written
//! by the conformance lab; schema in docs/conformance.md) agree with the
//! crate: each case's verdict, rule, components, and error offset, rule and
//! expected set.

use std::collections::BTreeMap;

use rfc1738::{Authority, Expected, ParseError, Spec, UriRef, Url};
use serde::Deserialize;

#[derive(Deserialize)]
struct VectorFile {
    spec: String,
    cases: Vec<Case>,
}

#[derive(Deserialize, Debug)]
struct Case {
    input: String,
    spec: String,
    valid: bool,
    rule: String,
    components: Option<BTreeMap<String, Option<String>>>,
    error: Option<ErrorAt>,
}

#[derive(Deserialize, Debug, PartialEq)]
struct ErrorAt {
    offset: usize,
    rule: String,
    expected: Vec<String>,
}

type Parts = BTreeMap<String, Option<String>>;

fn parts(values: [(&str, Option<&str>); 7]) -> Parts {
    values
        .iter()
        .map(|(name, value)| ((*name).to_owned(), value.map(str::to_owned)))
        .collect()
}

fn userinfo(user: Option<&str>, password: Option<&str>) -> Option<String> {
    match password {
        Some(password) => Some(format!("{}:{password}", user.unwrap_or(""))),
        None => user.map(str::to_owned),
    }
}

fn error_at(error: &ParseError) -> ErrorAt {
    ErrorAt {
        offset: error.offset(),
        rule: error.rule(),
        expected: error.expected().iter().map(Expected::name).collect(),
    }
}

/// What the vectors claim, worked out again: Section 5 specifications by
/// the scheme's rule through `Url`, the URI specifications by `URI` (a
/// `UriRef` with a scheme).
fn verdict(input: &str, spec: Spec) -> Result<(String, Parts), ErrorAt> {
    match spec {
        Spec::Rfc1738 | Spec::Draft07 => {
            let url = Url::parse_with(input, spec).map_err(|error| error_at(&error))?;
            let rule = url
                .known_scheme()
                .map_or("genericurl".to_owned(), |scheme| {
                    format!("{}url", scheme.name())
                });
            let userinfo = userinfo(url.user(), url.password());
            Ok((
                rule,
                parts([
                    ("scheme", Some(url.scheme())),
                    ("userinfo", userinfo.as_deref()),
                    ("host", url.host().map(|host| host.as_str())),
                    ("port", url.port()),
                    ("path", url.path()),
                    ("query", url.query()),
                    ("fragment", url.fragment()),
                ]),
            ))
        }
        _ => {
            // Without a scheme there is no URI, and the error is the
            // absolute form's; with one, `URI` reads furthest of a
            // URI-reference's two alternatives.
            let scheme = input.split_once(':').map_or("", |(scheme, _)| scheme);
            let is_scheme = scheme.starts_with(|c: char| c.is_ascii_alphabetic())
                && scheme
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(&b));
            if !is_scheme {
                let error = Url::parse_with(input, spec).expect_err("no scheme, no URL");
                return Err(error_at(&error));
            }
            let uri = UriRef::parse_with(input, spec).map_err(|error| error_at(&error))?;
            assert!(!uri.is_relative(), "{input}");
            let (userinfo, host, port) = match uri.authority_parts() {
                None => (None, None, None),
                Some(Authority::Empty) => (None, Some(""), None),
                Some(Authority::RegName(name)) => (None, Some(name), None),
                Some(Authority::Server(login)) => (
                    userinfo(login.user(), login.password()),
                    Some(login.host().as_str()),
                    login.port(),
                ),
            };
            Ok((
                "URI".to_owned(),
                parts([
                    ("scheme", uri.scheme()),
                    ("userinfo", userinfo.as_deref()),
                    ("host", host),
                    ("port", port),
                    ("path", Some(uri.path())),
                    ("query", uri.query()),
                    ("fragment", uri.fragment()),
                ]),
            ))
        }
    }
}

#[test]
fn vectors_agree_with_the_crate() {
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("vectors");
    for spec in Spec::ALL {
        let path = folder.join(format!("{}.json", spec.name()));
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|error| panic!("{}: {error}", path.display()));
        let file: VectorFile = serde_json::from_str(&text).unwrap();
        assert_eq!(file.spec, spec.name());
        assert!(
            file.cases.iter().filter(|case| case.valid).count() >= 20,
            "{}",
            spec.name()
        );
        assert!(
            file.cases.iter().filter(|case| !case.valid).count() >= 20,
            "{}",
            spec.name()
        );
        for case in &file.cases {
            assert_eq!(case.spec, spec.name());
            match verdict(&case.input, spec) {
                Ok((rule, parts)) => {
                    assert!(case.valid, "{case:?}");
                    assert_eq!(case.rule, rule, "{case:?}");
                    assert_eq!(case.components.as_ref(), Some(&parts), "{case:?}");
                    assert!(case.error.is_none());
                }
                Err(error) => {
                    assert!(!case.valid, "{case:?}");
                    assert_eq!(case.rule, error.rule, "{case:?}");
                    assert_eq!(case.error.as_ref(), Some(&error), "{case:?}");
                    assert!(case.components.is_none());
                }
            }
        }
    }
}

/// The vectors cover every scheme of the documents under each Section 5
/// specification.
#[test]
fn vectors_cover_every_scheme() {
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("vectors");
    for spec in Spec::SECTION5 {
        let text = std::fs::read_to_string(folder.join(format!("{}.json", spec.name()))).unwrap();
        let file: VectorFile = serde_json::from_str(&text).unwrap();
        for scheme in rfc1738::Scheme::ALL {
            let rule = format!("{}url", scheme.name());
            assert!(
                file.cases
                    .iter()
                    .any(|case| case.valid && case.rule == rule),
                "{} {rule}",
                spec.name()
            );
            assert!(
                file.cases.iter().any(|case| !case.valid
                    && case.input.to_ascii_lowercase().starts_with(scheme.name())),
                "{} no invalid {} case",
                spec.name(),
                scheme.name()
            );
        }
    }
}
