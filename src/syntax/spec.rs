//! Which specification a URL is judged by.

use std::fmt;
use std::str::FromStr;

/// A specification whose BNF decides what is a URL.
///
/// `Rfc1738` (the default) and `Draft07` are the two versions of the Section 5
/// BNF of URLs. They differ in a handful of rules (host names, `file` URLs,
/// news group names, and the `=` and "national" characters); every other rule
/// reads the same. `Rfc2396` is the generic URI syntax that the Linux uri(7)
/// page quotes: URI references, relative or absolute, with a fragment.
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
    /// RFC 2396, "Uniform Resource Identifiers (URI): Generic Syntax", August
    /// 1998: the syntax of uri(7)'s SYNOPSIS (Appendix A).
    Rfc2396,
    /// RFC 3986, "Uniform Resource Identifier (URI): Generic Syntax", January
    /// 2005 (STD 66): its Appendix A, with the schemes of the documents
    /// written over it (ftp by draft-hoffman-ftp-uri-02, gopher by RFC 4266;
    /// news, nntp, telnet, wais, file and prospero by
    /// draft-hoffkohn-rfc1738bis-00). Any other scheme, http and mailto
    /// included, is read by the generic syntax.
    Rfc3986,
}

impl Spec {
    /// Every specification, in a stable order.
    ///
    /// ```
    /// assert_eq!(rfc1738::Spec::ALL.len(), 4);
    /// ```
    pub const ALL: [Spec; 4] = [Spec::Rfc1738, Spec::Draft07, Spec::Rfc2396, Spec::Rfc3986];

    /// The two versions of the Section 5 BNF of URLs, whose rules name the same
    /// components (`login`, `fpath`, `grouppart`, ...).
    ///
    /// ```
    /// use rfc1738::Spec;
    ///
    /// assert!(Spec::SECTION5.iter().all(|spec| spec.is_section5()));
    /// assert!(!Spec::Rfc2396.is_section5());
    /// ```
    pub const SECTION5: [Spec; 2] = [Spec::Rfc1738, Spec::Draft07];

    /// Whether this is one of [`Spec::SECTION5`].
    ///
    /// ```
    /// assert!(rfc1738::Spec::Draft07.is_section5());
    /// ```
    #[must_use]
    pub fn is_section5(self) -> bool {
        matches!(self, Spec::Rfc1738 | Spec::Draft07)
    }

    /// The short name used on the command line and in JSON: `rfc1738`,
    /// `draft07`, `rfc2396` or `rfc3986`.
    ///
    /// ```
    /// assert_eq!(rfc1738::Spec::Draft07.name(), "draft07");
    /// ```
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Spec::Rfc1738 => "rfc1738",
            Spec::Draft07 => "draft07",
            Spec::Rfc2396 => "rfc2396",
            Spec::Rfc3986 => "rfc3986",
        }
    }

    /// Whether `name` is a scheme's name by this specification's `scheme`
    /// rule (the grammar's own reading of it): letters, digits, "+", "-"
    /// and "."; under RFC 2396 and RFC 3986 starting with a letter.
    ///
    /// ```
    /// use rfc1738::Spec;
    ///
    /// assert!(Spec::Rfc3986.is_scheme_name("coap+tcp"));
    /// assert!(Spec::Rfc1738.is_scheme_name("9p"));
    /// assert!(!Spec::Rfc3986.is_scheme_name("9p"));
    /// assert!(!Spec::Rfc1738.is_scheme_name("a b"));
    /// assert!(!Spec::Rfc1738.is_scheme_name(""));
    /// ```
    #[must_use]
    pub fn is_scheme_name(self, name: &str) -> bool {
        use crate::syntax::grammar::{draft07, rfc1738, rfc2396, rfc3986};
        use crate::syntax::tracking::accepts;
        match self {
            Spec::Rfc1738 => accepts(rfc1738::Rule::scheme, name),
            Spec::Draft07 => accepts(draft07::Rule::scheme, name),
            Spec::Rfc2396 => accepts(rfc2396::Rule::scheme, name),
            Spec::Rfc3986 => accepts(rfc3986::Rule::scheme, name),
        }
    }

    /// The document's title, for messages.
    ///
    /// ```
    /// assert_eq!(rfc1738::Spec::Rfc1738.title(), "RFC 1738");
    /// ```
    #[must_use]
    pub fn title(self) -> &'static str {
        match self {
            Spec::Rfc1738 => "RFC 1738",
            Spec::Draft07 => "draft-ietf-uri-url-07",
            Spec::Rfc2396 => "RFC 2396",
            Spec::Rfc3986 => "RFC 3986",
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
#[error(
    "unknown specification {0:?}: expected \"rfc1738\", \"draft07\", \"rfc2396\" or \"rfc3986\""
)]
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
