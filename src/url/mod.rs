//! Layer 2, syntax → typed `Url`: the [`Url`] enum over every scheme's typed
//! view, dispatch (which reader and which rule judge an input), and the
//! lowerings of the readers' output into the typed views.
//!
//! May import: `crate::syntax`.

pub(crate) mod lower_fast;
pub(crate) mod owned;
pub(crate) mod rfc2396;
pub(crate) mod schemes;
#[cfg(feature = "serde")]
pub(crate) mod serde_impls;

use std::cmp::Ordering;
use std::fmt;

use crate::syntax::error::Judged;
use crate::syntax::error::ParseError;
use crate::syntax::fast::{Finish, SchemeSpans};
use crate::syntax::grammar::{self, SpecRule, draft07, rfc1738};
use crate::syntax::pairs::Pairs;
use crate::syntax::scheme::Scheme;
use crate::syntax::spec::Spec;
use crate::syntax::tracking::Compiled;
use crate::syntax::tree::SyntaxNode;
use crate::url::rfc2396::ldap::LdapUrl;
use crate::url::rfc2396::uri::Authority;
use crate::url::rfc2396::uri::UriRef;
use crate::url::rfc2396::uri7::GhelpUri;
use crate::url::rfc2396::uri7::InfoUri;
use crate::url::rfc2396::uri7::ManUri;
use crate::url::rfc2396::uri7::WhatisUri;
use crate::url::schemes::file::{FileHost, FileUrl};
use crate::url::schemes::ftp::FtpUrl;
use crate::url::schemes::generic::GenericUrl;
use crate::url::schemes::gopher::GopherUrl;
use crate::url::schemes::http::HttpUrl;
use crate::url::schemes::login::PortOutOfRange;
use crate::url::schemes::login::{Host, HostPort, Login};
use crate::url::schemes::mailto::MailtoUrl;
use crate::url::schemes::news::NewsUrl;
use crate::url::schemes::nntp::NntpUrl;
use crate::url::schemes::prospero::ProsperoUrl;
use crate::url::schemes::telnet::TelnetUrl;
use crate::url::schemes::wais::{WaisKind, WaisUrl};

/// A URL that conforms to a specification, with its parts as written. It
/// borrows from the input, and displays as the input, byte for byte.
///
/// ```
/// use rfc1738::{Scheme, Url};
///
/// let url = Url::parse("ftp://myname@host.dom/%2Fetc/motd").unwrap();
/// assert_eq!(url.known_scheme(), Some(Scheme::Ftp));
/// assert_eq!(url.to_string(), "ftp://myname@host.dom/%2Fetc/motd");
///
/// let err = Url::parse("ftp://host:/x").unwrap_err();
/// assert_eq!(err.offset(), 11);
/// ```
///
/// `==` and [`Hash`] compare what the URL was read into: the form (the
/// variant), every component as written, and the specification. Two URLs
/// read from the same text by the same specification are equal; `ftp://h/`
/// and `FTP://h/` are not, nor is one text read by RFC 1738 and by draft-07.
/// [`equivalent`](Url::equivalent) compares what URLs mean. [`Ord`] agrees
/// with `==` and sorts by the text first. To keep a URL after its input is
/// gone, make it an [`OwnedUrl`](crate::OwnedUrl) with
/// [`into_owned`](Url::into_owned).
///
/// ```
/// use rfc1738::{Spec, Url};
///
/// assert_eq!(Url::parse("ftp://h/f")?, Url::parse(&String::from("ftp://h/f"))?);
/// assert_ne!(Url::parse("ftp://h/f")?, Url::parse("FTP://h/f")?);
/// assert_ne!(Url::parse("ftp://h/f")?, Url::parse_with("ftp://h/f", Spec::Draft07)?);
/// # Ok::<(), rfc1738::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Url<'a> {
    /// An `ftpurl`.
    Ftp(FtpUrl<'a>),
    /// An `httpurl`.
    Http(HttpUrl<'a>),
    /// A `gopherurl`.
    Gopher(GopherUrl<'a>),
    /// A `mailtourl`.
    Mailto(MailtoUrl<'a>),
    /// A `newsurl`.
    News(NewsUrl<'a>),
    /// An `nntpurl`.
    Nntp(NntpUrl<'a>),
    /// A `telneturl`.
    Telnet(TelnetUrl<'a>),
    /// A `waisurl`.
    Wais(WaisUrl<'a>),
    /// A `fileurl`.
    File(FileUrl<'a>),
    /// A `prosperourl`.
    Prospero(ProsperoUrl<'a>),
    /// An `otherurl`: any other scheme, by `genericurl`.
    Generic(GenericUrl<'a>),
    /// An RFC 2396 `absoluteURI`, with its fragment if any, read into the
    /// components of a URI reference: a scheme that uri(7) does not describe
    /// under a form of its own. Under RFC 3986, a `URI` of a scheme that none
    /// of the later documents defines (http and mailto included).
    Uri(UriRef<'a>),
    /// `man:` (uri(7), under RFC 2396).
    Man(ManUri<'a>),
    /// `info:` (uri(7), under RFC 2396).
    Info(InfoUri<'a>),
    /// `whatis:` (uri(7), under RFC 2396).
    Whatis(WhatisUri<'a>),
    /// `ghelp:` (uri(7), under RFC 2396).
    Ghelp(GhelpUri<'a>),
    /// `ldap:` (RFC 2255, as uri(7) cites it, under RFC 2396).
    Ldap(LdapUrl<'a>),
}

/// How `Url::parse_with` ends: in the fast path's URL or, where the fast
/// path does not take the input, in the grammar's verdict.
struct OrGrammar<'a> {
    input: &'a str,
    spec: Spec,
}

impl<'a> Finish<'a> for OrGrammar<'a> {
    type Output = Result<Url<'a>, ParseError>;

    #[inline(always)]
    fn url(self, text: &'a str, spec: Spec, read: SchemeSpans) -> Self::Output {
        Ok(Url::from_spans(text, spec, read))
    }

    #[cold]
    fn not_taken(self) -> Self::Output {
        Url::parse_not_taken(self.input, self.spec)
    }
}

/// How the fast path's own verdict ends: `Some` URL, or `None`.
pub(crate) struct AsOption;

impl<'a> Finish<'a> for AsOption {
    type Output = Option<Url<'a>>;

    #[inline(always)]
    fn url(self, text: &'a str, spec: Spec, read: SchemeSpans) -> Option<Url<'a>> {
        Some(Url::from_spans(text, spec, read))
    }

    #[inline(always)]
    fn not_taken(self) -> Option<Url<'a>> {
        None
    }
}

/// pest's verdict and typed view, without the fast path and without
/// building an error: what the fuzz target holds the fast path against, many
/// times a second.
#[cfg(feature = "pest-reference")]
pub(crate) fn grammar_verdict(input: &str, spec: Spec) -> Option<Url<'_>> {
    fn verdict<R: SpecRule>(input: &str, spec: Spec) -> Option<Url<'_>> {
        let scheme = Scheme::of(input);
        let pairs = R::parse_pairs(R::entry(scheme), input).ok()?;
        Some(lower_as(input, spec, scheme, pairs))
    }
    match spec {
        Spec::Rfc1738 => verdict::<rfc1738::Rule>(input, spec),
        Spec::Draft07 => verdict::<draft07::Rule>(input, spec),
        Spec::Rfc2396 => {
            let entry = grammar::rfc2396::Rule::entry_for(input);
            let pairs = grammar::rfc2396::Rule::parse_pairs(entry, input).ok()?;
            Some(lower_uri(input, entry, pairs))
        }
        Spec::Rfc3986 => {
            let entry = grammar::rfc3986::Rule::entry_for(input);
            let pairs = grammar::rfc3986::Rule::parse_pairs(entry, input).ok()?;
            Some(lower_rfc3986(input, entry, pairs))
        }
    }
}

/// `as_ftp` and the like: the view of one variant, without a `let ... else`.
macro_rules! variant_accessors {
    ($($method:ident => $variant:ident($type:ident), $sample:literal, $spec:literal, $other:literal;)*) => {
        impl<'a> Url<'a> {
            $(
                #[doc = concat!(
                    "The [`", stringify!($type), "`] inside, if this is a `Url::", stringify!($variant), "`.\n\n```\n",
                    "use rfc1738::{Spec, Url};\n\n",
                    "let url = Url::parse_with(\"", $sample, "\", Spec::", $spec, ").unwrap();\n",
                    "assert_eq!(url.", stringify!($method), "().map(|view| view.as_str()), Some(\"", $sample, "\"));\n",
                    "assert!(Url::parse(\"", $other, "\").unwrap().", stringify!($method), "().is_none());\n```"
                )]
                #[must_use]
                pub fn $method(&self) -> Option<&$type<'a>> {
                    match self {
                        Url::$variant(view) => Some(view),
                        _ => None,
                    }
                }
            )*
        }
    };
}

variant_accessors! {
    as_ftp => Ftp(FtpUrl), "ftp://h/f", "Rfc1738", "x-y:z";
    as_http => Http(HttpUrl), "http://h/p", "Rfc1738", "x-y:z";
    as_gopher => Gopher(GopherUrl), "gopher://h/1s", "Rfc1738", "x-y:z";
    as_mailto => Mailto(MailtoUrl), "mailto:a@b.c", "Rfc1738", "x-y:z";
    as_news => News(NewsUrl), "news:comp.lang.c", "Rfc1738", "x-y:z";
    as_nntp => Nntp(NntpUrl), "nntp://h/g/1", "Rfc1738", "x-y:z";
    as_telnet => Telnet(TelnetUrl), "telnet://h/", "Rfc1738", "x-y:z";
    as_wais => Wais(WaisUrl), "wais://h/db", "Rfc1738", "x-y:z";
    as_file => File(FileUrl), "file://h/f", "Rfc1738", "x-y:z";
    as_prospero => Prospero(ProsperoUrl), "prospero://h/p", "Rfc1738", "x-y:z";
    as_generic => Generic(GenericUrl), "x-y:z", "Rfc1738", "ftp://h/";
    as_uri => Uri(UriRef), "x:/a#b", "Rfc2396", "x-y:z";
    as_man => Man(ManUri), "man:ls(1)", "Rfc2396", "x-y:z";
    as_info => Info(InfoUri), "info:gcc", "Rfc2396", "x-y:z";
    as_whatis => Whatis(WhatisUri), "whatis:ls", "Rfc2396", "x-y:z";
    as_ghelp => Ghelp(GhelpUri), "ghelp:nautilus", "Rfc2396", "x-y:z";
    as_ldap => Ldap(LdapUrl), "ldap://h/o=a", "Rfc2396", "x-y:z";
}

/// Calls `$body` with `$url` bound to the scheme-specific URL inside `$self`.
macro_rules! each_variant {
    ($self:expr, $url:ident => $body:expr) => {
        each_variant!($self, $url => $body, $url => $body)
    };
    ($self:expr, $url:ident => $body:expr, $uri:ident => $uri_body:expr) => {
        match $self {
            Url::Ftp($url) => $body,
            Url::Http($url) => $body,
            Url::Gopher($url) => $body,
            Url::Mailto($url) => $body,
            Url::News($url) => $body,
            Url::Nntp($url) => $body,
            Url::Telnet($url) => $body,
            Url::Wais($url) => $body,
            Url::File($url) => $body,
            Url::Prospero($url) => $body,
            Url::Generic($url) => $body,
            Url::Man($url) => $body,
            Url::Info($url) => $body,
            Url::Whatis($url) => $body,
            Url::Ghelp($url) => $body,
            Url::Ldap($url) => $body,
            Url::Uri($uri) => $uri_body,
        }
    };
}

impl<'a> Url<'a> {
    /// Parses `input` by RFC 1738 (the published BNF).
    ///
    /// # Errors
    ///
    /// When `input` is not a URL by RFC 1738: the [`ParseError`] says where it
    /// leaves the grammar and which rules were expected there.
    ///
    /// ```
    /// use rfc1738::Url;
    ///
    /// assert!(Url::parse("news:comp.lang.c++").is_ok());
    /// assert!(Url::parse("http://user@host/").is_err());
    /// ```
    pub fn parse(input: &'a str) -> Result<Url<'a>, ParseError> {
        Url::parse_with(input, Spec::Rfc1738)
    }

    /// Parses `input` by the BNF of `spec`.
    ///
    /// A known scheme (ignoring case) is judged by its own rule only: `http:0`
    /// is an invalid `httpurl`, not a generic URL.
    ///
    /// # Errors
    ///
    /// When `input` is not a URL under `spec`: the [`ParseError`] says where it
    /// leaves the grammar and which rules were expected there.
    ///
    /// ```
    /// use rfc1738::{Spec, Url};
    ///
    /// assert!(Url::parse_with("file://host", Spec::Draft07).is_ok());
    /// assert!(Url::parse_with("file://host", Spec::Rfc1738).is_err());
    /// assert!(Url::parse_with("http:0", Spec::Draft07).is_err());
    /// ```
    #[inline]
    pub fn parse_with(input: &'a str, spec: Spec) -> Result<Url<'a>, ParseError> {
        // The fast paths give the very `Url` the grammar gives
        // (`src/syntax/fast.rs`, `src/syntax/fast_uri.rs`); what they do not
        // take, the grammar judges, and reports. RFC 2396's is asked first
        // here, so that its `Url` is written where it is returned.
        if spec == Spec::Rfc2396 {
            return parse_absolute_uri(input);
        }
        crate::syntax::fast::parse_into(input, spec, OrGrammar { input, spec })
    }

    /// Whether `input` is a URL under `spec`: the verdict of
    /// [`parse_with`](Url::parse_with) without the `Url` or the error, for
    /// filters and fuzzing campaigns that need no more.
    ///
    /// ```
    /// use rfc1738::{Spec, Url};
    ///
    /// assert!(Url::is_valid("ftp://host/a", Spec::Rfc1738));
    /// assert!(!Url::is_valid("ftp://host:/a", Spec::Rfc1738));
    /// assert!(Url::is_valid("http://host/~user", Spec::Draft07));
    /// assert!(Url::is_valid("man:ls(1)", Spec::Rfc2396));
    /// ```
    #[must_use]
    pub fn is_valid(input: &str, spec: Spec) -> bool {
        // The verdict that checks every fix: the fast path where it reads
        // the input, else the generated reader, without building a `Url`.
        crate::syntax::fix::accepts(input, spec, crate::syntax::error::Judged::Url)
    }

    /// Parses `input` by the grammar of `spec` alone, without the fast path:
    /// the generated reader, its pairs for a URL and its record for an error.
    pub(crate) fn parse_with_grammar(input: &'a str, spec: Spec) -> Result<Url<'a>, ParseError> {
        let scheme = Scheme::of(input);
        match spec {
            Spec::Rfc1738 => parse_as::<rfc1738::Rule>(input, spec, scheme),
            Spec::Draft07 => parse_as::<draft07::Rule>(input, spec, scheme),
            Spec::Rfc2396 => rfc2396_by_grammar(input, grammar::rfc2396::Rule::entry_for(input)),
            Spec::Rfc3986 => rfc3986_by_grammar(input),
        }
    }

    /// What the grammar makes of an input that the fast path does not take:
    /// under a Section 5 specification, an error (the fast path takes every
    /// URL, which `tests/fast_path.rs` and the `fast_path` fuzz target
    /// check), whose report the error-tracking reader works out when it is
    /// asked for; under RFC 2396, the generated reader's URL or that error.
    #[cold]
    #[inline(never)]
    pub(crate) fn parse_not_taken(input: &'a str, spec: Spec) -> Result<Url<'a>, ParseError> {
        match spec {
            Spec::Rfc1738 | Spec::Draft07 => Err(ParseError::pending(input, spec, Judged::Url)),
            Spec::Rfc2396 => parse_absolute_uri(input),
            Spec::Rfc3986 => rfc3986_by_grammar(input),
        }
    }

    /// Parses `input` by pest alone, with the error from pest's detailed
    /// report, which the caller turns on (`pest::set_error_detail(true)`).
    #[cfg(feature = "pest-reference")]
    pub(crate) fn parse_with_pest(input: &'a str, spec: Spec) -> Result<Url<'a>, ParseError> {
        fn by_pest<'a, R: Compiled>(
            input: &'a str,
            spec: Spec,
            scheme: Option<Scheme>,
            entry: R,
            lower: impl FnOnce(Pairs<'a, R>) -> Url<'a>,
        ) -> Result<Url<'a>, ParseError> {
            match R::parse_pairs(entry, input) {
                Ok(pairs) => Ok(lower(pairs)),
                Err(error) => Err(
                    ParseError::from_pest(input, spec, scheme, Judged::Url, &error)
                        .expect("pest's error detail is on: `pest::set_error_detail(true)`"),
                ),
            }
        }
        fn section5<R: Compiled>(
            input: &str,
            spec: Spec,
            scheme: Option<Scheme>,
        ) -> Result<Url<'_>, ParseError> {
            by_pest(input, spec, scheme, R::entry(scheme), |pairs| {
                lower_as(input, spec, scheme, pairs)
            })
        }
        let scheme = Scheme::of(input);
        match spec {
            Spec::Rfc1738 => section5::<rfc1738::Rule>(input, spec, scheme),
            Spec::Draft07 => section5::<draft07::Rule>(input, spec, scheme),
            Spec::Rfc2396 => {
                let entry = grammar::rfc2396::Rule::entry_for(input);
                by_pest(input, spec, scheme, entry, |pairs| {
                    lower_uri(input, entry, pairs)
                })
            }
            Spec::Rfc3986 => rfc3986_by_pest(input),
        }
    }

    /// Parses bytes that may not be UTF-8, such as a line read from a file. A
    /// URL is ASCII, so invalid UTF-8 is an invalid URL; the error is at the
    /// first byte where the input leaves the language, which is at the first
    /// invalid byte at the latest.
    ///
    /// # Errors
    ///
    /// When `input` is not UTF-8 (the error is at its first such byte) or not a
    /// URL under `spec`.
    ///
    /// ```
    /// use rfc1738::{Spec, Url};
    ///
    /// assert!(Url::parse_bytes(b"ftp://host/", Spec::Rfc1738).is_ok());
    /// let err = Url::parse_bytes(b"ftp://host/\xff", Spec::Rfc1738).unwrap_err();
    /// assert_eq!(err.offset(), 11);
    /// ```
    pub fn parse_bytes(input: &'a [u8], spec: Spec) -> Result<Url<'a>, ParseError> {
        match std::str::from_utf8(input) {
            Ok(text) => Url::parse_with(text, spec),
            Err(invalid) => Err(ParseError::invalid_utf8(input, invalid.valid_up_to(), spec)),
        }
    }

    /// The whole URL, as written.
    ///
    /// ```
    /// assert_eq!(rfc1738::Url::parse("news:*").unwrap().as_str(), "news:*");
    /// ```
    #[must_use]
    pub fn as_str(&self) -> &'a str {
        each_variant!(self, url => url.as_str())
    }

    /// The scheme as written, before the first `:` (in any case).
    ///
    /// ```
    /// assert_eq!(rfc1738::Url::parse("HTTP://host/").unwrap().scheme(), "HTTP");
    /// ```
    #[must_use]
    pub fn scheme(&self) -> &'a str {
        each_variant!(self, url => url.scheme(), uri => uri.scheme().unwrap_or_default())
    }

    /// The fragment after `#`, kept apart from the URI: only RFC 2396 and
    /// RFC 3986 URIs have one (a URL of RFC 1738 has no `#`).
    ///
    /// ```
    /// use rfc1738::{Spec, Url};
    ///
    /// let url = Url::parse_with("info:gcc#G++_and_GCC", Spec::Rfc2396).unwrap();
    /// assert_eq!(url.fragment(), Some("G++_and_GCC"));
    /// let url = Url::parse_with("ftp://h/f.txt#l10", Spec::Rfc3986).unwrap();
    /// assert_eq!(url.fragment(), Some("l10"));
    /// assert!(Url::parse("http://h/#top").is_err());
    /// ```
    #[must_use]
    pub fn fragment(&self) -> Option<&'a str> {
        match self {
            Url::Uri(uri) => uri.fragment(),
            Url::Man(uri) => uri.fragment(),
            Url::Info(uri) => uri.fragment(),
            Url::Whatis(uri) => uri.fragment(),
            Url::Ghelp(uri) => uri.fragment(),
            Url::Ldap(url) => url.fragment(),
            // The later documents' schemes: the fragment starts at the
            // first '#', which no other part of a URI holds.
            _ if self.spec() == Spec::Rfc3986 => {
                self.as_str().split_once('#').map(|(_, fragment)| fragment)
            }
            _ => None,
        }
    }

    /// The known scheme whose rule judged this URL; `None` for a generic URL
    /// of any other scheme. Under RFC 2396, uri(7)'s forms of http, ftp,
    /// gopher, mailto, news, telnet, file and wais judge these schemes;
    /// under RFC 3986, whose generic syntax reads http and mailto, those two
    /// are named too (`https` is no scheme of these documents: `None`).
    ///
    /// ```
    /// use rfc1738::{Scheme, Url};
    ///
    /// assert_eq!(Url::parse("Mailto:a@b").unwrap().known_scheme(), Some(Scheme::Mailto));
    /// assert_eq!(Url::parse("z39.50s://host/db").unwrap().known_scheme(), None);
    /// ```
    pub fn known_scheme(&self) -> Option<Scheme> {
        match self {
            Url::Ftp(_) => Some(Scheme::Ftp),
            Url::Http(_) => Some(Scheme::Http),
            Url::Gopher(_) => Some(Scheme::Gopher),
            Url::Mailto(_) => Some(Scheme::Mailto),
            Url::News(_) => Some(Scheme::News),
            Url::Nntp(_) => Some(Scheme::Nntp),
            Url::Telnet(_) => Some(Scheme::Telnet),
            Url::Wais(_) => Some(Scheme::Wais),
            Url::File(_) => Some(Scheme::File),
            Url::Prospero(_) => Some(Scheme::Prospero),
            // The uri(7) forms of the Section 5 schemes (not nntp and prospero).
            Url::Uri(uri) => uri
                .scheme()
                .and_then(Scheme::from_name)
                .filter(|scheme| !matches!(scheme, Scheme::Nntp | Scheme::Prospero)),
            Url::Generic(_)
            | Url::Man(_)
            | Url::Info(_)
            | Url::Whatis(_)
            | Url::Ghelp(_)
            | Url::Ldap(_) => None,
        }
    }

    /// The host and port, for the schemes whose rule has a `hostport` (in
    /// ftp and telnet, inside `login`; in a generic URL, inside
    /// `ip-schemepart`). `None` for mailto, news, file and other generic URLs.
    ///
    /// ```
    /// use rfc1738::Url;
    ///
    /// let port = |s| Url::parse(s).unwrap().hostport().and_then(|hp| hp.port());
    /// assert_eq!(port("ftp://user@host:2121/"), Some("2121"));
    /// assert_eq!(port("x-foo://host:99/path"), Some("99"));
    /// assert!(Url::parse("news:*").unwrap().hostport().is_none());
    /// ```
    #[must_use]
    pub fn hostport(&self) -> Option<HostPort<'a>> {
        match self {
            Url::Ftp(url) => Some(url.login().hostport()),
            Url::Telnet(url) => Some(url.login().hostport()),
            Url::Http(url) => Some(url.hostport()),
            Url::Gopher(url) => Some(url.hostport()),
            Url::Nntp(url) => Some(url.hostport()),
            Url::Wais(url) => Some(url.hostport()),
            Url::Prospero(url) => Some(url.hostport()),
            Url::Generic(url) => url.ip_schemepart().map(|ip| ip.login().hostport()),
            Url::Uri(uri) => match uri.authority_parts() {
                Some(Authority::Server(login)) => Some(login.hostport()),
                _ => None,
            },
            Url::Ldap(url) => url.hostport(),
            Url::Mailto(_)
            | Url::News(_)
            | Url::File(_)
            | Url::Man(_)
            | Url::Info(_)
            | Url::Whatis(_)
            | Url::Ghelp(_) => None,
        }
    }

    /// The host, as written: of the `hostport` (see
    /// [`hostport`](Self::hostport)), or a file URL's host other than
    /// `localhost`. `None` where the URL names none.
    ///
    /// ```
    /// use rfc1738::{Host, Url};
    ///
    /// let host = |s| Url::parse(s).unwrap().host();
    /// assert_eq!(host("ftp://user@host.dom:2121/f"), Some(Host::Name("host.dom")));
    /// assert_eq!(host("file://10.0.0.1/etc/motd"), Some(Host::Number("10.0.0.1")));
    /// assert_eq!(host("file:///etc/motd"), None);
    /// assert_eq!(host("mailto:a@b.c"), None); // an address, not a host
    /// ```
    #[must_use]
    pub fn host(&self) -> Option<Host<'a>> {
        match self {
            Url::File(url) => match url.host() {
                FileHost::Host(host) => Some(host),
                _ => None,
            },
            _ => self.hostport().map(|hostport| hostport.host()),
        }
    }

    /// The port as written, where the URL has one (`None` where it relies on
    /// the default: [`port_or_default`](Self::port_or_default) gives that).
    ///
    /// ```
    /// let port = |s| rfc1738::Url::parse(s).unwrap().port();
    /// assert_eq!(port("http://host:8080/"), Some("8080"));
    /// assert_eq!(port("http://host/"), None);
    /// ```
    #[must_use]
    pub fn port(&self) -> Option<&'a str> {
        self.hostport().and_then(|hostport| hostport.port())
    }

    /// The user name as written (escapes kept), in the schemes whose rule has
    /// a `login` (ftp, telnet, a generic URL's `ip-schemepart`, a URI's
    /// server-based authority). `None` where there is none.
    ///
    /// ```
    /// let url = rfc1738::Url::parse("ftp://myname:secret@host.dom/")?;
    /// assert_eq!((url.user(), url.password()), (Some("myname"), Some("secret")));
    /// # Ok::<(), rfc1738::ParseError>(())
    /// ```
    #[must_use]
    pub fn user(&self) -> Option<&'a str> {
        self.login().and_then(|login| login.user())
    }

    /// The password as written (escapes kept); see [`user`](Self::user).
    ///
    /// ```
    /// let url = rfc1738::Url::parse("telnet://guest@host/")?;
    /// assert_eq!(url.password(), None);
    /// # Ok::<(), rfc1738::ParseError>(())
    /// ```
    #[must_use]
    pub fn password(&self) -> Option<&'a str> {
        self.login().and_then(|login| login.password())
    }

    /// The login of the URL, where its rule has one.
    fn login(&self) -> Option<Login<'a>> {
        match self {
            Url::Ftp(url) => Some(url.login()),
            Url::Telnet(url) => Some(url.login()),
            Url::Generic(url) => url.ip_schemepart().map(|ip| ip.login()),
            Url::Uri(uri) => match uri.authority_parts() {
                Some(Authority::Server(login)) => Some(login),
                _ => None,
            },
            _ => None,
        }
    }

    /// The path, as written, after the '/' that ends the host and port: an
    /// ftp URL's `fpath` (without `;type=`), an http URL's `hpath` (without
    /// the search), a gopher URL's `gtype` and `selector` and what follows
    /// them, a file URL's `fpath`, a prospero URL's `ppath` (without its
    /// fields), a generic URL's `urlpath`; a URI's path (which keeps its
    /// leading '/'). `None` where the URL has none: mailto, news and nntp
    /// (a group and an article), telnet, wais (a database), uri(7)'s and
    /// LDAP's forms, and a URL that ends after its host.
    ///
    /// ```
    /// let path = |s| rfc1738::Url::parse(s).unwrap().path();
    /// assert_eq!(path("ftp://host/pub/f.txt;type=i"), Some("pub/f.txt"));
    /// assert_eq!(path("http://host/a/b?q"), Some("a/b"));
    /// assert_eq!(path("http://host"), None);
    /// assert_eq!(path("news:comp.lang.ada"), None);
    /// ```
    #[must_use]
    pub fn path(&self) -> Option<&'a str> {
        match self {
            Url::Ftp(url) => url.path(),
            Url::Http(url) => url.path(),
            Url::Gopher(url) => url.path(),
            Url::File(url) => url.path(),
            Url::Prospero(url) => Some(url.path()),
            Url::Generic(url) => url.ip_schemepart().and_then(|ip| ip.urlpath()),
            Url::Uri(uri) => Some(uri.path()),
            _ => None,
        }
    }

    /// The query, as written, after '?': an http URL's `search`, a wais
    /// index's `search`, a URI's query. `None` where there is none (a gopher
    /// search follows `%09`: [`GopherUrl::search`]).
    ///
    /// ```
    /// let query = |s| rfc1738::Url::parse(s).unwrap().query();
    /// assert_eq!(query("http://host/find?ada"), Some("ada"));
    /// assert_eq!(query("wais://host/db?ada"), Some("ada"));
    /// assert_eq!(query("gopher://host/7find%09ada"), None);
    /// ```
    #[must_use]
    pub fn query(&self) -> Option<&'a str> {
        match self {
            Url::Http(url) => url.search(),
            Url::Wais(url) => match url.kind() {
                WaisKind::Index { search } => Some(search),
                _ => None,
            },
            Url::Uri(uri) => uri.query(),
            _ => None,
        }
    }

    /// The port the URL's scheme defaults to (`None` for a generic URL, and for
    /// mailto, news and file).
    ///
    /// ```
    /// assert_eq!(rfc1738::Url::parse("wais://h/db").unwrap().default_port(), Some(210));
    /// ```
    pub fn default_port(&self) -> Option<u16> {
        match self {
            Url::Ldap(_) => Some(LdapUrl::DEFAULT_PORT),
            _ => self.known_scheme().and_then(Scheme::default_port),
        }
    }

    /// The port to connect to: the one written in the URL, or else the
    /// scheme's default. `None` for a URL with neither (a generic URL without
    /// a port, mailto, news, file), and for a written port above 65535, which
    /// no TCP port is; [`checked_port_or_default`](Self::checked_port_or_default)
    /// tells that case apart.
    ///
    /// ```
    /// use rfc1738::Url;
    ///
    /// assert_eq!(Url::parse("gopher://h/").unwrap().port_or_default(), Some(70));
    /// assert_eq!(Url::parse("gopher://h:7070/").unwrap().port_or_default(), Some(7070));
    /// assert_eq!(Url::parse("x-y://h/").unwrap().port_or_default(), None);
    /// assert_eq!(Url::parse("http://h:70000/").unwrap().port_or_default(), None);
    /// ```
    #[must_use]
    pub fn port_or_default(&self) -> Option<u16> {
        self.checked_port_or_default().ok().flatten()
    }

    /// [`port_or_default`](Self::port_or_default), with a written port above
    /// 65535 as an error.
    ///
    /// # Errors
    ///
    /// [`PortOutOfRange`] when the written port is above 65535.
    ///
    /// ```
    /// use rfc1738::Url;
    ///
    /// assert_eq!(Url::parse("gopher://h/").unwrap().checked_port_or_default(), Ok(Some(70)));
    /// assert_eq!(Url::parse("x-y://h/").unwrap().checked_port_or_default(), Ok(None));
    /// assert!(Url::parse("http://h:70000/").unwrap().checked_port_or_default().is_err());
    /// ```
    pub fn checked_port_or_default(&self) -> Result<Option<u16>, PortOutOfRange> {
        let written = match self.hostport() {
            Some(hostport) => hostport.port_number()?,
            None => None,
        };
        Ok(written.or(self.default_port()))
    }

    /// The specification the URL was parsed by.
    ///
    /// ```
    /// use rfc1738::{Spec, Url};
    ///
    /// assert_eq!(Url::parse_with("news:*", Spec::Draft07).unwrap().spec(), Spec::Draft07);
    /// ```
    #[must_use]
    pub fn spec(&self) -> Spec {
        each_variant!(self, url => url.spec(), uri => uri.spec())
    }

    /// The parse as a tree of the grammar's named rules, for showing how the
    /// URL was read. This parses the URL again.
    ///
    /// Under RFC 2396, and for the later documents' schemes under RFC 3986,
    /// the grammar reads a fragment after the URL (`[ "#" fragment ]`), not
    /// in it: the fragment is then not in this tree, and
    /// [`syntax_trees`](Self::syntax_trees) gives it too. (RFC 3986's
    /// generic `URI` holds its fragment.)
    ///
    /// ```
    /// use rfc1738::Url;
    ///
    /// let url = Url::parse("gopher://h/1sel%09find").unwrap();
    /// let names: Vec<_> = url.syntax_tree().walk().map(|(_, node)| node.rule().name()).collect();
    /// assert_eq!(names, ["gopherurl", "hostport", "host", "hostname", "gtype", "selector", "search"]);
    /// ```
    #[must_use]
    pub fn syntax_tree(&self) -> SyntaxNode<'a> {
        let mut trees = self.syntax_trees();
        trees.swap_remove(0)
    }

    /// The parse as the trees of the grammar's named rules, in the order of
    /// the text: the URL's, then, where the grammar reads the fragment after
    /// the URL rather than in it, the fragment's. This parses the URL again.
    ///
    /// ```
    /// use rfc1738::{Spec, Url};
    ///
    /// let url = Url::parse_with("http://h/a#top", Spec::Rfc2396).unwrap();
    /// let roots: Vec<_> = url.syntax_trees().iter().map(|tree| (tree.rule().name(), tree.text())).collect();
    /// assert_eq!(roots, [("http-uri", "http://h/a"), ("fragment", "top")]);
    /// // A URL without a fragment is one tree.
    /// assert_eq!(Url::parse("http://h/a").unwrap().syntax_trees().len(), 1);
    /// ```
    #[must_use]
    pub fn syntax_trees(&self) -> Vec<SyntaxNode<'a>> {
        self.syntax_trees_by(Reading::Generated)
    }

    /// [`syntax_trees`](Self::syntax_trees) from the pairs of `reading`.
    pub(crate) fn syntax_trees_by(&self, reading: Reading) -> Vec<SyntaxNode<'a>> {
        let input = self.as_str();
        match self.spec() {
            Spec::Rfc1738 => {
                syntax_trees_from(input, rfc1738::Rule::entry(self.known_scheme()), reading)
            }
            Spec::Draft07 => {
                syntax_trees_from(input, draft07::Rule::entry(self.known_scheme()), reading)
            }
            Spec::Rfc2396 => {
                syntax_trees_from(input, grammar::rfc2396::Rule::entry_for(input), reading)
            }
            Spec::Rfc3986 => {
                syntax_trees_from(input, grammar::rfc3986::Rule::entry_for(input), reading)
            }
        }
    }
}

impl Url<'_> {
    /// Which variant this is, as a number in declaration order, so that a
    /// comparison tells the forms apart.
    fn form(&self) -> u8 {
        match self {
            Url::Ftp(_) => 0,
            Url::Http(_) => 1,
            Url::Gopher(_) => 2,
            Url::Mailto(_) => 3,
            Url::News(_) => 4,
            Url::Nntp(_) => 5,
            Url::Telnet(_) => 6,
            Url::Wais(_) => 7,
            Url::File(_) => 8,
            Url::Prospero(_) => 9,
            Url::Generic(_) => 10,
            Url::Uri(_) => 11,
            Url::Man(_) => 12,
            Url::Info(_) => 13,
            Url::Whatis(_) => 14,
            Url::Ghelp(_) => 15,
            Url::Ldap(_) => 16,
        }
    }
}

/// By the text, then the specification, then the form; for one text read
/// into one form, by the components (as `==` compares them, so that the two
/// agree).
///
/// ```
/// use rfc1738::Url;
///
/// let mut urls = [Url::parse("news:*")?, Url::parse("ftp://h/")?, Url::parse("FTP://h/")?];
/// urls.sort();
/// assert_eq!(urls.map(|url| url.as_str()), ["FTP://h/", "ftp://h/", "news:*"]);
/// # Ok::<(), rfc1738::ParseError>(())
/// ```
impl PartialOrd for Url<'_> {
    fn partial_cmp(&self, other: &Url<'_>) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Url<'_> {
    fn cmp(&self, other: &Url<'_>) -> Ordering {
        (self.as_str(), self.spec(), self.form())
            .cmp(&(other.as_str(), other.spec(), other.form()))
            .then_with(|| match (self, other) {
                (Url::Ftp(a), Url::Ftp(b)) => a.cmp(b),
                (Url::Http(a), Url::Http(b)) => a.cmp(b),
                (Url::Gopher(a), Url::Gopher(b)) => a.cmp(b),
                (Url::Mailto(a), Url::Mailto(b)) => a.cmp(b),
                (Url::News(a), Url::News(b)) => a.cmp(b),
                (Url::Nntp(a), Url::Nntp(b)) => a.cmp(b),
                (Url::Telnet(a), Url::Telnet(b)) => a.cmp(b),
                (Url::Wais(a), Url::Wais(b)) => a.cmp(b),
                (Url::File(a), Url::File(b)) => a.cmp(b),
                (Url::Prospero(a), Url::Prospero(b)) => a.cmp(b),
                (Url::Generic(a), Url::Generic(b)) => a.cmp(b),
                (Url::Uri(a), Url::Uri(b)) => a.cmp(b),
                (Url::Man(a), Url::Man(b)) => a.cmp(b),
                (Url::Info(a), Url::Info(b)) => a.cmp(b),
                (Url::Whatis(a), Url::Whatis(b)) => a.cmp(b),
                (Url::Ghelp(a), Url::Ghelp(b)) => a.cmp(b),
                (Url::Ldap(a), Url::Ldap(b)) => a.cmp(b),
                // The forms are equal here, so the variants are.
                _ => Ordering::Equal,
            })
    }
}

impl fmt::Display for Url<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// [`Url::parse`]: by RFC 1738.
///
/// ```
/// use rfc1738::Url;
///
/// let url = Url::try_from("ftp://h/f")?;
/// assert_eq!(url.as_str(), "ftp://h/f");
/// assert!(Url::try_from("http://user@h/").is_err());
/// # Ok::<(), rfc1738::ParseError>(())
/// ```
impl<'a> TryFrom<&'a str> for Url<'a> {
    type Error = ParseError;

    fn try_from(input: &'a str) -> Result<Url<'a>, ParseError> {
        Url::parse(input)
    }
}

/// The URL as written.
///
/// ```
/// let url = rfc1738::Url::parse("news:*").unwrap();
/// let text: &str = url.as_ref();
/// assert_eq!(text, "news:*");
/// ```
impl AsRef<str> for Url<'_> {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

/// Whether the URL is written as `other`, byte for byte. `==` between two
/// `Url`s also compares the specification and the form they were read
/// into; [`Url::equivalent`] compares what they mean.
///
/// ```
/// let url = rfc1738::Url::parse("ftp://h/f").unwrap();
/// assert!(url == "ftp://h/f" && url != "FTP://h/f");
/// assert!(url == *"ftp://h/f");
/// ```
impl PartialEq<str> for Url<'_> {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Url<'_> {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<String> for Url<'_> {
    fn eq(&self, other: &String) -> bool {
        self.as_str() == other
    }
}

/// Which reading of the grammar gives a URL's pairs.
#[derive(Clone, Copy)]
pub(crate) enum Reading {
    /// The generated reader's (`syntax::tracking`).
    Generated,
    /// pest's own parser's, the reference.
    #[cfg(feature = "pest-reference")]
    Pest,
}

fn syntax_trees_from<R: Compiled>(input: &str, entry: R, reading: Reading) -> Vec<SyntaxNode<'_>> {
    let pairs = match reading {
        Reading::Generated => crate::syntax::tracking::pairs(entry, input),
        #[cfg(feature = "pest-reference")]
        Reading::Pest => R::parse_pairs(entry, input).ok(),
    };
    let pairs = pairs.expect("a URL that parsed once parses again");
    let mut roots = Vec::new();
    for pair in pairs {
        SyntaxNode::lower(pair, &mut roots);
    }
    // Every entry rule reads a named rule first (the URL's), so `roots`
    // is never empty: `syntax_tree` takes the first.
    debug_assert!(!roots.is_empty(), "{input:?} has no tree");
    roots
}

/// Parses an absolute URI under RFC 2396: by uri(7)'s form for the schemes it
/// gives one, by the generic syntax for every other: by the fast path
/// (`src/syntax/fast_uri.rs`, the very `Url` the grammar and the lowering
/// give) for the generic syntax and uri(7)'s http, ftp, gopher, mailto,
/// news, man, info, whatis and ghelp forms, by the generated reader for
/// what it leaves.
///
/// The fast path's spans become the `Url` in the returned `Result` itself:
/// going through an `Option<Url>` first cost a copy of the `Url` per URI.
fn parse_absolute_uri(input: &str) -> Result<Url<'_>, ParseError> {
    use crate::syntax::fast_uri::{self, Read};
    let entry = grammar::rfc2396::Rule::entry_for(input);
    match fast_uri::read(input, entry) {
        Some(Read::Uri(spans)) => Ok(Url::Uri(UriRef::from_spans(input, spans))),
        Some(Read::Doc(doc, fragment)) => Ok(Url::from_doc_spans(input, doc, fragment)),
        None => rfc2396_not_taken(input, entry),
    }
}

/// [`rfc2396_by_grammar`], for what the RFC 2396 fast path leaves: ldap,
/// telnet, file and wais, and every error.
#[cold]
#[inline(never)]
fn rfc2396_not_taken(input: &str, entry: grammar::rfc2396::Rule) -> Result<Url<'_>, ParseError> {
    rfc2396_by_grammar(input, entry)
}

/// `input` under RFC 2396 by the rule `entry` (see
/// [`grammar::rfc2396::Rule::entry_for`]), by the generated reader alone: it
/// judges the input and reads it into its parts.
fn rfc2396_by_grammar(input: &str, entry: grammar::rfc2396::Rule) -> Result<Url<'_>, ParseError> {
    crate::syntax::tracking::pairs(entry, input)
        .map(|pairs| lower_uri(input, entry, pairs))
        .ok_or_else(|| ParseError::pending(input, Spec::Rfc2396, Judged::Url))
}

/// `input` under RFC 3986 by the generated reader: judged by the form of its
/// scheme's document (`grammar::rfc3986::Rule::entry_for`), or by the
/// generic syntax, and read into that form's typed view.
fn rfc3986_by_grammar(input: &str) -> Result<Url<'_>, ParseError> {
    let entry = grammar::rfc3986::Rule::entry_for(input);
    crate::syntax::tracking::pairs(entry, input)
        .map(|pairs| lower_rfc3986(input, entry, pairs))
        .ok_or_else(|| ParseError::pending(input, Spec::Rfc3986, Judged::Url))
}

/// [`rfc3986_by_grammar`] by pest alone, with the error from pest's detailed
/// report, which the caller turns on.
#[cfg(feature = "pest-reference")]
fn rfc3986_by_pest(input: &str) -> Result<Url<'_>, ParseError> {
    use grammar::rfc3986::Rule;
    let entry = Rule::entry_for(input);
    match Rule::parse_pairs(entry, input) {
        Ok(pairs) => Ok(lower_rfc3986(input, entry, pairs)),
        Err(error) => {
            Err(
                ParseError::from_pest(input, Spec::Rfc3986, Scheme::of(input), Judged::Url, &error)
                    .expect("pest's error detail is on: `pest::set_error_detail(true)`"),
            )
        }
    }
}

/// The typed view of a parse of RFC 3986's `URI` (the components of the
/// generic syntax) or of one of the later documents' forms (their scheme's
/// view, as the Section 5 URLs of the same scheme have).
fn lower_rfc3986<'a>(
    input: &'a str,
    entry: grammar::rfc3986::Rule,
    mut pairs: Pairs<'a, grammar::rfc3986::Rule>,
) -> Url<'a> {
    if entry == grammar::rfc3986::Rule::uri_absolute {
        let pair = pairs.next().expect("a parse yields its entry rule");
        return Url::Uri(UriRef::lower_rfc3986(input, pair));
    }
    lower_as(input, Spec::Rfc3986, Scheme::of(input), pairs)
}

/// The typed view of what the RFC 2396 grammar read from `entry`.
fn lower_uri<'a>(
    input: &'a str,
    entry: grammar::rfc2396::Rule,
    mut pairs: Pairs<'a, grammar::rfc2396::Rule>,
) -> Url<'a> {
    use grammar::rfc2396::Rule;
    let pair = pairs.next().expect("a parse yields its entry rule");
    match entry {
        Rule::uri_man => Url::Man(ManUri::lower(input, pair)),
        Rule::uri_info => Url::Info(InfoUri::lower(input, pair)),
        Rule::uri_whatis => Url::Whatis(WhatisUri::lower(input, pair)),
        Rule::uri_ghelp => Url::Ghelp(GhelpUri::lower(input, pair)),
        Rule::uri_ldap => Url::Ldap(LdapUrl::lower(input, pair)),
        Rule::uri_absolute => Url::Uri(UriRef::lower(input, pair)),
        // uri(7)'s URL forms narrow the generic syntax: their components are
        // the generic syntax's.
        _ => Url::Uri(UriRef::lower_form(input, pair)),
    }
}

/// Parses `input` under a Section 5 specification by the generated reader
/// alone: its pairs for a URL, its record for an error.
fn parse_as<R: Compiled>(
    input: &str,
    spec: Spec,
    scheme: Option<Scheme>,
) -> Result<Url<'_>, ParseError> {
    let entry = R::entry(scheme);
    match crate::syntax::tracking::pairs(entry, input) {
        Some(pairs) => Ok(lower_as(input, spec, scheme, pairs)),
        None => Err(ParseError::pending(input, spec, Judged::Url)),
    }
}

/// The typed view of what the grammar read from a URL.
pub(crate) fn lower_as<'a, R: SpecRule>(
    input: &'a str,
    spec: Spec,
    scheme: Option<Scheme>,
    mut pairs: Pairs<'a, R>,
) -> Url<'a> {
    let url = pairs
        .next()
        .and_then(|entry| entry.into_inner().next())
        .expect("an entry rule holds the scheme's rule");
    match scheme {
        Some(Scheme::Ftp) => Url::Ftp(FtpUrl::lower(input, spec, url)),
        Some(Scheme::Http) => Url::Http(HttpUrl::lower(input, spec, url)),
        Some(Scheme::Gopher) => Url::Gopher(GopherUrl::lower(input, spec, url)),
        Some(Scheme::Mailto) => Url::Mailto(MailtoUrl::lower(input, spec, url)),
        Some(Scheme::News) => Url::News(NewsUrl::lower(input, spec, url)),
        Some(Scheme::Nntp) => Url::Nntp(NntpUrl::lower(input, spec, url)),
        Some(Scheme::Telnet) => Url::Telnet(TelnetUrl::lower(input, spec, url)),
        Some(Scheme::Wais) => Url::Wais(WaisUrl::lower(input, spec, url)),
        Some(Scheme::File) => Url::File(FileUrl::lower(input, spec, url)),
        Some(Scheme::Prospero) => Url::Prospero(ProsperoUrl::lower(input, spec, url)),
        None => Url::Generic(GenericUrl::lower(input, spec, url)),
    }
}
