//! Every component the grammar reads shows in each view of the URL:
//! `common::describe` (the examples' snapshots), `checks::meaning` (what
//! normalizing must keep) and the meaning of `rfc1738 explain`. Most schemes
//! have an arm of their own in each view; nntp, mailto and ghelp are read
//! from their `components()`. A component added to a scheme's rule and to
//! its `Url`, but forgotten in a view's arm or in the listing, fails here.
//!
//! The components are the leaves of the syntax tree (rules with no named
//! rule inside) of generated URLs of every scheme; a view shows a leaf when
//! the leaf's text, as that view writes values, is part of what it shows.
#![cfg(all(feature = "arbitrary", feature = "cli"))]

use crate::{checks, common};

use arbitrary::Unstructured;
use assert_cmd::Command;
use rfc1738::{GeneratedUrl, Scheme, Spec, SyntaxNode, Url, percent_decode};
use serde_json::Value;

/// Generated URLs of every scheme and of the generic form, `per_scheme` of
/// each, under `spec`.
fn generated(spec: Spec, per_scheme: usize) -> Vec<GeneratedUrl> {
    let mut rng = fastrand::Rng::with_seed(1738);
    let schemes = Scheme::ALL.into_iter().map(Some).chain([None]);
    let mut urls = Vec::new();
    for scheme in schemes {
        let mut made = 0;
        while made < per_scheme {
            let bytes: Vec<u8> = (0..rng.usize(16..256)).map(|_| rng.u8(..)).collect();
            if let Ok(url) = GeneratedUrl::generate(&mut Unstructured::new(&bytes), spec, scheme) {
                urls.push(url);
                made += 1;
            }
        }
    }
    urls
}

/// The leaves of `url`'s syntax tree, with their rule's name.
fn leaves<'a>(tree: &'a SyntaxNode<'a>) -> Vec<(&'static str, &'a str)> {
    tree.walk()
        .filter(|(_, node)| node.children().is_empty())
        .map(|(_, node)| (node.rule().name(), node.text()))
        .collect()
}

fn decoded(text: &str) -> String {
    String::from_utf8_lossy(&percent_decode(text)).into_owned()
}

/// A port as a number, without the zeros before it.
fn port_number(text: &str) -> &str {
    match text.trim_start_matches('0') {
        "" => "0",
        digits => digits,
    }
}

/// The leaves `view` does not show, each with the URL, the spec and the view.
fn unshown(
    url: &Url<'_>,
    view: &str,
    shows: impl Fn(&str) -> bool,
    form: impl Fn(&str, &str) -> Option<String>,
) -> Vec<String> {
    let trees = url.syntax_trees();
    let mut missing = Vec::new();
    for (rule, text) in trees.iter().flat_map(leaves) {
        // RFC 3986's `userinfo` has no rules inside: the views show the
        // user and the password (RFC 1738's) apart.
        let parts = match rule {
            "userinfo" => text.splitn(2, ':').collect(),
            _ => vec![text],
        };
        for part in parts {
            if let Some(written) = form(rule, part)
                && !shows(&written)
            {
                missing.push(format!(
                    "{view} of {:?} under {} lacks {rule} {part:?} (as {written:?})",
                    url.as_str(),
                    url.spec()
                ));
            }
        }
    }
    missing
}

/// Fails with the first unshown leaf of each rule, and how many there are.
fn assert_all_shown(missing: Vec<String>) {
    let mut by_rule = std::collections::BTreeMap::new();
    for line in &missing {
        let rule = line
            .split(" lacks ")
            .nth(1)
            .and_then(|rest| rest.split(' ').next());
        by_rule.entry(rule.unwrap_or("")).or_insert((line, 0)).1 += 1;
    }
    assert!(
        missing.is_empty(),
        "leaves unshown, the first of each rule: {by_rule:#?}"
    );
}

/// `common::describe` writes each value with `{:?}`: a leaf shows as a
/// whole quoted value (`"b"` in `["a", "b"]`), not inside another one (the
/// path `"a/b"`).
#[test]
fn describe_shows_every_leaf() {
    let mut missing = Vec::new();
    for spec in [Spec::Rfc1738, Spec::Draft07, Spec::Rfc3986] {
        for url in generated(spec, 150) {
            let parsed = url.url();
            let shown = common::describe(&parsed);
            let shows = |quoted: &str| shown.contains(quoted);
            let is_uri = matches!(parsed, Url::Uri(_));
            missing.extend(unshown(&parsed, "describe", shows, |rule, text| {
                Some(match rule {
                    // An IP literal shows with its brackets, as the host
                    // holds it; a type code is a `char`; news's `*` is put
                    // in words.
                    "IPv6address" | "IPvFuture" => format!("{:?}", format!("[{text}]")),
                    "ftptype" | "typecode" => format!("{:?}", text.chars().next()?),
                    "grouppart" => format!("({text})"),
                    // A URI's path shows whole, its segments inside it.
                    _ if is_uri && rule.starts_with("segment") => {
                        let quoted = format!("{text:?}");
                        quoted[1..quoted.len() - 1].to_owned()
                    }
                    _ => format!("{text:?}"),
                })
            }));
        }
    }
    assert_all_shown(missing);
}

/// `checks::meaning` decodes each value, writes host names in lower case
/// and ports as numbers, the default port as none.
#[test]
fn the_normalization_checks_meaning_shows_every_leaf() {
    let mut missing = Vec::new();
    for spec in Spec::SECTION5 {
        for url in generated(spec, 150) {
            let parsed = url.url();
            let default_port = parsed.known_scheme().and_then(Scheme::default_port);
            // Each value whole (`meaning` writes a value as `=` and it).
            let values: Vec<String> = checks::meaning(&parsed)
                .into_iter()
                .map(|(_, value)| String::from_utf8_lossy(&value).to_ascii_lowercase())
                .collect();
            let shows = |value: &str| {
                values
                    .iter()
                    .any(|shown| shown.strip_prefix('=') == Some(value))
            };
            missing.extend(unshown(&parsed, "checks::meaning", shows, |rule, text| {
                if rule == "port" {
                    let number = port_number(text);
                    return (Some(number) != default_port.map(|p| p.to_string()).as_deref())
                        .then(|| number.to_owned());
                }
                Some(decoded(text).to_ascii_lowercase())
            }));
        }
    }
    assert_all_shown(missing);
}

/// What `explain`'s meaning leaves to its tree: the server (host and
/// port), which only some schemes' meanings name; the FTP type code,
/// which the commands spell (`TYPE I`, `NLST`); news's `*`, which the
/// meaning puts in words; the fragment, which is no part of what the URL
/// means (`explain` names it apart). The rest of a URL is what it means,
/// and shows decoded.
fn left_to_the_tree(rule: &str, text: &str) -> bool {
    // A path of one empty segment is `[""]`; the scheme is the record's.
    (rule, text) == ("grouppart", "*")
        || (rule, text) == ("path-absolute", "/")
        || matches!(
            rule,
            "scheme"
                | "fragment"
                | "hostname"
                | "hostnumber"
                | "host"
                | "reg-name"
                | "IPv4address"
                | "IPv6address"
                | "IPvFuture"
                | "port"
                | "ftptype"
                | "typecode"
        )
}

/// `explain --format json`'s `meaning`: each component decoded.
#[test]
fn explain_s_meaning_shows_every_leaf() {
    let mut missing = Vec::new();
    for spec in [Spec::Rfc1738, Spec::Draft07, Spec::Rfc3986] {
        let urls = generated(spec, 40);
        let output = Command::cargo_bin("rfc1738")
            .unwrap()
            .args(["explain", "--format", "json", "--spec", spec.name()])
            .args(urls.iter().map(GeneratedUrl::as_str))
            .output()
            .unwrap();
        let stdout = String::from_utf8(output.stdout).unwrap();
        let explained: Vec<Value> = stdout
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect();
        assert_eq!(explained.len(), urls.len(), "{stdout}");
        for (url, json) in urls.iter().zip(&explained) {
            // Section 5 gives a generic URL no meaning. (An RFC 3986 URI of
            // a scheme without a form of its own means its user information,
            // its path's segments and its query.)
            if matches!(url.url(), Url::Generic(_)) {
                assert_eq!(json["meaning"], serde_json::json!({}), "{}", url.as_str());
                continue;
            }
            // Part of a value: the meaning joins some (the FTP commands,
            // the gopher request).
            let mut shown = String::new();
            strings(&json["meaning"], &mut shown);
            missing.extend(unshown(
                &url.url(),
                "explain's meaning",
                |text| shown.contains(text),
                |rule, text| (!left_to_the_tree(rule, text)).then(|| decoded(text)),
            ));
        }
    }
    assert_all_shown(missing);
}

/// Every string inside `value`, each on a line.
fn strings(value: &Value, out: &mut String) {
    match value {
        Value::String(text) => {
            out.push_str(text);
            out.push('\n');
        }
        Value::Array(items) => items.iter().for_each(|item| strings(item, out)),
        Value::Object(fields) => fields.values().for_each(|field| strings(field, out)),
        _ => {}
    }
}

/// The tests above can fail: a view without the article number lacks it.
#[test]
fn a_view_without_a_component_lacks_it() {
    let url = Url::parse("nntp://news.example/comp.lang.ada/1738").unwrap();
    let described = common::describe(&url);
    let quoted = |_: &str, text: &str| Some(format!("{text:?}"));
    assert!(unshown(&url, "describe", |value| described.contains(value), quoted).is_empty());
    let without_article = described.replace("Some(\"1738\")", "None");
    assert_eq!(
        unshown(
            &url,
            "describe",
            |value| without_article.contains(value),
            quoted
        ),
        [
            r#"describe of "nntp://news.example/comp.lang.ada/1738" under rfc1738 lacks digits "1738" (as "\"1738\"")"#
        ]
    );
}

/// A login, a host and port, and a host are written as the URL writes them:
/// the login is the whole of what follows `scheme://`, up to the path (or,
/// under RFC 3986, the query or the fragment).
#[test]
fn a_login_and_a_host_display_as_written() {
    // RFC 2396 has no nntp form to generate.
    for spec in [Spec::Rfc1738, Spec::Draft07, Spec::Rfc3986] {
        for generated in generated(spec, 40) {
            let url = generated.url();
            let text = url.as_str();
            if let Some(hostport) = url.hostport() {
                let shown = hostport.to_string();
                assert!(
                    text.contains(&shown),
                    "{shown:?} of {text:?} under {spec:?}"
                );
                assert!(shown.starts_with(&hostport.host().to_string()), "{text:?}");
            }
            let login = match &url {
                Url::Ftp(ftp) => ftp.login(),
                Url::Telnet(telnet) => telnet.login(),
                _ => continue,
            };
            let after_slashes = &text[text.find("://").unwrap() + 3..];
            // A login of Section 5 may hold '?' and '#'.
            let ends: &[char] = if spec == Spec::Rfc3986 {
                &['/', '?', '#']
            } else {
                &['/']
            };
            let authority = after_slashes.split(ends).next().unwrap();
            assert_eq!(login.to_string(), authority, "{text:?} under {spec:?}");
        }
    }
}
