//! Strict parsing and checking of URLs by the BNF of RFC 1738 Section 5 and of
//! its draft, draft-ietf-uri-url-07.
//!
//! [`Url::parse`] decides whether a string is a URL by the grammar of its
//! scheme (ftp, http, gopher, mailto, news, nntp, telnet, wais, file, prospero,
//! or the generic `scheme:schemepart` form for any other) and hands back a
//! typed view that borrows from the input. When it is not, the [`ParseError`]
//! says at which byte the input leaves the language and which rules of the
//! grammar were expected there.
//!
//! ```
//! use rfc1738::{Spec, Url};
//!
//! let Url::Ftp(ftp) = Url::parse("ftp://myname@host.dom/%2Fetc/motd")? else { unreachable!() };
//! assert_eq!(ftp.login().user(), Some("myname"));
//! assert_eq!(ftp.name(), Some("motd"));
//!
//! let err = Url::parse("http://user@host/").unwrap_err();
//! assert_eq!(err.offset(), 11);
//! assert!(Url::parse_with("http://host/~user", Spec::Draft07).is_ok());
//! # Ok::<(), rfc1738::ParseError>(())
//! ```
//!
//! The grammar is in the crate's `grammar/` folder, one pest file per scheme.
//! [`Url::is_valid`] gives the verdict alone. The crate leaves pest's
//! process-wide settings alone (`pest::set_error_detail`,
//! `pest::set_call_limit`): an error's report comes from the crate's own
//! error-tracking reader, which runs the grammar's rules and keeps the record
//! that pest's detailed mode keeps, and is held equal to it by tests and a
//! fuzz target.
#![forbid(unsafe_code)]
#![warn(missing_docs)]
// A pure function's result is its only effect: dropping it is a mistake.
#![warn(clippy::must_use_candidate, clippy::return_self_not_must_use)]

mod meaning;
mod syntax;
mod url;
mod uses;

pub use meaning::builder::{
    BuildError, FileBuilder, FtpBuilder, GenericBuilder, GopherBuilder, HttpBuilder, MailtoBuilder,
    NewsBuilder, NntpBuilder, ProsperoBuilder, TelnetBuilder, WaisBuilder,
};
pub use meaning::lints::{Severity, UnknownWarningCode, Warning, WarningCode};
pub use syntax::decode::{Decode, percent_decode, percent_decode_utf8, percent_encode};
pub use syntax::error::{Expected, Found, ParseError};
pub use syntax::rules::GrammarRule;
pub use syntax::scheme::{Scheme, UnknownScheme};
pub use syntax::spec::{Spec, UnknownSpec};
pub use syntax::tree::SyntaxNode;
pub use url::Url;
pub use url::owned::OwnedUrl;
pub use url::rfc2396::ldap::{LdapExtension, LdapScope, LdapUrl};
pub use url::rfc2396::uri::{Authority, ResolveError, UriRef};
pub use url::rfc2396::uri7::{GhelpUri, InfoForm, InfoUri, ManUri, WhatisUri};
pub use url::schemes::file::{FileHost, FileUrl};
pub use url::schemes::ftp::{CwdStyle, FtpCommand, FtpCommandError, FtpUrl};
pub use url::schemes::generic::{GenericUrl, IpSchemepart};
pub use url::schemes::gopher::{GopherPlus, GopherRequestError, GopherUrl};
pub use url::schemes::http::HttpUrl;
pub use url::schemes::login::{Host, HostPort, Login, PortOutOfRange};
pub use url::schemes::mailto::MailtoUrl;
pub use url::schemes::news::{GroupPart, NewsUrl};
pub use url::schemes::nntp::NntpUrl;
pub use url::schemes::prospero::ProsperoUrl;
pub use url::schemes::telnet::TelnetUrl;
pub use url::schemes::wais::{WaisKind, WaisUrl};
pub use uses::extract::{
    Delimiter, EXTRACTED_SCHEMES, ExtractOptions, Extracted, extract, extract_from_reader,
};
#[cfg(feature = "arbitrary")]
pub use uses::generate::GeneratedUrl;

/// `#[serde(with = "...")]` modules for an [`OwnedUrl`] field read by a
/// specification other than RFC 1738 (the `serde` feature).
#[cfg(feature = "serde")]
pub mod serde {
    pub use crate::url::serde_impls::with_spec::{draft07, rfc1738, rfc2396};
}

/// The fast path alone: the `Url` it gives for `input` under `spec`, or `None`
/// where it leaves the input to the grammar. For the fuzz target and tests that
/// hold it equal to the grammar; not a stable interface.
///
/// ```
/// use rfc1738::{Spec, Url};
///
/// let fast = rfc1738::__fast_parse("ftp://host/a", Spec::Rfc1738);
/// assert_eq!(fast, Some(Url::parse("ftp://host/a").unwrap()));
/// assert_eq!(rfc1738::__fast_parse("ftp://host:/a", Spec::Rfc1738), None);
/// ```
#[doc(hidden)]
#[must_use]
pub fn __fast_parse(input: &str, spec: Spec) -> Option<Url<'_>> {
    syntax::fast::parse_into(input, spec, url::AsOption)
}

/// The grammar alone, without the fast path: what `Url::parse_with` gives by
/// pest and the lowering, with an error from the error-tracking reader. For
/// the fuzz target, tests and benchmarks; not a stable interface.
///
/// ```
/// use rfc1738::{Spec, Url};
///
/// let url = rfc1738::__grammar_parse("ftp://host/a", Spec::Rfc1738);
/// assert_eq!(url, Url::parse("ftp://host/a"));
/// ```
#[doc(hidden)]
pub fn __grammar_parse(input: &str, spec: Spec) -> Result<Url<'_>, ParseError> {
    Url::parse_with_grammar(input, spec)
}

/// pest alone: the URL by pest and the lowering, the error from pest's
/// detailed report, which is the reference for every other reader's. The
/// caller turns that report on (`pest::set_error_detail(true)`, a setting for
/// the whole process, which this crate never touches itself). For the fuzz
/// target and tests; not a stable interface.
///
/// # Panics
///
/// On an invalid input while pest's error detail is off.
///
/// ```
/// use rfc1738::{Spec, Url};
///
/// pest::set_error_detail(true);
/// assert_eq!(rfc1738::__pest_parse("ftp://h:/", Spec::Rfc1738), Url::parse("ftp://h:/"));
/// ```
#[doc(hidden)]
pub fn __pest_parse(input: &str, spec: Spec) -> Result<Url<'_>, ParseError> {
    Url::parse_with_pest(input, spec)
}

/// [`__pest_parse`] for [`UriRef::parse`].
///
/// # Panics
///
/// On an invalid input while pest's error detail is off.
///
/// ```
/// pest::set_error_detail(true);
/// assert_eq!(rfc1738::__pest_uri_ref("a b"), rfc1738::UriRef::parse("a b"));
/// ```
#[doc(hidden)]
pub fn __pest_uri_ref(input: &str) -> Result<UriRef<'_>, ParseError> {
    UriRef::parse_with_pest(input)
}

/// pest's verdict and `UriRef` alone, without building an error; for the
/// fuzz target; not a stable interface.
///
/// ```
/// assert_eq!(rfc1738::__pest_uri_ref_verdict("a/b"), rfc1738::UriRef::parse("a/b").ok());
/// assert_eq!(rfc1738::__pest_uri_ref_verdict("a b"), None);
/// ```
#[doc(hidden)]
#[must_use]
pub fn __pest_uri_ref_verdict(input: &str) -> Option<UriRef<'_>> {
    UriRef::by_pest(input)
}

/// The pest grammar's verdict alone, without the fast path and without
/// building an error: the typed view of a URL, `None` for anything else. For
/// the fuzz target; not a stable interface.
///
/// ```
/// use rfc1738::{Spec, Url};
///
/// assert_eq!(rfc1738::__pest_verdict("news:*", Spec::Rfc1738), Url::parse("news:*").ok());
/// assert_eq!(rfc1738::__pest_verdict("news:", Spec::Rfc1738), None);
/// ```
#[doc(hidden)]
#[must_use]
pub fn __pest_verdict(input: &str, spec: Spec) -> Option<Url<'_>> {
    url::grammar_verdict(input, spec)
}
