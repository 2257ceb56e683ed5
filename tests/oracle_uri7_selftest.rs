//! Tests of uri(7)'s recognizer in `tests/oracle_uri7/` against facts from the documents
//! themselves: the example URLs of uri(7), RFC 2255 and RFC 2254, the templates written with
//! concrete values, and near misses, each with the rule or reading that refuses it (the readings
//! are the module comment's, which follows `docs/grammar.md`).

use crate::oracle_uri7::Uri7Oracle;

fn oracle() -> &'static Uri7Oracle {
    static ORACLE: std::sync::OnceLock<Uri7Oracle> = std::sync::OnceLock::new();
    ORACLE.get_or_init(Uri7Oracle::new)
}

/// The URL as shown in a failure: its first 200 characters.
fn shown(url: &str) -> String {
    url.chars().take(200).collect()
}

/// Each URL is taken, by `check` and by `accepts`.
fn taken(urls: &[&str]) {
    for url in urls {
        let shown = shown(url);
        assert_eq!(oracle().check(url), Ok(()), "{shown:?} should be taken");
        assert!(
            oracle().accepts(url),
            "{shown:?}: accepts disagrees with check"
        );
        assert!(!oracle().too_deep(url), "{shown:?} is not too deep");
    }
}

/// Each URL is refused, with a reason that contains the given words (the rule that refuses).
fn refused(cases: &[(&str, &str)]) {
    for (url, why) in cases {
        let shown = shown(url);
        match oracle().check(url) {
            Ok(()) => panic!("{shown:?} should be refused ({why})"),
            Err(reason) => assert!(
                reason.contains(why),
                "{shown:?} is refused as {reason:?}, expected a reason with {why:?}"
            ),
        }
        assert!(
            !oracle().accepts(url),
            "{shown:?}: accepts disagrees with check"
        );
    }
}

/// An RFC 2254 filter written into an ldap URL: every character that is no `uric`, and `?`,
/// escaped.
fn filter_url(filter: &str) -> String {
    let mut url = String::from("ldap:///o=x???");
    for b in filter.bytes() {
        let uric = b.is_ascii_alphanumeric() || b"-_.!~*'();/:@&=+$,".contains(&b);
        if uric {
            url.push(char::from(b));
        } else {
            url.push_str(&format!("%{b:02X}"));
        }
    }
    url
}

/// `(&` `levels - 1` times around `(cn=x)`: `levels` parentheses deep.
fn nested(levels: usize) -> String {
    format!(
        "ldap:///??sub?{}(cn=x){}",
        "(&".repeat(levels - 1),
        ")".repeat(levels - 1)
    )
}

// ---------------------------------------------------------------------------------------------
// The documents' own examples.

#[test]
fn uri7_examples() {
    taken(&[
        // DESCRIPTION
        "http://www.kernel.org",
        // Usage, with the address's " AT " and " DOT " written back
        "http://fred:fredpassword@example.com:8080/",
        // http, ftp, mailto, news, telnet
        "http://lwn.net",
        "http://www.w3.org/CGI",
        "ftp://ftp.is.co.za/rfc/rfc1808.txt",
        "mailto:dwheeler@dwheeler.com",
        "news:*",
        "news:comp.infosystems.www.misc",
        "news:comp.lang.ada",
        "telnet://melvyl.ucop.edu/",
        // file, and the NOTES
        "file:/cgi-bin",
        "file:/etc/passwd",
        "file:///etc/passwd",
        "file:/cgi-bin/",
        "file:/cgi-bin/helpindex",
        "file:///usr/doc/ZZZ",
        // man and info
        "man:ls(1)",
        "man:(index)",
        "info:gcc",
        "info:gcc#G++_and_GCC",
        "info:(gcc)",
        "info:(dir)",
        "info:(gcc)G++%20and%20GCC",
        // ldap
        "ldap://ldap.itd.umich.edu/o=University%20of%20Michigan,c=US",
        "ldap://ldap.itd.umich.edu/o=University%20of%20Michigan,c=US?postalAddress",
        "ldap://host.com:6666/o=University%20of%20Michigan,c=US??sub?(cn=Babs%20Jensen)",
        // the other schemes it names
        "toc:man",
        "toc:info",
        "this:that",
    ]);
    refused(&[
        // As printed, and what the text says is no URI here.
        (
            "http://fred:fredpassword AT example DOT com:8080/",
            "ip_server",
        ),
        ("mailto:dwheeler AT dwheeler DOT com", "no uric"),
        ("info:(gcc)G++ and GCC", "nodename"),
        ("../test.txt", "no scheme"),
        ("./this:that", "RFC 2396 scheme"),
        ("www.w3.org/Addressing", "no scheme"),
    ]);
}

#[test]
fn rfc2255_examples() {
    taken(&[
        // §6
        "ldap:///o=University%20of%20Michigan,c=US",
        "ldap://ldap.itd.umich.edu/o=University%20of%20Michigan,c=US",
        "ldap://ldap.itd.umich.edu/o=University%20of%20Michigan,c=US?postalAddress",
        "ldap://host.com:6666/o=University%20of%20Michigan,c=US??sub?(cn=Babs%20Jensen)",
        "ldap://ldap.itd.umich.edu/c=GB?objectClass?one",
        "ldap://ldap.question.com/o=Question%3f,c=US?mail",
        "ldap:///??sub??bindname=cn=Manager%2co=Foo",
        "ldap:///??sub??!bindname=cn=Manager%2co=Foo",
        // The comma unescaped: a second extension, whose type is "o".
        "ldap:///??sub??bindname=cn=Manager,o=Foo",
        // the example with the '?' that the published text leaves out
        "ldap://ldap.netscape.com/o=Babsco,c=US???(int=%5c00%5c00%5c00%5c04)",
    ]);
    refused(&[
        // As published: the filter stands where the scope is.
        (
            "ldap://ldap.netscape.com/o=Babsco,c=US??(int=%5c00%5c00%5c00%5c04)",
            "RFC 2255 scope",
        ),
        // The example cut at the line end: an empty RDN.
        (
            "ldap://ldap.itd.umich.edu/o=University%20of%20Michigan,",
            "RFC 2253 distinguishedName",
        ),
        // The extension value's comma unescaped, and no type after it.
        ("ldap:///??sub??bindname=cn=Manager,", "RFC 2255 extype"),
    ]);
}

#[test]
fn rfc2254_examples() {
    let filters = [
        "(cn=Babs Jensen)",
        "(!(cn=Tim Howes))",
        "(&(objectClass=Person)(|(sn=Jensen)(cn=Babs J*)))",
        "(o=univ*of*mich*)",
        "(cn:1.2.3.4.5:=Fred Flintstone)",
        "(sn:dn:2.4.6.8.10:=Barney Rubble)",
        "(o:dn:=Ace Industry)",
        "(:dn:2.4.6.8.10:=Dino)",
        "(o=Parens R Us \\28for all your parenthetical needs\\29)",
        "(cn=*\\2A*)",
        "(filename=C:\\5cMyFile)",
        "(bin=\\00\\00\\00\\04)",
        "(sn=Lu\\c4\\8di\\c4\\87)",
    ];
    let urls: Vec<String> = filters.iter().map(|f| filter_url(f)).collect();
    taken(&urls.iter().map(String::as_str).collect::<Vec<_>>());
    // §4's grammar: the near misses of each of those.
    let misses = [
        "cn=Babs Jensen",
        "(cn=Babs Jensen",
        "(cn=Babs Jensen))",
        "(&)",
        "(!(a=b)(c=d))",
        "(o=Parens R Us (for all))",
        "(cn=\\2)",
        "(cn=a\\)",
        "(cn~=a*)",
        "(cn>=*)",
        "(cn<a)",
        "(:1.2.3:a=x)",
        "(cn:=a*)",
        "(cn:dn:1.2..3:=x)",
        "(1cn=x)",
        "(*=x)",
        "(cn=x)(sn=y)",
    ];
    for f in misses {
        refused(&[(&filter_url(f), "RFC 2254 filter")]);
    }
    // ":dn" ignores case, as an ABNF string; an attribute without a rule is extensible.
    taken(&[
        &filter_url("(o:DN:=Ace)"),
        &filter_url("(cn:=Fred)"),
        &filter_url("(cn;lang-en=x)"),
        &filter_url("(cn=)"),
        &filter_url("(cn=**)"),
        &filter_url("(2.5.4.3=x)"),
        // Without an attribute, ":dn" before ":=" is the matching rule named "dn".
        &filter_url("(:dn:=Dino)"),
    ]);
}

// ---------------------------------------------------------------------------------------------
// The templates with values, and near misses.

#[test]
fn templates_with_values() {
    taken(&[
        "http://u:p@h.example:8080/path;p/b?k=v&k2=v2",
        "http://h/?q",
        "http://@h/",
        "http://h:/",
        "http://1.2.3.256/",
        "http://h.example./",
        "ftp://u:p@h/a/b;type=i",
        "gopher://h",
        "gopher://h/",
        "gopher://h/1sel",
        "gopher://h/7sel%09search",
        "gopher://h/7sel%09search%09+gopher%09more",
        "mailto:a@b.example",
        "mailto:%2Fa",
        "news:a1.b-c+d_e",
        "news:abc$123@host.example",
        "telnet://u:p@h:23",
        "file://localhost/etc/passwd",
        "file://u@h:1/etc/",
        "wais://h:210/db",
        "wais://h/db?search+words",
        "wais://h/db;v2/type/path",
        "wais://h/",
        "man:ls",
        "man:tclsh(n)",
        "man:printf(3p)",
        "man:ls%281%29",
        "info:gcc",
        "info:(gcc)Top",
        "whatis:ls",
        "ghelp:nautilus",
        "ldap://h",
        "ldap://h/",
        "ldap://h:/",
        "ldap:///cn=a%5C%2Cb",
        "ldap:///cn=%22a,b%22",
        "ldap:///cn=%230A1B,2.5.4.3=x+sn=y",
        "ldap:///cn=#fragment",
        "ldap:///?cn,sn;lang-en?ONE?(objectClass=*)?X-1.2.3=v=w,!x,%21y",
        "ldap:///?%61",
        "x:y",
        "urn:ietf:rfc:2396",
        "foo://a_b/",
        "foo://u@/",
        "foo:/a?b#c",
        "http://h/#",
    ]);
}

#[test]
fn near_misses() {
    refused(&[
        ("http:/h/", "no '//'"),
        ("http:///a", "ip_server"),
        ("http://h?q", "a query without a path"),
        ("http://[::1]/", "ip_server"),
        ("http://h/a b", "path"),
        ("http://h/%4", "path"),
        ("http://h/#a#b", "RFC 2396 fragment"),
        ("http://h:8a/", "ip_server"),
        ("http://1h/", "ip_server"),
        ("ftp://h/a?b", "a query"),
        ("ftp://h?", "a query"),
        ("gopher://h?x", "a query"),
        ("gopher://h/1a b", "path"),
        ("mailto:", "empty"),
        ("mailto:/a", "uric_no_slash"),
        ("mailto:a%zz", "'%'"),
        ("news:", "newsgroup-name"),
        ("news:1comp", "newsgroup-name"),
        ("news:a@b@c.example", "two '@'"),
        ("news:@h.example", "unique part"),
        ("news:/a@h.example", "starting with '/'"),
        ("news:a@1.2.3.4", "full_domain_name"),
        ("telnet://h/x", "after the final '/'"),
        ("telnet://h?x", "after the final '/'"),
        ("telnet:///", "ip_server"),
        ("file:etc/passwd", "from the root"),
        ("file://h", "from the root"),
        ("file:///a?b", "a query"),
        ("wais://h", "'/database'"),
        ("wais://u@h/db", "hostport"),
        ("wais://h/db/t", "database/wtype/wpath"),
        ("wais://h/db/t/p?s", "a search after"),
        ("man:", "command-name"),
        ("man:/usr/share/man/man1/ls.1", "command-name"),
        ("man:ls()", "section"),
        ("man:ls(1.1)", "section"),
        ("man:ls(1", "command-name"),
        ("info:", "virtual-filename"),
        ("info:/gcc", "virtual-filename"),
        ("info:()", "virtual-filename"),
        ("info:(gcc", "without its ')'"),
        ("whatis:", "empty"),
        ("ghelp:///usr/share/help/gnome", "uric_no_slash"),
        ("ldap:h/", "no '//'"),
        ("ldap://h?x", "'?' without the '/'"),
        ("ldap://u@h/", "hostport"),
        ("ldap:///?a?base?(a=b)?x?y", "fifth unescaped '?'"),
        ("ldap:///a", "RFC 2253"),
        ("ldap:///cn=a%2Cb", "RFC 2253"),
        ("ldap:///oid.2.5.4.3=x", "RFC 2253"),
        ("ldap:///cn=a;o=b", "RFC 2253"),
        ("ldap:///cn=%230", "RFC 2253"),
        ("ldap:///cn=%22a", "RFC 2253"),
        ("ldap:///cn=a%5C", "RFC 2253"),
        ("ldap:///?*", "attrdesc"),
        ("ldap:///?a,", "attrdesc"),
        ("ldap:///?a%2Cb", "attrdesc"),
        ("ldap:///?1a", "attrdesc"),
        ("ldap:///??subtree", "scope"),
        ("ldap:///??%62ase%3F", "scope"),
        ("ldap:///???(a=b", "RFC 2254 filter"),
        ("ldap:///????", "a '?' followed by no extension"),
        ("ldap:///????=v", "extype"),
        ("ldap:///????!!x", "extype"),
        ("ldap:///????a%3Db", "extype"),
        ("ldap:///?a b", "no uric"),
        ("ldap:///a b", "no path character"),
        ("x:", "empty"),
        ("1x:y", "RFC 2396 scheme"),
        (":y", "RFC 2396 scheme"),
        ("x", "no scheme"),
        ("x://a b/", "authority"),
        ("x://h/a%", "abs_path"),
        ("x:/a?b c", "query"),
        ("x:a\u{e9}", "no uric"),
    ]);
}

// ---------------------------------------------------------------------------------------------
// The readings where the documents leave a choice that docs/grammar.md settles.

#[test]
fn ftp_path_may_be_left_out_with_its_slash() {
    taken(&["ftp://h", "ftp://u:p@h:21", "ftp://h#f"]);
    refused(&[("ftp://", "ip_server"), ("ftp://h?", "a query")]);
}

#[test]
fn gopher_type_is_any_character_or_escape() {
    taken(&[
        "gopher://h/%091",
        "gopher://h/%0D1",
        "gopher://h/%0a",
        "gopher://h/%09",
        "gopher://h/;",
        "gopher://h//",
    ]);
    refused(&[("gopher://h/%0", "path"), ("gopher://h/ 1", "path")]);
}

#[test]
fn gopher_selector_may_hold_lf_and_cr() {
    taken(&[
        "gopher://h/1a%0Db",
        "gopher://h/1a%0Ab",
        "gopher://h/1%0d%0a",
        "gopher://h/1sel%09search%0D%09plus%0A",
    ]);
    refused(&[("gopher://h/1a%0", "path")]);
}

#[test]
fn info_file_name_starts_without_a_slash() {
    taken(&["info:(a/b)", "info:(a/b)node", "info:(%2Fgcc)", "info:a/b"]);
    refused(&[
        ("info:(/gcc)", "virtual-filename"),
        ("info:(/)", "virtual-filename"),
        ("info:(//)#x", "virtual-filename"),
        ("info:/gcc", "virtual-filename"),
    ]);
}

#[test]
fn ldap_semicolon_as_it_is_or_escaped() {
    taken(&[
        "ldap:///?cn%3Blang",
        "ldap:///?cn;lang",
        "ldap:///?cn;lang-en;x,sn%3bphonetic",
        "ldap:///????a;b=v",
        "ldap:///????a%3Bb=v",
        "ldap:///????!a%3Bb",
    ]);
    refused(&[
        ("ldap:///?cn;", "attrdesc"),
        ("ldap:///?cn%3B", "attrdesc"),
        ("ldap:///?;lang", "attrdesc"),
        ("ldap:///????;a", "extype"),
    ]);
}

// ---------------------------------------------------------------------------------------------
// Any input: no panic; nesting; long inputs.

#[test]
fn every_ascii_character_and_some_others_in_each_place() {
    let places = [
        "http://h{}/a{}?q{}#f{}",
        "http://u{}p@h/",
        "ftp://h/a{}",
        "gopher://h/{}sel{}%09s{}%09{}",
        "mailto:{}a{}",
        "news:a{}b",
        "news:a{}b@h{}.example",
        "telnet://h{}/{}",
        "file:{}/a{}",
        "file://{}/a",
        "wais://h{}/d{}/t{}/p{}",
        "man:ls{}({}1{})",
        "info:({}gcc{}){}",
        "info:{}gcc{}",
        "whatis:{}",
        "ghelp:{}x",
        "ldap://h{}/cn={}a{}?c{}n?s{}?(c{}n=a{}b)?e{}=v{}",
        "ldap:///???({}&(a=b))",
        "x:{}",
        "x://{}/{}",
        "{}",
    ];
    let others = ['\u{80}', '\u{e9}', '\u{3000}', '\u{FEFF}', '\u{10FFFF}'];
    for place in places {
        for c in (0u8..0x80).map(char::from).chain(others) {
            let url = place.replace("{}", &c.to_string());
            let reason = oracle().check(&url);
            assert_eq!(oracle().accepts(&url), reason.is_ok(), "{url:?}");
            assert!(!oracle().too_deep(&url), "{url:?}");
            // No class of RFC 2396 holds a space, a control or a non-ASCII character.
            if !c.is_ascii() || c.is_ascii_control() || c == ' ' {
                assert!(reason.is_err(), "{url:?} should be refused");
            }
        }
    }
    // Every escape in a filter value, decoded: only NUL, '(' and ')' and '\' alone, and '*'
    // outside an equality are refused.
    for b in 0u8..=0xFF {
        let url = format!("ldap:///???(cn~=a%{b:02X}b)");
        let expected = !matches!(b, 0 | b'(' | b')' | b'\\' | b'*');
        assert_eq!(oracle().accepts(&url), expected, "{url:?}");
    }
}

#[test]
fn nesting_up_to_the_bound_and_beyond() {
    taken(&[&nested(1), &nested(199), &nested(200)]);
    for levels in [201, 248, 249, 1_000, 100_000] {
        let url = nested(levels);
        assert!(oracle().too_deep(&url), "{levels} levels");
        assert_eq!(
            oracle().check(&url),
            Err("RFC 2254 filter: deeper than the nesting limit (200 levels)".to_owned()),
            "{levels} levels"
        );
    }
    // Deep with '!' and '|', and unclosed: still too deep, never a stack overflow.
    let url = format!("ldap:///???{}", "(!(%7C".repeat(500_000));
    assert!(oracle().too_deep(&url));
    // An error found before the bound is an ordinary refusal.
    let url = format!("ldap:///???{}(x)", "(&".repeat(100));
    assert!(!oracle().too_deep(&url));
    refused(&[(&url, "RFC 2254 filter")]);
    let url = format!("ldap:///???(&(a=b)(c{}", "(&".repeat(300));
    assert!(!oracle().too_deep(&url));
    refused(&[(&url, "RFC 2254 filter")]);
    // Wide, not deep: many filters at one level.
    let wide = format!("ldap:///???(%7C{})", "(cn=x)".repeat(100_000));
    taken(&[&wide]);
}

#[test]
fn long_inputs() {
    let long = "a".repeat(1 << 20);
    taken(&[
        &format!("http://{long}.example/{long}?{long}#{long}"),
        &format!("ftp://h/{long}"),
        &format!("gopher://h/1{long}%09{long}%09{long}"),
        &format!("news:{long}"),
        &format!("news:{long}@{long}.example"),
        &format!("file:///{long}"),
        &format!("wais://h/{long}?{long}"),
        &format!("man:{long}(1)"),
        &format!("info:({long}){long}"),
        &format!("ldap:///cn={long}?{long}?sub?(cn={long}*{long})?{long}={long}"),
        &format!("x:{}", "%41".repeat(1 << 18)),
        &format!("ldap:///{}", "cn=x,".repeat(1 << 16) + "cn=x"),
        &format!("ldap:///???(cn:{long}:={long})"),
    ]);
    refused(&[
        (&format!("news:{long}\u{e9}"), "newsgroup-name"),
        (&format!("ftp://h/{long}%"), "path"),
        (&format!("ldap:///???(cn:{long}={long})"), "RFC 2254 filter"),
        (
            &format!("ldap:///???(:{}x)", ":a".repeat(1 << 18)),
            "RFC 2254 filter",
        ),
        (&"?".repeat(1 << 20), "no scheme"),
        (&format!("ldap:///{}", "?".repeat(1 << 20)), "fifth"),
        (&"%".repeat(1 << 20), "no scheme"),
    ]);
}
