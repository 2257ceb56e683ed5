//! The fast path against the pest grammar: the same verdict and the same typed
//! view, under both specifications, on the documents' examples, the rule
//! tables, generated URLs, mutations of them, and every short string over an
//! alphabet of URL delimiters after each scheme. The `fast_path` fuzz target
//! runs the same check (`tests/checks/`) on the fuzzer's inputs.
#![cfg(feature = "arbitrary")]

use crate::checks;
use crate::common;

use arbitrary::{Arbitrary, Unstructured};
use rfc1738::GeneratedUrl;

/// Pieces that make the rules part ways: delimiters, escapes, host shapes.
const PIECES: &[&str] = &[
    "a",
    "Z",
    "0",
    "9",
    "-",
    ".",
    "+",
    "_",
    "%09",
    "%",
    "%2",
    "%2F",
    "%7e",
    "/",
    "//",
    ":",
    ";",
    "?",
    "@",
    "&",
    "=",
    "*",
    "~",
    "`",
    "{",
    " ",
    "#",
    "é",
    ";type=",
    "localhost",
    "1.2.3.4",
    "x-",
];

const PREFIXES: &[&str] = &[
    "ftp://",
    "http://",
    "gopher://",
    "mailto:",
    "news:",
    "nntp://",
    "telnet://",
    "wais://",
    "file://",
    "prospero://",
    "x-foo:",
    "x-foo://",
    "FTP://",
    "News:",
    "ftp:",
    "",
];

/// `input` with one to four edits (`common::mutate`).
fn mutate(rng: &mut fastrand::Rng, input: &str) -> String {
    common::mutate(rng, input, PIECES, 1..5)
}

fn generated(rng: &mut fastrand::Rng) -> Option<String> {
    let bytes: Vec<u8> = (0..rng.usize(8..200)).map(|_| rng.u8(..)).collect();
    GeneratedUrl::arbitrary(&mut Unstructured::new(&bytes))
        .ok()
        .map(|url| url.as_str().to_owned())
}

#[test]
fn the_fast_path_is_the_grammar_on_the_documents_and_the_tables() {
    for input in common::documents_and_tables() {
        checks::fast_path(&input);
        // The grammar's verdict without an error is the grammar's result.
        for spec in rfc1738::Spec::ALL {
            assert_eq!(
                rfc1738::__pest_verdict(&input, spec),
                rfc1738::__grammar_parse(&input, spec).ok(),
                "{input:?}"
            );
        }
        for prefix in PREFIXES {
            checks::fast_path(&format!("{prefix}{input}"));
        }
    }
}

#[test]
fn the_fast_path_is_the_grammar_on_generated_and_mutated_urls() {
    let count: usize = std::env::var("RFC1738_FAST_PATH_INPUTS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(20_000);
    let mut rng = fastrand::Rng::with_seed(1738);
    for _ in 0..count {
        let Some(url) = generated(&mut rng) else {
            continue;
        };
        checks::fast_path(&url);
        for _ in 0..3 {
            checks::fast_path(&mutate(&mut rng, &url));
        }
    }
}

#[test]
fn the_fast_path_is_the_grammar_on_every_short_string() {
    // Every string of up to three pieces after each prefix.
    for prefix in PREFIXES {
        for a in PIECES {
            checks::fast_path(&format!("{prefix}{a}"));
            for b in PIECES {
                checks::fast_path(&format!("{prefix}{a}{b}"));
            }
        }
    }
    let mut rng = fastrand::Rng::with_seed(7);
    for _ in 0..20_000 {
        let prefix = PREFIXES[rng.usize(..PREFIXES.len())];
        let mut input = prefix.to_owned();
        for _ in 0..rng.usize(0..12) {
            input.push_str(PIECES[rng.usize(..PIECES.len())]);
        }
        checks::fast_path(&input);
    }
}

/// Inputs on which a fast path could easily read differently from the grammar.
#[test]
fn the_places_where_the_grammar_reads_by_peg_rules() {
    for input in [
        // login: a user only when "@" follows; a password only with the user.
        "ftp://a:b@h/",
        "ftp://a:b/",
        "ftp://@h",
        "ftp://:@h",
        "ftp://a:@h",
        "ftp://h:21",
        "ftp://h:/",
        // RFC 1738's ordered choice: hostname, then hostnumber.
        "http://1.2.3.4/",
        "http://1.2.3.4a/",
        "http://1.2.3.a/",
        "http://a.1/",
        "http://a-.b/",
        "http://a--b.c-d/",
        "http://1a.b/",
        "http://a./",
        "http://1.2.3.4.5/",
        "http://0/",
        // gopher's split at %09, and its fallback to the whole selector.
        "gopher://h/",
        "gopher://h",
        "gopher://h/1",
        "gopher://h/%09",
        "gopher://h/1a%09b%09c",
        "gopher://h/1a%09b/c",
        "gopher://h/1a%09b?c",
        "gopher://h/1a%09b%09c/d",
        "gopher://h/1%09%09%09",
        "gopher://h/ ",
        "gopher://h/1 ",
        // news: article, group, "*".
        "news:*",
        "news:*@h",
        "news:a@h",
        "news:a.b",
        "news:a@",
        "news:1@h.c",
        "news:a@1.2.3.4",
        "news:+",
        "news:a_b",
        "news:a+b",
        // wais's three forms.
        "wais://h/d",
        "wais://h/d?s",
        "wais://h/d/t/p",
        "wais://h/d/t",
        "wais://h/d/t/p/q",
        "wais://h/",
        // prospero's fields.
        "prospero://h/p;a=b",
        "prospero://h/p;a=b=c",
        "prospero://h/p;a",
        "prospero://h/p;=",
        "prospero://h/;a=b;c=d",
        // file under both specifications.
        "file:///p",
        "file://localhost/p",
        "file://LocalHost/p",
        // draft-07's escaped localhost: this machine, read either way.
        "file://local%68ost/p",
        "file://LOCAL%48OST",
        "file://local%68ost%2F/p",
        "file://h",
        "file://h/",
        "file://",
        "file:////",
        "file://1.2.3.4/p",
        // the generic form.
        "x:",
        "x://",
        "x://h",
        "x://u@h:1/p",
        "x://h:/p",
        "x://h/%",
        "x:a b",
        ":x",
        "x-y.z+1:/a",
        "X:Y",
        // ftp's type.
        "ftp://h/a;type=a",
        "ftp://h/a;type=x",
        "ftp://h/;type=D",
        "ftp://h;type=a",
        "ftp://h/a;type=ii",
        // nntp and telnet.
        "nntp://h/g",
        "nntp://h/g/1",
        "nntp://h/g/",
        "nntp://h/1",
        "telnet://h",
        "telnet://h/",
        "telnet://u:p@h//",
        // escapes.
        "http://h/%zz",
        "http://h/%4",
        "http://h/%41",
        "mailto:%",
        "mailto:",
    ] {
        checks::fast_path(input);
    }
}

#[test]
fn the_fast_path_is_the_grammar_around_host_numbers_and_ports() {
    // Host numbers next to what makes them host names instead (a host number
    // is read first when it cannot be one), and the ports and host number
    // parts where a lint starts or stops firing (the fast path notes them by
    // value).
    let hosts = [
        "h",
        "1.2.3.4",
        "1.2.3.4a.com",
        "1.2.3.4-5.com",
        "1.2.3.4.com",
        "1.2.3.4a",
        "1.2.3.4.",
        "1.2.3.4-",
        "1.2.3.4.5",
        "1.2.3",
        "3com.com",
        "1.2.3.4%41",
        "255.255.255.255",
        "256.1.1.1",
        "1.2.3.0256",
        "1.2.3.000255",
        "u@h",
        "u:@h",
        "u:p@1.2.3.999",
    ];
    let ports = [
        "",
        ":",
        ":0",
        ":00",
        ":21",
        ":021",
        ":23",
        ":70",
        ":80",
        ":0080",
        ":81",
        ":119",
        ":210",
        ":1525",
        ":65535",
        ":065535",
        ":65536",
        ":99999",
        ":4294967376",
        ":18446744073709551696",
    ];
    for prefix in PREFIXES {
        for host in hosts {
            for port in ports {
                checks::fast_path(&format!("{prefix}{host}{port}/"));
                checks::fast_path(&format!("{prefix}{host}{port}"));
            }
        }
    }
}

/// Host names around the length of a DNS label, where `host-name-length`
/// starts to fire and the fast path starts to note them: in every place a
/// host stands (a login, a hostport, a news article's, a file URL's), as a
/// name, with escapes (draft-07's), with a final '.', and as long host
/// numbers, which the lint leaves alone.
#[test]
fn the_fast_path_is_the_grammar_on_host_names_around_a_label_s_length() {
    let label = |n: usize| "a".repeat(n);
    let mut hosts = Vec::new();
    for n in 61..=66 {
        hosts.push(label(n));
        hosts.push(format!("{}.com", label(n - 4)));
        hosts.push(format!("x.{}", label(n - 2)));
        hosts.push(format!("{}.", label(n - 1)));
        hosts.push(format!("%41{}", label(n - 3)));
        hosts.push(format!("{}%2E{}", label(n / 2), label(n - n / 2 - 3)));
        hosts.push(format!("1.2.3.{}", "4".repeat(n - 6)));
    }
    let places = [
        "ftp://{}/",
        "ftp://u:p@{}:21/f",
        "http://{}/",
        "http://{}:80/p?q",
        "gopher://{}/1x",
        "nntp://{}/alt.test/1",
        "telnet://u@{}/",
        "wais://{}/db",
        "prospero://{}/p",
        "x-foo://u@{}/p",
        "news:id@{}",
        "file://{}/f",
    ];
    for place in places {
        for host in &hosts {
            checks::fast_path(&place.replace("{}", host));
        }
    }
}

#[test]
fn the_fast_path_is_the_grammar_on_every_escape_in_every_part() {
    // One escape at a time, of every byte, in each part that takes escapes:
    // the fast path notes the escapes that a lint may fire on (of a control,
    // or of a character that needs no escape).
    let templates = [
        "ftp://u{}@h/",
        "ftp://u:p{}@h/",
        "ftp://h/a{}/b",
        "ftp://h/a{};type=a",
        "http://h/a{}",
        "http://h/a?b{}",
        "http://a{}/",
        "gopher://h/{}",
        "gopher://h/1a{}",
        "gopher://h/1a%09b{}",
        "gopher://h/1a%09b%09c{}",
        // A search that stops at "/": all of it is the selector, "%09"
        // (an escaped TAB, which `encoded-control` reports) included.
        "gopher://h/1a%09b/c{}",
        "mailto:a{}@b",
        "news:a{}@h",
        "telnet://u{}@h/",
        "telnet://u:p{}@h/",
        "wais://h/d{}",
        "wais://h/d?s{}",
        "wais://h/d/t{}/p",
        "wais://h/d/t/p{}",
        "file://h/p{}",
        "prospero://h/p{}",
        "prospero://h/p;f{}=v",
        "prospero://h/p;f=v{}",
        "x-foo:a{}",
        "x-foo://u{}@h/p",
        "x-foo://h/p{}",
    ];
    for template in templates {
        for byte in 0..=255u8 {
            for escape in [format!("%{byte:02X}"), format!("%{byte:02x}")] {
                checks::fast_path(&template.replace("{}", &escape));
            }
        }
    }
}
