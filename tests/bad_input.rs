//! Inputs that are not URLs get a clear error at the right byte, never a panic.
//! (That the time is linear in the length is measured by `benches/parse.rs`.)

use rfc1738::{Expected, Found, Scheme, Spec, Url};

fn expected_names(input: &str, spec: Spec) -> (usize, Vec<String>) {
    let error = Url::parse_with(input, spec).unwrap_err();
    (
        error.offset(),
        error.expected().iter().map(Expected::name).collect(),
    )
}

#[test]
fn the_offset_is_the_first_byte_that_leaves_the_language() {
    // `ftp://host:` is the start of a URL (a port may follow); `/` is not.
    assert_eq!(
        expected_names("ftp://host:/x", Spec::Rfc1738),
        (11, vec!["port".into(), "password".into(), "\"@\"".into()])
    );
    // Inside a literal: ";typ" may still become ";type=", ";typo" may not.
    assert_eq!(
        expected_names("ftp://h/a;typo=x", Spec::Rfc1738),
        (13, vec!["\";type=\"".into()])
    );
    assert_eq!(
        expected_names("http:0", Spec::Rfc1738),
        (5, vec!["\"http://\"".into()])
    );
    assert_eq!(
        expected_names("nntp://h/grp/x", Spec::Draft07),
        (13, vec!["digits".into()])
    );
    assert_eq!(
        expected_names("http://h/a%4x", Spec::Rfc1738),
        (12, vec!["escape".into()])
    );
    assert_eq!(
        expected_names("ftp://h/a;type=x", Spec::Rfc1738),
        (15, vec!["ftptype".into()])
    );
}

#[test]
fn a_known_scheme_is_judged_by_its_own_rule_only() {
    let error = Url::parse("http:0").unwrap_err();
    assert_eq!(error.scheme(), Some(Scheme::Http));
    assert!(
        Url::parse("httpx:0").is_ok(),
        "an unknown scheme is generic"
    );
    assert!(matches!(Url::parse("HtTp://h/").unwrap(), Url::Http(_)));
}

#[test]
fn http_takes_hostport_not_login() {
    let error = Url::parse("http://user@host/").unwrap_err();
    assert_eq!(error.offset(), 11);
    assert_eq!(error.found(), Found::Char('@'));
    assert!(
        error
            .help()
            .unwrap()
            .contains("`httpurl` takes `hostport`, not `login`")
    );
}

#[test]
fn empty_input() {
    let error = Url::parse("").unwrap_err();
    assert_eq!(
        (error.offset(), error.found(), error.scheme()),
        (0, Found::End, None)
    );
    assert_eq!(error.expected()[0].name(), "scheme");
}

#[test]
fn no_colon() {
    let error = Url::parse("host.example/path").unwrap_err();
    assert_eq!((error.offset(), error.found()), (12, Found::Char('/')));
    assert!(error.expected().contains(&Expected::Literal(":".into())));
}

#[test]
fn non_ascii_characters() {
    let error = Url::parse("http://h/caf\u{e9}").unwrap_err();
    assert_eq!((error.offset(), error.found()), (12, Found::Char('\u{e9}')));
    assert!(error.help().unwrap().contains("%C3%A9"));
    // A character outside the BMP, and one in the host.
    assert_eq!(Url::parse("ftp://h/\u{1F600}").unwrap_err().offset(), 8);
    assert_eq!(Url::parse("ftp://h\u{e9}st/").unwrap_err().offset(), 7);
}

#[test]
fn control_characters() {
    for c in ['\0', '\t', '\n', '\r', '\u{7f}'] {
        let input = format!("ftp://host/a{c}b");
        let error = Url::parse(&input).unwrap_err();
        assert_eq!(
            (error.offset(), error.found()),
            (12, Found::Char(c)),
            "{input:?}"
        );
        assert!(
            !error.to_string().contains(c),
            "Display is one line: {error}"
        );
        let excerpt = format!("{error:#}").lines().nth(1).unwrap().to_owned();
        assert!(
            !excerpt.contains(c),
            "the excerpt shows {c:?} escaped: {excerpt:?}"
        );
    }
    // A line break: line and column follow it.
    let error = Url::parse("ftp://host/a\nb").unwrap_err();
    assert_eq!((error.line(), error.column()), (1, 13));
}

#[test]
fn percent_without_two_hex_digits() {
    for (input, offset) in [
        ("http://h/%", 10),
        ("http://h/%4", 11),
        ("http://h/%G1", 10),
        ("http://h/%4G", 11),
    ] {
        let error = Url::parse(input).unwrap_err();
        assert_eq!(error.offset(), offset, "{input}");
        assert_eq!(
            error.expected(),
            [Expected::Rule(error.expected()[0].clone().rule())],
            "{input}"
        );
        assert_eq!(error.expected()[0].name(), "escape", "{input}");
    }
}

#[test]
fn invalid_utf8_is_an_error_at_the_first_bad_byte() {
    let error = Url::parse_bytes(b"http://h/a\xff\xfe", Spec::Rfc1738).unwrap_err();
    assert_eq!((error.offset(), error.found()), (10, Found::Byte(0xff)));
    // An earlier error wins: the input already left the language at the space.
    let error = Url::parse_bytes(b"http://h/a b\xff", Spec::Rfc1738).unwrap_err();
    assert_eq!((error.offset(), error.found()), (10, Found::Char(' ')));
    // A truncated sequence at the end.
    let error = Url::parse_bytes(b"ftp://h/\xc3", Spec::Draft07).unwrap_err();
    assert_eq!((error.offset(), error.found()), (8, Found::Byte(0xc3)));
    // Before the scheme's colon.
    let error = Url::parse_bytes(b"ft\x80p://h/", Spec::Rfc1738).unwrap_err();
    assert_eq!((error.offset(), error.found()), (2, Found::Byte(0x80)));
}

/// Bytes that are not UTF-8 (Latin-1 text, a cut sequence) are fixed by
/// their escapes, with the other repairs where the text needs them too;
/// the fix's edits make its text from the input's bytes.
#[test]
fn bytes_that_are_not_utf8_are_fixed_by_their_escapes() {
    let fixed = |input: &[u8], spec: Spec| {
        let error = Url::parse_bytes(input, spec).unwrap_err();
        let fix = error.fix()?;
        assert!(
            Url::parse_with(fix.text(), spec).is_ok(),
            "{:?}",
            fix.text()
        );
        let mut made = Vec::new();
        let mut at = 0;
        for edit in fix.edits() {
            made.extend_from_slice(&input[at..edit.range.start]);
            made.extend_from_slice(edit.replacement.as_bytes());
            at = edit.range.end;
        }
        made.extend_from_slice(&input[at..]);
        assert_eq!(made, fix.text().as_bytes());
        assert!(error.valid_under().is_empty());
        Some((fix.text().to_owned(), fix.description()))
    };
    let (text, description) = fixed(b"http://h/caf\xe9", Spec::Rfc1738).unwrap();
    assert_eq!(text, "http://h/caf%E9");
    assert_eq!(
        description,
        "encode each byte that is not UTF-8 as %XX, by its value"
    );
    // A cut sequence of two bytes, and a space the usual repair escapes.
    let (text, _) = fixed(b"ftp://h/a\xe2\x82 b", Spec::Rfc1738).unwrap();
    assert_eq!(text, "ftp://h/a%E2%82%20b");
    let (text, _) = fixed(b"http://h/\xff/p?q=\xfe", Spec::Rfc3986).unwrap();
    assert_eq!(text, "http://h/%FF/p?q=%FE");
    // A fragment set apart takes its byte with it: no escape is left.
    let (text, description) = fixed(b"http://h/a#b\xe9", Spec::Rfc1738).unwrap();
    assert_eq!(text, "http://h/a");
    assert!(!description.contains("UTF-8"), "{description}");
    // A host holds no escape.
    assert_eq!(fixed(b"ftp://h\xc3/", Spec::Rfc1738), None);
    // Every specification, URLs and references, on Latin-1 and cut sequences.
    for input in [
        &b"http://h/caf\xe9"[..],
        b"ftp://u:p\xe9@h/a\xff;type=i",
        b"gopher://h/1\xc3",
        b"news:\xe9t\xe9",
        b"mailto:\xe9@h",
        b"//h/p\xe9?\xe9#\xe9",
        b"\xff",
    ] {
        crate::checks::fixed_bytes(input);
    }
}

#[test]
fn a_megabyte_is_parsed_or_rejected_whole() {
    let segment = "a".repeat(1 << 20);
    let valid = format!("ftp://host/{segment}");
    assert_eq!(Url::parse(&valid).unwrap().as_str().len(), valid.len());
    // Inputs that make a PEG try one reading and then another: a long user
    // part with no "@", a long host with no ":", many "%09".
    let no_at = format!("ftp://{segment}");
    assert!(Url::parse(&no_at).is_ok());
    // "x" may still be a password ("ftp://user:x@host"): the "/" leaves the language.
    let invalid = format!("ftp://{segment}:x/");
    assert_eq!(
        Url::parse(&invalid).unwrap_err().offset(),
        6 + segment.len() + 2
    );
    let tabs = format!("gopher://h/1{}", "%09".repeat(1 << 18));
    assert!(Url::parse(&tabs).is_ok());
    let error = Url::parse(&format!("{valid} ")).unwrap_err();
    assert_eq!(error.offset(), valid.len());
    assert!(
        error.to_string().len() < 400,
        "the excerpt is cut to a window"
    );
}

trait ExpectedRule {
    fn rule(self) -> rfc1738::GrammarRule;
}

impl ExpectedRule for Expected {
    fn rule(self) -> rfc1738::GrammarRule {
        match self {
            Expected::Rule(rule) => rule,
            other => panic!("expected a rule, not {other:?}"),
        }
    }
}

/// The scheme an invalid input writes, known or not, as each
/// specification's `scheme` reads it; none where the input starts with none.
#[test]
fn an_error_keeps_the_scheme_its_input_writes() {
    let written = |input: &[u8], spec: Spec| {
        let error = Url::parse_bytes(input, spec).unwrap_err();
        error.written_scheme().map(str::to_owned)
    };
    for spec in Spec::ALL {
        assert_eq!(written(b"x:a b", spec).as_deref(), Some("x"), "{spec}");
        assert_eq!(written(b"X-1.a+b:a b", spec).as_deref(), Some("X-1.a+b"));
        // No scheme: ":" first, no ":", a byte outside the class before it.
        for input in [
            &b":a b"[..],
            b"a b",
            b"h\xC3\xA9:a b",
            b"h\xFF:a b",
            b"h t:x",
        ] {
            assert_eq!(written(input, spec), None, "{input:?} {spec}");
        }
    }
    // Section 5's `scheme` takes a digit first; RFC 2396's and RFC 3986's
    // start with a letter.
    assert_eq!(written(b"1x:a b", Spec::Rfc1738).as_deref(), Some("1x"));
    assert_eq!(written(b".a:a b", Spec::Draft07).as_deref(), Some(".a"));
    assert_eq!(written(b"1x:a b", Spec::Rfc2396), None);
    assert_eq!(written(b"1x:a b", Spec::Rfc3986), None);
    // A known scheme's, as written; `scheme()` names it.
    let error = Url::parse("FTP://h:x/").unwrap_err();
    assert_eq!(
        (error.scheme(), error.written_scheme()),
        (Some(Scheme::Ftp), Some("FTP"))
    );
}
