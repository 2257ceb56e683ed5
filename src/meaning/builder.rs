//! Building URLs from decoded parts: one builder per scheme, each escaping
//! exactly the bytes its component's rule does not allow as they are, and
//! refusing with a [`BuildError`] what no URL of the scheme can say.
//!
//! Every builder takes its parts as the bytes they stand for (`&str`,
//! `&[u8]`, `String`, `Vec<u8>`...), writes them under the [`Spec`] given to
//! `build`, and promises that [`Url::parse_with`] reads back, through the
//! scheme's accessors and [`percent_decode`](crate::percent_decode), the parts
//! it was given: a part that was set reads back as set, one that was not reads
//! back as absent. When that cannot be (a password without a user, a search
//! without a path...), `build` refuses rather than write something else.
//!
//! Under RFC 3986 a builder writes the later document's form of its scheme
//! (http and mailto: the generic syntax), and escapes every byte of a part
//! but the `unreserved` ones: "URI producing applications should
//! percent-encode data octets that correspond to characters in the reserved
//! set" (§2.2). RFC 2396 is refused.
//!
//! Host names are never escaped: a host is checked against `host = hostname |
//! hostnumber` as it is and refused when it is not one.

use crate::syntax::charclass::*;
use crate::syntax::decode::percent_encode;
use crate::syntax::grammar::Node;
use crate::syntax::rules::GrammarRule;
use crate::syntax::scheme::Scheme;
use crate::syntax::scheme::article;
use crate::syntax::spec::Spec;
use crate::url::Url;
use crate::url::owned::OwnedUrl;
use crate::url::schemes::file::FileUrl;
use crate::url::schemes::ftp::FtpUrl;
use crate::url::schemes::generic::GenericUrl;
use crate::url::schemes::gopher::GopherUrl;
use crate::url::schemes::http::HttpUrl;
use crate::url::schemes::mailto::MailtoUrl;
use crate::url::schemes::news::GroupPart;
use crate::url::schemes::news::NewsUrl;
use crate::url::schemes::nntp::NntpUrl;
use crate::url::schemes::prospero::ProsperoUrl;
use crate::url::schemes::telnet::TelnetUrl;
use crate::url::schemes::wais::WaisUrl;

/// Why a builder cannot write a URL with the parts it was given: which
/// component, the rule of the specification that it breaks, and how.
///
/// ```
/// use rfc1738::{GopherUrl, Spec};
///
/// let err = GopherUrl::builder().host("h").gtype("7").search("a\tb").build(Spec::Rfc1738).unwrap_err();
/// assert_eq!(err.component(), "gopher search");
/// assert_eq!(err.rule().name(), "search");
/// assert!(err.to_string().starts_with("cannot build the gopher search (RFC 1738): it holds a TAB"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot build the {component} ({}): {reason} (`{}`)", .spec.title(), .rule.definition(Spec::clone(.spec)))]
pub struct BuildError {
    component: String,
    rule: GrammarRule,
    spec: Spec,
    reason: String,
}

impl BuildError {
    fn new(component: &str, rule: Node, spec: Spec, reason: impl Into<String>) -> BuildError {
        BuildError {
            component: component.to_owned(),
            rule: GrammarRule(rule, spec),
            spec,
            reason: reason.into(),
        }
    }

    /// The part that could not be written, such as `"ftp host"`; `"URL"` for
    /// the URL as a whole (under RFC 2396, which builders do not write by).
    ///
    /// ```
    /// use rfc1738::{HttpUrl, Spec};
    ///
    /// let err = HttpUrl::builder().build(Spec::Rfc1738).unwrap_err();
    /// assert_eq!(err.component(), "http host");
    /// let err = HttpUrl::builder().host("h").build(Spec::Rfc2396).unwrap_err();
    /// assert_eq!(err.component(), "URL");
    /// assert!(err.to_string().contains("build under RFC 1738, draft-07 or RFC 3986"));
    /// ```
    #[must_use]
    pub fn component(&self) -> &str {
        &self.component
    }

    /// The rule of the specification the part would break.
    ///
    /// ```
    /// use rfc1738::{NewsUrl, Spec};
    ///
    /// let err = NewsUrl::builder().group("comp.lang.c++").build(Spec::Draft07).unwrap_err();
    /// assert_eq!(err.rule().definition(Spec::Draft07), r#"group = alpha *[ alpha | digit | "-" | "." ]"#);
    /// ```
    #[must_use]
    pub fn rule(&self) -> GrammarRule {
        self.rule
    }

    /// The specification the URL was to be written under.
    ///
    /// ```
    /// use rfc1738::{FileUrl, Spec};
    ///
    /// let err = FileUrl::builder().segment("etc").build(Spec::Draft07).unwrap_err();
    /// assert_eq!(err.spec(), Spec::Draft07);
    /// ```
    #[must_use]
    pub fn spec(&self) -> Spec {
        self.spec
    }

    /// What is wrong, in words.
    ///
    /// ```
    /// use rfc1738::{MailtoUrl, Spec};
    ///
    /// let err = MailtoUrl::builder().address("").build(Spec::Rfc1738).unwrap_err();
    /// assert_eq!(err.reason(), "the address is empty, and `encoded822addr` is at least one character");
    /// ```
    #[must_use]
    pub fn reason(&self) -> &str {
        &self.reason
    }
}

/// The URL a builder writes under `spec`, read back. Builders write by the
/// Section 5 BNF, or by RFC 3986 with the later documents' forms; RFC 2396
/// is refused as such rather than by a check of some part. Every builder
/// writes only what its scheme's rule takes
/// (`tests/build_normalize.rs` and the `build_parse` fuzz target hold it to
/// that); a text that does not parse would be a fault of the builder,
/// reported as a `BuildError` of the component `"URL"` rather than returned.
fn built(
    spec: Spec,
    write: impl FnOnce() -> Result<String, BuildError>,
) -> Result<OwnedUrl, BuildError> {
    if spec == Spec::Rfc2396 {
        return Err(BuildError::new(
            "URL",
            Node::absoluteURI,
            spec,
            "builders write URLs by the Section 5 BNF or by RFC 3986: build under RFC 1738, \
             draft-07 or RFC 3986, then read the text with `Url::parse_with(text, Spec::Rfc2396)`",
        ));
    }
    let text = write()?;
    OwnedUrl::parse_with(text, spec).map_err(|error| {
        debug_assert!(
            false,
            "a builder wrote a text its rule does not take: {error}"
        );
        BuildError::new(
            "URL",
            error
                .expected()
                .iter()
                .find_map(|expected| match expected {
                    crate::syntax::error::Expected::Rule(rule) => Some(rule.0),
                    _ => None,
                })
                .unwrap_or(Node::genericurl),
            spec,
            format!("the builder wrote a text its rule does not take: {error}"),
        )
    })
}

/// `bytes` with every byte that `allowed` refuses under `spec` escaped.
/// Under RFC 3986 every byte but the `unreserved` ones is escaped: "URI
/// producing applications should percent-encode data octets that
/// correspond to characters in the reserved set" (§2.2), and every rule of
/// a component takes `unreserved` and `pct-encoded`.
fn encode(bytes: &[u8], spec: Spec, allowed: fn(u8, Spec) -> bool) -> String {
    if spec == Spec::Rfc3986 {
        return percent_encode(bytes, |byte| unreserved(byte, spec));
    }
    percent_encode(bytes, |byte| allowed(byte, spec))
}

/// Whether a host of `component` is, under RFC 3986, draft-hoffkohn-
/// rfc1738bis-00 §2.1's (a domain name or a dotted quad) rather than RFC
/// 3986's own `host` (which ftp, gopher, http and the generic syntax take).
fn takes_inet_host(component: &str) -> bool {
    ["news", "nntp", "telnet", "wais", "file", "prospero"]
        .iter()
        .any(|scheme| component.starts_with(scheme))
}

/// The first byte of `of` in `bytes`, by name: the gopher builder refuses
/// TAB, CR and LF, which separate and end the fields of a Gopher request.
fn first_of(bytes: &[u8], of: &[u8]) -> Option<&'static str> {
    bytes
        .iter()
        .filter(|byte| of.contains(byte))
        .find_map(|byte| match byte {
            b'\t' => Some("a TAB"),
            b'\r' => Some("a CR"),
            b'\n' => Some("an LF"),
            _ => None,
        })
}

/// TAB, CR and LF.
const GOPHER_SEPARATORS: &[u8] = b"\t\r\n";

/// `host` as written, when it is a `host` under `spec`. Hosts are not escaped
/// (in RFC 1738 `hostname` has no escapes at all), so the text is checked by
/// parsing it as the host of a small URL, which uses the grammar's own rule.
fn check_host<'h>(host: &'h [u8], spec: Spec, component: &str) -> Result<&'h str, BuildError> {
    let refuse = |what: String| {
        BuildError::new(
            component,
            Node::host,
            spec,
            format!(
                "{what} is neither a host name (`{}`) nor a host number (`{}`)",
                GrammarRule(Node::hostname, spec).definition(spec),
                GrammarRule(Node::hostnumber, spec).definition(spec),
            ),
        )
    };
    let Ok(text) = std::str::from_utf8(host) else {
        return Err(refuse(format!("{:?}", String::from_utf8_lossy(host))));
    };
    let probe = match spec {
        Spec::Rfc3986 if takes_inet_host(component) => format!("telnet://{text}/"),
        Spec::Rfc3986 => format!("ftp://{text}/"),
        _ => format!("http://{text}/"),
    };
    match Url::parse_with(&probe, spec) {
        Ok(url)
            if url.hostport().is_some_and(|hostport| {
                hostport.port().is_none() && hostport.host().as_str() == text
            }) =>
        {
            Ok(text)
        }
        _ if spec == Spec::Rfc3986 && !takes_inet_host(component) => Err(BuildError::new(
            component,
            Node::host,
            spec,
            format!(
                "{text:?} is no `host = IP-literal / IPv4address / reg-name` (RFC 3986), as written"
            ),
        )),
        _ if spec == Spec::Rfc3986 => Err(BuildError::new(
            component,
            Node::inet_host,
            spec,
            format!(
                "{text:?} is neither a domain name of letter-or-digit labels nor a dotted quad \
                 (draft-hoffkohn-rfc1738bis-00 §2.1)"
            ),
        )),
        _ => Err(refuse(format!("{text:?}"))),
    }
}

/// `group` under `spec`, checked by parsing `news:` and the group: a news
/// group name is never escaped.
fn check_group<'g>(group: &'g [u8], spec: Spec, component: &str) -> Result<&'g str, BuildError> {
    let refuse = |what: String| {
        BuildError::new(
            component,
            Node::group,
            spec,
            format!("{what} is not a news group name"),
        )
    };
    let Ok(text) = std::str::from_utf8(group) else {
        return Err(refuse(format!("{:?}", String::from_utf8_lossy(group))));
    };
    let probe = format!("news:{text}");
    match Url::parse_with(&probe, spec) {
        Ok(Url::News(news)) if news.grouppart() == GroupPart::Group(text) => Ok(text),
        _ => Err(refuse(format!("{text:?}"))),
    }
}

/// The host and port of the IP-based schemes, with a user and password for
/// those whose rule has `login`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct LoginParts {
    user: Option<Vec<u8>>,
    password: Option<Vec<u8>>,
    host: Option<Vec<u8>>,
    port: Option<u16>,
}

impl LoginParts {
    /// Writes `hostport = host [ ":" port ]`.
    fn write_hostport(&self, out: &mut String, spec: Spec, scheme: &str) -> Result<(), BuildError> {
        let Some(host) = &self.host else {
            return Err(BuildError::new(
                &format!("{scheme} host"),
                Node::hostport,
                spec,
                format!(
                    "{} {scheme} URL names a host: set one with `host`",
                    article(scheme)
                ),
            ));
        };
        out.push_str(check_host(host, spec, &format!("{scheme} host"))?);
        if let Some(port) = self.port {
            out.push(':');
            out.push_str(&port.to_string());
        }
        Ok(())
    }

    /// Writes `login = [ user [ ":" password ] "@" ] hostport`.
    fn write_login(&self, out: &mut String, spec: Spec, scheme: &str) -> Result<(), BuildError> {
        match (&self.user, &self.password) {
            (None, Some(_)) => {
                return Err(BuildError::new(
                    &format!("{scheme} password"),
                    Node::login,
                    spec,
                    "a password follows a user name: set a user (an empty one is allowed)",
                ));
            }
            (Some(user), password) => {
                out.push_str(&encode(user, spec, user_char));
                if let Some(password) = password {
                    out.push(':');
                    out.push_str(&encode(password, spec, user_char));
                }
                out.push('@');
            }
            (None, None) => {}
        }
        self.write_hostport(out, spec, scheme)
    }
}

/// Setters shared by the builders whose rule has a `hostport`.
macro_rules! hostport_setters {
    ($builder:ident, $scheme:literal, $sample:literal) => {
        impl $builder {
            #[doc = concat!(
                "The host: a `hostname` or `hostnumber` as written (hosts are not escaped).\n\n```\n",
                "let url = rfc1738::", stringify!($builder), "::default()", $sample,
                ".host(\"Host.Example\").build(rfc1738::Spec::Rfc1738).unwrap();\n",
                "assert!(url.as_str().starts_with(\"", $scheme, "://Host.Example\"));\n```"
            )]
            #[must_use]
            pub fn host(mut self, host: impl AsRef<[u8]>) -> Self {
                self.login.host = Some(host.as_ref().to_vec());
                self
            }

            #[doc = concat!(
                "The port, written in decimal.\n\n```\n",
                "let url = rfc1738::", stringify!($builder), "::default()", $sample,
                ".host(\"h\").port(8001).build(rfc1738::Spec::Rfc1738).unwrap();\n",
                "assert!(url.as_str().starts_with(\"", $scheme, "://h:8001\"));\n```"
            )]
            #[must_use]
            pub fn port(mut self, port: u16) -> Self {
                self.login.port = Some(port);
                self
            }
        }
    };
}

/// Setters shared by the builders whose rule has a `login`.
macro_rules! login_setters {
    ($builder:ident, $scheme:literal, $sample:literal) => {
        hostport_setters!($builder, $scheme, $sample);

        impl $builder {
            #[doc = concat!(
                "The user name (`user`); an empty one is written as `@host`.\n\n```\n",
                "let url = rfc1738::", stringify!($builder), "::default()", $sample,
                ".user(\"a@b\").host(\"h\").build(rfc1738::Spec::Rfc1738).unwrap();\n",
                "assert!(url.as_str().starts_with(\"", $scheme, "://a%40b@h\"));\n```"
            )]
            #[must_use]
            pub fn user(mut self, user: impl AsRef<[u8]>) -> Self {
                self.login.user = Some(user.as_ref().to_vec());
                self
            }

            #[doc = concat!(
                "The password (`password`); it needs a user.\n\n```\n",
                "let url = rfc1738::", stringify!($builder), "::default()", $sample,
                ".user(\"me\").password(\"p:w\").host(\"h\").build(rfc1738::Spec::Rfc1738).unwrap();\n",
                "assert!(url.as_str().starts_with(\"", $scheme, "://me:p%3Aw@h\"));\n```"
            )]
            #[must_use]
            pub fn password(mut self, password: impl AsRef<[u8]>) -> Self {
                self.login.password = Some(password.as_ref().to_vec());
                self
            }
        }
    };
}

// ---------------------------------------------------------------------------
// ftp

/// Builds an `ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]`.
///
/// The path is the directories (`cwd`, in order) and then the file `name`.
/// Directories or a type code need a name after them (`name("")` names the
/// last directory itself, as `ftp://host/pub/` does).
///
/// ```
/// use rfc1738::{FtpUrl, Spec};
///
/// let url = FtpUrl::builder().user("myname").host("host.dom").cwd("/etc").name("motd").build(Spec::Rfc1738)?;
/// assert_eq!(url, "ftp://myname@host.dom/%2Fetc/motd");
/// let url = FtpUrl::builder().host("h").cwd("pub").name("").typecode('d').build(Spec::Rfc1738)?;
/// assert_eq!(url, "ftp://h/pub/;type=d");
/// # Ok::<(), rfc1738::BuildError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FtpBuilder {
    login: LoginParts,
    cwd: Vec<Vec<u8>>,
    name: Option<Vec<u8>>,
    typecode: Option<char>,
}

impl FtpUrl<'_> {
    /// A builder for ftp URLs.
    ///
    /// ```
    /// let url = rfc1738::FtpUrl::builder().host("ftp.example").build(rfc1738::Spec::Rfc1738).unwrap();
    /// assert_eq!(url, "ftp://ftp.example");
    /// ```
    #[must_use]
    pub fn builder() -> FtpBuilder {
        FtpBuilder::default()
    }
}

login_setters!(FtpBuilder, "ftp", "");

impl FtpBuilder {
    /// Adds a directory to change into (`fsegment`); "/" and ";" in it are escaped.
    ///
    /// ```
    /// let url = rfc1738::FtpUrl::builder().host("h").cwd("a;b").cwd("").name("f").build(rfc1738::Spec::Rfc1738).unwrap();
    /// assert_eq!(url, "ftp://h/a%3Bb//f");
    /// ```
    #[must_use]
    pub fn cwd(mut self, directory: impl AsRef<[u8]>) -> Self {
        self.cwd.push(directory.as_ref().to_vec());
        self
    }

    /// The file name, the last `fsegment`.
    ///
    /// ```
    /// let url = rfc1738::FtpUrl::builder().host("h").name("read me").build(rfc1738::Spec::Rfc1738).unwrap();
    /// assert_eq!(url, "ftp://h/read%20me");
    /// ```
    #[must_use]
    pub fn name(mut self, name: impl AsRef<[u8]>) -> Self {
        self.name = Some(name.as_ref().to_vec());
        self
    }

    /// The type code (`ftptype`): `A`, `I` or `D`, in either case; any other
    /// character is refused by `build`.
    ///
    /// ```
    /// let url = rfc1738::FtpUrl::builder().host("h").name("f").typecode('I').build(rfc1738::Spec::Rfc1738).unwrap();
    /// assert_eq!(url, "ftp://h/f;type=I");
    /// ```
    #[must_use]
    pub fn typecode(mut self, typecode: char) -> Self {
        self.typecode = Some(typecode);
        self
    }

    /// The URL under `spec`.
    ///
    /// # Errors
    ///
    /// [`BuildError`], naming the component and the rule, when a part cannot be
    /// written under `spec`: a host or port the grammar does not take, a
    /// character its rule cannot hold even escaped, an empty part its rule
    /// forbids, or a part set without the one it follows.
    ///
    /// ```
    /// use rfc1738::{FtpUrl, Spec};
    ///
    /// assert_eq!(FtpUrl::builder().host("h").cwd("~me").name("").build(Spec::Draft07).unwrap(), "ftp://h/~me/");
    /// assert_eq!(FtpUrl::builder().host("h").cwd("~me").name("").build(Spec::Rfc1738).unwrap(), "ftp://h/%7Eme/");
    /// assert!(FtpUrl::builder().host("h").cwd("pub").build(Spec::Rfc1738).is_err());
    /// ```
    pub fn build(&self, spec: Spec) -> Result<OwnedUrl, BuildError> {
        built(spec, || self.write(spec))
    }

    /// The text that [`build`](Self::build) reads back.
    fn write(&self, spec: Spec) -> Result<String, BuildError> {
        let mut out = String::from("ftp://");
        self.login.write_login(&mut out, spec, "ftp")?;
        let Some(name) = &self.name else {
            if !self.cwd.is_empty() {
                return Err(BuildError::new(
                    "ftp path",
                    Node::fpath,
                    spec,
                    "the last segment of the path is the file name, so directories need a name \
                     after them: `name(\"\")` names the last directory itself",
                ));
            }
            if self.typecode.is_some() {
                return Err(BuildError::new(
                    "ftp type code",
                    Node::ftpurl,
                    spec,
                    "a type code follows a path: set a name (an empty one for `ftp://host/;type=d`)",
                ));
            }
            return Ok(out);
        };
        for directory in &self.cwd {
            out.push('/');
            out.push_str(&encode(directory, spec, fsegment_char));
        }
        out.push('/');
        out.push_str(&encode(name, spec, fsegment_char));
        if let Some(typecode) = self.typecode {
            if !matches!(typecode, 'A' | 'I' | 'D' | 'a' | 'i' | 'd') {
                return Err(BuildError::new(
                    "ftp type code",
                    Node::ftptype,
                    spec,
                    format!("{typecode:?} is not one of A, I and D"),
                ));
            }
            out.push_str(";type=");
            out.push(typecode);
        }
        Ok(out)
    }
}

// ---------------------------------------------------------------------------
// http

/// Builds an `httpurl = "http://" hostport [ "/" hpath [ "?" search ]]`.
///
/// A search follows a path, so it needs a segment (`segment("")` for
/// `http://host/?search`).
///
/// ```
/// use rfc1738::{HttpUrl, Spec};
///
/// let url = HttpUrl::builder().host("www.example.com").segment("a b").segment("c/d").search("q=1?").build(Spec::Rfc1738)?;
/// assert_eq!(url, "http://www.example.com/a%20b/c%2Fd?q=1%3F");
/// # Ok::<(), rfc1738::BuildError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HttpBuilder {
    login: LoginParts,
    segments: Vec<Vec<u8>>,
    search: Option<Vec<u8>>,
}

impl HttpUrl<'_> {
    /// A builder for http URLs.
    ///
    /// ```
    /// let url = rfc1738::HttpUrl::builder().host("h").segment("").build(rfc1738::Spec::Rfc1738).unwrap();
    /// assert_eq!(url, "http://h/");
    /// ```
    #[must_use]
    pub fn builder() -> HttpBuilder {
        HttpBuilder::default()
    }
}

hostport_setters!(HttpBuilder, "http", "");

impl HttpBuilder {
    /// Adds a path segment (`hsegment`); "/" and "?" in it are escaped.
    ///
    /// ```
    /// let url = rfc1738::HttpUrl::builder().host("h").segment("a;b=c").build(rfc1738::Spec::Rfc1738).unwrap();
    /// assert_eq!(url, "http://h/a;b=c");
    /// ```
    #[must_use]
    pub fn segment(mut self, segment: impl AsRef<[u8]>) -> Self {
        self.segments.push(segment.as_ref().to_vec());
        self
    }

    /// The search (`search`), after `?`.
    ///
    /// ```
    /// let url = rfc1738::HttpUrl::builder().host("h").segment("").search("a/b").build(rfc1738::Spec::Rfc1738).unwrap();
    /// assert_eq!(url, "http://h/?a%2Fb");
    /// ```
    #[must_use]
    pub fn search(mut self, search: impl AsRef<[u8]>) -> Self {
        self.search = Some(search.as_ref().to_vec());
        self
    }

    /// The URL under `spec`.
    ///
    /// # Errors
    ///
    /// [`BuildError`], naming the component and the rule, when a part cannot be
    /// written under `spec`: a host or port the grammar does not take, a
    /// character its rule cannot hold even escaped, an empty part its rule
    /// forbids, or a part set without the one it follows.
    ///
    /// ```
    /// use rfc1738::{HttpUrl, Spec};
    ///
    /// assert_eq!(HttpUrl::builder().host("h").port(80).build(Spec::Rfc1738).unwrap(), "http://h:80");
    /// assert!(HttpUrl::builder().host("h").search("q").build(Spec::Rfc1738).is_err());
    /// ```
    pub fn build(&self, spec: Spec) -> Result<OwnedUrl, BuildError> {
        built(spec, || self.write(spec))
    }

    /// The text that [`build`](Self::build) reads back.
    fn write(&self, spec: Spec) -> Result<String, BuildError> {
        let mut out = String::from("http://");
        self.login.write_hostport(&mut out, spec, "http")?;
        if self.segments.is_empty() {
            if self.search.is_some() {
                return Err(BuildError::new(
                    "http search",
                    Node::httpurl,
                    spec,
                    "a search follows a path: add a segment (an empty one for `http://host/?search`)",
                ));
            }
            return Ok(out);
        }
        for segment in &self.segments {
            out.push('/');
            out.push_str(&encode(segment, spec, hsegment_char));
        }
        if let Some(search) = &self.search {
            out.push('?');
            out.push_str(&encode(search, spec, hsegment_char));
        }
        Ok(out)
    }
}

// ---------------------------------------------------------------------------
// gopher

/// Builds a `gopherurl = "gopher://" hostport [ / [ gtype [ selector [ "%09"
/// search [ "%09" gopher+_string ] ] ] ] ]`.
///
/// A URL with no `gtype` has an empty path (`gopher://host/`). With a `gtype`
/// the selector is always there (empty unless set); a search needs a `gtype`,
/// and a gopher+ string needs a search (`search("")` for an empty one). The
/// `%09` between them are the TABs of the Gopher request, so a selector or
/// search holding TAB, CR or LF, which would end or split the request
/// (RFC 1436, RFC 4266), is refused; so is a `gtype` holding one (it is a
/// field of a TAB-separated menu line), and CR or LF in a gopher+ string.
///
/// ```
/// use rfc1738::{GopherUrl, Spec};
///
/// let url = GopherUrl::builder().host("h").gtype("7").selector("/srch").search("rfc 1738").build(Spec::Rfc1738)?;
/// assert_eq!(url, "gopher://h/7/srch%09rfc%201738");
/// # Ok::<(), rfc1738::BuildError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GopherBuilder {
    login: LoginParts,
    gtype: Option<Vec<u8>>,
    selector: Option<Vec<u8>>,
    search: Option<Vec<u8>>,
    gopher_plus: Option<Vec<u8>>,
}

impl GopherUrl<'_> {
    /// A builder for gopher URLs.
    ///
    /// ```
    /// let url = rfc1738::GopherUrl::builder().host("h").build(rfc1738::Spec::Rfc1738).unwrap();
    /// assert_eq!(url, "gopher://h/");
    /// ```
    #[must_use]
    pub fn builder() -> GopherBuilder {
        GopherBuilder::default()
    }
}

hostport_setters!(GopherBuilder, "gopher", "");

impl GopherBuilder {
    /// The item type (`gtype = xchar`): exactly one byte, else `build` refuses.
    ///
    /// ```
    /// let url = rfc1738::GopherUrl::builder().host("h").gtype("1").build(rfc1738::Spec::Rfc1738).unwrap();
    /// assert_eq!(url, "gopher://h/1");
    /// ```
    #[must_use]
    pub fn gtype(mut self, gtype: impl AsRef<[u8]>) -> Self {
        self.gtype = Some(gtype.as_ref().to_vec());
        self
    }

    /// The selector (`selector = *xchar`).
    ///
    /// ```
    /// let url = rfc1738::GopherUrl::builder().host("h").gtype("0").selector("a b/c?").build(rfc1738::Spec::Rfc1738).unwrap();
    /// assert_eq!(url, "gopher://h/0a%20b/c?");
    /// ```
    #[must_use]
    pub fn selector(mut self, selector: impl AsRef<[u8]>) -> Self {
        self.selector = Some(selector.as_ref().to_vec());
        self
    }

    /// The search, after the first `%09`.
    ///
    /// ```
    /// let url = rfc1738::GopherUrl::builder().host("h").gtype("7").search("a/b").build(rfc1738::Spec::Rfc1738).unwrap();
    /// assert_eq!(url, "gopher://h/7%09a%2Fb");
    /// ```
    #[must_use]
    pub fn search(mut self, search: impl AsRef<[u8]>) -> Self {
        self.search = Some(search.as_ref().to_vec());
        self
    }

    /// The gopher+ string (`gopher+_string = *xchar`), after the second `%09`.
    ///
    /// ```
    /// let url = rfc1738::GopherUrl::builder().host("h").gtype("1").search("").gopher_plus("+").build(rfc1738::Spec::Rfc1738).unwrap();
    /// assert_eq!(url, "gopher://h/1%09%09+");
    /// ```
    #[must_use]
    pub fn gopher_plus(mut self, gopher_plus: impl AsRef<[u8]>) -> Self {
        self.gopher_plus = Some(gopher_plus.as_ref().to_vec());
        self
    }

    /// The URL under `spec`.
    ///
    /// # Errors
    ///
    /// [`BuildError`], naming the component and the rule, when a part cannot be
    /// written under `spec`: a host or port the grammar does not take, a
    /// character its rule cannot hold even escaped, an empty part its rule
    /// forbids, or a part set without the one it follows.
    ///
    /// ```
    /// use rfc1738::{GopherUrl, Spec};
    ///
    /// assert!(GopherUrl::builder().host("h").gtype("10").build(Spec::Rfc1738).is_err());
    /// assert!(GopherUrl::builder().host("h").selector("x").build(Spec::Rfc1738).is_err());
    /// assert!(GopherUrl::builder().host("h").gtype("1").selector("a\r\n").build(Spec::Rfc1738).is_err());
    /// ```
    pub fn build(&self, spec: Spec) -> Result<OwnedUrl, BuildError> {
        built(spec, || self.write(spec))
    }

    /// The text that [`build`](Self::build) reads back.
    fn write(&self, spec: Spec) -> Result<String, BuildError> {
        let mut out = String::from("gopher://");
        self.login.write_hostport(&mut out, spec, "gopher")?;
        out.push('/');
        let Some(gtype) = &self.gtype else {
            let set = [
                (self.selector.is_some(), "selector"),
                (self.search.is_some(), "search"),
                (self.gopher_plus.is_some(), "gopher+ string"),
            ];
            if let Some((_, part)) = set.iter().find(|(is_set, _)| *is_set) {
                return Err(BuildError::new(
                    &format!("gopher {part}"),
                    Node::gopherurl,
                    spec,
                    format!("a {part} follows the item type: set a gtype"),
                ));
            }
            return Ok(out);
        };
        let &[gtype_byte] = gtype.as_slice() else {
            return Err(BuildError::new(
                "gopher item type",
                Node::gtype,
                spec,
                format!("the item type is one character, not {} bytes", gtype.len()),
            ));
        };
        if let Some(separator) = first_of(gtype, GOPHER_SEPARATORS) {
            return Err(BuildError::new(
                "gopher item type",
                Node::gtype,
                spec,
                format!(
                    "it is {separator}, which separates or ends the lines of a Gopher menu (RFC 1436)"
                ),
            ));
        }
        out.push_str(&encode(&[gtype_byte], spec, xchar));
        let selector = self.selector.as_deref().unwrap_or_default();
        if let Some(separator) = first_of(selector, GOPHER_SEPARATORS) {
            return Err(BuildError::new(
                "gopher selector",
                Node::selector,
                spec,
                format!(
                    "it holds {separator}, which ends the selector in a Gopher request (RFC 4266)"
                ),
            ));
        }
        out.push_str(&encode(selector, spec, xchar));
        let Some(search) = &self.search else {
            if self.gopher_plus.is_some() {
                return Err(BuildError::new(
                    "gopher+ string",
                    Node::gopherurl,
                    spec,
                    "a gopher+ string follows a search: set one (an empty one for `%09%09+`)",
                ));
            }
            return Ok(out);
        };
        if let Some(separator) = first_of(search, GOPHER_SEPARATORS) {
            return Err(BuildError::new(
                "gopher search",
                Node::gopher_search,
                spec,
                format!(
                    "it holds {separator}, which ends the search in a Gopher request (RFC 4266)"
                ),
            ));
        }
        out.push_str("%09");
        out.push_str(&encode(search, spec, hsegment_char));
        if let Some(gopher_plus) = &self.gopher_plus {
            if let Some(separator) = first_of(gopher_plus, b"\r\n") {
                return Err(BuildError::new(
                    "gopher+ string",
                    Node::gopher_plus_string,
                    spec,
                    format!("it holds {separator}, which ends a Gopher request line (RFC 4266)"),
                ));
            }
            out.push_str("%09");
            out.push_str(&encode(gopher_plus, spec, xchar));
        }
        Ok(out)
    }
}

// ---------------------------------------------------------------------------
// mailto

/// Builds a `mailtourl = "mailto:" encoded822addr`. The address is not
/// checked against RFC 822; it must not be empty.
///
/// ```
/// use rfc1738::{MailtoUrl, Spec};
///
/// let url = MailtoUrl::builder().address("Joe Smith <joe@example.com>").build(Spec::Rfc1738)?;
/// assert_eq!(url, "mailto:Joe%20Smith%20%3Cjoe@example.com%3E");
/// # Ok::<(), rfc1738::BuildError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MailtoBuilder {
    address: Option<Vec<u8>>,
}

impl MailtoUrl<'_> {
    /// A builder for mailto URLs.
    ///
    /// ```
    /// let url = rfc1738::MailtoUrl::builder().address("a@b").build(rfc1738::Spec::Rfc1738).unwrap();
    /// assert_eq!(url, "mailto:a@b");
    /// ```
    #[must_use]
    pub fn builder() -> MailtoBuilder {
        MailtoBuilder::default()
    }
}

impl MailtoBuilder {
    /// The address (`encoded822addr = 1*xchar`).
    ///
    /// ```
    /// let url = rfc1738::MailtoUrl::builder().address("100%@x").build(rfc1738::Spec::Rfc1738).unwrap();
    /// assert_eq!(url, "mailto:100%25@x");
    /// ```
    #[must_use]
    pub fn address(mut self, address: impl AsRef<[u8]>) -> Self {
        self.address = Some(address.as_ref().to_vec());
        self
    }

    /// The URL under `spec`.
    ///
    /// # Errors
    ///
    /// [`BuildError`], naming the component and the rule, when a part cannot be
    /// written under `spec`: a host or port the grammar does not take, a
    /// character its rule cannot hold even escaped, an empty part its rule
    /// forbids, or a part set without the one it follows.
    ///
    /// ```
    /// assert!(rfc1738::MailtoUrl::builder().build(rfc1738::Spec::Rfc1738).is_err());
    /// ```
    pub fn build(&self, spec: Spec) -> Result<OwnedUrl, BuildError> {
        built(spec, || self.write(spec))
    }

    /// The text that [`build`](Self::build) reads back.
    fn write(&self, spec: Spec) -> Result<String, BuildError> {
        match self.address.as_deref() {
            Some(address) if !address.is_empty() => {
                Ok(format!("mailto:{}", encode(address, spec, xchar)))
            }
            _ => Err(BuildError::new(
                "mailto address",
                Node::encoded822addr,
                spec,
                "the address is empty, and `encoded822addr` is at least one character",
            )),
        }
    }
}

// ---------------------------------------------------------------------------
// news

/// What a news URL names, as the builder holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
enum NewsPart {
    All,
    Group(Vec<u8>),
    Article { unique: Vec<u8>, host: Vec<u8> },
}

/// Builds a `newsurl = "news:" grouppart`: all groups, one group, or one
/// article. The last of `all`, `group` and `article` called is built.
///
/// A group name is not escaped (`group` has no escapes) and must be a `group`
/// of the specification; an article's unique part is escaped and must not be
/// empty, and its host must be a `host`.
///
/// ```
/// use rfc1738::{NewsUrl, Spec};
///
/// assert_eq!(NewsUrl::builder().group("comp.lang.c++").build(Spec::Rfc1738)?, "news:comp.lang.c++");
/// assert_eq!(NewsUrl::builder().article("a@b", "news.example").build(Spec::Rfc1738)?, "news:a%40b@news.example");
/// assert!(NewsUrl::builder().group("comp.lang.c++").build(Spec::Draft07).is_err());
/// # Ok::<(), rfc1738::BuildError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NewsBuilder {
    part: Option<NewsPart>,
}

impl NewsUrl<'_> {
    /// A builder for news URLs.
    ///
    /// ```
    /// assert_eq!(rfc1738::NewsUrl::builder().all().build(rfc1738::Spec::Rfc1738).unwrap(), "news:*");
    /// ```
    #[must_use]
    pub fn builder() -> NewsBuilder {
        NewsBuilder::default()
    }
}

impl NewsBuilder {
    /// All groups: `news:*`.
    ///
    /// ```
    /// assert_eq!(rfc1738::NewsUrl::builder().group("x").all().build(rfc1738::Spec::Draft07).unwrap(), "news:*");
    /// ```
    #[must_use]
    pub fn all(mut self) -> Self {
        self.part = Some(NewsPart::All);
        self
    }

    /// One group (`group`).
    ///
    /// ```
    /// assert_eq!(rfc1738::NewsUrl::builder().group("alt.test").build(rfc1738::Spec::Draft07).unwrap(), "news:alt.test");
    /// ```
    #[must_use]
    pub fn group(mut self, group: impl AsRef<[u8]>) -> Self {
        self.part = Some(NewsPart::Group(group.as_ref().to_vec()));
        self
    }

    /// One article: the message identifier's unique part and host, without
    /// RFC 1036's angle brackets.
    ///
    /// ```
    /// let url = rfc1738::NewsUrl::builder().article("12 34", "h.example").build(rfc1738::Spec::Rfc1738).unwrap();
    /// assert_eq!(url, "news:12%2034@h.example");
    /// ```
    #[must_use]
    pub fn article(mut self, unique: impl AsRef<[u8]>, host: impl AsRef<[u8]>) -> Self {
        self.part = Some(NewsPart::Article {
            unique: unique.as_ref().to_vec(),
            host: host.as_ref().to_vec(),
        });
        self
    }

    /// The URL under `spec`.
    ///
    /// # Errors
    ///
    /// [`BuildError`], naming the component and the rule, when a part cannot be
    /// written under `spec`: a host or port the grammar does not take, a
    /// character its rule cannot hold even escaped, an empty part its rule
    /// forbids, or a part set without the one it follows.
    ///
    /// ```
    /// use rfc1738::{NewsUrl, Spec};
    ///
    /// assert!(NewsUrl::builder().build(Spec::Rfc1738).is_err());
    /// assert!(NewsUrl::builder().article("", "h").build(Spec::Rfc1738).is_err());
    /// ```
    pub fn build(&self, spec: Spec) -> Result<OwnedUrl, BuildError> {
        built(spec, || self.write(spec))
    }

    /// The text that [`build`](Self::build) reads back.
    fn write(&self, spec: Spec) -> Result<String, BuildError> {
        match &self.part {
            None => Err(BuildError::new(
                "news group part",
                Node::grouppart,
                spec,
                "a news URL names all groups, a group or an article: call `all`, `group` or `article`",
            )),
            Some(NewsPart::All) => Ok("news:*".to_owned()),
            Some(NewsPart::Group(group)) => {
                Ok(format!("news:{}", check_group(group, spec, "news group")?))
            }
            Some(NewsPart::Article { unique, host }) => {
                if unique.is_empty() {
                    return Err(BuildError::new(
                        "news article",
                        Node::article,
                        spec,
                        "the unique part before \"@\" is empty, and it is at least one character",
                    ));
                }
                let host = check_host(host, spec, "news article host")?;
                Ok(format!(
                    "news:{}@{host}",
                    encode(unique, spec, article_char)
                ))
            }
        }
    }
}

// ---------------------------------------------------------------------------
// nntp

/// Builds an `nntpurl = "nntp://" hostport "/" group [ "/" digits ]`.
///
/// ```
/// use rfc1738::{NntpUrl, Spec};
///
/// let url = NntpUrl::builder().host("news.example").group("comp.lang.ada").article(42).build(Spec::Rfc1738)?;
/// assert_eq!(url, "nntp://news.example/comp.lang.ada/42");
/// # Ok::<(), rfc1738::BuildError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NntpBuilder {
    login: LoginParts,
    group: Option<Vec<u8>>,
    article: Option<u64>,
}

impl NntpUrl<'_> {
    /// A builder for nntp URLs.
    ///
    /// ```
    /// let url = rfc1738::NntpUrl::builder().host("h").group("alt.test").build(rfc1738::Spec::Rfc1738).unwrap();
    /// assert_eq!(url, "nntp://h/alt.test");
    /// ```
    #[must_use]
    pub fn builder() -> NntpBuilder {
        NntpBuilder::default()
    }
}

hostport_setters!(NntpBuilder, "nntp", ".group(\"alt.test\")");

impl NntpBuilder {
    /// The group (`group`), required; it is not escaped and must be a `group`
    /// of the specification.
    ///
    /// ```
    /// use rfc1738::{NntpUrl, Spec};
    ///
    /// assert!(NntpUrl::builder().host("h").group("alt.binaries.x_y").build(Spec::Rfc1738).is_ok());
    /// assert!(NntpUrl::builder().host("h").group("alt.binaries.x_y").build(Spec::Draft07).is_err());
    /// ```
    #[must_use]
    pub fn group(mut self, group: impl AsRef<[u8]>) -> Self {
        self.group = Some(group.as_ref().to_vec());
        self
    }

    /// The article number (`digits`).
    ///
    /// ```
    /// let url = rfc1738::NntpUrl::builder().host("h").group("a").article(7).build(rfc1738::Spec::Rfc1738).unwrap();
    /// assert_eq!(url, "nntp://h/a/7");
    /// ```
    #[must_use]
    pub fn article(mut self, number: u64) -> Self {
        self.article = Some(number);
        self
    }

    /// The URL under `spec`.
    ///
    /// # Errors
    ///
    /// [`BuildError`], naming the component and the rule, when a part cannot be
    /// written under `spec`: a host or port the grammar does not take, a
    /// character its rule cannot hold even escaped, an empty part its rule
    /// forbids, or a part set without the one it follows.
    ///
    /// ```
    /// assert!(rfc1738::NntpUrl::builder().host("h").build(rfc1738::Spec::Rfc1738).is_err());
    /// ```
    pub fn build(&self, spec: Spec) -> Result<OwnedUrl, BuildError> {
        built(spec, || self.write(spec))
    }

    /// The text that [`build`](Self::build) reads back.
    fn write(&self, spec: Spec) -> Result<String, BuildError> {
        let mut out = String::from("nntp://");
        self.login.write_hostport(&mut out, spec, "nntp")?;
        let Some(group) = &self.group else {
            return Err(BuildError::new(
                "nntp group",
                Node::nntpurl,
                spec,
                "an nntp URL names a group: set one with `group`",
            ));
        };
        out.push('/');
        out.push_str(check_group(group, spec, "nntp group")?);
        if let Some(article) = self.article {
            out.push('/');
            out.push_str(&article.to_string());
        }
        Ok(out)
    }
}

// ---------------------------------------------------------------------------
// telnet

/// Builds a `telneturl = "telnet://" login [ "/" ]`.
///
/// ```
/// use rfc1738::{Spec, TelnetUrl};
///
/// let url = TelnetUrl::builder().user("guest").host("melvyl.ucop.edu").trailing_slash(true).build(Spec::Rfc1738)?;
/// assert_eq!(url, "telnet://guest@melvyl.ucop.edu/");
/// # Ok::<(), rfc1738::BuildError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TelnetBuilder {
    login: LoginParts,
    trailing_slash: bool,
}

impl TelnetUrl<'_> {
    /// A builder for telnet URLs.
    ///
    /// ```
    /// let url = rfc1738::TelnetUrl::builder().host("h").port(2323).build(rfc1738::Spec::Rfc1738).unwrap();
    /// assert_eq!(url, "telnet://h:2323");
    /// ```
    #[must_use]
    pub fn builder() -> TelnetBuilder {
        TelnetBuilder::default()
    }
}

login_setters!(TelnetBuilder, "telnet", "");

impl TelnetBuilder {
    /// Whether to end the URL with the optional `/`.
    ///
    /// ```
    /// let url = rfc1738::TelnetUrl::builder().host("h").trailing_slash(true).build(rfc1738::Spec::Rfc1738).unwrap();
    /// assert_eq!(url, "telnet://h/");
    /// ```
    #[must_use]
    pub fn trailing_slash(mut self, trailing_slash: bool) -> Self {
        self.trailing_slash = trailing_slash;
        self
    }

    /// The URL under `spec`.
    ///
    /// # Errors
    ///
    /// [`BuildError`], naming the component and the rule, when a part cannot be
    /// written under `spec`: a host or port the grammar does not take, a
    /// character its rule cannot hold even escaped, an empty part its rule
    /// forbids, or a part set without the one it follows.
    ///
    /// ```
    /// assert!(rfc1738::TelnetUrl::builder().password("pw").host("h").build(rfc1738::Spec::Rfc1738).is_err());
    /// ```
    pub fn build(&self, spec: Spec) -> Result<OwnedUrl, BuildError> {
        built(spec, || self.write(spec))
    }

    /// The text that [`build`](Self::build) reads back.
    fn write(&self, spec: Spec) -> Result<String, BuildError> {
        let mut out = String::from("telnet://");
        self.login.write_login(&mut out, spec, "telnet")?;
        if self.trailing_slash {
            out.push('/');
        }
        Ok(out)
    }
}

// ---------------------------------------------------------------------------
// wais

/// The form of a wais URL, as the builder holds it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
enum WaisForm {
    #[default]
    Database,
    Index(Vec<u8>),
    Document(Vec<u8>, Vec<u8>),
}

/// Builds a `waisurl`: a database (`waisdatabase`), a search in it
/// (`waisindex`), or one document (`waisdoc`). The last of `search` and
/// `document` called decides the form; with neither, it is the database.
///
/// ```
/// use rfc1738::{Spec, WaisUrl};
///
/// let url = WaisUrl::builder().host("wais.example").database("db").document("TEXT", "doc/17").build(Spec::Rfc1738)?;
/// assert_eq!(url, "wais://wais.example/db/TEXT/doc%2F17");
/// # Ok::<(), rfc1738::BuildError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WaisBuilder {
    login: LoginParts,
    database: Vec<u8>,
    form: WaisForm,
}

impl WaisUrl<'_> {
    /// A builder for wais URLs.
    ///
    /// ```
    /// let url = rfc1738::WaisUrl::builder().host("h").build(rfc1738::Spec::Rfc1738).unwrap();
    /// assert_eq!(url, "wais://h/");
    /// ```
    #[must_use]
    pub fn builder() -> WaisBuilder {
        WaisBuilder::default()
    }
}

hostport_setters!(WaisBuilder, "wais", "");

impl WaisBuilder {
    /// The database (`database = *uchar`); empty unless set.
    ///
    /// ```
    /// let url = rfc1738::WaisUrl::builder().host("h").database("a?b").build(rfc1738::Spec::Rfc1738).unwrap();
    /// assert_eq!(url, "wais://h/a%3Fb");
    /// ```
    #[must_use]
    pub fn database(mut self, database: impl AsRef<[u8]>) -> Self {
        self.database = database.as_ref().to_vec();
        self
    }

    /// A search of the database (`waisindex`).
    ///
    /// ```
    /// let url = rfc1738::WaisUrl::builder().host("h").database("db").search("x y").build(rfc1738::Spec::Rfc1738).unwrap();
    /// assert_eq!(url, "wais://h/db?x%20y");
    /// ```
    #[must_use]
    pub fn search(mut self, search: impl AsRef<[u8]>) -> Self {
        self.form = WaisForm::Index(search.as_ref().to_vec());
        self
    }

    /// One document of the database (`waisdoc`): its type and path.
    ///
    /// ```
    /// let url = rfc1738::WaisUrl::builder().host("h").database("db").document("", "").build(rfc1738::Spec::Rfc1738).unwrap();
    /// assert_eq!(url, "wais://h/db//");
    /// ```
    #[must_use]
    pub fn document(mut self, wtype: impl AsRef<[u8]>, wpath: impl AsRef<[u8]>) -> Self {
        self.form = WaisForm::Document(wtype.as_ref().to_vec(), wpath.as_ref().to_vec());
        self
    }

    /// The URL under `spec`.
    ///
    /// # Errors
    ///
    /// [`BuildError`], naming the component and the rule, when a part cannot be
    /// written under `spec`: a host or port the grammar does not take, a
    /// character its rule cannot hold even escaped, an empty part its rule
    /// forbids, or a part set without the one it follows.
    ///
    /// ```
    /// assert!(rfc1738::WaisUrl::builder().database("db").build(rfc1738::Spec::Rfc1738).is_err());
    /// ```
    pub fn build(&self, spec: Spec) -> Result<OwnedUrl, BuildError> {
        built(spec, || self.write(spec))
    }

    /// The text that [`build`](Self::build) reads back.
    fn write(&self, spec: Spec) -> Result<String, BuildError> {
        let mut out = String::from("wais://");
        self.login.write_hostport(&mut out, spec, "wais")?;
        out.push('/');
        out.push_str(&encode(&self.database, spec, uchar));
        match &self.form {
            WaisForm::Database => {}
            WaisForm::Index(search) => {
                out.push('?');
                out.push_str(&encode(search, spec, hsegment_char));
            }
            WaisForm::Document(wtype, wpath) => {
                out.push('/');
                out.push_str(&encode(wtype, spec, uchar));
                out.push('/');
                out.push_str(&encode(wpath, spec, uchar));
            }
        }
        Ok(out)
    }
}

// ---------------------------------------------------------------------------
// file

/// The host of a file URL, as the builder holds it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
enum FileHostPart {
    #[default]
    Absent,
    Localhost,
    Host(Vec<u8>),
}

/// Builds a `fileurl`: in RFC 1738 `"file://" [ host | "localhost" ] "/"
/// fpath`, in draft-07 `"file://" host [ "/" fpath ]`.
///
/// So RFC 1738 needs a path (at least one segment; `segment("")` for
/// `file://host/`), and draft-07 needs a host (`localhost()` for this
/// machine).
///
/// ```
/// use rfc1738::{FileUrl, Spec};
///
/// let url = FileUrl::builder().segment("etc").segment("motd").build(Spec::Rfc1738)?;
/// assert_eq!(url, "file:///etc/motd");
/// let url = FileUrl::builder().localhost().segment("etc").segment("motd").build(Spec::Draft07)?;
/// assert_eq!(url, "file://localhost/etc/motd");
/// # Ok::<(), rfc1738::BuildError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FileBuilder {
    host: FileHostPart,
    segments: Vec<Vec<u8>>,
}

impl FileUrl<'_> {
    /// A builder for file URLs.
    ///
    /// ```
    /// let url = rfc1738::FileUrl::builder().host("h").build(rfc1738::Spec::Draft07).unwrap();
    /// assert_eq!(url, "file://h");
    /// ```
    #[must_use]
    pub fn builder() -> FileBuilder {
        FileBuilder::default()
    }
}

impl FileBuilder {
    /// The host (`host`, as written; not escaped).
    ///
    /// ```
    /// let url = rfc1738::FileUrl::builder().host("vms.host.edu").segment("x").build(rfc1738::Spec::Rfc1738).unwrap();
    /// assert_eq!(url, "file://vms.host.edu/x");
    /// ```
    #[must_use]
    pub fn host(mut self, host: impl AsRef<[u8]>) -> Self {
        self.host = FileHostPart::Host(host.as_ref().to_vec());
        self
    }

    /// The host `localhost`: the machine the URL is read on.
    ///
    /// ```
    /// let url = rfc1738::FileUrl::builder().localhost().segment("").build(rfc1738::Spec::Rfc1738).unwrap();
    /// assert_eq!(url, "file://localhost/");
    /// ```
    #[must_use]
    pub fn localhost(mut self) -> Self {
        self.host = FileHostPart::Localhost;
        self
    }

    /// No host (RFC 1738 only): the machine the URL is read on. This is the default.
    ///
    /// ```
    /// let url = rfc1738::FileUrl::builder().host("h").no_host().segment("x").build(rfc1738::Spec::Rfc1738).unwrap();
    /// assert_eq!(url, "file:///x");
    /// ```
    #[must_use]
    pub fn no_host(mut self) -> Self {
        self.host = FileHostPart::Absent;
        self
    }

    /// Adds a path segment (`fsegment`); "/" and ";" in it are escaped.
    ///
    /// ```
    /// let url = rfc1738::FileUrl::builder().segment("a/b").build(rfc1738::Spec::Rfc1738).unwrap();
    /// assert_eq!(url, "file:///a%2Fb");
    /// ```
    #[must_use]
    pub fn segment(mut self, segment: impl AsRef<[u8]>) -> Self {
        self.segments.push(segment.as_ref().to_vec());
        self
    }

    /// The URL under `spec`.
    ///
    /// # Errors
    ///
    /// [`BuildError`], naming the component and the rule, when a part cannot be
    /// written under `spec`: a host or port the grammar does not take, a
    /// character its rule cannot hold even escaped, an empty part its rule
    /// forbids, or a part set without the one it follows.
    ///
    /// ```
    /// use rfc1738::{FileUrl, Spec};
    ///
    /// assert!(FileUrl::builder().host("h").build(Spec::Rfc1738).is_err());
    /// assert!(FileUrl::builder().segment("x").build(Spec::Draft07).is_err());
    /// ```
    pub fn build(&self, spec: Spec) -> Result<OwnedUrl, BuildError> {
        built(spec, || self.write(spec))
    }

    /// The text that [`build`](Self::build) reads back.
    fn write(&self, spec: Spec) -> Result<String, BuildError> {
        let mut out = String::from("file://");
        match &self.host {
            FileHostPart::Absent if spec == Spec::Draft07 => {
                return Err(BuildError::new(
                    "file host",
                    Node::fileurl,
                    spec,
                    "a draft-07 file URL names a host: set one, or `localhost()` for this machine",
                ));
            }
            FileHostPart::Absent => {}
            FileHostPart::Localhost => out.push_str("localhost"),
            FileHostPart::Host(host) => out.push_str(check_host(host, spec, "file host")?),
        }
        if self.segments.is_empty() {
            if spec == Spec::Rfc1738 {
                return Err(BuildError::new(
                    "file path",
                    Node::fileurl,
                    spec,
                    "an RFC 1738 file URL has a path: add a segment (an empty one for `file://host/`)",
                ));
            }
            return Ok(out);
        }
        for segment in &self.segments {
            out.push('/');
            out.push_str(&encode(segment, spec, fsegment_char));
        }
        Ok(out)
    }
}

// ---------------------------------------------------------------------------
// prospero

/// Builds a `prosperourl = "prospero://" hostport "/" ppath *[ fieldspec ]`.
///
/// The path (the hsoname) has at least one segment (`segment("")` for an
/// empty one). A field name has every "=" escaped, since the name ends at the
/// first "=" (in draft-07 `fieldname` allows "=" as it is, which would make
/// the split ambiguous).
///
/// ```
/// use rfc1738::{ProsperoUrl, Spec};
///
/// let url = ProsperoUrl::builder().host("host.dom").segment("").segment("pros").segment("name")
///     .field("version", "2").build(Spec::Rfc1738)?;
/// assert_eq!(url, "prospero://host.dom//pros/name;version=2");
/// # Ok::<(), rfc1738::BuildError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ProsperoBuilder {
    login: LoginParts,
    segments: Vec<Vec<u8>>,
    fields: Vec<(Vec<u8>, Vec<u8>)>,
}

impl ProsperoUrl<'_> {
    /// A builder for prospero URLs.
    ///
    /// ```
    /// let url = rfc1738::ProsperoUrl::builder().host("h").segment("x").build(rfc1738::Spec::Rfc1738).unwrap();
    /// assert_eq!(url, "prospero://h/x");
    /// ```
    #[must_use]
    pub fn builder() -> ProsperoBuilder {
        ProsperoBuilder::default()
    }
}

hostport_setters!(ProsperoBuilder, "prospero", ".segment(\"x\")");

impl ProsperoBuilder {
    /// Adds a path segment (`psegment`); "/" and ";" in it are escaped.
    ///
    /// ```
    /// let url = rfc1738::ProsperoUrl::builder().host("h").segment("a;b").build(rfc1738::Spec::Rfc1738).unwrap();
    /// assert_eq!(url, "prospero://h/a%3Bb");
    /// ```
    #[must_use]
    pub fn segment(mut self, segment: impl AsRef<[u8]>) -> Self {
        self.segments.push(segment.as_ref().to_vec());
        self
    }

    /// Adds a field (`fieldspec = ";" fieldname "=" fieldvalue`).
    ///
    /// ```
    /// use rfc1738::{ProsperoUrl, Spec};
    ///
    /// let b = ProsperoUrl::builder().host("h").segment("x").field("a=b", "c=d");
    /// assert_eq!(b.build(Spec::Rfc1738).unwrap(), "prospero://h/x;a%3Db=c%3Dd");
    /// assert_eq!(b.build(Spec::Draft07).unwrap(), "prospero://h/x;a%3Db=c=d");
    /// ```
    #[must_use]
    pub fn field(mut self, name: impl AsRef<[u8]>, value: impl AsRef<[u8]>) -> Self {
        self.fields
            .push((name.as_ref().to_vec(), value.as_ref().to_vec()));
        self
    }

    /// The URL under `spec`.
    ///
    /// # Errors
    ///
    /// [`BuildError`], naming the component and the rule, when a part cannot be
    /// written under `spec`: a host or port the grammar does not take, a
    /// character its rule cannot hold even escaped, an empty part its rule
    /// forbids, or a part set without the one it follows.
    ///
    /// ```
    /// assert!(rfc1738::ProsperoUrl::builder().host("h").build(rfc1738::Spec::Rfc1738).is_err());
    /// ```
    pub fn build(&self, spec: Spec) -> Result<OwnedUrl, BuildError> {
        built(spec, || self.write(spec))
    }

    /// The text that [`build`](Self::build) reads back.
    fn write(&self, spec: Spec) -> Result<String, BuildError> {
        let mut out = String::from("prospero://");
        self.login.write_hostport(&mut out, spec, "prospero")?;
        if self.segments.is_empty() {
            return Err(BuildError::new(
                "prospero path",
                Node::ppath,
                spec,
                "the path has at least one segment: add one (an empty one for `prospero://host/`)",
            ));
        }
        for segment in &self.segments {
            out.push('/');
            out.push_str(&encode(segment, spec, fsegment_char));
        }
        for (name, value) in &self.fields {
            out.push(';');
            out.push_str(&encode(name, spec, fieldname_char));
            out.push('=');
            out.push_str(&encode(value, spec, fieldvalue_char));
        }
        Ok(out)
    }
}

// ---------------------------------------------------------------------------
// generic

/// The scheme part of a generic URL, as the builder holds it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
enum SchemePart {
    #[default]
    Unset,
    Decoded(Vec<u8>),
    Written(String),
}

/// Builds a `genericurl = scheme ":" schemepart` for a scheme without a rule
/// of its own.
///
/// The scheme part is given whole (`schemepart`, from decoded bytes, or
/// `schemepart_as_written`), or as an `ip-schemepart = "//" login [ "/"
/// urlpath ]` (`user`, `password`, `host`, `port`, `urlpath`); not both. With
/// neither it is empty (`about:`). A decoded scheme part or `urlpath` is
/// `*xchar`, so its reserved characters are written as they are: their role is
/// the scheme's to say (write an escaped one with `schemepart_as_written`).
/// Under RFC 3986 every builder escapes the reserved characters of a decoded
/// part (§2.2: they are data there), so a decoded scheme part or `urlpath`
/// is one opaque run of data; write structure with `schemepart_as_written`,
/// which RFC 3986 must read as `hier-part [ "?" query ] [ "#" fragment ]`.
///
/// ```
/// use rfc1738::{GenericUrl, Spec};
///
/// let decoded = GenericUrl::builder().scheme("urn").schemepart("ietf:rfc:1738");
/// assert_eq!(decoded.build(Spec::Rfc3986)?, "urn:ietf%3Arfc%3A1738");
/// let written = GenericUrl::builder().scheme("urn").schemepart_as_written("ietf:rfc:1738");
/// assert_eq!(written.build(Spec::Rfc3986)?, "urn:ietf:rfc:1738");
///
/// let url = GenericUrl::builder().scheme("x-archive").host("archive.example").urlpath("items/a b").build(Spec::Rfc1738)?;
/// assert_eq!(url, "x-archive://archive.example/items/a%20b");
/// let url = GenericUrl::builder().scheme("urn").schemepart("ietf:rfc:1738").build(Spec::Rfc1738)?;
/// assert_eq!(url, "urn:ietf:rfc:1738");
/// # Ok::<(), rfc1738::BuildError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GenericBuilder {
    scheme: Option<Vec<u8>>,
    schemepart: SchemePart,
    login: LoginParts,
    urlpath: Option<Vec<u8>>,
}

impl GenericUrl<'_> {
    /// A builder for URLs of other schemes.
    ///
    /// ```
    /// let url = rfc1738::GenericUrl::builder().scheme("about").build(rfc1738::Spec::Rfc1738).unwrap();
    /// assert_eq!(url, "about:");
    /// ```
    #[must_use]
    pub fn builder() -> GenericBuilder {
        GenericBuilder::default()
    }
}

login_setters!(GenericBuilder, "x", ".scheme(\"x\")");

impl GenericBuilder {
    /// The scheme: `scheme = 1*[ lowalpha | digit | "+" | "-" | "." ]`, and not
    /// one of the schemes with a rule of their own (whose builders to use instead).
    ///
    /// ```
    /// use rfc1738::{GenericUrl, Spec};
    ///
    /// assert!(GenericUrl::builder().scheme("z39.50s").build(Spec::Rfc1738).is_ok());
    /// assert!(GenericUrl::builder().scheme("X-Foo").build(Spec::Rfc1738).is_err());
    /// assert!(GenericUrl::builder().scheme("ftp").build(Spec::Rfc1738).is_err());
    /// ```
    #[must_use]
    pub fn scheme(mut self, scheme: impl AsRef<[u8]>) -> Self {
        self.scheme = Some(scheme.as_ref().to_vec());
        self
    }

    /// The whole scheme part, from the bytes it stands for (`*xchar`).
    ///
    /// ```
    /// let url = rfc1738::GenericUrl::builder().scheme("x").schemepart("a b/c").build(rfc1738::Spec::Rfc1738).unwrap();
    /// assert_eq!(url, "x:a%20b/c");
    /// ```
    #[must_use]
    pub fn schemepart(mut self, schemepart: impl AsRef<[u8]>) -> Self {
        self.schemepart = SchemePart::Decoded(schemepart.as_ref().to_vec());
        self
    }

    /// The whole scheme part as it is to be written, escapes included; `build`
    /// refuses it unless it is `*xchar`.
    ///
    /// ```
    /// use rfc1738::{GenericUrl, Spec};
    ///
    /// let url = GenericUrl::builder().scheme("x").schemepart_as_written("a%2Fb/c").build(Spec::Rfc1738).unwrap();
    /// assert_eq!(url, "x:a%2Fb/c");
    /// assert!(GenericUrl::builder().scheme("x").schemepart_as_written("a b").build(Spec::Rfc1738).is_err());
    /// ```
    #[must_use]
    pub fn schemepart_as_written(mut self, schemepart: impl Into<String>) -> Self {
        self.schemepart = SchemePart::Written(schemepart.into());
        self
    }

    /// The `urlpath` of an `ip-schemepart`, after the `/` that follows the
    /// login (`*xchar`).
    ///
    /// ```
    /// let url = rfc1738::GenericUrl::builder().scheme("nfs").host("h").urlpath("").build(rfc1738::Spec::Rfc1738).unwrap();
    /// assert_eq!(url, "nfs://h/");
    /// ```
    #[must_use]
    pub fn urlpath(mut self, urlpath: impl AsRef<[u8]>) -> Self {
        self.urlpath = Some(urlpath.as_ref().to_vec());
        self
    }

    /// The URL under `spec`.
    ///
    /// # Errors
    ///
    /// [`BuildError`], naming the component and the rule, when a part cannot be
    /// written under `spec`: a host or port the grammar does not take, a
    /// character its rule cannot hold even escaped, an empty part its rule
    /// forbids, or a part set without the one it follows.
    ///
    /// ```
    /// use rfc1738::{GenericUrl, Spec};
    ///
    /// assert!(GenericUrl::builder().schemepart("x").build(Spec::Rfc1738).is_err());
    /// assert!(GenericUrl::builder().scheme("x").urlpath("p").build(Spec::Rfc1738).is_err());
    /// assert!(GenericUrl::builder().scheme("x").schemepart("p").host("h").build(Spec::Rfc1738).is_err());
    /// ```
    pub fn build(&self, spec: Spec) -> Result<OwnedUrl, BuildError> {
        built(spec, || self.write(spec))
    }

    /// The text that [`build`](Self::build) reads back.
    fn write(&self, spec: Spec) -> Result<String, BuildError> {
        let scheme = self.scheme.as_deref().unwrap_or_default();
        if scheme.is_empty() || !scheme.iter().all(|&byte| scheme_char(byte)) {
            return Err(BuildError::new(
                "scheme",
                Node::scheme,
                spec,
                format!(
                    "{:?} is not a scheme name of lower-case letters, digits, \"+\", \"-\" and \".\"",
                    String::from_utf8_lossy(scheme)
                ),
            ));
        }
        // `scheme_char` admits ASCII only, so this is the whole scheme.
        let scheme = String::from_utf8_lossy(scheme);
        if let Some(known) = Scheme::from_name(&scheme) {
            return Err(BuildError::new(
                "scheme",
                Node::scheme,
                spec,
                format!(
                    "{known} URLs are judged by their own rule, not the generic form: use its builder"
                ),
            ));
        }
        let mut out = format!("{scheme}:");
        let ip = self.login != LoginParts::default() || self.urlpath.is_some();
        match (&self.schemepart, ip) {
            (SchemePart::Unset, false) => {}
            (SchemePart::Decoded(schemepart), false) => {
                out.push_str(&encode(schemepart, spec, xchar))
            }
            (SchemePart::Written(schemepart), false) => {
                let whole = format!("{scheme}:{schemepart}");
                if spec == Spec::Rfc3986 && !Url::is_valid(&whole, spec) {
                    return Err(BuildError::new(
                        "scheme part",
                        Node::hier_part,
                        spec,
                        format!(
                            "{schemepart:?} is no `hier-part [ \"?\" query ] [ \"#\" fragment ]` of RFC 3986"
                        ),
                    ));
                }
                if !is_xchars(schemepart, spec) {
                    return Err(BuildError::new(
                        "scheme part",
                        Node::schemepart,
                        spec,
                        format!(
                            "{schemepart:?} holds a character that is not an `xchar`, or a broken escape"
                        ),
                    ));
                }
                out.push_str(schemepart);
            }
            (SchemePart::Unset, true) => {
                out.push_str("//");
                self.login.write_login(&mut out, spec, "ip-schemepart")?;
                if let Some(urlpath) = &self.urlpath {
                    out.push('/');
                    out.push_str(&encode(urlpath, spec, xchar));
                }
            }
            (_, true) => {
                return Err(BuildError::new(
                    "scheme part",
                    Node::schemepart,
                    spec,
                    "a scheme part was set both whole and as login and path: set one or the other",
                ));
            }
        }
        Ok(out)
    }
}

/// Whether `text` is `*xchar`: every byte an `xchar`, or in an escape.
fn is_xchars(text: &str, spec: Spec) -> bool {
    let bytes = text.as_bytes();
    let mut i = 0;
    while let Some(&byte) = bytes.get(i) {
        if byte == b'%' {
            let hex = |at: usize| bytes.get(at).is_some_and(u8::is_ascii_hexdigit);
            if !(hex(i + 1) && hex(i + 2)) {
                return false;
            }
            i += 3;
        } else if xchar(byte, spec) {
            i += 1;
        } else {
            return false;
        }
    }
    true
}
