//! Tests of the later documents' recognizer in `tests/oracle_later/` against facts from the
//! documents themselves: the example URLs of draft-hoffkohn-rfc1738bis-00,
//! draft-hoffman-ftp-uri-02 and RFC 4266 (and of RFC 3986 and uri(7) for the same schemes),
//! the templates written with concrete values, and near misses, each with the rule or reading
//! that refuses it (the readings are the module comment's, which follows `docs/grammar.md`).

use crate::oracle_later::LaterOracle;

fn oracle() -> &'static LaterOracle {
    static ORACLE: std::sync::OnceLock<LaterOracle> = std::sync::OnceLock::new();
    ORACLE.get_or_init(LaterOracle::new)
}

/// Each URL is taken, by `check` and by `accepts`.
fn taken(urls: &[&str]) {
    for url in urls {
        assert_eq!(oracle().check(url), Ok(()), "{url:?} should be taken");
        assert!(
            oracle().accepts(url),
            "{url:?}: accepts disagrees with check"
        );
    }
}

/// Each URL is refused, with a reason that contains the given words (the rule that refuses).
fn refused(cases: &[(&str, &str)]) {
    for (url, why) in cases {
        match oracle().check(url) {
            Ok(()) => panic!("{url:?} should be refused ({why})"),
            Err(reason) => assert!(
                reason.contains(why),
                "{url:?} is refused as {reason:?}, expected a reason with {why:?}"
            ),
        }
        assert!(
            !oracle().accepts(url),
            "{url:?}: accepts disagrees with check"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// The documents' own examples.

#[test]
fn rfc1738bis_examples() {
    taken(&[
        // §2.1
        "ftp://@host.com/",
        "ftp://host.com/",
        "ftp://foo:@host.com/",
        // §2.2.2
        "ftp://myname@host.dom/%2Fetc/motd",
        "ftp://myname@host.dom/etc/motd",
        "ftp://myname@host.dom//etc/motd",
        // §2.4, and its example newsgroup name
        "news:*",
        "news:comp.infosystems.www.misc",
        // §2.8, with the "$" the text escapes as "\$"
        "file://vms.host.edu/disk$user/my/notes/note12345.txt",
        // §2.9
        "prospero://host.dom//pros/name",
        // §4's references, rejoined where the text wraps them
        "ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol/Gopher+/Gopher+.txt",
        "ftp://prospero.isi.edu/pub/prospero/doc/prospero-protocol.PS.Z",
        "ftp://quake.think.com/pub/wais/doc/protspec.txt",
        // boilerplate and §5
        "http://www.ietf.org/ietf/1id-abstracts.txt",
        "http://www.ietf.org/shadow.html",
        "http://www.dankohn.com/",
    ]);
    // As printed: the line wraps put a space in, the conversion a backslash.
    refused(&[
        (
            "ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol /Gopher+/Gopher+.txt",
            "RFC 3986 URI: a character outside",
        ),
        (
            "ftp://prospero.isi.edu/pub/prospero/doc /prospero-protocol.PS.Z",
            "RFC 3986 URI: a character outside",
        ),
        (
            "http:// www.ietf.org/ietf/1id-abstracts.txt",
            "RFC 3986 URI: a character outside",
        ),
        (
            "file://vms.host.edu/disk\\$user/my/notes/note12345.txt",
            "RFC 3986 path-abempty",
        ),
    ]);
}

#[test]
fn ftp_uri_examples() {
    taken(&[
        // §2.2's historical note
        "ftp://myname@example.com/abc/def",
        "http://www.ietf.org/ietf/1id-abstracts.txt",
        "http://www.ietf.org/shadow.html",
        "http://www.ietf.org/ipr",
    ]);
}

#[test]
fn rfc4266_examples() {
    // The gopher+ strings of §2.4 to §2.9, each after a selector and an empty search, and the
    // empty paths and selectors of §2.1.
    taken(&[
        "gopher://gopher.example",
        "gopher://gopher.example/",
        "gopher://gopher.example/1",
        "gopher://gopher.example/11",
        "gopher://gopher.example/7sel%09search",
        "gopher://gopher.example/1sel%09%09+",
        "gopher://gopher.example/1sel%09%09?",
        "gopher://gopher.example/1sel%09%09!",
        "gopher://gopher.example/1sel%09%09$",
        "gopher://gopher.example/1sel%09%09!+ABSTRACT",
        "gopher://gopher.example/1sel%09%09!+ABSTRACT%20+SMELL",
        "gopher://gopher.example/1sel%09%09+application/postscript%20Es_ES",
        "gopher://gopher.example/1sel%09%09+%091%0D%0A+-1%0D%0Avalue1%0D%0Avalue2%0D%0A.%0D%0A",
        "ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol/Gopher+/Gopher+.txt",
    ]);
    refused(&[
        // §2.7 as printed: "% 20"
        (
            "gopher://gopher.example/1sel%09%09!+ABSTRACT% 20+SMELL",
            "RFC 3986 URI: a character outside",
        ),
        (
            "ftp://boombox.micro.umn.edu/pub/ gopher/gopher_protocol/Gopher+/Gopher+.txt",
            "RFC 3986 URI: a character outside",
        ),
    ]);
}

#[test]
fn other_documents_examples_of_these_schemes() {
    taken(&[
        // RFC 3986 §1.1.2
        "ftp://ftp.is.co.za/rfc/rfc1808.txt",
        "news:comp.infosystems.www.servers.unix",
        "telnet://192.0.2.16:80/",
        // uri(7)
        "news:comp.lang.ada",
        "telnet://melvyl.ucop.edu/",
        "file:///etc/passwd",
        "file:///usr/doc/ZZZ",
        // RFC 1738's Appendix
        "ftp://info.cern.ch/pub/www/doc;type=d",
        "ftp://ds.internic.net/rfc",
        "http://ds.internic.net/instructions/overview.html#WARNING",
    ]);
    // uri(7)'s newer file form has no "//", which rfc1738bis §2.8's template needs.
    refused(&[
        ("file:/etc/passwd", "file: file://<host>/<path>"),
        ("file:/cgi-bin/helpindex", "file: file://<host>/<path>"),
    ]);
}

#[test]
fn templates_with_values() {
    taken(&[
        "gopher://gopher.example:70/1sel",
        "nntp://news.example.com:119/comp.infosystems.www.misc/1234",
        "telnet://user:password@host.example.com:23/",
        "wais://host.dom:210/db",
        "wais://host.dom:210/db?search",
        "wais://host.dom:210/db/TEXT/doc-17",
        "file://host.example.com/dir/dir/name",
        "prospero://host.dom:1525/hsoname;field=value",
    ]);
}

// ---------------------------------------------------------------------------------------------
// Each scheme's readings and near misses.

#[test]
fn ftp() {
    taken(&[
        "ftp://host/a/b/c.txt;type=i",
        "ftp://host/;type=d",
        "ftp://host/x;type=A",
        "ftp://host/x;type=D",
        "ftp://host",
        "ftp://host:/x",
        "ftp://host:99999/",
        "ftp://[2001:db8::1]/",
        "ftp://[v7.x]/",
        "ftp://192.0.2.1/x",
        "ftp://999.1.1.1/",
        "ftp://1.2.3.256/",
        "ftp://u:p:q@h/",
        "ftp://ho%20st/",
        "ftp://a_b/",
        "ftp://h;type=a",
        "FTP://HOST/x",
        "ftp://host/x#frag",
        "ftp://host/x;type=a#f;g?h",
        "ftp://host/a%3Bb/c%2Fd",
        "ftp://host//",
    ]);
    refused(&[
        ("ftp://host/a;b", "ftp: a ';' in a <name> must be encoded"),
        ("ftp://host/a;b/c", "ftp: a ';' in a <cwd> must be encoded"),
        ("ftp://host/x;type=x", "ftp: ';type=<typecode>'"),
        ("ftp://host/x;TYPE=a", "ftp: ';type=<typecode>'"),
        ("ftp://host/x;type=", "ftp: ';type=<typecode>'"),
        ("ftp://host/x;type=aa", "ftp: ';type=<typecode>'"),
        ("ftp://h/a?b", "ftp: a query"),
        ("ftp://host?", "ftp: a query"),
        ("ftp:///a", "ftp: an empty host"),
        ("ftp://user@/x", "ftp: an empty host"),
        ("ftp:/x", "ftp: '//<host>'"),
        ("ftp:x", "ftp: '//<host>'"),
        ("ftp:", "ftp: '//<host>'"),
        ("ftp://host:21a/", "RFC 3986 port"),
        ("ftp://ho st/", "RFC 3986 URI: a character outside"),
        ("ftp://[1::2::3]/", "RFC 3986 host"),
    ]);
}

#[test]
fn gopher() {
    taken(&[
        "gopher://host:70/1",
        "gopher://host:/1",
        "gopher://[::1]/1",
        "gopher://a_b/1",
        "gopher://host/11/foo",
        "gopher://host/0a?b",
        "gopher://host/?",
        "gopher://host//x",
        "gopher://host/%09",
        "gopher://h/%091",
        "gopher://h/%0A",
        "gopher://h/%0d%09x",
        "gopher://host/7%09",
        "gopher://host/7sel%09a%0Db",
        "gopher://host/1sel%09q%09$+ABSTRACT%20+SMELL",
        "gopher://host/1sel%09%09+text/plain%20En_US",
        "gopher://host/1sel%09%09+%091%0d%0a+-1%0d%0aX%0d%0a.%0d%0a",
        // The gopher+ string is any characters, empty included (RFC 1738's *xchar).
        "gopher://host/1sel%09%09",
        "gopher://host/1sel%09%09*",
        "gopher://host/1sel%09%09??",
        "gopher://host/1sel%09%09+application/postscript",
        "gopher://host/1sel%09%09%09%0A%0D",
        "gopher://host/1sel%09+%091%0D%0A+-1%0D%0AX%0D%0A.%0D%0A",
        "gopher://host/1a%0Bb%08c",
        "gopher://host/1#frag",
    ]);
    refused(&[
        ("gopher://user@host/1", "gopher: no <user>@"),
        ("gopher://@host/1", "gopher: no <user>@"),
        ("gopher:///1", "gopher: an empty host"),
        ("gopher://", "gopher: an empty host"),
        ("gopher://host?x", "gopher: a <gopher-path> follows a '/'"),
        ("gopher://host/1a%0Ab", "gopher: an encoded LF or CR"),
        ("gopher://host/1a%0db", "gopher: an encoded LF or CR"),
        ("gopher://host/1a%0a%09b", "gopher: an encoded LF or CR"),
        ("gopher:/1", "gopher: 'gopher://<host>'"),
        ("gopher:1", "gopher: 'gopher://<host>'"),
        ("gopher://host/1%", "RFC 3986 pct-encoded"),
    ]);
}

#[test]
fn news() {
    taken(&[
        "news:comp.lang.c++",
        "news:alt.binaries_x-y",
        "news:comp..misc",
        "news:comp.",
        "NEWS:alt.test",
        "news:comp.misc#frag",
        "news:123abc@host.example.com",
        "news:a.b.c@example",
        "news:abc@1.2.3.4",
        "news:a/b:c!$&'()*+,;=%20@host.com",
        "news:/a@host.com",
    ]);
    refused(&[
        ("news:", "news: <newsgroup-name>"),
        ("news:.comp", "news: <newsgroup-name>"),
        ("news:1comp", "news: <newsgroup-name>"),
        ("news:comp:misc", "news: <newsgroup-name>"),
        ("news:comp.*", "news: <newsgroup-name>"),
        ("news:comp/misc", "news: <newsgroup-name>"),
        ("news:comp.misc?x", "news: <newsgroup-name>"),
        ("news:/comp.misc", "news: <newsgroup-name>"),
        ("news:comp%2Emisc", "news: <newsgroup-name>"),
        ("news:a@b@c.com", "news: <message-id>"),
        ("news:@host.com", "news: <message-id>"),
        ("news:abc@", "news: <message-id>"),
        ("news:abc@host.com.", "news: <message-id>"),
        ("news:abc@1.2.3.256", "news: <message-id>"),
        ("news:abc@a_b.com", "news: <message-id>"),
        ("news:a?b@host.com", "news: <message-id>"),
        (
            "news://host/comp.misc",
            "news: news:<newsgroup-name> or news:<message-id>",
        ),
    ]);
}

#[test]
fn nntp() {
    taken(&[
        "nntp://news.example.com/comp.misc/123",
        "nntp://news.example.com:119/comp.misc/123",
        "nntp://news.example.com/comp.misc",
        "nntp://news.example.com/comp.lang.c++/1",
        "nntp://1.2.3.4/g/1",
        "nntp://255.255.255.255/g",
        "nntp://localhost/g/1",
        "nntp://3com.com/g",
        "nntp://a-b.c-d/g/1#x",
    ]);
    refused(&[
        ("nntp://h/*", "nntp: /<newsgroup-name>"),
        (
            "nntp://news.example.com/comp.misc/",
            "nntp: /<newsgroup-name>",
        ),
        (
            "nntp://news.example.com/comp.misc/12a",
            "nntp: /<newsgroup-name>",
        ),
        (
            "nntp://news.example.com/comp.misc/1/2",
            "nntp: /<newsgroup-name>",
        ),
        ("nntp://news.example.com/", "nntp: /<newsgroup-name>"),
        ("nntp://news.example.com", "nntp: /<newsgroup-name>"),
        ("nntp://news.example.com/comp.misc/1?x", "nntp: a query"),
        (
            "nntp://user@news.example.com/comp.misc/1",
            "nntp: no <user>",
        ),
        ("nntp://news.example.com:/comp.misc/1", "nntp: port"),
        ("nntp://1.2.3.256/g", "nntp: host"),
        ("nntp://999.1.1.1/g/1", "nntp: host"),
        ("nntp://01.2.3.4/g/1", "nntp: host"),
        ("nntp://1.2.3/g/1", "nntp: host"),
        ("nntp://a_b/g", "nntp: host"),
        ("nntp://-a.example.com/g/1", "nntp: host"),
        ("nntp://a-.example.com/g/1", "nntp: host"),
        ("nntp://a.1com/g/1", "nntp: host"),
        ("nntp://[::1]/g/1", "nntp: host"),
        ("nntp://example.com./g/1", "nntp: host"),
        ("nntp://ex%61mple.com/g/1", "nntp: host"),
        ("nntp:///g/1", "nntp: host"),
        (
            "nntp:news.example.com/g",
            "nntp: the common Internet scheme syntax",
        ),
    ]);
}

#[test]
fn telnet() {
    taken(&[
        "telnet://host.example.com",
        "telnet://host.example.com/",
        "telnet://user:pass@host.example.com:23/",
        "telnet://@host.example.com/",
        "telnet://:pw@host.example.com/",
        "telnet://a:@host.example.com/",
        "telnet://us%3Aer:p%40w@host.example.com",
        "telnet://host",
        "telnet://host.example.com/#f",
    ]);
    refused(&[
        (
            "telnet://host.example.com/x",
            "telnet: nothing may follow the final '/'",
        ),
        (
            "telnet://host.example.com/?x",
            "telnet: nothing may follow the final '/'",
        ),
        (
            "telnet://host.example.com?",
            "telnet: nothing may follow the final '/'",
        ),
        (
            "telnet://host.example.com//",
            "telnet: nothing may follow the final '/'",
        ),
        ("telnet://u:p:q@h/", "telnet: user and password"),
        ("telnet://host.example.com:/", "telnet: port"),
        ("telnet://[::1]/", "telnet: host"),
        (
            "telnet:host.example.com",
            "telnet: the common Internet scheme syntax",
        ),
    ]);
}

#[test]
fn wais() {
    taken(&[
        "wais://wais.example.com/db",
        "wais://wais.example.com:210/db?term",
        "wais://wais.example.com/db?a/b?c",
        "wais://wais.example.com/db/TEXT/docid",
        "wais://h/",
        "wais://h/db?",
        "wais://h/db//",
        "wais://h/db//x",
        "wais://h/db/TEXT/",
        "wais://h/db;v2=x:@/t/p#f",
    ]);
    refused(&[
        ("wais://wais.example.com", "wais: /<database>"),
        ("wais://wais.example.com/db/", "wais: /<database>"),
        ("wais://wais.example.com/db/TEXT", "wais: /<database>"),
        ("wais://wais.example.com/db/TEXT/a/b", "wais: /<database>"),
        ("wais://wais.example.com/db/TEXT/x?q", "wais: /<database>"),
        ("wais://wais.example.com?q", "wais: /<database>"),
        ("wais://u@wais.example.com/db", "wais: no <user>"),
        ("wais://h:/db", "wais: port"),
        ("wais://a_b/db", "wais: host"),
    ]);
}

#[test]
fn file() {
    taken(&[
        "file:///etc/motd",
        "file://localhost/etc/motd",
        "file://LOCALHOST/etc/motd",
        "file://host/a%20b",
        "file://vms.host.edu/x",
        "file://1.2.3.4/x",
        "file:///",
        "file:///etc/",
        "file:////etc",
        "file:///a;b",
        "file:///a#f",
    ]);
    refused(&[
        ("file:/etc/motd", "file: file://<host>/<path>"),
        ("file:etc", "file: file://<host>/<path>"),
        ("file://host", "file: the /<path> is required"),
        ("file://", "file: the /<path> is required"),
        ("file://[::1]/x", "file: <host>"),
        ("file://a_b/x", "file: <host>"),
        ("file://1.2.3.256/x", "file: <host>"),
        ("file://h:80/x", "file: no :<port>"),
        ("file://host:/x", "file: no :<port>"),
        ("file://u@host/x", "file: no <user>@"),
        ("file:///etc/motd?x", "file: no '?'"),
    ]);
}

#[test]
fn prospero() {
    taken(&[
        "prospero://host.dom//pros/name",
        "prospero://host.dom:1525/x;OBJECT-VERSION=2",
        "prospero://host.dom/x;a=b;c=d",
        "prospero://host.dom/a=b",
        "prospero://host.dom/",
        "prospero://host.dom/;a=b",
        "prospero://host.dom/x;=b",
        "prospero://host.dom/x;a=",
        "prospero://host.dom/x;=",
        "prospero://host.dom/x;b=c%3Dd",
        "prospero://host.dom/x;b=c%3B%2Fd:@",
        "prospero://host.dom/a/b=c;d=e#f",
    ]);
    refused(&[
        ("prospero://host.dom", "prospero: /<hsoname>"),
        ("prospero://host.dom/x;a", "prospero: /<hsoname>"),
        ("prospero://h/a;b=c=d", "prospero: /<hsoname>"),
        ("prospero://host.dom/x;a=b;", "prospero: /<hsoname>"),
        ("prospero://host.dom/x;a=b/c", "prospero: /<hsoname>"),
        ("prospero://host.dom/x;a/b=c", "prospero: /<hsoname>"),
        (
            "prospero://u@host.dom/x",
            "prospero: \"No username or password is allowed\"",
        ),
        (
            "prospero://@host.dom/x",
            "prospero: \"No username or password is allowed\"",
        ),
        ("prospero://host.dom/x?y", "prospero: no '?'"),
        ("prospero://host.dom:/x", "prospero: port"),
        ("prospero://1.2.3/x", "prospero: host"),
        ("prospero:/x", "prospero: the common Internet scheme syntax"),
    ]);
}

#[test]
fn other_schemes_are_rfc_3986_uris() {
    taken(&[
        "http://example.com/path?q#f",
        "http://fred:fredpassword@example.com:8080/",
        "mailto:user@example.com",
        "urn:isbn:0451450523",
        "x:",
        "http:",
        "http://",
        "http:////x",
        "http://[v7.abc]/",
        "http://[V7.abc]/",
        "http://[::ffff:1.2.3.4]/",
        "http://[1:2:3:4:5:6:7:8]/",
        "http://[::]/",
        "http://[1::]/",
        "a+b-c.d:x",
        "http://a/b#",
        "http://a/?#?/",
        // A scheme is one of the eight only when it is spelled so.
        "ftps://h/a;b?c",
        "newsx:1@@",
        "file+x:etc",
    ]);
    refused(&[
        ("http://[1::2::3]/", "RFC 3986 host"),
        ("http://[1:2:3:4:5:6:7:8:9]/", "RFC 3986 host"),
        ("http://[fe80::1%25eth0]/", "RFC 3986 host"),
        ("http://[::1.2.3.256]/", "RFC 3986 host"),
        ("http://[::1", "RFC 3986 host"),
        ("http://a@b@c/", "RFC 3986 userinfo"),
        ("http://host:port/", "RFC 3986 port"),
        ("/relative/path", "RFC 3986 URI: no scheme"),
        ("//host/x", "RFC 3986 URI: no scheme"),
        ("", "RFC 3986 URI: no scheme"),
        ("1http://x", "RFC 3986 scheme"),
        ("http://host/%zz", "RFC 3986 pct-encoded"),
        ("http://host/%4", "RFC 3986 pct-encoded"),
        ("a://b#c#d", "RFC 3986 fragment"),
        ("a:b?c[", "RFC 3986 query"),
        ("http://a/<b>", "RFC 3986 path-abempty"),
        ("a:/b[", "RFC 3986 path"),
        ("http://a/b c", "RFC 3986 URI: a character outside"),
        ("http://a/\u{e9}", "RFC 3986 URI: a character outside"),
    ]);
}

// ---------------------------------------------------------------------------------------------
// Any input: no panic; ASCII only; long inputs.

#[test]
fn every_ascii_character_and_some_others_in_each_place() {
    let places = [
        "ftp://h/a{}b",
        "gopher://h/1{}%09{}%09{}",
        "news:a{}b",
        "news:a{}b@h.com",
        "nntp://h{}/g/1",
        "telnet://u{}p@h/",
        "wais://h/d{}b?s{}",
        "file://{}/a{}",
        "prospero://h/a{};b{}=c{}",
        "x:{}",
        "{}",
    ];
    let others = ['\u{80}', '\u{e9}', '\u{3000}', '\u{FEFF}', '\u{10FFFF}'];
    for place in places {
        for c in (0u8..0x80).map(char::from).chain(others) {
            let url = place.replace("{}", &c.to_string());
            let taken = oracle().accepts(&url);
            let reason = oracle().check(&url);
            assert_eq!(taken, reason.is_ok(), "{url:?}");
            if !c.is_ascii() || c.is_ascii_control() || c == ' ' {
                assert_eq!(
                    reason,
                    Err(
                        "RFC 3986 URI: a character outside the URI character set (space, \
                         control or non-ASCII)"
                            .to_owned()
                    ),
                    "{url:?}"
                );
            }
        }
    }
}

#[test]
fn long_inputs() {
    let long = "a".repeat(1 << 14);
    taken(&[
        &format!("ftp://h/{long}/{long};type=i"),
        &format!("gopher://h/1{long}%09{long}%09{long}"),
        &format!("news:{long}"),
        &format!("news:{long}@{long}.com"),
        &format!("nntp://{long}/{long}/123"),
        &format!("wais://h/{long}?{long}"),
        &format!("file:///{long}"),
        &format!("prospero://h/{long};{long}={long}"),
        &format!("x:{}", "%41".repeat(1 << 12)),
    ]);
    refused(&[
        (&format!("ftp://h/{long};"), "ftp: a ';' in a <name>"),
        (
            &format!("news:{long}\u{e9}"),
            "RFC 3986 URI: a character outside",
        ),
        (
            &format!("gopher://h/1{long}%0D"),
            "gopher: an encoded LF or CR",
        ),
        (
            &format!("x:{}%", "%41".repeat(1 << 12)),
            "RFC 3986 pct-encoded",
        ),
    ]);
}
