//! Snapshots of every example URL of the specification documents
//! (`tests/data/examples.txt`): the components, or the error, under each spec.

mod common;

use rfc1738::{Spec, Url};

/// The result of parsing `url` by `spec`: its components, or where and why it fails.
fn outcome(url: &str, spec: Spec) -> String {
    match Url::parse_with(url, spec) {
        Ok(parsed) => {
            assert_eq!(parsed.to_string(), url, "Display gives back the input");
            common::describe(&parsed)
        }
        Err(error) => {
            let rendered = error.to_string();
            // The first line names the spec; the rest is the same under both when the error is.
            let (_, rest) = rendered.split_once('\n').unwrap();
            format!(
                "error at byte {}: {}\n{rest}\n",
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
        let (_, report) = groups.last_mut().expect("a group header comes first");
        let rfc1738 = outcome(line, Spec::Rfc1738);
        let draft07 = outcome(line, Spec::Draft07);
        report.push_str(&format!("{line}\n"));
        if rfc1738 == draft07 {
            report.push_str(&format!("  rfc1738, draft07:\n{}", indent(&rfc1738)));
        } else {
            report.push_str(&format!(
                "  rfc1738:\n{}  draft07:\n{}",
                indent(&rfc1738),
                indent(&draft07)
            ));
        }
        report.push('\n');
    }
    assert_eq!(groups.len(), 7);
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../snapshots");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| {
        for (name, report) in groups {
            insta::assert_snapshot!(format!("examples__{name}"), report);
        }
    });
}
