//! URLs in running text: `extract` over the five documents, pinned, and the
//! Appendix's and uri(7)'s rules case by case.

use rfc1738::{Delimiter, ExtractOptions, Spec, extract};

fn report(text: &str) -> String {
    let mut out = String::new();
    for found in extract(text, &ExtractOptions::default()) {
        out.push_str(&format!(
            "{}:{} {} {}{}\n",
            found.line(),
            found.column(),
            found.delimiter().name(),
            found.url(),
            match found.error() {
                None => "  [valid]".to_owned(),
                Some(error) => format!("  [invalid at {}: {}]", error.offset(), error.message()),
            }
        ));
        if found.raw() != found.url() {
            out.push_str(&format!("    raw: {:?}\n", found.raw()));
        }
        if let Some(other) = found.alternative() {
            out.push_str(&format!("    other reading: {other}\n"));
        }
        if let Some(fragment) = found.fragment() {
            out.push_str(&format!("    fragment: {fragment:?}\n"));
        }
    }
    out
}

#[test]
fn every_url_in_the_five_documents() {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../snapshots");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| {
        for (name, text) in [
            ("rfc1738bis", include_str!("data/seeds/rfc1738bis.txt")),
            ("ftp-uri", include_str!("data/seeds/ftp-uri.txt")),
            ("rfc4266", include_str!("data/seeds/rfc4266.txt")),
            ("uri7", include_str!("data/seeds/uri7.txt")),
            ("draft07", include_str!("data/seeds/draft07.txt")),
        ] {
            insta::assert_snapshot!(format!("extract__{name}"), report(text));
        }
    });
}

fn urls(text: &str) -> Vec<String> {
    extract(text, &ExtractOptions::default())
        .iter()
        .map(|found| found.url().to_owned())
        .collect()
}

#[test]
fn the_wrapped_references_come_back_whole() {
    let rfc4266 = include_str!("data/seeds/rfc4266.txt");
    assert!(urls(rfc4266).contains(
        &"ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol/Gopher+/Gopher+.txt".to_owned()
    ));
    let rfc1738bis = include_str!("data/seeds/rfc1738bis.txt");
    assert!(
        urls(rfc1738bis)
            .contains(&"ftp://prospero.isi.edu/pub/prospero/doc/prospero-protocol.PS.Z".to_owned())
    );
    let found = urls(rfc1738bis);
    assert!(
        found.contains(&"http://www.ietf.org/shadow.html".to_owned()),
        "{found:?}"
    );
    assert!(
        !found.iter().any(|url| url.ends_with('.')),
        "no sentence period is taken: {found:?}"
    );
}

#[test]
fn sentence_punctuation_and_unopened_brackets_end_a_bare_url() {
    assert_eq!(urls("Go to http://h/a."), ["http://h/a"]);
    assert_eq!(
        urls("(at http://h/a), or ftp://h/b;"),
        ["http://h/a", "ftp://h/b"]
    );
    assert_eq!(urls("news:comp.lang.ada!"), ["news:comp.lang.ada"]);
    // A parenthesis opened inside the URL is its own.
    assert_eq!(urls("see http://h/a(b) now"), ["http://h/a(b)"]);
    assert_eq!(urls("'ftp://h/f'"), ["ftp://h/f"]);
    // A quote or bracket before the URL is closed by the first one after it.
    assert_eq!(
        urls("new URL('file:///C:/path/').pathname and [https://]h[:port]"),
        ["file:///C:/path/"]
    );
    // groff renders <...> in man pages as U+27E8 and U+27E9.
    assert_eq!(urls("⟨https://strace.io/⟩."), ["https://strace.io/"]);
    // A scheme after "+" is read as that scheme: mirror+file: is a file URL.
    assert_eq!(
        urls("mirror+file:/etc/apt/mirrors.txt"),
        ["mirror+file:/etc/apt/mirrors.txt"]
    );
}

#[test]
fn a_bare_url_wrapped_right_after_the_double_slash_is_joined() {
    let found = &extract(
        "at http:// www.ietf.org/ietf/1id-abstracts.txt.",
        &Default::default(),
    )[0];
    assert_eq!(
        (found.url(), found.raw()),
        (
            "http://www.ietf.org/ietf/1id-abstracts.txt",
            "http:// www.ietf.org/ietf/1id-abstracts.txt"
        )
    );
    assert_eq!(urls("http://\n  h.example/x"), ["http://h.example/x"]);
    // The continuation must read as a host, not as a word of the sentence.
    assert!(urls("Type the prefix http:// then the host.").is_empty());
    // Not across a blank line, and not for "http://" at the end of a sentence.
    assert!(urls("http://\n\nh.example/x").is_empty());
    assert!(urls("the prefix http:// .").is_empty());
}

#[test]
fn quoted_urls_end_at_the_quote() {
    let found = extract(
        r#"the "http://www.kernel.org" site"#,
        &ExtractOptions::default(),
    );
    assert_eq!(
        (found[0].url(), found[0].delimiter()),
        ("http://www.kernel.org", Delimiter::Quotes)
    );
    assert_eq!(found[0].raw(), r#""http://www.kernel.org""#);
}

#[test]
fn wrappers_ignore_whitespace_and_set_a_fragment_apart() {
    // The Appendix's own example: under RFC 1738 the URL ends at "#"
    // (§2.2), and is judged alone.
    let found = &extract(
        "<URL:http://ds.internic.net/instructions/overview.html#WARNING>",
        &Default::default(),
    )[0];
    assert_eq!(
        (found.url(), found.fragment()),
        (
            "http://ds.internic.net/instructions/overview.html",
            Some("WARNING")
        )
    );
    assert!(found.is_valid());
    // Under RFC 2396 the fragment is part of the URI reference.
    let rfc2396 = ExtractOptions {
        spec: Spec::Rfc2396,
        ..Default::default()
    };
    let found = &extract("see http://h/p#s, and http://h/q#", &rfc2396);
    assert_eq!(found[0].url(), "http://h/p#s");
    assert_eq!(found[0].fragment(), None);
    // In running text too, and an empty fragment is a fragment.
    let found = extract("see http://h/p#s, and http://h/q#", &Default::default());
    let pairs: Vec<_> = found.iter().map(|f| (f.url(), f.fragment())).collect();
    assert_eq!(pairs, [("http://h/p", Some("s")), ("http://h/q", Some(""))]);
    assert_eq!(urls("<URL:ftp://h/a\n\t  /b\n   /c>"), ["ftp://h/a/b/c"]);
}

#[test]
fn a_name_followed_by_two_colons_is_a_path_of_a_programming_language() {
    // Perl's and Rust's module paths, apt's configuration keys.
    assert!(
        urls("See File::Spec and http::Request, URI::http and Acquire::http::Proxy.").is_empty()
    );
    let any = ExtractOptions {
        any_scheme: true,
        ..Default::default()
    };
    assert!(extract("use Module::Info; std::io::Read", &any).is_empty());
    // A URL next to one is still found.
    assert_eq!(urls("LWP::Simple fetches http://h/x."), ["http://h/x"]);
}

#[test]
fn markdown_links_and_badges_delimit_their_urls() {
    assert_eq!(
        urls("[![build](https://x.org/b.svg)](https://x.org/p) and [docs](http://h/d)'s page"),
        ["https://x.org/b.svg", "https://x.org/p", "http://h/d"]
    );
    // A parenthesis opened inside the URL stays; one opened before it ends it.
    assert_eq!(
        urls("[w](http://h/Foo_(bar)) and (see http://h/x)."),
        ["http://h/Foo_(bar)", "http://h/x"]
    );
    assert_eq!(urls("http://h/Foo_(bar)."), ["http://h/Foo_(bar)"]);
}

#[test]
fn a_url_that_groff_broke_after_its_hyphen_goes_on_on_the_next_line() {
    // man -P cat sets the hyphen of a broken word as U+2010.
    let text =
        "see https://cloud.google.com/access-con\u{2010}\n       text-aware-access for more.";
    let found = &extract(text, &Default::default())[0];
    assert_eq!(
        found.url(),
        "https://cloud.google.com/access-context-aware-access"
    );
    assert_eq!(found.raw(), &text[4..text.len() - 10]);
    // Over two breaks, with a soft hyphen, and inside brackets.
    assert_eq!(
        urls("http://h/a\u{ad}\n b\u{2010}\n  c/d x"),
        ["http://h/abc/d"]
    );
    assert_eq!(urls("<http://h/ab\u{2010}\n   cd>"), ["http://h/abcd"]);
    // A bare URL broken after a hyphen of its own goes on too, with the
    // hyphen (groff breaks there without adding one; a URL does not end in
    // "-"); a U+2010 that does not end a line is kept (and the URL is invalid).
    assert_eq!(
        urls("http://h/release-\n    notes x"),
        ["http://h/release-notes"]
    );
    assert_eq!(urls("http://h/a\u{2010}b x"), ["http://h/a\u{2010}b"]);
}

#[test]
fn a_hyphen_before_a_line_break_is_reported_both_ways() {
    // Both parse: the hyphen is kept, and the other reading offered.
    let found = &extract("<URL:ftp://h/a-\n    b>", &Default::default())[0];
    assert_eq!(
        (found.url(), found.alternative()),
        ("ftp://h/a-b", Some("ftp://h/ab"))
    );
    // Only the reading without the hyphen parses: it comes first.
    let found = &extract("<URL:http://ab-\n   .com/>", &Default::default())[0];
    assert_eq!(
        (found.url(), found.alternative()),
        ("http://ab.com/", Some("http://ab-.com/"))
    );
    // A hyphen in the middle of a line is no question.
    assert_eq!(
        extract("<URL:ftp://h/a-b>", &Default::default())[0].alternative(),
        None
    );
}

#[test]
fn only_known_schemes_in_bare_text_unless_asked() {
    // man is one of uri(7)'s schemes; xyz is none of the documents'.
    assert_eq!(urls("e.g. note: see xyz:blank, man:ls(1)"), ["man:ls(1)"]);
    let any = ExtractOptions {
        any_scheme: true,
        spec: Spec::Rfc1738,
    };
    let found: Vec<_> = extract("see xyz:blank, man:ls(1).", &any)
        .iter()
        .map(|f| f.url().to_owned())
        .collect();
    assert_eq!(found, ["xyz:blank", "man:ls(1)"]);
    // Brackets hold tags too: only a known scheme (or URL:) is a URL there.
    assert!(urls("A <xsl:value-of select=\"x\"/> tag").is_empty());
    // Typographic quotes end a URL.
    assert_eq!(
        urls("“http://h/x” and ‘ftp://h/y’…"),
        ["http://h/x", "ftp://h/y"]
    );
    // URL: marks any scheme, and <...> takes any scheme.
    assert_eq!(urls("URL:x-y:z and <toc:man>"), ["x-y:z", "toc:man"]);
    // A scheme named in prose is no URL.
    assert!(urls("the news: scheme, and \"http://\" alone").is_empty());
    // Nor a template whose host was lost.
    assert!(urls("http://:/ and telnet://:@").is_empty());
}

#[test]
fn a_scheme_named_in_prose_before_a_colon_is_no_url_and_no_panic() {
    assert!(urls("- http: was removed").is_empty());
    assert!(urls("mailto:").is_empty());
    assert!(urls("news::").is_empty());
}

#[test]
fn spans_lines_and_columns() {
    let text = "first line\n  é <news:*> and\nnews:a@b.";
    let found = extract(text, &Default::default());
    assert_eq!(
        (found[0].line(), found[0].column(), &text[found[0].span()]),
        (2, 5, "<news:*>")
    );
    assert_eq!(
        (found[1].line(), found[1].column(), &text[found[1].span()]),
        (3, 1, "news:a@b")
    );
}

#[test]
fn any_text_gives_spans_inside_it_and_no_panic() {
    const PIECES: &[&str] = &[
        "http:",
        "ftp://",
        "news:",
        "URL:",
        "<",
        ">",
        "\"",
        "'",
        "(",
        ")",
        "[",
        "]",
        ".",
        ",",
        ";",
        ":",
        "!",
        "?",
        "-",
        "-\n",
        "\n",
        "\n   ",
        " ",
        "\t",
        "a",
        "h",
        "/",
        "%",
        "%09",
        "é",
        "日本",
        "\r\n",
        "mailto:x@y",
        "x-y:",
    ];
    let mut rng = fastrand::Rng::with_seed(6);
    for _ in 0..20_000 {
        let text: String = (0..rng.usize(0..24))
            .map(|_| PIECES[rng.usize(..PIECES.len())])
            .collect();
        for options in [
            ExtractOptions::default(),
            ExtractOptions {
                any_scheme: true,
                spec: Spec::Draft07,
            },
        ] {
            let mut previous_end = 0;
            for found in extract(&text, &options) {
                assert!(
                    found.span().start >= previous_end && found.span().end <= text.len(),
                    "{text:?}"
                );
                assert_eq!(&text[found.span()], found.raw(), "{text:?}");
                previous_end = found.span().end;
            }
        }
    }
}

/// Everything `extract` says of a URL found, in the whole text's terms.
/// What a reading found, but its span: the whole text's spans are of its
/// text with U+FFFD, a reader's of the bytes read.
fn facts(found: &rfc1738::Extracted<'_>) -> String {
    format!(
        "{}:{} {} {:?} {} {:?} {:?}",
        found.line(),
        found.column(),
        found.delimiter().name(),
        found.raw(),
        found.url(),
        found.alternative(),
        found.error().map(|error| error.offset()),
    )
}

/// A text of `pieces` snippets of the shapes that can cross a place where a
/// reader might cut: wrappers over lines, `scheme://` then a line break,
/// quotes, "<" in prose, long lines, bytes that are not UTF-8.
fn text_of_snippets(seed: u64, pieces: usize) -> Vec<u8> {
    const SNIPPETS: &[&[u8]] = &[
        b"see http://h.example/a/b.html ok ",
        b"<URL:ftp://info.cern.ch/pub/\n   www/doc;type=d> ",
        b"<http://h/a-\nb> ",
        b"< URL:news:comp.lang.c> ",
        b"a < b and c > d ",
        b"x < y ",
        b"http://\n   www.ietf.org/x ",
        b"http:// then more ",
        b"\"mailto:a@b.c\" ",
        b"\"not a url\" ",
        b"\n",
        b"\n\n",
        b"\t",
        b"caf\xc3\xa9 http://h/\xc3\xa9 ",
        b"\xff\xfe broken ",
        b"\xc2\xa0http://h/nbsp\xc2\xa0 ",
        b"(http://h/paren). ",
        b"<<<< ",
        b">>> ",
        b"URL:gopher://h/1x ",
        b"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
        b"//// ",
    ];
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut text = Vec::new();
    for _ in 0..pieces {
        text.extend_from_slice(SNIPPETS[rng.usize(..SNIPPETS.len())]);
    }
    text
}

#[test]
fn reading_a_piece_at_a_time_finds_what_the_whole_text_holds() {
    for seed in 0..12 {
        // Enough text for many 64 KiB pieces; read in odd sizes.
        let bytes = text_of_snippets(seed, 20_000 + 3_000 * seed as usize);
        let whole: Vec<String> = extract(&String::from_utf8_lossy(&bytes), &Default::default())
            .iter()
            .map(facts)
            .collect();
        for capacity in [1 + seed as usize * 7, 4096, 1 << 20] {
            let reader = std::io::BufReader::with_capacity(capacity, bytes.as_slice());
            let mut streamed = Vec::new();
            rfc1738::extract_from_reader(reader, &Default::default(), |found| {
                // The span is of the bytes read: they read as the raw text.
                let read = String::from_utf8_lossy(&bytes[found.span()]);
                assert_eq!(read, found.raw(), "seed {seed}, capacity {capacity}");
                streamed.push(facts(found));
                Ok(())
            })
            .unwrap();
            assert_eq!(
                streamed.len(),
                whole.len(),
                "seed {seed}, capacity {capacity}"
            );
            for (a, b) in streamed.iter().zip(&whole) {
                assert_eq!(a, b, "seed {seed}, capacity {capacity}");
            }
        }
    }
}

#[test]
fn a_reader_spans_the_bytes_read_where_they_are_not_utf8() {
    // Invalid sequences of one, two and three bytes (each one U+FFFD of
    // three bytes in the text), before a URL and inside one.
    let text = b"\xff x \xe2\x82 http://h/a \xf0\x9f\x98 <URL:http://h/caf\xe9> y \xc3";
    let mut spans = Vec::new();
    rfc1738::extract_from_reader(text.as_slice(), &Default::default(), |found| {
        spans.push((found.url().to_owned(), found.span()));
        Ok(())
    })
    .unwrap();
    let url = |span: &std::ops::Range<usize>| text[span.clone()].to_vec();
    assert_eq!(spans.len(), 2);
    assert_eq!(
        (spans[0].0.as_str(), spans[0].1.clone()),
        ("http://h/a", 7..17)
    );
    assert_eq!(url(&spans[0].1), b"http://h/a");
    assert_eq!(spans[1].0, "http://h/caf\u{fffd}");
    assert_eq!(spans[1].1, 22..41);
    assert_eq!(url(&spans[1].1), b"<URL:http://h/caf\xe9>");
}

#[test]
fn an_unclosed_url_wrapper_holds_the_reading_but_not_the_result() {
    // `<URL:` with no ">": nothing can be cut after it, and the result is
    // the same as for the whole text.
    let mut text = b"<URL:http://h/".to_vec();
    text.extend(std::iter::repeat_n(b'a', 200_000));
    text.extend_from_slice(b" and http://h/b\n");
    let whole: Vec<String> = extract(&String::from_utf8_lossy(&text), &Default::default())
        .iter()
        .map(facts)
        .collect();
    let mut streamed = Vec::new();
    rfc1738::extract_from_reader(text.as_slice(), &Default::default(), |found| {
        streamed.push(facts(found));
        Ok(())
    })
    .unwrap();
    assert_eq!(streamed, whole);
    assert_eq!(whole.len(), 2);
}

#[test]
fn a_url_wrapper_longer_than_two_kilobytes_is_read_whole() {
    let path = "a/".repeat(3000);
    let text = format!("See <URL:http://h/{}\n  x.html> today.", path);
    let found = extract(&text, &ExtractOptions::default());
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].url(), format!("http://h/{path}x.html"));
    assert!(found[0].is_valid());
    // In plain brackets, which prose and markup use for much else, a
    // wrapper ends within 2,048 bytes or is none.
    let text = format!("See <http://h/{path}x.html> today.");
    let found = extract(&text, &ExtractOptions::default());
    assert_eq!(found[0].delimiter(), Delimiter::Bare);
}

#[test]
fn columns_on_one_long_line_count_characters() {
    let text: String = (0..5000).map(|i| format!("é http://h/{i} ")).collect();
    let found = extract(&text, &ExtractOptions::default());
    assert_eq!(found.len(), 5000);
    for found in &found {
        assert_eq!(found.line(), 1);
        let chars_before = text[..found.span().start].chars().count();
        assert_eq!(found.column(), chars_before + 1);
    }
}

#[test]
fn a_scheme_written_only_with_slashes_is_no_url_in_bare_text_without_them() {
    assert!(urls("the http:x and ftp:/pub forms, https:no").is_empty());
    // uri(7) writes file:path_segments: such a file URL is still taken.
    assert_eq!(urls("see file:/etc/motd"), ["file:/etc/motd"]);
    // Schemes written without them are still found; URL: marks anything.
    assert_eq!(
        urls("mail mailto:a@b.c or read news:comp.lang.c, URL:http:x"),
        ["mailto:a@b.c", "news:comp.lang.c", "http:x"]
    );
}

#[test]
fn any_scheme_followed_by_two_slashes_is_a_url_and_other_words_before_a_colon_are_not() {
    assert_eq!(
        urls("clone git://git.kernel.org/pub/x.git or svn+ssh://svn.h.org/repo (hg+https://h/r)."),
        [
            "git://git.kernel.org/pub/x.git",
            "svn+ssh://svn.h.org/repo",
            "hg+https://h/r"
        ]
    );
    assert!(
        urls("set xml:lang, see file.c:42, user:password, int32:47 and unix:path=/x").is_empty()
    );
    // The schemes written without "//" that the documents define stay.
    assert_eq!(urls("write to mailto:a@b.c"), ["mailto:a@b.c"]);
}

#[test]
fn a_merge_conflict_marker_is_no_wrapper() {
    let text =
        "<<<<<<< yours:sample.txt\nsee http://h/a\n=======\ntheirs\n>>>>>>> theirs:sample.txt\n";
    assert_eq!(urls(text), ["http://h/a"]);
    let any = ExtractOptions {
        any_scheme: true,
        ..Default::default()
    };
    let found: Vec<String> = extract(text, &any)
        .iter()
        .map(|f| f.url().to_owned())
        .collect();
    assert!(
        !found
            .iter()
            .any(|url| url.contains('\n') || url.contains("=======")),
        "{found:?}"
    );
}

#[test]
fn a_scheme_that_groff_broke_is_joined_and_templates_are_no_urls() {
    // uri(7) rendered by man: "tel‐" ends one line, "net://" starts the next.
    let text = "An example is\ntel\u{2010}\n       net://melvyl.ucop.edu/.";
    let found = &extract(text, &Default::default())[0];
    assert_eq!(found.url(), "telnet://melvyl.ucop.edu/");
    assert_eq!(found.raw(), &text[14..text.len() - 1]);
    assert_eq!((found.line(), found.column()), (2, 1));
    // A URI template (RFC 6570) holds placeholders no URL holds.
    assert!(urls("GET https://api.h.org/users/{id}/repos and \"http://h/{x}\"").is_empty());
}

#[test]
fn reading_a_piece_at_a_time_holds_at_a_hyphen_or_a_vertical_tab_before_the_cut() {
    // Found by review: a cut after "-\n" split a URL that goes on at the
    // next line, and a vertical tab (whitespace to `char`, not to
    // `u8::is_ascii_whitespace`) let a cut fall inside a `scheme://` join.
    for middle in [
        &b"see http://h/release-\nnotes.html"[..],
        &b"see http://\x0b www.example.org/p"[..],
        &b"news:x-\n#f and more"[..],
    ] {
        let mut text = b"lorem ipsum\n".repeat(5458);
        text.extend_from_slice(middle);
        text.extend(std::iter::repeat_n(b'x', 70_000));
        let whole: Vec<String> = extract(&String::from_utf8_lossy(&text), &Default::default())
            .iter()
            .map(facts)
            .collect();
        let mut streamed = Vec::new();
        rfc1738::extract_from_reader(
            std::io::BufReader::with_capacity(4096, text.as_slice()),
            &Default::default(),
            |found| {
                streamed.push(facts(found));
                Ok(())
            },
        )
        .unwrap();
        assert_eq!(streamed, whole, "{:?}", String::from_utf8_lossy(middle));
        assert!(!whole.is_empty());
    }
}
