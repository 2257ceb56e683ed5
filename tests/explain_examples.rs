//! Snapshots of `rfc1738 explain` on every example URL of the documents
//! (`tests/data/examples.txt`), under each specification: the parse and what
//! the text says the URL means (the FTP commands, the gopher request...).

use assert_cmd::Command;

#[test]
fn explain_every_example_of_the_documents() {
    let data = include_str!("data/examples.txt");
    let mut groups: Vec<(&str, Vec<&str>)> = Vec::new();
    for line in data
        .lines()
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
    {
        match line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            Some(name) => groups.push((name, Vec::new())),
            None => groups
                .last_mut()
                .expect("a group header comes first")
                .1
                .push(line),
        }
    }
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../snapshots");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| {
        for (name, urls) in groups {
            let mut report = String::new();
            // As `tests/examples.rs` reads them: uri(7)'s and RFC 3986's by
            // every spec, the later documents' by Section 5 and RFC 3986.
            let specs: &[&str] = match name {
                "uri7" | "rfc3986" => &["rfc1738", "draft07", "rfc2396", "rfc3986"],
                "rfc1738-appendix" => &["rfc1738", "draft07"],
                _ => &["rfc1738", "draft07", "rfc3986"],
            };
            for spec in specs {
                let out = Command::cargo_bin("rfc1738")
                    .unwrap()
                    .args(["--color", "never", "--spec", spec, "explain"])
                    .args(&urls)
                    .output()
                    .unwrap();
                assert_ne!(
                    out.status.code(),
                    Some(2),
                    "{}",
                    String::from_utf8_lossy(&out.stderr)
                );
                report.push_str(&format!(
                    "===== {spec}\n{}\n",
                    String::from_utf8(out.stdout).unwrap()
                ));
            }
            insta::assert_snapshot!(format!("explain__{name}"), report);
        }
    });
}
