//! The builders and normalization: exact examples, and properties over random
//! inputs with fixed seeds.
//!
//! Builders: for random decoded parts (every byte 0..=255 among them), `build`
//! refuses exactly when the test's own reading of the BNF says the parts cannot
//! be written, and otherwise writes each part escaped exactly where its rule
//! requires, so that parsing reads every part back.
//!
//! Normalization: for the built URLs and the documents' examples, changed in
//! ways that keep their meaning (escapes, hex case, scheme and host case, port
//! zeros and default ports), the canonical form parses, is a fixed point, has
//! the same decoded components, and is the same as the unchanged URL's.

use std::borrow::Cow;
use std::collections::BTreeSet;

use crate::checks;

use checks::unreserved;

use rfc1738::{
    BuildComponent, BuildError, FileHost, FileUrl, FtpUrl, GenericUrl, GopherUrl, GroupPart, Host,
    HostPort, HttpUrl, Login, MailtoUrl, NewsUrl, NntpUrl, OwnedUrl, ProsperoUrl, Spec, TelnetUrl,
    Url, WaisKind, WaisUrl, percent_decode,
};

const CASES: usize = 4000;

// ---------------------------------------------------------------------------
// The BNF's character classes, restated from the text of Section 5 for the
// oracle (independently of the library's).

/// `*[ uchar | <others> ]` written from `bytes`: what the builder must write.
fn written(bytes: &[u8], spec: Spec, others: &[u8]) -> String {
    let mut out = String::new();
    for &byte in bytes {
        if unreserved(byte, spec) || others.contains(&byte) {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

const USER: &[u8] = b";?&=";
const FSEGMENT: &[u8] = b"?:@&=";
const HSEGMENT: &[u8] = b";:@&=";
const XCHAR: &[u8] = b";/?:@&=";
const ARTICLE: &[u8] = b";/?:&=";
const FIELD: &[u8] = b"?:@&";

fn fieldname_written(bytes: &[u8], spec: Spec) -> String {
    written(bytes, spec, FIELD).replace('=', "%3D")
}

fn is_hostnumber(host: &str) -> bool {
    let parts: Vec<_> = host.split('.').collect();
    parts.len() == 4
        && parts
            .iter()
            .all(|part| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit()))
}

fn is_escapes_and(text: &[u8], allowed: impl Fn(u8) -> bool) -> bool {
    let mut i = 0;
    while i < text.len() {
        if text[i] == b'%' {
            if !(i + 2 < text.len()
                && text[i + 1].is_ascii_hexdigit()
                && text[i + 2].is_ascii_hexdigit())
            {
                return false;
            }
            i += 3;
        } else if allowed(text[i]) {
            i += 1;
        } else {
            return false;
        }
    }
    true
}

fn host_ok(host: &[u8], spec: Spec) -> bool {
    let Ok(host) = std::str::from_utf8(host) else {
        return false;
    };
    if is_hostnumber(host) {
        return true;
    }
    match spec {
        // hostname = *[ domainlabel "." ] toplabel
        Spec::Rfc1738 => {
            let labels: Vec<&str> = host.split('.').collect();
            let label_ok = |label: &str| {
                !label.is_empty()
                    && label
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b == b'-')
                    && !label.starts_with('-')
                    && !label.ends_with('-')
            };
            labels.iter().all(|label| label_ok(label))
                && labels
                    .last()
                    .is_some_and(|top| top.as_bytes()[0].is_ascii_alphabetic())
        }
        // hostname = alpha *uchar
        Spec::Draft07 => {
            host.as_bytes().first().is_some_and(u8::is_ascii_alphabetic)
                && is_escapes_and(&host.as_bytes()[1..], |b| unreserved(b, spec))
        }
        _ => unreachable!(),
    }
}

fn group_ok(group: &[u8], spec: Spec) -> bool {
    let more: &[u8] = match spec {
        Spec::Rfc1738 => b"-.+_",
        _ => b"-.",
    };
    group.first().is_some_and(u8::is_ascii_alphabetic)
        && group[1..]
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || more.contains(b))
}

// ---------------------------------------------------------------------------
// Random parts.

/// Random parts from a fixed seed. While `forced` is set, every byte string
/// holds that byte, so that the first 256 cases of a scheme put every byte
/// value in every component.
struct Gen {
    rng: fastrand::Rng,
    forced: Option<u8>,
}

const SPECIAL: &[u8] = b"%/;?=@:~&# \t\r\n+$-_.!*'(),{}|\\^[]`<>\"";

impl Gen {
    fn new(seed: u64) -> Gen {
        Gen {
            rng: fastrand::Rng::with_seed(seed),
            forced: None,
        }
    }

    fn bool(&mut self) -> bool {
        self.rng.bool()
    }

    fn chance(&mut self, percent: u8) -> bool {
        self.rng.u8(0..100) < percent
    }

    fn byte(&mut self) -> u8 {
        match self.rng.u8(0..10) {
            0..=3 => SPECIAL[self.rng.usize(..SPECIAL.len())],
            4..=6 => self.rng.alphanumeric() as u8,
            _ => self.rng.u8(..),
        }
    }

    fn bytes(&mut self) -> Vec<u8> {
        let len = self.rng.usize(0..8);
        let mut bytes: Vec<u8> = (0..len).map(|_| self.byte()).collect();
        if let Some(forced) = self.forced {
            let at = self.rng.usize(..=bytes.len());
            bytes.insert(at, forced);
        }
        bytes
    }

    fn opt_bytes(&mut self) -> Option<Vec<u8>> {
        self.bool().then(|| self.bytes())
    }

    fn list(&mut self, max: usize) -> Vec<Vec<u8>> {
        let len = self.rng.usize(0..=max);
        (0..len).map(|_| self.bytes()).collect()
    }

    fn pick<'a>(&mut self, choices: &[&'a str]) -> &'a str {
        choices[self.rng.usize(..choices.len())]
    }

    fn host(&mut self) -> Vec<u8> {
        // Valid under both specs, valid under one, and valid under neither.
        const VALID: &[&str] = &[
            "host.dom",
            "h",
            "a-b.c0",
            "WWW.Example.COM",
            "1.2.3.4",
            "192.0.2.1",
            "localhost",
            "LocalHost",
            "z.9a",
            "x.y.z",
        ];
        const ODD: &[&str] = &[
            "0a.b",
            "1a",
            "x~y",
            "a%41",
            "a%4a.b",
            "a=b",
            "a.",
            "-a",
            "a..b",
            "1a.com",
            "a b",
            "",
            "1.2.3",
            "a:1",
            "a/b",
            "h%zz",
            "a-",
            "a.b-",
            "\u{e9}.com",
        ];
        match self.rng.u8(0..20) {
            0..=14 => self.pick(VALID).as_bytes().to_vec(),
            15..=16 => self.pick(ODD).as_bytes().to_vec(),
            17..=18 => {
                let len = self.rng.usize(1..8);
                let chars = b"ab1.-~%4Z";
                (0..len)
                    .map(|_| chars[self.rng.usize(..chars.len())])
                    .collect()
            }
            _ => self.bytes(),
        }
    }

    fn port(&mut self) -> Option<u16> {
        match self.rng.u8(0..4) {
            0 => Some(self.rng.u16(..)),
            1 => Some(
                self.pick(&["21", "80", "70", "119", "23", "210", "1525", "0"])
                    .parse()
                    .unwrap(),
            ),
            _ => None,
        }
    }

    fn group(&mut self) -> Vec<u8> {
        const GROUPS: &[&str] = &[
            "comp.lang.ada",
            "alt.test",
            "a",
            "comp.lang.c++",
            "x_y",
            "A-1.b",
            "a.b-c",
            "news.answers",
            "1a",
            "",
            "a b",
            "a@b",
            "*",
        ];
        if self.chance(85) {
            self.pick(GROUPS).as_bytes().to_vec()
        } else {
            self.bytes()
        }
    }
}

fn dec(text: &str) -> Cow<'_, [u8]> {
    percent_decode(text)
}

fn port_text(port: Option<u16>) -> Option<String> {
    port.map(|port| port.to_string())
}

fn check_hostport(hostport: HostPort<'_>, host: &[u8], port: Option<u16>) {
    assert_eq!(hostport.host().as_str().as_bytes(), host);
    assert_eq!(
        matches!(hostport.host(), Host::Number(_)),
        is_hostnumber(hostport.host().as_str())
    );
    assert_eq!(hostport.port().map(str::to_owned), port_text(port));
}

fn check_login(
    login: Login<'_>,
    spec: Spec,
    user: &Option<Vec<u8>>,
    password: &Option<Vec<u8>>,
    host: &[u8],
    port: Option<u16>,
) {
    assert_eq!(
        login.user().map(str::to_owned),
        user.as_ref().map(|u| written(u, spec, USER))
    );
    assert_eq!(
        login.password().map(str::to_owned),
        password.as_ref().map(|p| written(p, spec, USER))
    );
    assert_eq!(login.user().map(|u| dec(u).into_owned()), *user);
    assert_eq!(login.password().map(|p| dec(p).into_owned()), *password);
    check_hostport(login.hostport(), host, port);
}

/// Builds with `build` under `spec`, checks that it was refused exactly when
/// `expect_ok` is false, and parses what was built.
fn built<'a>(
    result: Result<OwnedUrl, BuildError>,
    expect_ok: bool,
    spec: Spec,
    what: &dyn std::fmt::Debug,
    keep: &'a mut Vec<(String, Spec)>,
) -> Option<&'a str> {
    match result {
        Ok(url) => {
            assert!(
                expect_ok,
                "built {url:?} from {what:?} under {spec}, expected a refusal"
            );
            assert_eq!(url.spec(), spec);
            keep.push((url.to_string(), spec));
            keep.last().map(|(url, _)| url.as_str())
        }
        Err(err) => {
            assert!(
                !expect_ok,
                "refused {what:?} under {spec}: {err}, expected a URL"
            );
            assert!(!err.to_string().is_empty());
            None
        }
    }
}

fn parse(url: &str, spec: Spec) -> Url<'_> {
    Url::parse_with(url, spec)
        .unwrap_or_else(|err| panic!("built {url:?} does not parse under {spec}: {err}"))
}

/// Runs `case` for `CASES` random cases under both specs; returns the URLs
/// built, and prints how many were built and refused.
fn run(
    name: &str,
    seed: u64,
    mut case: impl FnMut(&mut Gen, Spec, &mut Vec<(String, Spec)>),
) -> Vec<(String, Spec)> {
    let mut cases = Gen::new(seed);
    let mut kept = Vec::new();
    let mut attempts = 0;
    for i in 0..CASES {
        cases.forced = u8::try_from(i).ok();
        // The same parts under both specs: the generator is re-seeded per case.
        let case_seed = cases.rng.u64(..);
        for spec in Spec::SECTION5 {
            let mut case_gen = Gen {
                rng: fastrand::Rng::with_seed(case_seed),
                forced: cases.forced,
            };
            case(&mut case_gen, spec, &mut kept);
            attempts += 1;
        }
    }
    eprintln!(
        "{name}: {attempts} builds, {} built and read back, {} refused",
        kept.len(),
        attempts - kept.len()
    );
    assert!(
        kept.len() * 5 > attempts,
        "{name}: too few URLs were built to test anything"
    );
    assert!(kept.len() < attempts, "{name}: nothing was refused");
    kept
}

// ---------------------------------------------------------------------------
// Builder properties, one per scheme.

fn ftp_urls() -> Vec<(String, Spec)> {
    run("ftp", 1, |g, spec, keep| {
        let (user, password, host, port) = (g.opt_bytes(), g.opt_bytes(), g.host(), g.port());
        let cwd = g.list(3);
        let name = g.chance(80).then(|| g.bytes());
        let typecode = [None, Some('a'), Some('I'), Some('d'), Some('x')][g.rng.usize(..5)];
        let mut b = FtpUrl::builder().host(&host);
        if let Some(u) = &user {
            b = b.user(u);
        }
        if let Some(p) = &password {
            b = b.password(p);
        }
        if let Some(port) = port {
            b = b.port(port);
        }
        for d in &cwd {
            b = b.cwd(d);
        }
        if let Some(n) = &name {
            b = b.name(n);
        }
        if let Some(t) = typecode {
            b = b.typecode(t);
        }
        let ok = host_ok(&host, spec)
            && !(password.is_some() && user.is_none())
            && (name.is_some() || (cwd.is_empty() && typecode.is_none()))
            && typecode != Some('x');
        let Some(url) = built(b.build(spec), ok, spec, &b, keep) else {
            return;
        };
        let Url::Ftp(ftp) = parse(url, spec) else {
            panic!("{url:?} is not ftp")
        };
        check_login(ftp.login(), spec, &user, &password, &host, port);
        let cwd_read: Vec<_> = ftp.cwd().collect();
        assert_eq!(
            cwd_read,
            cwd.iter()
                .map(|d| written(d, spec, FSEGMENT))
                .collect::<Vec<_>>(),
            "{url}"
        );
        assert_eq!(
            cwd_read
                .iter()
                .map(|d| dec(d).into_owned())
                .collect::<Vec<_>>(),
            cwd
        );
        assert_eq!(
            ftp.name().map(str::to_owned),
            name.as_ref().map(|n| written(n, spec, FSEGMENT))
        );
        assert_eq!(ftp.name().map(|n| dec(n).into_owned()), name);
        assert_eq!(ftp.typecode(), typecode);
    })
}

fn http_urls() -> Vec<(String, Spec)> {
    run("http", 2, |g, spec, keep| {
        let (host, port) = (g.host(), g.port());
        let segments = g.list(4);
        let search = g.opt_bytes();
        let mut b = HttpUrl::builder().host(&host);
        if let Some(port) = port {
            b = b.port(port);
        }
        for s in &segments {
            b = b.segment(s);
        }
        if let Some(s) = &search {
            b = b.search(s);
        }
        let ok = host_ok(&host, spec) && !(segments.is_empty() && search.is_some());
        let Some(url) = built(b.build(spec), ok, spec, &b, keep) else {
            return;
        };
        let Url::Http(http) = parse(url, spec) else {
            panic!("{url:?} is not http")
        };
        check_hostport(http.hostport(), &host, port);
        let read: Vec<_> = http.segments().collect();
        assert_eq!(
            read,
            segments
                .iter()
                .map(|s| written(s, spec, HSEGMENT))
                .collect::<Vec<_>>()
        );
        assert_eq!(
            read.iter().map(|s| dec(s).into_owned()).collect::<Vec<_>>(),
            segments
        );
        assert_eq!(
            http.search().map(str::to_owned),
            search.as_ref().map(|s| written(s, spec, HSEGMENT))
        );
        assert_eq!(http.search().map(|s| dec(s).into_owned()), search);
    })
}

fn has_any(bytes: &Option<Vec<u8>>, of: &[u8]) -> bool {
    bytes
        .as_ref()
        .is_some_and(|b| b.iter().any(|byte| of.contains(byte)))
}

fn gopher_urls() -> Vec<(String, Spec)> {
    run("gopher", 3, |g, spec, keep| {
        let (host, port) = (g.host(), g.port());
        let gtype = match g.rng.u8(0..6) {
            0 => None,
            1 => Some(Vec::new()),
            2 => Some(vec![g.byte(), g.byte()]),
            3 => Some(vec![g.forced.unwrap_or(b'1')]),
            _ => Some(vec![g.byte()]),
        };
        let (selector, search, gopher_plus) = (g.opt_bytes(), g.opt_bytes(), g.opt_bytes());
        let mut b = GopherUrl::builder().host(&host);
        if let Some(port) = port {
            b = b.port(port);
        }
        if let Some(t) = &gtype {
            b = b.gtype(t);
        }
        if let Some(s) = &selector {
            b = b.selector(s);
        }
        if let Some(s) = &search {
            b = b.search(s);
        }
        if let Some(s) = &gopher_plus {
            b = b.gopher_plus(s);
        }
        let ok = host_ok(&host, spec)
            && match &gtype {
                None => selector.is_none() && search.is_none() && gopher_plus.is_none(),
                Some(t) => {
                    t.len() == 1
                        && !has_any(&gtype, b"\t\r\n")
                        && !has_any(&selector, b"\t\r\n")
                        && !has_any(&search, b"\t\r\n")
                        && !has_any(&gopher_plus, b"\r\n")
                        && (gopher_plus.is_none() || search.is_some())
                }
            };
        let Some(url) = built(b.build(spec), ok, spec, &b, keep) else {
            return;
        };
        let Url::Gopher(gopher) = parse(url, spec) else {
            panic!("{url:?} is not gopher")
        };
        check_hostport(gopher.hostport(), &host, port);
        match &gtype {
            None => {
                assert_eq!(gopher.path(), Some(""));
                assert_eq!((gopher.gtype(), gopher.selector()), (None, None));
            }
            Some(t) => {
                assert_eq!(gopher.gtype(), Some(written(t, spec, XCHAR).as_str()));
                assert_eq!(gopher.gtype().map(|t| dec(t).into_owned()), gtype);
                let selector = selector.unwrap_or_default();
                assert_eq!(
                    gopher.selector(),
                    Some(written(&selector, spec, XCHAR).as_str())
                );
                assert_eq!(
                    gopher.selector().map(|s| dec(s).into_owned()),
                    Some(selector)
                );
            }
        }
        assert_eq!(
            gopher.search().map(str::to_owned),
            search.as_ref().map(|s| written(s, spec, HSEGMENT))
        );
        assert_eq!(gopher.search().map(|s| dec(s).into_owned()), search);
        assert_eq!(
            gopher.gopher_plus().map(str::to_owned),
            gopher_plus.as_ref().map(|s| written(s, spec, XCHAR))
        );
        assert_eq!(
            gopher.gopher_plus().map(|s| dec(s).into_owned()),
            gopher_plus
        );
    })
}

fn mailto_urls() -> Vec<(String, Spec)> {
    run("mailto", 4, |g, spec, keep| {
        let address = g.bytes();
        let b = MailtoUrl::builder().address(&address);
        let Some(url) = built(b.build(spec), !address.is_empty(), spec, &b, keep) else {
            return;
        };
        let Url::Mailto(mailto) = parse(url, spec) else {
            panic!("{url:?} is not mailto")
        };
        assert_eq!(mailto.address(), written(&address, spec, XCHAR));
        assert_eq!(dec(mailto.address()), address.as_slice());
    })
}

fn news_urls() -> Vec<(String, Spec)> {
    run("news", 5, |g, spec, keep| match g.rng.u8(0..3) {
        0 => {
            let b = NewsUrl::builder().all();
            let Some(url) = built(b.build(spec), true, spec, &b, keep) else {
                return;
            };
            let Url::News(news) = parse(url, spec) else {
                panic!()
            };
            assert_eq!(news.grouppart(), GroupPart::All);
        }
        1 => {
            let group = g.group();
            let b = NewsUrl::builder().group(&group);
            let Some(url) = built(b.build(spec), group_ok(&group, spec), spec, &b, keep) else {
                return;
            };
            let Url::News(news) = parse(url, spec) else {
                panic!()
            };
            assert_eq!(
                news.grouppart(),
                GroupPart::Group(std::str::from_utf8(&group).unwrap())
            );
        }
        _ => {
            let (unique, host) = (g.bytes(), g.host());
            let b = NewsUrl::builder().article(&unique, &host);
            let ok = !unique.is_empty() && host_ok(&host, spec);
            let Some(url) = built(b.build(spec), ok, spec, &b, keep) else {
                return;
            };
            let Url::News(news) = parse(url, spec) else {
                panic!()
            };
            let GroupPart::Article {
                unique: read,
                host: read_host,
            } = news.grouppart()
            else {
                panic!("{url:?} is not an article")
            };
            assert_eq!(read, written(&unique, spec, ARTICLE));
            assert_eq!(dec(read), unique.as_slice());
            assert_eq!(read_host.as_str().as_bytes(), host);
        }
    })
}

fn nntp_urls() -> Vec<(String, Spec)> {
    run("nntp", 6, |g, spec, keep| {
        let (host, port) = (g.host(), g.port());
        let group = g.chance(90).then(|| g.group());
        let article = g.bool().then(|| g.rng.u64(..));
        let mut b = NntpUrl::builder().host(&host);
        if let Some(port) = port {
            b = b.port(port);
        }
        if let Some(group) = &group {
            b = b.group(group);
        }
        if let Some(article) = article {
            b = b.article(article);
        }
        let ok = host_ok(&host, spec) && group.as_ref().is_some_and(|gr| group_ok(gr, spec));
        let Some(url) = built(b.build(spec), ok, spec, &b, keep) else {
            return;
        };
        let Url::Nntp(nntp) = parse(url, spec) else {
            panic!("{url:?} is not nntp")
        };
        check_hostport(nntp.hostport(), &host, port);
        assert_eq!(Some(nntp.group().as_bytes()), group.as_deref());
        assert_eq!(nntp.article().map(|a| a.parse::<u64>().unwrap()), article);
    })
}

fn telnet_urls() -> Vec<(String, Spec)> {
    run("telnet", 7, |g, spec, keep| {
        let (user, password, host, port) = (g.opt_bytes(), g.opt_bytes(), g.host(), g.port());
        let slash = g.bool();
        let mut b = TelnetUrl::builder().host(&host).trailing_slash(slash);
        if let Some(u) = &user {
            b = b.user(u);
        }
        if let Some(p) = &password {
            b = b.password(p);
        }
        if let Some(port) = port {
            b = b.port(port);
        }
        let ok = host_ok(&host, spec) && !(password.is_some() && user.is_none());
        let Some(url) = built(b.build(spec), ok, spec, &b, keep) else {
            return;
        };
        let Url::Telnet(telnet) = parse(url, spec) else {
            panic!("{url:?} is not telnet")
        };
        check_login(telnet.login(), spec, &user, &password, &host, port);
        assert_eq!(telnet.has_trailing_slash(), slash);
    })
}

fn wais_urls() -> Vec<(String, Spec)> {
    run("wais", 8, |g, spec, keep| {
        let (host, port) = (g.host(), g.port());
        let database = g.opt_bytes();
        let form = g.rng.u8(0..3);
        let (search, wtype, wpath) = (g.bytes(), g.bytes(), g.bytes());
        let mut b = WaisUrl::builder().host(&host);
        if let Some(port) = port {
            b = b.port(port);
        }
        if let Some(database) = &database {
            b = b.database(database);
        }
        match form {
            1 => b = b.search(&search),
            2 => b = b.document(&wtype, &wpath),
            _ => {}
        }
        let Some(url) = built(b.build(spec), host_ok(&host, spec), spec, &b, keep) else {
            return;
        };
        let Url::Wais(wais) = parse(url, spec) else {
            panic!("{url:?} is not wais")
        };
        check_hostport(wais.hostport(), &host, port);
        let database = database.unwrap_or_default();
        assert_eq!(wais.database(), written(&database, spec, b""));
        assert_eq!(dec(wais.database()), database.as_slice());
        match (form, wais.kind()) {
            (0, WaisKind::Database) => {}
            (1, WaisKind::Index { search: read }) => {
                assert_eq!(read, written(&search, spec, HSEGMENT));
                assert_eq!(dec(read), search.as_slice());
            }
            (2, WaisKind::Document { wtype: t, wpath: p }) => {
                assert_eq!(
                    (t, p),
                    (
                        written(&wtype, spec, b"").as_str(),
                        written(&wpath, spec, b"").as_str()
                    )
                );
                assert_eq!((dec(t).into_owned(), dec(p).into_owned()), (wtype, wpath));
            }
            (form, kind) => panic!("{url:?}: form {form} read as {kind:?}"),
        }
    })
}

fn file_urls() -> Vec<(String, Spec)> {
    run("file", 9, |g, spec, keep| {
        let host = match g.rng.u8(0..4) {
            0 => None,
            1 => Some(b"localhost".to_vec()),
            _ => Some(g.host()),
        };
        let segments = g.list(3);
        let mut b = FileUrl::builder();
        match &host {
            None => {}
            Some(h) if h == b"localhost" && g.bool() => b = b.localhost(),
            Some(h) => b = b.host(h),
        }
        for s in &segments {
            b = b.segment(s);
        }
        let ok = match spec {
            Spec::Rfc1738 => !segments.is_empty(),
            _ => host.is_some(),
        } && host.as_ref().is_none_or(|h| host_ok(h, spec));
        let Some(url) = built(b.build(spec), ok, spec, &b, keep) else {
            return;
        };
        let Url::File(file) = parse(url, spec) else {
            panic!("{url:?} is not file")
        };
        match (file.host(), &host) {
            (FileHost::Absent, None) => {}
            // Draft-07 may escape localhost's letters: it is this machine still.
            (FileHost::Localhost(text), Some(h))
                if std::str::from_utf8(h)
                    .is_ok_and(|h| percent_decode(h).eq_ignore_ascii_case(b"localhost")) =>
            {
                assert_eq!(text.as_bytes(), h)
            }
            (FileHost::Host(read), Some(h)) => assert_eq!(read.as_str().as_bytes(), h),
            (read, h) => panic!("{url:?}: host {h:?} read as {read:?}"),
        }
        if segments.is_empty() {
            assert_eq!(file.path(), None);
        }
        let read: Vec<_> = file.segments().collect();
        assert_eq!(
            read,
            segments
                .iter()
                .map(|s| written(s, spec, FSEGMENT))
                .collect::<Vec<_>>()
        );
        assert_eq!(
            read.iter().map(|s| dec(s).into_owned()).collect::<Vec<_>>(),
            segments
        );
    })
}

fn prospero_urls() -> Vec<(String, Spec)> {
    run("prospero", 10, |g, spec, keep| {
        let (host, port) = (g.host(), g.port());
        let segments = g.list(3);
        let fields: Vec<(Vec<u8>, Vec<u8>)> = (0..g.rng.usize(0..3))
            .map(|_| (g.bytes(), g.bytes()))
            .collect();
        let mut b = ProsperoUrl::builder().host(&host);
        if let Some(port) = port {
            b = b.port(port);
        }
        for s in &segments {
            b = b.segment(s);
        }
        for (name, value) in &fields {
            b = b.field(name, value);
        }
        let ok = host_ok(&host, spec) && !segments.is_empty();
        let Some(url) = built(b.build(spec), ok, spec, &b, keep) else {
            return;
        };
        let Url::Prospero(prospero) = parse(url, spec) else {
            panic!("{url:?} is not prospero")
        };
        check_hostport(prospero.hostport(), &host, port);
        let read: Vec<_> = prospero.segments().collect();
        assert_eq!(
            read,
            segments
                .iter()
                .map(|s| written(s, spec, FSEGMENT))
                .collect::<Vec<_>>()
        );
        assert_eq!(
            read.iter().map(|s| dec(s).into_owned()).collect::<Vec<_>>(),
            segments
        );
        let read: Vec<_> = prospero.fields().collect();
        let expected: Vec<_> = fields
            .iter()
            .map(|(n, v)| (fieldname_written(n, spec), written(v, spec, FIELD)))
            .collect();
        assert_eq!(
            read.iter()
                .map(|(n, v)| (n.to_string(), v.to_string()))
                .collect::<Vec<_>>(),
            expected,
            "{url}"
        );
        let decoded: Vec<_> = read
            .iter()
            .map(|(n, v)| (dec(n).into_owned(), dec(v).into_owned()))
            .collect();
        assert_eq!(decoded, fields);
    })
}

fn generic_urls() -> Vec<(String, Spec)> {
    run("generic", 11, |g, spec, keep| {
        const SCHEMES: &[&str] = &[
            "x-foo", "z39.50s", "about", "a+b", "urn", "X-Foo", "ftp", "news", "HTTP", "", "a b",
            "x:y", "9p",
        ];
        let scheme = if g.chance(85) {
            g.pick(SCHEMES).as_bytes().to_vec()
        } else {
            g.bytes()
        };
        let scheme_ok = !scheme.is_empty()
            && scheme
                .iter()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b"+-.".contains(b))
            && ![
                "ftp", "http", "gopher", "mailto", "news", "nntp", "telnet", "wais", "file",
                "prospero",
            ]
            .contains(&std::str::from_utf8(&scheme).unwrap());
        let mut b = GenericUrl::builder().scheme(&scheme);
        // 0: nothing, 1: decoded, 2: as written, 3: ip, 4: whole and ip.
        let mode = g.rng.u8(0..5);
        let part = g.bytes();
        let as_written: String = if g.bool() {
            String::from_utf8_lossy(&part).into_owned()
        } else {
            written(&part, spec, XCHAR)
        };
        let (user, password, host, port, urlpath) = (
            g.opt_bytes(),
            g.opt_bytes(),
            g.host(),
            g.port(),
            g.opt_bytes(),
        );
        match mode {
            1 => b = b.schemepart(&part),
            2 => b = b.schemepart_as_written(as_written.clone()),
            3 | 4 => {
                if mode == 4 {
                    b = b.schemepart(&part);
                }
                b = b.host(&host);
                if let Some(u) = &user {
                    b = b.user(u);
                }
                if let Some(p) = &password {
                    b = b.password(p);
                }
                if let Some(port) = port {
                    b = b.port(port);
                }
                if let Some(path) = &urlpath {
                    b = b.urlpath(path);
                }
            }
            _ => {}
        }
        let ok = scheme_ok
            && match mode {
                2 => is_escapes_and(as_written.as_bytes(), |b| {
                    unreserved(b, spec) || XCHAR.contains(&b)
                }),
                3 => host_ok(&host, spec) && !(password.is_some() && user.is_none()),
                4 => false,
                _ => true,
            };
        let Some(url) = built(b.build(spec), ok, spec, &b, keep) else {
            return;
        };
        let Url::Generic(generic) = parse(url, spec) else {
            panic!("{url:?} is not generic")
        };
        assert_eq!(generic.scheme().as_bytes(), scheme);
        match mode {
            0 => assert_eq!(generic.schemepart(), ""),
            1 => {
                assert_eq!(generic.schemepart(), written(&part, spec, XCHAR));
                assert_eq!(dec(generic.schemepart()), part.as_slice());
            }
            2 => assert_eq!(generic.schemepart(), as_written),
            _ => {
                let ip = generic
                    .ip_schemepart()
                    .unwrap_or_else(|| panic!("{url:?} has no ip-schemepart"));
                check_login(ip.login(), spec, &user, &password, &host, port);
                assert_eq!(
                    ip.urlpath().map(str::to_owned),
                    urlpath.as_ref().map(|p| written(p, spec, XCHAR))
                );
                assert_eq!(ip.urlpath().map(|p| dec(p).into_owned()), urlpath);
            }
        }
    })
}

#[test]
fn ftp_builder_round_trips() {
    ftp_urls();
}

#[test]
fn http_builder_round_trips() {
    http_urls();
}

#[test]
fn gopher_builder_round_trips() {
    gopher_urls();
}

#[test]
fn a_part_after_a_missing_item_type_is_refused_by_its_own_name() {
    let builder = || GopherUrl::builder().host("h");
    for (err, part) in [
        (
            builder().selector("s").build(Spec::Rfc1738),
            BuildComponent::GopherSelector,
        ),
        (
            builder().search("q").build(Spec::Rfc1738),
            BuildComponent::GopherSearch,
        ),
        (
            builder().gopher_plus("+").build(Spec::Rfc1738),
            BuildComponent::GopherPlusString,
        ),
    ] {
        let err = err.unwrap_err();
        assert_eq!(err.component(), part);
        assert_eq!(err.rule().name(), "gopherurl");
        assert!(
            err.to_string()
                .starts_with(&format!("cannot build the {part} (RFC 1738): a ")),
            "{err}"
        );
    }
}

#[test]
fn mailto_builder_round_trips() {
    mailto_urls();
}

#[test]
fn news_builder_round_trips() {
    news_urls();
}

#[test]
fn nntp_builder_round_trips() {
    nntp_urls();
}

#[test]
fn telnet_builder_round_trips() {
    telnet_urls();
}

#[test]
fn wais_builder_round_trips() {
    wais_urls();
}

#[test]
fn file_builder_round_trips() {
    file_urls();
}

#[test]
fn prospero_builder_round_trips() {
    prospero_urls();
}

#[test]
fn generic_builder_round_trips() {
    generic_urls();
}

// ---------------------------------------------------------------------------
// Builder examples.

#[test]
fn builder_examples() {
    let r = Spec::Rfc1738;
    let d = Spec::Draft07;
    let ftp = FtpUrl::builder()
        .user("myname")
        .host("host.dom")
        .cwd("/etc")
        .name("motd");
    assert_eq!(ftp.build(r).unwrap(), "ftp://myname@host.dom/%2Fetc/motd");
    let ftp = FtpUrl::builder()
        .user("me")
        .password("pw")
        .host("host.dom")
        .port(21)
        .cwd("/etc")
        .cwd("x")
        .name("motd")
        .typecode('a');
    assert_eq!(
        ftp.build(r).unwrap(),
        "ftp://me:pw@host.dom:21/%2Fetc/x/motd;type=a"
    );
    let ftp = FtpUrl::builder()
        .user("a;b?c&d=e@f:g")
        .host("h")
        .cwd("a;b")
        .name("~x=y?");
    assert_eq!(
        ftp.build(r).unwrap(),
        "ftp://a;b?c&d=e%40f%3Ag@h/a%3Bb/%7Ex=y?"
    );
    assert_eq!(
        ftp.build(d).unwrap(),
        "ftp://a;b?c&d=e%40f%3Ag@h/a%3Bb/~x=y?"
    );
    assert_eq!(
        FtpUrl::builder()
            .user("")
            .host("host.com")
            .cwd("")
            .name("")
            .build(r)
            .unwrap(),
        "ftp://@host.com//"
    );

    let http = HttpUrl::builder()
        .host("www.example.com")
        .port(8080)
        .segment("~user")
        .segment("a b")
        .search("x=1&y=/");
    assert_eq!(
        http.build(r).unwrap(),
        "http://www.example.com:8080/%7Euser/a%20b?x=1&y=%2F"
    );
    assert_eq!(
        http.build(d).unwrap(),
        "http://www.example.com:8080/~user/a%20b?x=1&y=%2F"
    );
    // Non-ASCII and "%" are always escaped; "|" and "^" are national.
    let http = HttpUrl::builder().host("h").segment("caf\u{e9}%|^`");
    assert_eq!(http.build(r).unwrap(), "http://h/caf%C3%A9%25%7C%5E%60");
    assert_eq!(http.build(d).unwrap(), "http://h/caf%C3%A9%25|^%60");

    let gopher = GopherUrl::builder()
        .host("host.dom")
        .gtype("1")
        .selector("sel")
        .search("")
        .gopher_plus("!+ABSTRACT");
    assert_eq!(
        gopher.build(r).unwrap(),
        "gopher://host.dom/1sel%09%09!+ABSTRACT"
    );
    let gopher = GopherUrl::builder().host("h").gtype("%").selector("a%09b");
    assert_eq!(gopher.build(r).unwrap(), "gopher://h/%25a%2509b");
    let gopher = GopherUrl::builder()
        .host("h")
        .gtype("+")
        .search("")
        .gopher_plus("+\t1");
    assert_eq!(gopher.build(r).unwrap(), "gopher://h/+%09%09+%091");

    assert_eq!(
        MailtoUrl::builder()
            .address("a=b@example.com?subject")
            .build(r)
            .unwrap(),
        "mailto:a=b@example.com?subject"
    );
    assert_eq!(
        NewsUrl::builder()
            .group("comp.infosystems.www.misc")
            .build(d)
            .unwrap(),
        "news:comp.infosystems.www.misc"
    );
    assert_eq!(
        NewsUrl::builder()
            .article("1234/x@y", "news.example")
            .build(r)
            .unwrap(),
        "news:1234/x%40y@news.example"
    );
    assert_eq!(
        NntpUrl::builder()
            .host("news.host.dom")
            .port(119)
            .group("comp.lang.ada")
            .article(42)
            .build(r)
            .unwrap(),
        "nntp://news.host.dom:119/comp.lang.ada/42"
    );
    assert_eq!(
        TelnetUrl::builder()
            .user("user")
            .password("password")
            .host("host.dom")
            .port(23)
            .trailing_slash(true)
            .build(r)
            .unwrap(),
        "telnet://user:password@host.dom:23/"
    );
    assert_eq!(
        WaisUrl::builder()
            .host("host.dom")
            .port(210)
            .database("db")
            .search("search")
            .build(r)
            .unwrap(),
        "wais://host.dom:210/db?search"
    );
    // The last of search and document wins.
    assert_eq!(
        WaisUrl::builder()
            .host("h")
            .database("db")
            .search("s")
            .document("TEXT", "doc-17")
            .build(r)
            .unwrap(),
        "wais://h/db/TEXT/doc-17"
    );
    assert_eq!(
        FileUrl::builder()
            .host("vms.host.edu")
            .segment("disk$user")
            .segment("my")
            .segment("notes")
            .segment("note12345.txt")
            .build(r)
            .unwrap(),
        "file://vms.host.edu/disk$user/my/notes/note12345.txt"
    );
    assert_eq!(
        FileUrl::builder().localhost().build(d).unwrap(),
        "file://localhost"
    );
    assert_eq!(FileUrl::builder().segment("").build(r).unwrap(), "file:///");
    assert_eq!(
        ProsperoUrl::builder()
            .host("host.dom")
            .port(1525)
            .segment("hsoname")
            .field("field", "value")
            .build(r)
            .unwrap(),
        "prospero://host.dom:1525/hsoname;field=value"
    );
    assert_eq!(
        ProsperoUrl::builder()
            .host("h")
            .segment("a=b")
            .field("", "")
            .field(";", "/")
            .build(r)
            .unwrap(),
        "prospero://h/a=b;=;%3B=%2F"
    );
    assert_eq!(
        GenericUrl::builder()
            .scheme("afs")
            .user("u")
            .host("cell.example")
            .port(7000)
            .urlpath("usr/doc?x;y")
            .build(r)
            .unwrap(),
        "afs://u@cell.example:7000/usr/doc?x;y"
    );
    assert_eq!(
        GenericUrl::builder()
            .scheme("x")
            .schemepart("a\u{0}b")
            .build(r)
            .unwrap(),
        "x:a%00b"
    );
    // draft-07 host names may hold escapes as written; RFC 1738's may not.
    assert_eq!(
        HttpUrl::builder().host("a%41").build(d).unwrap(),
        "http://a%41"
    );
    assert!(HttpUrl::builder().host("a%41").build(r).is_err());
    assert_eq!(
        HttpUrl::builder().host("1a.example").build(r).unwrap(),
        "http://1a.example"
    );
    assert!(HttpUrl::builder().host("1a.example").build(d).is_err());
}

#[test]
fn builder_refusals_name_component_and_rule() {
    let r = Spec::Rfc1738;
    let d = Spec::Draft07;
    let cases: Vec<(Result<OwnedUrl, BuildError>, &str, &str)> = vec![
        (HttpUrl::builder().host("a b").build(r), "http host", "host"),
        (
            HttpUrl::builder().host("h").search("q").build(r),
            "http search",
            "httpurl",
        ),
        (
            FtpUrl::builder().password("p").host("h").build(r),
            "ftp password",
            "login",
        ),
        (
            FtpUrl::builder().host("h").cwd("a").build(r),
            "ftp path",
            "fpath",
        ),
        (
            FtpUrl::builder().host("h").typecode('a').build(r),
            "ftp type code",
            "ftpurl",
        ),
        (
            FtpUrl::builder().host("h").name("f").typecode('x').build(r),
            "ftp type code",
            "ftptype",
        ),
        (
            GopherUrl::builder().host("h").gtype("").build(r),
            "gopher item type",
            "gtype",
        ),
        (
            GopherUrl::builder().host("h").gtype("\t").build(r),
            "gopher item type",
            "gtype",
        ),
        (
            GopherUrl::builder()
                .host("h")
                .gtype("1")
                .selector("a\tb")
                .build(r),
            "gopher selector",
            "selector",
        ),
        (
            GopherUrl::builder()
                .host("h")
                .gtype("1")
                .search("\n")
                .build(r),
            "gopher search",
            "search",
        ),
        (
            GopherUrl::builder()
                .host("h")
                .gtype("1")
                .search("")
                .gopher_plus("\r")
                .build(r),
            "gopher+ string",
            "gopher+_string",
        ),
        (
            GopherUrl::builder()
                .host("h")
                .gtype("1")
                .gopher_plus("+")
                .build(r),
            "gopher+ string",
            "gopherurl",
        ),
        (
            GopherUrl::builder().host("h").search("x").build(r),
            "gopher search",
            "gopherurl",
        ),
        (
            MailtoUrl::builder().address("").build(r),
            "mailto address",
            "encoded822addr",
        ),
        (NewsUrl::builder().build(r), "news group part", "grouppart"),
        (
            NewsUrl::builder().group("x_y").build(d),
            "news group",
            "group",
        ),
        (
            NewsUrl::builder().group("1a").build(r),
            "news group",
            "group",
        ),
        (
            NewsUrl::builder().article("", "h").build(r),
            "news article",
            "article",
        ),
        (
            NewsUrl::builder().article("u", "-h").build(r),
            "news article host",
            "host",
        ),
        (
            NntpUrl::builder().host("h").build(r),
            "nntp group",
            "nntpurl",
        ),
        (
            NntpUrl::builder().host("h").group("a+b").build(d),
            "nntp group",
            "group",
        ),
        (TelnetUrl::builder().build(r), "telnet host", "hostport"),
        (WaisUrl::builder().host("h:1").build(r), "wais host", "host"),
        (
            FileUrl::builder().segment("x").build(d),
            "file host",
            "fileurl",
        ),
        (
            FileUrl::builder().host("h").build(r),
            "file path",
            "fileurl",
        ),
        (
            ProsperoUrl::builder().host("h").build(r),
            "prospero path",
            "ppath",
        ),
        (GenericUrl::builder().build(r), "scheme", "scheme"),
        (
            GenericUrl::builder().scheme("Gopher").build(r),
            "scheme",
            "scheme",
        ),
        (
            GenericUrl::builder().scheme("gopher").build(r),
            "scheme",
            "scheme",
        ),
        (
            GenericUrl::builder()
                .scheme("x")
                .schemepart_as_written("%4")
                .build(r),
            "scheme part",
            "schemepart",
        ),
        (
            GenericUrl::builder()
                .scheme("x")
                .schemepart("a")
                .urlpath("b")
                .build(r),
            "scheme part",
            "schemepart",
        ),
        (
            GenericUrl::builder().scheme("x").urlpath("b").build(r),
            "ip-schemepart host",
            "hostport",
        ),
    ];
    for (result, component, rule) in cases {
        let err = result.expect_err(component);
        assert_eq!(
            (err.component().as_str(), err.rule().name()),
            (component, rule),
            "{err}"
        );
        assert!(
            err.to_string().contains(err.rule().definition(err.spec())),
            "{err}"
        );
    }
    let err = NewsUrl::builder()
        .group("comp.lang.c++")
        .build(d)
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "cannot build the news group (draft-ietf-uri-url-07): \"comp.lang.c++\" is not a news group name \
         (`group = alpha *[ alpha | digit | \"-\" | \".\" ]`)"
    );
}

// ---------------------------------------------------------------------------
// Normalization.

#[test]
fn normalize_examples() {
    let r = Spec::Rfc1738;
    let d = Spec::Draft07;
    let cases: &[(&str, Spec, &str)] = &[
        (
            "HTTP://WWW.Example.COM:80/%7euser",
            d,
            "http://www.example.com/~user",
        ),
        (
            "HTTP://WWW.Example.COM:80/%7euser",
            r,
            "http://www.example.com/%7Euser",
        ),
        ("http://h:0080/", r, "http://h/"),
        ("http://h:080/", r, "http://h/"),
        ("http://h:08080/?%3f%3D%41", r, "http://h:8080/?%3F%3DA"),
        ("http://h:0/", r, "http://h:0/"),
        ("http://h:000/", r, "http://h:0/"),
        ("http://192.0.2.1:80", r, "http://192.0.2.1"),
        ("ftp://h/a%2fb", r, "ftp://h/a%2Fb"),
        ("ftp://h/%41", r, "ftp://h/A"),
        (
            "FTP://@H.Example:21/%2fetc/motd;type=A",
            r,
            "ftp://@h.example/%2Fetc/motd;type=A",
        ),
        ("ftp://Us%65r:P%61ss@h:2121/", r, "ftp://User:Pass@h:2121/"),
        ("ftp://u%3Bx@h/", r, "ftp://u%3Bx@h/"),
        (
            "gopher://h/%31sel%09search%09+",
            r,
            "gopher://h/1sel%09search%09+",
        ),
        ("gopher://H:70/%31a%2Fb%09c", r, "gopher://h/1a%2Fb%09c"),
        ("gopher://h/1a%09b/c", r, "gopher://h/1a%09b/c"),
        ("gopher://h/%09%09%09", r, "gopher://h/%09%09%09"),
        ("gopher://h:70", r, "gopher://h"),
        ("mailto:%41%40b", r, "mailto:A%40b"),
        ("NEWS:comp.lang.ada", r, "news:comp.lang.ada"),
        (
            "news:%61rticle@News.Example",
            r,
            "news:article@news.example",
        ),
        ("nntp://h:119/alt.test/007", r, "nntp://h/alt.test/007"),
        ("telnet://u@h:23/", r, "telnet://u@h/"),
        ("telnet://h:0023", r, "telnet://h"),
        ("wais://h:210/d%62?%73", r, "wais://h/db?s"),
        ("wais://h/db/%54EXT/x%2f", r, "wais://h/db/TEXT/x%2F"),
        ("file://LOCALHOST/%65tc", r, "file://localhost/etc"),
        ("file:///etc", r, "file:///etc"),
        ("file://Host.Example", d, "file://host.example"),
        ("prospero://h:1525/x;%61=%62", r, "prospero://h/x;a=b"),
        ("prospero://h/x;a%3Db=c", d, "prospero://h/x;a%3Db=c"),
        ("prospero://h/x;a=b=c", d, "prospero://h/x;a=b=c"),
        ("X-Foo://User@Host:80/%41", r, "x-foo://User@host:80/A"),
        ("x-foo://a%2Db/p", r, "x-foo://a-b/p"),
        ("X-FOO://A%2DB/p", r, "x-foo://a-b/p"),
        ("Urn:IETF:%72fc", r, "urn:IETF:rfc"),
        ("http://A%4a%c3/", d, "http://aj%C3/"),
        ("http://h/%7B%7c%60", d, "http://h/{|%60"),
        ("http://h/%3d", d, "http://h/%3D"),
    ];
    for &(input, spec, expected) in cases {
        let url = Url::parse_with(input, spec).unwrap_or_else(|e| panic!("{input}: {e}"));
        assert_eq!(url.normalize(), expected, "{input} under {spec}");
        let again = Url::parse_with(expected, spec).unwrap();
        assert_eq!(again.normalize(), expected, "{expected} is a fixed point");
        assert!(url.equivalent(&again) && again.equivalent(&url));
    }
}

#[test]
fn equivalence_examples() {
    let r = Spec::Rfc1738;
    let d = Spec::Draft07;
    let eq = |a: &str, sa: Spec, b: &str, sb: Spec| {
        let (a, b) = (
            Url::parse_with(a, sa).unwrap(),
            Url::parse_with(b, sb).unwrap(),
        );
        assert_eq!(a.equivalent(&b), b.equivalent(&a), "{a} {b}: symmetric");
        a.equivalent(&b)
    };
    assert!(eq("http://h/", r, "HTTP://H:80/", r));
    assert!(eq("http://h/a", r, "http://h/%61", r));
    assert!(!eq("http://h/a/b", r, "http://h/a%2Fb", r));
    assert!(!eq("http://h/", r, "http://h", r));
    assert!(!eq("http://h/", r, "http://h:81/", r));
    assert!(!eq("news:Comp.lang", r, "news:comp.lang", r));
    assert!(!eq("gopher://h/1a%09b", r, "gopher://h/1a%2509b", r));
    // Across specs: compared under a spec by which both are URLs.
    assert!(eq("http://h/~u", d, "http://h/%7Eu", r));
    assert!(eq("http://h/a", d, "http://H/a", r));
    assert!(!eq("http://h/~u", d, "http://h/%7Fu", r));
    // `file:///x` is an RFC 1738 URL only, `file://h` a draft-07 one only.
    assert!(!eq("file:///x", r, "file://h", d));
}

/// Where `part` (a slice of `url`'s text, from an accessor) starts in it.
fn offset_in(url: &str, part: &str) -> usize {
    part.as_ptr() as usize - url.as_ptr() as usize
}

/// `url` changed in ways that keep its meaning: escapes added for unreserved
/// characters, hex case flipped, scheme and host case changed, zeros put
/// before the port or the default port added. `None` when a change made it
/// invalid (an escape where the rule allows none).
fn mutate(g: &mut Gen, url: &Url<'_>) -> Option<String> {
    let spec = url.spec();
    let text = url.as_str();
    let mut bytes = text.as_bytes().to_vec();
    // Scheme and host case, and the port, first: they are found by offset.
    let mut port_edit: Option<(usize, usize, String)> = None;
    if let Some(hostport) = url.hostport() {
        let host = hostport.host().as_str();
        let at = offset_in(text, host);
        for byte in &mut bytes[at..at + host.len()] {
            if g.bool() {
                *byte = if g.bool() {
                    byte.to_ascii_uppercase()
                } else {
                    byte.to_ascii_lowercase()
                };
            }
        }
        if let Some(default) = url.known_scheme().and_then(|s| s.default_port()) {
            let zeros = "0".repeat(g.rng.usize(0..3));
            match hostport.port() {
                Some(port) if g.bool() => {
                    port_edit = Some((offset_in(text, port), 0, zeros));
                }
                None if g.bool() => {
                    port_edit = Some((at + host.len(), 0, format!(":{zeros}{default}")));
                }
                _ => {}
            }
        }
    }
    if let Some(scheme_end) = text.find(':') {
        for byte in &mut bytes[..scheme_end] {
            if g.bool() {
                *byte = byte.to_ascii_uppercase();
            }
        }
    }
    // Splice the port edit in, and then work on the text after the scheme.
    if let Some((at, cut, insert)) = port_edit {
        bytes.splice(at..at + cut, insert.bytes());
    }
    let scheme_end = text.find(':').unwrap_or(0) + 1;
    // One or two characters escaped, at most: in RFC 1738 a host name, and in
    // both a group or a port, takes no escape, and such a variant is invalid.
    let escape_at: Vec<usize> = (0..g.rng.usize(0..3))
        .map(|_| g.rng.usize(scheme_end..bytes.len().max(scheme_end + 1)))
        .collect();
    let mut out = bytes[..scheme_end].to_vec();
    let mut i = scheme_end;
    while i < bytes.len() {
        let byte = bytes[i];
        if byte == b'%' && i + 2 < bytes.len() {
            // Flip the hex case at random.
            out.push(b'%');
            for &h in &bytes[i + 1..i + 3] {
                out.push(if g.bool() {
                    h.to_ascii_lowercase()
                } else {
                    h.to_ascii_uppercase()
                });
            }
            i += 3;
        } else if unreserved(byte, spec) && byte != b'=' && escape_at.contains(&i) {
            let hex = format!("%{byte:02X}");
            out.extend(
                if g.bool() {
                    hex.to_ascii_lowercase()
                } else {
                    hex
                }
                .bytes(),
            );
            i += 1;
        } else {
            out.push(byte);
            i += 1;
        }
    }
    let mutated = String::from_utf8(out).ok()?;
    Url::parse_with(&mutated, spec).is_ok().then_some(mutated)
}

fn example_urls() -> Vec<(String, Spec)> {
    include_str!("data/examples.txt")
        .lines()
        .filter(|line| !line.is_empty() && !line.starts_with('#') && !line.starts_with('['))
        .flat_map(|line| Spec::SECTION5.map(|spec| (line.to_owned(), spec)))
        .filter(|(line, spec)| Url::parse_with(line, *spec).is_ok())
        .collect()
}

fn check_normalization(name: &str, seed: u64, urls: Vec<(String, Spec)>) {
    let mut g = Gen::new(seed);
    let (mut checked, mut mutated, mut invalid_mutations, mut mixed) = (0, 0, 0, 0);
    for (text, spec) in &urls {
        let original = Url::parse_with(text, *spec).unwrap();
        let original_normal = original.normalize();
        let mut inputs = vec![text.clone()];
        for _ in 0..12 {
            match mutate(&mut g, &original) {
                Some(m) => {
                    inputs.push(m);
                    mutated += 1;
                }
                None => invalid_mutations += 1,
            }
            if inputs.len() > 3 {
                break;
            }
        }
        for input in &inputs {
            let url = Url::parse_with(input, *spec).unwrap();
            let normal = url.normalize();
            if checks::normalized(&url) {
                mixed += 1;
                checked += 1;
                continue;
            }
            assert_eq!(
                normal, original_normal,
                "{input} is a variant of {text} under {spec}"
            );
            assert!(
                url.equivalent(&original) && original.equivalent(&url),
                "{input} ~ {text}"
            );
            checked += 1;
        }
    }
    eprintln!(
        "{name}: {} URLs, {mutated} variants ({invalid_mutations} invalid ones skipped), {checked} normalizations checked ({mixed} generic ones read with an ip-schemepart only once normalized)",
        urls.len()
    );
    assert!(mutated > urls.len(), "{name}: too few variants");
}

/// The normalization properties on (at most) the first `NORMALIZED` URLs that
/// a scheme's builder test built, and variants of each.
macro_rules! normalize_properties {
    ($($test:ident: $urls:ident, $seed:literal;)*) => {$(
        #[test]
        fn $test() {
            let mut urls = $urls();
            urls.truncate(NORMALIZED);
            check_normalization(stringify!($urls), $seed, urls);
        }
    )*};
}

const NORMALIZED: usize = 800;

normalize_properties! {
    normalize_ftp: ftp_urls, 101;
    normalize_http: http_urls, 102;
    normalize_gopher: gopher_urls, 103;
    normalize_mailto: mailto_urls, 104;
    normalize_news: news_urls, 105;
    normalize_nntp: nntp_urls, 106;
    normalize_telnet: telnet_urls, 107;
    normalize_wais: wais_urls, 108;
    normalize_file: file_urls, 109;
    normalize_prospero: prospero_urls, 110;
    normalize_generic: generic_urls, 111;
}

#[test]
fn normalize_properties_on_the_documents_examples() {
    let urls = example_urls();
    assert!(urls.len() > 100);
    check_normalization("examples", 99, urls);
}

#[test]
fn a_missing_host_is_named_in_good_english() {
    // The scheme names are read letter by letter: "an http URL", "a gopher URL".
    let reason = |error: rfc1738::BuildError| error.reason().to_owned();
    assert_eq!(
        reason(HttpUrl::builder().build(Spec::Rfc1738).unwrap_err()),
        "an http URL names a host: set one with `host`"
    );
    assert_eq!(
        reason(FtpUrl::builder().build(Spec::Rfc1738).unwrap_err()),
        "an ftp URL names a host: set one with `host`"
    );
    assert_eq!(
        reason(GopherUrl::builder().build(Spec::Rfc1738).unwrap_err()),
        "a gopher URL names a host: set one with `host`"
    );
    assert_eq!(
        reason(TelnetUrl::builder().build(Spec::Rfc1738).unwrap_err()),
        "a telnet URL names a host: set one with `host`"
    );
}

// ---------------------------------------------------------------------------
// From a URL to its builder and back.

/// Every URL turned into its builder (`to_builder`) builds again, under its
/// own specification, a URL of the same parts; or it is refused for a limit
/// of the builder (`checks::rebuilds`). The URLs: the
/// documents' examples, what the builder tests built, and generated URLs of
/// every scheme under each specification the builders write by.
#[cfg(feature = "arbitrary")]
#[test]
fn every_url_builds_again_from_its_own_builder() {
    use arbitrary::Unstructured;
    use rfc1738::{GeneratedUrl, Scheme};

    let mut urls = example_urls();
    urls.extend(nntp_urls());
    urls.extend(gopher_urls());
    urls.extend(generic_urls());
    let mut rng = fastrand::Rng::with_seed(1738);
    for spec in [Spec::Rfc1738, Spec::Draft07, Spec::Rfc3986] {
        for scheme in Scheme::ALL.into_iter().map(Some).chain([None]) {
            for _ in 0..400 {
                let bytes: Vec<u8> = (0..rng.usize(16..256)).map(|_| rng.u8(..)).collect();
                if let Ok(url) =
                    GeneratedUrl::generate(&mut Unstructured::new(&bytes), spec, scheme)
                {
                    urls.push((url.as_str().to_owned(), spec));
                }
            }
        }
    }
    let (mut rebuilt_urls, mut limits) = (0, 0);
    let (mut kinds, mut rebuilt_kinds) = (BTreeSet::new(), BTreeSet::new());
    for (text, spec) in &urls {
        let url = parse(text, *spec);
        let Some(rebuilt) = checks::rebuilds(&url) else {
            continue;
        };
        kinds.insert((*spec, url.known_scheme()));
        if rebuilt {
            rebuilt_kinds.insert((*spec, url.known_scheme()));
            rebuilt_urls += 1;
        } else {
            limits += 1;
        }
    }
    eprintln!(
        "{rebuilt_urls} URLs rebuilt from their builder, {limits} beyond a limit of the builder"
    );
    // Builders write no fragment, and three in four generated URIs of RFC
    // 3986's schemes have one (the grammar's `("#" ~ fragment)?`, taken as
    // any optional part is): limits stay the exception all the same.
    assert!(rebuilt_urls > 5 * limits);
    // Every kind with a builder, under every specification: the Section 5
    // schemes and the generic form, and RFC 3986's ftp, gopher, news, nntp,
    // telnet, wais, file and prospero.
    assert_eq!(rebuilt_kinds, kinds);
    assert_eq!(kinds.len(), 2 * 11 + 8, "{kinds:?}");
}

#[test]
fn to_builder_refuses_what_the_builder_cannot_hold() {
    let url = Url::parse("nntp://h:99999/alt.test/1").unwrap();
    let error = url.as_nntp().unwrap().to_builder().unwrap_err();
    assert_eq!(error.component(), BuildComponent::Port);
    assert_eq!(error.rule().name(), "port");
    assert_eq!(
        error.to_string(),
        "cannot build the port (RFC 1738): port 99999 is above 65535, and builders write a port as a `u16` (`port = digits`)"
    );
    let url = Url::parse("nntp://h/alt.test/18446744073709551616").unwrap();
    let error = url.as_nntp().unwrap().to_builder().unwrap_err();
    assert_eq!(error.component(), BuildComponent::NntpArticle);
    assert_eq!(error.rule().name(), "digits");
    let uri = Url::parse_with("nntp://h/alt.test/1#x", Spec::Rfc3986).unwrap();
    let error = uri.as_nntp().unwrap().to_builder().unwrap_err();
    assert_eq!(error.component(), BuildComponent::Fragment);
    assert!(error.to_string().contains("add \"#x\""), "{error}");
    // A path as written under draft-07, where '~' is an `xchar`, is not
    // one under RFC 1738: refused, not written.
    let url = Url::parse_with("x-y://h/a~b", Spec::Draft07).unwrap();
    let builder = url.as_generic().unwrap().to_builder().unwrap();
    assert_eq!(builder.build(Spec::Draft07).unwrap(), "x-y://h/a~b");
    let error = builder.build(Spec::Rfc1738).unwrap_err();
    assert_eq!(error.component(), BuildComponent::SchemePart);
    // draft-07's '[' is an `xchar` of RFC 3986's generic form but no path
    // character of its URIs: refused, not written.
    let url = Url::parse_with("x-y://h/a[b]", Spec::Draft07).unwrap();
    let builder = url.as_generic().unwrap().to_builder().unwrap();
    let error = builder.build(Spec::Rfc3986).unwrap_err();
    assert_eq!(error.component(), BuildComponent::SchemePart);
    assert!(
        error.to_string().contains("RFC 3986 does not take"),
        "{error}"
    );
    // Escaped reserved characters of a generic path stay escaped.
    let url = Url::parse("x://h/a%2Fb%3Fc").unwrap();
    let again = url
        .as_generic()
        .unwrap()
        .to_builder()
        .unwrap()
        .build(Spec::Rfc1738)
        .unwrap();
    assert_eq!(again, "x://h/a%2Fb%3Fc");
    let url = Url::parse("nntp://h:0119/alt.test/018446744073709551615").unwrap();
    let again = url
        .as_nntp()
        .unwrap()
        .to_builder()
        .unwrap()
        .build(Spec::Rfc1738)
        .unwrap();
    assert_eq!(again, "nntp://h:119/alt.test/18446744073709551615");
}
