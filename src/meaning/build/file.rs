//! The file builder: a host, `localhost` or none, and path segments, by
//! RFC 1738's rule or draft-07's.

use super::{BuildComponent, BuildError, built, check_host, decoded, encode, without_fragment};
use crate::syntax::charclass::fsegment_char;
use crate::syntax::grammar::Node;
use crate::syntax::spec::Spec;
use crate::url::owned::OwnedUrl;
use crate::url::schemes::file::{FileHost, FileUrl};

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

    /// A builder holding this URL's parts, decoded, to change some and build
    /// again: under the URL's specification it builds a URL with the same
    /// parts (`localhost` written in lower case, without escapes).
    ///
    /// # Errors
    ///
    /// [`BuildError`], of:
    /// - [`BuildComponent::Fragment`] when the URL has a fragment (RFC 3986), which builders do not write.
    ///
    /// ```
    /// let url = rfc1738::Url::parse("file://vms.host.edu/disk$user/my/notes/note12345.txt")?;
    /// let builder = url.as_file().unwrap().to_builder()?.localhost();
    /// assert_eq!(builder.build(url.spec())?, "file://localhost/disk$user/my/notes/note12345.txt");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_builder(&self) -> Result<FileBuilder, BuildError> {
        // Every field named, so that a new one is not forgotten here.
        let FileUrl {
            text,
            spec,
            host,
            fpath,
        } = *self;
        without_fragment(text, spec)?;
        Ok(FileBuilder {
            host: match host {
                FileHost::Absent => FileHostPart::Absent,
                FileHost::Localhost(_) => FileHostPart::Localhost,
                FileHost::Host(host) => FileHostPart::Host(host.as_str().as_bytes().to_vec()),
            },
            segments: fpath.map_or_else(Vec::new, |path| path.split('/').map(decoded).collect()),
        })
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
                    BuildComponent::FileHost,
                    Node::fileurl,
                    spec,
                    "a draft-07 file URL names a host: set one, or `localhost()` for this machine",
                ));
            }
            FileHostPart::Absent => {}
            FileHostPart::Localhost => out.push_str("localhost"),
            FileHostPart::Host(host) => {
                out.push_str(check_host(host, spec, BuildComponent::FileHost)?)
            }
        }
        if self.segments.is_empty() {
            if spec == Spec::Rfc1738 {
                return Err(BuildError::new(
                    BuildComponent::FilePath,
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
