//! The builder of the schemes without a rule of their own: `genericurl =
//! scheme ":" schemepart`, whole or as an `ip-schemepart`.

use super::login::LoginParts;
use super::{BuildComponent, BuildError, built, encode, without_fragment};
use crate::syntax::charclass::{scheme_char, xchar};
use crate::syntax::grammar::Node;
use crate::syntax::scheme::Scheme;
use crate::syntax::spec::Spec;
use crate::url::Url;
use crate::url::owned::OwnedUrl;
use crate::url::schemes::generic::GenericUrl;

/// The scheme part of a generic URL, as the builder holds it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
enum SchemePart {
    #[default]
    Unset,
    Decoded(Vec<u8>),
    Written(String),
}

/// The `urlpath` of an `ip-schemepart`, as the builder holds it: decoded
/// bytes from `urlpath`, or the text of a parsed URL's (`to_builder`),
/// whose reserved characters and escapes stay as they were.
#[derive(Clone, Debug, PartialEq, Eq)]
enum UrlPath {
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
    urlpath: Option<UrlPath>,
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

    /// A builder holding this URL's parts, to change some and build again:
    /// under the URL's specification it builds a URL with the same parts.
    /// The scheme is written in lower case; an `ip-schemepart` is held as
    /// its login and `urlpath`, any other scheme part whole; a `urlpath` or
    /// scheme part is held as written, since what its reserved characters
    /// and escapes mean is the scheme's to say.
    ///
    /// # Errors
    ///
    /// [`BuildError`], of:
    /// - [`BuildComponent::Fragment`] when the URL has a fragment, which builders do not write
    ///   (no generic URL of these specifications has one: RFC 3986's are [`Url::Uri`]);
    /// - [`BuildComponent::Port`] when the port is above 65535.
    ///
    /// ```
    /// let url = rfc1738::Url::parse("x-app://me@host.example/path")?;
    /// let other = url.as_generic().unwrap().to_builder()?.host("other.example").build(url.spec())?;
    /// assert_eq!(other, "x-app://me@other.example/path");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_builder(&self) -> Result<GenericBuilder, BuildError> {
        // Every field named, so that a new one is not forgotten here.
        let GenericUrl {
            text,
            spec,
            schemepart,
            ip_schemepart,
        } = *self;
        without_fragment(text, spec)?;
        let scheme = Some(self.scheme().to_ascii_lowercase().into_bytes());
        Ok(match ip_schemepart {
            Some(ip) => GenericBuilder {
                scheme,
                schemepart: SchemePart::Unset,
                login: LoginParts::of_login(ip.login(), spec)?,
                urlpath: ip
                    .urlpath()
                    .map(|urlpath| UrlPath::Written(urlpath.to_owned())),
            },
            None => GenericBuilder {
                scheme,
                schemepart: SchemePart::Written(schemepart.to_owned()),
                login: LoginParts::default(),
                urlpath: None,
            },
        })
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
        self.urlpath = Some(UrlPath::Decoded(urlpath.as_ref().to_vec()));
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
                BuildComponent::Scheme,
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
                BuildComponent::Scheme,
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
                        BuildComponent::SchemePart,
                        Node::hier_part,
                        spec,
                        format!(
                            "{schemepart:?} is no `hier-part [ \"?\" query ] [ \"#\" fragment ]` of RFC 3986"
                        ),
                    ));
                }
                if !is_xchars(schemepart, spec) {
                    return Err(BuildError::new(
                        BuildComponent::SchemePart,
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
                self.login.write_login(
                    &mut out,
                    spec,
                    "ip-schemepart",
                    BuildComponent::IpSchemepartHost,
                    BuildComponent::IpSchemepartPassword,
                )?;
                match &self.urlpath {
                    None => {}
                    Some(UrlPath::Decoded(urlpath)) => {
                        out.push('/');
                        out.push_str(&encode(urlpath, spec, xchar));
                    }
                    Some(UrlPath::Written(urlpath)) => {
                        out.push('/');
                        out.push_str(urlpath);
                        // As written under another specification, it may
                        // hold a character this one does not take as it is
                        // (draft-07's '[' is no `xchar` of RFC 1738, and no
                        // path character of RFC 3986).
                        if !is_xchars(urlpath, spec) || !Url::is_valid(&out, spec) {
                            return Err(BuildError::new(
                                BuildComponent::SchemePart,
                                Node::urlpath,
                                spec,
                                format!(
                                    "{urlpath:?}, as written, holds a character that {} does not take \
                                     there: set the path with `urlpath`, decoded",
                                    spec.title()
                                ),
                            ));
                        }
                    }
                }
            }
            (_, true) => {
                return Err(BuildError::new(
                    BuildComponent::SchemePart,
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
