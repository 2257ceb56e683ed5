//! Holding results as a user does: owned URLs kept in maps after their
//! input is gone, sent across threads, sorted, and round-tripped through
//! serde_json; errors that fit in a log line; the library's JSON and the
//! command line's, one shape.

use std::collections::{BTreeSet, HashMap};
use std::thread;

use assert_cmd::Command;
use rfc1738::{
    Expected, FtpUrl, OwnedUrl, ParseError, Scheme, Spec, UriRef, Url, Warning, WarningCode,
};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

/// Reads URLs out of text that is dropped when this returns.
fn urls_of_a_document(spec: Spec) -> Vec<OwnedUrl> {
    let document = String::from(
        "ftp://myname@host.dom/%2Fetc/motd\nnews:comp.lang.c\nhttp://h/~u\nnot a url\n\
         gopher://h/1sel%09find\nftp://myname@host.dom/%2Fetc/motd\n",
    );
    document
        .lines()
        .filter_map(|line| Url::parse_with(line, spec).ok())
        .map(Url::into_owned)
        .collect()
}

#[test]
fn a_map_of_urls_outlives_the_input() {
    let mut counts: HashMap<OwnedUrl, usize> = HashMap::new();
    for url in urls_of_a_document(Spec::Rfc1738) {
        *counts.entry(url).or_default() += 1;
    }
    assert_eq!(counts.len(), 3);
    let ftp = OwnedUrl::parse("ftp://myname@host.dom/%2Fetc/motd").unwrap();
    assert_eq!(counts[&ftp], 2);
    // The view is the one parsing gives, read from the owned text.
    let view = ftp.as_url().as_ftp().unwrap();
    assert_eq!(view.login().user(), Some("myname"));
    assert_eq!(view.cwd().collect::<Vec<_>>(), ["%2Fetc"]);
    assert_eq!(*ftp.as_url(), Url::parse(ftp.as_str()).unwrap());
    // A key of another spec is another key.
    let draft = OwnedUrl::parse_with("ftp://myname@host.dom/%2Fetc/motd", Spec::Draft07).unwrap();
    assert!(!counts.contains_key(&draft));
    assert_eq!(urls_of_a_document(Spec::Draft07).len(), 5);
}

#[test]
fn owned_urls_cross_threads() {
    let urls = urls_of_a_document(Spec::Rfc1738);
    let handles: Vec<_> = urls
        .into_iter()
        .map(|url| thread::spawn(move || (url.as_url().known_scheme(), url)))
        .collect();
    let schemes: Vec<_> = handles
        .into_iter()
        .map(|handle| handle.join().unwrap().0)
        .collect();
    assert_eq!(
        schemes,
        [
            Some(Scheme::Ftp),
            Some(Scheme::News),
            Some(Scheme::Gopher),
            Some(Scheme::Ftp)
        ]
    );
    // A clone shares the text: one URL read by many threads.
    let shared = OwnedUrl::parse("gopher://h/1sel%09find").unwrap();
    let requests: Vec<Vec<u8>> = thread::scope(|scope| {
        let handles: Vec<_> = (0..4)
            .map(|_| {
                let url = shared.clone();
                scope.spawn(move || url.as_url().as_gopher().unwrap().request().unwrap())
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert!(requests.iter().all(|r| r == b"sel\tfind\r\n"));
}

#[test]
fn urls_sort_by_text_then_spec() {
    let set: BTreeSet<OwnedUrl> = ["news:*", "ftp://h/", "FTP://h/", "ftp://h/"]
        .into_iter()
        .map(|text| OwnedUrl::parse(text).unwrap())
        .collect();
    let texts: Vec<&str> = set.iter().map(OwnedUrl::as_str).collect();
    assert_eq!(texts, ["FTP://h/", "ftp://h/", "news:*"]);
    let a = OwnedUrl::parse_with("ftp://h/", Spec::Rfc1738).unwrap();
    let b = OwnedUrl::parse_with("ftp://h/", Spec::Draft07).unwrap();
    assert!(a < b && a != b);
    // Equality is of the text; equivalence of the meaning.
    let upper = Url::parse("FTP://h/").unwrap();
    assert_ne!(upper, Url::parse("ftp://h/").unwrap());
    assert!(upper.equivalent(&Url::parse("ftp://h/").unwrap()));
}

#[test]
fn builders_normalize_and_resolve_give_owned_urls() {
    let built = FtpUrl::builder()
        .host("h")
        .cwd("pub")
        .name("a b")
        .build(Spec::Rfc1738)
        .unwrap();
    assert_eq!(built, "ftp://h/pub/a%20b");
    assert_eq!(built.as_url().as_ftp().unwrap().name(), Some("a%20b"));

    let normal = Url::parse("HTTP://Host:80/%41").unwrap().normalize();
    assert_eq!(normal, "http://host/A");
    assert_eq!(normal.spec(), Spec::Rfc1738);
    assert_eq!(normal.as_url().normalize(), normal);

    let base = UriRef::parse("http://a/b/c/d;p?q").unwrap();
    let resolved = UriRef::parse("../g").unwrap().resolve_url(&base).unwrap();
    assert_eq!(resolved, "http://a/b/g");
    assert_eq!(resolved.spec(), Spec::Rfc2396);
}

#[test]
fn a_url_made_around_a_reference_becomes_owned_as_it_is() {
    // uri(7) reads `man:ls(1)` into a form of its own; a `Url::Uri` made by
    // hand around the reference stays a `Url::Uri` once owned.
    let reference = UriRef::parse("man:ls(1)").unwrap();
    let owned = Url::Uri(reference).into_owned();
    assert!(owned.as_url().as_uri().is_some());
    assert_eq!(owned, Url::Uri(reference));
    // Even a relative one, which no absolute-URI rule takes.
    let relative = UriRef::parse("../a/b").unwrap();
    assert_eq!(Url::Uri(relative).into_owned().as_str(), "../a/b");
    // A reference of RFC 3986 is read again by RFC 3986, not RFC 2396 (which
    // has no IP literal, and would not take `ftp://[::1]/a`).
    for text in ["ftp://[::1]/a", "//[::1]/", "g", "x:a"] {
        let reference = UriRef::parse_with(text, Spec::Rfc3986).unwrap();
        let owned = Url::Uri(reference).into_owned();
        assert_eq!(owned, Url::Uri(reference), "{text}");
        assert_eq!(owned.spec(), Spec::Rfc3986, "{text}");
    }
}

/// A `Url::Uri` made by hand around a relative reference has no canonical
/// form as a URL: `normalize` gives it back as it is, and an absolute one is
/// normalized as any URL of its specification.
#[test]
fn a_url_made_around_a_relative_reference_normalizes_to_itself() {
    for (text, spec) in [
        ("g", Spec::Rfc2396),
        ("//h/x", Spec::Rfc2396),
        ("../A%41", Spec::Rfc3986),
    ] {
        let reference = UriRef::parse_with(text, spec).unwrap();
        let url = Url::Uri(reference);
        assert_eq!(url.normalize().as_str(), text);
        assert!(url.equivalent(&url));
    }
    let absolute = Url::Uri(UriRef::parse("HTTP://H/%41").unwrap());
    assert_eq!(absolute.normalize().as_str(), "http://h/A");
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Link {
    url: OwnedUrl,
    #[serde(with = "rfc1738::with_spec::draft07")]
    home: OwnedUrl,
    spec: Spec,
    codes: Vec<WarningCode>,
}

#[test]
fn serde_json_round_trips() {
    let link = Link {
        url: "gopher://h/1sel%09find".parse().unwrap(),
        home: OwnedUrl::parse_with("http://h/~me", Spec::Draft07).unwrap(),
        spec: Spec::Rfc2396,
        codes: vec![WarningCode::SchemeCase, WarningCode::PortRange],
    };
    let text = serde_json::to_string(&link).unwrap();
    assert_eq!(
        serde_json::from_str::<Value>(&text).unwrap(),
        json!({"url": "gopher://h/1sel%09find", "home": "http://h/~me", "spec": "rfc2396",
               "codes": ["scheme-case", "port-range"]})
    );
    let back: Link = serde_json::from_str(&text).unwrap();
    assert_eq!(back, link);
    assert_eq!(back.home.spec(), Spec::Draft07);
    // Through a reader, where nothing can be borrowed, and with escapes.
    let back: Link = serde_json::from_reader(text.replace('~', "\\u007e").as_bytes()).unwrap();
    assert_eq!(back, link);
    // A borrowed Url from a string without escapes.
    let url: Url<'_> = serde_json::from_str("\"news:*\"").unwrap();
    assert_eq!(url, "news:*");

    // The error says which URL and why, in one line.
    let error = serde_json::from_str::<Link>(
        r#"{"url": "http://user@h/", "home": "http://h/", "spec": "rfc1738", "codes": []}"#,
    )
    .unwrap_err()
    .to_string();
    assert!(
        error.starts_with("invalid http URL (RFC 1738) at byte 11: "),
        "{error}"
    );
    let error = serde_json::from_str::<Link>(
        r#"{"url": "news:*", "home": "http://h/", "spec": "rfc9999", "codes": []}"#,
    )
    .unwrap_err()
    .to_string();
    assert!(error.contains("rfc9999"), "{error}");
}

#[test]
fn a_parse_error_is_one_line_and_its_report_several() {
    for (input, spec) in [
        ("ftp://host:/x", Spec::Rfc1738),
        ("http://h/a\nb", Spec::Rfc1738),
        ("ftp://h/a\tb", Spec::Draft07),
        ("", Spec::Rfc1738),
        ("ldap://h/??sub?(", Spec::Rfc2396),
    ] {
        let error = Url::parse_with(input, spec).unwrap_err();
        let line = error.to_string();
        assert!(!line.contains('\n'), "{line:?}");
        assert!(
            line.contains(&format!(" at byte {}: ", error.offset())),
            "{line}"
        );
        assert!(line.ends_with(&error.message()), "{line}");
        let report = format!("{error:#}");
        assert!(report.starts_with(&line), "{report}");
        assert!(report.lines().count() >= 3, "{report}");
    }
    let error = Url::parse("ftp://host:/x").unwrap_err();
    assert_eq!(
        error.to_string(),
        "invalid ftp URL (RFC 1738) at byte 11: expected a port number (`port = digits`), \
         a password (`password = *[ uchar | \";\" | \"?\" | \"&\" | \"=\" ]`) or \"@\", found '/'"
    );
}

/// The record `check --format json` writes for `input`.
fn cli_record(input: &str, spec: Spec) -> Value {
    let out = Command::cargo_bin("rfc1738")
        .unwrap()
        .args([
            "check",
            "--format",
            "json",
            "--spec",
            spec.name(),
            "--",
            input,
        ])
        .output()
        .unwrap();
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn the_library_serializes_errors_and_warnings_as_the_command_line_writes_them() {
    for (input, spec) in [
        ("ftp://host:/x", Spec::Rfc1738),
        ("http://host/~user", Spec::Rfc1738),
        ("http:0", Spec::Draft07),
        ("news:", Spec::Rfc1738),
        ("a b", Spec::Rfc2396),
        ("gopher://h/1a%0", Spec::Rfc1738),
    ] {
        let error: ParseError = Url::parse_with(input, spec).unwrap_err();
        assert_eq!(
            serde_json::to_value(&error).unwrap(),
            cli_record(input, spec)["error"],
            "{input}"
        );
    }
    let record = cli_record("FTP://u:pw@h:21/%41", Spec::Rfc1738);
    let warnings: Vec<Warning> = Url::parse("FTP://u:pw@h:21/%41").unwrap().warnings();
    assert!(warnings.len() >= 3);
    // The command line writes warnings with the library's `Serialize`, so
    // this pins the shape that both give, key by key.
    assert_eq!(serde_json::to_value(&warnings).unwrap(), record["warnings"]);
    for (warning, json) in warnings.iter().zip(record["warnings"].as_array().unwrap()) {
        assert_eq!(
            *json,
            json!({"code": warning.code().name(), "message": warning.message(),
                   "offset": warning.span().start})
        );
    }
    assert_eq!(record["warnings"][0]["code"], "scheme-case");
    let items: Vec<Expected> = Url::parse("ftp://h:/").unwrap_err().expected().to_vec();
    assert_eq!(
        serde_json::to_value(&items).unwrap(),
        json!([{"kind": "rule", "text": "port"}, {"kind": "rule", "text": "password"},
               {"kind": "literal", "text": "@"}])
    );
}

#[test]
fn owned_urls_and_errors_are_send_and_sync() {
    fn shared<T: Send + Sync + 'static>() {}
    shared::<OwnedUrl>();
    shared::<ParseError>();
    shared::<Url<'static>>();
}
