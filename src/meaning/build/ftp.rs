//! The ftp builder: `ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]`
//! from a login, directories, a file name and a type code.

use super::login::LoginParts;
use super::{BuildComponent, BuildError, built, decoded, encode, without_fragment};
use crate::syntax::charclass::fsegment_char;
use crate::syntax::grammar::Node;
use crate::syntax::spec::Spec;
use crate::url::owned::OwnedUrl;
use crate::url::schemes::ftp::FtpUrl;

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

    /// A builder holding this URL's parts, decoded, to change some and build
    /// again: under the URL's specification it builds a URL with the same
    /// parts (escapes may differ where the same byte can be written both
    /// ways).
    ///
    /// # Errors
    ///
    /// [`BuildError`], of:
    /// - [`BuildComponent::Fragment`] when the URL has a fragment (RFC 3986), which builders do not write;
    /// - [`BuildComponent::Port`] when the port is above 65535.
    ///
    /// ```
    /// let url = rfc1738::Url::parse("ftp://me@host.dom/pub/file.txt")?;
    /// let binary = url.as_ftp().unwrap().to_builder()?.typecode('i').build(url.spec())?;
    /// assert_eq!(binary, "ftp://me@host.dom/pub/file.txt;type=i");
    ///
    /// let uri = rfc1738::Url::parse_with("ftp://h/f.txt#l10", rfc1738::Spec::Rfc3986)?;
    /// let refused = uri.as_ftp().unwrap().to_builder().unwrap_err();
    /// assert_eq!(refused.component(), rfc1738::BuildComponent::Fragment);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_builder(&self) -> Result<FtpBuilder, BuildError> {
        // Every field named, so that a new one is not forgotten here.
        let FtpUrl {
            text,
            spec,
            login,
            fpath,
            typecode,
        } = *self;
        without_fragment(text, spec)?;
        let mut cwd: Vec<Vec<u8>> =
            fpath.map_or_else(Vec::new, |path| path.split('/').map(decoded).collect());
        let name = cwd.pop();
        Ok(FtpBuilder {
            login: LoginParts::of_login(login, spec)?,
            cwd,
            name,
            typecode,
        })
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
        self.login.write_login(
            &mut out,
            spec,
            "ftp",
            BuildComponent::FtpHost,
            BuildComponent::FtpPassword,
        )?;
        let Some(name) = &self.name else {
            if !self.cwd.is_empty() {
                return Err(BuildError::new(
                    BuildComponent::FtpPath,
                    Node::fpath,
                    spec,
                    "the last segment of the path is the file name, so directories need a name \
                     after them: `name(\"\")` names the last directory itself",
                ));
            }
            if self.typecode.is_some() {
                return Err(BuildError::new(
                    BuildComponent::FtpTypeCode,
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
                    BuildComponent::FtpTypeCode,
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
