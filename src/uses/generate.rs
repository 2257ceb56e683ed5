//! Conforming URLs by construction, for fuzzing: each rule of the Section 5
//! BNF, and of RFC 3986 with the later documents' schemes, becomes a
//! function that writes a random string of its language (RFC 2396's URLs
//! are derived from the grammar itself, see `derive`); and near-misses, one
//! edit away from a conforming URL.

use arbitrary::{Arbitrary, Result, Unstructured};

use crate::syntax::charclass;
use crate::syntax::error::ParseError;
use crate::syntax::scheme::Scheme;
use crate::syntax::spec::Spec;
use crate::url::Url;
use crate::uses::derive::derive;

/// What a near-miss's edit may put into a URL: every printable ASCII
/// character, a space, a non-ASCII letter and broken escapes.
const EDITS: [&str; 42] = [
    " ", "!", "\"", "#", "$", "%", "&", "'", "(", ")", "*", "+", ",", "-", ".", "/", "0", "9", ":",
    ";", "<", "=", ">", "?", "@", "A", "Z", "[", "\\", "]", "^", "_", "`", "a", "z", "{", "|", "}",
    "~", "é", "%4", "%G0",
];

/// How many derivations [`GeneratedUrl::generate`] tries under RFC 2396
/// before it gives up.
const DERIVATION_TRIES: usize = 16;

/// How many edits [`near_miss`] tries before it gives up on a URL.
const NEAR_MISS_TRIES: usize = 1000;

/// `valid` with one edit (a character inserted, deleted or replaced) that
/// makes it invalid under `spec`, and the error it raises: a near-miss, with
/// the offset and the rules a strict parser must report, for a campaign
/// against another parser (as `rfc1738 gen --invalid` writes them).
///
/// `random(n)` gives a number below `n` (`fastrand::Rng::usize(..n)`, say):
/// the same numbers give the same near-miss. `None` when no edit tried makes
/// the URL invalid.
///
/// ```
/// use rfc1738::{Spec, Url, near_miss};
///
/// let mut state = 7_u64;
/// let random = |below: usize| {
///     state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
///     (state >> 33) as usize % below
/// };
/// let (url, error) = near_miss("ftp://host/file", Spec::Rfc1738, random).unwrap();
/// assert_eq!(Url::parse(&url).unwrap_err(), error);
/// ```
pub fn near_miss(
    valid: &str,
    spec: Spec,
    mut random: impl FnMut(usize) -> usize,
) -> Option<(String, ParseError)> {
    let chars: Vec<char> = valid.chars().collect();
    for _ in 0..NEAR_MISS_TRIES {
        let at = random(chars.len() + 1);
        let piece = EDITS[random(EDITS.len())];
        let mut edited: String = chars[..at].iter().collect();
        match random(3) {
            0 => {
                edited.push_str(piece);
                edited.extend(&chars[at..]);
            }
            1 if at < chars.len() => edited.extend(&chars[at + 1..]),
            _ if at < chars.len() => {
                edited.push_str(piece);
                edited.extend(&chars[at + 1..]);
            }
            _ => continue,
        }
        if let Err(error) = Url::parse_with(&edited, spec) {
            return Some((edited, error));
        }
    }
    None
}

/// A URL that conforms to its specification by construction: generated rule
/// by rule from the BNF, so that it parses (under `spec`, as a URL of
/// `scheme`) whatever the fuzzer's bytes.
///
/// ```
/// use arbitrary::{Arbitrary, Unstructured};
/// use rfc1738::GeneratedUrl;
///
/// let bytes = [7u8; 64];
/// let generated = GeneratedUrl::arbitrary(&mut Unstructured::new(&bytes)).unwrap();
/// let url = generated.url();
/// assert_eq!(url.as_str(), generated.as_str());
/// assert_eq!(url.known_scheme(), generated.scheme());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GeneratedUrl {
    spec: Spec,
    scheme: Option<Scheme>,
    text: String,
}

impl GeneratedUrl {
    /// A URL of `scheme` (`None`: a generic URL of another scheme) that
    /// conforms to `spec`: one of [`Spec::SECTION5`], [`Spec::Rfc3986`]
    /// (whose generic URIs take http and mailto too), or [`Spec::Rfc2396`],
    /// where it is a random derivation of uri(7)'s form of `scheme` read
    /// back by the grammar (`None`: the man, info, whatis, ghelp or ldap
    /// form, or a URI of another scheme).
    ///
    /// # Errors
    ///
    /// Under RFC 2396, `arbitrary::Error::IncorrectFormat` for nntp and
    /// prospero, of which uri(7) gives no form, and when none of sixteen
    /// derivations from the bytes conforms (other bytes may do); the errors
    /// of `Unstructured` when the bytes run out before a URL is made.
    ///
    /// ```
    /// use arbitrary::Unstructured;
    /// use rfc1738::{GeneratedUrl, Scheme, Spec};
    ///
    /// let mut u = Unstructured::new(b"fuzzer bytes");
    /// let generated = GeneratedUrl::generate(&mut u, Spec::Draft07, Some(Scheme::Gopher)).unwrap();
    /// assert!(generated.as_str().starts_with("gopher://"));
    /// let mut u = Unstructured::new(b"more fuzzer bytes");
    /// let generated = GeneratedUrl::generate(&mut u, Spec::Rfc3986, Some(Scheme::Ftp)).unwrap();
    /// assert!(generated.url().as_ftp().is_some());
    /// let mut u = Unstructured::new(b"bytes for an ldap filter, say");
    /// let generated = GeneratedUrl::generate(&mut u, Spec::Rfc2396, None).unwrap();
    /// assert_eq!(generated.url().known_scheme(), None);
    /// let mut u = Unstructured::new(b"");
    /// assert!(GeneratedUrl::generate(&mut u, Spec::Rfc2396, Some(Scheme::Nntp)).is_err());
    /// ```
    pub fn generate(
        u: &mut Unstructured<'_>,
        spec: Spec,
        scheme: Option<Scheme>,
    ) -> Result<GeneratedUrl> {
        if spec == Spec::Rfc2396 {
            return Self::derived(u, scheme);
        }
        let unreserved: Vec<u8> = (0..128)
            .filter(|&byte| charclass::unreserved(byte, spec))
            .collect();
        let mut out = Writer {
            u,
            spec,
            unreserved: &unreserved,
            text: String::new(),
        };
        if spec == Spec::Rfc3986 {
            out.uri(scheme)?;
        } else {
            out.url(scheme)?;
        }
        Ok(GeneratedUrl {
            spec,
            scheme,
            text: out.text,
        })
    }

    /// Under RFC 2396: a derivation of uri(7)'s form of `scheme` (`None`:
    /// the man, info, whatis, ghelp or ldap form, or the generic syntax),
    /// from the grammar's expressions, read back by the grammar until one
    /// conforms (a look-ahead or an ordered choice may refuse a derivation).
    fn derived(u: &mut Unstructured<'_>, scheme: Option<Scheme>) -> Result<GeneratedUrl> {
        use crate::syntax::grammar::rfc2396::Rule;
        let entry = match scheme {
            None => *u.choose(&[
                Rule::uri_man,
                Rule::uri_info,
                Rule::uri_whatis,
                Rule::uri_ghelp,
                Rule::uri_ldap,
                Rule::uri_absolute,
            ])?,
            Some(Scheme::Ftp) => Rule::uri_ftp,
            Some(Scheme::Http) => Rule::uri_http,
            Some(Scheme::Gopher) => Rule::uri_gopher,
            Some(Scheme::Mailto) => Rule::uri_mailto,
            Some(Scheme::News) => Rule::uri_news,
            Some(Scheme::Telnet) => Rule::uri_telnet,
            Some(Scheme::Wais) => Rule::uri_wais,
            Some(Scheme::File) => Rule::uri_file,
            // uri(7) gives these no form.
            Some(Scheme::Nntp | Scheme::Prospero) => {
                return Err(arbitrary::Error::IncorrectFormat);
            }
        };
        for _ in 0..DERIVATION_TRIES {
            let text = derive(entry, u)?;
            let conforms =
                Url::parse_with(&text, Spec::Rfc2396).is_ok_and(|url| url.known_scheme() == scheme);
            if conforms {
                return Ok(GeneratedUrl {
                    spec: Spec::Rfc2396,
                    scheme,
                    text,
                });
            }
            if u.is_empty() {
                // Every further derivation would be this one.
                break;
            }
        }
        Err(arbitrary::Error::IncorrectFormat)
    }

    /// The URL's text.
    ///
    /// ```
    /// # use arbitrary::{Arbitrary, Unstructured};
    /// let generated = rfc1738::GeneratedUrl::arbitrary(&mut Unstructured::new(&[])).unwrap();
    /// assert!(generated.as_str().contains(':'));
    /// ```
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The specification it conforms to.
    ///
    /// ```
    /// # use arbitrary::{Arbitrary, Unstructured};
    /// let generated = rfc1738::GeneratedUrl::arbitrary(&mut Unstructured::new(&[1, 2, 3])).unwrap();
    /// assert!(rfc1738::Url::parse_with(generated.as_str(), generated.spec()).is_ok());
    /// ```
    #[must_use]
    pub fn spec(&self) -> Spec {
        self.spec
    }

    /// Its known scheme, or `None` for a generic URL.
    ///
    /// ```
    /// # use arbitrary::{Arbitrary, Unstructured};
    /// let generated = rfc1738::GeneratedUrl::arbitrary(&mut Unstructured::new(&[0; 8])).unwrap();
    /// assert_eq!(generated.url().known_scheme(), generated.scheme());
    /// ```
    #[must_use]
    pub fn scheme(&self) -> Option<Scheme> {
        self.scheme
    }

    /// The URL, parsed.
    ///
    /// ```
    /// # use arbitrary::{Arbitrary, Unstructured};
    /// let generated = rfc1738::GeneratedUrl::arbitrary(&mut Unstructured::new(b"abc")).unwrap();
    /// assert_eq!(generated.url().spec(), generated.spec());
    /// ```
    #[must_use]
    pub fn url(&self) -> Url<'_> {
        Url::parse_with(&self.text, self.spec)
            .expect("a generated URL conforms to its specification")
    }
}

impl<'a> Arbitrary<'a> for GeneratedUrl {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<GeneratedUrl> {
        let spec = *u.choose(&Spec::SECTION5)?;
        let scheme = match u.int_in_range(0..=Scheme::ALL.len())? {
            index if index < Scheme::ALL.len() => Some(Scheme::ALL[index]),
            _ => None,
        };
        GeneratedUrl::generate(u, spec, scheme)
    }
}

/// Writes random strings of the grammar's rules into `text`.
struct Writer<'u, 'a> {
    u: &'u mut Unstructured<'a>,
    spec: Spec,
    /// The bytes of `unreserved` under `spec`.
    unreserved: &'u [u8],
    text: String,
}

const ALPHA: &str = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
const DIGIT: &str = "0123456789";
const HEX: &str = "0123456789ABCDEFabcdef";

impl Writer<'_, '_> {
    /// Up to `max` repetitions: fuzzer bytes choose how many, and an empty
    /// input gives none.
    fn count(&mut self, max: usize) -> Result<usize> {
        self.u.int_in_range(0..=max)
    }

    fn one_of(&mut self, set: &str) -> Result<()> {
        let byte = *self.u.choose(set.as_bytes())?;
        self.text.push(char::from(byte));
        Ok(())
    }

    fn literal(&mut self, text: &str) {
        self.text.push_str(text);
    }

    /// `escape = "%" hex hex`
    fn escape(&mut self) -> Result<()> {
        self.literal("%");
        self.one_of(HEX)?;
        self.one_of(HEX)
    }

    /// `unreserved = alpha | digit | safe | extra`, and draft-07's `national`.
    fn unreserved(&mut self) -> Result<()> {
        let byte = *self.u.choose(self.unreserved)?;
        self.text.push(char::from(byte));
        Ok(())
    }

    /// `uchar = unreserved | escape`
    fn uchar(&mut self) -> Result<()> {
        if self.u.ratio(1, 8)? {
            self.escape()
        } else {
            self.unreserved()
        }
    }

    /// `xchar = unreserved | reserved | escape`
    fn xchar(&mut self) -> Result<()> {
        match self.u.int_in_range(0..=7)? {
            0 => self.escape(),
            1 => self.one_of(";/?:@&="),
            _ => self.unreserved(),
        }
    }

    /// `*[ uchar | <extra> ]`: up to `max` of `uchar` and the literal characters `extra`.
    fn uchars_or(&mut self, extra: &str, max: usize) -> Result<()> {
        for _ in 0..self.count(max)? {
            if !extra.is_empty() && self.u.ratio(1, 4)? {
                self.one_of(extra)?
            } else {
                self.uchar()?
            }
        }
        Ok(())
    }

    fn digits(&mut self) -> Result<()> {
        for _ in 0..=self.count(5)? {
            self.one_of(DIGIT)?;
        }
        Ok(())
    }

    /// `hostname`, by the spec's rule.
    fn hostname(&mut self) -> Result<()> {
        match self.spec {
            // `hostname = alpha *uchar`
            Spec::Draft07 => {
                self.one_of(ALPHA)?;
                self.uchars_or("", 12)
            }
            // `*[ domainlabel "." ] toplabel`; labels are alphadigits with
            // hyphens inside, and the last starts with a letter.
            Spec::Rfc1738 | Spec::Rfc2396 | Spec::Rfc3986 => {
                for _ in 0..self.count(3)? {
                    self.label(false)?;
                    self.literal(".");
                }
                self.label(true)
            }
        }
    }

    fn label(&mut self, top: bool) -> Result<()> {
        let alphadigit = format!("{ALPHA}{DIGIT}");
        self.one_of(if top { ALPHA } else { &alphadigit })?;
        for _ in 0..self.count(6)? {
            for _ in 0..self.count(2)? {
                self.literal("-");
            }
            self.one_of(&alphadigit)?;
        }
        Ok(())
    }

    /// `host = hostname | hostnumber`
    fn host(&mut self) -> Result<()> {
        if self.u.ratio(1, 5)? {
            for part in 0..4 {
                if part > 0 {
                    self.literal(".");
                }
                self.digits()?;
            }
            Ok(())
        } else {
            self.hostname()
        }
    }

    /// `hostport = host [ ":" port ]`
    fn hostport(&mut self) -> Result<()> {
        self.host()?;
        self.digits_port()
    }

    /// `[ ":" port ]` with `port = digits`: Section 5's, and rfc1738bis
    /// §2.1's ("If the port is omitted, the colon is as well").
    fn digits_port(&mut self) -> Result<()> {
        if self.u.ratio(1, 3)? {
            self.literal(":");
            self.digits()?;
        }
        Ok(())
    }

    /// `login = [ user [ ":" password ] "@" ] hostport`
    fn login(&mut self) -> Result<()> {
        if self.u.ratio(1, 3)? {
            self.uchars_or(";?&=", 8)?;
            if self.u.ratio(1, 2)? {
                self.literal(":");
                self.uchars_or(";?&=", 8)?;
            }
            self.literal("@");
        }
        self.hostport()
    }

    /// `segment *[ "/" segment ]`, each segment `*[ uchar | <extra> ]`.
    fn path(&mut self, extra: &str) -> Result<()> {
        self.uchars_or(extra, 8)?;
        for _ in 0..self.count(4)? {
            self.literal("/");
            self.uchars_or(extra, 8)?;
        }
        Ok(())
    }

    /// `group`, by the spec's rule.
    fn group(&mut self) -> Result<()> {
        self.one_of(ALPHA)?;
        let more = match self.spec {
            Spec::Rfc1738 | Spec::Rfc2396 | Spec::Rfc3986 => format!("{ALPHA}{DIGIT}-.+_"),
            Spec::Draft07 => format!("{ALPHA}{DIGIT}-."),
        };
        for _ in 0..self.count(12)? {
            self.one_of(&more)?;
        }
        Ok(())
    }

    fn url(&mut self, scheme: Option<Scheme>) -> Result<()> {
        let Some(scheme) = scheme else {
            return self.generic();
        };
        // "interpreters should use case-ignore": now and then in upper case.
        let name = if self.u.ratio(1, 16)? {
            scheme.name().to_ascii_uppercase()
        } else {
            scheme.name().to_owned()
        };
        self.literal(&name);
        match scheme {
            // ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]
            Scheme::Ftp => {
                self.literal("://");
                self.login()?;
                if self.u.ratio(3, 4)? {
                    self.literal("/");
                    self.path("?:@&=")?;
                    if self.u.ratio(1, 4)? {
                        self.literal(";type=");
                        self.one_of("AIDaid")?;
                    }
                }
            }
            // httpurl = "http://" hostport [ "/" hpath [ "?" search ]]
            Scheme::Http => {
                self.literal("://");
                self.hostport()?;
                if self.u.ratio(3, 4)? {
                    self.literal("/");
                    self.path(";:@&=")?;
                    if self.u.ratio(1, 3)? {
                        self.literal("?");
                        self.uchars_or(";:@&=", 12)?;
                    }
                }
            }
            // gopherurl = "gopher://" hostport [ / [ gtype [ selector
            //             [ "%09" search [ "%09" gopher+_string ] ] ] ] ]
            Scheme::Gopher => {
                self.literal("://");
                self.hostport()?;
                if self.u.ratio(3, 4)? {
                    self.literal("/");
                    if self.u.ratio(3, 4)? {
                        self.xchar()?;
                        for _ in 0..self.count(10)? {
                            self.xchar()?;
                        }
                        match self.u.int_in_range(0..=7)? {
                            0..=3 => {}
                            4..=6 => {
                                self.literal("%09");
                                self.uchars_or(";:@&=", 8)?;
                                if self.u.ratio(1, 2)? {
                                    self.literal("%09");
                                    for _ in 0..self.count(10)? {
                                        self.xchar()?;
                                    }
                                }
                            }
                            // The BNF's `selector` takes "%09" too: with a
                            // "/" or "?" after it, which `search` lacks, the
                            // whole path is the selector (`selector_whole`),
                            // unless `xchar` writes another "%09" before it.
                            _ => {
                                self.literal("%09");
                                for _ in 0..self.count(4)? {
                                    self.xchar()?;
                                }
                                self.one_of("/?")?;
                                for _ in 0..self.count(4)? {
                                    self.xchar()?;
                                }
                            }
                        }
                    }
                }
            }
            // mailtourl = "mailto:" encoded822addr; encoded822addr = 1*xchar
            Scheme::Mailto => {
                self.literal(":");
                for _ in 0..=self.count(16)? {
                    self.xchar()?;
                }
            }
            // newsurl = "news:" grouppart; grouppart = "*" | group | article
            Scheme::News => {
                self.literal(":");
                match self.u.int_in_range(0..=2)? {
                    0 => self.literal("*"),
                    1 => self.group()?,
                    _ => {
                        // article = 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@" host
                        self.uchar()?;
                        self.uchars_or(";/?:&=", 10)?;
                        self.literal("@");
                        self.host()?;
                    }
                }
            }
            // nntpurl = "nntp://" hostport "/" group [ "/" digits ]
            Scheme::Nntp => {
                self.literal("://");
                self.hostport()?;
                self.literal("/");
                self.group()?;
                if self.u.ratio(1, 2)? {
                    self.literal("/");
                    self.digits()?;
                }
            }
            // telneturl = "telnet://" login [ "/" ]
            Scheme::Telnet => {
                self.literal("://");
                self.login()?;
                if self.u.ratio(1, 2)? {
                    self.literal("/");
                }
            }
            // waisurl = waisdatabase | waisindex | waisdoc
            Scheme::Wais => {
                self.literal("://");
                self.hostport()?;
                self.literal("/");
                self.uchars_or("", 10)?;
                match self.u.int_in_range(0..=2)? {
                    0 => {}
                    1 => {
                        self.literal("?");
                        self.uchars_or(";:@&=", 10)?;
                    }
                    _ => {
                        self.literal("/");
                        self.uchars_or("", 8)?;
                        self.literal("/");
                        self.uchars_or("", 10)?;
                    }
                }
            }
            Scheme::File => {
                self.literal("://");
                match self.spec {
                    // fileurl = "file://" [ host | "localhost" ] "/" fpath
                    Spec::Rfc1738 | Spec::Rfc2396 | Spec::Rfc3986 => {
                        match self.u.int_in_range(0..=2)? {
                            0 => {}
                            1 => self.literal("localhost"),
                            _ => self.host()?,
                        }
                        self.literal("/");
                        self.path("?:@&=")?;
                    }
                    // fileurl = "file://" host [ "/" fpath ]
                    Spec::Draft07 => {
                        self.host()?;
                        if self.u.ratio(3, 4)? {
                            self.literal("/");
                            self.path("?:@&=")?;
                        }
                    }
                }
            }
            // prosperourl = "prospero://" hostport "/" ppath *[ fieldspec ]
            Scheme::Prospero => {
                self.literal("://");
                self.hostport()?;
                self.literal("/");
                self.path("?:@&=")?;
                for _ in 0..self.count(3)? {
                    // fieldspec = ";" fieldname "=" fieldvalue; a name holds no "=".
                    self.literal(";");
                    for _ in 0..self.count(6)? {
                        if self.u.ratio(1, 4)? {
                            self.one_of("?:@&")?
                        } else {
                            self.name_char()?
                        }
                    }
                    self.literal("=");
                    self.uchars_or("?:@&", 6)?;
                }
            }
        }
        Ok(())
    }

    /// A `uchar` other than "=" (which draft-07's `uchar` holds).
    fn name_char(&mut self) -> Result<()> {
        let before = self.text.len();
        self.uchar()?;
        if self.text[before..] == *"=" {
            self.text.truncate(before);
            self.literal("a");
        }
        Ok(())
    }

    /// genericurl = scheme ":" schemepart, for a scheme that is none of the known ones.
    fn generic(&mut self) -> Result<()> {
        let names = [
            "x-foo",
            "afs",
            "mid",
            "cid",
            "nfs",
            "tn3270",
            "mailserver",
            "z39.50s",
            "urn",
            "a+b.c-d",
        ];
        let name = *self.u.choose(&names)?;
        self.literal(name);
        self.literal(":");
        if self.u.ratio(1, 2)? {
            // ip-schemepart = "//" login [ "/" urlpath ]
            self.literal("//");
            self.login()?;
            if self.u.ratio(1, 2)? {
                self.literal("/");
                for _ in 0..self.count(12)? {
                    self.xchar()?;
                }
            }
        } else {
            for _ in 0..self.count(16)? {
                self.xchar()?;
            }
        }
        Ok(())
    }

    // RFC 3986 (Appendix A) and the forms of the later documents
    // (`grammar/rfc3986/`).

    /// `pct-encoded`, never `%09`, `%0A` or `%0D` where `controls` is false.
    fn pct_encoded(&mut self, controls: bool) -> Result<()> {
        self.literal("%");
        let high = *self.u.choose(HEX.as_bytes())?;
        let mut low = *self.u.choose(HEX.as_bytes())?;
        if !controls && high == b'0' && matches!(low, b'9' | b'A' | b'a' | b'D' | b'd') {
            low = b'B';
        }
        self.text.push(char::from(high));
        self.text.push(char::from(low));
        Ok(())
    }

    /// One of `unreserved / pct-encoded / sub-delims`, and of `extra`, less
    /// the characters of `but`.
    fn char3986(&mut self, extra: &str, but: &str, controls: bool) -> Result<()> {
        loop {
            match self.u.int_in_range(0..=9)? {
                0 => return self.pct_encoded(controls),
                1 if !extra.is_empty() => {
                    let byte = *self.u.choose(extra.as_bytes())?;
                    if !but.as_bytes().contains(&byte) {
                        self.text.push(char::from(byte));
                        return Ok(());
                    }
                }
                2 => {
                    let byte = *self.u.choose(b"!$&'()*+,;=")?;
                    if !but.as_bytes().contains(&byte) {
                        self.text.push(char::from(byte));
                        return Ok(());
                    }
                }
                _ => {
                    let byte = *self.u.choose(
                        b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~",
                    )?;
                    self.text.push(char::from(byte));
                    return Ok(());
                }
            }
            if self.u.is_empty() {
                // Out of bytes: a letter ends the loop.
                self.literal("a");
                return Ok(());
            }
        }
    }

    /// Up to `max` of [`char3986`](Self::char3986).
    fn chars3986(&mut self, extra: &str, but: &str, max: usize) -> Result<()> {
        for _ in 0..self.count(max)? {
            self.char3986(extra, but, true)?;
        }
        Ok(())
    }

    /// `dec-octet`: 0 to 255, without a leading zero.
    fn dec_octet(&mut self) -> Result<()> {
        let octet: u8 = self.u.arbitrary()?;
        self.literal(&octet.to_string());
        Ok(())
    }

    /// `IPv4address`
    fn ipv4(&mut self) -> Result<()> {
        for part in 0..4 {
            if part > 0 {
                self.literal(".");
            }
            self.dec_octet()?;
        }
        Ok(())
    }

    /// `IPv6address`: eight pieces, some of them replaced by "::", the last
    /// two now and then by an `IPv4address`.
    fn ipv6(&mut self) -> Result<()> {
        let tail_v4 = self.u.ratio(1, 4)?;
        let pieces = if tail_v4 { 6 } else { 8 };
        // "::" stands for `elided` pieces, from `at` on.
        let compressed = self.u.ratio(2, 3)?;
        let elided = if compressed {
            self.u.int_in_range(1..=pieces)?
        } else {
            0
        };
        let at = self.u.int_in_range(0..=pieces - elided)?;
        let mut first = true;
        for index in 0..pieces {
            if compressed && index == at {
                self.literal("::");
                first = true;
            }
            if compressed && (at..at + elided).contains(&index) {
                continue;
            }
            if !first {
                self.literal(":");
            }
            first = false;
            for _ in 0..=self.count(3)? {
                self.one_of(HEX)?;
            }
        }
        if tail_v4 {
            if !(compressed && at + elided == pieces) {
                self.literal(":");
            }
            self.ipv4()?;
        }
        Ok(())
    }

    /// `host = IP-literal / IPv4address / reg-name`
    fn host3986(&mut self) -> Result<()> {
        match self.u.int_in_range(0..=7)? {
            0 => {
                self.literal("[");
                self.ipv6()?;
                self.literal("]");
            }
            1 => {
                // IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
                self.literal("[v");
                for _ in 0..=self.count(2)? {
                    self.one_of(HEX)?;
                }
                self.literal(".");
                for _ in 0..=self.count(6)? {
                    if self.u.ratio(1, 4)? {
                        self.literal(":");
                    } else {
                        self.one_of("abc123-._~!$&'()*+,;=")?;
                    }
                }
                self.literal("]");
            }
            2 => self.ipv4()?,
            // Not empty: ftp and gopher have no default host.
            3 => {
                self.char3986("", "", true)?;
                self.chars3986("", "", 9)?;
            }
            _ => self.hostname()?,
        }
        Ok(())
    }

    /// rfc1738bis §2.1's host: a domain name or a dotted quad.
    fn inet_host(&mut self) -> Result<()> {
        if self.u.ratio(1, 5)? {
            self.ipv4()
        } else {
            self.hostname()
        }
    }

    /// `[ ":" port ]`, `port = *DIGIT`.
    fn port3986(&mut self) -> Result<()> {
        if self.u.ratio(1, 3)? {
            self.literal(":");
            for _ in 0..self.count(5)? {
                self.one_of(DIGIT)?;
            }
        }
        Ok(())
    }

    /// `[ user [ ":" password ] "@" ]`, ":" and "@" encoded in both.
    fn user_password(&mut self) -> Result<()> {
        if self.u.ratio(1, 3)? {
            self.chars3986("", "", 8)?;
            if self.u.ratio(1, 2)? {
                self.literal(":");
                self.chars3986("", "", 8)?;
            }
            self.literal("@");
        }
        Ok(())
    }

    /// A path of `segments`, each of the characters `char3986` writes with
    /// `extra` and without `but`.
    fn segments3986(&mut self, extra: &str, but: &str) -> Result<()> {
        self.chars3986(extra, but, 8)?;
        for _ in 0..self.count(4)? {
            self.literal("/");
            self.chars3986(extra, but, 8)?;
        }
        Ok(())
    }

    /// `[ "#" fragment ]`, now and then.
    fn fragment3986(&mut self) -> Result<()> {
        if self.u.ratio(1, 6)? {
            self.literal("#");
            self.chars3986(":@/?", "", 10)?;
        }
        Ok(())
    }

    /// A URI under RFC 3986: the later document's form of `scheme`, or the
    /// generic syntax for any other scheme (`None`), http and mailto too.
    fn uri(&mut self, scheme: Option<Scheme>) -> Result<()> {
        let Some(scheme) = scheme.filter(|s| !matches!(s, Scheme::Http | Scheme::Mailto)) else {
            return self.generic3986(scheme);
        };
        let name = if self.u.ratio(1, 16)? {
            scheme.name().to_ascii_uppercase()
        } else {
            scheme.name().to_owned()
        };
        self.literal(&name);
        match scheme {
            // ftp://<user>:<password>@<host>:<port>/<cwd1>/.../<name>;type=<typecode>
            Scheme::Ftp => {
                self.literal("://");
                self.user_password()?;
                self.host3986()?;
                self.port3986()?;
                if self.u.ratio(3, 4)? {
                    self.literal("/");
                    self.segments3986(":@", ";")?;
                    if self.u.ratio(1, 4)? {
                        self.literal(";type=");
                        self.one_of("AIDaid")?;
                    }
                }
            }
            // gopher://<host>:<port>/<gophertype><selector>%09<search>%09<gopher+_string>
            Scheme::Gopher => {
                self.literal("://");
                self.host3986()?;
                self.port3986()?;
                if self.u.ratio(3, 4)? {
                    self.literal("/");
                    if self.u.ratio(3, 4)? {
                        self.char3986(":@/?", "", false)?;
                        for _ in 0..self.count(10)? {
                            self.char3986(":@/?", "", false)?;
                        }
                        if self.u.ratio(1, 2)? {
                            self.literal("%09");
                            for _ in 0..self.count(8)? {
                                self.char3986(":@/?", "", true)?;
                                if self.text.ends_with("%09") {
                                    self.text.truncate(self.text.len() - 3);
                                }
                            }
                            if self.u.ratio(1, 2)? {
                                self.literal("%09");
                                self.chars3986(":@/?", "", 10)?;
                            }
                        }
                    }
                }
            }
            // news:<newsgroup-name> | news:<message-id> | news:*
            Scheme::News => {
                self.literal(":");
                match self.u.int_in_range(0..=2)? {
                    0 => self.literal("*"),
                    1 => self.group()?,
                    _ => {
                        self.char3986(":", "", true)?;
                        self.chars3986(":/", "", 10)?;
                        self.literal("@");
                        self.inet_host()?;
                    }
                }
            }
            // nntp://<host>:<port>/<newsgroup-name>/<article-number>
            Scheme::Nntp => {
                self.literal("://");
                self.inet_host()?;
                self.digits_port()?;
                self.literal("/");
                self.group()?;
                if self.u.ratio(1, 2)? {
                    self.literal("/");
                    self.digits()?;
                }
            }
            // telnet://<user>:<password>@<host>:<port>/
            Scheme::Telnet => {
                self.literal("://");
                self.user_password()?;
                self.inet_host()?;
                self.digits_port()?;
                if self.u.ratio(1, 2)? {
                    self.literal("/");
                }
            }
            // wais://<host>:<port>/<database>[?<search> | /<wtype>/<wpath>]
            Scheme::Wais => {
                self.literal("://");
                self.inet_host()?;
                self.digits_port()?;
                self.literal("/");
                self.chars3986(":@", "", 10)?;
                match self.u.int_in_range(0..=2)? {
                    0 => {}
                    1 => {
                        self.literal("?");
                        self.chars3986(":@/?", "", 10)?;
                    }
                    _ => {
                        self.literal("/");
                        self.chars3986(":@", "", 8)?;
                        self.literal("/");
                        self.chars3986(":@", "", 10)?;
                    }
                }
            }
            // file://<host>/<path>, the host "localhost" or empty
            Scheme::File => {
                self.literal("://");
                match self.u.int_in_range(0..=2)? {
                    0 => {}
                    1 => self.literal("localhost"),
                    _ => self.inet_host()?,
                }
                self.literal("/");
                self.segments3986(":@", ";")?;
            }
            // prospero://<host>:<port>/<hsoname>;<field>=<value>
            Scheme::Prospero => {
                self.literal("://");
                self.inet_host()?;
                self.digits_port()?;
                self.literal("/");
                self.segments3986(":@", ";")?;
                for _ in 0..self.count(3)? {
                    self.literal(";");
                    self.chars3986(":@", ";=", 6)?;
                    self.literal("=");
                    self.chars3986(":@", ";", 6)?;
                }
            }
            Scheme::Http | Scheme::Mailto => unreachable!("read by the generic syntax"),
        }
        self.fragment3986()
    }

    /// `URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]`, for a
    /// scheme that none of the later documents defines.
    fn generic3986(&mut self, scheme: Option<Scheme>) -> Result<()> {
        let name = match scheme {
            Some(scheme) => scheme.name(),
            None => *self.u.choose(&[
                "https", "urn", "tel", "ldap", "x-foo", "a+b.c-d", "git", "z39.50s",
            ])?,
        };
        self.literal(name);
        self.literal(":");
        match self.u.int_in_range(0..=3)? {
            // "//" authority path-abempty
            0 | 1 => {
                self.literal("//");
                if self.u.ratio(1, 4)? {
                    self.chars3986(":", "", 8)?;
                    self.literal("@");
                }
                self.host3986()?;
                self.port3986()?;
                for _ in 0..self.count(4)? {
                    self.literal("/");
                    self.chars3986(":@", "", 8)?;
                }
            }
            // path-absolute = "/" [ segment-nz *( "/" segment ) ]
            2 => {
                self.literal("/");
                if self.u.ratio(3, 4)? {
                    self.char3986(":@", "", true)?;
                    self.segments3986(":@", "")?;
                }
            }
            // path-rootless, or path-empty
            _ => {
                if self.u.ratio(3, 4)? {
                    self.char3986(":@", "", true)?;
                    self.segments3986(":@", "")?;
                }
            }
        }
        if self.u.ratio(1, 3)? {
            self.literal("?");
            self.chars3986(":@/?", "", 12)?;
        }
        self.fragment3986()
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;
    use crate::syntax::grammar::{Node, SpecRule, draft07, rfc1738, rfc2396, rfc3986};

    /// The rules of `R`'s grammar that no tree of 300 URLs of each scheme
    /// (and 300 generic ones), generated under `spec` from fixed bytes, holds.
    fn rules_never_generated<R: SpecRule>(spec: Spec, rules: &[R]) -> Vec<&'static str> {
        let mut rng = fastrand::Rng::with_seed(1738);
        let mut read = BTreeSet::new();
        let schemes = Scheme::ALL.iter().copied().map(Some).chain([None]);
        for scheme in schemes {
            for _ in 0..300 {
                let bytes: Vec<u8> = (0..512).map(|_| rng.u8(..)).collect();
                let generated =
                    match GeneratedUrl::generate(&mut Unstructured::new(&bytes), spec, scheme) {
                        Ok(generated) => generated,
                        // uri(7) gives nntp and prospero no form, and a
                        // derivation from the grammar may not conform.
                        Err(arbitrary::Error::IncorrectFormat) if spec == Spec::Rfc2396 => {
                            continue;
                        }
                        Err(error) => panic!("512 bytes make a URL: {error}"),
                    };
                // Every tree: RFC 2396 reads a fragment after the URI.
                for tree in generated.url().syntax_trees() {
                    read.extend(tree.walk().map(|(_, node)| node.rule().0));
                }
            }
        }
        rules
            .iter()
            .filter_map(|rule| rule.node())
            .filter(|node| !read.contains(node))
            .map(Node::pest_name)
            .collect()
    }

    /// Every rule that a URL of the specification can read is read by some
    /// generated URL, so a rule that the grammar gains fails here until the
    /// generator writes it.
    #[test]
    fn generated_urls_read_every_rule_of_the_grammar() {
        assert_eq!(
            rules_never_generated(Spec::Rfc1738, rfc1738::Rule::all_rules()),
            [""; 0]
        );
        assert_eq!(
            rules_never_generated(Spec::Draft07, draft07::Rule::all_rules()),
            [""; 0]
        );
        // RFC 2396's rules of relative references, which only `UriRef`
        // reads: a URL is an absolute URI.
        assert_eq!(
            rules_never_generated(Spec::Rfc2396, rfc2396::Rule::all_rules()),
            ["URI_reference", "relativeURI", "rel_path", "rel_segment"]
        );
        // RFC 3986's rules of relative references and of a base URI, which
        // only `UriRef` reads: a URL is a `URI`.
        assert_eq!(
            rules_never_generated(Spec::Rfc3986, rfc3986::Rule::all_rules()),
            [
                "URI_reference",
                "absolute_URI",
                "relative_ref",
                "relative_part",
                "path_noscheme",
                "segment_nz_nc"
            ]
        );
    }
}
