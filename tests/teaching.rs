//! The errors that teach, measured on `tests/data/teaching/inputs.tsv`: the
//! shapes that real text and real lists put where a URL is expected, each
//! invalid under at least one specification. Every fix must parse under the
//! same specification, `valid_under` must name exactly the specifications
//! that take the input, and the help and fix must come often enough.

use crate::checks;

use rfc1738::{Spec, Url};

const INPUTS: &str = include_str!("data/teaching/inputs.tsv");

/// The inputs and their labels.
fn inputs() -> Vec<(&'static str, &'static str)> {
    INPUTS
        .lines()
        .skip(1)
        .map(|line| {
            let mut fields = line.split('\t');
            let input = fields.next().unwrap();
            let label = fields
                .next()
                .unwrap_or_else(|| panic!("a label on {line:?}"));
            (input, label)
        })
        .collect()
}

#[derive(Default, Debug)]
struct Counts {
    invalid: usize,
    helped: usize,
    fixed: usize,
}

#[test]
fn helps_and_fixes_come_often() {
    let inputs = inputs();
    assert!(inputs.len() >= 300, "{} inputs", inputs.len());
    let mut report = Vec::new();
    let mut totals = Vec::new();
    for spec in Spec::ALL {
        let mut counts = Counts::default();
        let mut unhelped = Vec::new();
        for &(input, label) in &inputs {
            let Err(error) = Url::parse_with(input, spec) else {
                continue;
            };
            counts.invalid += 1;
            if let Some(help) = error.help() {
                counts.helped += 1;
                advice_is_right(spec, input, label, help, error.fix().map(|fix| fix.text()));
            } else {
                unhelped.push(format!("{label}: {input}"));
            }
            if let Some(fix) = error.fix() {
                counts.fixed += 1;
                for removed in fix.removals() {
                    let help = error.help().unwrap_or_default();
                    assert!(help.contains(removed), "{spec}: {input:?}: {help}");
                }
            }
        }
        report.push(format!(
            "{spec}: {} invalid, help on {} ({:.1}%), a fix on {} ({:.1}%)\n  without help: {unhelped:#?}",
            counts.invalid,
            counts.helped,
            100.0 * counts.helped as f64 / counts.invalid as f64,
            counts.fixed,
            100.0 * counts.fixed as f64 / counts.invalid as f64,
        ));
        totals.push(counts);
    }
    println!("{}", report.join("\n"));
    for (spec, counts) in Spec::ALL.into_iter().zip(&totals) {
        assert!(
            counts.helped * 100 >= counts.invalid * 95,
            "{spec}: a help on {} of {} invalid inputs, under 95%",
            counts.helped,
            counts.invalid
        );
        assert!(
            counts.fixed * 100 >= counts.invalid * 40,
            "{spec}: a fix on {} of {} invalid inputs, under 40%",
            counts.fixed,
            counts.invalid
        );
    }
}

/// What a help must not say, by the kind of input: the advice that was once
/// wrong.
fn advice_is_right(spec: Spec, input: &str, label: &str, help: &str, fix: Option<&str>) {
    let context = format!("{spec}: {input:?}: {help}");
    // A quoted character is shown as it is, not escaped.
    assert!(!help.contains("'\\\"'"), "{context}");
    match label {
        // An IP literal is no escape.
        "ipv6-literal" => assert!(!help.contains("encode '['"), "{context}"),
        // A host name outside ASCII goes in punycode.
        "idn-host" => {
            assert!(
                !help.contains("escapes of its bytes") || spec == Spec::Rfc3986,
                "{context}"
            );
            assert!(
                help.contains("punycode")
                    || fix.is_some_and(|fix| fix.contains("xn--"))
                    || help.contains("ASCII"),
                "{context}"
            );
        }
        // The brackets of a message ID go.
        "news-angle-brackets" => assert!(!help.contains("encode '<'"), "{context}"),
        "enclosed" if input.starts_with(['<', '"', '(']) => {
            assert!(!help.starts_with("encode"), "{context}")
        }
        _ => {}
    }
}

/// Every fix parses under its specification and is what its edits make of
/// the input, and `valid_under` is exact, as a URL and as a URI reference
/// (`checks::fixed`, which the `fix` fuzz target runs too).
#[test]
fn every_fix_parses_and_valid_under_is_exact() {
    for (input, _) in inputs() {
        checks::fixed(input);
    }
}

/// Fixes that are valid but would change what the URL says, found in
/// review: each keeps what belongs to the URL.
#[test]
fn fixes_keep_what_belongs_to_the_url() {
    let cases = [
        // `;type=` in another case: only its case changes, the typecode's
        // stays (RFC 1738's ftptype takes either).
        (Spec::Rfc1738, "ftp://h/a;TYPE=I", Some("ftp://h/a;type=I")),
        (
            Spec::Rfc3986,
            "ftp://h/d/a;Type=d",
            Some("ftp://h/d/a;type=d"),
        ),
        (
            Spec::Rfc3986,
            "(http://en.wikipedia.org/wiki/Foo_(bar))",
            Some("http://en.wikipedia.org/wiki/Foo_(bar)"),
        ),
        (
            Spec::Rfc3986,
            "<http://host/a_(b)>",
            Some("http://host/a_(b)"),
        ),
        (
            Spec::Rfc3986,
            "http://host/search?q=\"exact phrase\"",
            Some("http://host/search?q=%22exact%20phrase%22"),
        ),
        (
            Spec::Rfc3986,
            "<http://host/path?q=a;>",
            Some("http://host/path?q=a;"),
        ),
        (
            Spec::Rfc3986,
            "http://example.com\\foo\\bar",
            Some("http://example.com/foo/bar"),
        ),
        (Spec::Rfc1738, "C:\\Users\\x", Some("file:///C:/Users/x")),
        // Whitespace in the scheme's "//" goes: escaped, it would make the
        // host a path.
        (
            Spec::Rfc3986,
            "http:/ /example.com/",
            Some("http://example.com/"),
        ),
        (
            Spec::Rfc1738,
            "http: //example.com/",
            Some("http://example.com/"),
        ),
        // A mail domain in punycode ends where a domain name does.
        (
            Spec::Rfc1738,
            "mailto:a@bücher.de/x",
            Some("mailto:a@xn--bcher-kva.de/x"),
        ),
        (
            Spec::Rfc1738,
            "mailto:user@bücher.de",
            Some("mailto:user@xn--bcher-kva.de"),
        ),
        // A '#' in a password is escaped, not taken for a fragment's start
        // (which would make `user` the host).
        (
            Spec::Rfc1738,
            "ftp://user:12#34@host/",
            Some("ftp://user:12%2334@host/"),
        ),
        (
            Spec::Draft07,
            "ftp://us#er@host/pub",
            Some("ftp://us%23er@host/pub"),
        ),
        (
            Spec::Rfc1738,
            "file:C:\\My Documents\\f.txt",
            Some("file:///C:/My%20Documents/f.txt"),
        ),
        (Spec::Rfc1738, "http://http://example.com", None),
        (Spec::Rfc1738, "news:<abc@def>", Some("news:abc@def")),
        (
            Spec::Rfc2396,
            "http://host?q=1#f",
            Some("http://host/?q=1#f"),
        ),
    ];
    for (spec, input, want) in cases {
        let error = Url::parse_with(input, spec).unwrap_err();
        assert_eq!(error.fix().map(|fix| fix.text()), want, "{spec}: {input}");
    }
}

/// Helps that once spoke for another error than the one at hand: each says
/// what is wrong where the error is.
#[test]
fn helps_speak_for_the_error_at_hand() {
    let cases = [
        // A literal of the grammar in another case, at its start or inside.
        (
            Spec::Rfc1738,
            "ftp://h/a;TYPE=I",
            "RFC 1738 reads \";type=\" in lower case only: write \";type=\"",
        ),
        (
            Spec::Rfc3986,
            "ftp://h/a;tYpe=a",
            "RFC 3986 reads \";type=\" in lower case only",
        ),
        (
            Spec::Rfc2396,
            "man:(INDEX)",
            "RFC 2396 reads \"(index)\" in lower case only",
        ),
        // The server is a host name: a path is missing after it.
        (
            Spec::Rfc2396,
            "file://example.com",
            "the URL ends after the host, where a file URL takes a '/' and a path",
        ),
        // The host holds '_': not a telnet path.
        (
            Spec::Rfc2396,
            "telnet://u@h_x",
            "a host name holds letters, digits, '-' and '.'",
        ),
        (
            Spec::Rfc1738,
            "telnet://u@h_x",
            "a host name holds letters, digits, '-' and '.'",
        ),
        // A ':' without its port: not a telnet path.
        (
            Spec::Rfc1738,
            "telnet://host:/",
            "remove the ':' or write a port number",
        ),
        (
            Spec::Rfc3986,
            "telnet://host:/",
            "remove the ':' or write a port number",
        ),
        // uri(7)'s file form without "//" starts its path at the root.
        (
            Spec::Rfc2396,
            "file:foo.txt",
            "file URIs start with \"file://\", or with \"file:/\"",
        ),
        // A telnet path is one.
        (
            Spec::Rfc1738,
            "telnet://host/x",
            "a telnet URL ends after the host and port",
        ),
        (
            Spec::Rfc2396,
            "telnet://host/x",
            "a telnet URL ends after the host and port",
        ),
        // rfc1738bis's hosts take no IP literal: not a second port.
        (
            Spec::Rfc3986,
            "telnet://[::1]",
            "IP literals in brackets (`[::1]`, IPv6) are RFC 3986's, but",
        ),
        (
            Spec::Rfc3986,
            "wais://[::1]/db",
            "IP literals in brackets (`[::1]`, IPv6) are RFC 3986's, but",
        ),
        (
            Spec::Rfc3986,
            "prospero://[2001:db8::1]:1525/p",
            "IP literals in brackets (`[::1]`, IPv6) are RFC 3986's, but",
        ),
        // rfc1738bis refuses an escape in its host name, not RFC 3986.
        (
            Spec::Rfc3986,
            "file://%C3%A9cole/x",
            "rfc1738bis (§2.1) takes no escapes in a host name",
        ),
        // draft-07's host name is `alpha *uchar`: escapes, '_' and empty
        // labels are in it, and the error is elsewhere.
        (Spec::Draft07, "http://a%41b#x", "'#' starts a fragment"),
        (
            Spec::Draft07,
            "http://a;b/",
            "a host name is a letter and then letters, digits, escapes",
        ),
        (
            Spec::Draft07,
            "http://_ab/",
            "a host starts with a letter, as a host name",
        ),
        // A '#' in a password: neither a port nor a host.
        (
            Spec::Rfc1738,
            "ftp://user:pa#ss@host/",
            "'#' starts a fragment, which belongs to URI references",
        ),
        // A character no host name has, before the path: the grammar read
        // the host as a user name, and '/' is not what is wrong.
        (
            Spec::Rfc1738,
            "ftp://ho&st/pub",
            "\"ho&st\" is no host name: '&' (at byte 8) is none of its characters",
        ),
        (
            Spec::Rfc1738,
            "telnet://ho=st.example.com:23/",
            "\"ho=st.example.com\" is no host name: '=' (at byte 11)",
        ),
        (
            Spec::Draft07,
            "ftp://ho&st/pub",
            "\"ho&st\" is no host name: '&' (at byte 8) is none of its characters (`hostname",
        ),
        // A user where the scheme reads a host and port alone; an '@' in
        // the authority is no message ID's.
        (
            Spec::Rfc1738,
            "nntp://user@news.example.com/comp.lang.c",
            "an nntp URL takes no user name or password: its host and port follow",
        ),
        (
            Spec::Rfc3986,
            "wais://u@h/db",
            "a wais URL takes no user name or password",
        ),
        (
            Spec::Rfc1738,
            "file://u@h/x",
            "a file URL takes no user name or password: its host follows",
        ),
        (
            Spec::Rfc1738,
            "nntp://h/<a@b>",
            "an nntp URL names an article by its number",
        ),
        // Under RFC 2396 too, whitespace that ends the text goes, and an
        // escape is no '%' to encode.
        (
            Spec::Rfc2396,
            "http://example.com/ ",
            "the text ends in whitespace",
        ),
        (
            Spec::Rfc2396,
            "http://example.com?%41",
            "in an http URL the search follows a path",
        ),
        // A '?' after the host where the scheme's form takes no query: what
        // follows the host there, not an escape that would put the '?' in
        // the host; with an '@' after it, the '?' is a user name's.
        (
            Spec::Rfc1738,
            "gopher://h?x",
            "a gopher URL takes no query after its host: a '/', the type and the selector",
        ),
        (
            Spec::Rfc3986,
            "ftp://1.2.3.4?x",
            "an ftp URI takes no query after its host: a '/' and the path follow it",
        ),
        (
            Spec::Rfc2396,
            "telnet://u:p@h?",
            "a telnet URI takes no query after its host: it ends there, or with a '/'",
        ),
        (Spec::Rfc3986, "ftp://u?@h/", "'?' is reserved"),
        // Where the form has no user, an '@' after the '?' changes nothing.
        (
            Spec::Rfc3986,
            "gopher://h?@h/",
            "a gopher URI takes no query after its host",
        ),
        // Under RFC 1738, ftp's user name may hold a '?': the error is at
        // the end, and the help says why.
        (
            Spec::Rfc1738,
            "ftp://h?x",
            "an ftp URL takes no query after its host, so what follows the '?' is read as a user \
             name, which an '@' would end: a '/' and the path follow it",
        ),
        // After an IP literal's ']', the literal is not what failed: the
        // host ends there.
        (
            Spec::Rfc3986,
            "ftp://[::1]x/",
            "an IP literal ends the host at its ']': a ':' and the port may follow it",
        ),
        (
            Spec::Rfc3986,
            "ftp://[::1]?x",
            "an ftp URI takes no query after its host",
        ),
        // The character at the error, not one after it; an escape in the
        // port is no escape in the host.
        (
            Spec::Rfc1738,
            "http://ex~am_ple.com/",
            "a host name holds letters, digits, '-' and '.' (RFC 1034 §3.5), and '~' is none",
        ),
        (
            Spec::Rfc1738,
            "ftp://host:21%30/",
            "a port is a decimal number",
        ),
        // Quotes may be an address's own: escaped, not dropped; a display
        // name is dropped, and the URL of `Name <address>` is the address's.
        (
            Spec::Rfc1738,
            "mailto:\"John\"@example.com",
            "encode '\"' as %22",
        ),
        (
            Spec::Rfc1738,
            "\"John Doe\" <john@example.com>",
            "an e-mail address, not a URL: as a URL it is `mailto:john@example.com`",
        ),
        // A '\' inside a host name is none of its characters: written '/',
        // it would cut the host.
        (
            Spec::Rfc1738,
            "http://exa\\mple.com/",
            "a host name holds letters, digits, '-' and '.' (RFC 1034 §3.5), and '\\' is none",
        ),
        (
            Spec::Rfc1738,
            "http://example.com\\foo\\bar",
            "'\\' separates nothing in a URL",
        ),
        // Four parts, one of them not a number.
        (
            Spec::Rfc1738,
            "http://10.0.0a.1/",
            "the last label of a host name starts with a letter (`toplabel`), and \"1\" does \
             not; a host number is four decimal numbers, and \"0a\" is none",
        ),
        (
            Spec::Rfc1738,
            "http://10.0.1/",
            "the last label of a host name starts with a letter (`toplabel`), and \"1\" does \
             not; a host number has four parts",
        ),
        // Host numbers and a port or two are no IPv6 address.
        (
            Spec::Rfc1738,
            "http://1.2.3.4::80/",
            "a host takes one port",
        ),
        (
            Spec::Rfc1738,
            "http://fe80::1/",
            "an IPv6 address as a host goes in brackets",
        ),
        // A character inside the scheme's name: no escape stands there.
        (
            Spec::Rfc2396,
            "ht tp://example.com/",
            "a scheme name holds letters, digits, '+', '-' and '.', and ' ' in \"ht tp\"",
        ),
        (
            Spec::Rfc1738,
            "ht_tp://example.com/",
            "a scheme name holds letters, digits, '+', '-' and '.', and '_' in \"ht_tp\"",
        ),
        // An opener without its closer encloses nothing.
        (
            Spec::Rfc1738,
            "(http://example.com/",
            "'(' before the URL opens the text around it",
        ),
        (
            Spec::Rfc3986,
            "<http://example.com/>",
            "the URL is enclosed in delimiters",
        ),
        // Each specification's own form of mailto.
        (
            Spec::Rfc2396,
            "mailto:John Doe <j@example.com>",
            "a mailto URL holds the address alone (uri(7): `mailto:email-address`)",
        ),
        // RFC 4266's selector stops before an escaped CR or LF.
        (
            Spec::Rfc3986,
            "gopher://h/1a%0Db",
            "a gopher selector holds any octets but tab, LF and CR (RFC 4266 §2.1), and %0D is a CR",
        ),
        (
            Spec::Rfc3986,
            "gopher://h/1%0a",
            "a gopher selector holds any octets but tab, LF and CR (RFC 4266 §2.1), and %0a is an LF",
        ),
        // The ':' typed after the slashes: the suggestion has none.
        (
            Spec::Rfc3986,
            "http//:example.com/",
            "the ':' after the scheme is missing or mistyped: `http://example.com/`",
        ),
    ];
    for (spec, input, help) in cases {
        let error = Url::parse_with(input, spec).unwrap_err();
        assert!(
            error.help().is_some_and(|said| said.starts_with(help)),
            "{spec}: {input}: {:?}",
            error.help()
        );
    }
}

/// Helps of a template only where the input holds one: escapes whose first
/// hex digit is 'd' are no printf `%d`, an "@]" without its '[' no
/// optional user.
/// The help on a literal's case speaks only where the literal was tried:
/// `;type;TYPE=i` misses the first `;type`'s "=", which no case mends.
#[test]
fn a_literal_s_case_is_blamed_only_where_it_was_tried() {
    for (input, blamed) in [
        ("ftp://h/a;TYPE=I", true),
        ("ftp://h/a;tyPE=I", true),
        ("ftp://h/a;type;TYPE=i", false),
        ("ftp://h/a;;TYPE=i", false),
        ("ftp://h/a;typ", false),
    ] {
        let error = Url::parse(input).unwrap_err();
        let says = error
            .help()
            .is_some_and(|help| help.contains("in lower case only"));
        assert_eq!(says, blamed, "{input:?}: {:?}", error.help());
    }
}

#[test]
fn escapes_are_no_template_marks() {
    for (spec, input) in [
        (Spec::Rfc1738, "http://example.com/a b%dD"),
        (Spec::Rfc1738, "file://café/%df"),
        (Spec::Rfc3986, "mailto:a@]b"),
    ] {
        let error = Url::parse_with(input, spec).unwrap_err();
        assert!(
            !error
                .help()
                .is_some_and(|said| said.starts_with("a template")),
            "{spec}: {input}: {:?}",
            error.help()
        );
    }
    let error = Url::parse("http://host/page%d.html").unwrap_err();
    assert!(
        error
            .help()
            .is_some_and(|said| said.starts_with("a template, not a URL: \"%d\"")),
        "{:?}",
        error.help()
    );
}

/// Where RFC 3986's own host is read (ftp, gopher, http), an IP literal is
/// a host, and an error inside one is not put down to the brackets.
#[test]
fn an_ip_literal_is_blamed_only_where_the_scheme_refuses_it() {
    for input in ["ftp://[::g]/", "http://[::1/", "gopher://[v1.x]:x/"] {
        let error = Url::parse_with(input, Spec::Rfc3986).unwrap_err();
        assert!(
            !error
                .help()
                .is_some_and(|said| said.starts_with("IP literals")),
            "{input}: {:?}",
            error.help()
        );
    }
}

/// Long runs of what the repairs look at: closers, invisible characters,
/// '<'. Each fix is still checked whole.
#[test]
fn long_inputs_are_fixed_whole() {
    for input in [
        format!("http://host/a b{}", ")".repeat(20_000)),
        format!("http://host/{}y", "\u{200b}x ".repeat(10_000)),
        format!("http://host/{}", "<".repeat(50_000)),
        format!("<http://host/{}>", ".".repeat(50_000)),
    ] {
        checks::fixed(&input);
    }
}

/// An escape fix names what it escapes: each character once, quoted where
/// it prints and by its code point where it does not, four at most.
#[test]
fn an_escape_fix_names_what_it_escapes() {
    for (spec, input, said) in [
        (
            Spec::Rfc1738,
            "http://h/a b<c>d\"e{f}|g",
            "escape ' ' as %20, '<' as %3C, '>' as %3E, '\"' as %22, and 3 more",
        ),
        (
            Spec::Rfc1738,
            "http://h/a%zz",
            "escape the '%' that starts no escape as %25",
        ),
        (
            Spec::Rfc1738,
            "http://h/a%zz b",
            "escape the '%' that starts no escape as %25, ' ' as %20",
        ),
        (Spec::Rfc1738, "http://h/a\u{1}b", "escape U+0001 as %01"),
        (
            Spec::Rfc3986,
            "http://h/a\u{a0}b",
            "escape U+00A0 as %C2%A0",
        ),
        (
            Spec::Rfc2396,
            "http://h/caf\u{e9} x",
            "escape 'é' as %C3%A9, ' ' as %20",
        ),
    ] {
        let error = Url::parse_with(input, spec).unwrap_err();
        let fix = error.fix().map(|fix| fix.description());
        assert_eq!(fix.as_deref(), Some(said), "{spec}: {input:?}");
    }
}
