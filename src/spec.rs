//! Which specification a URL is judged by.

use std::fmt;
use std::str::FromStr;

/// A specification whose Section 5 BNF decides what is a URL.
///
/// The two differ in a handful of rules (host names, `file` URLs, news group
/// names, and the `=` and "national" characters); every other rule reads the
/// same. `Rfc1738` is the default.
///
/// ```
/// use rfc1738::{Spec, Url};
///
/// // `~` is a "national" character: legal in draft-07, nowhere in RFC 1738.
/// assert!(Url::parse_with("http://host/~user", Spec::Draft07).is_ok());
/// assert!(Url::parse_with("http://host/~user", Spec::Rfc1738).is_err());
/// assert_eq!("draft07".parse::<Spec>(), Ok(Spec::Draft07));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Spec {
    /// RFC 1738, "Uniform Resource Locators (URL)", December 1994: the published BNF.
    #[default]
    Rfc1738,
    /// draft-ietf-uri-url-07, September 1994: the last draft before RFC 1738.
    Draft07,
}

impl Spec {
    /// Every specification, in a stable order.
    ///
    /// ```
    /// assert_eq!(rfc1738::Spec::ALL.len(), 2);
    /// ```
    pub const ALL: [Spec; 2] = [Spec::Rfc1738, Spec::Draft07];

    /// The short name used on the command line and in JSON: `rfc1738` or `draft07`.
    ///
    /// ```
    /// assert_eq!(rfc1738::Spec::Draft07.name(), "draft07");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Spec::Rfc1738 => "rfc1738",
            Spec::Draft07 => "draft07",
        }
    }

    /// The document's title, for messages.
    ///
    /// ```
    /// assert_eq!(rfc1738::Spec::Rfc1738.title(), "RFC 1738");
    /// ```
    pub fn title(self) -> &'static str {
        match self {
            Spec::Rfc1738 => "RFC 1738",
            Spec::Draft07 => "draft-ietf-uri-url-07",
        }
    }
}

impl fmt::Display for Spec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of [`Spec::from_str`]: the name is not one of [`Spec::ALL`]'s.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown specification {0:?}: expected \"rfc1738\" or \"draft07\"")]
pub struct UnknownSpec(pub String);

impl FromStr for Spec {
    type Err = UnknownSpec;

    fn from_str(name: &str) -> Result<Spec, UnknownSpec> {
        Spec::ALL
            .into_iter()
            .find(|spec| spec.name().eq_ignore_ascii_case(name))
            .ok_or_else(|| UnknownSpec(name.to_owned()))
    }
}
