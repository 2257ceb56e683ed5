//! What a URL means once its escapes are decoded. Draft-07's `hostname =
//! alpha *uchar` lets a host hold escapes, and a character and its escape
//! mean the same unless it is reserved (§2.2): so `local%68ost` is this
//! machine, and a news article's domain is read decoded. Decoded bytes that
//! are not UTF-8 are shown as U+FFFD, and stay available as bytes.

use rfc1738::{Decode, FileHost, GroupPart, Host, Spec, Url};

/// The file URL's host, by the fast path and by the grammar, which must agree.
fn file_host(input: &str, spec: Spec) -> FileHost<'_> {
    let fast = Url::parse_with(input, spec).unwrap();
    let grammar = rfc1738::__grammar_parse(input, spec).unwrap();
    assert_eq!(fast, grammar, "{input} under {spec}");
    match fast {
        Url::File(file) => file.host(),
        other => panic!("{input} is not a file URL: {other:?}"),
    }
}

#[test]
fn an_escaped_localhost_is_this_machine_under_draft07() {
    for input in [
        "file://local%68ost/x",
        "file://LOCAL%48OST/x",
        "file://l%6f%63%61%6c%68%6f%73%74",
    ] {
        let host = file_host(input, Spec::Draft07);
        assert!(
            matches!(host, FileHost::Localhost(text) if input.contains(text)),
            "{input}: {host:?}"
        );
        assert!(host.is_this_machine(), "{input}");
    }
    // RFC 1738's host names hold no escapes at all.
    assert!(Url::parse_with("file://local%68ost/x", Spec::Rfc1738).is_err());
}

#[test]
fn only_what_decodes_to_localhost_is_this_machine() {
    // `%25` is "%": decoded once, this is "local%68ost", which is some other host.
    for input in [
        "file://local%2568ost/x",
        "file://local%68ost%2E/x",
        "file://localhos/x",
    ] {
        let host = file_host(input, Spec::Draft07);
        assert!(
            matches!(host, FileHost::Host(Host::Name(_))),
            "{input}: {host:?}"
        );
        assert!(!host.is_this_machine(), "{input}");
    }
}

#[test]
fn an_escaped_localhost_normalizes_to_localhost() {
    let escaped = Url::parse_with("file://LOCAL%68ost/x", Spec::Draft07).unwrap();
    assert_eq!(escaped.normalize(), "file://localhost/x");
    assert!(escaped.equivalent(&Url::parse_with("file://localhost/x", Spec::Draft07).unwrap()));
}

#[test]
fn a_news_article_domain_is_decoded() {
    let Url::News(news) = Url::parse_with("news:a%41b@rr%41d", Spec::Draft07).unwrap() else {
        panic!("not news")
    };
    let GroupPart::Article { unique, host } = news.grouppart() else {
        panic!("not an article")
    };
    // As written from the accessors; decoded from the meaning.
    assert_eq!((unique, host.as_str()), ("a%41b", "rr%41d"));
    assert_eq!(host.decoded_str(), "rrAd");
    assert_eq!(news.message_id().as_deref(), Some("<aAb@rrAd>"));
    // The bytes, through `Decode`.
    assert_eq!(host.as_str().decoded(), b"rrAd".as_slice());
}

#[test]
fn decoded_bytes_that_are_not_utf8_show_as_the_replacement_character() {
    let Url::News(news) = Url::parse_with("news:%C9@h%C9", Spec::Draft07).unwrap() else {
        panic!("not news")
    };
    assert_eq!(news.message_id().as_deref(), Some("<\u{FFFD}@h\u{FFFD}>"));
    let GroupPart::Article { host, .. } = news.grouppart() else {
        panic!("not an article")
    };
    assert_eq!(host.decoded_str(), "h\u{FFFD}");
    assert_eq!(host.as_str().decoded(), b"h\xC9".as_slice());
    assert_eq!(host.as_str().decoded_utf8(), None);

    // The gopher item type is a byte: 0xC9, not a character.
    for spec in [Spec::Rfc1738, Spec::Draft07] {
        let Url::Gopher(gopher) = Url::parse_with("gopher://h/%C9x", spec).unwrap() else {
            panic!("not gopher")
        };
        assert_eq!((gopher.gtype(), gopher.item_type()), (Some("%C9"), 0xC9));
    }
}
