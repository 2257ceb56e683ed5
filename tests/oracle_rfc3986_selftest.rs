//! Tests of the RFC 3986 recognizer and resolver in `tests/oracle_rfc3986/` against facts from
//! RFC 3986 itself: the examples of Sections 1.1.2, 3, 4.2, 5.2.4, 5.4 and 6.2 and Appendix B,
//! cases derived by hand from Appendix A's ABNF, and the standard library's IPv6 parser on
//! generated strings where the two provably mean the same language.

use crate::oracle_rfc3986;

use std::net::Ipv6Addr;

use oracle_rfc3986::{Authority, HostKind, Reference, Rfc3986Oracle, remove_dot_segments, resolve};

fn oracle() -> &'static Rfc3986Oracle {
    static ORACLE: std::sync::OnceLock<Rfc3986Oracle> = std::sync::OnceLock::new();
    ORACLE.get_or_init(Rfc3986Oracle::new)
}

fn owned(s: Option<&str>) -> Option<String> {
    s.map(str::to_owned)
}

fn authority(
    text: &str,
    userinfo: Option<&str>,
    host: &str,
    host_kind: HostKind,
    port: Option<&str>,
) -> Option<Authority> {
    Some(Authority {
        text: text.to_owned(),
        userinfo: owned(userinfo),
        host: host.to_owned(),
        host_kind,
        port: owned(port),
    })
}

fn reference(
    scheme: Option<&str>,
    authority: Option<Authority>,
    path: &str,
    query: Option<&str>,
    fragment: Option<&str>,
) -> Reference {
    Reference {
        scheme: owned(scheme),
        authority,
        path: path.to_owned(),
        query: owned(query),
        fragment: owned(fragment),
    }
}

fn rule(name: &str, input: &str) -> bool {
    oracle()
        .matches_rule(name, input)
        .unwrap_or_else(|| panic!("unknown rule {name:?}"))
}

// ---------------------------------------------------------------------------------------------
// Section 1.1.2, Section 3, Appendix B: examples with their components.

#[test]
fn section_1_1_2_examples() {
    use HostKind::*;
    let cases = [
        (
            "ftp://ftp.is.co.za/rfc/rfc1808.txt",
            reference(
                Some("ftp"),
                authority("ftp.is.co.za", None, "ftp.is.co.za", RegName, None),
                "/rfc/rfc1808.txt",
                None,
                None,
            ),
        ),
        (
            "http://www.ietf.org/rfc/rfc2396.txt",
            reference(
                Some("http"),
                authority("www.ietf.org", None, "www.ietf.org", RegName, None),
                "/rfc/rfc2396.txt",
                None,
                None,
            ),
        ),
        (
            "ldap://[2001:db8::7]/c=GB?objectClass?one",
            reference(
                Some("ldap"),
                authority("[2001:db8::7]", None, "[2001:db8::7]", Ipv6, None),
                "/c=GB",
                Some("objectClass?one"),
                None,
            ),
        ),
        (
            "mailto:John.Doe@example.com",
            reference(Some("mailto"), None, "John.Doe@example.com", None, None),
        ),
        (
            "news:comp.infosystems.www.servers.unix",
            reference(
                Some("news"),
                None,
                "comp.infosystems.www.servers.unix",
                None,
                None,
            ),
        ),
        (
            "tel:+1-816-555-1212",
            reference(Some("tel"), None, "+1-816-555-1212", None, None),
        ),
        (
            "telnet://192.0.2.16:80/",
            reference(
                Some("telnet"),
                authority("192.0.2.16:80", None, "192.0.2.16", Ipv4, Some("80")),
                "/",
                None,
                None,
            ),
        ),
        (
            "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
            reference(
                Some("urn"),
                None,
                "oasis:names:specification:docbook:dtd:xml:4.1.2",
                None,
                None,
            ),
        ),
    ];
    let o = oracle();
    for (input, expected) in cases {
        assert!(o.uri(input), "{input:?} is a URI");
        assert!(rule("URI", input), "{input:?}");
        // None of them has a fragment, so each is an absolute-URI too, and no relative-ref.
        assert!(rule("absolute-URI", input), "{input:?}");
        assert!(rule("URI-reference", input), "{input:?}");
        assert!(!rule("relative-ref", input), "{input:?}");
        assert_eq!(o.uri_reference(input), Some(expected), "{input:?}");
    }
    // The last two are path-rootless URIs (no authority), as are mailto, news and tel.
    assert!(rule("path-rootless", "John.Doe@example.com"));
    assert!(rule(
        "path-rootless",
        "oasis:names:specification:docbook:dtd:xml:4.1.2"
    ));
}

#[test]
fn section_3_examples() {
    let o = oracle();
    assert_eq!(
        o.uri_reference("foo://example.com:8042/over/there?name=ferret#nose"),
        Some(reference(
            Some("foo"),
            authority(
                "example.com:8042",
                None,
                "example.com",
                HostKind::RegName,
                Some("8042")
            ),
            "/over/there",
            Some("name=ferret"),
            Some("nose"),
        ))
    );
    assert_eq!(
        o.uri_reference("urn:example:animal:ferret:nose"),
        Some(reference(
            Some("urn"),
            None,
            "example:animal:ferret:nose",
            None,
            None
        ))
    );
    assert!(o.uri("foo://example.com:8042/over/there?name=ferret#nose"));
    // absolute-URI has no fragment (Section 4.3).
    assert!(!rule(
        "absolute-URI",
        "foo://example.com:8042/over/there?name=ferret#nose"
    ));
    assert!(rule(
        "absolute-URI",
        "foo://example.com:8042/over/there?name=ferret"
    ));
}

#[test]
fn appendix_b_example() {
    // "http://www.ics.uci.edu/pub/ietf/uri/#Related": scheme http, authority www.ics.uci.edu,
    // path /pub/ietf/uri/, query undefined, fragment Related.
    assert_eq!(
        oracle().uri_reference("http://www.ics.uci.edu/pub/ietf/uri/#Related"),
        Some(reference(
            Some("http"),
            authority(
                "www.ics.uci.edu",
                None,
                "www.ics.uci.edu",
                HostKind::RegName,
                None
            ),
            "/pub/ietf/uri/",
            None,
            Some("Related"),
        ))
    );
}

#[test]
fn section_3_2_authority_parts() {
    let o = oracle();
    // 3.2.1: "user:password" in userinfo is deprecated but is still userinfo syntax.
    assert_eq!(
        o.uri_reference("ftp://user:pass@host/").unwrap().authority,
        authority(
            "user:pass@host",
            Some("user:pass"),
            "host",
            HostKind::RegName,
            None
        )
    );
    // 3.2.3 and 6.2.3: the port may be empty ("http://example.com:/" is one of 6.2.3's
    // equivalent forms), and so may the host (reg-name = *( ... )).
    for input in [
        "http://example.com",
        "http://example.com/",
        "http://example.com:/",
        "http://example.com:80/",
    ] {
        assert!(o.uri(input), "{input:?}");
    }
    assert_eq!(
        o.uri_reference("http://example.com:/").unwrap().authority,
        authority(
            "example.com:",
            None,
            "example.com",
            HostKind::RegName,
            Some("")
        )
    );
    assert_eq!(
        o.uri_reference("file:///etc/hosts").unwrap().authority,
        authority("", None, "", HostKind::RegName, None)
    );
    assert_eq!(
        o.uri_reference("//@:").unwrap().authority,
        authority("@:", Some(""), "", HostKind::RegName, Some(""))
    );
    // port = *DIGIT; a second "@" or a ":" in the host is not an authority.
    for input in [
        "http://h:8a/",
        "http://a@b@c/",
        "http://a:b:80/",
        "http://h:-1/",
    ] {
        assert!(o.uri_reference(input).is_none(), "{input:?}");
    }
    // 3.2.2: the IP-literal with its brackets, and the port after it.
    assert_eq!(
        o.uri_reference("http://u@[::1]:8080").unwrap().authority,
        authority(
            "u@[::1]:8080",
            Some("u"),
            "[::1]",
            HostKind::Ipv6,
            Some("8080")
        )
    );
    // 3.2.2: a host that is not bracketed can never hold ":" or "[".
    for input in [
        "http://::1/",
        "http://[::1/",
        "http://::1]/",
        "http://[::1]x/",
    ] {
        assert!(o.uri_reference(input).is_none(), "{input:?}");
    }
}

#[test]
fn section_4_2_relative_reference_with_colon() {
    let o = oracle();
    // "this:that" is a URI (scheme "this"); a relative path with a colon in its first segment
    // needs a dot-segment before it: "./this:that".
    assert_eq!(
        o.uri_reference("this:that").unwrap().scheme.as_deref(),
        Some("this")
    );
    assert!(o.uri("this:that"));
    let rel = o.uri_reference("./this:that").unwrap();
    assert_eq!(rel.scheme, None);
    assert_eq!(rel.path, "./this:that");
    assert!(!o.uri("./this:that"));
    assert!(rule("relative-ref", "./this:that"));
    // path-noscheme's first segment takes no ":".
    assert!(!rule("path-noscheme", "this:that"));
    assert!(!rule("segment-nz-nc", "a:b"));
    // A first segment that cannot be a scheme and has a colon is nothing.
    assert!(o.uri_reference("1a:b").is_none());
    assert!(o.uri_reference(":a").is_none());
}

#[test]
fn section_3_3_paths() {
    let o = oracle();
    // "If a URI does not contain an authority component, then the path cannot begin with two
    // slash characters": no path rule that can follow no authority starts with "//".
    for r in ["path-absolute", "path-rootless", "path-noscheme"] {
        assert!(!rule(r, "//a"), "{r}");
    }
    assert!(rule("path-abempty", "//a"));
    assert!(rule("path-empty", ""));
    assert!(!rule("path-empty", "a"));
    // The path is always defined, possibly empty.
    assert_eq!(o.uri_reference("foo:").unwrap().path, "");
    assert_eq!(
        o.uri_reference("").unwrap(),
        reference(None, None, "", None, None)
    );
    assert_eq!(
        o.uri_reference("?#").unwrap(),
        reference(None, None, "", Some(""), Some(""))
    );
    // With an authority the path is empty or starts with "/": "//a//b" has path "//b".
    assert_eq!(o.uri_reference("//a//b").unwrap().path, "//b");
    assert_eq!(o.uri_reference("x:////b").unwrap().path, "//b");
}

#[test]
fn section_6_2_examples_are_uris() {
    let o = oracle();
    for input in [
        "example://a/b/c/%7Bfoo%7D",
        "eXAMPLE://a/./b/../b/%63/%7bfoo%7d",
        "HTTP://www.EXAMPLE.com/",
        "http://www.example.com/",
        "http://example.com/data",
        "http://example.com/data/",
        "mailto:Joe@Example.COM",
        "mailto:Joe@example.com",
        "ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm",
    ] {
        assert!(o.uri(input), "{input:?}");
        assert!(o.uri_reference(input).is_some(), "{input:?}");
    }
    // Section 7.6's example: the userinfo is "cnn.example.com&story=breaking_news".
    assert_eq!(
        o.uri_reference("ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm")
            .unwrap()
            .authority,
        authority(
            "cnn.example.com&story=breaking_news@10.0.0.1",
            Some("cnn.example.com&story=breaking_news"),
            "10.0.0.1",
            HostKind::Ipv4,
            None
        )
    );
}

#[test]
fn characters_of_section_2() {
    let o = oracle();
    // pct-encoded = "%" HEXDIG HEXDIG, hex digits in either case (Section 2.1).
    assert!(rule("pct-encoded", "%aF"));
    assert!(rule("pct-encoded", "%3a"));
    assert!(!rule("pct-encoded", "%2g"));
    assert!(!rule("pct-encoded", "%2"));
    assert!(o.uri_reference("a%").is_none());
    assert!(o.uri_reference("a%4").is_none());
    assert!(o.uri_reference("a%41").is_some());
    // Characters outside the grammar: space, "<", "\"", "{", "|", "\\", "^", "`" and non-ASCII.
    for input in [
        "a b",
        "a<b",
        "a\"b",
        "a{b",
        "a|b",
        "a\\b",
        "a^b",
        "a`b",
        "http://例え.jp/",
        "/ä",
    ] {
        assert!(o.uri_reference(input).is_none(), "{input:?}");
    }
    // "[" and "]" are gen-delims, allowed only around an IP-literal.
    assert!(o.uri_reference("/a[b]").is_none());
    assert!(o.uri_reference("?[").is_none());
    assert!(rule("gen-delims", "["));
    assert!(rule("reserved", "!"));
    assert!(rule("unreserved", "~"));
    assert!(!rule("unreserved", "!"));
    for c in "!$&'()*+,;=".chars() {
        assert!(rule("sub-delims", &c.to_string()), "{c:?}");
        assert!(rule("pchar", &c.to_string()), "{c:?}");
    }
    assert!(rule("pchar", ":") && rule("pchar", "@") && !rule("pchar", "/"));
    // query and fragment also take "/" and "?", but not "#".
    assert!(rule("query", "a/b?c") && rule("fragment", "/?"));
    assert!(!rule("fragment", "a#b"));
    assert!(o.uri_reference("#a#b").is_none());
}

#[test]
fn rule_facts() {
    // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
    assert!(rule("scheme", "a+b-c.d1"));
    assert!(rule("scheme", "HTTP"));
    assert!(!rule("scheme", "1a"));
    assert!(!rule("scheme", ""));
    assert!(!rule("scheme", "a_b"));
    // dec-octet: 0-255 without leading zeros.
    for ok in [
        "0", "9", "10", "99", "100", "199", "200", "249", "250", "255",
    ] {
        assert!(rule("dec-octet", ok), "{ok:?}");
    }
    for bad in ["00", "01", "256", "260", "300", "1000", "", "-1"] {
        assert!(!rule("dec-octet", bad), "{bad:?}");
    }
    // h16 = 1*4HEXDIG
    assert!(rule("h16", "fFfF") && rule("h16", "0"));
    assert!(!rule("h16", "12345") && !rule("h16", ""));
    // ls32
    assert!(rule("ls32", "1:2") && rule("ls32", "1.2.3.4"));
    assert!(!rule("ls32", "1") && !rule("ls32", "1:2:3"));
    // port = *DIGIT
    assert!(rule("port", "") && rule("port", "0080") && !rule("port", "8a"));
    // reg-name and userinfo may be empty.
    assert!(rule("reg-name", "") && rule("userinfo", "") && rule("host", ""));
    assert!(rule("userinfo", "a:b:c") && !rule("userinfo", "a@b"));
    // segment-nz is non-empty.
    assert!(rule("segment", "") && !rule("segment-nz", ""));
    // Core rules.
    assert!(rule("HEXDIG", "a") && rule("HEXDIG", "F") && !rule("HEXDIG", "g"));
    assert!(rule("ALPHA", "z") && !rule("ALPHA", "1") && rule("DIGIT", "7"));
    // Unknown names; ABNF rule names are case-insensitive (RFC 2234 Section 2.1).
    assert_eq!(oracle().matches_rule("no-such-rule", "a"), None);
    assert_eq!(oracle().matches_rule("ipv6ADDRESS", "::"), Some(true));
    // Every rule of Appendix A is known.
    for name in [
        "URI",
        "hier-part",
        "URI-reference",
        "absolute-URI",
        "relative-ref",
        "relative-part",
        "scheme",
        "authority",
        "userinfo",
        "host",
        "port",
        "IP-literal",
        "IPvFuture",
        "IPv6address",
        "h16",
        "ls32",
        "IPv4address",
        "dec-octet",
        "reg-name",
        "path",
        "path-abempty",
        "path-absolute",
        "path-noscheme",
        "path-rootless",
        "path-empty",
        "segment",
        "segment-nz",
        "segment-nz-nc",
        "pchar",
        "query",
        "fragment",
        "pct-encoded",
        "unreserved",
        "reserved",
        "gen-delims",
        "sub-delims",
    ] {
        assert!(oracle().matches_rule(name, "").is_some(), "{name}");
    }
}

// ---------------------------------------------------------------------------------------------
// Section 3.2.2: hosts.

const IPV6_VALID: [&str; 22] = [
    "::",
    "::1",
    "1::",
    "1:2:3:4:5:6:7:8",
    "1:2:3:4:5:6:1.2.3.4",
    "::ffff:192.0.2.1",
    "1::2:3:4:5:6:7",
    "2001:db8::7",
    "2001:DB8::7",
    "FEDC:BA98:7654:3210:FEDC:BA98:7654:3210",
    "0000:0000:0000:0000:0000:0000:0000:0001",
    "1:2:3:4:5:6:7::",
    "::2:3:4:5:6:7:8",
    "::2:3:4:5:6:1.2.3.4",
    "1:2:3:4:5::1.2.3.4",
    "::1.2.3.4",
    "1::1.2.3.4",
    "1::8",
    "1:2::7:8",
    "1:2:3:4::5:6:7",
    "::0.0.0.0",
    "::255.255.255.255",
];

const IPV6_INVALID: [&str; 31] = [
    "1:2:3:4:5:6:7:8:9",
    ":::",
    "1:::2",
    "12345::",
    "::1.2.3.256",
    "::1.2.3",
    "",
    ":",
    "1",
    "1:2:3:4:5:6:7",
    "1:2:3:4:5:6:7:8::",
    "::1:2:3:4:5:6:7:8",
    "1:2:3:4::5:6:7:8",
    "1::2::3",
    ":1::",
    "::1:",
    "1.2.3.4",
    "1.2.3.4::",
    "1.2.3.4::1",
    "::1.2.3.4:1",
    "1:2:3:4:5:6:7:1.2.3.4",
    "1:2:3:4:5:6::1.2.3.4",
    "::01.2.3.4",
    "::1.2.3.04",
    "::1.2.3.4.5",
    "g::",
    "::g",
    "[::1]",
    "fe80::1%25eth0",
    "fe80::1%eth0",
    " ::1",
];

#[test]
fn ipv6_forms() {
    let o = oracle();
    for s in IPV6_VALID {
        assert!(rule("IPv6address", s), "{s:?} is an IPv6address");
        let literal = format!("[{s}]");
        assert!(rule("IP-literal", &literal), "{literal:?}");
        assert!(rule("host", &literal), "{literal:?}");
        let input = format!("http://{literal}/");
        let parsed = o
            .uri_reference(&input)
            .unwrap_or_else(|| panic!("{input:?}"));
        assert_eq!(
            parsed.authority,
            authority(&literal, None, &literal, HostKind::Ipv6, None)
        );
    }
    for s in IPV6_INVALID {
        assert!(!rule("IPv6address", s), "{s:?} is not an IPv6address");
        let input = format!("http://[{s}]/");
        assert!(o.uri_reference(&input).is_none(), "{input:?}");
    }
}

#[test]
fn ipvfuture_forms() {
    let o = oracle();
    // IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ); the literal "v" and
    // HEXDIG are case-insensitive.
    for s in [
        "v1.x", "V1.x", "vA.x", "vf.x", "v1f.a:b!", "v7.::", "v1.~-._",
    ] {
        assert!(rule("IPvFuture", s), "{s:?}");
        let input = format!("http://[{s}]:1/");
        assert_eq!(
            o.uri_reference(&input)
                .unwrap()
                .authority
                .unwrap()
                .host_kind,
            HostKind::IpvFuture,
            "{input:?}"
        );
    }
    for s in [
        "v.x", "v1.", "v1", "vg.x", "1.x", "v1.x/", "v1.x%41", "v1.[", "w1.x",
    ] {
        assert!(!rule("IPvFuture", s), "{s:?}");
        assert!(
            o.uri_reference(&format!("http://[{s}]/")).is_none(),
            "{s:?}"
        );
    }
}

#[test]
fn ipv4_or_reg_name() {
    let o = oracle();
    let kind = |host: &str| {
        let input = format!("http://{host}/");
        let a = o.uri_reference(&input).unwrap().authority.unwrap();
        assert_eq!(a.host, host);
        a.host_kind
    };
    for host in [
        "1.2.3.4",
        "0.0.0.0",
        "255.255.255.255",
        "192.0.2.16",
        "10.0.0.1",
    ] {
        assert!(rule("IPv4address", host), "{host:?}");
        assert_eq!(kind(host), HostKind::Ipv4, "{host:?}");
    }
    // Not IPv4address, but reg-name: first-match-wins falls through to reg-name.
    for host in [
        "1.2.3.256",
        "01.2.3.4",
        "1.2.3",
        "1.2.3.4.",
        "1.2.3.4.5",
        "0x7f.0.0.1",
        "1.2.3.04",
        "example.com",
        "",
        "%31.2.3.4",
    ] {
        assert!(!rule("IPv4address", host), "{host:?}");
        assert!(rule("reg-name", host), "{host:?}");
        assert_eq!(kind(host), HostKind::RegName, "{host:?}");
    }
    // An IPv4 address in brackets is neither IPv6address nor IPvFuture.
    assert!(o.uri_reference("http://[1.2.3.4]/").is_none());
}

// ---------------------------------------------------------------------------------------------
// Section 5: resolution.

const BASE: &str = "http://a/b/c/d;p?q";

/// Section 5.4.1, "Normal Examples".
const NORMAL: [(&str, &str); 23] = [
    ("g:h", "g:h"),
    ("g", "http://a/b/c/g"),
    ("./g", "http://a/b/c/g"),
    ("g/", "http://a/b/c/g/"),
    ("/g", "http://a/g"),
    ("//g", "http://g"),
    ("?y", "http://a/b/c/d;p?y"),
    ("g?y", "http://a/b/c/g?y"),
    ("#s", "http://a/b/c/d;p?q#s"),
    ("g#s", "http://a/b/c/g#s"),
    ("g?y#s", "http://a/b/c/g?y#s"),
    (";x", "http://a/b/c/;x"),
    ("g;x", "http://a/b/c/g;x"),
    ("g;x?y#s", "http://a/b/c/g;x?y#s"),
    ("", "http://a/b/c/d;p?q"),
    (".", "http://a/b/c/"),
    ("./", "http://a/b/c/"),
    ("..", "http://a/b/"),
    ("../", "http://a/b/"),
    ("../g", "http://a/b/g"),
    ("../..", "http://a/"),
    ("../../", "http://a/"),
    ("../../g", "http://a/g"),
];

/// Section 5.4.2, "Abnormal Examples" (`http:g` as for strict parsers).
const ABNORMAL: [(&str, &str); 19] = [
    ("../../../g", "http://a/g"),
    ("../../../../g", "http://a/g"),
    ("/./g", "http://a/g"),
    ("/../g", "http://a/g"),
    ("g.", "http://a/b/c/g."),
    (".g", "http://a/b/c/.g"),
    ("g..", "http://a/b/c/g.."),
    ("..g", "http://a/b/c/..g"),
    ("./../g", "http://a/b/g"),
    ("./g/.", "http://a/b/c/g/"),
    ("g/./h", "http://a/b/c/g/h"),
    ("g/../h", "http://a/b/c/h"),
    ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
    ("g;x=1/../y", "http://a/b/c/y"),
    ("g?y/./x", "http://a/b/c/g?y/./x"),
    ("g?y/../x", "http://a/b/c/g?y/../x"),
    ("g#s/./x", "http://a/b/c/g#s/./x"),
    ("g#s/../x", "http://a/b/c/g#s/../x"),
    ("http:g", "http:g"),
];

#[test]
fn section_5_4_1_normal_examples() {
    for (r, expected) in NORMAL {
        assert_eq!(resolve(BASE, r), expected, "{r:?}");
    }
}

#[test]
fn section_5_4_2_abnormal_examples() {
    for (r, expected) in ABNORMAL {
        assert_eq!(resolve(BASE, r), expected, "{r:?}");
    }
}

#[test]
fn section_5_4_examples_against_the_grammar() {
    let o = oracle();
    assert!(o.uri(BASE) && rule("absolute-URI", BASE));
    for (r, expected) in NORMAL.iter().chain(ABNORMAL.iter()) {
        assert!(o.uri_reference(r).is_some(), "{r:?} is a URI-reference");
        assert!(o.uri(expected), "{expected:?} is a URI");
    }
    // "g:h" and "http:g" are URIs; all other references are relative-refs.
    for (r, _) in NORMAL.iter().chain(ABNORMAL.iter()) {
        assert_eq!(o.uri(r), *r == "g:h" || *r == "http:g", "{r:?}");
        assert_eq!(rule("relative-ref", r), !o.uri(r), "{r:?}");
    }
}

#[test]
fn section_5_2_details() {
    // 5.2.2: a reference with a scheme has its dot-segments removed too.
    assert_eq!(resolve(BASE, "g:/a/./b/../c"), "g:/a/c");
    // ... and so has one with an authority.
    assert_eq!(resolve(BASE, "//g/./x/../y"), "http://g/y");
    // 5.2.3: a base with an authority and an empty path merges as "/" + reference path.
    assert_eq!(resolve("http://a", "g"), "http://a/g");
    assert_eq!(resolve("http://a?q", "?y"), "http://a?y");
    assert_eq!(resolve("http://a?q", ""), "http://a?q");
    // 5.2.3: a base path without "/" contributes nothing.
    assert_eq!(resolve("foo:bar", "baz"), "foo:baz");
    // 5.1: the base's fragment is never used; the result's is the reference's.
    assert_eq!(resolve("http://a/b#f", ""), "http://a/b");
    assert_eq!(resolve("http://a/b#f", "#g"), "http://a/b#g");
    // The algorithm as written: the merged "/..//c" becomes "//c", which a parser would read
    // as an authority (the RFC's algorithm does not guard against this).
    assert_eq!(resolve("a:/b", "..//c"), "a://c");
}

#[test]
fn section_5_2_4_remove_dot_segments() {
    assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
    assert_eq!(remove_dot_segments("mid/content=5/../6"), "mid/6");
    // Each rule of step 2 on its own.
    assert_eq!(remove_dot_segments("../a"), "a"); // A
    assert_eq!(remove_dot_segments("./a"), "a"); // A
    assert_eq!(remove_dot_segments("/./a"), "/a"); // B
    assert_eq!(remove_dot_segments("/a/."), "/a/"); // B at the end
    assert_eq!(remove_dot_segments("/a/../b"), "/b"); // C
    assert_eq!(remove_dot_segments("/a/b/.."), "/a/"); // C at the end
    assert_eq!(remove_dot_segments("/.."), "/"); // C with an empty output
    assert_eq!(remove_dot_segments("."), ""); // D
    assert_eq!(remove_dot_segments(".."), ""); // D
    assert_eq!(remove_dot_segments(""), "");
    assert_eq!(remove_dot_segments("/"), "/");
    // "." and ".." only as complete segments.
    assert_eq!(remove_dot_segments("/a/.b/..c/c../d."), "/a/.b/..c/c../d.");
    assert_eq!(remove_dot_segments("a/../../b"), "/b");
    assert_eq!(remove_dot_segments("//a/../b"), "//b");
}

// ---------------------------------------------------------------------------------------------
// IPv6address against std::net::Ipv6Addr.
//
// Over strings of hex digits, ':' and '.', the ABNF's IPv6address and the standard library's
// `Ipv6Addr` parser accept exactly the same strings, as far as checked here: both take 1 to 4
// hex digits per group in either case, eight groups without "::" and at most seven with one
// "::" (the "::" stands for at least one group), at most one "::", and a dotted IPv4 address
// only as the last 32 bits with each octet a decimal 0-255 without leading zeros (the ABNF's
// dec-octet; the standard library of this toolchain rejects leading zeros in IPv4 octets too,
// which `std_reads_ipv6_as_the_abnf_does` asserts directly). Neither takes a zone identifier
// ("%..." is outside this alphabet anyway). No exception is listed because none was found: the
// checks below compare every generated string, with no string left out.

/// Strings of hex digits, ':' and '.', shaped like IPv6 addresses or not.
fn ipv6_shaped(rng: &mut fastrand::Rng) -> String {
    const HEX: &[u8] = b"0123456789abcdefABCDEF";
    const OCTETS: [&str; 20] = [
        "0", "1", "9", "10", "99", "100", "199", "200", "249", "250", "255", "256", "260", "300",
        "01", "001", "00", "1000", "25", "2555",
    ];
    let mut s = String::new();
    match rng.u8(..4) {
        0 => {
            // Random characters, weighted towards the separators.
            let len = rng.usize(..=24);
            for _ in 0..len {
                let c = match rng.u8(..6) {
                    0 => ':',
                    1 => '.',
                    _ => HEX[rng.usize(..HEX.len())] as char,
                };
                s.push(c);
            }
        }
        _ => {
            // Groups with ":" or "::" between them, maybe a leading or trailing "::", maybe a
            // dotted tail.
            let groups = rng.usize(..=9);
            let compress_at = if rng.bool() {
                Some(rng.usize(..=groups))
            } else {
                None
            };
            for i in 0..=groups {
                if compress_at == Some(i) {
                    s.push_str("::");
                } else if i > 0 && i < groups {
                    s.push(':');
                }
                if i < groups {
                    let len = match rng.u8(..10) {
                        0 => 0,
                        1 => 5,
                        _ => rng.usize(1..=4),
                    };
                    for _ in 0..len {
                        s.push(HEX[rng.usize(..HEX.len())] as char);
                    }
                }
            }
            if rng.u8(..3) == 0 {
                if !s.is_empty() && !s.ends_with(':') {
                    s.push(':');
                }
                let octets = rng.usize(2..=5);
                for i in 0..octets {
                    if i > 0 {
                        s.push('.');
                    }
                    s.push_str(OCTETS[rng.usize(..OCTETS.len())]);
                }
            }
            if rng.u8(..20) == 0 {
                s.push(if rng.bool() { ':' } else { '.' });
            }
        }
    }
    s
}

fn check_against_std(s: &str) {
    assert_eq!(
        rule("IPv6address", s),
        s.parse::<Ipv6Addr>().is_ok(),
        "IPv6address and std::net::Ipv6Addr disagree on {s:?}"
    );
}

#[test]
fn std_reads_ipv6_as_the_abnf_does() {
    // The points of the comment above, each on the standard library and on the ABNF.
    let both = |s: &str, expected: bool| {
        assert_eq!(s.parse::<Ipv6Addr>().is_ok(), expected, "std on {s:?}");
        assert_eq!(rule("IPv6address", s), expected, "ABNF on {s:?}");
    };
    both("::01.2.3.4", false); // leading zero in an embedded IPv4 octet
    both("::1.2.3.04", false);
    both("::0.2.3.4", true);
    both("1:2:3:4:5:6:7::", true); // "::" standing for one group
    both("::2:3:4:5:6:7:8", true);
    both("1:2:3:4::5:6:7:8", false); // "::" standing for no group
    both("1.2.3.4::", false); // IPv4 only as the last 32 bits
    both("1:2:3:4:5:6::1.2.3.4", false);
    both("00000::", false); // five hex digits
    both("ABCD:abcd::", true);
    assert!("01.2.3.4".parse::<std::net::Ipv4Addr>().is_err());
    assert!(!rule("IPv4address", "01.2.3.4"));
}

#[test]
fn ipv6_agrees_with_std_on_generated_strings() {
    let mut rng = fastrand::Rng::with_seed(0x3986);
    let mut accepted = 0;
    for _ in 0..200_000 {
        let s = ipv6_shaped(&mut rng);
        check_against_std(&s);
        accepted += usize::from(s.parse::<Ipv6Addr>().is_ok());
    }
    // The generator reaches both sides.
    assert!(accepted > 10_000, "{accepted}");
    for s in IPV6_VALID.iter().chain(IPV6_INVALID.iter()) {
        if s.bytes()
            .all(|b| b.is_ascii_hexdigit() || b == b':' || b == b'.')
        {
            check_against_std(s);
        }
    }
}

#[test]
fn ipv6_agrees_with_std_on_all_short_strings() {
    // Every string up to length 7 over {0, f, ':', '.', 1}, and up to 16 over {1, ':'} (the
    // group counts and the places of "::"); kept small enough to run fast. Dotted tails of
    // full length come from the generator above.
    fn all(alphabet: &[char], max_len: usize, f: &mut dyn FnMut(&str)) {
        let mut current = vec![String::new()];
        f("");
        for _ in 0..max_len {
            let mut next = Vec::with_capacity(current.len() * alphabet.len());
            for s in &current {
                for &c in alphabet {
                    let mut t = s.clone();
                    t.push(c);
                    f(&t);
                    next.push(t);
                }
            }
            current = next;
        }
    }
    let mut count = 0usize;
    let mut check = |s: &str| {
        check_against_std(s);
        count += 1;
    };
    all(&['0', 'f', ':', '.', '1'], 7, &mut check);
    all(&['1', ':'], 16, &mut check);
    assert!(count > 100_000, "{count}");
}

// ---------------------------------------------------------------------------------------------
// Internal consistency: the whole-rule regex and the component split never disagree (the
// oracle panics if they do) on strings made of the characters that matter to the split.

#[test]
fn split_and_regex_agree_on_generated_strings() {
    const PIECES: [&str; 26] = [
        "a", "B", "1", "v", "f", ":", "/", "?", "#", "[", "]", "@", "%", "%41", "%4", ".", "..",
        "-", "+", "!", "//", "::", "1.2.3.4", "[::1]", "[v1.x]", " ",
    ];
    let o = oracle();
    let mut rng = fastrand::Rng::with_seed(66);
    let mut accepted = 0;
    for _ in 0..100_000 {
        let mut s = String::new();
        for _ in 0..rng.usize(..=10) {
            s.push_str(PIECES[rng.usize(..PIECES.len())]);
        }
        if let Some(r) = o.uri_reference(&s) {
            accepted += 1;
            // Section 5.3: recomposing the components gives the reference back.
            let mut back = String::new();
            if let Some(scheme) = &r.scheme {
                back.push_str(scheme);
                back.push(':');
            }
            if let Some(a) = &r.authority {
                back.push_str("//");
                back.push_str(&a.text);
            }
            back.push_str(&r.path);
            if let Some(q) = &r.query {
                back.push('?');
                back.push_str(q);
            }
            if let Some(f) = &r.fragment {
                back.push('#');
                back.push_str(f);
            }
            assert_eq!(back, s);
            assert_eq!(o.uri(&s), r.scheme.is_some(), "{s:?}");
        }
    }
    assert!(accepted > 1_000, "{accepted}");
}
