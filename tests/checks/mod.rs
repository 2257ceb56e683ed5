//! The oracles of the fuzz targets, shared with the property tests of
//! `cargo test` (`tests/properties.rs`), so that both check the same things.
#![allow(dead_code)]

use rfc1738::{
    BuildComponent, BuildError, Component, ComponentValue, ExtractOptions, FileHost, GeneratedUrl,
    GroupPart, Host, HostPort, Login, OwnedUrl, Spec, UriRef, Url, WaisKind, extract,
    percent_decode,
};

use crate::oracle::{Oracle, OracleSpec};

/// Any bytes: a valid URL displays as the input byte for byte, and each of
/// its warnings points into it and writes its message; an error's offset
/// lies within the input, and rendering it does not panic.
pub fn parse(data: &[u8]) {
    if let Ok(text) = std::str::from_utf8(data) {
        reference(text);
    }
    for spec in Spec::ALL {
        match Url::parse_bytes(data, spec) {
            Ok(url) => {
                assert_eq!(url.to_string().as_bytes(), data);
                for warning in url.warnings() {
                    assert!(warning.span().end <= data.len(), "{warning:?}");
                    // Display writes the message itself; `message` keeps it.
                    let shown = warning.to_string();
                    assert!(shown.ends_with(warning.message()), "{shown:?}");
                }
                let _ = url.syntax_trees();
                let _ = url.checked_port_or_default();
                let _ = url.port_or_default();
            }
            Err(error) => {
                assert!(
                    error.offset() <= data.len(),
                    "offset {} past the end",
                    error.offset()
                );
                assert!(error.line() >= 1 && error.column() >= 1);
                let _ = error.to_string();
                let _ = format!("{error:#}");
                let _ = error.message();
            }
        }
    }
}

/// Any text as an RFC 2396 URI reference: a valid one displays as the input
/// and resolves against a base, and its normal form parses again; an error's
/// offset lies within the input.
pub fn reference(text: &str) {
    match UriRef::parse(text) {
        Ok(reference) => {
            assert_eq!(reference.to_string(), text);
            let base = UriRef::parse("http://a/b/c/d;p?q").unwrap();
            let resolved = reference.resolve(&base).unwrap();
            assert!(resolved.starts_with(reference.scheme().unwrap_or("http")));
            let _ = reference.resolve(&reference);
        }
        Err(error) => {
            assert!(error.offset() <= text.len());
            let _ = error.to_string();
            let _ = format!("{error:#}");
        }
    }
    if let Ok(url) = Url::parse_with(text, Spec::Rfc2396) {
        let normal = rfc1738::__normalize_text(&url);
        assert!(
            Url::parse_with(&normal, Spec::Rfc2396).is_ok(),
            "{text:?} normalizes to {normal:?}, which does not parse"
        );
        assert_eq!(url.normalize(), normal);
    }
}

pub fn oracle_spec(spec: Spec) -> OracleSpec {
    if spec == Spec::Rfc1738 {
        OracleSpec::Rfc1738
    } else {
        OracleSpec::Draft07
    }
}

/// Any text: the crate (`Url::parse_with`, held equal to pest by the other
/// checks) and the independent recognizer give the same verdict.
pub fn differential(oracle: &Oracle, text: &str) {
    for spec in Spec::SECTION5 {
        let crate_says = Url::parse_with(text, spec).is_ok();
        let regex = oracle.accepts(oracle_spec(spec), text);
        assert_eq!(
            crate_says, regex,
            "{text:?} under {spec}: the crate says {crate_says}, the recognizer {regex}"
        );
    }
}

/// A generated URL is accepted by both, and reads back as its scheme.
pub fn generated(oracle: &Oracle, url: &GeneratedUrl) {
    let spec = url.spec();
    let parsed = Url::parse_with(url.as_str(), spec)
        .unwrap_or_else(|error| panic!("{:?}: {error}", url.as_str()));
    assert_eq!(parsed.known_scheme(), url.scheme());
    assert!(
        oracle.accepts(oracle_spec(spec), url.as_str()),
        "{:?}",
        url.as_str()
    );
}

/// Any text: spans lie in the text, in order, and hold the raw text; every
/// URL found parses to the verdict reported.
pub fn extracted(text: &str) {
    for options in [
        ExtractOptions::default(),
        ExtractOptions {
            spec: Spec::Draft07,
            any_scheme: true,
        },
    ] {
        let mut previous_end = 0;
        for found in extract(text, &options) {
            let span = found.span();
            assert!(previous_end <= span.start && span.end <= text.len());
            assert_eq!(&text[span.clone()], found.raw());
            assert_eq!(
                Url::parse_with(found.url(), options.spec).is_ok(),
                found.is_valid()
            );
            previous_end = span.end;
        }
    }
}

/// A valid URL's canonical form: it parses under the same spec, is a fixed
/// point, looks canonical and means the same. Returns `true` in the one case
/// where decoding changed how a generic URL reads (`x://a%2Db/` becomes an
/// `ip-schemepart`), after checking that its text still means the same.
pub fn normalized(url: &Url<'_>) -> bool {
    let spec = url.spec();
    let input = url.as_str();
    let normal = rfc1738::__normalize_text(url);
    let reparsed = Url::parse_with(&normal, spec).unwrap_or_else(|e| {
        panic!("{input} normalizes to {normal}, which does not parse under {spec}: {e}")
    });
    assert_eq!(url.normalize(), normal);
    assert_eq!(reparsed.spec(), spec);
    assert_eq!(
        reparsed.normalize(),
        normal,
        "{input} under {spec}: idempotent"
    );
    assert_canonical(&normal, &reparsed);
    if let (Url::Generic(a), Url::Generic(b)) = (url, &reparsed)
        && a.ip_schemepart().is_some() != b.ip_schemepart().is_some()
    {
        // Decoding its unreserved escapes (which §2.2 says changes nothing)
        // made the scheme part read as a login: it means what that reading
        // of the decoded text means, host case and port zeros aside.
        let decoded = format!("{}:{}", a.scheme(), decode_unreserved(a.schemepart(), spec));
        let decoded = Url::parse_with(&decoded, spec).unwrap_or_else(|e| panic!("{decoded}: {e}"));
        assert_eq!(
            meaning(&decoded),
            meaning(&reparsed),
            "{input} under {spec}"
        );
        return true;
    }
    assert_eq!(
        meaning(url),
        meaning(&reparsed),
        "{input} under {spec} normalizes to {normal}: the meaning changed"
    );
    false
}

/// A URL's meaning, for comparing a URL with its canonical form: each
/// component decoded, host names in lower case, ports as numbers with the
/// default port as none.
pub fn meaning(url: &Url<'_>) -> Vec<(String, Vec<u8>)> {
    let mut out: Vec<(String, Vec<u8>)> = Vec::new();
    let mut put = |name: &str, value: Option<&[u8]>| {
        let value = match value {
            Some(value) => [b"=".as_slice(), value].concat(),
            None => b"(none)".to_vec(),
        };
        out.push((name.to_owned(), value));
    };
    let default = url.known_scheme().and_then(|s| s.default_port());
    let d = |text: &str| percent_decode(text).into_owned();
    let host = |host: Host<'_>| d(host.as_str()).to_ascii_lowercase();
    let port = |hp: HostPort<'_>| {
        // An empty port (RFC 2396's and RFC 3986's `*digit`) is the default.
        let number = hp.port().filter(|p| !p.is_empty()).map(|p| {
            let digits = p.trim_start_matches('0');
            if digits.is_empty() {
                "0".to_owned()
            } else {
                digits.to_owned()
            }
        });
        match (number, default) {
            (Some(n), Some(default)) if n == default.to_string() => None,
            (n, _) => n,
        }
    };
    put("scheme", Some(url.scheme().to_ascii_lowercase().as_bytes()));
    let login = |put: &mut dyn FnMut(&str, Option<&[u8]>), login: Login<'_>| {
        put("user", login.user().map(&d).as_deref());
        put("password", login.password().map(&d).as_deref());
        put("host", Some(&host(login.host())));
        put("port", port(login.hostport()).as_deref().map(str::as_bytes));
    };
    // The components of a type that lists them: text decoded, a server as
    // its host and port.
    let listed = |put: &mut dyn FnMut(&str, Option<&[u8]>),
                  components: &mut dyn Iterator<Item = Component<'_>>| {
        for Component { name, value } in components {
            match value {
                ComponentValue::Text(text) => put(name, Some(&d(text))),
                ComponentValue::Optional(text) => put(name, text.map(d).as_deref()),
                ComponentValue::HostPort(hp) => {
                    put("host", Some(&host(hp.host())));
                    put("port", port(hp).as_deref().map(str::as_bytes));
                }
            }
        }
    };
    match url {
        Url::Ftp(ftp) => {
            login(&mut put, ftp.login());
            for segment in ftp.segments() {
                put("segment", Some(&d(segment)));
            }
            put("path", ftp.path().map(|_| b"".as_slice()));
            put(
                "type",
                ftp.typecode()
                    .map(|t| t.to_string().into_bytes())
                    .as_deref(),
            );
        }
        Url::Http(http) => {
            put("host", Some(&host(http.hostport().host())));
            put("port", port(http.hostport()).as_deref().map(str::as_bytes));
            put("path", http.path().map(|_| b"".as_slice()));
            for segment in http.segments() {
                put("segment", Some(&d(segment)));
            }
            put("search", http.search().map(d).as_deref());
        }
        Url::Gopher(gopher) => {
            put("host", Some(&host(gopher.hostport().host())));
            put(
                "port",
                port(gopher.hostport()).as_deref().map(str::as_bytes),
            );
            put("path", gopher.path().map(|_| b"".as_slice()));
            put("gtype", gopher.gtype().map(d).as_deref());
            put("selector", gopher.selector().map(d).as_deref());
            put("search", gopher.search().map(d).as_deref());
            put("gopher+", gopher.gopher_plus().map(d).as_deref());
        }
        Url::Mailto(mailto) => listed(&mut put, &mut mailto.components()),
        Url::News(news) => match news.grouppart() {
            GroupPart::All => put("all groups", Some(b"*")),
            GroupPart::Group(group) => put("group", Some(group.as_bytes())),
            GroupPart::Article { unique, host: h } => {
                put("unique", Some(&d(unique)));
                put("host", Some(&host(h)));
            }
        },
        Url::Nntp(nntp) => listed(&mut put, &mut nntp.components()),
        Url::Telnet(telnet) => {
            login(&mut put, telnet.login());
            put(
                "slash",
                telnet.has_trailing_slash().then_some(b"".as_slice()),
            );
        }
        Url::Wais(wais) => {
            put("host", Some(&host(wais.hostport().host())));
            put("port", port(wais.hostport()).as_deref().map(str::as_bytes));
            put("database", Some(&d(wais.database())));
            match wais.kind() {
                WaisKind::Database => put("database only", None),
                WaisKind::Index { search } => put("search", Some(&d(search))),
                WaisKind::Document { wtype, wpath } => {
                    put("wtype", Some(&d(wtype)));
                    put("wpath", Some(&d(wpath)));
                }
            }
        }
        Url::File(file) => {
            match file.host() {
                FileHost::Absent => put("host", None),
                FileHost::Localhost(text) => put("host", Some(&d(text).to_ascii_lowercase())),
                FileHost::Host(h) => put("host", Some(&host(h))),
            }
            put("path", file.path().map(|_| b"".as_slice()));
            for segment in file.segments() {
                put("segment", Some(&d(segment)));
            }
        }
        Url::Prospero(prospero) => {
            put("host", Some(&host(prospero.hostport().host())));
            put(
                "port",
                port(prospero.hostport()).as_deref().map(str::as_bytes),
            );
            for segment in prospero.segments() {
                put("segment", Some(&d(segment)));
            }
            for (name, value) in prospero.fields() {
                put("field name", Some(&d(name)));
                put("field value", Some(&d(value)));
            }
        }
        Url::Generic(generic) => match generic.ip_schemepart() {
            Some(ip) => {
                login(&mut put, ip.login());
                put("urlpath", ip.urlpath().map(d).as_deref());
            }
            None => put("schemepart", Some(&d(generic.schemepart()))),
        },
        other => panic!("{other:?}"),
    }
    out
}

/// The builder `url` gives (`to_builder`), built under the URL's
/// specification; `None` for the kinds without a builder.
fn rebuilt(url: &Url<'_>) -> Option<Result<OwnedUrl, BuildError>> {
    let spec = url.spec();
    Some(match url {
        Url::Ftp(ftp) => ftp.to_builder().and_then(|b| b.build(spec)),
        Url::Http(http) => http.to_builder().and_then(|b| b.build(spec)),
        Url::Gopher(gopher) => gopher.to_builder().and_then(|b| b.build(spec)),
        Url::Mailto(mailto) => mailto.to_builder().and_then(|b| b.build(spec)),
        Url::News(news) => news.to_builder().and_then(|b| b.build(spec)),
        Url::Nntp(nntp) => nntp.to_builder().and_then(|b| b.build(spec)),
        Url::Telnet(telnet) => telnet.to_builder().and_then(|b| b.build(spec)),
        Url::Wais(wais) => wais.to_builder().and_then(|b| b.build(spec)),
        Url::File(file) => file.to_builder().and_then(|b| b.build(spec)),
        Url::Prospero(prospero) => prospero.to_builder().and_then(|b| b.build(spec)),
        Url::Generic(generic) => generic.to_builder().and_then(|b| b.build(spec)),
        _ => return None,
    })
}

/// Whether `error` is one the builders own to: a fragment, which they do
/// not write; a port or an article number beyond the integer the builder
/// holds; or a gopher part holding a byte that RFC 4266 keeps out of a
/// Gopher request.
fn a_limit_of_the_builder(url: &Url<'_>, error: &BuildError) -> bool {
    let holds_a_separator = |part: Option<&str>| {
        part.is_some_and(|part| percent_decode(part).iter().any(|b| b"\t\r\n".contains(b)))
    };
    match (url, error.component()) {
        (_, BuildComponent::Fragment) => url.fragment().is_some(),
        (_, BuildComponent::Port) => url
            .hostport()
            .is_some_and(|hostport| hostport.port_number().is_err()),
        (Url::Nntp(nntp), BuildComponent::NntpArticle) => nntp
            .article()
            .is_some_and(|digits| digits.parse::<u64>().is_err()),
        (Url::Gopher(gopher), BuildComponent::GopherItemType) => holds_a_separator(gopher.gtype()),
        (Url::Gopher(gopher), BuildComponent::GopherSelector) => {
            holds_a_separator(gopher.selector())
        }
        (Url::Gopher(gopher), BuildComponent::GopherSearch) => holds_a_separator(gopher.search()),
        (Url::Gopher(gopher), BuildComponent::GopherPlusString) => gopher
            .gopher_plus()
            .is_some_and(|plus| percent_decode(plus).iter().any(|b| b"\r\n".contains(b))),
        _ => false,
    }
}

/// A URL's parts, as `checks::meaning` gives them, but for what builders
/// write one way only: `gopher://host` as `gopher://host/`, an nntp article
/// number without the zeros before it.
fn rebuilt_meaning(url: &Url<'_>) -> Vec<(String, Vec<u8>)> {
    let mut meaning = meaning(url);
    match url {
        Url::Gopher(_) => meaning.retain(|(name, _)| name != "path"),
        Url::Nntp(_) => {
            for (name, value) in &mut meaning {
                if name == "article" {
                    let digits = String::from_utf8_lossy(value);
                    let digits = digits.trim_start_matches(['=', '0']);
                    *value =
                        format!("={}", if digits.is_empty() { "0" } else { digits }).into_bytes();
                }
            }
        }
        _ => {}
    }
    meaning
}

/// `url` turned into its builder (`to_builder`) and built again under its
/// specification: `Some(true)` when that gives a URL of the same parts,
/// `Some(false)` when it is refused for a limit of the builder, `None` for
/// the kinds without a builder. Anything else fails.
pub fn rebuilds(url: &Url<'_>) -> Option<bool> {
    match rebuilt(url)? {
        Ok(again) => {
            assert_eq!(again.spec(), url.spec());
            assert_eq!(
                rebuilt_meaning(again.as_url()),
                rebuilt_meaning(url),
                "{url} under {} rebuilt as {again}",
                url.spec()
            );
            // Hosts are kept as written, ports as numbers (the default one
            // too), which `meaning` leaves out.
            let server = |url: &Url<'_>| {
                url.hostport().map(|hostport| {
                    (
                        hostport.host().as_str().to_owned(),
                        hostport.port_number().ok().flatten(),
                    )
                })
            };
            assert_eq!(
                server(again.as_url()),
                server(url),
                "{url} rebuilt as {again}"
            );
            Some(true)
        }
        Err(error) => {
            assert!(
                a_limit_of_the_builder(url, &error),
                "{url} under {}: {error}",
                url.spec()
            );
            Some(false)
        }
    }
}

/// What a canonical form must look like, whatever it came from.
pub fn assert_canonical(normal: &str, url: &Url<'_>) {
    let spec = url.spec();
    let scheme_end = normal.find(':').unwrap();
    assert!(
        !normal[..scheme_end].bytes().any(|b| b.is_ascii_uppercase()),
        "{normal}: scheme case"
    );
    for (i, _) in normal.match_indices('%') {
        let hex = &normal[i + 1..i + 3];
        assert!(
            hex.bytes()
                .all(|b| b.is_ascii_digit() || b.is_ascii_uppercase()),
            "{normal}: hex case"
        );
        let byte = u8::from_str_radix(hex, 16).unwrap();
        assert!(
            !unreserved(byte, spec) || b";/?:@&=".contains(&byte),
            "{normal}: %{hex} should be decoded"
        );
    }
    if let Some(port) = url.hostport().and_then(|hostport| hostport.port()) {
        assert!(
            port == "0" || !port.starts_with('0'),
            "{normal}: port zeros"
        );
        let default = url.known_scheme().and_then(|s| s.default_port());
        assert_ne!(
            Some(port.to_owned()),
            default.map(|d| d.to_string()),
            "{normal}: default port"
        );
    }
}

/// `unreserved`, restated from the text of Section 5 (independently of the
/// library's classes), and of RFC 3986 §2.3.
pub fn unreserved(byte: u8, spec: Spec) -> bool {
    if spec == Spec::Rfc3986 {
        return byte.is_ascii_alphanumeric() || b"-._~".contains(&byte);
    }
    let rfc1738: &[u8] = b"$-_.+!*'(),";
    let draft07_adds: &[u8] = b"={}|\\^~[]";
    byte.is_ascii_alphanumeric()
        || rfc1738.contains(&byte)
        || (spec == Spec::Draft07 && draft07_adds.contains(&byte))
}

/// `text` with the escapes of unreserved, non-reserved bytes decoded, by the
/// test's own reading of the classes.
fn decode_unreserved(text: &str, spec: Spec) -> String {
    let bytes = text.as_bytes();
    let mut out = String::new();
    let mut i = 0;
    while i < bytes.len() {
        let escape = (bytes[i] == b'%').then(|| text.get(i + 1..i + 3)).flatten();
        match escape.and_then(|hex| u8::from_str_radix(hex, 16).ok()) {
            Some(byte) if unreserved(byte, spec) && !b";/?:@&=".contains(&byte) => {
                out.push(char::from(byte));
                i += 3;
            }
            _ => {
                out.push(char::from(bytes[i]));
                i += 1;
            }
        }
    }
    out
}

/// Any text: the fast path gives what the grammar gives, under both
/// specifications: the same verdict, and for a URL the same typed view.
pub fn fast_path(text: &str) {
    // The fast path covers the Section 5 specifications; RFC 2396 is the grammar's alone.
    for spec in Spec::SECTION5 {
        let fast = rfc1738::__fast_parse(text, spec);
        let pest = rfc1738::__pest_verdict(text, spec);
        assert_eq!(
            fast, pest,
            "{text:?} under {spec}: the fast path (left) against the grammar (right)"
        );
        // The warnings `parse_with_warnings` gives, which skips the lints where
        // the fast path saw nothing they look for, are all the lints find.
        if let Some(url) = &pest {
            let Ok((_, checked)) = Url::parse_with_warnings(text, spec) else {
                panic!(
                    "{text:?} under {spec}: valid by the grammar, refused by parse_with_warnings"
                );
            };
            assert_eq!(
                checked,
                url.warnings(),
                "{text:?} under {spec}: the warnings of parse_with_warnings (left) against all the lints find (right)"
            );
        }
    }
}

/// Any text: the error `Url::parse_with` and `UriRef::parse` give (from the
/// error-tracking reader) is the one pest's detailed report gives, whole
/// (offset, line, column, expected rules and literals in order, found, help
/// and excerpt), under every specification; and a URL is the same URL. The
/// caller turns pest's error detail on (`pest::set_error_detail(true)`).
pub fn error_path(text: &str) {
    for spec in Spec::ALL {
        let reference = rfc1738::__pest_parse(text, spec);
        let ours = Url::parse_with(text, spec);
        assert_eq!(
            ours, reference,
            "{text:?} under {spec}: Url::parse_with (left) against pest's detailed report (right)"
        );
        if let Ok(url) = &ours {
            assert_eq!(
                url.syntax_trees(),
                rfc1738::__pest_syntax_trees(url),
                "{text:?} under {spec}: the generated reader's tree (left) against pest's (right)"
            );
        }
        assert_eq!(
            Url::is_valid(text, spec),
            reference.is_ok(),
            "{text:?} under {spec}: is_valid against pest"
        );
        if let Err(error) = &reference {
            assert_eq!(
                Url::parse_with_warnings(text, spec).err().as_ref(),
                Some(error),
                "{text:?} under {spec}: parse_with_warnings against pest's detailed report"
            );
        }
    }
    assert_eq!(
        UriRef::parse(text),
        rfc1738::__pest_uri_ref(text),
        "{text:?}: UriRef::parse (left) against pest's detailed report (right)"
    );
    assert_eq!(
        UriRef::parse_with(text, Spec::Rfc3986),
        rfc1738::__pest_uri_ref_with(text, Spec::Rfc3986),
        "{text:?}: UriRef::parse_with RFC 3986 (left) against pest's detailed report (right)"
    );
}

/// [`error_path`], faster: pest's verdict with its error detail off, and
/// its detailed report only for the inputs it refuses. It switches that
/// process-wide setting, so it is for a process that runs one check at a
/// time (a fuzz target).
pub fn error_path_switching_detail(text: &str) {
    for spec in Spec::ALL {
        pest::set_error_detail(false);
        let ours = Url::parse_with(text, spec);
        let verdict = rfc1738::__pest_verdict(text, spec);
        assert_eq!(
            Url::is_valid(text, spec),
            verdict.is_some(),
            "{text:?} under {spec}: is_valid against pest"
        );
        match (&ours, verdict) {
            (Ok(url), Some(reference)) => {
                assert_eq!(
                    *url, reference,
                    "{text:?} under {spec}: Url::parse_with (left) against pest (right)"
                );
                assert_eq!(
                    url.syntax_trees(),
                    rfc1738::__pest_syntax_trees(url),
                    "{text:?} under {spec}: the generated reader's tree (left) against pest's (right)"
                );
            }
            (Err(error), None) => {
                pest::set_error_detail(true);
                let reference = rfc1738::__pest_parse(text, spec);
                assert_eq!(
                    Some(error),
                    reference.as_ref().err(),
                    "{text:?} under {spec}: the error (left) against pest's detailed report (right)"
                );
            }
            (ours, reference) => {
                panic!("{text:?} under {spec}: {ours:?} against pest's {reference:?}")
            }
        }
    }
    pest::set_error_detail(false);
    let ours = UriRef::parse(text);
    match (&ours, rfc1738::__pest_uri_ref_verdict(text)) {
        (Ok(uri), Some(reference)) => {
            assert_eq!(*uri, reference, "{text:?}: UriRef::parse against pest")
        }
        (Err(error), None) => {
            pest::set_error_detail(true);
            assert_eq!(
                Some(error),
                rfc1738::__pest_uri_ref(text).as_ref().err(),
                "{text:?}: the error of UriRef::parse against pest's detailed report"
            );
        }
        (ours, reference) => panic!("{text:?}: {ours:?} against pest's {reference:?}"),
    }
    pest::set_error_detail(true);
    assert_eq!(
        UriRef::parse_with(text, Spec::Rfc3986),
        rfc1738::__pest_uri_ref_with(text, Spec::Rfc3986),
        "{text:?}: UriRef::parse_with RFC 3986 (left) against pest's detailed report (right)"
    );
    pest::set_error_detail(false);
}

/// Any text: under every specification, an error's fix parses under that
/// specification and is what its edits make of the input; an error's
/// `valid_under` names exactly the other specifications that take the text,
/// read the same way (as a URL, and as a URI reference).
pub fn fixed(text: &str) {
    for spec in Spec::ALL {
        if let Err(error) = Url::parse_with(text, spec) {
            if let Some(fix) = error.fix() {
                assert!(
                    Url::is_valid(fix.text(), spec),
                    "{spec}: the fix of {text:?}, {:?}, does not parse",
                    fix.text()
                );
                assert_eq!(edited(text, fix), fix.text(), "{spec}: {text:?}");
            }
            let taking: Vec<Spec> = Spec::ALL
                .into_iter()
                .filter(|&other| other != spec && Url::is_valid(text, other))
                .collect();
            assert_eq!(error.valid_under(), taking, "{spec}: {text:?}");
            let _ = error.help();
        }
    }
    for (spec, other) in [
        (Spec::Rfc2396, Spec::Rfc3986),
        (Spec::Rfc3986, Spec::Rfc2396),
    ] {
        if let Err(error) = UriRef::parse_with(text, spec) {
            if let Some(fix) = error.fix() {
                assert!(
                    UriRef::parse_with(fix.text(), spec).is_ok(),
                    "{spec} reference: the fix of {text:?}, {:?}, does not parse",
                    fix.text()
                );
                assert_eq!(edited(text, fix), fix.text(), "{spec}: {text:?}");
            }
            let taken = UriRef::parse_with(text, other).is_ok();
            assert_eq!(error.valid_under() == [other], taken, "{spec}: {text:?}");
        }
    }
}

/// Bytes that are not UTF-8: under every specification, as a URL and as a
/// URI reference, an error's fix parses and is what its edits make of the
/// bytes, and no other specification takes them as they are.
pub fn fixed_bytes(bytes: &[u8]) {
    let check = |error: &rfc1738::ParseError, parses: &dyn Fn(&str) -> bool, spec: Spec| {
        if let Some(fix) = error.fix() {
            assert!(
                parses(fix.text()),
                "{spec}: the fix of {bytes:?}, {:?}, does not parse",
                fix.text()
            );
            let mut made = Vec::new();
            let mut at = 0;
            for edit in fix.edits() {
                assert!(edit.range.start >= at, "edits overlap or are out of order");
                made.extend_from_slice(&bytes[at..edit.range.start]);
                made.extend_from_slice(edit.replacement.as_bytes());
                at = edit.range.end;
            }
            made.extend_from_slice(&bytes[at..]);
            assert_eq!(made, fix.text().as_bytes(), "{spec}: {bytes:?}");
        }
        assert!(error.valid_under().is_empty(), "{spec}: {bytes:?}");
    };
    for spec in Spec::ALL {
        let error = Url::parse_bytes(bytes, spec).expect_err("bytes that are not UTF-8");
        check(&error, &|text| Url::is_valid(text, spec), spec);
    }
    for spec in [Spec::Rfc2396, Spec::Rfc3986] {
        let error = UriRef::parse_bytes_with(bytes, spec).expect_err("bytes that are not UTF-8");
        check(&error, &|text| UriRef::parse_with(text, spec).is_ok(), spec);
    }
}

/// `text` with the fix's edits applied, in order, none overlapping.
fn edited(text: &str, fix: &rfc1738::Fix) -> String {
    let mut out = String::new();
    let mut at = 0;
    for edit in fix.edits() {
        assert!(edit.range.start >= at, "edits overlap or are out of order");
        out.push_str(&text[at..edit.range.start]);
        out.push_str(&edit.replacement);
        at = edit.range.end;
    }
    out.push_str(&text[at..]);
    out
}
