//! The command line: `check` over arguments, files and standard input, its
//! output, JSON, summary and exit status; `explain`; completions and man page.

use assert_cmd::Command;
use serde_json::Value;

fn rfc1738() -> Command {
    Command::cargo_bin("rfc1738").unwrap()
}

fn stdout_of(command: &mut Command) -> (Option<i32>, String) {
    let out = command.output().unwrap();
    (out.status.code(), String::from_utf8(out.stdout).unwrap())
}

/// The exit status and standard error, where the summary goes.
fn stderr_of(command: &mut Command) -> (Option<i32>, String) {
    let out = command.output().unwrap();
    (out.status.code(), String::from_utf8(out.stderr).unwrap())
}

fn json_lines(stdout: &str) -> Vec<Value> {
    stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

#[test]
fn valid_urls_exit_zero() {
    let (code, stdout) =
        stdout_of(rfc1738().args(["check", "ftp://myname@host.dom/%2Fetc/motd", "news:*"]));
    assert_eq!(code, Some(0));
    assert_eq!(stdout, "ok ftp://myname@host.dom/%2Fetc/motd\nok news:*\n");
}

#[test]
fn an_invalid_url_exits_one_with_a_diagnostic() {
    let (code, stdout) = stdout_of(rfc1738().args(["check", "news:*", "ftp://host:/x"]));
    assert_eq!(code, Some(1));
    let expected = "\
ok news:*
error[port]: invalid ftp URL (RFC 1738): unexpected '/'
 --> <argument 2>:1:12
  |
1 | ftp://host:/x
  |            ^ expected a port number (`port`), a password (`password`) or \"@\"
  |
  = note: port = digits (RFC 1738, Section 5; ftp URLs: Section 3.2)
  = note: password = *[ uchar | \";\" | \"?\" | \"&\" | \"=\" ] (RFC 1738, Section 5; ftp URLs: Section 3.2)
  = help: remove the ':' or write a port number; valid under `--spec rfc2396` and `--spec rfc3986`
  = fix: ftp://host/x

";
    assert_eq!(stdout, expected);
}

#[test]
fn a_note_cites_the_document_its_rule_is_from() {
    let note_under = |spec: &str, url: &str| {
        let (code, stdout) = stdout_of(rfc1738().args(["check", "--spec", spec, url]));
        assert_eq!(code, Some(1), "{stdout}");
        stdout
            .lines()
            .filter_map(|line| line.strip_prefix("  = note: "))
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    let note = |url: &str| note_under("rfc2396", url);
    // RFC 2396's own rules are Appendix A's; uri(7)'s templates and RFC
    // 2255's ldap URL are not, whether their line names its source or not.
    assert_eq!(
        note("http://h/%zz"),
        [r#"escaped = "%" hex hex (RFC 2396, Appendix A)"#]
    );
    assert_eq!(
        note("info:(/gcc)"),
        [
            r#"virtual-filename = ( uric_no_slash but "(" and ")" ) *( uric but "(" and ")" ) (uri(7))"#
        ]
    );
    assert_eq!(note("man:ls(1/)"), ["section = 1*alphanum (man(7))"]);
    assert_eq!(
        note("ldap:///??two"),
        [r#"scope = "base" / "one" / "sub" (RFC 2255)"#]
    );
    // Under RFC 3986, Appendix A's rules with the scheme's document, the
    // scheme forms' with the scheme's document alone.
    assert_eq!(
        note_under("rfc3986", "gopher://h/1%zz"),
        [
            r#"pct-encoded = "%" HEXDIG HEXDIG (RFC 3986, Appendix A; gopher URIs: RFC 4266, Section 2)"#
        ]
    );
    assert_eq!(
        note_under("rfc3986", "ftp://u@/"),
        [
            "host = IP-literal / IPv4address / reg-name (RFC 3986, Appendix A; ftp URIs: draft-hoffman-ftp-uri-02, Section 2)"
        ]
    );
    assert_eq!(
        note_under("rfc3986", "nntp://h/g?x"),
        [
            r#"<newsgroup-name>: "a period-delimited hierarchical name" (rfc1738bis §2.4) (nntp URIs: draft-hoffkohn-rfc1738bis-00, Section 2.5)"#
        ]
    );
}

#[test]
fn diagnostics_name_the_file_and_line() {
    let dir = std::env::temp_dir().join(format!("rfc1738-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("urls.txt");
    std::fs::write(&file, "news:*\n\nhttp://h/~user\n").unwrap();
    let (code, stdout) = stdout_of(rfc1738().arg("check").arg("--file").arg(&file));
    assert_eq!(code, Some(1));
    assert!(
        stdout.contains(&format!(" --> {}:3:10\n", file.display())),
        "{stdout}"
    );
    assert!(
        stdout.contains("= help: encode '~' as %7E: RFC 1738 does not allow it"),
        "{stdout}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// An argument is named by its place among the arguments (options not
/// counted), a `-` (standard input, read after the arguments) counted.
#[test]
fn an_argument_is_numbered_by_its_place_past_a_dash() {
    let (code, stdout) = stdout_of(
        rfc1738()
            .args(["check", "http://h/~1", "-", "http://h/~3"])
            .write_stdin("http://h/~s\n"),
    );
    assert_eq!(code, Some(1));
    let places: Vec<&str> = stdout
        .lines()
        .filter(|line| line.contains(" --> "))
        .collect();
    assert_eq!(
        places,
        [
            " --> <argument 1>:1:10",
            " --> <argument 3>:1:10",
            " --> <stdin>:1:10"
        ]
    );
    let (_, stdout) = stdout_of(
        rfc1738()
            .args(["fix", "--format", "json", "http://h/1", "-", "http://h/3"])
            .write_stdin("http://h/s\n"),
    );
    let places: Vec<(Value, Value)> = json_lines(&stdout)
        .into_iter()
        .map(|record| (record["file"].clone(), record["input_line"].clone()))
        .collect();
    assert_eq!(
        places,
        [
            (Value::Null, Value::from(1)),
            (Value::Null, Value::from(3)),
            (Value::from("-"), Value::from(1))
        ]
    );
}

#[test]
fn every_subcommand_names_the_program_in_its_version() {
    let expected = format!("rfc1738 {}\n", env!("CARGO_PKG_VERSION"));
    for words in [
        &["-V"][..],
        &["--version"],
        &["check", "-V"],
        &["fix", "--version"],
        &["explain", "-V"],
        &["resolve", "-V"],
        &["extract", "-V"],
        &["gen", "-V"],
        &["completions", "-V"],
        &["man", "-V"],
    ] {
        assert_eq!(
            stdout_of(rfc1738().args(words)),
            (Some(0), expected.clone()),
            "{words:?}"
        );
    }
}

#[test]
fn usage_errors_exit_two() {
    assert_eq!(
        rfc1738()
            .args(["check", "--spec", "rfc9999", "x:y"])
            .output()
            .unwrap()
            .status
            .code(),
        Some(2)
    );
    assert_eq!(
        rfc1738()
            .args(["frobnicate"])
            .output()
            .unwrap()
            .status
            .code(),
        Some(2)
    );
    // `--reference` needs a generic syntax's specification.
    assert_eq!(
        rfc1738()
            .args(["explain", "--reference", "x:y"])
            .output()
            .unwrap()
            .status
            .code(),
        Some(2)
    );
    let out = rfc1738()
        .args(["check", "--file", "/no/such/file"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("/no/such/file")
    );
}

#[test]
fn the_spec_option_changes_the_verdict_and_ignores_case() {
    rfc1738().args(["check", "http://h/~user"]).assert().code(1);
    rfc1738()
        .args(["check", "--spec", "draft07", "http://h/~user"])
        .assert()
        .code(0);
    rfc1738()
        .args(["--spec", "DRAFT07", "check", "http://h/~user"])
        .assert()
        .code(0);
}

#[test]
fn strict_counts_warnings_as_failures() {
    rfc1738().args(["check", "HTTP://h/"]).assert().code(0);
    let (code, stdout) = stdout_of(rfc1738().args(["check", "--strict", "HTTP://h/"]));
    assert_eq!(code, Some(1));
    assert!(
        stdout.starts_with("denied HTTP://h/\nerror[scheme-case]: "),
        "{stdout}"
    );
    let (code, stdout) =
        stdout_of(rfc1738().args(["check", "--strict", "--format", "json", "HTTP://h/"]));
    assert_eq!(code, Some(1));
    assert_eq!(json_lines(&stdout)[0]["valid"], false);
}

#[test]
fn quiet_prints_nothing_and_answers_by_the_exit_status() {
    for format in ["human", "json"] {
        let (code, stdout) =
            stdout_of(rfc1738().args(["check", "-q", "--format", format, "news:*", "news:"]));
        assert_eq!((code, stdout.as_str()), (Some(1), ""));
        let (code, stdout) =
            stdout_of(rfc1738().args(["check", "-q", "--format", format, "news:*"]));
        assert_eq!((code, stdout.as_str()), (Some(0), ""));
    }
}

#[test]
fn failures_prints_only_failures() {
    let (code, stdout) =
        stdout_of(rfc1738().args(["check", "--failures", "news:*", "news:", "ftp://h/"]));
    assert_eq!(code, Some(1));
    assert!(
        stdout.starts_with("error[article]: invalid news URL"),
        "{stdout}"
    );
    assert!(!stdout.contains("ok "), "{stdout}");
}

#[test]
fn json_has_the_documented_shape_one_object_per_url_in_order() {
    let (code, stdout) = stdout_of(
        rfc1738()
            .args(["check", "--format", "json"])
            .write_stdin("HTTP://h/\nftp://host:/x\r\n\nx-y:z\n"),
    );
    assert_eq!(code, Some(1));
    let lines = json_lines(&stdout);
    assert_eq!(lines.len(), 3, "the blank line is skipped");
    assert_eq!(
        lines[0],
        serde_json::json!({
            "input": "HTTP://h/", "valid": true, "spec": "rfc1738", "scheme": "http", "error": null,
            "warnings": [{
                "code": "scheme-case",
                "message": "the scheme is written \"HTTP\": RFC 1738 says \"the scheme is in lower case; interpreters should use case-ignore\"",
                "offset": 0,
            }],
            "denied": [], "file": "-", "input_line": 1,
        })
    );
    // CRLF: the CR is not part of the URL.
    assert_eq!(lines[1]["input"], "ftp://host:/x");
    assert_eq!(
        (lines[1]["valid"].as_bool(), lines[1]["scheme"].as_str()),
        (Some(false), Some("ftp"))
    );
    let error = &lines[1]["error"];
    assert_eq!(
        (
            error["offset"].as_u64(),
            error["line"].as_u64(),
            error["column"].as_u64()
        ),
        (Some(11), Some(1), Some(12))
    );
    assert_eq!(error["rule"], "port");
    assert_eq!(
        error["expected"],
        serde_json::json!(["port", "password", "\"@\""])
    );
    assert!(
        error["message"]
            .as_str()
            .unwrap()
            .starts_with("expected a port number")
    );
    assert_eq!(
        error["help"],
        "remove the ':' or write a port number; valid under `--spec rfc2396` and `--spec rfc3986`"
    );
    assert_eq!(error["fix"], "ftp://host/x");
    assert_eq!(
        error["valid_under"],
        serde_json::json!(["rfc2396", "rfc3986"])
    );
    assert_eq!(
        (lines[2]["scheme"].as_str(), lines[2]["input_line"].as_u64()),
        (Some("x-y"), Some(4))
    );
}

#[test]
fn output_keeps_input_order_under_parallelism() {
    // Enough lines for several chunks, valid and invalid mixed, so that the
    // threads finish out of order.
    let input: String = (0..60_000)
        .map(|i| {
            if i % 7 == 0 {
                format!("http://h{i}/ bad\n")
            } else {
                format!("ftp://h{i}.example/f{i}\n")
            }
        })
        .collect();
    let (code, stdout) = stdout_of(
        rfc1738()
            .args(["check", "--format", "json"])
            .write_stdin(input.clone()),
    );
    assert_eq!(code, Some(1));
    let lines = json_lines(&stdout);
    assert_eq!(lines.len(), 60_000);
    for (i, (line, url)) in lines.iter().zip(input.lines()).enumerate() {
        assert_eq!(line["input"], url);
        assert_eq!(line["input_line"], i + 1);
        assert_eq!(line["valid"], i % 7 != 0);
    }
}

#[test]
fn a_line_that_is_not_utf8_is_an_invalid_url_not_a_crash() {
    let out = rfc1738()
        .args(["check", "--format", "json"])
        .write_stdin(&b"ftp://h/\xff\nnews:*\n"[..])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let lines = json_lines(&String::from_utf8(out.stdout).unwrap());
    assert_eq!(lines.len(), 2);
    assert_eq!(
        (
            lines[0]["valid"].as_bool(),
            lines[0]["error"]["offset"].as_u64()
        ),
        (Some(false), Some(8))
    );
    assert_eq!(lines[1]["valid"], true);
}

#[cfg(unix)]
#[test]
fn an_argument_that_is_not_utf8_is_an_invalid_url_not_a_usage_error() {
    use std::os::unix::ffi::OsStrExt;
    let url = std::ffi::OsStr::from_bytes(b"ftp://h/\xff");
    let (code, stdout) = stdout_of(rfc1738().arg("check").arg(url).arg("news:*"));
    assert_eq!(code, Some(1));
    assert!(
        stdout.starts_with("error[fsegment]: invalid ftp URL (RFC 1738): byte 0xFF is not UTF-8"),
        "{stdout}"
    );
    assert!(stdout.ends_with("ok news:*\n"), "{stdout}");
}

#[test]
fn empty_standard_input_checks_nothing_and_succeeds() {
    let (code, stdout) = stdout_of(rfc1738().arg("check").write_stdin(""));
    assert_eq!((code, stdout.as_str()), (Some(0), ""));
    let (code, stdout) = stderr_of(rfc1738().args(["check", "--summary"]).write_stdin("\n\r\n"));
    assert_eq!(code, Some(0));
    assert!(
        stdout.starts_with("summary: 0 URLs, 0 valid, 0 invalid, 2 blank lines skipped;"),
        "{stdout}"
    );
}

/// An invalid input is counted, and its JSON record names, the scheme it
/// writes, known or not; `(other)` is for those that write none.
#[test]
fn an_invalid_input_keeps_the_scheme_it_writes() {
    let input = "https://example.com/a#top\nHTTPS://h/a b\nftp://h:x/\nht tp://h/\n";
    let (code, stdout) = stdout_of(
        rfc1738()
            .args(["check", "--format", "json"])
            .write_stdin(input),
    );
    assert_eq!(code, Some(1));
    let schemes: Vec<Value> = json_lines(&stdout)
        .into_iter()
        .map(|record| record["scheme"].clone())
        .collect();
    assert_eq!(
        schemes,
        [
            Value::from("https"),
            "https".into(),
            "ftp".into(),
            Value::Null
        ]
    );

    let (_, stderr) = stderr_of(
        rfc1738()
            .args(["check", "--quiet", "--summary"])
            .write_stdin(input),
    );
    assert!(
        stderr.contains("  by scheme: https 2, (other) 1, ftp 1\n"),
        "{stderr}"
    );
    let (_, stderr) = stderr_of(
        rfc1738()
            .args([
                "check",
                "--quiet",
                "--summary",
                "--spec",
                "rfc3986",
                "--reference",
            ])
            .write_stdin("a b\n/x\nz://[v/\n"),
    );
    assert!(
        stderr.contains("  by scheme: (other) 1, (relative) 1, z 1\n"),
        "{stderr}"
    );
}

#[test]
fn summary_counts_schemes_rules_and_warnings() {
    let input = "ftp://h/\nFTP://h/\nhttp://h/~u\nhttp://h/a b\nnntp://h/g/x\nx-y:z\n\n";
    let (code, stdout) = stderr_of(
        rfc1738()
            .args(["check", "--quiet", "--summary"])
            .write_stdin(input),
    );
    assert_eq!(code, Some(1));
    let summary = &stdout[stdout.find("summary:").unwrap()..];
    let lines: Vec<&str> = summary.lines().collect();
    assert!(
        lines[0].starts_with("summary: 6 URLs, 3 valid, 3 invalid, 1 blank line skipped; "),
        "{summary}"
    );
    assert!(lines[0].ends_with(" MB/s"), "{summary}");
    assert_eq!(lines[1], "  by scheme: ftp 2, http 2, nntp 1, x-y 1");
    // At most ten entries a list, then how many more; "(other)" is said.
    let many: String = (0..15).map(|i| format!("s{i}:x\ns{i}:x\n")).collect();
    let (_, stdout) = stderr_of(
        rfc1738()
            .args(["check", "--quiet", "--summary"])
            .write_stdin(format!("{many}no scheme\n")),
    );
    let by_scheme = stdout
        .lines()
        .find(|line| line.starts_with("  by scheme:"))
        .unwrap();
    assert_eq!(by_scheme.matches(", ").count(), 10, "{by_scheme}");
    // Five schemes of two URLs each and "(other)" of one are left out.
    assert!(by_scheme.ends_with(", and 6 more (11 URLs)"), "{by_scheme}");
    assert!(
        stdout.contains("  (other): invalid inputs that write no scheme"),
        "{stdout}"
    );
    assert_eq!(
        lines[2],
        "  invalid, by rule expected: hsegment 2, digits 1"
    );
    assert_eq!(lines[3], "  warnings, by code: scheme-case 1");

    // The summary goes to standard error in either format, out of the
    // per-URL stream; in JSON, the counts on one line, the time on the next.
    let out = rfc1738()
        .args(["check", "--format", "json", "--summary"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(json_lines(&String::from_utf8(out.stdout).unwrap()).len(), 6);
    let stderr = json_lines(&String::from_utf8(out.stderr).unwrap());
    assert_eq!(stderr.len(), 2);
    assert!(stderr[1]["timing"]["seconds"].as_f64().is_some());
    assert!(stderr[0]["summary"].get("seconds").is_none());
    let summary = &stderr[0]["summary"];
    assert_eq!(
        (
            summary["urls"].as_u64(),
            summary["valid"].as_u64(),
            summary["invalid"].as_u64()
        ),
        (Some(6), Some(3), Some(3))
    );
    assert_eq!(
        summary["by_error_rule"],
        serde_json::json!([["hsegment", 2], ["digits", 1]])
    );
    assert_eq!(
        summary["by_warning"],
        serde_json::json!([["scheme-case", 1]])
    );
}

#[test]
fn colour_when_asked_or_on_a_terminal_and_no_color_unless_asked() {
    let ansi = |args: &[&str], no_color: Option<&str>| {
        let mut command = rfc1738();
        command
            .args(args)
            .arg("ftp://host:/x")
            .env_remove("NO_COLOR");
        if let Some(value) = no_color {
            command.env("NO_COLOR", value);
        }
        stdout_of(&mut command).1.contains('\x1b')
    };
    assert!(!ansi(&["check"], None), "piped output has no colour");
    assert!(ansi(&["check", "--color", "always"], None));
    // no-color.org: a flag on the command line wins over the variable.
    assert!(ansi(&["check", "--color", "always"], Some("1")));
    assert!(!ansi(&["check"], Some("1")));
    assert!(!ansi(&["check", "--color", "never"], None));
}

#[test]
fn explain_shows_the_tree_of_rules() {
    let (code, stdout) =
        stdout_of(rfc1738().args(["explain", "ftp://myname@host.dom/%2Fetc/motd;type=d"]));
    assert_eq!(code, Some(0));
    let expected = r#"ftp://myname@host.dom/%2Fetc/motd;type=d
  spec: rfc1738 (RFC 1738)
  scheme: ftp (Section 3.2)
  port: 21 (the default)
  ftpurl            "ftp://myname@host.dom/%2Fetc/motd;type=d"
    login           "myname@host.dom"
      user          "myname"
      hostport      "host.dom"
        host        "host.dom"
          hostname  "host.dom"
    fpath           "%2Fetc/motd"
      fsegment      "%2Fetc"
      fsegment      "motd"
    ftptype         "d"
  meaning:
    USER myname
    CWD /etc
    NLST motd
"#;
    assert_eq!(stdout, expected);
    let (code, stdout) = stdout_of(rfc1738().args(["explain", "http://user@host/"]));
    assert_eq!(code, Some(1));
    assert!(
        stdout.starts_with("error[hostname]: invalid http URL"),
        "{stdout}"
    );
}

/// `explain -` explains each line of standard input, as `check` reads them,
/// between the arguments given around it.
#[test]
fn explain_reads_standard_input_for_a_dash() {
    let (code, stdout) = stdout_of(
        rfc1738()
            .args(["explain", "--format", "json", "ftp://a/", "-", "news:x"])
            .write_stdin("http://h/\r\n\n  \nnntp://h/g/x\n"),
    );
    assert_eq!(code, Some(1));
    let records = json_lines(&stdout);
    let inputs: Vec<&str> = records
        .iter()
        .map(|r| r["input"].as_str().unwrap())
        .collect();
    assert_eq!(inputs, ["ftp://a/", "http://h/", "nntp://h/g/x", "news:x"]);
    assert_eq!(records[2]["error"]["rule"], "digits");

    let (code, stdout) = stdout_of(rfc1738().args(["explain", "-"]).write_stdin("a b\n"));
    assert_eq!(code, Some(1));
    assert!(stdout.contains(" --> <stdin>:1:2"), "{stdout}");

    // No URL at all: standard input, as `check` and `fix` read it.
    let (code, stdout) = stdout_of(
        rfc1738()
            .args(["explain", "--format", "json"])
            .write_stdin("news:x\nnews:y\n"),
    );
    assert_eq!(code, Some(0), "{stdout}");
    let inputs: Vec<Value> = json_lines(&stdout)
        .into_iter()
        .map(|record| record["input"].clone())
        .collect();
    assert_eq!(inputs, ["news:x", "news:y"]);
}

/// `explain --file` reads a file's lines as `check --file` does: blank
/// lines skipped, each diagnostic at its file and line, a file that cannot
/// be read reported (status 2) while the others are explained, and a line
/// longer than `--max-line-bytes` reported as `line-too-long`, in JSON with
/// the keys of `explain`'s records.
#[test]
fn explain_reads_files_as_check_does() {
    let dir = std::env::temp_dir().join(format!("rfc1738-explain-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let urls = dir.join("urls.txt");
    std::fs::write(&urls, "ftp://h/f\n\n  \nhttp://x y/\n").unwrap();
    let long = dir.join("long.txt");
    std::fs::write(&long, format!("http://h/{}\nnews:x\n", "a".repeat(100))).unwrap();
    let missing = dir.join("missing.txt");

    let (code, stdout) = stdout_of(rfc1738().args(["explain", "news:y", "-f"]).arg(&urls));
    assert_eq!(code, Some(1));
    assert!(stdout.starts_with("news:y\n"), "{stdout}");
    assert!(stdout.contains("\nftp://h/f\n  spec: rfc1738"), "{stdout}");
    let at = format!(" --> {}:4:9", urls.display());
    assert!(stdout.contains(&at), "{stdout}");

    let out = rfc1738()
        .args(["explain", "-f"])
        .arg(&missing)
        .arg("-f")
        .arg(&urls)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("missing.txt: "), "{stderr}");
    // The other file is explained all the same.
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.starts_with("ftp://h/f\n"), "{stdout}");

    let (code, stdout) = stdout_of(
        rfc1738()
            .args([
                "explain",
                "--format",
                "json",
                "--max-line-bytes",
                "50",
                "-f",
            ])
            .arg(&long)
            .args(["-f"])
            .arg(&urls),
    );
    assert_eq!(code, Some(1));
    let records = json_lines(&stdout);
    let inputs: Vec<&str> = records
        .iter()
        .map(|r| r["input"].as_str().unwrap())
        .collect();
    assert_eq!(inputs[1..], ["news:x", "ftp://h/f", "http://x y/"]);
    assert!(
        inputs[0].starts_with("http://h/aaa") && inputs[0].ends_with('…'),
        "{inputs:?}"
    );
    assert_eq!(records[0]["error"]["rule"], "line-too-long");
    let keys = |record: &Value| {
        record
            .as_object()
            .unwrap()
            .keys()
            .cloned()
            .collect::<Vec<_>>()
    };
    assert_eq!(keys(&records[0]), keys(&records[3]), "{stdout}");

    // Read as URI references, a line too long has a reference's keys.
    let references = dir.join("references.txt");
    std::fs::write(
        &references,
        format!("http://h/{}\n../a b\n", "a".repeat(100)),
    )
    .unwrap();
    let (code, stdout) = stdout_of(
        rfc1738()
            .args([
                "explain",
                "--reference",
                "--spec",
                "rfc3986",
                "--format",
                "json",
            ])
            .args(["--max-line-bytes", "50", "-f"])
            .arg(&references),
    );
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(code, Some(1));
    let records = json_lines(&stdout);
    assert_eq!(records.len(), 2, "{stdout}");
    assert_eq!(records[0]["error"]["rule"], "line-too-long");
    assert!(records[0]["components"].is_null());
    assert_eq!(keys(&records[0]), keys(&records[1]), "{stdout}");
}

/// A byte-order mark that starts a file or standard input marks its
/// encoding: it is no part of the first URL. Anywhere else it is a
/// character of the line, which no URL holds.
#[test]
fn a_byte_order_mark_that_starts_the_input_is_dropped() {
    let dir = std::env::temp_dir().join(format!("rfc1738-bom-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("urls.txt");
    std::fs::write(&path, "\u{FEFF}http://a/\r\nhttp://b/\r\n").unwrap();
    let (code, stdout) = stdout_of(rfc1738().args(["check", "--file"]).arg(&path));
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(code, Some(0), "{stdout}");
    assert_eq!(stdout, "ok http://a/\nok http://b/\n");

    let (code, stdout) = stdout_of(rfc1738().arg("fix").write_stdin("\u{FEFF}ftp://h/~x\n"));
    assert_eq!((code, stdout.as_str()), (Some(0), "ftp://h/%7Ex\n"));
    let (code, stdout) = stdout_of(
        rfc1738()
            .args(["explain", "--format", "json", "-"])
            .write_stdin("\u{FEFF}news:x\n"),
    );
    assert_eq!(code, Some(0), "{stdout}");
    assert_eq!(json_lines(&stdout)[0]["input"], "news:x");

    // Not on a later line, nor in an argument: there it is the URL's.
    let (code, stdout) = stdout_of(
        rfc1738()
            .arg("check")
            .write_stdin("http://a/\n\u{FEFF}http://b/\n"),
    );
    assert_eq!(code, Some(1));
    assert!(stdout.contains("<stdin>:2:1"), "{stdout}");
    let (code, _) = stdout_of(rfc1738().args(["check", "\u{FEFF}http://a/"]));
    assert_eq!(code, Some(1));
}

#[test]
fn explain_json_is_one_object_with_the_tree() {
    let (code, stdout) = stdout_of(rfc1738().args(["explain", "--format", "json", "news:a@b"]));
    assert_eq!(code, Some(0));
    let value: Value = serde_json::from_str(stdout.trim_end()).unwrap();
    assert_eq!(
        value,
        serde_json::json!({
            "input": "news:a@b", "valid": true, "spec": "rfc1738", "scheme": "news",
            "port": null, "default_port": null, "fragment": null, "fragment_tree": null,
            "tree": {"rule": "newsurl", "text": "news:a@b", "span": [0, 8], "children": [
                {"rule": "grouppart", "text": "a@b", "span": [5, 8], "children": [
                    {"rule": "article", "text": "a@b", "span": [5, 8], "children": [
                        {"rule": "host", "text": "b", "span": [7, 8], "children": [
                            {"rule": "hostname", "text": "b", "decoded": "b", "span": [7, 8], "children": []}]}]}]}]},
            "meaning": {"kind": "article", "message-id": "<a@b>"},
            "warnings": [], "denied": [], "error": null,
        })
    );
    // A URI of the generic syntax means its user information, path and
    // query; an RFC 2396 `reg_name` holds no user information, "@" or not.
    for (spec, url, meaning) in [
        (
            "rfc2396",
            "x://u%41:p@h:1/a/b%20c?q",
            serde_json::json!({"userinfo": "uA:p", "path": ["a", "b c"], "query": "q"}),
        ),
        (
            "rfc2396",
            "x://a@b@c/",
            serde_json::json!({"path": [""], "query": null}),
        ),
        (
            "rfc2396",
            "x:a%20b",
            serde_json::json!({"opaque part": "a b"}),
        ),
        (
            "rfc3986",
            "x:a:b?c",
            serde_json::json!({"path": ["a:b"], "query": "c"}),
        ),
    ] {
        let (_, stdout) =
            stdout_of(rfc1738().args(["explain", "--format", "json", "--spec", spec, url]));
        let value: Value = serde_json::from_str(stdout.trim_end()).unwrap();
        assert_eq!(value["meaning"], meaning, "{url} under {spec}");
    }
    let keys = |value: &Value| {
        value
            .as_object()
            .unwrap()
            .keys()
            .cloned()
            .collect::<Vec<_>>()
    };
    let valid_keys = keys(&value);
    let (code, stdout) = stdout_of(rfc1738().args(["explain", "--format", "json", "news:"]));
    assert_eq!(code, Some(1));
    let value: Value = serde_json::from_str(stdout.trim_end()).unwrap();
    assert_eq!(value["valid"].as_bool(), Some(false));
    assert_eq!(value["error"]["offset"], 5);
    // An invalid URL has the same keys, `null` where only a URL has a value.
    assert_eq!(keys(&value), valid_keys);
    for key in [
        "port",
        "default_port",
        "fragment",
        "fragment_tree",
        "tree",
        "meaning",
    ] {
        assert!(value[key].is_null(), "{key}: {stdout}");
    }
    // So has an invalid URI reference.
    let reference = |input: &str| {
        let (_, stdout) = stdout_of(rfc1738().args([
            "explain",
            "--format",
            "json",
            "--spec",
            "rfc3986",
            "--reference",
            input,
        ]));
        serde_json::from_str::<Value>(stdout.trim_end()).unwrap()
    };
    let (valid, invalid) = (reference("a"), reference("a b"));
    assert_eq!(keys(&invalid), keys(&valid));
    assert!(invalid["components"].is_null() && valid["components"].is_object());
}

#[test]
fn explain_shows_a_fragment_that_the_scheme_form_leaves_outside() {
    // uri(7)'s http form under RFC 2396 and the ftp-uri draft's under RFC
    // 3986 end before "#": the fragment is its own tree, after the URL's.
    for (spec, why) in [
        ("rfc2396", "not part of the URI: kept apart"),
        ("rfc3986", "RFC 3986 §3.5: not part of the scheme's syntax"),
    ] {
        let (code, stdout) =
            stdout_of(rfc1738().args(["--spec", spec, "explain", "ftp://h/a#top"]));
        assert_eq!(code, Some(0));
        let lines: Vec<&str> = stdout.lines().collect();
        assert!(
            lines.contains(&format!("  fragment: \"top\" ({why})").as_str()),
            "{stdout}"
        );
        let fragment_node = lines
            .iter()
            .position(|line| line.starts_with("  fragment ") && line.ends_with("\"top\""))
            .unwrap_or_else(|| panic!("no fragment node under {spec}:\n{stdout}"));
        // The URL's tree comes first and stops before "#".
        assert!(
            lines[..fragment_node]
                .iter()
                .any(|line| line.ends_with("\"ftp://h/a\"")),
            "{stdout}"
        );
        let (_, stdout) = stdout_of(rfc1738().args([
            "--spec",
            spec,
            "explain",
            "--format",
            "json",
            "ftp://h/a#top",
        ]));
        let value: Value = serde_json::from_str(stdout.trim_end()).unwrap();
        assert_eq!(value["fragment"], "top", "{stdout}");
        assert_eq!(value["tree"]["text"], "ftp://h/a", "{stdout}");
        assert_eq!(
            value["fragment_tree"],
            serde_json::json!({"rule": "fragment", "text": "top", "decoded": "top", "span": [10, 13], "children": []}),
            "{stdout}"
        );
    }
    // Where the scheme's form reads the fragment itself, its tree holds it.
    let (_, stdout) = stdout_of(rfc1738().args([
        "--spec",
        "rfc3986",
        "explain",
        "--format",
        "json",
        "ldap://h/dc=x#top",
    ]));
    let value: Value = serde_json::from_str(stdout.trim_end()).unwrap();
    assert_eq!(value["fragment"], "top", "{stdout}");
    assert!(value["fragment_tree"].is_null(), "{stdout}");
    assert!(
        value["tree"]["text"].as_str().unwrap().ends_with("#top"),
        "{stdout}"
    );
}

#[test]
fn help_completions_and_man_page() {
    for sub in ["check", "explain", "completions", "man"] {
        let (code, stdout) = stdout_of(rfc1738().args([sub, "--help"]));
        assert_eq!(code, Some(0));
        assert!(stdout.contains("Example"), "{sub} --help has examples");
    }
    let (code, stdout) = stdout_of(rfc1738().args(["completions", "bash"]));
    assert_eq!(code, Some(0));
    assert!(
        stdout.contains("complete -F") && stdout.contains("--summary"),
        "{stdout}"
    );
    let (code, stdout) = stdout_of(rfc1738().arg("man"));
    assert_eq!(code, Some(0));
    assert!(
        stdout.starts_with(".TH RFC1738 1 ") && stdout.contains(".SH COMMANDS"),
        "{stdout}"
    );
}

#[test]
fn explain_json_carries_what_the_url_means() {
    let explain = |args: &[&str]| -> Value {
        let (_, stdout) = stdout_of(
            rfc1738()
                .arg("explain")
                .arg("--format")
                .arg("json")
                .args(args),
        );
        serde_json::from_str(stdout.trim_end()).unwrap()
    };
    let ftp = explain(&["ftp://myname@host.dom/%2Fetc/motd"]);
    assert_eq!(
        ftp["meaning"]["commands"],
        serde_json::json!(["USER myname", "CWD /etc", "RETR motd"])
    );
    assert_eq!(
        (ftp["port"].as_u64(), ftp["default_port"].as_u64()),
        (None, Some(21))
    );
    let ftp = explain(&[
        "--historical-cwd",
        "--ftp-password",
        "me@example.com",
        "ftp://example.com/abc/def",
    ]);
    assert_eq!(
        ftp["meaning"]["commands"],
        serde_json::json!([
            "USER anonymous",
            "PASS me@example.com",
            "CWD /abc",
            "RETR def"
        ])
    );
    // The request is the bytes sent, in a JSON string.
    let gopher = explain(&["gopher://h:7070/1sel%09%09+"]);
    assert_eq!(gopher["meaning"]["request"], "sel\t\t+\r\n");
    assert_eq!(gopher["port"], 7070);
    let gopher = explain(&["--spec", "draft07", "gopher://h/1sel%09%09+"]);
    assert_eq!(gopher["meaning"]["request"], "sel\t+\r\n");
    assert_eq!(explain(&["news:*"])["meaning"]["kind"], "all");
    // A leaf's decoded text.
    let tree = &explain(&["ftp://h/a%20b"])["tree"];
    assert_eq!(tree["children"][1]["children"][0]["decoded"], "a b");
}

#[test]
fn explain_meaning_decodes_draft07_hosts_and_shows_other_bytes_as_u_fffd() {
    let explain = |format: &str, url: &str| {
        let (code, stdout) = stdout_of(rfc1738().args([
            "explain",
            "--spec",
            "draft07",
            "--allow",
            "needless-escape",
            "--format",
            format,
            url,
        ]));
        assert_eq!(code, Some(0), "{url}: {stdout}");
        stdout
    };
    let meaning = |url: &str| -> Value {
        serde_json::from_str::<Value>(explain("json", url).trim_end()).unwrap()["meaning"].clone()
    };
    let text_meaning = |url: &str| -> String {
        let stdout = explain("human", url);
        let (_, meaning) = stdout.split_once("  meaning:\n").unwrap();
        meaning.to_owned()
    };

    // `%68` is "h": the host is localhost, so this machine.
    let url = "file://local%68ost/x";
    assert_eq!(
        meaning(url),
        serde_json::json!({"host": "this machine", "path": ["x"]})
    );
    assert_eq!(
        text_meaning(url),
        "    host: \"this machine\"\n    path: \"x\"\n"
    );
    // Another host is shown decoded.
    assert_eq!(meaning("file://ex%41mple/x")["host"], "exAmple");

    // The domain of the message-id is decoded, as the part before "@" is.
    let url = "news:a%41b@rr%41d";
    assert_eq!(
        meaning(url),
        serde_json::json!({"kind": "article", "message-id": "<aAb@rrAd>"})
    );
    assert_eq!(
        text_meaning(url),
        "    kind: \"article\"\n    message-id: \"<aAb@rrAd>\"\n"
    );

    // The gopher type %C9 is the byte 0xC9, not UTF-8: U+FFFD, as in the tree
    // and everywhere else a decoded value is shown, not Latin-1's "É".
    let url = "gopher://h/%C9x";
    assert_eq!(meaning(url)["item type"], "\u{FFFD}");
    assert!(
        text_meaning(url).starts_with("    item type: \"\u{FFFD}\"\n"),
        "{}",
        text_meaning(url)
    );
    let json: Value = serde_json::from_str(explain("json", url).trim_end()).unwrap();
    assert_eq!(json["tree"]["children"][1]["decoded"], "\u{FFFD}");
    assert_eq!(json["tree"]["children"][1]["rule"], "gtype");
}

#[test]
fn deny_and_allow_choose_which_warnings_fail_or_show() {
    let url = "ftp://u:pw@h/%41";
    let (code, stdout) = stdout_of(rfc1738().args(["check", url]));
    assert_eq!(code, Some(0));
    assert!(
        stdout.contains("warning[password-in-url]") && stdout.contains("note[needless-escape]"),
        "{stdout}"
    );
    let (code, stdout) = stdout_of(rfc1738().args(["check", "--deny", "password-in-url", url]));
    assert_eq!(code, Some(1));
    assert!(
        stdout.starts_with("denied ") && stdout.contains("error[password-in-url]"),
        "{stdout}"
    );
    assert!(stdout.contains("note[needless-escape]"), "{stdout}");
    let (code, stdout) = stdout_of(rfc1738().args([
        "check",
        "--strict",
        "--allow",
        "password-in-url",
        "--allow",
        "needless-escape",
        url,
    ]));
    assert_eq!((code, stdout.as_str()), (Some(0), "ok ftp://u:pw@h/%41\n"));
    assert_eq!(
        rfc1738()
            .args(["check", "--deny", "no-such-lint", url])
            .output()
            .unwrap()
            .status
            .code(),
        Some(2)
    );
}

#[test]
fn extract_lists_the_urls_of_a_document_with_their_place_and_verdict() {
    let (code, stdout) = stdout_of(rfc1738().args(["extract", "tests/data/seeds/rfc4266.txt"]));
    assert_eq!(code, Some(0));
    assert_eq!(
        stdout,
        "tests/data/seeds/rfc4266.txt:242:40: ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol/Gopher+/Gopher+.txt (valid)\n\
         tests/data/seeds/rfc4266.txt:319:4: http://www.ietf.org/ipr (valid)\n"
    );
    let text = "Try <URL:http://u@h/> or\n\"ftp://h/a\" today.\n";
    let (code, stdout) = stdout_of(rfc1738().args(["extract", "--verbose"]).write_stdin(text));
    assert_eq!(code, Some(1));
    assert!(
        stdout.starts_with("<stdin>:1:5: http://u@h/ (invalid at byte 8: expected `hostname`"),
        "{stdout}"
    );
    assert!(
        stdout.contains("error[hostname]: invalid http URL")
            && stdout.contains("<stdin>:2:1: ftp://h/a (valid)"),
        "{stdout}"
    );
}

/// An invalid URL's error in `extract --format json` is `check`'s, key for
/// key: the rule, the fix and the other specifications that take it.
#[test]
fn extract_json_gives_an_error_as_check_does() {
    let (code, stdout) = stdout_of(
        rfc1738()
            .args(["extract", "--format", "json"])
            .write_stdin("see http://h/~x today\n"),
    );
    assert_eq!(code, Some(1));
    let lines = json_lines(&stdout);
    let error = &lines[0]["error"];
    assert_eq!(error["rule"], "hsegment");
    assert_eq!(error["fix"], "http://h/%7Ex");
    assert_eq!(
        error["valid_under"],
        serde_json::json!(["draft07", "rfc2396", "rfc3986"])
    );
    let (_, checked) = stdout_of(rfc1738().args(["check", "--format", "json", "http://h/~x"]));
    assert_eq!(*error, json_lines(&checked)[0]["error"]);
}

/// The rule an error is filed under is in its JSON, for the errors that are
/// no parse error too; a URL that fails on a denied warning names it.
#[test]
fn json_names_the_rule_of_an_error_and_the_denied_warnings() {
    let rule_of = |args: &[&str], stdin: &str| {
        let (_, stdout) = stdout_of(rfc1738().args(args).write_stdin(stdin.to_owned()));
        json_lines(&stdout)[0]["error"]["rule"].clone()
    };
    let check = ["check", "--format", "json"];
    assert_eq!(rule_of(&check, "nntp://h/grp/x\n"), "digits");
    assert_eq!(rule_of(&check, "http:0\n"), "httpurl");
    let deep = format!(
        "ldap://h/??sub?{}(cn=x){}\n",
        "(&".repeat(300),
        ")".repeat(300)
    );
    assert_eq!(
        rule_of(&["check", "--format", "json", "--spec", "rfc2396"], &deep),
        "nesting-limit"
    );
    assert_eq!(
        rule_of(
            &["check", "--format", "json", "--max-line-bytes", "8"],
            "http://h/abc\n"
        ),
        "line-too-long"
    );
    assert_eq!(
        rule_of(&["fix", "--format", "json"], "nntp://h/grp/x\n"),
        "digits"
    );
    assert_eq!(
        rule_of(&["resolve", "--format", "json", "mailto:a@b", "g"], ""),
        "opaque-base"
    );

    let (code, stdout) = stdout_of(rfc1738().args([
        "check",
        "--format",
        "json",
        "--deny",
        "non-default-port",
        "HTTP://h:8080/",
    ]));
    assert_eq!(code, Some(1));
    let record = &json_lines(&stdout)[0];
    assert_eq!(
        (&record["valid"], &record["error"], &record["denied"]),
        (
            &Value::Bool(false),
            &Value::Null,
            &serde_json::json!(["non-default-port"])
        )
    );
    assert_eq!(record["warnings"].as_array().unwrap().len(), 2);
}

#[test]
fn extract_json_has_one_object_per_url() {
    let (code, stdout) = stdout_of(
        rfc1738()
            .args(["extract", "--format", "json", "--any-scheme"])
            .write_stdin("see about:blank and <URL:ftp://h/a-\n  b>.\n"),
    );
    assert_eq!(code, Some(0));
    let lines = json_lines(&stdout);
    assert_eq!(
        lines[1],
        serde_json::json!({
            "file": "-", "url": "ftp://h/a-b", "raw": "<URL:ftp://h/a-\n  b>", "line": 1, "column": 21,
            "delimiter": "url-prefix", "alternative": "ftp://h/ab", "fragment": null, "valid": true,
            "error": null, "denied": [],
        })
    );
    assert_eq!(
        (lines[0]["url"].as_str(), lines[0]["delimiter"].as_str()),
        (Some("about:blank"), Some("bare"))
    );
    assert_eq!(
        rfc1738()
            .args(["extract", "/no/such/file"])
            .output()
            .unwrap()
            .status
            .code(),
        Some(2)
    );
}

#[test]
fn long_warning_spans_and_long_lines_render_without_a_crash_and_with_the_true_column() {
    for digits in 30..70 {
        let url = format!("http://h:{}/", "1".repeat(digits));
        for sub in ["check", "explain"] {
            let out = rfc1738().args([sub, &url]).output().unwrap();
            assert_eq!(
                out.status.code(),
                Some(0),
                "{sub} {url}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        let host = format!("http://{}.1.1.1/", "9".repeat(digits));
        assert_eq!(
            rfc1738()
                .args(["check", &host])
                .output()
                .unwrap()
                .status
                .code(),
            Some(0),
            "{host}"
        );
    }
    let url = format!("http://h/{} x", "a".repeat(100));
    let (_, stdout) = stdout_of(rfc1738().args(["check", &url]));
    assert!(stdout.contains(" --> <argument 1>:1:110\n"), "{stdout}");
}

#[test]
fn failures_in_json_prints_only_failures() {
    let (code, stdout) =
        stdout_of(rfc1738().args(["check", "--failures", "--format", "json", "http://h/", "x"]));
    assert_eq!(code, Some(1));
    let lines = json_lines(&stdout);
    assert_eq!((lines.len(), lines[0]["input"].as_str()), (1, Some("x")));
}

#[test]
fn extract_applies_the_lint_flags() {
    let (code, stdout) = stdout_of(
        rfc1738()
            .args(["extract", "--strict"])
            .write_stdin("see HTTP://h/ now"),
    );
    assert_eq!(
        (code, stdout.as_str()),
        (Some(1), "<stdin>:1:5: HTTP://h/ (denied: scheme-case)\n")
    );
    let (code, _) = stdout_of(rfc1738().args(["extract"]).write_stdin("see HTTP://h/ now"));
    assert_eq!(code, Some(0));
}

#[test]
fn resolve_prints_one_uri_per_reference() {
    let (code, stdout) = stdout_of(rfc1738().args([
        "resolve",
        "http://a/b/c/d;p?q",
        "../g",
        "g;x?y#s",
        "../../../g",
        "http:g",
    ]));
    assert_eq!(code, Some(0));
    assert_eq!(
        stdout,
        "http://a/b/g\nhttp://a/b/c/g;x?y#s\nhttp://a/../g\nhttp:g\n"
    );
}

#[test]
fn resolve_reports_a_bad_reference_and_refuses_a_relative_base() {
    // One line of output per reference, in order: an empty line for one that
    // fails, whose diagnostic goes to standard error.
    let out = rfc1738()
        .args([
            "--color",
            "never",
            "resolve",
            "http://a/b/c/d;p?q",
            "a b",
            "g",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "\nhttp://a/b/c/g\n");
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("error[abs_path]"), "{stderr}");
    assert!(stderr.contains(" --> <argument 2>:1:2"), "{stderr}");
    // In JSON, the error has the shape of check's.
    let (_, stdout) =
        stdout_of(rfc1738().args(["resolve", "--format", "json", "http://a/b/c/d;p?q", "a b"]));
    let record = &json_lines(&stdout)[0];
    assert_eq!(record["resolved"], Value::Null);
    assert_eq!(record["error"]["offset"], 1);
    assert_eq!(record["error"]["expected_items"][0]["kind"], "rule");

    // `?y`, a query alone, which Appendix A derives no reference for, is
    // resolved as Appendix C gives it, with a warning.
    let out = rfc1738()
        .args(["resolve", "http://a/b/c/d;p?q", "?y", "?page=2#top"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "http://a/b/c/?y\nhttp://a/b/c/?page=2#top\n"
    );
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.starts_with(
            "rfc1738: warning: argument 2: a query alone is no URI reference by Appendix A"
        ),
        "{stderr}"
    );

    let out = rfc1738().args(["resolve", "../b", "g"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("relative reference")
    );

    let (code, stdout) = stdout_of(rfc1738().args([
        "--format",
        "json",
        "resolve",
        "file:///usr/doc/ZZZ/",
        "../test.txt",
    ]));
    assert_eq!(code, Some(0));
    let record = &json_lines(&stdout)[0];
    assert_eq!(record["resolved"], "file:///usr/doc/test.txt");
    assert_eq!(record["error"], Value::Null);
}

#[test]
fn check_under_rfc2396_takes_uri7_forms_and_fragments() {
    let (code, stdout) = stdout_of(rfc1738().args([
        "--spec",
        "rfc2396",
        "--format",
        "json",
        "check",
        "info:gcc#G++_and_GCC",
        "man:ls(1)",
        "../test.txt",
        "www.w3.org/Addressing",
    ]));
    assert_eq!(code, Some(1));
    let records = json_lines(&stdout);
    assert_eq!(records[0]["valid"], true);
    assert_eq!(records[1]["valid"], true);
    assert_eq!(records[2]["valid"], false);
    let help = records[2]["error"]["help"].as_str().unwrap();
    assert!(help.starts_with("a relative reference"), "{help}");
    let help = records[3]["error"]["help"].as_str().unwrap();
    assert!(help.contains("http://www.w3.org/Addressing"), "{help}");
}

#[test]
fn a_dash_reads_standard_input() {
    // As `extract -` and `check --file -`: `-` is no URL, but the input.
    let (code, stdout) = stdout_of(
        rfc1738()
            .args(["check", "ftp://h/a", "-"])
            .write_stdin("news:*\nhttp://h:/x\n"),
    );
    assert_eq!(code, Some(1));
    assert!(
        stdout.starts_with("ok ftp://h/a\nok news:*\nerror[port]"),
        "{stdout}"
    );
    assert!(stdout.contains(" --> <stdin>:2:10"), "{stdout}");
}

#[test]
fn fix_prints_each_url_valid_or_fixed_and_the_rest_on_standard_error() {
    let out = rfc1738()
        .args([
            "fix",
            "http://ok/",
            "http://host/~user/a b.html#top",
            "http://[::1]/",
        ])
        .output()
        .unwrap();
    // The input with no fix makes the status 1.
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(stdout, "http://ok/\nhttp://host/%7Euser/a%20b.html\n");
    let stderr = String::from_utf8(out.stderr).unwrap();
    // What the fix removed is said, and the error of the input with no fix.
    assert!(
        stderr.starts_with("note: argument 2: set the fragment identifier `#top` apart"),
        "{stderr}"
    );
    assert!(
        stderr.contains("error[hostnumber]: invalid http URL (RFC 1738)")
            && stderr.contains("IP literals in brackets"),
        "{stderr}"
    );
    // Standard input is named in the note as diagnostics name it.
    let out = rfc1738()
        .args(["fix", "-"])
        .write_stdin("http://ok/\nhttp://h/a#b\n")
        .output()
        .unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.starts_with("note: <stdin>:2: set the fragment identifier"),
        "{stderr}"
    );
    // Every URL valid or fixed: status 0.
    let (code, stdout) =
        stdout_of(rfc1738().args(["fix", "--spec", "rfc3986", "http://[::1]/", " http://h/ "]));
    assert_eq!(
        (code, stdout.as_str()),
        (Some(0), "http://[::1]/\nhttp://h/\n")
    );
}

#[test]
fn fix_in_json_gives_the_output_and_the_error_of_each_input() {
    let (code, stdout) = stdout_of(
        rfc1738()
            .args(["fix", "--format", "json", "-"])
            .write_stdin("news:*\nnews:<id@host>\nhttp://h:80:80/\n"),
    );
    assert_eq!(code, Some(1));
    let lines = json_lines(&stdout);
    assert_eq!(lines.len(), 3);
    assert_eq!(
        (lines[0]["valid"].as_bool(), lines[0]["output"].as_str()),
        (Some(true), Some("news:*"))
    );
    assert!(lines[0]["error"].is_null());
    assert_eq!(lines[1]["output"], "news:id@host");
    assert_eq!(lines[1]["error"]["fix"], "news:id@host");
    assert!(lines[2]["output"].is_null());
    assert!(lines[2]["error"].get("fix").is_none());
    assert_eq!(lines[2]["input_line"], 3);
}

/// `check --no-advice`: each error's record and diagnostic as without the
/// flag, less the help, the fix and `valid_under` (null in JSON), for
/// URLs and for URI references; valid lines unchanged.
#[test]
fn no_advice_leaves_out_help_fix_and_valid_under_only() {
    let urls = [
        "ftp://host:/x",
        "http://host/~user/index.html#top",
        " http://host/ ",
        "news:*",
        "HTTP://host:8080/",
    ];
    let json = |extra: &[&str]| {
        let (code, stdout) = stdout_of(
            rfc1738()
                .args(["check", "--format", "json"])
                .args(extra)
                .args(urls),
        );
        assert_eq!(code, Some(1));
        json_lines(&stdout)
    };
    let (advised, bare) = (json(&[]), json(&["--no-advice"]));
    assert_eq!(advised.len(), bare.len());
    let mut errors = 0;
    for (mut advised, bare) in advised.into_iter().zip(bare) {
        if let Some(error) = advised["error"].as_object_mut() {
            errors += 1;
            assert!(error["help"].is_string(), "{error:?}");
            assert!(error["valid_under"].is_array(), "{error:?}");
            assert_eq!(bare["error"]["help"], Value::Null);
            assert_eq!(bare["error"]["valid_under"], Value::Null);
            assert!(bare["error"].get("fix").is_none(), "{bare:?}");
            error.insert("help".into(), Value::Null);
            error.insert("valid_under".into(), Value::Null);
            error.remove("fix");
        }
        assert_eq!(advised, bare);
    }
    assert_eq!(errors, 3);

    // Human output: the same diagnostics without their help and fix lines.
    let human = |extra: &[&str]| stdout_of(rfc1738().arg("check").args(extra).args(urls)).1;
    let (advised, bare) = (human(&[]), human(&["--no-advice"]));
    assert!(advised.contains("  = help: ") && advised.contains("  = fix: "));
    let without_advice: String = advised
        .lines()
        .filter(|line| !line.starts_with("  = help: ") && !line.starts_with("  = fix: "))
        .map(|line| format!("{line}\n"))
        .collect();
    assert_eq!(bare, without_advice);

    // A URI reference's record too.
    let reference = |extra: &[&str]| {
        let args = [
            "check",
            "--reference",
            "--spec",
            "rfc2396",
            "--format",
            "json",
            "a b",
        ];
        json_lines(&stdout_of(rfc1738().args(args).args(extra)).1)
    };
    assert!(reference(&[])[0]["error"]["help"].is_string());
    let bare = reference(&["--no-advice"]);
    assert_eq!(bare[0]["error"]["help"], Value::Null);
    assert_eq!(bare[0]["error"]["valid_under"], Value::Null);
    assert_eq!(bare[0]["error"]["offset"], 1);
}

/// The byte-order mark is read beside `--max-line-bytes`, not within it: a
/// first line as long as the limit keeps all of itself, and a file that is
/// the mark alone is empty.
#[test]
fn a_byte_order_mark_takes_no_room_of_the_line_limit() {
    let (code, stdout) = stdout_of(
        rfc1738()
            .args(["check", "--max-line-bytes", "9"])
            .write_stdin("\u{FEFF}http://a/\r\nhttp://b/\n"),
    );
    assert_eq!(
        (code, stdout.as_str()),
        (Some(0), "ok http://a/\nok http://b/\n")
    );
    let (code, stdout) = stdout_of(
        rfc1738()
            .args(["fix", "--max-line-bytes", "11"])
            .write_stdin("\u{FEFF}http://a/~x\n"),
    );
    assert_eq!((code, stdout.as_str()), (Some(0), "http://a/%7Ex\n"));
    // One byte over the limit is still too long, the mark aside.
    let (code, stdout) = stdout_of(
        rfc1738()
            .args(["check", "--format", "json", "--max-line-bytes", "8"])
            .write_stdin("\u{FEFF}http://a/\n"),
    );
    assert_eq!(code, Some(1));
    assert_eq!(json_lines(&stdout)[0]["error"]["rule"], "line-too-long");
    let (code, stderr) = stderr_of(
        rfc1738()
            .args(["check", "--summary"])
            .write_stdin("\u{FEFF}"),
    );
    assert_eq!(code, Some(0));
    assert!(
        stderr.starts_with("summary: 0 URLs, 0 valid, 0 invalid, 0 blank lines skipped;"),
        "{stderr}"
    );
}
