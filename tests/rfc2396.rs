//! RFC 2396: the resolution examples of its Appendix C, pinned; and the pest
//! grammar of Appendix A and the §5.2 resolver against an independent
//! recognizer and resolver (`tests/oracle_rfc2396/`, written from the RFC
//! alone), on many generated and mutated references: same verdict, same
//! components, same first byte where an input leaves the language, same
//! resolution.

use crate::checks_rfc2396;
use crate::oracle_rfc2396;

use std::fmt::Write;

use checks_rfc2396::Rfc2396Check;
use oracle_rfc2396::Rfc2396Oracle;
use rfc1738::{Spec, UriRef, Url};

const BASE: &str = "http://a/b/c/d;p?q";

#[test]
fn appendix_c_resolves_as_the_rfc_says() {
    let base = UriRef::parse(BASE).unwrap();
    let mut report = format!("base {BASE}\n\n");
    let mut lines = 0;
    for line in include_str!("data/rfc2396_resolution.tsv").lines() {
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        let [kind, reference, expected] = line.split('\t').collect::<Vec<_>>()[..] else {
            panic!("three columns: {line:?}")
        };
        lines += 1;
        let shown = if reference.is_empty() {
            "<>"
        } else {
            reference
        };
        match UriRef::parse(reference) {
            Ok(parsed) => {
                let resolved = parsed.resolve(&base).unwrap();
                assert_eq!(resolved, expected, "{kind} example {reference:?}");
                assert_eq!(resolved, oracle_rfc2396::resolve(BASE, reference));
                writeln!(report, "{kind:8} {shown:14} = {resolved}").unwrap();
            }
            Err(error) => {
                // Appendix C resolves "?y", which Appendix A's grammar does not
                // derive: a relativeURI starts with a path.
                assert_eq!(reference, "?y", "{error}");
                writeln!(
                    report,
                    "{kind:8} {shown:14} not a URI-reference: {}\n{:23} help: {}\n{:23} (Appendix C: {expected})",
                    error.message(),
                    "",
                    error.help().unwrap(),
                    ""
                )
                .unwrap();
            }
        }
    }
    assert_eq!(
        lines, 42,
        "Appendix C has 22 normal and 20 abnormal examples"
    );
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../snapshots");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| insta::assert_snapshot!("rfc2396__appendix_c", report));
}

#[test]
fn uri7_relative_references() {
    let this_that = UriRef::parse("this:that").unwrap();
    assert_eq!(
        (this_that.scheme(), this_that.path()),
        (Some("this"), "that")
    );
    assert!(this_that.is_opaque());
    let dotted = UriRef::parse("./this:that").unwrap();
    assert!(dotted.is_relative());
    assert_eq!(dotted.path(), "./this:that");
    let base = UriRef::parse("file:///usr/doc/ZZZ/index.html").unwrap();
    assert_eq!(
        UriRef::parse("../test.txt")
            .unwrap()
            .resolve(&base)
            .unwrap(),
        "file:///usr/doc/test.txt"
    );
    assert_eq!(
        dotted.resolve(&base).unwrap(),
        "file:///usr/doc/ZZZ/this:that"
    );
    // The abbreviated URI is a relative path to RFC 2396, and no URI.
    let error = Url::parse_with("www.w3.org/Addressing", Spec::Rfc2396).unwrap_err();
    assert!(
        error
            .help()
            .unwrap()
            .contains("http://www.w3.org/Addressing")
    );
    assert!(
        UriRef::parse("www.w3.org/Addressing")
            .unwrap()
            .is_relative()
    );
}

/// A base with an authority and no path: RFC 2396 §5.2 would glue the
/// authority and the reference's path together (`http://ag`); this resolver
/// reads the path as "/", as RFC 2396 §3.3 and RFC 3986 do.
#[test]
fn a_base_without_a_path_resolves_below_its_root() {
    let base = UriRef::parse("http://a").unwrap();
    let g = UriRef::parse("g").unwrap();
    assert_eq!(g.resolve(&base).unwrap(), "http://a/g");
    assert_eq!(oracle_rfc2396::resolve("http://a", "g"), "http://ag");
}

/// Pieces of references, chosen to sit on the rules' boundaries.
const SCHEMES: &[&str] = &["http:", "x+y.z-1:", "f:", "1a:", "a_b:", ":", ""];
const AUTHORITIES: &[&str] = &[
    "//h",
    "//host.dom",
    "//a.b.",
    "//a..b",
    "//1.2.3.4",
    "//1.2.3.4.",
    "//1.2.3",
    "//a.1",
    "//a-.b",
    "//a_b",
    "//u@h",
    "//u:p@h:80",
    "//@h",
    "//h:",
    "//:80",
    "//u@",
    "//",
    "//h:8x",
    "//a;b=c",
    "//%41",
    "//a b",
    "//[::1]",
    "",
];
const PATHS: &[&str] = &[
    "",
    "/",
    "/a/b",
    "/a;p/b;q=1",
    "//x",
    "a",
    "a/b",
    "a:b",
    "./a:b",
    "../g",
    ".",
    "/%7e",
    "/%zz",
    "/~u",
    "/a b",
    "/a|b",
    "(x)",
    "*",
    "a@b",
    "/é",
    "?",
];
const TAILS: &[&str] = &[
    "", "?", "?q", "?a/b?c", "#", "#f", "#a#b", "?q#f", "#%41", "?%4", "#^",
];
const MUTATION: &[&str] = &[
    "/", "//", "?", "#", ":", "@", "%", "%2", "%41", ".", "..", ";", "=", "-", "_", "~", " ", "[",
    "|", "a", "1", "é",
];

fn generated(count: usize) -> Vec<String> {
    let mut rng = fastrand::Rng::with_seed(2396);
    let pick = |rng: &mut fastrand::Rng, from: &[&'static str]| from[rng.usize(..from.len())];
    let mut inputs = Vec::new();
    for _ in 0..count {
        let built = format!(
            "{}{}{}{}",
            pick(&mut rng, SCHEMES),
            pick(&mut rng, AUTHORITIES),
            pick(&mut rng, PATHS),
            pick(&mut rng, TAILS)
        );
        let mut chars: Vec<char> = built.chars().collect();
        for _ in 0..rng.usize(0..3) {
            let at = rng.usize(..=chars.len());
            let piece: Vec<char> = pick(&mut rng, MUTATION).chars().collect();
            match rng.usize(..3) {
                0 => drop(chars.splice(at..at, piece)),
                1 if at < chars.len() => drop(chars.remove(at)),
                _ => chars.truncate(at),
            }
        }
        inputs.push(built);
        inputs.push(chars.into_iter().collect());
    }
    inputs.sort_unstable();
    inputs.dedup();
    inputs
}

#[test]
fn pest_and_the_independent_recognizer_agree() {
    let mut check = Rfc2396Check::new();
    let count = std::env::var("RFC1738_DIFFERENTIAL_INPUTS")
        .map_or(60_000, |n| n.parse().expect("a number"));
    let inputs = generated(count);
    let (mut valid, mut absolute) = (0, 0);
    let mut problems = Vec::new();
    for input in &inputs {
        match check.input(input) {
            Ok(verdict) => {
                valid += usize::from(verdict.reference);
                absolute += usize::from(verdict.absolute);
            }
            Err(problem) => problems.push(problem),
        }
    }
    eprintln!(
        "rfc2396: {} distinct inputs compared ({valid} URI references, {absolute} absolute), {} problems",
        inputs.len(),
        problems.len()
    );
    assert!(
        problems.is_empty(),
        "{}",
        problems[..problems.len().min(20)].join("\n")
    );
    assert!(valid * 5 > inputs.len(), "too few valid inputs: {valid}");
    assert!(absolute * 10 > inputs.len(), "too few absolute: {absolute}");
}

/// What makes uri(7)'s forms part ways: their delimiters, ldap's and
/// man's parentheses and filter characters, escapes of the characters
/// they give a meaning to.
#[cfg(feature = "arbitrary")]
const URI7_PIECES: &[&str] = &[
    "(", ")", "%28", "%29", "*", "=", "%3D", "&", "%7C", "!", "%5C", "%5C2a", ",", "%2C", "?",
    "??", "#", "%09", "%0A", "%0D", ";", "%3B", "/", "//", ":", "@", ".", "%", "%2", "+", "_",
    "(&(a=b)", "1", "x", " ", "é",
];

/// URLs of every scheme and of the generic form (man, info, whatis, ghelp
/// and ldap among them under RFC 2396), generated from each
/// specification's grammar, each with three mutations and a near miss
/// under RFC 2396.
#[cfg(feature = "arbitrary")]
fn uri7_inputs(per_scheme: usize) -> Vec<String> {
    crate::common::generated_urls_and_mutants(2255, per_scheme, URI7_PIECES, Spec::Rfc2396)
}

#[cfg(feature = "arbitrary")]
#[test]
fn the_uri7_forms_are_the_independent_oracle_s() {
    let oracle = crate::oracle_uri7::Uri7Oracle::new();
    let per_scheme =
        std::env::var("RFC1738_URI7_INPUTS").map_or(300, |n| n.parse().expect("a number"));
    let inputs = uri7_inputs(per_scheme);
    let mut taken = 0;
    for input in inputs
        .iter()
        .cloned()
        .chain(generated(5_000))
        .chain(crate::common::documents_and_tables())
    {
        if let Err(problem) = checks_rfc2396::against_uri7_oracle(&oracle, &input) {
            panic!("{problem}");
        }
        taken += usize::from(oracle.accepts(&input));
    }
    // Both verdicts are met often enough for the comparison to mean something.
    assert!(taken > inputs.len() / 5, "{taken} of {}", inputs.len());
    assert!(taken < inputs.len() * 4 / 5, "{taken} of {}", inputs.len());
}

#[test]
fn resolution_agrees_with_the_independent_resolver() {
    let oracle = Rfc2396Oracle::new();
    let inputs = generated(6_000);
    let references: Vec<UriRef<'_>> = inputs
        .iter()
        .filter_map(|input| UriRef::parse(input).ok())
        .collect();
    // Bases: absolute, hierarchical, with a path when they have an authority
    // (see `a_base_without_a_path_resolves_below_its_root`).
    let bases: Vec<&UriRef<'_>> = references
        .iter()
        .filter(|uri| {
            !uri.is_relative()
                && !uri.is_opaque()
                && (uri.authority().is_none() || !uri.path().is_empty())
        })
        .collect();
    assert!(bases.len() > 100, "{} bases", bases.len());
    let mut rng = fastrand::Rng::with_seed(5);
    let mut compared = 0;
    for reference in &references {
        for _ in 0..4 {
            let base = bases[rng.usize(..bases.len())];
            let ours = reference.resolve(base).unwrap();
            let theirs = oracle_rfc2396::resolve(base.as_str(), reference.as_str());
            assert_eq!(
                ours,
                theirs,
                "{:?} against {:?}",
                reference.as_str(),
                base.as_str()
            );
            // What resolution gives is a URI reference again, unless the
            // reference kept a `..` above the root or the path glued on.
            if oracle.uri_reference(&theirs).is_some() {
                assert!(UriRef::parse(&ours).is_ok(), "{ours:?}");
            }
            compared += 1;
        }
    }
    eprintln!("rfc2396: {compared} resolutions compared");
}

/// uri(7)'s templates, read in RFC 2396's terms: what each form takes and
/// what it refuses although the generic syntax takes it.
#[test]
fn uri7_forms_narrow_the_generic_syntax() {
    let oracle = Rfc2396Oracle::new();
    let accepted = [
        "http://www.kernel.org",
        "http://fred:fredpassword@example.com:8080/",
        "http://h/p?q#f",
        "ftp://ftp.is.co.za/rfc/rfc1808.txt",
        "gopher://h",
        "gopher://h/1sel%09find",
        "mailto:dwheeler@dwheeler.com",
        "news:*",
        "news:comp.lang.ada",
        "news:1234@host.dom",
        "telnet://melvyl.ucop.edu/",
        "telnet://u@h:23",
        "file:/etc/passwd",
        "file:///etc/passwd",
        "file://localhost/etc/passwd",
        "wais://h/db",
        "wais://h:210/db?query",
        "wais://h/db/type/path",
        // Each part is a path segment, which may hold parameters.
        "wais://h/db;v2",
        "wais://h/db;a;b/type;x/path;y",
        "wais://h/db;x?query",
        "man:ls(1)",
        "man:(index)",
        "info:(gcc)G++%20and%20GCC",
        "whatis:ls",
        "ghelp:gedit",
        "http://lwn.net",
        "http://h#f",
        "http://h/?q",
        "ldap://h",
        "ldap:///o=x??one?(&(a=b)(c=d))?!e=v",
        // RFC 2254 §6's filters, escaped as RFC 2255 §2 writes them.
        "ldap://h/o=x???(!(cn=Tim%20Howes))",
        "ldap://h/o=x???(&(objectClass=Person)(%7C(sn=Jensen)(cn=Babs%20J*)))",
        "ldap://h/o=x???(o=univ*of*mich*)",
        "ldap://h/o=x???(seeAlso=)",
        "ldap://h/o=x???(cn=*)",
        "ldap://h/o=x???(o:dn:=Ace%20Industry)",
        "ldap://h/o=x???(:dn:2.4.6.8.10:=Dino)",
        "ldap://h/o=x???(cn:dnQualifier:=x)",
        "ldap://h/o=x???(:dnQualifier:=x)",
        "ldap://h/o=x???(:dn:=x)",
        "ldap://h/o=x?cn%3Bbinary??(cn;lang-en=x)",
        "ldap://h/o=x???(a%3Bb=)",
        "ldap://h/o=x???(o=Parens%20R%20Us%20%5C28for%20all%5C29)",
        "ldap://h/o=x???(cn=*%5C2A*)",
        "ldap://h/o=x???(bin=%5C00%5C00%5C00%5C04)",
        "ldap://h/o=x???(n%3E=5)",
        "ldap://h/o=x???(cn~=x)",
        // RFC 2253's pairs, hex strings and quoted strings, and its specials
        // written as escapes (the DN is the decoded text).
        "ldap://h/cn=a%5C%2Cb,o=x",
        "ldap://h/cn=a%5C2Cb",
        "ldap://h/cn=%23a1b2",
        "ldap://h/cn=%22a,b%22",
        "ldap://h/cn=a%2Bsn=b%2Co=x",
        "ldap://ldap.question.com/o=Question%3f,c=US?mail",
        // RFC 2255's extension types: RFC 2252's oid (a descr, whose
        // characters include ";", or dotted digits), and "X-" with one.
        "ldap:///????X-1.2",
        "ldap:///????x-1.2.3=v,!X-bind",
        "ldap:///????x-1a",
        "ldap:///????a;b=v",
        "ldap:///????a%3Bb",
        "ldap:///????1.2.3",
        // Letters, digits, "-", "." and "!" escaped (RFC 2396 §2.3).
        "ldap:///%63n=x?%61%3B%6Cang-%65n?%73ub?(%63n:%64n:=x)?%21%58%2D1%2E2",
        "ldap:///cn=%5C%34%31",
        // Where a template leaves a choice, RFC 1738's BNF of the same
        // template: ftp's path may be left out; gopher's type is any one
        // character and its selector `*xchar`; a `;` of an attribute option
        // as it is or escaped (docs/grammar.md).
        "ftp://h",
        "gopher://h/%0D1",
        "gopher://h/%091",
        "gopher://h/1a%0Db",
        "info:(a/b)",
        "ldap:///?cn%3Blang",
        "ldap:///?cn;lang",
    ];
    let refused = [
        ("http:/x", 6),       // no ip_server
        ("http://a_b/", 10),  // a reg_name, not a host
        ("http:///x", 7),     // an empty server
        ("ftp://h/a?b", 9),   // ftp has no query
        ("http://h?q", 8),    // http's query follows a path
        ("ftp://h?", 7),      // where the path would start
        ("wais://h#", 8),     // a database, after "/"
        ("telnet://h/x", 11), // telnet has no path
        ("news:a@b@c", 8),    // one "@" in a message-id
        ("news:1ab", 8),      // a group name starts with a letter (or an "@" follows)
        ("file://h", 8),      // a path after the server
        ("file://h#", 8),     // a path, not a fragment, after the server
        ("file://u@h:1#x", 12),
        ("file:etc/passwd", 5), // uri(7)'s second form: a path from the root
        ("wais://u@h/db", 8),   // no user in wais
        ("wais://h", 8),        // a database
        ("man:ls(1", 8),
        ("man:(foo)", 5),
        ("info:(gcc", 9),
        ("info:(/gcc)", 6),            // a file name starts as GNOME's form needs
        ("ldap://h/x", 10),            // no "=" in the DN
        ("ldap://h/o=x??subtree", 17), // base, one or sub
        ("ldap://h/o=x???cn=x", 15),   // a filter in parentheses
        ("ldap://u@h/", 8),            // no user in ldap
        // An extension type is an oid: no "." in a descr, none at the end.
        ("ldap:///????X-1.2a", 17),
        ("ldap:///????x-1.", 16),
        ("ldap:///????a.b", 13),
        // An escape of a character no name holds is none of its letters;
        // "," and "=" between the parts are written as they are.
        ("ldap:///?%2C", 9),
        ("ldap:///?a%2Cb", 11),
        ("ldap:///??%5Aub", 10),
        ("ldap:///????%21%21e", 15),
        // The look-ahead after "X-" and an OID reads no escape it refuses.
        ("ldap:///????X-1%20v", 15),
        ("ldap:///????X-1.2%2F", 17),
        // RFC 2254: a filter holds a filtercomp, an item an attribute and a
        // filter type, "&" a filter or more; '(' and its escape %28 are no
        // part of a value.
        ("ldap://h/o=x???()", 16),
        ("ldap://h/o=x???(cn)", 18),
        ("ldap://h/o=x???((cn=x))", 16),
        ("ldap://h/o=x???(&)", 17),
        ("ldap://h/o=x???(cn~x)", 19),
        ("ldap://h/o=x???(cn=a(b))", 20),
        ("ldap://h/o=x???(cn=x)(cn=y)", 21),
        // A "\" of a filter value takes two hex digits.
        ("ldap://h/o=x???(cn=%5Cx)", 22),
        // RFC 2253: "\" quotes a special, "\", QUOTATION or a hex pair; an
        // escaped ',' is a ',' (then "b" is no attributeTypeAndValue); a hex
        // string has whole pairs; a quoted string is closed.
        ("ldap://h/cn=a%5Cx", 16),
        ("ldap://h/cn=a%5C", 16),
        ("ldap://h/cn=a%2Cb", 17),
        ("ldap://h/cn=%23a1b", 18),
        ("ldap://h/cn=%22a", 16),
    ];
    for input in accepted {
        let url = Url::parse_with(input, Spec::Rfc2396);
        assert!(url.is_ok(), "{input}: {}", url.unwrap_err());
        assert!(oracle.uri_reference(input).is_some(), "{input}");
    }
    for (input, offset) in refused {
        let error = Url::parse_with(input, Spec::Rfc2396).unwrap_err();
        assert_eq!(error.offset(), offset, "{input}: {error}");
        assert!(
            oracle.uri_reference(input).is_some(),
            "{input} is a URI reference"
        );
    }
    // Where a file URI's server ends, the path is expected, not what the
    // other forms take there.
    let error = Url::parse_with("file://h#", Spec::Rfc2396).unwrap_err();
    let expected: Vec<String> = error.expected().iter().map(ToString::to_string).collect();
    assert_eq!(expected, ["userinfo", "hostname", "\"/\"", "\"@\""]);
}

/// In an LDAP URL, a letter, digit, "-", "." or "!" of a name, a keyword or
/// a hex pair may be written escaped, since an unreserved character means
/// the same escaped (RFC 2396 §2.3): each slot below takes the escape of
/// exactly the characters it takes as they are, among all 256 escapes, in
/// upper and lower case hex.
#[test]
fn ldap_names_take_escaped_unreserved_characters() {
    let alpha = |c: u8| c.is_ascii_alphabetic();
    let digit = |c: u8| c.is_ascii_digit();
    let slots: [(&str, &dyn Fn(u8) -> bool); 17] = [
        // attributeType: ALPHA ... or an OID's digits.
        ("ldap:///{}=v", &|c| alpha(c) || digit(c)),
        ("ldap:///1.{}=v", &digit),
        ("ldap:///1{}2=v", &|c| digit(c) || c == b'.'),
        // An attribute's keychars.
        ("ldap:///?a{}", &|c| alpha(c) || digit(c) || c == b'-'),
        // The hex digits of a filter value's "\" escape.
        ("ldap:///???(a=%5C{}0)", &|c| c.is_ascii_hexdigit()),
        // The critical mark, or an extension type's first letter.
        ("ldap:///????{}e", &|c| alpha(c) || c == b'!'),
        // "X-" and an OID, each letter of the scopes and of ":dn".
        ("ldap:///????{}-1.2", &|c| c.eq_ignore_ascii_case(&b'x')),
        // After "X-" and an OID, a character of a descr makes a descr.
        ("ldap:///????X-1{}", &|c| {
            alpha(c) || digit(c) || b"-;".contains(&c)
        }),
        ("ldap:///??{}ase", &|c| c.eq_ignore_ascii_case(&b'b')),
        ("ldap:///??b{}se", &|c| c.eq_ignore_ascii_case(&b'a')),
        ("ldap:///??bas{}", &|c| c.eq_ignore_ascii_case(&b'e')),
        ("ldap:///??{}ne", &|c| c.eq_ignore_ascii_case(&b'o')),
        ("ldap:///??o{}e", &|c| c.eq_ignore_ascii_case(&b'n')),
        ("ldap:///??{}ub", &|c| c.eq_ignore_ascii_case(&b's')),
        ("ldap:///??s{}b", &|c| c.eq_ignore_ascii_case(&b'u')),
        ("ldap:///???(:{}n:x:=v)", &|c| c.eq_ignore_ascii_case(&b'd')),
        ("ldap:///???(:d{}:x:=v)", &|c| c.eq_ignore_ascii_case(&b'n')),
    ];
    let mut wrong = Vec::new();
    for (template, takes) in slots {
        for byte in 0..=255u8 {
            for escape in [format!("%{byte:02X}"), format!("%{byte:02x}")] {
                let input = template.replace("{}", &escape);
                let valid = Url::parse_with(&input, Spec::Rfc2396).is_ok();
                if valid != takes(byte) {
                    wrong.push(format!("{input}: valid {valid}"));
                }
            }
        }
        // The slot's characters as they are, too ("s" read in "sub" and
        // "%73" both).
        for byte in (0..=127u8).filter(|&byte| takes(byte)) {
            let input = template.replace("{}", &char::from(byte).to_string());
            if Url::parse_with(&input, Spec::Rfc2396).is_err() {
                wrong.push(format!("{input}: invalid"));
            }
        }
    }
    assert!(wrong.is_empty(), "{} wrong: {wrong:#?}", wrong.len());
}

/// What an escaped keyword, mark or name means: the same as the character.
#[test]
fn ldap_escaped_keywords_mean_what_they_spell() {
    use rfc1738::LdapScope;
    let parsed = Url::parse_with("ldap:///o=x??%73%55b??%21%62indname=v", Spec::Rfc2396).unwrap();
    let ldap = parsed.as_ldap().unwrap();
    assert_eq!(ldap.scope(), LdapScope::Sub);
    let extension = ldap.extensions().next().unwrap();
    assert!(extension.is_critical());
    assert_eq!(extension.extype(), "%62indname");
    assert_eq!(extension.value(), Some("v"));
    let normalized = parsed.normalize();
    assert_eq!(normalized.as_str(), "ldap:///o=x??sUb??!bindname=v");
    let ldap = normalized.as_url().as_ldap().unwrap();
    assert_eq!(ldap.scope(), LdapScope::Sub);
    assert_eq!(ldap.extensions().next().unwrap().extype(), "bindname");
}

/// Resolution of references made of many "." and ".." segments, where the
/// steps of §5.2 rewrite the path again and again, against the independent
/// resolver: the one pass gives what the steps give.
#[test]
fn dot_segments_resolve_as_the_steps_say() {
    const SEGMENTS: [&str; 7] = ["a", "bb", ".", "..", "", "c.d", "..."];
    let mut rng = fastrand::Rng::with_seed(11);
    let bases = [
        "http://a/b/c/d;p?q",
        "http://a/",
        "ftp://h/x/y/",
        "x:/p/q/r",
        "x:/",
    ];
    for _ in 0..20_000 {
        let count = rng.usize(1..12);
        let mut reference: Vec<&str> = (0..count)
            .map(|_| SEGMENTS[rng.usize(..SEGMENTS.len())])
            .collect();
        // A relative path starts with a segment that is not empty.
        if reference[0].is_empty() {
            reference[0] = "..";
        }
        let reference = reference.join("/");
        let base = bases[rng.usize(..bases.len())];
        let ours = UriRef::parse(&reference)
            .unwrap()
            .resolve(&UriRef::parse(base).unwrap())
            .unwrap();
        assert_eq!(
            ours,
            oracle_rfc2396::resolve(base, &reference),
            "{reference:?} against {base:?}"
        );
    }
}
