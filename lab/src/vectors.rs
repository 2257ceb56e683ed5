//! Test vectors others can adopt: per specification, inputs with the
//! grammar's verdict, and the components or the error's offset and rule.
//! The schema is in `docs/conformance.md`.

use std::collections::HashMap;

use rfc1738::Spec;
use serde::{Deserialize, Serialize};

use crate::inputs::{Input, Origin};
use crate::judge::{Components, ErrorAt, judge};

/// One specification's vectors.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct VectorFile {
    pub spec: String,
    pub title: String,
    /// Which rule judges, and what the components are.
    pub about: String,
    pub cases: Vec<Case>,
}

/// One input and the grammar's verdict on it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Case {
    pub input: String,
    pub spec: String,
    pub valid: bool,
    /// The rule that accepts the input, or the one the error is filed under.
    pub rule: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub components: Option<Components>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<ErrorAt>,
}

/// How many cases per accepting rule and scheme, and per refusing rule.
const PER_KEY: usize = 4;

fn about(spec: Spec) -> &'static str {
    match spec {
        Spec::Rfc1738 | Spec::Draft07 => {
            "Judged by the scheme's own rule of Section 5 (`ftpurl`, `httpurl`, ...; `genericurl` for other schemes). Components as the crate's `Url` accessors give them: `userinfo` is `user[:password]`; `path` is what follows the `/` that ends the host (ftp's `fpath` without `;type=`, http's `hpath`, gopher's type and selector, file's `fpath`, prospero's `ppath` without its fields, a generic URL's `urlpath`), `null` for mailto, news, nntp, telnet and wais; `query` is http's and wais's search; `null` where absent."
        }
        _ => {
            "Judged by the generic `URI` rule (`absoluteURI` with an optional fragment): a relative reference is invalid. Components as RFC 3986 splits a URI, without their delimiters; `null` where absent, `\"\"` where present and empty; the host of an IP literal keeps its brackets."
        }
    }
}

/// The vectors of `spec` from `inputs`: every example of the documents, and
/// up to a few cases for each accepting rule and scheme and for each rule an
/// error is filed under.
pub fn build(inputs: &[Input], spec: Spec) -> VectorFile {
    let mut taken: HashMap<String, usize> = HashMap::new();
    let mut cases = Vec::new();
    for input in inputs {
        let judged = judge(&input.text, spec);
        let key = if judged.valid {
            let scheme = input
                .text
                .split(':')
                .next()
                .unwrap_or("")
                .to_ascii_lowercase();
            format!("valid {} {scheme}", judged.rule)
        } else {
            format!("invalid {}", judged.rule)
        };
        let seen = taken.entry(key).or_default();
        let example = matches!(input.origin, Origin::Example { .. });
        if !example && *seen >= PER_KEY {
            continue;
        }
        *seen += 1;
        cases.push(Case {
            input: input.text.clone(),
            spec: spec.name().to_owned(),
            valid: judged.valid,
            rule: judged.rule,
            components: judged.components,
            error: judged.error,
        });
    }
    VectorFile {
        spec: spec.name().to_owned(),
        title: spec.title().to_owned(),
        about: about(spec).to_owned(),
        cases,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::inputs;

    #[test]
    fn vectors_cover_every_scheme_and_the_broken_rules() {
        let inputs = inputs::build(200, 3);
        for spec in Spec::ALL {
            let file = build(&inputs, spec);
            assert!(
                file.cases.iter().any(|case| case.valid)
                    && file.cases.iter().any(|case| !case.valid)
            );
            for case in &file.cases {
                assert_eq!(case.valid, case.components.is_some());
                assert_eq!(case.valid, case.error.is_none());
            }
        }
        let rfc1738 = build(&inputs, Spec::Rfc1738);
        for scheme in rfc1738::Scheme::ALL {
            let rule = format!("{}url", scheme.name());
            assert!(
                rfc1738
                    .cases
                    .iter()
                    .any(|case| case.valid && case.rule == rule),
                "{rule}"
            );
        }
        let broken: std::collections::HashSet<_> = inputs
            .iter()
            .map(|input| judge(&input.text, Spec::Rfc1738))
            .filter(|judged| !judged.valid)
            .map(|judged| judged.rule)
            .collect();
        for rule in broken {
            assert!(
                rfc1738
                    .cases
                    .iter()
                    .any(|case| !case.valid && case.rule == rule),
                "{rule}"
            );
        }
    }
}
