//! The inputs and contenders that `peers` and `interleaved` share: the
//! corpora, what `rfc1738 check` computes for a line, and the floor. Each
//! bench uses a part of them.
#![allow(dead_code)]

use rfc1738::{Spec, Url};

/// The documents' example URLs that are valid under RFC 1738.
pub fn examples() -> Vec<String> {
    include_str!("../../tests/data/examples.txt")
        .lines()
        .filter(|line| !line.is_empty() && !line.starts_with(['#', '[']))
        .filter(|line| Url::parse(line).is_ok())
        .map(str::to_owned)
        .collect()
}

/// `count` URLs of the RFC 1738 schemes in realistic proportions, about 57
/// bytes each, all valid; the same for the same seed. The proportions are
/// `benches/corpus.py`'s.
pub fn mix(count: usize, seed: u64) -> Vec<String> {
    let mut rng = fastrand::Rng::with_seed(seed);
    const WORDS: &[&str] = &[
        "pub", "doc", "rfc", "gopher", "www", "index", "misc", "archive", "src", "README", "motd",
        "etc", "files", "images", "data", "notes", "v2", "old", "new", "users", "info", "lists",
    ];
    const HOSTS: &[&str] = &[
        "ftp.example.com",
        "www.ietf.org",
        "gopher.umn.edu",
        "news.example.net",
        "host.dom",
        "archive.example.org",
        "192.0.2.17",
        "mirror.cs.example.edu",
    ];
    let word = |rng: &mut fastrand::Rng| WORDS[rng.usize(..WORDS.len())];
    let mut urls = Vec::with_capacity(count);
    for _ in 0..count {
        let host = HOSTS[rng.usize(..HOSTS.len())];
        let path = |rng: &mut fastrand::Rng, n: usize| {
            (0..n).map(|_| word(rng)).collect::<Vec<_>>().join("/")
        };
        let n = rng.usize(5..12);
        let url = match rng.usize(..19) {
            0..=5 => format!("http://{host}/{}.html", path(&mut rng, n)),
            6..=9 => format!("ftp://{host}/{}.txt", path(&mut rng, n)),
            10..=11 => format!("gopher://{host}:70/1{}%09search", path(&mut rng, 5)),
            12 => format!(
                "news:comp.{}.{}.{}",
                word(&mut rng),
                word(&mut rng),
                word(&mut rng)
            ),
            13 => format!("mailto:{}.{}@{host}", word(&mut rng), word(&mut rng)),
            14 => format!("file://{host}/{}", path(&mut rng, 6)),
            15 => format!(
                "wais://{host}:210/{}?{}+{}",
                word(&mut rng),
                word(&mut rng),
                word(&mut rng)
            ),
            16 => format!("telnet://{}@{host}/", word(&mut rng)),
            17 => format!("prospero://{host}/{};version=1", path(&mut rng, 5)),
            _ => format!("x-archive://{host}/{}", path(&mut rng, 5)),
        };
        urls.push(url);
    }
    urls
}

/// A few long valid URLs.
pub fn long() -> Vec<String> {
    vec![
        format!(
            "http://www.example.com/{}index.html",
            "segment/".repeat(12_500)
        ),
        format!(
            "ftp://user@ftp.example.com/{}file.txt",
            "dir/".repeat(2_500)
        ),
        format!("gopher://gopher.example.org/1{}%09q", "%41b".repeat(10_000)),
        format!("news:{}@host.example.net", "a.b".repeat(10_000)),
    ]
}

/// Which bytes the floor takes: every printable ASCII character but space.
static FLOOR: [bool; 256] = {
    let mut table = [false; 256];
    let mut byte = 0x21;
    while byte < 0x7f {
        table[byte] = true;
        byte += 1;
    }
    table
};

/// The floor: whether every byte of `input` is one that [`FLOOR`] takes,
/// the least any parser must do. It folds rather than stopping at the first
/// byte that fails, so that no branch is taken per byte: stopping early,
/// the floor's time moved by 40% between two builds of a bench that did not
/// change it.
pub fn floor(input: &str) -> bool {
    input
        .bytes()
        .fold(true, |all, byte| all & FLOOR[usize::from(byte)])
}

/// What `rfc1738 check` computes for a line: the verdict and the warnings.
pub fn check(input: &str) -> (bool, usize) {
    match Url::parse_with_warnings(input, Spec::Rfc1738) {
        Ok((_, warnings)) => (true, warnings.len()),
        Err(_) => (false, 0),
    }
}

/// `count` short URLs (30 to 40 bytes) of the RFC 1738 schemes, all valid,
/// of which about 15% carry something a lint warns about, as real lists do:
/// a port that is not the scheme's default, a password, an upper-case
/// scheme, a needless escape. The same for the same seed.
pub fn short(count: usize, seed: u64) -> Vec<String> {
    let mut rng = fastrand::Rng::with_seed(seed);
    const WORDS: &[&str] = &[
        "pub", "doc", "rfc", "www", "src", "motd", "etc", "data", "v2",
    ];
    const HOSTS: &[&str] = &[
        "ftp.ex.com",
        "www.ietf.org",
        "gopher.umn.edu",
        "h.dom",
        "10.0.2.17",
    ];
    let mut urls = Vec::with_capacity(count);
    while urls.len() < count {
        let host = HOSTS[rng.usize(..HOSTS.len())];
        let w = |rng: &mut fastrand::Rng| WORDS[rng.usize(..WORDS.len())];
        let (a, b) = (w(&mut rng), w(&mut rng));
        let warned = rng.usize(..100) < 15;
        let url = match (rng.usize(..8), warned) {
            (0..=2, false) => format!("http://{host}/{a}/{b}.html"),
            (0..=2, true) => format!("http://{host}:8080/{a}/{b}"),
            (3 | 4, false) => format!("ftp://{host}/{a}/{b}.txt"),
            (3 | 4, true) => format!("ftp://u:pw@{host}/{a}/{b}"),
            (5, false) => format!("gopher://{host}/1{a}/{b}"),
            (5, true) => format!("GOPHER://{host}/1{a}/{b}"),
            (6, false) => format!("news:comp.{a}.{b}.misc"),
            (6, true) => format!("news:comp.{a}.%41{b}.misc"),
            (_, false) => format!("mailto:{a}.{b}@{host}"),
            (_, true) => format!("telnet://{a}:pw@{host}/"),
        };
        if (30..=40).contains(&url.len()) {
            urls.push(url);
        }
    }
    urls
}

/// `valid` with one edit that makes it invalid under RFC 1738, as
/// `rfc1738 gen --invalid` makes its near misses.
pub fn near_miss(rng: &mut fastrand::Rng, valid: &str) -> String {
    near_miss_under(rng, valid, Spec::Rfc1738)
}

/// [`near_miss`], invalid under `spec`: the library's near-miss, from the
/// numbers of `rng`.
pub fn near_miss_under(rng: &mut fastrand::Rng, valid: &str, spec: Spec) -> String {
    rfc1738::near_miss(valid, spec, |below| rng.usize(..below))
        .map(|(url, _)| url)
        .expect("an edit that makes the URL invalid")
}

/// `urls` with a share `percent` of them (chosen by the seed) replaced by
/// near misses.
pub fn with_invalid(mut urls: Vec<String>, percent: usize, seed: u64) -> Vec<String> {
    let mut rng = fastrand::Rng::with_seed(seed);
    for url in &mut urls {
        if rng.usize(..100) < percent {
            *url = near_miss(&mut rng, url);
        }
    }
    urls
}

/// Absolute URIs under RFC 2396, all valid: uri(7)'s schemes and forms and
/// the generic syntax, about 40 bytes each.
pub fn rfc2396(count: usize, seed: u64) -> Vec<String> {
    let mut rng = fastrand::Rng::with_seed(seed);
    const WORDS: &[&str] = &[
        "pub", "doc", "rfc", "www", "src", "motd", "etc", "data", "ls",
    ];
    let mut urls = Vec::with_capacity(count);
    for _ in 0..count {
        let w = |rng: &mut fastrand::Rng| WORDS[rng.usize(..WORDS.len())];
        let (a, b) = (w(&mut rng), w(&mut rng));
        let url = match rng.usize(..12) {
            0..=3 => format!("http://www.example.com/{a}/{b}.html?q={a}#top"),
            4 | 5 => format!("ftp://ftp.example.com/{a}/{b}.txt"),
            6 => format!("mailto:{a}.{b}@example.com"),
            7 => format!("news:comp.infosystems.{a}"),
            8 => format!("man:{a}(1)"),
            9 => format!("info:gcc#{a}_and_{b}"),
            10 => format!("ldap://ldap.example.com/o={a},c=US?cn?sub?(cn={b})"),
            _ => format!("urn:example:{a}:{b}"),
        };
        urls.push(url);
    }
    urls
}

/// `count` URIs in the shapes people write under RFC 3986: http and https
/// with ports, user information, queries and fragments; ftp; mailto; urn;
/// tel; ldap; IPv4 and IPv6 hosts.
pub fn rfc3986(count: usize, seed: u64) -> Vec<String> {
    let mut rng = fastrand::Rng::with_seed(seed);
    const WORDS: &[&str] = &[
        "pub", "doc", "rfc", "www", "src", "motd", "etc", "data", "ls",
    ];
    let mut urls = Vec::with_capacity(count);
    for _ in 0..count {
        let w = |rng: &mut fastrand::Rng| WORDS[rng.usize(..WORDS.len())];
        let (a, b) = (w(&mut rng), w(&mut rng));
        let url = match rng.usize(..16) {
            0..=2 => format!("https://www.example.com/{a}/{b}.html?q={a}&r=1#top"),
            3 => format!("http://www.example.com:8080/{a}/{b}?x={b}"),
            4 => format!("https://{a}:secret@api.example.com/v1/{b}"),
            5 => format!("http://[2001:db8::{}]/{a}/{b}", rng.u16(1..0xffff)),
            6 => format!("http://192.0.2.{}:80/{a}", rng.u8(..)),
            7 | 8 => format!("ftp://ftp.example.com/{a}/{b}.txt"),
            9 => format!("mailto:{a}.{b}@example.com?subject={a}"),
            10 => format!("urn:example:{a}:{b}"),
            11 => format!("tel:+1-816-555-{:04}", rng.u16(..10_000)),
            12 => format!("ldap://[2001:db8::7]/c=GB?{a}?one"),
            13 => format!("news:comp.infosystems.{a}"),
            14 => format!("https://example.com/{a}/%E2%82%AC/{b}"),
            _ => format!("http://example.com/{a}/{b}/"),
        };
        urls.push(url);
    }
    urls
}
