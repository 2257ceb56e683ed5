//! The command line on real work: what a new user met on real documents and
//! lists, each reproduced and shown fixed.

use assert_cmd::Command;
use serde_json::Value;

fn rfc1738() -> Command {
    Command::cargo_bin("rfc1738").unwrap()
}

fn run(args: &[&str], stdin: &str) -> (Option<i32>, String, String) {
    let out = rfc1738().args(args).write_stdin(stdin).output().unwrap();
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn extract_takes_no_module_paths_and_sets_fragments_apart() {
    let (code, stdout, _) = run(&["extract"], "See File::open and http::Request.\n");
    assert_eq!((code, stdout.as_str()), (Some(0), ""));
    let (code, stdout, _) = run(&["extract"], "docs at http://h/page.html#usage today\n");
    assert_eq!(code, Some(0));
    assert_eq!(
        stdout,
        "<stdin>:1:9: http://h/page.html (valid; fragment #usage)\n"
    );
    let (_, stdout, _) = run(&["extract", "--spec", "rfc2396"], "http://h/p#usage\n");
    assert_eq!(stdout, "<stdin>:1:1: http://h/p#usage (valid)\n");
}

#[test]
fn extract_reads_markdown_and_groff_as_they_are_meant() {
    let (_, stdout, _) = run(
        &["extract"],
        "[![b](https://x.org/b.svg)](https://x.org/p)\nsee https://h.org/con\u{2010}\n   tinued/x for more\n",
    );
    assert_eq!(
        stdout,
        "<stdin>:1:7: https://x.org/b.svg (valid)\n<stdin>:1:29: https://x.org/p (valid)\n<stdin>:2:5: https://h.org/continued/x (valid)\n"
    );
}

#[test]
fn an_argument_that_names_a_file_gets_a_hint() {
    let dir = std::env::temp_dir().join(format!("rfc1738-hint-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("urls.txt"), "http://h/\n").unwrap();
    let out = rfc1738()
        .current_dir(&dir)
        .args(["check", "urls.txt"])
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.contains("= help: urls.txt is a file: did you mean --file urls.txt?"),
        "{stdout}"
    );
    let out = rfc1738()
        .current_dir(&dir)
        .args(["check", "--format", "json", "urls.txt"])
        .output()
        .unwrap();
    let record: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        record["error"]["help"],
        "urls.txt is a file: did you mean --file urls.txt?"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_missing_file_is_reported_and_the_others_are_checked() {
    let dir = std::env::temp_dir().join(format!("rfc1738-missing-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.txt");
    std::fs::write(&good, "http://h/\n").unwrap();
    let good = good.to_str().unwrap();
    let (code, stdout, stderr) = run(&["check", "--file", "/no/such/file", "--file", good], "");
    assert_eq!(code, Some(2));
    assert_eq!(stdout, "ok http://h/\n");
    assert_eq!(
        stderr,
        "rfc1738: /no/such/file: No such file or directory (os error 2)\n"
    );
    std::fs::write(dir.join("a.txt"), "see http://h/a\n").unwrap();
    let a = dir.join("a.txt");
    let (code, stdout, stderr) = run(&["extract", "/no/such/file", a.to_str().unwrap()], "");
    assert_eq!(code, Some(2));
    assert!(stdout.ends_with(":1:5: http://h/a (valid)\n"), "{stdout}");
    assert!(stderr.starts_with("rfc1738: /no/such/file: "), "{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn whitespace_lines_are_blank_and_trailing_whitespace_is_named() {
    let (code, stdout, stderr) = run(&["check", "--summary"], "http://h/\n   \n\t\nhttp://h/a \n");
    assert_eq!(code, Some(1));
    assert!(
        stdout
            .contains("= help: the text ends in whitespace, which is no part of a URL: remove it"),
        "{stdout}"
    );
    assert!(
        stderr.contains("2 URLs, 1 valid, 1 invalid, 2 blank lines skipped"),
        "{stderr}"
    );
}

#[test]
fn json_errors_list_what_was_expected_as_objects() {
    let (_, stdout, _) = run(&["check", "--format", "json", "ftp://host:/x"], "");
    let record: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(
        record["error"]["expected_items"],
        serde_json::json!([
            {"kind": "rule", "text": "port"},
            {"kind": "rule", "text": "password"},
            {"kind": "literal", "text": "@"},
        ])
    );
    let (_, stdout, _) = run(&["check", "--format", "json", "news:a b"], "");
    let record: Value = serde_json::from_str(&stdout).unwrap();
    let kinds: Vec<&str> = record["error"]["expected_items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|item| item["kind"].as_str().unwrap())
        .collect();
    assert!(kinds.contains(&"end"), "{kinds:?}");
}

#[test]
fn bash_completes_files_after_extract() {
    let dir = std::env::temp_dir().join(format!("rfc1738-complete-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("mailbox.txt"), "").unwrap();
    let script = rfc1738()
        .args(["completions", "bash"])
        .output()
        .unwrap()
        .stdout;
    std::fs::write(dir.join("complete.bash"), script).unwrap();
    let complete = |line: &str| {
        let words: Vec<&str> = line.split(' ').collect();
        let program = format!(
            "source complete.bash; COMP_WORDS=({}); COMP_CWORD={}; _rfc1738 rfc1738 '{}' '{}'; echo \"${{COMPREPLY[@]}}\"",
            line,
            words.len() - 1,
            words[words.len() - 1],
            words[words.len() - 2],
        );
        let out = std::process::Command::new("bash")
            .current_dir(&dir)
            .args(["-c", &program])
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap().trim().to_owned()
    };
    assert_eq!(complete("rfc1738 extract mail"), "mailbox.txt");
    assert_eq!(complete("rfc1738 extract --any"), "--any-scheme");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn gen_under_rfc2396_names_the_forms_uri7_gives() {
    let (code, stdout, stderr) = run(&["--spec", "rfc2396", "gen", "--scheme", "prospero"], "");
    assert_eq!((code, stdout.as_str()), (Some(2), ""));
    assert_eq!(
        stderr,
        "rfc1738: uri(7) gives prospero URLs no form: under --spec rfc2396, gen --scheme takes ftp, http, gopher, mailto, news, telnet, wais, file, man, info, whatis, ghelp, ldap, generic or another scheme's name\n"
    );
    let (code, stdout, _) = run(&["--spec", "rfc2396", "gen", "--count", "3"], "");
    assert_eq!((code, stdout.lines().count()), (Some(0), 3), "{stdout}");
}

#[test]
fn check_and_explain_judge_uri_references_with_reference() {
    // Relative references are valid URI references; the same diagnostics.
    let (code, stdout, _) = run(
        &[
            "--spec",
            "rfc2396",
            "check",
            "--reference",
            "../g",
            "#s",
            "a b",
        ],
        "",
    );
    assert_eq!(code, Some(1));
    assert!(
        stdout.starts_with("ok ../g\nok #s\nerror[abs_path]: invalid URI (RFC 2396)"),
        "{stdout}"
    );
    let (_, stdout, _) = run(
        &[
            "--spec",
            "rfc2396",
            "check",
            "--reference",
            "--format",
            "json",
            "//h/p?q",
        ],
        "",
    );
    let record: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(record["valid"], true);
    assert_eq!(record["scheme"], Value::Null);
    // Without --reference, a relative reference is no URI.
    let (code, _, _) = run(&["--spec", "rfc2396", "check", "../g"], "");
    assert_eq!(code, Some(1));
    // --reference needs RFC 2396.
    let (code, _, stderr) = run(&["check", "--reference", "../g"], "");
    assert_eq!(code, Some(2));
    assert!(stderr.contains("use it with --spec rfc2396"), "{stderr}");

    let (code, stdout, _) = run(
        &[
            "--spec",
            "rfc2396",
            "explain",
            "--reference",
            "--format",
            "json",
            "//u@h:8/p?q#f",
        ],
        "",
    );
    assert_eq!(code, Some(0));
    let record: Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(
        record["components"],
        serde_json::json!({
            "relative": true, "scheme": null, "authority": "u@h:8", "authority_kind": "server",
            "user": "u", "password": null, "host": "h", "port": "8", "path": "/p", "opaque": false,
            "query": "q", "fragment": "f",
        })
    );
    let (_, stdout, _) = run(
        &["--spec", "rfc2396", "explain", "--reference", "../g?x"],
        "",
    );
    assert_eq!(
        stdout,
        "../g?x\n  spec: rfc2396 (RFC 2396), as a URI reference\n  a relative reference: resolve it against a base URI\n  path       \"../g\"\n  query      \"x\"\n"
    );
}

#[test]
fn options_appear_where_they_mean_something() {
    let help = |args: &[&str]| run(args, "").1;
    let resolve = help(&["resolve", "--help"]);
    // References are read by RFC 2396 or RFC 3986; they have no lints.
    assert!(
        resolve.contains("--spec") && !resolve.contains("--strict"),
        "{resolve}"
    );
    assert!(
        resolve.contains("--format") && resolve.contains("--color"),
        "{resolve}"
    );
    for command in ["completions", "man"] {
        let text = help(&[command, "--help"]);
        assert!(
            !text.contains("--spec") && !text.contains("--format"),
            "{text}"
        );
    }
    let generate = help(&["gen", "--help"]);
    assert!(
        generate.contains("--spec") && !generate.contains("--strict"),
        "{generate}"
    );
    // Given before or after the subcommand; refused where it means nothing.
    assert_eq!(
        run(&["--spec", "draft07", "check", "http://h/~u"], "").0,
        Some(0)
    );
    assert_eq!(
        run(&["check", "--spec", "draft07", "http://h/~u"], "").0,
        Some(0)
    );
    let (code, _, stderr) = run(&["--spec", "rfc1738", "resolve", "http://a/", "g"], "");
    assert_eq!(
        (code, stderr.as_str()),
        (
            Some(2),
            "rfc1738: resolve reads URI references of the generic syntax: --spec rfc2396 (the default) or --spec rfc3986\n"
        )
    );
    // RFC 3986 resolves "http:g" as it is, and takes "?y" as a reference.
    let (code, stdout, _) = run(
        &[
            "resolve",
            "--spec",
            "rfc3986",
            "http://a/b/c/d;p?q",
            "?y",
            "http:g",
        ],
        "",
    );
    assert_eq!(
        (code, stdout.as_str()),
        (Some(0), "http://a/b/c/d;p?y\nhttp:g\n")
    );
}

#[test]
fn the_manual_documents_every_subcommand_and_option() {
    let (code, page, _) = run(&["man"], "");
    assert_eq!(code, Some(0));
    for needle in [
        ".SH COMMANDS",
        ".SS \"rfc1738 check",
        ".SS \"rfc1738 explain",
        ".SS \"rfc1738 resolve",
        ".SS \"rfc1738 extract",
        ".SS \"rfc1738 gen",
        ".SH \"EXIT STATUS\"",
        ".SH EXAMPLES",
        "\\fB\\-\\-file\\fR",
        "\\fB\\-\\-quiet\\fR",
        "\\fB\\-\\-summary\\fR",
        "\\fB\\-\\-max\\-line\\-bytes\\fR",
        "\\fB\\-\\-reference\\fR",
        "\\fB\\-\\-any\\-scheme\\fR",
        "\\fB\\-\\-historical\\-cwd\\fR",
    ] {
        assert!(page.contains(needle), "{needle} missing");
    }
    // No page is named that is not there.
    assert!(!page.contains("rfc1738-check(1)"));
    // One page per subcommand on request.
    let dir = std::env::temp_dir().join(format!("rfc1738-man-{}", std::process::id()));
    let (code, written, _) = run(&["man", "--out", dir.to_str().unwrap()], "");
    assert_eq!(code, Some(0));
    // Each page written is named on a line of its own.
    assert!(
        written.lines().count() >= 8
            && written
                .lines()
                .all(|line| line.starts_with(dir.to_str().unwrap()) && line.ends_with(".1")),
        "{written}"
    );
    for name in [
        "rfc1738.1",
        "rfc1738-check.1",
        "rfc1738-extract.1",
        "rfc1738-resolve.1",
    ] {
        let text = std::fs::read_to_string(dir.join(name)).unwrap();
        assert!(text.starts_with(".TH "), "{name}");
    }
    // A file where the directory should be is named as what it is.
    let file = dir.join("rfc1738.1");
    let (code, written, stderr) = run(&["man", "--out", file.to_str().unwrap()], "");
    assert_eq!((code, written.as_str()), (Some(2), ""));
    assert_eq!(
        stderr,
        format!("rfc1738: {}: not a directory\n", file.display())
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
