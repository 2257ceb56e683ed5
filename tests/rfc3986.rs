//! RFC 3986 and the documents written over it: the resolution examples of
//! §5.4, pinned; the readings where the documents leave a choice, pinned; and
//! the generic syntax held to fluent-uri (a strict RFC 3986 parser) and to
//! pest's reading of the same grammar, on generated and mutated references:
//! same verdict, same components; the later documents' scheme forms held to
//! an independent recognizer of them, on generated and mutated URLs.

#![cfg(feature = "arbitrary")]

use crate::checks;
use crate::checks_rfc3986;
use crate::common;
use crate::oracle_later;
use crate::oracle_rfc3986;

use std::fmt::Write;

use crate::common::references::{corpus, inputs};

use rfc1738::{Authority, Host, Spec, UriRef, Url};

const BASE: &str = "http://a/b/c/d;p?q";

#[test]
fn section_5_4_resolves_as_the_rfc_says() {
    let base = UriRef::parse_with(BASE, Spec::Rfc3986).unwrap();
    let mut lines = 0;
    for line in include_str!("data/rfc3986_resolution.tsv").lines() {
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        let [kind, reference, expected] = line.split('\t').collect::<Vec<_>>()[..] else {
            panic!("three columns: {line:?}")
        };
        let parsed = UriRef::parse_with(reference, Spec::Rfc3986)
            .unwrap_or_else(|error| panic!("{kind} example {reference:?}: {error}"));
        assert_eq!(
            parsed.resolve(&base),
            Ok(expected.to_owned()),
            "{kind} example {reference:?}"
        );
        lines += 1;
    }
    assert_eq!(lines, 42, "§5.4.1 has 23 examples and §5.4.2 19");
    // RFC 2396 reads the same base and reference by its own §5.2.
    let rfc2396 = UriRef::parse("g;x=1/../y").unwrap();
    assert_eq!(
        rfc2396.resolve(&UriRef::parse(BASE).unwrap()).unwrap(),
        "http://a/b/c/y"
    );
    assert_eq!(UriRef::parse("http:g").unwrap().spec(), Spec::Rfc2396);
}

/// Readings where the documents leave a choice (`docs/grammar.md`), one
/// input each: `(input, valid under --spec rfc3986, why)`.
const READINGS: &[(&str, bool, &str)] = &[
    // ftp-uri §2 takes "the standard syntax" of RFC 3986, hosts included;
    // rfc1738bis §2.1 takes a domain name or a dotted quad.
    (
        "ftp://[2001:db8::1]/pub/f;type=i",
        true,
        "ftp-uri: RFC 3986 host",
    ),
    (
        "gopher://[2001:db8::1]/1sel",
        true,
        "RFC 4266: RFC 3986 host",
    ),
    ("ftp://a_b/", true, "ftp-uri: a reg-name is a host"),
    ("telnet://[::1]/", false, "rfc1738bis §2.1: no IP literal"),
    (
        "nntp://a_b/g",
        false,
        "rfc1738bis §2.1: labels of letters, digits, '-'",
    ),
    (
        "nntp://1.2.3.256/g",
        false,
        "rfc1738bis §2.1: an address has four octets",
    ),
    (
        "telnet://h-/",
        false,
        "rfc1738bis §2.1: no label ends with '-'",
    ),
    ("telnet://1.2.3.4/", true, "rfc1738bis §2.1: a dotted quad"),
    (
        "http://1.2.3.256/",
        true,
        "RFC 3986: not an IPv4address, so a reg-name",
    ),
    // rfc1738bis §2.1: "Within the user and password field, any ":", "@",
    // or "/" must be encoded"; ftp-uri takes RFC 3986's userinfo, which
    // holds a second ':', as the generic syntax does.
    (
        "ftp://u:p:q@h/",
        true,
        "ftp-uri §2: RFC 3986's userinfo, split at the first ':'",
    ),
    (
        "telnet://u:p:q@h/",
        false,
        "rfc1738bis §2.1: ':' in a password is encoded",
    ),
    ("http://u:p:q@h/", true, "generic userinfo"),
    (
        "ftp:///a",
        false,
        "no default host for ftp: the host is not empty",
    ),
    ("gopher://", false, "no default host for gopher"),
    (
        "file:///a;b",
        true,
        "rfc1738bis §2.8 reserves nothing in a path",
    ),
    (
        "prospero://u@h/x",
        false,
        "rfc1738bis §2.9: no user name or password",
    ),
    (
        "wais://u@h/db",
        false,
        "rfc1738bis §2.7: <host>:<port> only",
    ),
    (
        "prospero://h/a;b=c=d",
        false,
        "rfc1738bis §2.9: '=' separates a field from its value",
    ),
    (
        "prospero://h/a;b=c%3Dd;e=",
        true,
        "rfc1738bis §2.9: an '=' in a value is encoded",
    ),
    // The url-path of ftp has no query; a gopher path has no reserved
    // character, so a '?' is data there.
    ("ftp://h/a?b", false, "ftp-uri §2.2: no query"),
    (
        "gopher://h/1sel%09%09?",
        true,
        "RFC 4266 §2.4: '?' is a gopher+ string",
    ),
    (
        "gopher://h/1a?b",
        true,
        "RFC 4266 §2.1: no characters are reserved",
    ),
    ("gopher://h/1a%09b%0Dc", true, "a search may hold a CR"),
    (
        "gopher://h/1a%0Db",
        false,
        "RFC 4266 §2.1: no CR in a selector",
    ),
    (
        "gopher://h/%091",
        true,
        "RFC 4266 §2.1: the type is any one character, the selector no tab",
    ),
    (
        "gopher://h/%0A%0D",
        false,
        "RFC 4266 §2.1: the type is one character, the selector no CR",
    ),
    // file: §2.8's form only, with "localhost" or an empty host.
    ("file:///etc/passwd", true, "rfc1738bis §2.8: empty host"),
    (
        "file://localhost/etc/passwd",
        true,
        "rfc1738bis §2.8: localhost",
    ),
    (
        "file:/etc/passwd",
        false,
        "rfc1738bis §2.8: file://<host>/<path>",
    ),
    (
        "file://h",
        false,
        "rfc1738bis §2.8: the path's '/' is not optional",
    ),
    // news: a group, a message-id with §2.1's host, or "*".
    ("news:*", true, "rfc1738bis §2.4"),
    (
        "news:a/b@h.example",
        true,
        "rfc1738bis §2.4: no reserved characters",
    ),
    ("news:a@[::1]", false, "rfc1738bis §2.4: <full_domain_name>"),
    (
        "news:/a@h.example",
        true,
        "rfc1738bis §2.4: no reserved characters, a '/' first too",
    ),
    (
        "news://a@h.example",
        false,
        "RFC 3986 §3: \"//\" starts an authority",
    ),
    (
        "news:1abc",
        false,
        "rfc1738bis §2.4: a group name starts with a letter",
    ),
    // Fragments belong to every URI; the scheme's form ends before it.
    ("ftp://h/f#l10", true, "RFC 3986 §3.5"),
    ("telnet://h/#x", true, "RFC 3986 §3.5"),
    (
        "ftp://h/f#a#b",
        false,
        "RFC 3986 §3.5: no '#' in a fragment",
    ),
    // rfc1738bis §2.1: "If the port is omitted, the colon is as well";
    // ftp-uri and RFC 4266 take RFC 3986's port, which may be empty.
    (
        "telnet://h:/",
        false,
        "rfc1738bis §2.1: a ':' comes with a port",
    ),
    (
        "nntp://h:/g",
        false,
        "rfc1738bis §2.1: a ':' comes with a port",
    ),
    (
        "wais://h:/db",
        false,
        "rfc1738bis §2.1: a ':' comes with a port",
    ),
    (
        "prospero://h:/x",
        false,
        "rfc1738bis §2.1: a ':' comes with a port",
    ),
    ("nntp://h:119/g", true, "rfc1738bis §2.1: a port in decimal"),
    (
        "ftp://h:/",
        true,
        "ftp-uri: RFC 3986's port, which may be empty",
    ),
    (
        "gopher://h:/",
        true,
        "RFC 4266: RFC 3986's port, which may be empty",
    ),
    // http and mailto are read by the generic syntax.
    ("http://h:port/", false, "RFC 3986 §3.2.3: port = *DIGIT"),
    ("http://h:/", true, "RFC 3986 §3.2.3: an empty port"),
    ("mailto:a@b?subject=x", true, "generic syntax"),
    (
        "http://[::1%eth0]/",
        false,
        "RFC 3986 has no zone identifier",
    ),
    ("http://[v7.a:b]/", true, "IPvFuture"),
    (
        "HTTP://H/",
        true,
        "RFC 3986 §3.1: schemes are case-insensitive",
    ),
    // Where the documents are silent, RFC 1738's BNF of the same template.
    (
        "ftp://h/a;TYPE=a",
        false,
        "ftp-uri §2.2: `;type=` as the template writes it",
    ),
    (
        "ftp://h/a;type=A",
        true,
        "the typecode in either case, as RFC 1738's ftptype",
    ),
    (
        "gopher://h?x",
        false,
        "RFC 4266 §2.1: a gopher-path that is not empty needs its /",
    ),
    ("gopher://u@h/", false, "RFC 4266's template names no user"),
    (
        "wais://h",
        false,
        "rfc1738bis §2.7: every form names a database",
    ),
    (
        "wais://h/db?",
        true,
        "rfc1738bis §2.7: the search may be empty",
    ),
    ("nntp://h/g?x", false, "rfc1738bis §2.5: no query"),
    (
        "telnet://@h/",
        true,
        "rfc1738bis §2.6: an empty user, as RFC 1738's user",
    ),
    (
        "telnet://:pw@h/",
        true,
        "rfc1738bis §2.6: an empty user with a password",
    ),
    (
        "file://1.2.3.4/x",
        true,
        "rfc1738bis §2.8: §2.1's host, an address included",
    ),
];

#[test]
fn the_documents_readings_are_pinned() {
    let mut wrong = String::new();
    for &(input, valid, why) in READINGS {
        if Url::is_valid(input, Spec::Rfc3986) != valid {
            writeln!(wrong, "{input:?} should be {valid} ({why})").unwrap();
        }
        assert_eq!(
            Url::parse_with(input, Spec::Rfc3986).is_ok(),
            valid,
            "{input:?}"
        );
    }
    assert!(wrong.is_empty(), "{wrong}");
}

/// A ':' that no port follows, where rfc1738bis §2.1 refuses it: the error
/// names the port, the help says what to do, the fix removes the ':'.
#[test]
fn a_colon_without_its_port_is_named_and_fixed() {
    for (input, at, fix) in [
        ("nntp://h:/g", 9, "nntp://h/g"),
        ("wais://h:/db", 9, "wais://h/db"),
        ("prospero://h:/x", 13, "prospero://h/x"),
        ("telnet://u@h:", 13, "telnet://u@h"),
        ("telnet://h:/", 11, "telnet://h/"),
    ] {
        let error = Url::parse_with(input, Spec::Rfc3986).unwrap_err();
        assert_eq!(error.offset(), at, "{input}");
        assert!(
            error.message().contains("a port number (`port: "),
            "{input}: {}",
            error.message()
        );
        assert!(
            error
                .help()
                .is_some_and(|help| help.starts_with("remove the ':' or write a port number")),
            "{input}: {:?}",
            error.help()
        );
        assert_eq!(error.fix().map(|fix| fix.text()), Some(fix), "{input}");
    }
}

/// Where ftp's or gopher's host is missing, the error names the host; where
/// the host is complete, it stands at the first byte that no form takes
/// there (ftp and gopher take no query after the host), with what could go
/// on, a `reg-name` among it; an escape cut short after an IPv4 address is a
/// `reg-name`'s, reported where its hex digits are missing.
#[test]
fn errors_at_the_host_of_ftp_and_gopher_name_what_goes_there() {
    let names = |error: &rfc1738::ParseError| -> Vec<String> {
        error.expected().iter().map(ToString::to_string).collect()
    };
    for (input, at, expected) in [
        ("ftp:///pub", 6, &["userinfo", "host", "\"@\""][..]),
        ("ftp://u@/x", 8, &["host"]),
        ("gopher://:70/", 9, &["host"]),
        (
            "ftp://1.2.3.4?x",
            13,
            &[
                "userinfo",
                "IPv4address",
                "reg-name",
                "\"#\"",
                "\"/\"",
                "\"@\"",
                "EOI",
            ],
        ),
        (
            "gopher://1.2.3.4?",
            16,
            &["IPv4address", "reg-name", "\"#\"", "\"/\"", "\":\"", "EOI"],
        ),
        ("gopher://1.2.3.4%5/", 18, &["pct-encoded"]),
        // An IPv4 address may go on as a reg-name (`gopher://1.2.3.4x/`).
        (
            "gopher://1.2.3.4\"/",
            16,
            &["IPv4address", "reg-name", "\"#\"", "\"/\"", "\":\"", "EOI"],
        ),
    ] {
        let error = Url::parse_with(input, Spec::Rfc3986).unwrap_err();
        assert_eq!(
            (error.offset(), names(&error)),
            (at, expected.iter().map(|e| e.to_string()).collect()),
            "{input}"
        );
    }
    // A generic URI's host goes on as before: a query may follow it.
    for input in ["http://1.2.3.4?x", "x://1.2.3.4x/", "x://1.2.3.4%41/"] {
        assert!(Url::is_valid(input, Spec::Rfc3986), "{input}");
    }
}

#[test]
fn the_typed_views_mean_what_the_documents_say() {
    let url = Url::parse_with("ftp://u@[2001:db8::1]:2121/a/b;type=d#x", Spec::Rfc3986).unwrap();
    let ftp = url.as_ftp().unwrap();
    assert_eq!(ftp.login().host(), Host::Ipv6("[2001:db8::1]"));
    assert_eq!(ftp.login().host().ipv6(), "2001:db8::1".parse().ok());
    assert_eq!(url.fragment(), Some("x"));
    assert_eq!(url.to_string(), "ftp://u@[2001:db8::1]:2121/a/b;type=d#x");
    let commands: Vec<String> = ftp
        .commands("e@mail", rfc1738::CwdStyle::Rfc1738)
        .unwrap()
        .iter()
        .map(ToString::to_string)
        .collect();
    // ftp-uri §2.1: a user without a password is asked for one, not sent ours.
    assert_eq!(commands, ["USER u", "CWD a", "NLST b"]);

    let url = Url::parse_with("gopher://[::1]/7find%09me#f", Spec::Rfc3986).unwrap();
    assert_eq!(url.as_gopher().unwrap().request().unwrap(), b"find\tme\r\n");
    assert_eq!(url.fragment(), Some("f"));

    let url = Url::parse_with("telnet://h/#x", Spec::Rfc3986).unwrap();
    assert!(url.as_telnet().unwrap().has_trailing_slash());
    let url = Url::parse_with("prospero://h/a;f=v#z", Spec::Rfc3986).unwrap();
    let fields: Vec<_> = url.as_prospero().unwrap().fields().collect();
    assert_eq!(fields, [("f", "v")]);

    // http and mailto: the generic components.
    let url = Url::parse_with("http://[v7.a:b]:8/p?q#f", Spec::Rfc3986).unwrap();
    let uri = url.as_uri().unwrap();
    assert_eq!(uri.spec(), Spec::Rfc3986);
    let Some(Authority::Server(login)) = uri.authority_parts() else {
        panic!("{uri:?}")
    };
    assert_eq!(
        (login.host(), login.port()),
        (Host::IpvFuture("[v7.a:b]"), Some("8"))
    );
    assert_eq!(
        (uri.path(), uri.query(), uri.fragment()),
        ("/p", Some("q"), Some("f"))
    );
}

#[test]
fn the_generic_syntax_is_fluent_uri_s() {
    let count = inputs("RFC1738_RFC3986_INPUTS", 20_000);
    let mut verdicts = [0usize; 2];
    for input in corpus(3986, count)
        .into_iter()
        .chain(common::documents_and_tables())
    {
        if let Err(problem) = checks_rfc3986::against_fluent_uri(&input) {
            panic!("{problem}");
        }
        verdicts[usize::from(UriRef::parse_with(&input, Spec::Rfc3986).is_ok())] += 1;
    }
    // The corpus says something only if both verdicts are common.
    assert!(
        verdicts[0] > count / 4 && verdicts[1] > count / 4,
        "{verdicts:?}"
    );
}

#[test]
fn the_generic_syntax_and_resolution_are_the_independent_oracle_s() {
    let oracle = oracle_rfc3986::Rfc3986Oracle::new();
    for input in corpus(2234, inputs("RFC1738_RFC3986_INPUTS", 20_000) / 2)
        .into_iter()
        .chain(common::documents_and_tables())
    {
        if let Err(problem) = checks_rfc3986::against_oracle(&oracle, &input) {
            panic!("{problem}");
        }
    }
}

#[test]
fn every_uri_a_later_document_takes_is_a_uri() {
    let mut taken = 0;
    for input in corpus(4266, inputs("RFC1738_RFC3986_INPUTS", 20_000) / 2) {
        if let Ok(url) = Url::parse_with(&input, Spec::Rfc3986) {
            let uri = UriRef::parse_with(&input, Spec::Rfc3986)
                .unwrap_or_else(|error| panic!("{input:?}: {error}"));
            assert!(!uri.is_relative(), "{input:?}");
            assert_eq!(url.fragment(), uri.fragment(), "{input:?}");
            taken += 1;
        }
    }
    assert!(taken > 1_000, "{taken}");
}

/// What makes the later documents' scheme forms part ways: their
/// delimiters, escapes of the characters they bar, hosts of every kind.
const LATER_PIECES: &[&str] = &[
    ";type=", ";type=I", ";type=d", ";", "=", "%3D", "%3B", "%09", "%0A", "%0D", "%2F", "%", "%4",
    "/", "//", "?", "+", "@", "*", ".", "..", ":", ":21", "1.2.3.4", "256", "07", "[::1]", "-",
    "é",
];

/// URLs of every scheme and of the generic form, generated from each
/// specification's grammar, each with three mutations and a near miss
/// under RFC 3986.
fn later_documents_inputs(per_scheme: usize) -> Vec<String> {
    crate::common::generated_urls_and_mutants(4266, per_scheme, LATER_PIECES, Spec::Rfc3986)
}

#[test]
fn the_later_documents_forms_are_the_independent_oracle_s() {
    let oracle = oracle_later::LaterOracle::new();
    let inputs = later_documents_inputs(inputs("RFC1738_LATER_INPUTS", 300));
    let mut taken = 0;
    for input in inputs.iter().cloned().chain(common::documents_and_tables()) {
        if let Err(problem) = checks_rfc3986::against_later_oracle(&oracle, &input) {
            panic!("{problem}");
        }
        taken += usize::from(oracle.accepts(&input));
    }
    // Both verdicts are met often enough for the comparison to mean something.
    assert!(taken > inputs.len() / 5, "{taken} of {}", inputs.len());
    assert!(taken < inputs.len() * 4 / 5, "{taken} of {}", inputs.len());
}

#[test]
fn normalization_follows_section_6() {
    let normal = |input: &str| {
        Url::parse_with(input, Spec::Rfc3986)
            .unwrap_or_else(|error| panic!("{input:?}: {error}"))
            .normalize()
            .to_string()
    };
    // §6.2.2.1 case, §6.2.2.2 percent-encoding, §6.2.2.3 dot segments,
    // §6.2.3 the default port and the empty path.
    assert_eq!(
        normal("HTTP://www.Example.COM:80/a/./b/../c?%7e#%7E"),
        "http://www.example.com/a/c?~#~"
    );
    assert_eq!(normal("http://h"), "http://h/");
    assert_eq!(normal("http://h:/"), "http://h/");
    assert_eq!(normal("http://h:080"), "http://h/");
    assert_eq!(normal("http://h:08080/"), "http://h:8080/");
    assert_eq!(
        normal("http://[2001:DB8::A]:8080/"),
        "http://[2001:db8::a]:8080/"
    );
    // §5.2.4 would make a rootless path absolute: no hierarchy, no dots.
    assert_eq!(normal("urn:a/../b"), "urn:a/../b");
    assert_eq!(normal("x:/a/../b"), "x:/b");
    assert_eq!(
        normal("x:/.//a"),
        "x:/.//a",
        "no dot removal makes a path an authority"
    );
    // The later documents' paths are their schemes' data.
    assert_eq!(normal("FTP://H/a/../b#F%41"), "ftp://h/a/../b#FA");
    assert_eq!(normal("gopher://H:70/1./x#y"), "gopher://h/1./x#y");
    assert!(
        Url::parse_with("HTTP://H/%41", Spec::Rfc3986)
            .unwrap()
            .equivalent(&Url::parse_with("http://h/A", Spec::Rfc3986).unwrap())
    );
}

#[test]
fn normalization_is_idempotent_and_keeps_the_meaning() {
    let mut normalized = 0;
    for input in corpus(6, inputs("RFC1738_RFC3986_INPUTS", 20_000) / 4) {
        let Ok(url) = Url::parse_with(&input, Spec::Rfc3986) else {
            continue;
        };
        normalized += 1;
        let Url::Uri(uri) = url else {
            // A later document's view: the checks every spec's views pass.
            checks::normalized(&url);
            continue;
        };
        let normal = url.normalize();
        let again = normal.as_url().normalize();
        assert_eq!(normal, again, "{input:?}: idempotent");
        let normal_uri = *normal.as_url().as_uri().unwrap();
        // The path is §5.2.4's (by the independent oracle) where it is a
        // hierarchy, and not made one where it is not; the rest is as the
        // components were, decoded.
        let decoded = |text: &str| rfc1738::percent_decode(text).into_owned();
        let path = uri.path();
        let expected = if path.starts_with('/') {
            oracle_rfc3986::remove_dot_segments(path)
        } else {
            path.to_owned()
        };
        if !(uri.authority().is_none() && expected.starts_with("//")) {
            let expected = match (expected.as_str(), uri.scheme()) {
                ("", Some(scheme))
                    if uri.authority().is_some() && scheme.eq_ignore_ascii_case("http") =>
                {
                    "/"
                }
                (expected, _) => expected,
            };
            assert_eq!(decoded(normal_uri.path()), decoded(expected), "{input:?}");
        }
        assert_eq!(
            normal_uri.query().map(decoded),
            uri.query().map(decoded),
            "{input:?}"
        );
        assert_eq!(
            normal_uri.fragment().map(decoded),
            uri.fragment().map(decoded),
            "{input:?}"
        );
        assert_eq!(
            normal_uri.scheme().map(str::to_ascii_lowercase),
            uri.scheme().map(str::to_ascii_lowercase)
        );
    }
    assert!(normalized > 1_000, "{normalized}");
}

#[test]
fn builders_write_rfc3986_urls_that_read_back() {
    use rfc1738::{FtpUrl, GopherUrl, ProsperoUrl, TelnetUrl, WaisKind, WaisUrl};
    // The same builder writes by Section 5 and by RFC 3986, which escapes
    // every reserved character of the data (§2.2).
    let builder = FtpUrl::builder()
        .user("me")
        .host("h.example")
        .cwd("/etc")
        .name("a b~");
    assert_eq!(
        builder.build(Spec::Rfc1738).unwrap(),
        "ftp://me@h.example/%2Fetc/a%20b%7E"
    );
    assert_eq!(
        builder.build(Spec::Rfc3986).unwrap(),
        "ftp://me@h.example/%2Fetc/a%20b~"
    );
    // Decoded parts of every kind of byte; hosts of RFC 3986 and of §2.1.
    const HOSTS: &[&str] = &[
        "h.example",
        "192.0.2.7",
        "[2001:db8::1]",
        "[v1.a:b]",
        "a_b",
        "x y",
    ];
    let mut rng = fastrand::Rng::with_seed(4266);
    let part = |rng: &mut fastrand::Rng| -> Vec<u8> {
        (0..rng.usize(0..8))
            .map(|_| match rng.u8(..4) {
                0 => rng.u8(..),
                1 => b":/?#[]@!$&'()*+,;=%~ "[rng.usize(..21)],
                _ => rng.u8(b'a'..=b'z'),
            })
            .collect()
    };
    let decoded = |text: &str| rfc1738::percent_decode(text).into_owned();
    let (mut built, mut refused) = (0, 0);
    for _ in 0..3_000 {
        let host = HOSTS[rng.usize(..HOSTS.len())];
        let (user, password, name, directory) = (
            part(&mut rng),
            part(&mut rng),
            part(&mut rng),
            part(&mut rng),
        );
        // ftp, over RFC 3986's host.
        match FtpUrl::builder()
            .user(&user)
            .password(&password)
            .host(host)
            .cwd(&directory)
            .name(&name)
            .build(Spec::Rfc3986)
        {
            Ok(url) => {
                let ftp = *url.as_url().as_ftp().expect("an ftp URL");
                assert_eq!(decoded(ftp.login().user().unwrap()), user, "{url}");
                assert_eq!(decoded(ftp.login().password().unwrap()), password, "{url}");
                assert_eq!(ftp.login().host().as_str(), host, "{url}");
                let cwd: Vec<Vec<u8>> = ftp.cwd().map(decoded).collect();
                assert_eq!(cwd, std::slice::from_ref(&directory), "{url}");
                assert_eq!(decoded(ftp.name().unwrap()), name, "{url}");
                built += 1;
            }
            Err(error) => {
                assert_eq!(host, "x y", "{error}");
                refused += 1;
            }
        }
        // telnet, over §2.1's host.
        match TelnetUrl::builder()
            .user(&user)
            .host(host)
            .build(Spec::Rfc3986)
        {
            Ok(url) => {
                let telnet = *url.as_url().as_telnet().expect("a telnet URL");
                assert_eq!(decoded(telnet.login().user().unwrap()), user, "{url}");
                assert!(matches!(host, "h.example" | "192.0.2.7"), "{url}");
                built += 1;
            }
            Err(_) => {
                assert!(!matches!(host, "h.example" | "192.0.2.7"), "{host:?}");
                refused += 1;
            }
        }
        // gopher: the parts a request is made of, but TAB, CR and LF.
        let clean = |bytes: &[u8]| -> Vec<u8> {
            bytes
                .iter()
                .copied()
                .filter(|byte| !b"\t\r\n".contains(byte))
                .collect()
        };
        let (selector, search, plus) = (clean(&name), clean(&directory), clean(&user));
        if let Ok(url) = GopherUrl::builder()
            .host(host)
            .gtype("1")
            .selector(&selector)
            .search(&search)
            .gopher_plus(&plus)
            .build(Spec::Rfc3986)
        {
            let gopher = *url.as_url().as_gopher().expect("a gopher URL");
            assert_eq!(decoded(gopher.selector().unwrap()), selector, "{url}");
            assert_eq!(decoded(gopher.search().unwrap()), search, "{url}");
            assert_eq!(decoded(gopher.gopher_plus().unwrap()), plus, "{url}");
            built += 1;
        }
        // wais and prospero: the database, the search, the fields.
        if let Ok(url) = WaisUrl::builder()
            .host("h.example")
            .database(&name)
            .search(&directory)
            .build(Spec::Rfc3986)
        {
            let wais = *url.as_url().as_wais().expect("a wais URL");
            assert_eq!(decoded(wais.database()), name, "{url}");
            let WaisKind::Index { search } = wais.kind() else {
                panic!("{url}: a search")
            };
            assert_eq!(decoded(search), directory, "{url}");
            built += 1;
        }
        if let Ok(url) = ProsperoUrl::builder()
            .host("h.example")
            .segment(&name)
            .field(&user, &password)
            .build(Spec::Rfc3986)
        {
            let prospero = *url.as_url().as_prospero().expect("a prospero URL");
            let fields: Vec<(Vec<u8>, Vec<u8>)> = prospero
                .fields()
                .map(|(name, value)| (decoded(name), decoded(value)))
                .collect();
            assert_eq!(fields, [(user.clone(), password.clone())], "{url}");
            built += 1;
        }
    }
    assert!(
        built > 9_000 && refused > 1_000,
        "{built} built, {refused} refused"
    );
    // RFC 2396 is still refused, and says where to go.
    let error = FtpUrl::builder()
        .host("h")
        .build(Spec::Rfc2396)
        .unwrap_err();
    assert!(error.reason().contains("RFC 3986"), "{error}");
}
