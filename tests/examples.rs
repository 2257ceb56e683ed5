//! Snapshots of every example URL of the specification documents
//! (`tests/data/examples.txt`): the components, or the error, under each spec.

use crate::common;

use rfc1738::{Spec, UriRef, Url};

/// The result of parsing `url` by `spec`: its components, or where and why it fails.
fn outcome(url: &str, spec: Spec) -> String {
    let relative = match UriRef::parse_with(url, spec) {
        Ok(reference)
            if matches!(spec, Spec::Rfc2396 | Spec::Rfc3986) && reference.is_relative() =>
        {
            format!(
                "as a URI reference:\n{}",
                indent(&common::describe_reference(&reference))
            )
        }
        _ => String::new(),
    };
    match Url::parse_with(url, spec) {
        Ok(parsed) => {
            assert_eq!(parsed.to_string(), url, "Display gives back the input");
            common::describe(&parsed)
        }
        Err(error) => {
            let rendered = format!("{error:#}");
            // The first line names the spec; the rest is the same under both when the error is.
            let (_, rest) = rendered.split_once('\n').unwrap();
            format!(
                "error at byte {}: {}\n{rest}\n{relative}",
                error.offset(),
                error.message()
            )
        }
    }
}

fn indent(text: &str) -> String {
    text.lines().map(|line| format!("    {line}\n")).collect()
}

#[test]
fn every_example_of_the_documents() {
    let data = include_str!("data/examples.txt");
    let mut groups: Vec<(&str, String)> = Vec::new();
    for line in data.lines() {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            groups.push((name, String::new()));
            continue;
        }
        let (name, report) = groups.last_mut().expect("a group header comes first");
        // uri(7) quotes RFC 2396 and RFC 3986 is the generic syntax of
        // them all: their examples are read by every spec. The later
        // documents' are read by RFC 3986 and by Section 5, which they copy.
        let later = [Spec::Rfc1738, Spec::Draft07, Spec::Rfc3986];
        let specs: &[Spec] = match *name {
            "uri7" | "rfc3986" => &Spec::ALL,
            "rfc1738-appendix" => &Spec::SECTION5,
            _ => &later,
        };
        report.push_str(&format!("{line}\n"));
        // Specs that read the example alike share one entry, in `Spec::ALL` order.
        let mut outcomes: Vec<(Vec<&str>, String)> = Vec::new();
        for &spec in specs {
            let text = outcome(line, spec);
            match outcomes.iter_mut().find(|(_, known)| *known == text) {
                Some((names, _)) => names.push(spec.name()),
                None => outcomes.push((vec![spec.name()], text)),
            }
        }
        for (names, text) in outcomes {
            report.push_str(&format!("  {}:\n{}", names.join(", "), indent(&text)));
        }
        report.push('\n');
    }
    assert_eq!(groups.len(), 8);
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../snapshots");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| {
        for (name, report) in groups {
            insta::assert_snapshot!(format!("examples__{name}"), report);
        }
    });
}
