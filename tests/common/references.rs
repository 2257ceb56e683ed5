//! References in the shapes RFC 3986 allows, generated and mutated: the
//! corpus of the RFC 3986 tests.

/// Pieces that make RFC 3986's rules part ways.
const PIECES: &[&str] = &[
    "a", "Z", "0", "9", "-", ".", "_", "~", "%", "%4", "%41", "%2F", "%09", "%0D", "/", "//", ":",
    "::", "?", "#", "@", "[", "]", "[::1]", "[v1.x]", "!", "$", "&", "'", "(", ")", "*", "+", ",",
    ";", "=", " ", "\"", "<", "\\", "^", "`", "{", "|", "é", "1.2.3.4", "256", "..", ";type=",
];

const SCHEMES: &[&str] = &[
    "http", "https", "ftp", "gopher", "news", "nntp", "telnet", "wais", "file", "prospero",
    "mailto", "tel", "urn", "ldap", "x+y.z-1", "a", "FTP",
];

/// A reference in the shapes RFC 3986 allows, with a slant to what can go
/// wrong: hosts of every kind, empty parts, dots, escapes.
pub fn reference(rng: &mut fastrand::Rng) -> String {
    let mut out = String::new();
    if rng.u8(..4) > 0 {
        out.push_str(SCHEMES[rng.usize(..SCHEMES.len())]);
        out.push(':');
    }
    let authority = rng.u8(..3) > 0;
    if authority {
        out.push_str("//");
        if rng.u8(..4) == 0 {
            out.push_str(&chars(rng, "abc:%41!;=", 0..6));
            out.push('@');
        }
        out.push_str(&host(rng));
        if rng.u8(..3) == 0 {
            out.push(':');
            out.push_str(&chars(rng, "0123456789", 0..6));
        }
    }
    let segments = rng.usize(..4);
    for i in 0..segments {
        if authority || i > 0 || rng.bool() {
            out.push('/');
        }
        out.push_str(&segment(rng));
    }
    if rng.u8(..3) == 0 {
        out.push('?');
        out.push_str(&chars(rng, "a=b&/?:@%20", 0..8));
    }
    if rng.u8(..4) == 0 {
        out.push('#');
        out.push_str(&chars(rng, "x/?:@%7E", 0..6));
    }
    out
}

fn chars(rng: &mut fastrand::Rng, alphabet: &str, len: std::ops::Range<usize>) -> String {
    let alphabet: Vec<char> = alphabet.chars().collect();
    (0..rng.usize(len))
        .map(|_| alphabet[rng.usize(..alphabet.len())])
        .collect()
}

fn segment(rng: &mut fastrand::Rng) -> String {
    match rng.u8(..6) {
        0 => ".".to_owned(),
        1 => "..".to_owned(),
        2 => String::new(),
        _ => chars(rng, "ab09-._~!$&'()*+,;=:@%2F", 1..8),
    }
}

fn host(rng: &mut fastrand::Rng) -> String {
    match rng.u8(..7) {
        0 => ["example.com", "h", "a-b.c", "localhost", "a_b", ""][rng.usize(..6)].to_owned(),
        1 => (0..4)
            .map(|_| match rng.u8(..8) {
                0 => format!("0{}", rng.u16(..10)),
                1 => rng.u16(250..300).to_string(),
                _ => rng.u16(..256).to_string(),
            })
            .collect::<Vec<_>>()
            .join("."),
        2 | 3 => format!("[{}]", ipv6(rng)),
        4 => format!(
            "[v{}.{}]",
            chars(rng, "09aF", 0..3),
            chars(rng, "ab:!~", 0..4)
        ),
        5 => chars(rng, "ab%41!$&'()*+,;=-._~", 0..8),
        _ => ipv6(rng),
    }
}

/// IPv6 text: up to nine groups of up to five hex digits, sometimes with
/// "::" and a dotted-quad tail.
fn ipv6(rng: &mut fastrand::Rng) -> String {
    let groups = rng.usize(..10);
    let mut parts: Vec<String> = (0..groups)
        .map(|_| chars(rng, "0123456789abcdefABCDEF", 1..6))
        .collect();
    if rng.u8(..3) == 0 {
        let at = rng.usize(..=parts.len());
        parts.insert(at, String::new());
        if at == 0 || at == parts.len() - 1 {
            parts.insert(at, String::new());
        }
    }
    if rng.u8(..4) == 0 {
        parts.push(format!(
            "{}.{}.{}.{}",
            rng.u16(..300),
            rng.u8(..),
            rng.u8(..),
            rng.u8(..)
        ));
    }
    parts.join(":")
}

/// The corpus: generated references, each with mutations, the same for a
/// seed.
pub fn corpus(seed: u64, count: usize) -> Vec<String> {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut out = Vec::with_capacity(count * 4);
    for _ in 0..count {
        let generated = reference(&mut rng);
        for _ in 0..3 {
            out.push(super::mutate(&mut rng, &generated, PIECES, 1..3));
        }
        out.push(generated);
    }
    out
}

/// How many inputs a test takes: `variable` from the environment, or
/// `default`.
pub fn inputs(variable: &str, default: usize) -> usize {
    std::env::var(variable)
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(default)
}
