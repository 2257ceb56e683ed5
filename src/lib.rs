//! Strict parsing and checking of URLs by the BNF of RFC 1738 Section 5, of
//! its draft (draft-ietf-uri-url-07), of RFC 2396 as the Linux uri(7) page
//! uses it, and of RFC 3986 with the schemes of the documents written over
//! it (draft-hoffman-ftp-uri-02, RFC 4266, draft-hoffkohn-rfc1738bis-00).
//!
//! RFC 1738 (1994) defined the first URL schemes, each by a grammar: ftp,
//! http, gopher, mailto, news, nntp, telnet, wais, file, prospero, and a
//! generic `scheme:schemepart` form for every other. This crate accepts
//! exactly the URLs those grammars accept, under the specification you name
//! ([`Spec`]), and when an input is not one, says at which byte it leaves the
//! grammar and which rules were expected there. Many URLs of today are not
//! RFC 1738 URLs by design: `#fragment`, `~` and `user@` in http are not in
//! its grammar (RFC 2396 and RFC 3986 take the first, draft-07 the second). For URLs as
//! browsers read them (the WHATWG URL standard), use the `url` crate.
//!
//! # A map of the crate
//!
//! **Parsing** gives a typed view per scheme, borrowing from the input, with
//! each component as written:
//!
//! ```
//! use rfc1738::{Spec, Url};
//!
//! let url = Url::parse("ftp://myname@host.dom/%2Fetc/motd")?; // by RFC 1738
//! let ftp = url.as_ftp().unwrap();
//! assert_eq!(ftp.login().user(), Some("myname"));
//! assert_eq!(ftp.cwd().collect::<Vec<_>>(), ["%2Fetc"]); // as written
//! assert_eq!(ftp.name(), Some("motd"));
//! assert_eq!(url.to_string(), "ftp://myname@host.dom/%2Fetc/motd");
//!
//! assert!(Url::parse_with("http://host/~user", Spec::Draft07).is_ok());
//! assert!(Url::is_valid("man:ls(1)", Spec::Rfc2396)); // the verdict alone
//! assert!(Url::is_valid("gopher://[2001:db8::1]/1sel", Spec::Rfc3986));
//! # Ok::<(), rfc1738::ParseError>(())
//! ```
//!
//! **Errors** point at the byte and name the rules of the grammar (the one
//! an error is filed under is its `rule()`). `Display` is one line; `{:#}`
//! adds the input with a caret, a help line and the fix, a rewrite that the
//! grammar has checked. The other specifications that take the input are
//! named:
//!
//! ```
//! use rfc1738::{Spec, Url};
//!
//! let err = Url::parse("http://host:/x").unwrap_err();
//! assert_eq!((err.offset(), err.line(), err.column()), (12, 1, 13));
//! assert_eq!(err.rule(), "port");
//! assert_eq!(err.to_string(), "invalid http URL (RFC 1738) at byte 12: \
//!     expected a port number (`port = digits`), found '/'");
//! assert_eq!(err.help(), Some("remove the ':' or write a port number; \
//!     valid under `--spec rfc2396` and `--spec rfc3986`"));
//! assert_eq!(err.fix().map(|fix| fix.text()), Some("http://host/x"));
//! assert_eq!(err.valid_under(), [Spec::Rfc2396, Spec::Rfc3986]);
//! assert!(format!("{err:#}").ends_with("\n  fix: http://host/x"));
//! ```
//!
//! **Meaning**: what a client does with a URL, as the documents say it. The
//! FTP commands of §3.2, and the bytes a gopher client sends:
//!
//! ```
//! use rfc1738::{CwdStyle, Url};
//!
//! let url = Url::parse("ftp://myname@host.dom/%2Fetc/motd")?;
//! let commands = url.as_ftp().unwrap().commands("me@example.com", CwdStyle::Rfc1738).unwrap();
//! let lines: Vec<String> = commands.iter().map(ToString::to_string).collect();
//! assert_eq!(lines, ["USER myname", "CWD /etc", "RETR motd"]);
//!
//! let gopher = Url::parse("gopher://host/1sel%09find")?;
//! assert_eq!(gopher.as_gopher().unwrap().request().unwrap(), b"sel\tfind\r\n");
//! assert_eq!(gopher.port_or_default(), Some(70));
//! # Ok::<(), rfc1738::ParseError>(())
//! ```
//!
//! **Building** from decoded parts, escaping what the rule needs escaped:
//!
//! ```
//! use rfc1738::{HttpUrl, Spec};
//!
//! let url = HttpUrl::builder().host("example.com").segment("a b").search("q=1").build(Spec::Rfc1738)?;
//! assert_eq!(url, "http://example.com/a%20b?q=1");
//! # Ok::<(), rfc1738::BuildError>(())
//! ```
//!
//! **Normalizing** to a canonical form, and equivalence as equal canonical
//! forms:
//!
//! ```
//! use rfc1738::Url;
//!
//! let url = Url::parse("HTTP://Example.COM:80/%41")?;
//! assert_eq!(url.normalize(), "http://example.com/A");
//! assert!(url.equivalent(&Url::parse("http://example.com/A")?));
//! # Ok::<(), rfc1738::ParseError>(())
//! ```
//!
//! **Resolving** a relative reference against a base, by RFC 2396:
//!
//! ```
//! use rfc1738::UriRef;
//!
//! let base = UriRef::parse("http://a/b/c/d;p?q")?;
//! assert_eq!(UriRef::parse("../g")?.resolve(&base).unwrap(), "http://a/b/g");
//! # Ok::<(), rfc1738::ParseError>(())
//! ```
//!
//! **Lints**: what the grammar allows but the documents warn against. They
//! do not make a URL invalid:
//!
//! ```
//! use rfc1738::{Spec, Url, WarningCode};
//!
//! let (_, warnings) = Url::parse_with_warnings("ftp://user:secret@host/", Spec::Rfc1738)?;
//! assert_eq!(warnings[0].code(), WarningCode::PasswordInUrl);
//! # Ok::<(), rfc1738::ParseError>(())
//! ```
//!
//! **Extracting** URLs from running text, as RFC 1738's Appendix suggests
//! writing them (`<URL:...>`) and as people write them:
//!
//! ```
//! let found = rfc1738::extract("see <URL:ftp://host/pub> or http://user@host/", &Default::default());
//! assert_eq!(found[0].url(), "ftp://host/pub");
//! assert!(found[0].is_valid() && !found[1].is_valid());
//! ```
//!
//! **Keeping** URLs after the input is gone: [`OwnedUrl`] owns its text and
//! keeps the typed view beside it, for maps, threads and serde (the `serde`
//! feature serializes a URL as its text):
//!
//! ```
//! use std::collections::HashMap;
//! use rfc1738::{OwnedUrl, Url};
//!
//! let mut seen: HashMap<OwnedUrl, usize> = HashMap::new();
//! for line in String::from("news:*\nftp://h/f\nnews:*").lines() {
//!     *seen.entry(Url::parse(line)?.into_owned()).or_default() += 1;
//! }
//! assert_eq!(seen[&"news:*".parse::<OwnedUrl>()?], 2);
//! # Ok::<(), rfc1738::ParseError>(())
//! ```
//!
//! **Fuzzing** (the `arbitrary` feature): `GeneratedUrl` turns a fuzzer's
//! bytes into a URL that conforms (a random derivation of the grammar, read
//! back by it), to fuzz this crate or any
//! other URL parser with valid input:
//!
//! ```
//! # #[cfg(feature = "arbitrary")] {
//! use arbitrary::{Arbitrary, Unstructured};
//!
//! let generated = rfc1738::GeneratedUrl::arbitrary(&mut Unstructured::new(b"fuzzer bytes"))?;
//! assert!(rfc1738::Url::is_valid(generated.as_str(), generated.spec()));
//! # }
//! # Ok::<(), arbitrary::Error>(())
//! ```
//!
//! # How it is built
//!
//! The grammar is in the crate's `grammar/` folder, one pest file per
//! scheme, each rule under its BNF line. The build script compiles it to
//! Rust: a reader that gives the grammar's parse tree for a URL and, for an
//! error, the record pest's detailed error mode would keep. Valid URLs of
//! RFC 1738 and draft-07, and most of RFC 2396, go through table-driven fast
//! readers held equal to the grammar by tests and fuzz targets. The
//! crate leaves pest's process-wide settings alone (`pest::set_error_detail`,
//! `pest::set_call_limit`), and its own code is free of `unsafe`
//! (`#![forbid(unsafe_code)]`; `OwnedUrl` rests on the `yoke` crate to keep a
//! view beside the text it borrows from).
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
#![warn(missing_docs)]
// A pure function's result is its only effect: dropping it is a mistake.
#![warn(clippy::must_use_candidate, clippy::return_self_not_must_use)]

mod meaning;
mod syntax;
mod url;
mod uses;

pub use meaning::build::{
    BuildComponent, BuildError, FileBuilder, FtpBuilder, GenericBuilder, GopherBuilder,
    HttpBuilder, MailtoBuilder, NewsBuilder, NntpBuilder, ProsperoBuilder, TelnetBuilder,
    WaisBuilder,
};
pub use meaning::lints::{Severity, UnknownWarningCode, Warning, WarningCode};
pub use syntax::decode::{Decode, percent_decode, percent_decode_utf8, percent_encode};
pub use syntax::error::{Excerpt, Expected, Found, ParseError};
pub use syntax::fix::{Edit, Fix};
pub use syntax::rules::GrammarRule;
pub use syntax::scheme::{Scheme, UnknownScheme};
pub use syntax::spec::{Spec, UnknownSpec};
pub use syntax::tree::SyntaxNode;
pub use url::Url;
pub use url::owned::OwnedUrl;
pub use url::rfc2396::ldap::{LdapExtension, LdapScope, LdapUrl};
pub use url::rfc2396::uri::{Authority, ResolveError, UriRef};
pub use url::rfc2396::uri7::{GhelpUri, InfoForm, InfoUri, ManUri, WhatisUri};
pub use url::schemes::components::{Component, ComponentValue};
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
pub use uses::generate::{GeneratedUrl, near_miss};

/// `#[serde(with = "rfc1738::with_spec::draft07")]` and the like: an
/// [`OwnedUrl`] field read by a specification other than RFC 1738 (the
/// `serde` feature).
#[cfg(feature = "serde")]
pub mod with_spec {
    pub use crate::url::serde_impls::with_spec::{draft07, rfc1738, rfc2396, rfc3986};
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

/// The text that [`Url::normalize`] reads back, as written, whether or not
/// it parses: for the tests and the fuzz target that hold it to parsing; not
/// a stable interface.
///
/// ```
/// let url = rfc1738::Url::parse("HTTP://h:80/%41").unwrap();
/// assert_eq!(rfc1738::__normalize_text(&url), "http://h/A");
/// ```
#[doc(hidden)]
#[must_use]
pub fn __normalize_text(url: &Url<'_>) -> String {
    url.canonical_text()
}

/// The grammar alone, without the fast path: what `Url::parse_with` gives by
/// the generated reader (its pairs and the lowering, or its error). For
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
#[cfg(feature = "pest-reference")]
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
#[cfg(feature = "pest-reference")]
#[doc(hidden)]
pub fn __pest_uri_ref(input: &str) -> Result<UriRef<'_>, ParseError> {
    UriRef::parse_with_pest(input)
}

/// [`UriRef::parse_with`] by pest alone, with pest's detailed error: the
/// reference that the generated reader of RFC 3986 references is held to.
///
/// # Panics
///
/// On an invalid input while pest's error detail is off.
///
/// ```
/// use rfc1738::{Spec, UriRef};
///
/// pest::set_error_detail(true);
/// let input = "//[::1/";
/// assert_eq!(
///     rfc1738::__pest_uri_ref_with(input, Spec::Rfc3986),
///     UriRef::parse_with(input, Spec::Rfc3986)
/// );
/// ```
#[cfg(feature = "pest-reference")]
#[doc(hidden)]
pub fn __pest_uri_ref_with(input: &str, spec: Spec) -> Result<UriRef<'_>, ParseError> {
    UriRef::parse_with_pest_as(input, spec)
}

/// [`Url::syntax_trees`] from pest's parse, the reference for the generated
/// reader's pairs; for the fuzz target and tests; not a stable interface.
///
/// ```
/// let url = rfc1738::Url::parse("ftp://h/a;type=i").unwrap();
/// assert_eq!(rfc1738::__pest_syntax_trees(&url), url.syntax_trees());
/// ```
#[cfg(feature = "pest-reference")]
#[doc(hidden)]
#[must_use]
pub fn __pest_syntax_trees<'a>(url: &Url<'a>) -> Vec<SyntaxNode<'a>> {
    url.syntax_trees_by(url::Reading::Pest)
}

/// pest's verdict and `UriRef` alone, without building an error; for the
/// fuzz target; not a stable interface.
///
/// ```
/// assert_eq!(rfc1738::__pest_uri_ref_verdict("a/b"), rfc1738::UriRef::parse("a/b").ok());
/// assert_eq!(rfc1738::__pest_uri_ref_verdict("a b"), None);
/// ```
#[cfg(feature = "pest-reference")]
#[doc(hidden)]
#[must_use]
pub fn __pest_uri_ref_verdict(input: &str) -> Option<UriRef<'_>> {
    UriRef::by_pest(input)
}

/// Whether the grammar's readings that keep no record (the verdict, and
/// the reading that writes a URL's rules) read `input` from one rule as the
/// reader's steps and pest do: the same end and the same rules matched.
/// `rule` numbers every rule of the four grammars (modulo
/// [`__rules_to_read`]). For the `readings` fuzz target and the tests; not
/// a stable interface.
///
/// ```
/// for rule in 0..rfc1738::__rules_to_read() {
///     assert_eq!(rfc1738::__readings_agree("ldap://h/o=a,c=b?cn?sub?(cn=x)", rule), Ok(()));
/// }
/// ```
#[cfg(feature = "pest-reference")]
#[doc(hidden)]
pub fn __readings_agree(input: &str, rule: usize) -> Result<(), String> {
    syntax::tracking::readings_agree_for(rule, input)
}

/// How many rules [`__readings_agree`] numbers. Not a stable interface.
///
/// ```
/// assert!(rfc1738::__rules_to_read() > 100);
/// ```
#[cfg(feature = "pest-reference")]
#[doc(hidden)]
#[must_use]
pub fn __rules_to_read() -> usize {
    syntax::tracking::rules_to_read()
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
#[cfg(feature = "pest-reference")]
#[doc(hidden)]
#[must_use]
pub fn __pest_verdict(input: &str, spec: Spec) -> Option<Url<'_>> {
    url::grammar_verdict(input, spec)
}

/// README.md's Rust example, compiled and run with the doc tests so that it
/// cannot drift from the library.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExamples;
