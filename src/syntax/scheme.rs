//! The schemes that Section 5 gives a rule of their own, by name: which
//! rule judges an input.

use std::fmt;
use std::str::FromStr;

/// A scheme with a rule of its own in Section 5. Every other scheme is judged by
/// the generic form.
///
/// ```
/// use rfc1738::Scheme;
///
/// assert_eq!(Scheme::from_name("GOPHER"), Some(Scheme::Gopher));
/// assert_eq!(Scheme::from_name("https"), None);
/// assert_eq!(Scheme::Gopher.name(), "gopher");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Scheme {
    /// `ftpurl` (§3.2).
    Ftp,
    /// `httpurl` (§3.3).
    Http,
    /// `gopherurl` (§3.4).
    Gopher,
    /// `mailtourl` (§3.5).
    Mailto,
    /// `newsurl` (§3.6).
    News,
    /// `nntpurl` (§3.7).
    Nntp,
    /// `telneturl` (§3.8).
    Telnet,
    /// `waisurl` (§3.9).
    Wais,
    /// `fileurl` (§3.10).
    File,
    /// `prosperourl` (§3.11).
    Prospero,
}

impl Scheme {
    /// Every known scheme, in the order of the specification's sections.
    ///
    /// ```
    /// assert_eq!(rfc1738::Scheme::ALL.len(), 10);
    /// ```
    pub const ALL: [Scheme; 10] = [
        Scheme::Ftp,
        Scheme::Http,
        Scheme::Gopher,
        Scheme::Mailto,
        Scheme::News,
        Scheme::Nntp,
        Scheme::Telnet,
        Scheme::Wais,
        Scheme::File,
        Scheme::Prospero,
    ];

    /// The scheme's name, in lower case.
    ///
    /// ```
    /// assert_eq!(rfc1738::Scheme::Prospero.name(), "prospero");
    /// ```
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Scheme::Ftp => "ftp",
            Scheme::Http => "http",
            Scheme::Gopher => "gopher",
            Scheme::Mailto => "mailto",
            Scheme::News => "news",
            Scheme::Nntp => "nntp",
            Scheme::Telnet => "telnet",
            Scheme::Wais => "wais",
            Scheme::File => "file",
            Scheme::Prospero => "prospero",
        }
    }

    /// The section of RFC 1738 (and of draft-07, which numbers them the same)
    /// that describes the scheme; the BNF of every scheme is in Section 5.
    ///
    /// ```
    /// assert_eq!(rfc1738::Scheme::Ftp.section(), "3.2");
    /// assert_eq!(rfc1738::Scheme::Prospero.section(), "3.11");
    /// ```
    #[must_use]
    pub fn section(self) -> &'static str {
        match self {
            Scheme::Ftp => "3.2",
            Scheme::Http => "3.3",
            Scheme::Gopher => "3.4",
            Scheme::Mailto => "3.5",
            Scheme::News => "3.6",
            Scheme::Nntp => "3.7",
            Scheme::Telnet => "3.8",
            Scheme::Wais => "3.9",
            Scheme::File => "3.10",
            Scheme::Prospero => "3.11",
        }
    }

    /// The port the scheme's section names as the default, if it names one
    /// (mailto, news and file have no port).
    ///
    /// ```
    /// use rfc1738::Scheme;
    ///
    /// assert_eq!(Scheme::Gopher.default_port(), Some(70));
    /// assert_eq!(Scheme::Prospero.default_port(), Some(1525));
    /// assert_eq!(Scheme::News.default_port(), None);
    /// ```
    #[must_use]
    pub fn default_port(self) -> Option<u16> {
        match self {
            Scheme::Ftp => Some(21),
            Scheme::Http => Some(80),
            Scheme::Gopher => Some(70),
            Scheme::Nntp => Some(119),
            Scheme::Telnet => Some(23),
            Scheme::Wais => Some(210),
            Scheme::Prospero => Some(1525),
            Scheme::Mailto | Scheme::News | Scheme::File => None,
        }
    }

    /// The known scheme called `name`, ignoring ASCII case ("interpreters
    /// should use case-ignore").
    ///
    /// ```
    /// assert_eq!(rfc1738::Scheme::from_name("Ftp"), Some(rfc1738::Scheme::Ftp));
    /// ```
    #[must_use]
    pub fn from_name(name: &str) -> Option<Scheme> {
        Scheme::named(name.as_bytes())
    }

    /// [`Scheme::from_name`] on bytes: by the name's length and first
    /// letter, then one comparison.
    #[inline]
    pub(crate) fn named(name: &[u8]) -> Option<Scheme> {
        match (name.len(), name.first().map(u8::to_ascii_lowercase)) {
            (3, Some(b'f')) if name.eq_ignore_ascii_case(b"ftp") => Some(Scheme::Ftp),
            (4, Some(b'h')) if name.eq_ignore_ascii_case(b"http") => Some(Scheme::Http),
            (4, Some(b'n')) if name.eq_ignore_ascii_case(b"news") => Some(Scheme::News),
            (4, Some(b'n')) if name.eq_ignore_ascii_case(b"nntp") => Some(Scheme::Nntp),
            (4, Some(b'w')) if name.eq_ignore_ascii_case(b"wais") => Some(Scheme::Wais),
            (4, Some(b'f')) if name.eq_ignore_ascii_case(b"file") => Some(Scheme::File),
            (6, Some(b'g')) if name.eq_ignore_ascii_case(b"gopher") => Some(Scheme::Gopher),
            (6, Some(b'm')) if name.eq_ignore_ascii_case(b"mailto") => Some(Scheme::Mailto),
            (6, Some(b't')) if name.eq_ignore_ascii_case(b"telnet") => Some(Scheme::Telnet),
            (8, Some(b'p')) if name.eq_ignore_ascii_case(b"prospero") => Some(Scheme::Prospero),
            _ => None,
        }
    }

    /// The known scheme that judges `input`: the one named by the text before
    /// its first `:`, if any. Every other input is judged by the generic form.
    ///
    /// ```
    /// use rfc1738::Scheme;
    ///
    /// assert_eq!(Scheme::of("HTTP://host/"), Some(Scheme::Http));
    /// assert_eq!(Scheme::of("http:0"), Some(Scheme::Http));
    /// assert_eq!(Scheme::of("x-http://host/"), None);
    /// assert_eq!(Scheme::of("no colon"), None);
    /// ```
    #[must_use]
    pub fn of(input: &str) -> Option<Scheme> {
        Scheme::named(name_before_colon(input))
    }
}

/// A scheme's name and its ":" as the first eight bytes of an input hold
/// them, to be compared with those bytes in one step: the bytes, the mask of
/// those bytes, and the case bit of the letters. A name of eight letters
/// ("prospero") fills all eight, and its ":" is looked at apart.
#[derive(Clone, Copy)]
pub(crate) struct NameWord {
    bytes: u64,
    mask: u64,
    case: u64,
}

impl NameWord {
    /// The word of `name`, a name of at most eight letters (the ":" after
    /// a name of eight is not in it).
    pub(crate) const fn of(name: &[u8]) -> NameWord {
        assert!(
            name.len() <= 8,
            "a longer name needs its further bytes compared"
        );
        let (mut bytes, mut mask, mut case) = (0, 0, 0);
        let mut i = 0;
        while i < 8 && i <= name.len() {
            if i < name.len() {
                bytes |= (name[i] as u64) << (8 * i);
                case |= 0x20 << (8 * i);
            } else {
                bytes |= (b':' as u64) << (8 * i);
            }
            mask |= 0xff << (8 * i);
            i += 1;
        }
        NameWord { bytes, mask, case }
    }

    /// The first eight bytes of `input` as one word to compare names with,
    /// zero after its end (no name's byte is zero).
    #[inline(always)]
    pub(crate) fn head(input: &[u8]) -> u64 {
        match input.get(..8) {
            Some(head) => u64::from_le_bytes(head.try_into().unwrap_or_default()),
            None => {
                let mut head = [0; 8];
                head[..input.len()].copy_from_slice(input);
                u64::from_le_bytes(head)
            }
        }
    }

    /// Whether `head` (see [`NameWord::head`]) starts with this name and its
    /// ":", the letters in either case. Setting the case bit maps a letter's
    /// two cases, and only them, to the lower case; the ":" is compared as it
    /// is.
    #[inline(always)]
    pub(crate) fn starts(self, head: u64) -> bool {
        (head | self.case) & self.mask == self.bytes
    }

    /// Whether the name that `head` starts with (see [`NameWord::starts`])
    /// has an upper-case letter: one with its case bit clear.
    #[inline(always)]
    pub(crate) fn has_upper_case(self, head: u64) -> bool {
        head & self.case != self.case
    }
}

/// The longest name of a scheme with rules of its own: Section 5's
/// ("prospero"), uri(7)'s and the later documents' forms'. A longer one
/// would never be found: a form or scheme added with one raises this (the
/// tests that name each form and scheme fail until it does), and compares
/// the bytes past the eighth apart where it is named by a [`NameWord`]
/// (whose `of` refuses a longer name at compile time).
const LONGEST_NAME: usize = 8;

/// The text before the first `:` of `input`, where it is short enough to be
/// the name of a scheme with rules of its own; empty where it is longer or
/// there is no `:`. Only the first nine bytes are looked at.
#[inline]
pub(crate) fn name_before_colon(input: &str) -> &[u8] {
    let head = &input.as_bytes()[..input.len().min(LONGEST_NAME + 1)];
    head.iter()
        .position(|&byte| byte == b':')
        .map_or(&[], |colon| &head[..colon])
}

impl fmt::Display for Scheme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of [`Scheme::from_str`]: the name is none of [`Scheme::ALL`]'s
/// (every other scheme is read by the generic form).
///
/// ```
/// let error = "https".parse::<rfc1738::Scheme>().unwrap_err();
/// assert_eq!(error.to_string(), "\"https\" is no scheme with a rule of its own in Section 5");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is no scheme with a rule of its own in Section 5")]
pub struct UnknownScheme(pub String);

impl FromStr for Scheme {
    type Err = UnknownScheme;

    /// [`Scheme::from_name`], as `str::parse` calls it.
    ///
    /// ```
    /// use rfc1738::Scheme;
    ///
    /// assert_eq!("Gopher".parse::<Scheme>(), Ok(Scheme::Gopher));
    /// assert!("https".parse::<Scheme>().is_err());
    /// ```
    fn from_str(name: &str) -> Result<Scheme, UnknownScheme> {
        Scheme::from_name(name).ok_or_else(|| UnknownScheme(name.to_owned()))
    }
}

/// "an" before a scheme name said with a vowel sound first: ftp, http and
/// nntp are read letter by letter ("an http URL"), the others as words ("a
/// gopher URL", "an ip-schemepart").
pub(crate) fn article(name: &str) -> &'static str {
    if matches!(name, "ftp" | "http" | "nntp") || name.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::Scheme;

    /// Inputs that name what `name` names (in any case, whatever
    /// follows the ":"), and inputs that name none: the name with more
    /// before or after it, without its ":", or after another ":".
    pub(crate) fn naming(name: &str) -> (Vec<String>, Vec<String>) {
        let capitalized = name[..1].to_ascii_uppercase() + &name[1..];
        let named = vec![
            format!("{name}:"),
            format!("{name}://host/a:b"),
            format!("{}:x", name.to_ascii_uppercase()),
            format!("{capitalized}:x"),
        ];
        let unnamed = vec![
            name.to_owned(),
            format!("{name}//host/"),
            format!("x{name}:"),
            format!("{name}x:"),
            format!("{name}s:"),
            format!("{name}-:"),
            format!("{}:", &name[1..]),
            format!("{}:", &name[..name.len() - 1]),
            format!("x:{name}:"),
            format!(" {name}:"),
            format!("{name} :"),
            format!("{name}\u{17f}:"),
        ];
        (named, unnamed)
    }

    #[test]
    fn each_scheme_is_named_by_its_name_alone() {
        for scheme in Scheme::ALL {
            let (named, unnamed) = naming(scheme.name());
            for input in named {
                assert_eq!(Scheme::of(&input), Some(scheme), "{input:?}");
            }
            for input in unnamed {
                assert_eq!(Scheme::of(&input), None, "{input:?}");
                if let Some((name, _)) = input.split_once(':') {
                    assert_eq!(Scheme::from_name(name), None, "{name:?}");
                }
            }
            let upper = scheme.name().to_ascii_uppercase();
            assert_eq!(Scheme::from_name(&upper), Some(scheme));
        }
        for input in ["", ":", "https://host/", "urn:x", "ldap://h/", "\u{17f}tp:"] {
            assert_eq!(Scheme::of(input), None, "{input:?}");
        }
    }
}
