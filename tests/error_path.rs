//! The error path against pest's detailed report: for every input, the
//! `ParseError` that `Url::parse_with` and `UriRef::parse` give, computed by
//! the error-tracking reader without pest's process-wide detail mode, is the
//! one pest's detailed report gives, whole, under every specification.
//! The `error_path` fuzz target runs the same check (`tests/checks/`).
#![cfg(feature = "arbitrary")]

mod checks;
mod common;
mod oracle;

use arbitrary::{Arbitrary, Unstructured};
use common::references::{corpus, inputs};
use rfc1738::{GeneratedUrl, Spec, UriRef, Url};

/// Pieces that make the rules of the three grammars part ways.
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
    "%5C",
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
    "(",
    ")",
    "!",
    ",",
    "$",
    "'",
    ";type=",
    "localhost",
    "1.2.3.4",
    "x-",
    "(index)",
    "base",
    "sub",
    "(a=b)",
    "\n",
    "[",
    "]",
    "::",
    "[::1]",
    "[v1.a:b]",
    "1.2.3.256",
    "%0A",
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
    "file:",
    "prospero://",
    "x-foo:",
    "x-foo://",
    "FTP://",
    "News:",
    "ftp:",
    "man:",
    "info:",
    "info:(",
    "whatis:",
    "ghelp:",
    "ldap://",
    "ldap://h/",
    "ldap:///o=a?",
    "urn:",
    "//",
    "/",
    "?",
    "#",
    "",
];

#[test]
fn the_error_path_is_pest_s_on_the_documents_and_the_tables() {
    pest::set_error_detail(true);
    for input in common::documents_and_tables() {
        checks::error_path(&input);
        for prefix in PREFIXES {
            checks::error_path(&format!("{prefix}{input}"));
        }
        // Cut short: an error at every place a URL can stop.
        for (end, _) in input.char_indices() {
            checks::error_path(&input[..end]);
        }
    }
}

#[test]
fn the_error_path_is_pest_s_on_generated_and_mutated_urls() {
    pest::set_error_detail(true);
    let count: usize = std::env::var("RFC1738_ERROR_PATH_INPUTS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(5_000);
    let mut rng = fastrand::Rng::with_seed(2396);
    let mut checked = 0;
    while checked < count {
        let bytes: Vec<u8> = (0..rng.usize(8..200)).map(|_| rng.u8(..)).collect();
        let Ok(url) = GeneratedUrl::arbitrary(&mut Unstructured::new(&bytes)) else {
            continue;
        };
        checks::error_path(url.as_str());
        for _ in 0..3 {
            checks::error_path(&common::mutate(&mut rng, url.as_str(), PIECES, 1..4));
        }
        checked += 1;
    }
}

#[test]
fn the_error_path_is_pest_s_on_every_short_string() {
    pest::set_error_detail(true);
    for prefix in PREFIXES {
        for a in PIECES {
            checks::error_path(&format!("{prefix}{a}"));
            for b in PIECES {
                checks::error_path(&format!("{prefix}{a}{b}"));
            }
        }
    }
    let mut rng = fastrand::Rng::with_seed(8);
    for _ in 0..5_000 {
        let prefix = PREFIXES[rng.usize(..PREFIXES.len())];
        let pieces: String = (0..rng.usize(1..7))
            .map(|_| PIECES[rng.usize(..PIECES.len())])
            .collect();
        checks::error_path(&format!("{prefix}{pieces}"));
    }
}

#[test]
fn the_error_path_is_pest_s_on_nested_ldap_filters() {
    // The one recursive rule: nested filters, closed, unclosed and broken,
    // each level a way of nesting one and the innermost a filter's "(";
    // from 11 to 16 deep, around where the verdict's straight reading runs
    // out of room and the steps take over.
    pest::set_error_detail(true);
    for depth in [1, 2, 5, 11, 12, 13, 14, 15, 16, 40, 200] {
        let levels = ["(&", "(!", "(%7C", "(&(a=b)"].repeat(depth / 4 + 1)[..depth - 1].concat();
        let open = format!("{levels}(");
        let close = ")".repeat(depth);
        for inner in [
            "a=b", "(a=b)", "", "a=b)", "#", "?", "(", "a=*b*", "a:dn:=b",
        ] {
            checks::error_path(&format!("ldap:///o=a??sub?{open}{inner}{close}"));
            checks::error_path(&format!("ldap:///o=a??sub?{open}{inner}"));
        }
    }
}

#[test]
fn the_error_path_is_pest_s_on_ldap_dns_and_filters() {
    // RFC 2253's and RFC 2254's forms, with their characters as they are
    // and escaped, valid and broken, and cut short at every byte.
    pest::set_error_detail(true);
    let dns = [
        "o=University%20of%20Michigan,c=US",
        "cn=a%5C%2Cb,o=x",
        "cn=a%5C2Cb",
        "cn=%23a1b2",
        "cn=%22a,b%22",
        "cn=a%2Bsn=b%2Co=x",
        "cn=a%5Cx",
        "cn=a%2Cb",
        "cn=%23a1b",
        "cn=%22a",
        "1.2.3=x;y=z",
    ];
    let filters = [
        "(&(objectClass=Person)(%7C(sn=Jensen)(cn=Babs%20J*)))",
        "(!(cn=Tim%20Howes))",
        "(o=univ*of*mich*)",
        "(cn=*)",
        "(cn=a**b)",
        "(o:dn:=Ace%20Industry)",
        "(:dn:2.4.6.8.10:=Dino)",
        "(cn:dnQualifier:=x)",
        "(o=Parens%20%5C28x%5C29)",
        "(n%3E=5)",
        "(cn~=x)",
        "%28cn=x%29",
        "(cn=%28)",
        "(cn=%5Cx)",
        "(cn)",
        "(&)",
        "(cn=x)(cn=y)",
    ];
    for (d, dn) in dns.iter().enumerate() {
        for (f, filter) in filters.iter().enumerate() {
            let input = format!("ldap://h/{dn}???{filter}");
            checks::error_path(&input);
            if d == 0 || f == 0 {
                for (end, _) in input.char_indices().skip(9) {
                    checks::error_path(&input[..end]);
                }
            }
        }
    }
}

#[test]
fn an_error_is_small_shared_and_worked_out_once() {
    fn shared<T: Send + Sync>() {}
    shared::<rfc1738::ParseError>();
    // The success path does not carry the report's size.
    assert_eq!(
        std::mem::size_of::<Result<rfc1738::Url<'_>, rfc1738::ParseError>>(),
        std::mem::size_of::<rfc1738::Url<'_>>()
    );
    assert_eq!(
        std::mem::size_of::<rfc1738::ParseError>(),
        std::mem::size_of::<usize>()
    );
    // Asked from several threads at once, the report is the same, and the
    // same as pest's.
    pest::set_error_detail(true);
    let input = "ftp://host:/x";
    let error = rfc1738::Url::parse(input).unwrap_err();
    let reference = rfc1738::__pest_parse(input, rfc1738::Spec::Rfc1738).unwrap_err();
    let rendered: Vec<String> = std::thread::scope(|scope| {
        let threads: Vec<_> = (0..4).map(|_| scope.spawn(|| error.to_string())).collect();
        threads.into_iter().map(|t| t.join().unwrap()).collect()
    });
    assert!(rendered.iter().all(|text| *text == reference.to_string()));
    assert_eq!(error.clone(), reference);
}

#[test]
fn a_byte_that_is_not_utf8_where_the_nesting_limit_is_reached_reports_the_limit() {
    // Found by review: the probe for the byte stopped at the nesting limit
    // and the report lost it.
    let mut input = b"ldap://h/??sub?".to_vec();
    input.extend("(&".repeat(400).bytes());
    input.push(0xff);
    input.extend(std::iter::repeat_n(b')', 400));
    let error = rfc1738::Url::parse_bytes(&input, rfc1738::Spec::Rfc2396).unwrap_err();
    assert!(error.is_nesting_limit(), "{}", error.message());
}

// RFC 3986's shapes: the generated reader against pest, and the whole
// check above, every spec.

#[test]
fn the_generated_reader_is_pest_s_on_rfc3986_shapes() {
    pest::set_error_detail(true);
    for input in corpus(1994, inputs("RFC1738_RFC3986_INPUTS", 20_000) / 4) {
        let reference = rfc1738::__pest_parse(&input, Spec::Rfc3986);
        assert_eq!(
            Url::parse_with(&input, Spec::Rfc3986),
            reference,
            "{input:?}"
        );
        if let Ok(url) = &reference {
            assert_eq!(
                url.syntax_trees(),
                rfc1738::__pest_syntax_trees(url),
                "{input:?}"
            );
        }
        assert_eq!(
            UriRef::parse_with(&input, Spec::Rfc3986),
            rfc1738::__pest_uri_ref_with(&input, Spec::Rfc3986),
            "{input:?}"
        );
    }
}

#[test]
fn the_error_path_holds_on_the_corpus() {
    pest::set_error_detail(true);
    for input in corpus(2005, 500) {
        checks::error_path(&input);
    }
}

#[test]
fn the_verdict_and_the_parse_agree_at_every_depth_near_the_nesting_limit() {
    // Run on a thread with room, so that the reader's own limit of rule
    // levels binds, not the stack: both readings then stop at one depth.
    let agree = || {
        for depth in (1..=300).chain([400, 1_000, 3_000, 20_000]) {
            for inner in ["(cn=x)", "(cn=x", "#"] {
                let input = format!(
                    "ldap://h/??sub?{}{inner}{}",
                    "(&".repeat(depth),
                    ")".repeat(depth)
                );
                let parsed = Url::parse_with(&input, Spec::Rfc2396);
                assert_eq!(
                    Url::is_valid(&input, Spec::Rfc2396),
                    parsed.is_ok(),
                    "{depth} levels around {inner:?}"
                );
                if let Err(error) = parsed {
                    // Past the limit, the limit is what the error says.
                    if depth >= 300 {
                        assert!(error.is_nesting_limit(), "{depth}: {}", error.message());
                    }
                }
            }
        }
    };
    common::on_a_large_stack(agree);
}
