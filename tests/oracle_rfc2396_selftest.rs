//! Tests of the RFC 2396 recognizer and resolver in `tests/oracle_rfc2396/` against the RFC's
//! own examples (Appendix B, Appendix C, Sections 1.3, 3.2.2, 5 and F) and against cases
//! derived by hand from Appendix A.

use crate::oracle_rfc2396;

use oracle_rfc2396::{Reference, Rfc2396Oracle, Server, recompose, resolve, split};

const BASE: &str = "http://a/b/c/d;p?q";

/// (kind, reference, expected) of `tests/data/rfc2396_resolution.tsv`.
fn appendix_c() -> Vec<(String, String, String)> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/rfc2396_resolution.tsv"
    ))
    .unwrap();
    assert!(text.starts_with('#') && text.lines().next().unwrap().contains(BASE));
    text.lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            assert_eq!(fields.len(), 3, "{line:?}");
            assert!(fields[0] == "normal" || fields[0] == "abnormal", "{line:?}");
            (
                fields[0].to_owned(),
                fields[1].to_owned(),
                fields[2].to_owned(),
            )
        })
        .collect()
}

#[test]
fn appendix_c_resolves() {
    let rows = appendix_c();
    assert_eq!(rows.iter().filter(|r| r.0 == "normal").count(), 22);
    assert_eq!(rows.iter().filter(|r| r.0 == "abnormal").count(), 20);
    for (kind, reference, expected) in &rows {
        assert_eq!(
            &resolve(BASE, reference),
            expected,
            "{kind} example {reference:?}"
        );
        assert_eq!(&Rfc2396Oracle::resolve(BASE, reference), expected);
    }
}

#[test]
fn appendix_c_references_against_the_grammar() {
    let oracle = Rfc2396Oracle::new();
    for (_, reference, expected) in appendix_c() {
        // The results are all absolute URIs (the ".." ones too: "/.." is a path segment).
        assert!(oracle.absolute_uri(expected.split('#').next().unwrap()));
        assert!(oracle.uri_reference(&expected).is_some(), "{expected:?}");
        // Every reference is a URI-reference except "?y": relativeURI needs a path, and
        // a rel_path starts with a rel_segment, which is 1*( ... ).
        assert_eq!(
            oracle.uri_reference(&reference).is_some(),
            reference != "?y",
            "{reference:?}"
        );
    }
}

#[test]
fn resolution_beyond_appendix_c() {
    // Appendix D.
    assert_eq!(
        resolve("http://www.ics.uci.edu/Test/a/b/c", "../x"),
        "http://www.ics.uci.edu/Test/a/x"
    );
    // Step 2: the base's fragment is not the current document's.
    assert_eq!(resolve("http://a/b?q#f", ""), "http://a/b?q");
    assert_eq!(resolve("http://a/b?q#f", "#g"), "http://a/b?q#g");
    // Step 3, strict: a scheme makes the reference absolute, even the base's own.
    assert_eq!(resolve(BASE, "http:"), "http:");
    assert_eq!(resolve(BASE, "HTTP:g"), "HTTP:g");
    assert_eq!(resolve(BASE, "ftp://x/./y"), "ftp://x/./y");
    // Step 4: a network-path keeps its path as it is.
    assert_eq!(resolve(BASE, "//g/./x/../y"), "http://g/./x/../y");
    assert_eq!(resolve(BASE, "//"), "http://");
    // Step 6 e), iterative and leftmost; g) ".." that cannot go are kept.
    assert_eq!(resolve(BASE, "g/h/../../i"), "http://a/b/c/i");
    assert_eq!(resolve(BASE, "../../../g/../h"), "http://a/../h");
    assert_eq!(resolve(BASE, "../../../.."), "http://a/../..");
    assert_eq!(resolve("http://a/", ".."), "http://a/..");
    assert_eq!(resolve("http://a/", "../"), "http://a/../");
    // An empty segment is a complete segment.
    assert_eq!(resolve("http://a/b//c", "../g"), "http://a/b/g");
    // ".." and "." inside a segment are not special; ";" parameters are part of segments.
    assert_eq!(resolve(BASE, "g;../h"), "http://a/b/c/g;../h");
    assert_eq!(resolve(BASE, "..;x/g"), "http://a/b/c/..;x/g");
    // The base's path without a "/": step 6 a) copies nothing.
    assert_eq!(resolve("foo:bar", "baz"), "foo:baz");
    assert_eq!(resolve("foo:a/b", "../c"), "foo:c");
    assert_eq!(resolve("foo:x", "a/..//../g"), "foo:g");
    // A base authority with an empty path: taken as RFC 2396 writes it (no "/" inserted).
    assert_eq!(resolve("http://a", "g"), "http://ag");
    assert_eq!(resolve("http://a", "/g"), "http://a/g");
    // A base with an empty authority.
    assert_eq!(resolve("file:///etc/passwd", "group"), "file:///etc/group");
    // The base's query is never inherited by a non-empty reference.
    assert_eq!(resolve(BASE, "d;p"), "http://a/b/c/d;p");
}

#[test]
fn appendix_b_split() {
    let c = split("http://www.ics.uci.edu/pub/ietf/uri/#Related");
    assert_eq!(c.scheme.as_deref(), Some("http"));
    assert_eq!(c.authority.as_deref(), Some("www.ics.uci.edu"));
    assert_eq!(c.path, "/pub/ietf/uri/");
    assert_eq!(c.query, None);
    assert_eq!(c.fragment.as_deref(), Some("Related"));
    for s in [
        "",
        "a:",
        "//",
        "?",
        "#",
        "a:b?c#d",
        "/x:y",
        ":a",
        "http://h?q/r#f?g#h",
    ] {
        assert_eq!(recompose(&split(s)), s);
    }
    assert_eq!(split(":a").scheme, None);
    assert_eq!(split("/x:y").scheme, None);
}

/// Accepted by `URI-reference`.
const VALID: &[&str] = &[
    "",
    "#",
    "#frag",
    "#a/b?c:d@;&=+$,-_.!~*'()%20",
    "http://fred:fredpassword@example.com:8080/",
    "file:///etc/passwd",
    "file:/etc/passwd",
    "file://localhost/etc/passwd",
    "man:ls(1)",
    "this:that",
    "./this:that",
    "../test.txt",
    "www.w3.org/Addressing",
    "www.w3.org/Addressing/",
    "http://host:/",
    "http://host:",
    "http://a_b/",
    "http://user@host/",
    "this:that:",
    // Section 1.3.
    "ftp://ftp.is.co.za/rfc/rfc1808.txt",
    "gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles",
    "http://www.math.uio.no/faq/compression-faq/part1.html",
    "mailto:mduerst@ifi.unizh.ch",
    "news:comp.infosystems.www.servers.unix",
    "telnet://melvyl.ucop.edu/",
    // Appendix E.
    "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING",
    "//",
    "/",
    "//a",
    "///",
    "////a//b",
    "a",
    ";x",
    "@",
    "a?",
    "a?b?c/d:e",
    "/a:b",
    "mailto:a?subject=x",
    "a:?",
    "a:;",
    "a+b-c.d:x",
    "A:b",
    "x:/",
    "x://",
    "x://?",
    "x://h?q#f",
    "http://1.2.3.4/",
    "http://999.999.999.999:99999/",
    "http://host.dom./",
    "http://h-1.x-y/",
    "http://1a.b/",
    "http://-a/",
    "http://a-/",
    "http://a.1/",
    "http://123/",
    "http://1.2.3/",
    "http://1.2.3.4.5/",
    "http://a..b/",
    "http://@h/",
    "http://u@/",
    "http://:80/",
    "http://a:b@c:d@e/",
    "http://%41/",
    "http://$,;:@&=+/",
    "http://h/%7Euser/;p;q=1/x;y",
    "g;x=1/../y",
    "..g",
    "%20",
    "%aF",
    "~'*()!",
];

/// Rejected by `URI-reference`.
const INVALID: &[&str] = &[
    "info:(gcc)G++ and GCC",
    "about:",
    // Neither hier_part nor opaque_part may be empty.
    "http:",
    "http:#f",
    "%zz",
    "%2",
    "%",
    "a b",
    " ",
    "http://[::1]/",
    "http://[v1.x]/",
    "?y",
    "?",
    "a:b#c#d",
    "##",
    "1a:b",
    "+a:b",
    ":a",
    ":",
    "a:b c",
    "http://h/a b",
    "http://h/<>",
    "http://h/\"",
    "http://h/{}",
    "http://h/|",
    "http://h/\\",
    "http://h/^",
    "http://h/`",
    "http://h/\u{e9}",
    "http://h\u{e9}/",
    "http://h/%",
    "http://h?%g0",
    "http://a b/",
    "http://a%/",
    "http://h/\n",
    "\t",
    "a\u{0}",
    "./a b",
    "a[b]",
];

#[test]
fn accept_and_reject() {
    let oracle = Rfc2396Oracle::new();
    for &s in VALID {
        assert!(oracle.uri_reference(s).is_some(), "should accept {s:?}");
    }
    for &s in INVALID {
        assert!(oracle.uri_reference(s).is_none(), "should reject {s:?}");
    }
}

#[test]
fn absolute_uri_rule() {
    let oracle = Rfc2396Oracle::new();
    for s in [
        "http://a/b/c/d;p?q",
        "g:h",
        "this:that",
        "file:///etc/passwd",
        "a:?",
        "x://",
    ] {
        assert!(oracle.absolute_uri(s), "{s:?}");
    }
    for s in [
        "http://a/#f",
        "about:",
        "./this:that",
        "//a/b",
        "/a",
        "",
        "a",
        "1:x",
        "http:",
    ] {
        assert!(!oracle.absolute_uri(s), "{s:?}");
    }
}

fn reference(
    scheme: Option<&str>,
    authority: Option<&str>,
    path: &str,
    query: Option<&str>,
    fragment: Option<&str>,
    opaque: bool,
    server: Option<(Option<&str>, Option<&str>, Option<&str>)>,
) -> Reference {
    Reference {
        scheme: scheme.map(str::to_owned),
        authority: authority.map(str::to_owned),
        path: path.to_owned(),
        query: query.map(str::to_owned),
        fragment: fragment.map(str::to_owned),
        opaque,
        server: server.map(|(userinfo, host, port)| Server {
            userinfo: userinfo.map(str::to_owned),
            host: host.map(str::to_owned),
            port: port.map(str::to_owned),
        }),
    }
}

#[test]
fn component_split() {
    let oracle = Rfc2396Oracle::new();
    let cases = [
        (
            "http://fred:fredpassword@example.com:8080/",
            reference(
                Some("http"),
                Some("fred:fredpassword@example.com:8080"),
                "/",
                None,
                None,
                false,
                Some((Some("fred:fredpassword"), Some("example.com"), Some("8080"))),
            ),
        ),
        (
            "file:///etc/passwd",
            reference(
                Some("file"),
                Some(""),
                "/etc/passwd",
                None,
                None,
                false,
                Some((None, None, None)),
            ),
        ),
        (
            "file:/etc/passwd",
            reference(Some("file"), None, "/etc/passwd", None, None, false, None),
        ),
        (
            "man:ls(1)",
            reference(Some("man"), None, "ls(1)", None, None, true, None),
        ),
        (
            "this:that",
            reference(Some("this"), None, "that", None, None, true, None),
        ),
        (
            "mailto:a@b?subject=x#f",
            reference(
                Some("mailto"),
                None,
                "a@b?subject=x",
                None,
                Some("f"),
                true,
                None,
            ),
        ),
        (
            "./this:that",
            reference(None, None, "./this:that", None, None, false, None),
        ),
        (
            "www.w3.org/Addressing",
            reference(None, None, "www.w3.org/Addressing", None, None, false, None),
        ),
        (
            "http://host:/",
            reference(
                Some("http"),
                Some("host:"),
                "/",
                None,
                None,
                false,
                Some((None, Some("host"), Some(""))),
            ),
        ),
        (
            "http://a_b/",
            reference(Some("http"), Some("a_b"), "/", None, None, false, None),
        ),
        (
            "http://a:b@c:d@e/",
            reference(
                Some("http"),
                Some("a:b@c:d@e"),
                "/",
                None,
                None,
                false,
                None,
            ),
        ),
        (
            "http://@1.2.3.4",
            reference(
                Some("http"),
                Some("@1.2.3.4"),
                "",
                None,
                None,
                false,
                Some((Some(""), Some("1.2.3.4"), None)),
            ),
        ),
        (
            "http://host.dom.?#",
            reference(
                Some("http"),
                Some("host.dom."),
                "",
                Some(""),
                Some(""),
                false,
                Some((None, Some("host.dom."), None)),
            ),
        ),
        (
            "//g",
            reference(
                None,
                Some("g"),
                "",
                None,
                None,
                false,
                Some((None, Some("g"), None)),
            ),
        ),
        (
            "////a",
            reference(
                None,
                Some(""),
                "//a",
                None,
                None,
                false,
                Some((None, None, None)),
            ),
        ),
        (
            "/a?b?c",
            reference(None, None, "/a", Some("b?c"), None, false, None),
        ),
        (
            "g;x?y#s",
            reference(None, None, "g;x", Some("y"), Some("s"), false, None),
        ),
        (
            "#frag",
            reference(None, None, "", None, Some("frag"), false, None),
        ),
        ("", reference(None, None, "", None, None, false, None)),
    ];
    for (input, expected) in cases {
        assert_eq!(oracle.uri_reference(input), Some(expected), "{input:?}");
    }
}

#[test]
fn rules_alone() {
    let oracle = Rfc2396Oracle::new();
    let yes = |rule: &str, s: &str| {
        assert_eq!(oracle.matches_rule(rule, s), Some(true), "{rule} {s:?}");
    };
    let no = |rule: &str, s: &str| {
        assert_eq!(oracle.matches_rule(rule, s), Some(false), "{rule} {s:?}");
    };
    for rule in oracle_rfc2396::RULES {
        assert!(oracle.matches_rule(rule, "").is_some(), "{rule}");
        assert!(oracle.pattern(rule).is_some());
    }
    assert_eq!(oracle.matches_rule("no-such-rule", ""), None);
    // Empty where the grammar allows it.
    for rule in [
        "URI-reference",
        "server",
        "userinfo",
        "port",
        "path",
        "path_segments",
        "segment",
        "param",
        "query",
        "fragment",
    ] {
        yes(rule, "");
    }
    for rule in [
        "absoluteURI",
        "relativeURI",
        "rel_path",
        "rel_segment",
        "opaque_part",
        "reg_name",
        "host",
        "hostport",
    ] {
        no(rule, "");
    }
    // authority = server | reg_name, and server may be empty.
    yes("authority", "");
    for c in "-_.!~*'()".chars() {
        yes("mark", &c.to_string());
    }
    for c in ";/?:@&=+$,".chars() {
        yes("reserved", &c.to_string());
        no("unreserved", &c.to_string());
    }
    for c in "<>#%\"{}|\\^[]` ".chars() {
        no("uric", &c.to_string());
    }
    no("uric_no_slash", "/");
    yes("uric_no_slash", "?");
    yes("escaped", "%4a");
    no("escaped", "%4g");
    yes("hostname", "a");
    yes("hostname", "a.");
    yes("hostname", "1.a");
    yes("hostname", "a-1.b-c.");
    no("hostname", "1");
    no("hostname", "a..");
    no("hostname", ".a");
    no("hostname", "a-.b");
    no("hostname", "a.b1-");
    yes("toplabel", "a1");
    no("toplabel", "1a");
    yes("domainlabel", "1a");
    no("domainlabel", "-a");
    yes("IPv4address", "0.0.0.0");
    yes("IPv4address", "0001.2.3.456789");
    no("IPv4address", "1.2.3");
    no("IPv4address", "1.2.3.");
    yes("scheme", "a+-.1");
    no("scheme", "1a");
    yes("rel_segment", ";@&=+$,");
    no("rel_segment", "a:b");
    yes("segment", "a:b;c;d=e");
    no("segment", "a/b");
    yes("reg_name", "a_b");
    no("reg_name", "a/b");
    no("reg_name", "a?b");
    yes("hostport", "h:");
    no("hostport", ":1");
    yes("net_path", "//");
    yes("abs_path", "//");
    yes("hier_part", "//a?b");
    no("hier_part", "a");
    yes("delims", "#");
    yes("unwise", "`");
}

/// Random strings over the grammar's delimiters and a few other characters: the full
/// `URI-reference` regex and the component-by-component check must agree (the recognizer
/// asserts it), and an accepted reference's parts must rebuild it.
#[test]
fn whole_and_parts_agree() {
    let oracle = Rfc2396Oracle::new();
    let pieces = [
        "a", "Z", "1", "-", ".", "_", "~", "'", "(", "%", "%4", "%41", "%zz", ":", "/", "//", "?",
        "#", "@", ";", "=", "+", "$", ",", "&", " ", "[", "]", "..", "h.d", "1.2.3.4", "x:",
        "http:", "://", "\u{e9}",
    ];
    let mut rng = fastrand::Rng::with_seed(2396);
    let mut accepted = 0;
    for _ in 0..50_000 {
        let len = rng.usize(0..8);
        let s: String = (0..len)
            .map(|_| pieces[rng.usize(..pieces.len())])
            .collect();
        if let Some(r) = oracle.uri_reference(&s) {
            accepted += 1;
            let rebuilt = if r.opaque {
                let mut out = format!("{}:{}", r.scheme.clone().unwrap(), r.path);
                if let Some(fragment) = &r.fragment {
                    out.push('#');
                    out.push_str(fragment);
                }
                out
            } else {
                let c = split(&s);
                assert_eq!(c.scheme, r.scheme);
                assert_eq!(c.authority, r.authority);
                assert_eq!(c.path, r.path);
                assert_eq!(c.query, r.query);
                assert_eq!(c.fragment, r.fragment);
                recompose(&c)
            };
            assert_eq!(rebuilt, s);
            assert_eq!(r.server.is_some(), {
                r.authority
                    .as_deref()
                    .is_some_and(|a| oracle.matches_rule("server", a) == Some(true))
            });
            if let Some(server) = &r.server {
                let mut out = String::new();
                if let Some(u) = &server.userinfo {
                    out.push_str(u);
                    out.push('@');
                }
                out.push_str(server.host.as_deref().unwrap_or(""));
                if let Some(p) = &server.port {
                    out.push(':');
                    out.push_str(p);
                }
                assert_eq!(Some(out.as_str()), r.authority.as_deref());
            }
        }
    }
    assert!(accepted > 5_000, "only {accepted} accepted");
}

/// Section 5.2 step 6 c) to g) done the other way the RFC mentions ("a pair of segment stacks"):
/// the segments are read left to right, "." dropped, and ".." cancels the previous segment
/// unless there is none or it is itself "..".
fn merge_with_a_stack(buffer: &str) -> String {
    let (root, body) = match buffer.strip_prefix('/') {
        Some(body) => ("/", body),
        None => ("", buffer),
    };
    let segments: Vec<&str> = body.split('/').collect();
    let mut out: Vec<&str> = Vec::new();
    for (i, &segment) in segments.iter().enumerate() {
        let last = i + 1 == segments.len();
        match segment {
            "." => {
                if last {
                    out.push("");
                }
            }
            ".." if out.last().is_some_and(|&top| top != "..") => {
                out.pop();
                if last {
                    out.push("");
                }
            }
            _ => out.push(segment),
        }
    }
    format!("{root}{}", out.join("/"))
}

#[test]
fn step_6_string_buffer_and_segment_stack_agree() {
    let segments = ["a", "b", "", ".", "..", "...", ".a", "a.", ";x", "..;"];
    let mut rng = fastrand::Rng::with_seed(1998);
    for _ in 0..20_000 {
        let n = rng.usize(1..7);
        let path = (0..n)
            .map(|_| segments[rng.usize(..segments.len())])
            .collect::<Vec<_>>()
            .join("/");
        for buffer in [path.clone(), format!("/{path}")] {
            assert_eq!(
                oracle_rfc2396::merge_paths("", &buffer),
                merge_with_a_stack(&buffer),
                "{buffer:?}"
            );
        }
    }
}
