//! The `rfc1738 check` command: output, JSON shape and exit status.

use assert_cmd::Command;
use serde_json::Value;

fn rfc1738() -> Command {
    Command::cargo_bin("rfc1738").unwrap()
}

fn json_lines(stdout: &[u8]) -> Vec<Value> {
    String::from_utf8(stdout.to_vec())
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

#[test]
fn valid_urls_exit_zero() {
    let out = rfc1738()
        .args(["check", "ftp://myname@host.dom/%2Fetc/motd", "news:*"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "ok ftp://myname@host.dom/%2Fetc/motd\nok news:*\n"
    );
}

#[test]
fn an_invalid_url_exits_one_with_the_rendered_error() {
    let out = rfc1738()
        .args(["check", "news:*", "ftp://host:/x"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.starts_with("ok news:*\ninvalid ftp URL (RFC 1738): expected a port number"),
        "{stdout}"
    );
    assert!(
        stdout.contains("\n  ftp://host:/x\n             ^\n"),
        "{stdout}"
    );
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
}

#[test]
fn the_spec_option_changes_the_verdict() {
    rfc1738().args(["check", "http://h/~user"]).assert().code(1);
    rfc1738()
        .args(["check", "--spec", "draft07", "http://h/~user"])
        .assert()
        .code(0);
}

#[test]
fn json_has_the_documented_shape_one_object_per_line_in_order() {
    let out = rfc1738()
        .args(["check", "--format", "json"])
        .write_stdin("HTTP://h/\nftp://host:/x\r\nx-y:z\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let lines = json_lines(&out.stdout);
    assert_eq!(lines.len(), 3);
    assert_eq!(
        lines[0],
        serde_json::json!({
            "input": "HTTP://h/", "valid": true, "spec": "rfc1738", "scheme": "http", "error": null,
            "warnings": [{
                "code": "scheme-case",
                "message": "the scheme is written \"HTTP\": RFC 1738 says \"the scheme is in lower case; interpreters should use case-ignore\"",
                "offset": 0,
            }],
        })
    );
    // CRLF: the CR is not part of the URL.
    assert_eq!(lines[1]["input"], "ftp://host:/x");
    assert_eq!(lines[1]["valid"], false);
    assert_eq!(lines[1]["scheme"], "ftp");
    let error = &lines[1]["error"];
    assert_eq!(
        (
            error["offset"].as_u64(),
            error["line"].as_u64(),
            error["column"].as_u64()
        ),
        (Some(11), Some(1), Some(12))
    );
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
    assert_eq!(lines[2]["scheme"], "x-y");
    assert_eq!(lines[2]["warnings"], serde_json::json!([]));
}

#[test]
fn a_line_that_is_not_utf8_is_an_invalid_url_not_a_crash() {
    let out = rfc1738()
        .args(["check", "--format", "json"])
        .write_stdin(&b"ftp://h/\xff\nnews:*\n"[..])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let lines = json_lines(&out.stdout);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["valid"], false);
    assert_eq!(lines[0]["error"]["offset"], 8);
    assert_eq!(lines[1]["valid"], true);
}

#[test]
fn empty_standard_input_checks_nothing_and_succeeds() {
    let out = rfc1738().arg("check").write_stdin("").output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stdout.is_empty());
}

#[test]
fn an_empty_line_is_an_empty_url_which_is_invalid() {
    let out = rfc1738()
        .args(["check", "--format", "json"])
        .write_stdin("\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(json_lines(&out.stdout)[0]["error"]["offset"], 0);
}

#[cfg(unix)]
#[test]
fn an_argument_that_is_not_utf8_is_an_invalid_url_not_a_usage_error() {
    use std::os::unix::ffi::OsStrExt;
    let url = std::ffi::OsStr::from_bytes(b"ftp://h/\xff");
    let out = rfc1738()
        .arg("check")
        .arg(url)
        .arg("news:*")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.starts_with("invalid ftp URL (RFC 1738): "),
        "{stdout}"
    );
    assert!(stdout.contains("found byte 0xFF (not UTF-8)"), "{stdout}");
    assert!(stdout.ends_with("ok news:*\n"), "{stdout}");
}

#[test]
fn spec_names_ignore_case() {
    rfc1738()
        .args(["check", "--spec", "DRAFT07", "http://h/~user"])
        .assert()
        .code(0);
    rfc1738()
        .args(["check", "--spec", "Rfc1738", "http://h/~user"])
        .assert()
        .code(1);
}
