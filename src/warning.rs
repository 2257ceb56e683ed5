//! Conformance warnings: what a URL does that its specification says it should
//! not, although the grammar allows it.

use std::fmt;
use std::ops::Range;

use crate::Url;

/// A finding that does not make a URL invalid, with a stable code.
///
/// ```
/// use rfc1738::{Url, WarningCode};
///
/// let warnings = Url::parse("HTTP://host/").unwrap().warnings();
/// assert_eq!(warnings[0].code(), WarningCode::SchemeCase);
/// assert_eq!(warnings[0].span(), 0..4);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Warning {
    code: WarningCode,
    span: Range<usize>,
    message: String,
}

impl Warning {
    /// What kind of finding this is.
    ///
    /// ```
    /// use rfc1738::{Url, WarningCode};
    ///
    /// assert_eq!(Url::parse("NEWS:*").unwrap().warnings()[0].code(), WarningCode::SchemeCase);
    /// ```
    pub fn code(&self) -> WarningCode {
        self.code
    }

    /// The bytes of the URL it is about.
    ///
    /// ```
    /// let warning = &rfc1738::Url::parse("Z39.50s:x").unwrap().warnings()[0];
    /// assert_eq!(warning.span(), 0..7);
    /// ```
    pub fn span(&self) -> Range<usize> {
        self.span.clone()
    }

    /// One line saying what is wrong and why.
    ///
    /// ```
    /// let warning = &rfc1738::Url::parse("FTP://h/").unwrap().warnings()[0];
    /// assert!(warning.message().starts_with("the scheme is written \"FTP\""));
    /// ```
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "warning[{}]: {}", self.code, self.message)
    }
}

/// The kinds of warning, each with a stable kebab-case name.
///
/// ```
/// assert_eq!(rfc1738::WarningCode::SchemeCase.name(), "scheme-case");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum WarningCode {
    /// The scheme is not in lower case. Section 5: "the scheme is in lower
    /// case; interpreters should use case-ignore".
    SchemeCase,
}

impl WarningCode {
    /// The stable name, as used on the command line and in JSON.
    ///
    /// ```
    /// assert_eq!(rfc1738::WarningCode::SchemeCase.to_string(), "scheme-case");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            WarningCode::SchemeCase => "scheme-case",
        }
    }
}

impl fmt::Display for WarningCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

pub(crate) fn check(url: &Url<'_>) -> Vec<Warning> {
    let mut warnings = Vec::new();
    let scheme = url.scheme();
    if scheme.bytes().any(|b| b.is_ascii_uppercase()) {
        warnings.push(Warning {
            code: WarningCode::SchemeCase,
            span: 0..scheme.len(),
            message: format!(
                "the scheme is written {scheme:?}: {} says \"the scheme is in lower case; interpreters should use case-ignore\"",
                url.spec().title()
            ),
        });
    }
    warnings
}
