//! A peer's answer held against the grammar's verdict: the findings, each
//! of one class, filed under a rule and, where it has one, a component.

use rfc1738::{Spec, UriRef, percent_decode};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::judge::{COMPONENTS, Judgement};
use crate::peers::{Answer, PeerInfo};

/// How a peer departs from the grammar on one input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Class {
    /// It refuses a valid URL.
    Strict,
    /// It accepts an invalid one; the rule is the one it ignores.
    Lenient,
    /// Both accept, and it reads a component otherwise.
    Component,
    /// Both refuse, and it places the error elsewhere.
    MisplacedError,
}

impl Class {
    pub const ALL: [Class; 4] = [
        Class::Strict,
        Class::Lenient,
        Class::Component,
        Class::MisplacedError,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Class::Strict => "strict",
            Class::Lenient => "lenient",
            Class::Component => "component",
            Class::MisplacedError => "misplaced-error",
        }
    }
}

/// One departure: what `findings.jsonl` holds a line of.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Finding {
    pub peer: String,
    pub class: Class,
    pub spec: String,
    pub input: String,
    /// The grammar's verdict.
    pub valid: bool,
    /// For `strict`, the rule that accepts the input; otherwise the rule
    /// the grammar's error is filed under, or the component's.
    pub rule: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub component: Option<String>,
    /// The grammar's side: the component's value, or the error's offset.
    #[serde(default)]
    pub ours: Value,
    /// The peer's side: the component's value, its error's offset, its
    /// message where it refuses, or the components it read where it accepts
    /// what the grammar refuses.
    #[serde(default)]
    pub theirs: Value,
}

/// Components and error positions are compared under RFC 3986 alone: its
/// seven components are the contract every adapter reports in, and the
/// peers that give positions claim it.
pub const COMPARED_SPEC: Spec = Spec::Rfc3986;

/// The findings of `peer`'s `answer` on `input` against the grammar's
/// verdict `ours` under `spec`.
pub fn classify(
    peer: &PeerInfo,
    spec: Spec,
    input: &str,
    ours: &Judgement,
    answer: &Answer,
) -> Vec<Finding> {
    let make =
        |class, rule: &str, component: Option<&str>, ours_value: Value, theirs: Value| Finding {
            peer: peer.peer.clone(),
            class,
            spec: spec.name().to_owned(),
            input: input.to_owned(),
            valid: ours.valid,
            rule: rule.to_owned(),
            component: component.map(str::to_owned),
            ours: ours_value,
            theirs,
        };
    let our_offset = || {
        ours.error
            .as_ref()
            .map_or(Value::Null, |error| error.offset.into())
    };
    match (ours.valid, answer.valid) {
        (true, false) => {
            let message = answer.error.clone().unwrap_or_default();
            vec![make(
                Class::Strict,
                &ours.rule,
                None,
                Value::Null,
                message.into(),
            )]
        }
        (false, true) => {
            // What the peer made of the input: its components, so that the
            // witness shows which host or userinfo it read.
            let read = answer.components.as_ref().map_or(Value::Null, |parts| {
                let present = parts
                    .iter()
                    .filter_map(|(name, value)| Some((name.clone(), Value::from(value.clone()?))));
                Value::Object(present.collect())
            });
            vec![make(Class::Lenient, &ours.rule, None, our_offset(), read)]
        }
        (false, false) if spec == COMPARED_SPEC && peer.positions => match answer.offset {
            Some(offset) if Some(offset) != ours.error.as_ref().map(|error| error.offset) => {
                vec![make(
                    Class::MisplacedError,
                    &ours.rule,
                    None,
                    our_offset(),
                    offset.into(),
                )]
            }
            _ => Vec::new(),
        },
        (false, false) => Vec::new(),
        (true, true) if spec == COMPARED_SPEC => {
            let (Some(our_parts), Some(their_parts)) = (&ours.components, &answer.components)
            else {
                return Vec::new();
            };
            let scheme = our_parts["scheme"].as_deref().unwrap_or("");
            COMPONENTS
                .iter()
                .filter_map(|name| {
                    let theirs = their_parts.get(*name)?;
                    let our_part = our_parts[*name].as_deref();
                    let same = canonical(peer, input, scheme, name, our_part, true)
                        == canonical(peer, input, scheme, name, theirs.as_deref(), false);
                    (!same).then(|| {
                        make(
                            Class::Component,
                            name,
                            Some(name),
                            our_part.into(),
                            theirs.as_deref().into(),
                        )
                    })
                })
                .collect()
        }
        (true, true) => Vec::new(),
    }
}

/// A component's value with the changes the peer declares applied, on
/// either side, so that only what the peer reads otherwise differs.
fn canonical(
    peer: &PeerInfo,
    input: &str,
    scheme: &str,
    name: &str,
    value: Option<&str>,
    ours: bool,
) -> Option<String> {
    let declared = |change: &str| peer.normalizes.iter().any(|item| item == change);
    let mut value = value.map(str::to_owned);
    if declared("empty-absent")
        && matches!(name, "query" | "fragment")
        && value.as_deref() == Some("")
    {
        value = None;
    }
    let mut value = value?;
    let decode = |text: &str| String::from_utf8_lossy(&percent_decode(text)).into_owned();
    match name {
        "scheme" if declared("scheme-case") => value.make_ascii_lowercase(),
        "host" if declared("host-case") => value.make_ascii_lowercase(),
        "port"
            if declared("default-port")
                && (value.is_empty() || Some(value.as_str()) == default_port(scheme)) =>
        {
            return None;
        }
        "path" => {
            if ours && declared("dot-segments") {
                value = without_dot_segments(input).unwrap_or(value);
            }
            if declared("empty-path") && value.is_empty() {
                value.push('/');
            }
        }
        _ => {}
    }
    let decoded = peer.components == "decoded" && ours;
    if (declared("percent-encoding") || decoded)
        && matches!(name, "userinfo" | "host" | "path" | "query" | "fragment")
    {
        value = decode(&value);
    }
    Some(value)
}

/// The default port of the schemes that have one.
fn default_port(scheme: &str) -> Option<&'static str> {
    match scheme.to_ascii_lowercase().as_str() {
        "http" | "ws" => Some("80"),
        "https" | "wss" => Some("443"),
        "ftp" => Some("21"),
        "gopher" => Some("70"),
        "telnet" => Some("23"),
        "nntp" | "news" => Some("119"),
        "wais" => Some("210"),
        "prospero" => Some("1525"),
        "ldap" => Some("389"),
        _ => None,
    }
}

/// The path of `input` with its dot segments removed: the URI resolved
/// against itself, by RFC 3986's algorithm.
fn without_dot_segments(input: &str) -> Option<String> {
    let uri = UriRef::parse_with(input, Spec::Rfc3986).ok()?;
    let resolved = uri.resolve(&uri).ok()?;
    Some(
        UriRef::parse_with(&resolved, Spec::Rfc3986)
            .ok()?
            .path()
            .to_owned(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::judge;

    fn peer(normalizes: &[&str], positions: bool) -> PeerInfo {
        PeerInfo {
            peer: "peer".to_owned(),
            version: "1".to_owned(),
            call: "parse".to_owned(),
            claims: "RFC 3986".to_owned(),
            components: "raw".to_owned(),
            normalizes: normalizes.iter().map(|item| (*item).to_owned()).collect(),
            positions,
        }
    }

    /// A peer's answer that accepts with `parts` changed from the grammar's.
    fn accepting(input: &str, parts: &[(&str, Option<&str>)]) -> Answer {
        let mut components = judge(input, Spec::Rfc3986).components.unwrap();
        for (name, value) in parts {
            components.insert((*name).to_owned(), value.map(str::to_owned));
        }
        Answer {
            valid: true,
            components: Some(components),
            error: None,
            offset: None,
        }
    }

    fn refusing(offset: Option<usize>) -> Answer {
        Answer {
            valid: false,
            components: None,
            error: Some("no".to_owned()),
            offset,
        }
    }

    fn findings(
        peer: &PeerInfo,
        spec: Spec,
        input: &str,
        answer: &Answer,
    ) -> Vec<(Class, String, Option<String>)> {
        classify(peer, spec, input, &judge(input, spec), answer)
            .into_iter()
            .map(|finding| (finding.class, finding.rule, finding.component))
            .collect()
    }

    #[test]
    fn verdicts_that_differ_are_strict_or_lenient() {
        let plain = peer(&[], false);
        let strict = findings(&plain, Spec::Rfc3986, "http:", &refusing(None));
        assert_eq!(strict, [(Class::Strict, "URI".to_owned(), None)]);
        let lenient = findings(
            &plain,
            Spec::Rfc3986,
            "http://h/a b",
            &accepting("http://h/a", &[]),
        );
        assert_eq!(lenient.len(), 1);
        assert_eq!(lenient[0].0, Class::Lenient);
        // Under RFC 1738 the rule is the scheme's own.
        let ftp = findings(
            &plain,
            Spec::Rfc1738,
            "ftp://h/f;type=x",
            &accepting("ftp://h/f", &[]),
        );
        assert_eq!(ftp, [(Class::Lenient, "ftptype".to_owned(), None)]);
        assert!(
            findings(
                &plain,
                Spec::Rfc3986,
                "http://h/",
                &accepting("http://h/", &[])
            )
            .is_empty()
        );
    }

    #[test]
    fn components_differ_only_beyond_what_the_peer_declares() {
        let input = "HTTP://Example.com:80/a/../b?";
        let changed = [
            ("scheme", Some("http")),
            ("host", Some("example.com")),
            ("port", None),
            ("path", Some("/b")),
            ("query", None),
        ];
        let answer = accepting(input, &changed);
        let whatwg = peer(
            &[
                "scheme-case",
                "host-case",
                "default-port",
                "dot-segments",
                "empty-absent",
            ],
            false,
        );
        assert!(findings(&whatwg, Spec::Rfc3986, input, &answer).is_empty());
        let plain = peer(&[], false);
        let differing: Vec<Option<String>> = findings(&plain, Spec::Rfc3986, input, &answer)
            .into_iter()
            .map(|(_, _, component)| component)
            .collect();
        let expected: Vec<Option<String>> = ["scheme", "host", "port", "path", "query"]
            .iter()
            .map(|name| Some((*name).to_owned()))
            .collect();
        assert_eq!(differing, expected);
        // A host read otherwise is a finding whatever the peer declares.
        let elsewhere = accepting("http://a@b/", &[("host", Some("a")), ("userinfo", None)]);
        let found = findings(&whatwg, Spec::Rfc3986, "http://a@b/", &elsewhere);
        assert_eq!(found.len(), 2);
        assert!(found.iter().all(|(class, _, _)| *class == Class::Component));
        // Components are compared under RFC 3986 alone.
        assert!(findings(&plain, Spec::Rfc1738, input, &answer).is_empty());
        // A component the peer does not report is not compared.
        let mut silent = accepting("http://h/#f", &[]);
        silent.components.as_mut().unwrap().remove("fragment");
        assert!(findings(&plain, Spec::Rfc3986, "http://h/#f", &silent).is_empty());
    }

    #[test]
    fn errors_elsewhere_are_misplaced_for_peers_that_give_positions() {
        let input = "http://h/a b";
        let ours = judge(input, Spec::Rfc3986).error.unwrap().offset;
        let positions = peer(&[], true);
        assert!(findings(&positions, Spec::Rfc3986, input, &refusing(Some(ours))).is_empty());
        let misplaced = findings(&positions, Spec::Rfc3986, input, &refusing(Some(ours - 1)));
        assert_eq!(misplaced.len(), 1);
        assert_eq!(misplaced[0].0, Class::MisplacedError);
        assert!(findings(&peer(&[], false), Spec::Rfc3986, input, &refusing(Some(0))).is_empty());
        assert!(findings(&positions, Spec::Rfc3986, input, &refusing(None)).is_empty());
    }
}
