//! Percent-escapes (`escape = "%" hex hex`): decoding a component as written
//! into the bytes it stands for, and encoding bytes back.
//!
//! A decoded value is bytes, and an escape may stand for any byte, so the
//! bytes need not be UTF-8. Wherever the crate shows a decoded value as text
//! (an accessor that returns `str` or `String`, a `Display`), each sequence
//! that is not UTF-8 becomes U+FFFD, as `String::from_utf8_lossy` does: `%C9`
//! on its own shows as U+FFFD, never as the Latin-1 "É". The bytes themselves
//! stay available from [`percent_decode`], [`Decode::decoded`] and the
//! accessors that return bytes (such as the gopher item type), and
//! [`percent_decode_utf8`] answers `None` rather than lose any.

use std::borrow::Cow;

/// The bytes `text` stands for, with every `%XX` escape decoded. Borrows when
/// there is no escape. A `%` not followed by two hex digits (which no valid
/// component holds) is kept as it is.
///
/// ```
/// use rfc1738::percent_decode;
///
/// assert_eq!(percent_decode("%2Fetc"), b"/etc".as_slice());
/// assert_eq!(percent_decode("a%20b%0d%0A"), b"a b\r\n".as_slice());
/// assert!(matches!(percent_decode("plain"), std::borrow::Cow::Borrowed(_)));
/// ```
#[must_use]
pub fn percent_decode(text: &str) -> Cow<'_, [u8]> {
    let bytes = text.as_bytes();
    if !bytes.contains(&b'%') {
        return Cow::Borrowed(bytes);
    }
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match escape_at(bytes, i) {
            Some(byte) => {
                out.push(byte);
                i += 3;
            }
            None => {
                out.push(bytes[i]);
                i += 1;
            }
        }
    }
    Cow::Owned(out)
}

/// The text `text` stands for, when its decoded bytes are UTF-8.
///
/// ```
/// use rfc1738::percent_decode_utf8;
///
/// assert_eq!(percent_decode_utf8("caf%C3%A9").as_deref(), Some("café"));
/// assert_eq!(percent_decode_utf8("%FF"), None);
/// ```
pub fn percent_decode_utf8(text: &str) -> Option<Cow<'_, str>> {
    match percent_decode(text) {
        Cow::Borrowed(bytes) => std::str::from_utf8(bytes).ok().map(Cow::Borrowed),
        Cow::Owned(bytes) => String::from_utf8(bytes).ok().map(Cow::Owned),
    }
}

/// The text `text` stands for, with each decoded byte sequence that is not
/// UTF-8 replaced by U+FFFD (the one rule for showing decoded text, see the
/// module documentation): for showing a component, where
/// [`percent_decode_utf8`] would give nothing.
pub(crate) fn percent_decode_lossy(text: &str) -> Cow<'_, str> {
    match percent_decode(text) {
        // Nothing was decoded: the bytes are the text's own.
        Cow::Borrowed(_) => Cow::Borrowed(text),
        Cow::Owned(bytes) => Cow::Owned(String::from_utf8_lossy(&bytes).into_owned()),
    }
}

/// `bytes` written with every byte for which `allowed` is false, and every
/// byte above 0x7F, encoded as `%XX` (upper-case hex, as RFC 1738's examples
/// write them).
///
/// ```
/// use rfc1738::percent_encode;
///
/// assert_eq!(percent_encode(b"/etc motd", |b| b.is_ascii_alphanumeric()), "%2Fetc%20motd");
/// assert_eq!(percent_encode("é".as_bytes(), |_| true), "%C3%A9");
/// ```
pub fn percent_encode(bytes: &[u8], allowed: impl Fn(u8) -> bool) -> String {
    let mut out = String::with_capacity(bytes.len());
    for &byte in bytes {
        // A URL is ASCII: a byte above 0x7F is escaped whatever `allowed` says.
        if byte.is_ascii() && allowed(byte) {
            out.push(char::from(byte));
        } else {
            out.push('%');
            out.push(char::from(HEX[usize::from(byte >> 4)]));
            out.push(char::from(HEX[usize::from(byte & 15)]));
        }
    }
    out
}

const HEX: &[u8; 16] = b"0123456789ABCDEF";

fn hex_value(byte: &u8) -> Option<u8> {
    char::from(*byte).to_digit(16).map(|digit| digit as u8)
}

/// The byte that the escape at `i` stands for, when `bytes` holds `"%" hex
/// hex` there.
pub(crate) fn escape_at(bytes: &[u8], i: usize) -> Option<u8> {
    match bytes.get(i..i + 3)? {
        [b'%', high, low] => Some(hex_value(high)? << 4 | hex_value(low)?),
        _ => None,
    }
}

/// Decoding for the components every accessor returns as written: `.decoded()`
/// gives the bytes a component stands for, `.decoded_utf8()` the text, when
/// the bytes are UTF-8. (The accessors that give decoded text themselves,
/// such as `Host::decoded_str`, show bytes that are not UTF-8 as U+FFFD.)
///
/// ```
/// use rfc1738::{Decode, Url};
///
/// let parsed = Url::parse("ftp://my%20name@host.dom/%2Fetc/mot%64").unwrap();
/// let ftp = parsed.as_ftp().unwrap();
/// assert_eq!(ftp.login().user().unwrap().decoded(), b"my name".as_slice());
/// assert_eq!(ftp.cwd().next().unwrap().decoded_utf8().as_deref(), Some("/etc"));
/// assert_eq!(ftp.name().unwrap().decoded_utf8().as_deref(), Some("motd"));
/// ```
pub trait Decode<'a> {
    /// The bytes the component stands for: [`percent_decode`].
    fn decoded(self) -> Cow<'a, [u8]>;
    /// The text the component stands for, when its bytes are UTF-8:
    /// [`percent_decode_utf8`].
    fn decoded_utf8(self) -> Option<Cow<'a, str>>;
}

impl<'a> Decode<'a> for &'a str {
    fn decoded(self) -> Cow<'a, [u8]> {
        percent_decode(self)
    }

    fn decoded_utf8(self) -> Option<Cow<'a, str>> {
        percent_decode_utf8(self)
    }
}
