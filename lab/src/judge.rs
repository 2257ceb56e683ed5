//! The grammar's verdict on an input under one specification: valid with
//! its components, or invalid at an offset, filed under a rule.

use std::collections::BTreeMap;

use rfc1738::{Authority, Spec, UriRef, Url};
use serde::{Deserialize, Serialize};

/// RFC 3986's seven components, in their order; what every peer reports.
pub const COMPONENTS: [&str; 7] = [
    "scheme", "userinfo", "host", "port", "path", "query", "fragment",
];

/// Components by name. A name that is missing was not reported; `None` is
/// a component the URL does not have, `Some("")` one present and empty.
pub type Components = BTreeMap<String, Option<String>>;

/// The grammar's verdict.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Judgement {
    pub valid: bool,
    /// The rule that accepts the input (`URI`, `ftpurl`, ...), or the rule
    /// the error is filed under.
    pub rule: String,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub components: Option<Components>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub error: Option<ErrorAt>,
}

/// Where and why the grammar refuses an input.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ErrorAt {
    /// Byte offset of the error.
    pub offset: usize,
    pub rule: String,
    /// What the grammar expected there, by name.
    pub expected: Vec<String>,
}

/// The verdict of `spec` on `input` as an absolute URL: under RFC 1738 and
/// draft-07, by the scheme's own rule (`genericurl` for another scheme);
/// under RFC 2396 and RFC 3986, by the generic `URI` (`absoluteURI` with an
/// optional fragment), which is what the peers that claim them follow.
pub fn judge(input: &str, spec: Spec) -> Judgement {
    match spec {
        Spec::Rfc1738 | Spec::Draft07 => match Url::parse_with(input, spec) {
            Ok(url) => Judgement {
                valid: true,
                rule: match url.known_scheme() {
                    Some(scheme) => format!("{}url", scheme.name()),
                    None => "genericurl".to_owned(),
                },
                components: Some(url_components(&url)),
                error: None,
            },
            Err(error) => refused(&error),
        },
        // Without a scheme, no URI: the error is where the absolute form
        // leaves its grammar (a URI-reference's would be a relative
        // reference's).
        _ if !has_scheme(input) => match Url::parse_with(input, spec) {
            Err(error) => refused(&error),
            Ok(_) => unreachable_scheme(),
        },
        _ => match UriRef::parse_with(input, spec) {
            Ok(uri) if !uri.is_relative() => Judgement {
                valid: true,
                rule: "URI".to_owned(),
                components: Some(uri_components(&uri)),
                error: None,
            },
            Ok(_) => unreachable_scheme(),
            // With a scheme, `URI` is the alternative that reads furthest,
            // so the error is the absolute form's.
            Err(error) => refused(&error),
        },
    }
}

/// Whether `text` starts with a scheme (RFC 3986's `scheme`) and its `:`.
pub fn has_scheme(text: &str) -> bool {
    text.split_once(':').is_some_and(|(scheme, _)| {
        scheme.starts_with(|c: char| c.is_ascii_alphabetic())
            && scheme
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
    })
}

/// The verdict where the two readings of the scheme disagree, which the
/// grammars do not allow: refused at the start, filed under `scheme`.
fn unreachable_scheme() -> Judgement {
    Judgement {
        valid: false,
        rule: "scheme".to_owned(),
        components: None,
        error: Some(ErrorAt {
            offset: 0,
            rule: "scheme".to_owned(),
            expected: vec!["scheme".to_owned()],
        }),
    }
}

fn refused(error: &rfc1738::ParseError) -> Judgement {
    Judgement {
        valid: false,
        rule: error.rule(),
        components: None,
        error: Some(ErrorAt {
            offset: error.offset(),
            rule: error.rule(),
            expected: error
                .expected()
                .iter()
                .map(rfc1738::Expected::name)
                .collect(),
        }),
    }
}

fn components(parts: [Option<&str>; 7]) -> Components {
    COMPONENTS
        .iter()
        .zip(parts)
        .map(|(name, part)| ((*name).to_owned(), part.map(str::to_owned)))
        .collect()
}

fn userinfo(user: Option<&str>, password: Option<&str>) -> Option<String> {
    match (user, password) {
        (None, None) => None,
        (user, None) => user.map(str::to_owned),
        (user, Some(password)) => Some(format!("{}:{password}", user.unwrap_or(""))),
    }
}

/// Under RFC 1738 and draft-07, the parts as `rfc1738::Url`'s accessors
/// give them: `path` after the `/` that ends the host (ftp's without
/// `;type=`), `query` http's and wais's search.
fn url_components(url: &Url<'_>) -> Components {
    let userinfo = userinfo(url.user(), url.password());
    let host = url.host().map(|host| host.as_str());
    components([
        Some(url.scheme()),
        userinfo.as_deref(),
        host,
        url.port(),
        url.path(),
        url.query(),
        url.fragment(),
    ])
}

fn uri_components(uri: &UriRef<'_>) -> Components {
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
    components([
        uri.scheme(),
        userinfo.as_deref(),
        host,
        port,
        Some(uri.path()),
        uri.query(),
        uri.fragment(),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn part<'a>(judgement: &'a Judgement, name: &str) -> Option<&'a str> {
        judgement.components.as_ref().unwrap()[name].as_deref()
    }

    #[test]
    fn uri_components_are_rfc_3986s() {
        let judged = judge("http://u:p@h:8080/a?q#f", Spec::Rfc3986);
        assert!(judged.valid);
        assert_eq!(judged.rule, "URI");
        let expected = [
            Some("http"),
            Some("u:p"),
            Some("h"),
            Some("8080"),
            Some("/a"),
            Some("q"),
            Some("f"),
        ];
        for (name, value) in COMPONENTS.iter().zip(expected) {
            assert_eq!(part(&judged, name), value, "{name}");
        }
        let empty = judge("file:///etc", Spec::Rfc3986);
        assert_eq!(
            (part(&empty, "host"), part(&empty, "port")),
            (Some(""), None)
        );
        let opaque = judge("mailto:a@b", Spec::Rfc3986);
        assert_eq!(
            (part(&opaque, "host"), part(&opaque, "path")),
            (None, Some("a@b"))
        );
        let bracketed = judge("http://[::1]:/", Spec::Rfc3986);
        assert_eq!(
            (part(&bracketed, "host"), part(&bracketed, "port")),
            (Some("[::1]"), Some(""))
        );
    }

    #[test]
    fn section_5_components_are_its_parts() {
        let judged = judge("ftp://u:@h.dom/a/b;type=d", Spec::Rfc1738);
        assert_eq!(judged.rule, "ftpurl");
        assert_eq!(part(&judged, "userinfo"), Some("u:"));
        assert_eq!(part(&judged, "path"), Some("a/b"));
        assert_eq!(part(&judge("news:comp.x", Spec::Rfc1738), "path"), None);
    }

    #[test]
    fn refusals_name_offset_and_rule() {
        let judged = judge("nntp://h/grp/x", Spec::Rfc1738);
        let error = judged.error.unwrap();
        assert_eq!((error.offset, error.rule.as_str()), (13, "digits"));
        // A relative reference is refused as a URI, where it leaves the scheme.
        let relative = judge("not a url", Spec::Rfc3986);
        assert!(!relative.valid);
        assert_eq!(relative.error.unwrap().offset, 3);
        let space = judge("http://h/a b", Spec::Rfc3986).error.unwrap();
        assert_eq!(space.offset, 10);
        // Not even a URI reference: still the absolute form's error.
        let neither = judge("//:*", Spec::Rfc3986);
        assert_eq!(
            (neither.rule.as_str(), neither.error.unwrap().offset),
            ("scheme", 0)
        );
    }
}
