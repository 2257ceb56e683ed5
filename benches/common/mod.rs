//! The inputs and contenders that `peers` and `interleaved` share: the
//! corpora, what `rfc1738 check` computes for a line, and the floor.

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
