//! The command line on hostile input: bounded memory per line, streamed
//! output, exit statuses that survive a closed pipe, I/O errors that name
//! their path, diagnostics that stay small, and a nesting limit that says so.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command as Process, Stdio};

use assert_cmd::Command;
use serde_json::Value;

fn rfc1738() -> Command {
    Command::cargo_bin("rfc1738").unwrap()
}

fn binary() -> std::path::PathBuf {
    assert_cmd::cargo::cargo_bin("rfc1738")
}

#[test]
fn a_line_longer_than_the_limit_is_reported_not_held() {
    let mut input = b"http://h/\n".to_vec();
    input.extend_from_slice(b"http://h/");
    input.extend(std::iter::repeat_n(b'a', 3_000));
    input.extend_from_slice(b"\nhttp://ok/\n");
    let out = rfc1738()
        .args(["check", "--max-line-bytes", "1000"])
        .write_stdin(input.clone())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.starts_with("ok http://h/\nerror[line-too-long]: the line holds 3009 bytes, more than --max-line-bytes (1000): not checked\n --> <stdin>:2\n"), "{stdout}");
    assert!(stdout.ends_with("ok http://ok/\n"), "{stdout}");
    // The JSON record keeps the line's start and says why.
    let out = rfc1738()
        .args(["check", "--max-line-bytes", "1000", "--format", "json"])
        .write_stdin(input.clone())
        .output()
        .unwrap();
    let records: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(records.len(), 3);
    assert_eq!(records[1]["valid"], false);
    assert_eq!(records[1]["input_line"], 2);
    assert!(records[1]["input"].as_str().unwrap().len() < 100);
    assert!(
        records[1]["error"]["message"]
            .as_str()
            .unwrap()
            .contains("3009 bytes")
    );
    // `fix` gives it the keys of its other records, in their order.
    let out = rfc1738()
        .args(["fix", "--max-line-bytes", "1000", "--format", "json"])
        .write_stdin(input.clone())
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{stdout}");
    assert_eq!(
        lines[0],
        r#"{"input":"http://h/","valid":true,"output":"http://h/","error":null,"file":"-","input_line":1}"#
    );
    assert!(
        lines[1].starts_with(r#"{"input":"http://h/aaa"#)
            && lines[1].contains(r#"…","valid":false,"output":null,"error":{"offset":1000,"#)
            && lines[1].ends_with(r#","file":"-","input_line":2}"#),
        "{stdout}"
    );
    // The start shown keeps whole characters and leaves out the line's end.
    let mut accented = b"http://h/".to_vec();
    accented.extend("é".repeat(40).bytes());
    accented.extend_from_slice(b"\r\n");
    let short = b"http://h/abcdef\r\n".to_vec();
    for (input, max, start) in [
        (accented, "70", format!("http://h/{}…", "é".repeat(27))),
        (short, "14", "http://h/abcdef…".to_owned()),
    ] {
        let out = rfc1738()
            .args(["check", "--max-line-bytes", max, "--format", "json"])
            .write_stdin(input)
            .output()
            .unwrap();
        let record: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(record["input"], start.as_str(), "--max-line-bytes {max}");
    }
    // With the limit raised, the line is checked as any other.
    let out = rfc1738()
        .args(["check", "--max-line-bytes", "4000", "--quiet"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
}

/// The exit status of `rfc1738 args` fed `input`, when its reader takes the
/// first line of output and goes, with most of the output unread.
fn status_after_a_closed_pipe(args: &[&str], input: String) -> Option<i32> {
    let mut child = Process::new(binary())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    // The reading end is closed here.
    let status = child.wait().unwrap();
    writer.join().unwrap();
    status.code()
}

/// Many valid URLs, one per line.
fn many_urls() -> String {
    (0..200_000).map(|i| format!("http://h/{i}\n")).collect()
}

#[test]
fn a_closed_pipe_keeps_the_status_of_what_was_checked() {
    // The first line invalid, or all valid.
    let args = ["check", "--file", "-"];
    let first_invalid = format!("http://user@h/\n{}", many_urls());
    assert_eq!(status_after_a_closed_pipe(&args, first_invalid), Some(1));
    assert_eq!(status_after_a_closed_pipe(&args, many_urls()), Some(0));
}

#[test]
fn io_errors_name_their_path_and_exit_two() {
    let dir = std::env::temp_dir();
    let dir = dir.to_str().unwrap();
    for args in [
        vec!["check", "--file", dir],
        vec!["extract", dir],
        vec!["check", "--file", "/no/such/file"],
        vec!["extract", "/no/such/file"],
    ] {
        let out = rfc1738().args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8(out.stderr).unwrap();
        let path = args.last().unwrap();
        assert!(
            stderr.starts_with(&format!("rfc1738: {path}: ")),
            "{args:?}: {stderr}"
        );
    }
}

#[test]
fn extract_reads_standard_input_as_dash_and_streams_its_results() {
    let out = rfc1738()
        .args(["extract", "-"])
        .write_stdin("see http://h/a and <URL:news:*>\n")
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "<stdin>:1:5: http://h/a (valid)\n<stdin>:1:20: news:* (valid)\n"
    );
    // A result comes out while the input is still open: 200 KiB of text,
    // then a wait for the first line of output before the input ends.
    let mut child = Process::new(binary())
        .args(["extract"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let (done, wait) = std::sync::mpsc::channel::<()>();
    let writer = std::thread::spawn(move || {
        let text = "see http://h/a today\n".repeat(10_000);
        stdin.write_all(text.as_bytes()).unwrap();
        stdin.flush().unwrap();
        // The input stays open until the first result has been read.
        wait.recv().unwrap();
    });
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 26];
    stdout.read_exact(&mut first).unwrap();
    assert_eq!(&first, b"<stdin>:1:5: http://h/a (v");
    done.send(()).unwrap();
    let mut rest = String::new();
    stdout.read_to_string(&mut rest).unwrap();
    writer.join().unwrap();
    assert!(child.wait().unwrap().success());
    assert_eq!(rest.lines().count(), 10_000);
}

/// `tail -f log | rfc1738 check`: the result of a line comes out while the
/// writer pauses, before the input ends, with `check`, `fix` and `extract`.
#[test]
fn a_line_of_standard_input_is_answered_while_the_input_stays_open() {
    for (args, line, answer) in [
        (&["check"][..], "http://h/a\n", "ok http://h/a\n"),
        (&["fix"][..], "http://h/a b\n", "http://h/a%20b\n"),
        (
            &["extract"][..],
            "see http://h/a\n",
            "<stdin>:1:5: http://h/a (valid)\n",
        ),
    ] {
        let mut child = Process::new(binary())
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(line.as_bytes()).unwrap();
        stdin.flush().unwrap();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let (sender, first) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut line = String::new();
            stdout.read_line(&mut line).unwrap();
            sender.send(line).unwrap();
        });
        // A reader that waits for the end of its input would never answer:
        // fail after a minute rather than hang.
        let first = first.recv_timeout(std::time::Duration::from_secs(60));
        drop(stdin);
        assert_eq!(first.as_deref(), Ok(answer), "{args:?}");
        assert!(child.wait().unwrap().success(), "{args:?}");
    }
}

/// `check -q` answers as `grep -q` does: the first invalid URL settles the
/// status, while the input is still open.
#[test]
fn quiet_check_ends_at_the_first_invalid_url() {
    let mut child = Process::new(binary())
        .args(["check", "-q"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"http://h/a\nftp://h:/a\n").unwrap();
    stdin.flush().unwrap();
    let (sender, status) = std::sync::mpsc::channel();
    std::thread::spawn(move || sender.send(child.wait_with_output().unwrap()));
    let output = status.recv_timeout(std::time::Duration::from_secs(60));
    drop(stdin);
    let output = output.expect("check -q ends before its input does");
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stdout.is_empty());
}

/// Mail in Latin-1: a byte that is not UTF-8 reads as U+FFFD, and the fix
/// that would escape U+FFFD's bytes is another URL's.
#[test]
fn extract_offers_no_fix_for_bytes_that_are_not_utf8() {
    let out = rfc1738()
        .args(["extract", "-"])
        .write_stdin(&b"see http://h/caf\xe9 now\n"[..])
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.contains("help: the text holds bytes that are not UTF-8 here"),
        "{stdout}"
    );
    assert!(!stdout.contains("fix:"), "{stdout}");
    assert!(!stdout.contains("%EF%BF%BD"), "{stdout}");
}

#[test]
fn a_long_host_gives_a_short_help_line_that_points_at_the_stray_character() {
    let input = format!("http://{}_/", "a".repeat(100_000));
    let out = rfc1738()
        .args(["check", "--spec", "rfc2396"])
        .write_stdin(input)
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.len() < 1_000, "{} bytes", stdout.len());
    let help = stdout.lines().find(|line| line.contains("help:")).unwrap();
    assert!(help.contains("holds '_' (at byte 100007)"), "{help}");
    assert!(help.len() < 300, "{help}");
}

#[test]
fn a_filter_nested_past_the_limit_is_refused_as_such() {
    let deep = format!(
        "ldap://h/??sub?{}(cn=x){}",
        "(&".repeat(2000),
        ")".repeat(2000)
    );
    let out = rfc1738()
        .args(["check", "--spec", "rfc2396", &deep])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.starts_with("error[nesting-limit]: invalid URI (RFC 2396): nested deeper than the reader goes, at '&'"),
        "{stdout}"
    );
    // Within the limit, a filter nests as deep as it likes (247 levels in
    // a release build; a test build's frames are larger).
    let nested = format!("ldap://h/??sub?{}(cn=x){}", "(&".repeat(60), ")".repeat(60));
    rfc1738()
        .args(["check", "--spec", "rfc2396", "--quiet", &nested])
        .assert()
        .success();
}

#[test]
fn the_line_limit_counts_the_line_without_its_end_and_never_makes_it_blank() {
    let check = |input: &str, max: &str| {
        let out = rfc1738()
            .args(["check", "--summary", "--max-line-bytes", max])
            .write_stdin(input.to_owned())
            .output()
            .unwrap();
        // The summary is on standard error.
        (out.status.code(), String::from_utf8(out.stderr).unwrap())
    };
    assert_eq!(check("http://h/\n", "9").0, Some(0));
    assert_eq!(check("http://h/\r\n", "9").0, Some(0));
    assert_eq!(check("http://h/a\n", "9").0, Some(1));
    // A long line that starts with blanks is too long, not blank.
    let (code, stdout) = check("      http://h/ bad bad\n", "4");
    assert_eq!(code, Some(1));
    assert!(
        stdout.contains("1 URL, 0 valid, 1 invalid, 0 blank lines"),
        "{stdout}"
    );
    // The largest limit is no limit, not a wrap-around to none.
    let (code, stdout) = check("http://h/\nx\n", "18446744073709551615");
    assert_eq!(code, Some(1));
    assert!(stdout.contains("2 URLs, 1 valid, 1 invalid"), "{stdout}");
}

#[test]
fn resolve_goes_on_past_a_reference_that_is_not_utf8() {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let bad = std::ffi::OsStr::from_bytes(b"a\xffb");
        let out = rfc1738()
            .arg("resolve")
            .arg("http://a/b/c/d;p?q")
            .arg("g")
            .arg(bad)
            .arg("h")
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1));
        assert_eq!(
            String::from_utf8(out.stdout).unwrap(),
            "http://a/b/c/g\n\nhttp://a/b/c/h\n"
        );
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert!(stderr.contains("byte 0xFF is not UTF-8"), "{stderr}");
        assert!(stderr.contains(" --> <argument 3>:1:2"), "{stderr}");
    }
}

#[test]
fn a_closed_pipe_after_a_missing_file_keeps_status_two() {
    let args = ["check", "--file", "/no/such/file", "--file", "-"];
    assert_eq!(status_after_a_closed_pipe(&args, many_urls()), Some(2));
}

/// `fix` and `resolve` write their diagnostics to standard error, which
/// is coloured when it is a terminal, whatever standard output is. The
/// terminal is util-linux's `script`'s (in Debian's essential set; BSD's
/// takes other options).
#[cfg(target_os = "linux")]
#[test]
fn diagnostics_on_standard_error_are_coloured_by_its_terminal() {
    let dir = std::env::temp_dir().join(format!("rfc1738-colour-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let captured = dir.join("stderr.txt");
    let quoted =
        |path: &std::path::Path| format!("'{}'", path.display().to_string().replace('\'', "'\\''"));
    // What the diagnostics of `args` show: with `to_file`, standard error
    // goes to a file and standard output stays on the terminal; else
    // standard output goes to /dev/null and standard error to the terminal.
    let diagnostics = |args: &str, to_file: bool| {
        let redirect = if to_file {
            format!("2> {}", quoted(&captured))
        } else {
            "> /dev/null".to_owned()
        };
        let out = Process::new("timeout")
            .args(["60", "script", "-qec"])
            .arg(format!("{} {args} {redirect}", quoted(&binary())))
            .arg("/dev/null")
            .env_remove("NO_COLOR")
            .stdin(Stdio::null())
            .output()
            .expect("timeout and script run");
        let shown = if to_file {
            std::fs::read_to_string(&captured).unwrap()
        } else {
            String::from_utf8_lossy(&out.stdout).into_owned()
        };
        assert!(shown.contains("error["), "{args}: {shown}");
        shown
    };
    let coloured = |shown: &str| shown.contains("\x1b[1m\x1b[91merror[");
    assert!(coloured(&diagnostics("fix 'news:a b'", false)));
    assert!(coloured(&diagnostics("resolve http://a/b 'a b'", false)));
    assert!(!coloured(&diagnostics(
        "--color never fix 'news:a b'",
        false
    )));
    // Standard output on the terminal does not colour a file.
    assert!(!coloured(&diagnostics("fix 'news:a b'", true)));
    assert!(!coloured(&diagnostics("resolve http://a/b 'a b'", true)));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// On a terminal, a run that ends at once draws no progress bar: none
/// flashes on standard error and is cleared (the bar waits half a second).
#[cfg(target_os = "linux")]
#[test]
fn a_short_run_on_a_terminal_draws_no_progress_bar() {
    let binary = binary().display().to_string().replace('\'', "'\\''");
    for args in ["http://a/ http://b/", "- < /dev/null", "'a b' http://c/"] {
        let out = Process::new("timeout")
            .args(["60", "script", "-qec"])
            .arg(format!("'{binary}' check {args} > /dev/null"))
            .arg("/dev/null")
            .stdin(Stdio::null())
            .output()
            .expect("timeout and script run");
        assert_eq!(String::from_utf8_lossy(&out.stdout), "", "check {args}");
    }
}
