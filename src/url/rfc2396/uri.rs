//! URI references ([`UriRef`]) by RFC 2396 or RFC 3986: their components, and
//! the resolution of a relative reference against a base URI (§5.2 of each).

use std::fmt;

use crate::syntax::pairs::Pair;

use crate::syntax::error::Judged;
use crate::syntax::error::ParseError;
use crate::syntax::fast::SpanText;
use crate::syntax::fast_uri::{self as uri_spans, AuthoritySpan, Span, UriSpans};
use crate::syntax::grammar::{Node, SpecRule, rfc2396, rfc3986};
use crate::syntax::spec::Spec;
use crate::url::rfc2396::uri7::visit;
use crate::url::schemes::login::Host;
use crate::url::schemes::login::HostPort;
use crate::url::schemes::login::Login;

/// A URI reference by RFC 2396's generic syntax, the `URI` of uri(7)'s
/// SYNOPSIS: `URI-reference = [ absoluteURI | relativeURI ] [ "#" fragment ]`;
/// or, read by [`parse_with`](UriRef::parse_with) under
/// [`Spec::Rfc3986`], by RFC 3986's: `URI-reference = URI / relative-ref`.
/// Its components borrow from the input, as written (escapes not decoded).
///
/// ```
/// use rfc1738::UriRef;
///
/// let uri = UriRef::parse("http://fred:fredpassword@example.com:8080/index.html?q#top")?;
/// assert_eq!(uri.scheme(), Some("http"));
/// assert_eq!(uri.authority(), Some("fred:fredpassword@example.com:8080"));
/// assert_eq!(uri.path(), "/index.html");
/// assert_eq!((uri.query(), uri.fragment()), (Some("q"), Some("top")));
///
/// // A relative reference: no scheme. `this:that` would be read as scheme "this".
/// assert!(UriRef::parse("./this:that")?.is_relative());
/// assert_eq!(UriRef::parse("this:that")?.scheme(), Some("this"));
/// # Ok::<(), rfc1738::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct UriRef<'a> {
    pub(crate) text: &'a str,
    /// RFC 2396 or RFC 3986: the syntax it was read by, and resolves by.
    pub(crate) spec: Spec,
    pub(crate) scheme: Option<&'a str>,
    pub(crate) authority: Option<(&'a str, Authority<'a>)>,
    pub(crate) path: &'a str,
    pub(crate) opaque: bool,
    pub(crate) query: Option<&'a str>,
    pub(crate) fragment: Option<&'a str>,
}

/// `authority = server | reg_name`: who is responsible for the names below it.
///
/// ```
/// use rfc1738::{Authority, Host, UriRef};
///
/// let authority = |s| UriRef::parse(s).unwrap().authority_parts().unwrap();
/// let Authority::Server(login) = authority("ldap://host.com:6666/") else { unreachable!() };
/// assert_eq!((login.host(), login.port()), (Host::Name("host.com"), Some("6666")));
/// assert_eq!(authority("file:///etc/passwd"), Authority::Empty);
/// assert_eq!(authority("x://a_b/"), Authority::RegName("a_b"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Authority<'a> {
    /// `server = [ [ userinfo "@" ] hostport ]`, not empty. The `userinfo` is
    /// read as uri(7)'s `user [ ":" password ]`: split at its first ':'.
    Server(Login<'a>),
    /// An empty `server`, as in `file:///etc/passwd`.
    Empty,
    /// `reg_name`: an authority that is not a server (`a_b`: `_` is in no host
    /// name). RFC 3986 has none: its `host` may be a `reg-name`.
    RegName(&'a str),
}

impl<'a> UriRef<'a> {
    /// Parses a URI reference: an absolute URI or a relative reference, with
    /// an optional fragment.
    ///
    /// # Errors
    ///
    /// When `input` is not an RFC 2396 `URI-reference`: the [`ParseError`] says
    /// where it leaves the grammar and which rules were expected there.
    ///
    /// ```
    /// use rfc1738::UriRef;
    ///
    /// assert!(UriRef::parse("../test.txt").is_ok());
    /// assert!(UriRef::parse("#section").is_ok());
    /// assert!(UriRef::parse("").is_ok());
    /// let err = UriRef::parse("info:(gcc)G++ and GCC").unwrap_err();
    /// assert_eq!(err.offset(), 13);
    /// ```
    pub fn parse(input: &'a str) -> Result<UriRef<'a>, ParseError> {
        use rfc2396::Rule;
        // The fast path gives the very `UriRef` pest and the lowering give
        // (`src/syntax/fast_uri.rs`); what it does not take, the generated
        // reader judges and reads into its parts.
        if let Some(spans) = crate::syntax::fast_uri::reference(input) {
            return Ok(UriRef::from_spans(input, spans));
        }
        match crate::syntax::tracking::pairs(Rule::uri_reference, input) {
            Some(mut pairs) => {
                let entry = pairs.next().expect("a parse yields its entry rule");
                Ok(UriRef::lower(input, entry))
            }
            None => Err(ParseError::pending(
                input,
                Spec::Rfc2396,
                Judged::UriReference,
            )),
        }
    }

    /// Parses a URI reference by the generic syntax of `spec`: RFC 3986's
    /// `URI-reference` under [`Spec::Rfc3986`], RFC 2396's under any other (the
    /// Section 5 grammars have no references).
    ///
    /// # Errors
    ///
    /// When `input` is not a URI reference by that syntax.
    ///
    /// ```
    /// use rfc1738::{Host, Spec, UriRef};
    ///
    /// let uri = UriRef::parse_with("//[2001:db8::1]:8080/a?b#c", Spec::Rfc3986)?;
    /// assert_eq!(uri.spec(), Spec::Rfc3986);
    /// assert_eq!(uri.authority(), Some("[2001:db8::1]:8080"));
    /// // RFC 2396 has no IP literals; RFC 3986 allows "?" and "~" more widely.
    /// assert!(UriRef::parse("//[2001:db8::1]/").is_err());
    /// assert!(UriRef::parse_with("?y", Spec::Rfc3986).is_ok());
    /// # Ok::<(), rfc1738::ParseError>(())
    /// ```
    pub fn parse_with(input: &'a str, spec: Spec) -> Result<UriRef<'a>, ParseError> {
        if spec != Spec::Rfc3986 {
            return UriRef::parse(input);
        }
        match crate::syntax::tracking::pairs(rfc3986::Rule::uri_reference, input) {
            Some(mut pairs) => {
                let entry = pairs.next().expect("a parse yields its entry rule");
                Ok(UriRef::lower_rfc3986(input, entry))
            }
            None => Err(ParseError::pending(
                input,
                Spec::Rfc3986,
                Judged::UriReference,
            )),
        }
    }

    /// [`parse_with`](Self::parse_with) by pest alone, with the error from
    /// pest's detailed report, which the caller turns on.
    #[cfg(feature = "pest-reference")]
    pub(crate) fn parse_with_pest_as(input: &'a str, spec: Spec) -> Result<UriRef<'a>, ParseError> {
        if spec != Spec::Rfc3986 {
            return UriRef::parse_with_pest(input);
        }
        use rfc3986::Rule;
        match Rule::parse_pairs(Rule::uri_reference, input) {
            Ok(mut pairs) => {
                let entry = pairs.next().expect("a parse yields its entry rule");
                Ok(UriRef::lower_rfc3986(input, entry))
            }
            Err(error) => {
                Err(
                    ParseError::from_pest(input, Spec::Rfc3986, None, Judged::UriReference, &error)
                        .expect("pest's error detail is on: `pest::set_error_detail(true)`"),
                )
            }
        }
    }

    /// The syntax the reference was read by: [`Spec::Rfc2396`] or
    /// [`Spec::Rfc3986`].
    ///
    /// ```
    /// use rfc1738::{Spec, UriRef};
    ///
    /// assert_eq!(UriRef::parse("a/b")?.spec(), Spec::Rfc2396);
    /// assert_eq!(UriRef::parse_with("a/b", Spec::Rfc3986)?.spec(), Spec::Rfc3986);
    /// # Ok::<(), rfc1738::ParseError>(())
    /// ```
    #[must_use]
    pub fn spec(&self) -> Spec {
        self.spec
    }

    /// [`parse`](Self::parse) for bytes that may not be UTF-8: a byte that is
    /// not is an error where it stands, as [`Url::parse_bytes`](crate::Url::parse_bytes)
    /// reports it.
    ///
    /// # Errors
    ///
    /// When `input` is not a URI reference, or not UTF-8.
    ///
    /// ```
    /// use rfc1738::UriRef;
    ///
    /// assert_eq!(UriRef::parse_bytes(b"../g").unwrap().path(), "../g");
    /// assert_eq!(UriRef::parse_bytes(b"a/b\xffc").unwrap_err().offset(), 3);
    /// ```
    pub fn parse_bytes(input: &'a [u8]) -> Result<UriRef<'a>, ParseError> {
        UriRef::parse_bytes_with(input, Spec::Rfc2396)
    }

    /// [`parse_with`](Self::parse_with) for bytes that may not be UTF-8.
    ///
    /// # Errors
    ///
    /// When `input` is not a URI reference by the syntax of `spec`, or not UTF-8.
    ///
    /// ```
    /// use rfc1738::{Spec, UriRef};
    ///
    /// assert_eq!(UriRef::parse_bytes_with(b"//[::1]/g", Spec::Rfc3986).unwrap().path(), "/g");
    /// assert_eq!(UriRef::parse_bytes_with(b"a/b\xffc", Spec::Rfc3986).unwrap_err().offset(), 3);
    /// ```
    pub fn parse_bytes_with(input: &'a [u8], spec: Spec) -> Result<UriRef<'a>, ParseError> {
        let spec = if spec == Spec::Rfc3986 {
            spec
        } else {
            Spec::Rfc2396
        };
        match std::str::from_utf8(input) {
            Ok(text) => UriRef::parse_with(text, spec),
            Err(invalid) => Err(ParseError::invalid_utf8_as(
                input,
                invalid.valid_up_to(),
                spec,
                Judged::UriReference,
            )),
        }
    }

    /// [`parse`](Self::parse) by pest alone, without an error.
    #[cfg(feature = "pest-reference")]
    pub(crate) fn by_pest(input: &'a str) -> Option<UriRef<'a>> {
        use rfc2396::Rule;
        let mut pairs = Rule::parse_pairs(Rule::uri_reference, input).ok()?;
        Some(UriRef::lower(input, pairs.next()?))
    }

    /// [`parse`](Self::parse) by pest alone, with the error from pest's
    /// detailed report, which the caller turns on.
    #[cfg(feature = "pest-reference")]
    pub(crate) fn parse_with_pest(input: &'a str) -> Result<UriRef<'a>, ParseError> {
        use rfc2396::Rule;
        match Rule::parse_pairs(Rule::uri_reference, input) {
            Ok(mut pairs) => {
                let entry = pairs.next().expect("a parse yields its entry rule");
                Ok(UriRef::lower(input, entry))
            }
            Err(error) => {
                Err(
                    ParseError::from_pest(input, Spec::Rfc2396, None, Judged::UriReference, &error)
                        .expect("pest's error detail is on: `pest::set_error_detail(true)`"),
                )
            }
        }
    }

    /// A reference with `text` and no component yet, which a reader fills in.
    pub(crate) fn bare(text: &'a str) -> UriRef<'a> {
        UriRef {
            text,
            spec: Spec::Rfc2396,
            scheme: None,
            authority: None,
            path: "",
            opaque: false,
            query: None,
            fragment: None,
        }
    }

    /// Lowers a parse of an RFC 2396 entry rule.
    pub(crate) fn lower<R: SpecRule>(text: &'a str, pair: Pair<'a, R>) -> UriRef<'a> {
        let mut uri = UriRef::bare(text);
        uri.visit(pair);
        uri
    }

    /// Lowers a parse of one of uri(7)'s URL forms (`http_uri`, ...), which
    /// narrow the generic syntax without naming its scheme, path or opaque
    /// part: those are read off the text the form has already judged, as the
    /// generic syntax splits it.
    pub(crate) fn lower_form<R: SpecRule>(text: &'a str, pair: Pair<'a, R>) -> UriRef<'a> {
        let mut uri = UriRef::lower(text, pair);
        let (scheme, body) = uri.without_fragment().split_once(':').unwrap_or_default();
        uri.scheme = Some(scheme);
        uri.opaque = !body.starts_with('/');
        uri.path = if uri.opaque {
            body
        } else {
            let after_authority = match uri.authority() {
                Some(authority) => &body[2 + authority.len()..],
                None => body,
            };
            after_authority
                .split_once('?')
                .map_or(after_authority, |(path, _)| path)
        };
        uri
    }

    /// Lowers a parse of RFC 3986's `URI` or `URI-reference`.
    pub(crate) fn lower_rfc3986<R: SpecRule>(text: &'a str, pair: Pair<'a, R>) -> UriRef<'a> {
        let mut uri = UriRef::bare(text);
        uri.spec = Spec::Rfc3986;
        let (mut authority, mut userinfo, mut host, mut port) = (None, None, None, None);
        // One pass over the reading's rules, outermost first: of the rules
        // kept here, only the authority holds others (its userinfo, host
        // and port), and each comes once.
        visit(pair, &mut |node, part| match node {
            Node::scheme => uri.scheme = Some(part.as_str()),
            Node::authority => authority = Some(part.as_str()),
            Node::userinfo => userinfo = Some(part.as_str()),
            Node::host => host = Some(Host::lower(part.clone())),
            Node::port => port = Some(part.as_str()),
            Node::path_abempty
            | Node::path_absolute
            | Node::path_noscheme
            | Node::path_rootless
            | Node::path_empty => {
                uri.path = part.as_str();
                // RFC 3986 has no opaque part; a path that does not start
                // with "/" after a scheme is what RFC 2396 called one.
                uri.opaque =
                    uri.scheme.is_some() && authority.is_none() && !uri.path.starts_with('/');
            }
            Node::query => uri.query = Some(part.as_str()),
            Node::fragment => uri.fragment = Some(part.as_str()),
            _ => {}
        });
        uri.authority = authority.map(|whole| {
            let authority = if whole.is_empty() {
                Authority::Empty
            } else {
                let host = host.expect("an RFC 3986 authority has a host");
                Authority::Server(Login::with_userinfo(userinfo, HostPort { host, port }))
            };
            (whole, authority)
        });
        uri
    }

    fn visit<R: SpecRule>(&mut self, pair: Pair<'a, R>) {
        match pair.as_rule().node() {
            Some(Node::scheme) => self.scheme = Some(pair.as_str()),
            Some(Node::opaque_part) => {
                self.path = pair.as_str();
                self.opaque = true;
            }
            Some(Node::abs_path) if self.path.is_empty() => self.path = pair.as_str(),
            Some(Node::rel_path) => self.path = pair.as_str(),
            Some(Node::authority) => {
                self.authority = Some((pair.as_str(), Authority::lower(pair)));
            }
            // uri(7)'s forms name the server themselves (a file URI's may
            // be empty).
            Some(Node::ip_server | Node::wais_server | Node::file_server) => {
                self.authority = Some((pair.as_str(), Authority::from_server(pair)));
            }
            Some(Node::query) => self.query = Some(pair.as_str()),
            Some(Node::fragment) => self.fragment = Some(pair.as_str()),
            _ => {
                for inner in pair.into_inner() {
                    self.visit(inner);
                }
            }
        }
    }

    /// The reference as written.
    ///
    /// ```
    /// assert_eq!(rfc1738::UriRef::parse("a/b#c").unwrap().as_str(), "a/b#c");
    /// ```
    #[must_use]
    pub fn as_str(&self) -> &'a str {
        self.text
    }

    /// The scheme, for an absolute URI (in the case written).
    ///
    /// ```
    /// use rfc1738::UriRef;
    ///
    /// assert_eq!(UriRef::parse("man:ls(1)").unwrap().scheme(), Some("man"));
    /// assert_eq!(UriRef::parse("../test.txt").unwrap().scheme(), None);
    /// ```
    #[must_use]
    pub fn scheme(&self) -> Option<&'a str> {
        self.scheme
    }

    /// Whether this is a relative reference (no scheme).
    ///
    /// ```
    /// assert!(rfc1738::UriRef::parse("//host/path").unwrap().is_relative());
    /// ```
    #[must_use]
    pub fn is_relative(&self) -> bool {
        self.scheme.is_none()
    }

    /// The authority as written, after `//` (empty in `file:///etc/passwd`).
    ///
    /// ```
    /// use rfc1738::UriRef;
    ///
    /// assert_eq!(UriRef::parse("file:///etc/passwd").unwrap().authority(), Some(""));
    /// assert_eq!(UriRef::parse("file:/etc/passwd").unwrap().authority(), None);
    /// ```
    #[must_use]
    pub fn authority(&self) -> Option<&'a str> {
        self.authority.map(|(text, _)| text)
    }

    /// The authority, read as a server or a registry-based name.
    ///
    /// ```
    /// use rfc1738::{Authority, UriRef};
    ///
    /// let uri = UriRef::parse("http://fred:fredpassword@example.com:8080/").unwrap();
    /// let Some(Authority::Server(login)) = uri.authority_parts() else { unreachable!() };
    /// assert_eq!((login.user(), login.password()), (Some("fred"), Some("fredpassword")));
    /// ```
    #[must_use]
    pub fn authority_parts(&self) -> Option<Authority<'a>> {
        self.authority.map(|(_, parts)| parts)
    }

    /// The path: an `abs_path`, a `rel_path`, or an `opaque_part`; empty if
    /// there is none.
    ///
    /// ```
    /// use rfc1738::UriRef;
    ///
    /// assert_eq!(UriRef::parse("http://h/a/b?q").unwrap().path(), "/a/b");
    /// assert_eq!(UriRef::parse("../a/b").unwrap().path(), "../a/b");
    /// assert_eq!(UriRef::parse("mailto:a@b").unwrap().path(), "a@b");
    /// assert_eq!(UriRef::parse("http://h").unwrap().path(), "");
    /// ```
    #[must_use]
    pub fn path(&self) -> &'a str {
        self.path
    }

    /// Whether the URI is opaque (`scheme ":" opaque_part`, such as
    /// `mailto:a@b`): its path is not a hierarchy, and no relative reference
    /// resolves against it.
    ///
    /// ```
    /// use rfc1738::UriRef;
    ///
    /// assert!(UriRef::parse("man:ls(1)").unwrap().is_opaque());
    /// assert!(!UriRef::parse("file:/etc/passwd").unwrap().is_opaque());
    /// ```
    #[must_use]
    pub fn is_opaque(&self) -> bool {
        self.opaque
    }

    /// The query, after `?` (an opaque part has none of its own).
    ///
    /// ```
    /// assert_eq!(rfc1738::UriRef::parse("g?y").unwrap().query(), Some("y"));
    /// ```
    #[must_use]
    pub fn query(&self) -> Option<&'a str> {
        self.query
    }

    /// The fragment, after `#`: not part of the URI, but of the reference
    /// (RFC 2396 §4.1).
    ///
    /// ```
    /// use rfc1738::UriRef;
    ///
    /// let uri = UriRef::parse("info:gcc#G++_and_GCC").unwrap();
    /// assert_eq!(uri.fragment(), Some("G++_and_GCC"));
    /// assert_eq!(uri.without_fragment(), "info:gcc");
    /// ```
    #[must_use]
    pub fn fragment(&self) -> Option<&'a str> {
        self.fragment
    }

    /// The reference without its fragment: the URI it names.
    ///
    /// ```
    /// assert_eq!(rfc1738::UriRef::parse("#top").unwrap().without_fragment(), "");
    /// ```
    #[must_use]
    pub fn without_fragment(&self) -> &'a str {
        match self.fragment {
            Some(fragment) => &self.text[..self.text.len() - fragment.len() - 1],
            None => self.text,
        }
    }

    /// Resolves this reference against `base`, an absolute URI, by the
    /// algorithm of RFC 2396 §5.2, dot segments included.
    ///
    /// Where RFC 2396 lets an implementation choose, this follows its
    /// algorithm to the letter: a `..` that would climb above the root stays
    /// (`../../../g` is `http://a/../g`), and a reference with a scheme is
    /// absolute even when the scheme is the base's (`http:g` is `http:g`).
    /// Where it says nothing, a base with an authority and no path is read
    /// with the path "/" (`g` against `http://a` is `http://a/g`, not the
    /// literal `http://ag`).
    ///
    /// # Errors
    ///
    /// [`ResolveError`] when `base` is itself a relative reference, or an opaque
    /// URI (`mailto:a@b`) that a relative path cannot be read against.
    ///
    /// ```
    /// use rfc1738::UriRef;
    ///
    /// let base = UriRef::parse("http://a/b/c/d;p?q")?;
    /// let resolve = |r| UriRef::parse(r).unwrap().resolve(&base).unwrap();
    /// assert_eq!(resolve("../g"), "http://a/b/g");
    /// assert_eq!(resolve("g;x?y"), "http://a/b/c/g;x?y");
    /// // Appendix C resolves "?y" too, but no rule of Appendix A derives it.
    /// assert!(UriRef::parse("?y").is_err());
    /// assert_eq!(resolve("#s"), "http://a/b/c/d;p?q#s");
    /// assert_eq!(resolve("//g"), "http://g");
    /// # Ok::<(), rfc1738::ParseError>(())
    /// ```
    pub fn resolve(&self, base: &UriRef<'_>) -> Result<String, ResolveError> {
        let Some(base_scheme) = base.scheme else {
            return Err(ResolveError::RelativeBase);
        };
        if self.spec == Spec::Rfc3986 {
            return Ok(self.resolve_rfc3986(base_scheme, base));
        }
        // Step 2: a reference to the current document.
        if self.path.is_empty()
            && self.scheme.is_none()
            && self.authority.is_none()
            && self.query.is_none()
        {
            return Ok(recompose(
                Some(base_scheme),
                base.authority(),
                base.path,
                base.query,
                self.fragment,
            ));
        }
        // Step 3: a reference with a scheme is an absolute URI.
        if self.scheme.is_some() {
            return Ok(self.text.to_owned());
        }
        if base.opaque {
            return Err(ResolveError::OpaqueBase);
        }
        // Step 4: a network-path reference keeps its own authority.
        if self.authority.is_some() {
            return Ok(recompose(
                Some(base_scheme),
                self.authority(),
                self.path,
                self.query,
                self.fragment,
            ));
        }
        // Step 5: an absolute-path reference keeps its own path.
        let path = if self.path.starts_with('/') {
            self.path.to_owned()
        } else {
            merge(base, self.path)
        };
        Ok(recompose(
            Some(base_scheme),
            base.authority(),
            &path,
            self.query,
            self.fragment,
        ))
    }
}

impl UriRef<'_> {
    /// RFC 3986 §5.2.2, strict, with §5.2.3's merge, §5.2.4's
    /// `remove_dot_segments` and §5.3's recomposition. The base's fragment
    /// is not used; any URI is a base (§5.2.1), opaque or not.
    fn resolve_rfc3986(&self, base_scheme: &str, base: &UriRef<'_>) -> String {
        let (scheme, authority, path, query);
        if let Some(own) = self.scheme {
            scheme = own;
            authority = self.authority();
            path = remove_dot_segments_rfc3986(self.path);
            query = self.query;
        } else {
            scheme = base_scheme;
            if self.authority.is_some() {
                authority = self.authority();
                path = remove_dot_segments_rfc3986(self.path);
                query = self.query;
            } else {
                authority = base.authority();
                if self.path.is_empty() {
                    path = base.path.to_owned();
                    query = self.query.or(base.query);
                } else {
                    path = if self.path.starts_with('/') {
                        remove_dot_segments_rfc3986(self.path)
                    } else {
                        // §5.2.3: with an authority and an empty path, the
                        // base's path is "/".
                        let directory = match base.path.rfind('/') {
                            Some(slash) => &base.path[..=slash],
                            None if base.authority.is_some() => "/",
                            None => "",
                        };
                        remove_dot_segments_rfc3986(&format!("{directory}{}", self.path))
                    };
                    query = self.query;
                }
            }
        }
        recompose(Some(scheme), authority, &path, query, self.fragment)
    }
}

/// RFC 3986 §5.2.4, step by step: the input buffer is consumed from the
/// left, a segment at a time, into the output buffer.
pub(crate) fn remove_dot_segments_rfc3986(path: &str) -> String {
    let mut input = path;
    let mut output = String::with_capacity(path.len());
    let pop = |output: &mut String| output.truncate(output.rfind('/').unwrap_or(0));
    while !input.is_empty() {
        if let Some(rest) = input.strip_prefix("../") {
            // A.
            input = rest;
        } else if let Some(rest) = input.strip_prefix("./") {
            input = rest;
        } else if input.starts_with("/./") {
            // B.
            input = &input[2..];
        } else if input == "/." {
            input = "/";
        } else if input.starts_with("/../") {
            // C.
            input = &input[3..];
            pop(&mut output);
        } else if input == "/.." {
            input = "/";
            pop(&mut output);
        } else if input == "." || input == ".." {
            // D.
            input = "";
        } else {
            // E: the first segment, with its leading "/" if any.
            let start = usize::from(input.starts_with('/'));
            let end = input[start..].find('/').map_or(input.len(), |i| i + start);
            output.push_str(&input[..end]);
            input = &input[end..];
        }
    }
    output
}

impl fmt::Display for UriRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text)
    }
}

impl<'a> Authority<'a> {
    /// Lowers an `authority` pair.
    fn lower<R: SpecRule>(pair: Pair<'a, R>) -> Authority<'a> {
        let Some(part) = pair.into_inner().next() else {
            return Authority::Empty;
        };
        match part.as_rule().node() {
            Some(Node::reg_name) => Authority::RegName(part.as_str()),
            _ => Authority::from_server(part),
        }
    }

    /// Lowers a pair holding `[ userinfo "@" ] hostport`, or nothing.
    fn from_server<R: SpecRule>(pair: Pair<'a, R>) -> Authority<'a> {
        let (mut userinfo, mut hostport) = (None, None);
        for inner in pair.into_inner() {
            match inner.as_rule().node() {
                Some(Node::userinfo) => userinfo = Some(inner.as_str()),
                Some(Node::hostport) => hostport = Some(HostPort::lower(inner)),
                _ => {}
            }
        }
        match hostport {
            Some(hostport) => Authority::Server(Login::with_userinfo(userinfo, hostport)),
            None => Authority::Empty,
        }
    }
}

/// Why a reference cannot be resolved against a base.
///
/// ```
/// use rfc1738::{ResolveError, UriRef};
///
/// let reference = UriRef::parse("g").unwrap();
/// let base = UriRef::parse("../b").unwrap();
/// assert_eq!(reference.resolve(&base), Err(ResolveError::RelativeBase));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ResolveError {
    /// The base is itself a relative reference: RFC 2396 resolves against an
    /// absolute URI only.
    #[error("the base is a relative reference: resolution needs an absolute URI as its base")]
    RelativeBase,
    /// The base is an opaque URI (`mailto:a@b`): its path is no hierarchy that
    /// a relative path could be read against.
    #[error(
        "the base is an opaque URI (`scheme \":\" opaque_part`): only a fragment or an absolute URI resolves against it"
    )]
    OpaqueBase,
    /// The reference resolves to an absolute URI that is no URL under the
    /// reference's specification (`UriRef::resolve_url` only):
    /// under RFC 2396 uri(7)'s form of its scheme refuses it (`ldap://h/x`,
    /// whose `x` is no DN), under RFC 3986 a later document's. The error
    /// names the specification.
    #[error("the resolved URI is no URL: {0}")]
    NotAUrl(ParseError),
}

/// Step 6 of §5.2: the base path without its last segment, then the
/// reference's path, with `.` and `<segment>/..` removed.
fn merge(base: &UriRef<'_>, reference: &str) -> String {
    let directory = match base.path.rfind('/') {
        Some(slash) => &base.path[..=slash],
        // RFC 2396 leaves a base with an authority and no path unsaid; its
        // path is then "/" (§3.3: an empty path is equivalent to "/" there).
        None if base.authority.is_some() => "/",
        None => "",
    };
    let buffer = format!("{directory}{reference}");
    remove_dot_segments(&buffer)
}

/// Steps 6a to 6d of RFC 2396 §5.2 on a merged path, in one pass over its
/// segments (the steps as written rewrite the whole path once per segment
/// removed; `tests/rfc2396.rs` holds this pass to them):
/// a) every "." segment but the last is removed, b) a last "." segment
/// becomes empty (its slash stays), c) every `<segment>/../` is removed,
/// leftmost first, d) a last `<segment>/..` becomes empty, where `<segment>`
/// is a complete segment other than "..": the empty text before a leading
/// "/" is no segment, so `/../g` stays.
fn remove_dot_segments(path: &str) -> String {
    let segments: Vec<&str> = path.split('/').collect();
    let last = segments.len() - 1;
    let mut kept: Vec<&str> = Vec::with_capacity(segments.len());
    for (index, &segment) in segments.iter().enumerate() {
        let is_last = index == last;
        match segment {
            "." if is_last => kept.push(""),
            "." => {}
            ".." => {
                let removable = kept
                    .last()
                    .is_some_and(|&top| top != ".." && !(kept.len() == 1 && top.is_empty()));
                if removable {
                    kept.pop();
                    if is_last {
                        kept.push("");
                    }
                } else {
                    kept.push("..");
                }
            }
            _ => kept.push(segment),
        }
    }
    kept.join("/")
}

fn recompose(
    scheme: Option<&str>,
    authority: Option<&str>,
    path: &str,
    query: Option<&str>,
    fragment: Option<&str>,
) -> String {
    let mut out = String::new();
    if let Some(scheme) = scheme {
        out.push_str(scheme);
        out.push(':');
    }
    if let Some(authority) = authority {
        out.push_str("//");
        out.push_str(authority);
    }
    out.push_str(path);
    if let Some(query) = query {
        out.push('?');
        out.push_str(query);
    }
    if let Some(fragment) = fragment {
        out.push('#');
        out.push_str(fragment);
    }
    out
}

impl<'a> UriRef<'a> {
    /// The `UriRef` of `text`, which the RFC 2396 fast path read into `uri`.
    pub(crate) fn from_spans(text: &'a str, uri: UriSpans) -> UriRef<'a> {
        let spans = SpanText(text);
        UriRef {
            text,
            spec: Spec::Rfc2396,
            scheme: spans.opt(uri.scheme),
            authority: uri.authority.map(|(whole, authority)| {
                let authority = match authority {
                    AuthoritySpan::Server { userinfo, hostport } => {
                        Authority::Server(server(spans, userinfo, hostport))
                    }
                    AuthoritySpan::Empty => Authority::Empty,
                    AuthoritySpan::RegName(name) => Authority::RegName(spans.str(name)),
                };
                (spans.str(whole), authority)
            }),
            path: spans.str(uri.path),
            opaque: uri.opaque,
            query: spans.opt(uri.query),
            fragment: spans.opt(uri.fragment),
        }
    }
}

/// The `Login` of a server: the userinfo split at its first ":".
fn server<'a>(
    spans: SpanText<'a>,
    userinfo: Option<Span>,
    hostport: uri_spans::HostPortSpan,
) -> Login<'a> {
    let host = spans.str(hostport.host);
    let host = if hostport.number {
        Host::Number(host)
    } else {
        Host::Name(host)
    };
    let hostport = HostPort {
        host,
        port: spans.opt(hostport.port),
    };
    Login::with_userinfo(spans.opt(userinfo), hostport)
}
