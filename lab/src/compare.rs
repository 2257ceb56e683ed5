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
    /// How the peer departs, where class and rule do not say it: its message
    /// with what quotes the input left out (`strict`), what each side has
    /// (`component`: `absent`, `empty` or `value`, ours first), or whether
    /// its error comes `before` or `after` the grammar's.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub detail: String,
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
/// verdict `ours` under `spec`. An answer that accepts the input without
/// a scheme counts as a refusal: the inputs are absolute URLs, and a peer
/// that reads them as relative references has not read a URL.
pub fn classify(
    peer: &PeerInfo,
    spec: Spec,
    input: &str,
    ours: &Judgement,
    answer: &Answer,
) -> Vec<Finding> {
    let make =
        |class, rule: &str, component: Option<&str>, detail: String, values: (Value, Value)| {
            Finding {
                peer: peer.peer.clone(),
                class,
                spec: spec.name().to_owned(),
                input: input.to_owned(),
                valid: ours.valid,
                rule: rule.to_owned(),
                component: component.map(str::to_owned),
                detail,
                ours: values.0,
                theirs: values.1,
            }
        };
    let our_offset = ours.error.as_ref().map(|error| error.offset);
    let schemeless = answer
        .components
        .as_ref()
        .and_then(|parts| parts.get("scheme"))
        .is_some_and(|scheme| scheme.as_deref().is_none_or(str::is_empty));
    let accepted = answer.valid && !schemeless;
    match (ours.valid, accepted) {
        (true, false) => {
            let message = match &answer.error {
                Some(error) => error.clone(),
                None if schemeless => "no scheme".to_owned(),
                None => String::new(),
            };
            let detail = message_shape(&message);
            vec![make(
                Class::Strict,
                &ours.rule,
                None,
                detail,
                (Value::Null, message.into()),
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
            let values = (our_offset.into(), read);
            vec![make(
                Class::Lenient,
                &ours.rule,
                None,
                String::new(),
                values,
            )]
        }
        (false, false) if spec == COMPARED_SPEC && peer.positions => {
            match (answer.offset, our_offset) {
                (Some(offset), Some(ours_at)) if offset != ours_at => {
                    let detail = if offset < ours_at { "before" } else { "after" };
                    let values = (ours_at.into(), offset.into());
                    vec![make(
                        Class::MisplacedError,
                        &ours.rule,
                        None,
                        detail.to_owned(),
                        values,
                    )]
                }
                _ => Vec::new(),
            }
        }
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
                    let theirs = their_parts.get(*name)?.as_deref();
                    let our_part = our_parts[*name].as_deref();
                    let same = canonical(peer, input, scheme, name, our_part, Side::Grammar)
                        == canonical(peer, input, scheme, name, theirs, Side::Peer);
                    (!same).then(|| {
                        let detail = format!("{}, {}", value_shape(our_part), value_shape(theirs));
                        let values = (our_part.into(), theirs.into());
                        make(Class::Component, name, Some(name), detail, values)
                    })
                })
                .collect()
        }
        (true, true) => Vec::new(),
    }
}

/// `absent`, `empty` or `value`.
fn value_shape(value: Option<&str>) -> &'static str {
    match value {
        None => "absent",
        Some("") => "empty",
        Some(_) => "value",
    }
}

/// A peer's message without what it quotes of the input: quoted text
/// becomes `…` and numbers `N`, so that one cause is one cluster.
pub fn message_shape(message: &str) -> String {
    let mut shape = String::new();
    let mut quote = None;
    for character in message.chars() {
        match quote {
            Some(close) if character == close => {
                quote = None;
                shape.push(close);
            }
            Some(_) => {}
            None if matches!(character, '\'' | '"' | '`') => {
                quote = Some(character);
                shape.push(character);
                shape.push('…');
            }
            None if character.is_ascii_digit() => {
                if !shape.ends_with('N') {
                    shape.push('N');
                }
            }
            None => shape.push(character),
        }
    }
    shape.chars().take(80).collect()
}

/// Which side of a comparison a value comes from.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    Grammar,
    Peer,
}

/// A component's value with the changes the peer declares applied, on
/// either side, so that only what the peer reads otherwise differs; bytes,
/// since a decoded escape need not be UTF-8.
fn canonical(
    peer: &PeerInfo,
    input: &str,
    scheme: &str,
    name: &str,
    value: Option<&str>,
    side: Side,
) -> Option<Vec<u8>> {
    let declared = |change: &str| peer.normalizes.iter().any(|item| item == change);
    let mut value = value?.to_owned();
    match name {
        "query" | "fragment" if declared("empty-absent") && value.is_empty() => return None,
        "port"
            if declared("default-port")
                && (value.is_empty() || Some(value.as_str()) == default_port(scheme)) =>
        {
            return None;
        }
        "path" => {
            if side == Side::Grammar && declared("dot-segments") {
                value = without_dot_segments(input).unwrap_or(value);
            }
            if declared("empty-path") && value.is_empty() {
                value.push('/');
            }
        }
        _ => {}
    }
    let decoded = peer.components == "decoded" && side == Side::Grammar;
    let mut bytes = if (declared("percent-encoding") || decoded)
        && matches!(name, "userinfo" | "host" | "path" | "query" | "fragment")
    {
        percent_decode(&value).into_owned()
    } else {
        value.into_bytes()
    };
    // Case is folded after decoding: `%4B` is `K`, which folds to `k`.
    if (name == "scheme" && declared("scheme-case")) || (name == "host" && declared("host-case")) {
        bytes.make_ascii_lowercase();
    }
    Some(bytes)
}

/// The default port of WHATWG's special schemes, the peers that declare
/// `default-port`.
fn default_port(scheme: &str) -> Option<&'static str> {
    match scheme.to_ascii_lowercase().as_str() {
        "http" | "ws" => Some("80"),
        "https" | "wss" => Some("443"),
        "ftp" => Some("21"),
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

    #[test]
    fn a_peer_that_reads_no_scheme_refuses() {
        let plain = peer(&[], false);
        let relative = accepting("http://h/", &[("scheme", None)]);
        let found = classify(
            &plain,
            Spec::Rfc3986,
            "http://h/",
            &judge("http://h/", Spec::Rfc3986),
            &relative,
        );
        assert_eq!(found.len(), 1);
        assert_eq!(
            (found[0].class, found[0].detail.as_str()),
            (Class::Strict, "no scheme")
        );
        // Refusing what the grammar refuses too is no finding.
        assert!(
            findings(
                &plain,
                Spec::Rfc3986,
                "http://h/a b",
                &accepting("http://h/", &[("scheme", Some(""))])
            )
            .is_empty()
        );
    }

    #[test]
    fn escapes_decode_before_case_folds_and_need_not_be_utf8() {
        let input = "http://W%4Bx/%E9%A3";
        let whatwg = peer(&["host-case", "percent-encoding"], false);
        let answer = accepting(input, &[("host", Some("wkx")), ("path", Some("/%E9%A3"))]);
        assert!(findings(&whatwg, Spec::Rfc3986, input, &answer).is_empty());
        let replaced = accepting(input, &[("path", Some("/\u{fffd}\u{fffd}"))]);
        assert_eq!(findings(&whatwg, Spec::Rfc3986, input, &replaced).len(), 1);
    }

    #[test]
    fn details_split_one_rule_by_cause() {
        assert_eq!(
            message_shape("invalid port \":p\" after host"),
            "invalid port \"…\" after host"
        );
        assert_eq!(
            message_shape("Port out of range 0-65535"),
            "Port out of range N-N"
        );
        let plain = peer(&[], true);
        let input = "http://h:80/";
        let empty = classify(
            &plain,
            Spec::Rfc3986,
            input,
            &judge(input, Spec::Rfc3986),
            &accepting(input, &[("port", Some(""))]),
        );
        assert_eq!(empty[0].detail, "value, empty");
        let bad = "http://h/a b";
        let before = classify(
            &plain,
            Spec::Rfc3986,
            bad,
            &judge(bad, Spec::Rfc3986),
            &refusing(Some(2)),
        );
        assert_eq!(before[0].detail, "before");
    }
}
