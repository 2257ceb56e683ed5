//! With the `serde` feature: a URL serializes as its text and deserializes
//! by parsing it, by RFC 1738 or, through `with_spec`, another
//! specification.

use std::fmt;

use ::serde::de::{self, Deserialize, Deserializer, Visitor};
use ::serde::ser::{Serialize, Serializer};

use crate::syntax::spec::Spec;
use crate::url::Url;
use crate::url::owned::OwnedUrl;

/// The text as written.
///
/// ```
/// let url = rfc1738::Url::parse("ftp://h/f")?;
/// assert_eq!(serde_json::to_string(&url).unwrap(), r#""ftp://h/f""#);
/// # Ok::<(), rfc1738::ParseError>(())
/// ```
impl Serialize for Url<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// Parses a string that the deserializer lends (`serde_json::from_str` of a
/// string without escapes) by RFC 1738. To read from a reader, or strings
/// with escapes, deserialize an [`OwnedUrl`].
///
/// ```
/// let url: rfc1738::Url = serde_json::from_str(r#""news:*""#).unwrap();
/// assert_eq!(url, "news:*");
/// let error = serde_json::from_str::<rfc1738::Url>(r#""http://u@h/""#).unwrap_err();
/// assert!(error.to_string().starts_with("invalid http URL (RFC 1738) at byte 8: "));
/// ```
impl<'de: 'a, 'a> Deserialize<'de> for Url<'a> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Url<'a>, D::Error> {
        deserializer.deserialize_str(Borrowed {
            spec: Spec::Rfc1738,
        })
    }
}

/// The text as written.
///
/// ```
/// let url = rfc1738::OwnedUrl::parse("ftp://h/f")?;
/// assert_eq!(serde_json::to_string(&url).unwrap(), r#""ftp://h/f""#);
/// # Ok::<(), rfc1738::ParseError>(())
/// ```
impl Serialize for OwnedUrl {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// Parses the string by RFC 1738; [`rfc1738::with_spec`](crate::with_spec) chooses another
/// specification.
///
/// ```
/// use rfc1738::OwnedUrl;
///
/// let urls: Vec<OwnedUrl> = serde_json::from_str(r#"["ftp://h/f", "news:\u002a"]"#).unwrap();
/// assert_eq!(urls[1], "news:*");
/// assert!(serde_json::from_str::<OwnedUrl>(r#""http://h/~u""#).is_err());
/// ```
impl<'de> Deserialize<'de> for OwnedUrl {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<OwnedUrl, D::Error> {
        deserializer.deserialize_string(Owned {
            spec: Spec::Rfc1738,
        })
    }
}

/// A borrowed `Url` under `spec`.
struct Borrowed {
    spec: Spec,
}

impl<'de> Visitor<'de> for Borrowed {
    type Value = Url<'de>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "a borrowed string that is a URL by {}",
            self.spec.title()
        )
    }

    fn visit_borrowed_str<E: de::Error>(self, text: &'de str) -> Result<Url<'de>, E> {
        Url::parse_with(text, self.spec).map_err(E::custom)
    }
}

/// An `OwnedUrl` under `spec`.
struct Owned {
    spec: Spec,
}

impl Visitor<'_> for Owned {
    type Value = OwnedUrl;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a string that is a URL by {}", self.spec.title())
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<OwnedUrl, E> {
        OwnedUrl::parse_with(text, self.spec).map_err(E::custom)
    }

    fn visit_string<E: de::Error>(self, text: String) -> Result<OwnedUrl, E> {
        OwnedUrl::parse_with(text, self.spec).map_err(E::custom)
    }
}

/// `#[serde(with = "...")]` modules for an [`OwnedUrl`] field read by a
/// specification other than RFC 1738: `rfc1738::with_spec::draft07`,
/// `rfc1738::with_spec::rfc2396`, `rfc1738::with_spec::rfc3986` (and
/// `rfc1738::with_spec::rfc1738`, the default,
/// for symmetry). Each serializes the URL as its text, and deserializes by
/// parsing the text under its specification.
///
/// ```
/// use rfc1738::OwnedUrl;
/// use serde::{Deserialize, Serialize};
///
/// #[derive(Serialize, Deserialize)]
/// struct Link {
///     #[serde(with = "rfc1738::with_spec::draft07")]
///     home: OwnedUrl,
///     #[serde(with = "rfc1738::with_spec::rfc2396")]
///     manual: OwnedUrl,
/// }
///
/// let link: Link = serde_json::from_str(r#"{"home": "http://h/~me", "manual": "man:ls(1)"}"#)?;
/// assert_eq!(link.home.spec(), rfc1738::Spec::Draft07);
/// assert!(link.manual.as_url().as_man().is_some());
/// assert_eq!(serde_json::to_string(&link)?, r#"{"home":"http://h/~me","manual":"man:ls(1)"}"#);
/// # Ok::<(), serde_json::Error>(())
/// ```
pub mod with_spec {
    macro_rules! spec_module {
        ($($module:ident => $spec:ident, $title:literal;)*) => {$(
            #[doc = concat!("An `OwnedUrl` field read by ", $title, ": `#[serde(with = \"rfc1738::with_spec::", stringify!($module), "\")]`.")]
            pub mod $module {
                use ::serde::{Deserializer, Serializer};

                use crate::syntax::spec::Spec;
                use crate::url::owned::OwnedUrl;

                /// The URL as its text.
                ///
                /// # Errors
                ///
                /// The serializer's own.
                pub fn serialize<S: Serializer>(url: &OwnedUrl, serializer: S) -> Result<S::Ok, S::Error> {
                    serializer.serialize_str(url.as_str())
                }

                #[doc = concat!("The URL parsed from a string by ", $title, ".")]
                ///
                /// # Errors
                ///
                /// When the value is no string, or not a URL under the specification.
                pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<OwnedUrl, D::Error> {
                    deserializer.deserialize_string(super::super::Owned { spec: Spec::$spec })
                }
            }
        )*};
    }

    spec_module! {
        rfc1738 => Rfc1738, "RFC 1738";
        draft07 => Draft07, "draft-07";
        rfc2396 => Rfc2396, "RFC 2396";
        rfc3986 => Rfc3986, "RFC 3986";
    }
}
