//! The prospero builder: `prosperourl = "prospero://" hostport "/" ppath
//! *[ fieldspec ]` from a host, path segments and fields.

use super::login::LoginParts;
use super::{BuildComponent, BuildError, built, decoded, encode, without_fragment};
use crate::syntax::charclass::{fieldname_char, fieldvalue_char, fsegment_char};
use crate::syntax::grammar::Node;
use crate::syntax::spec::Spec;
use crate::url::owned::OwnedUrl;
use crate::url::schemes::prospero::ProsperoUrl;

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

    /// A builder holding this URL's parts, decoded, to change some and build
    /// again: under the URL's specification it builds a URL with the same
    /// parts.
    ///
    /// # Errors
    ///
    /// [`BuildError`], of:
    /// - [`BuildComponent::Fragment`] when the URL has a fragment (RFC 3986), which builders do not write;
    /// - [`BuildComponent::Port`] when the port is above 65535.
    ///
    /// ```
    /// let url = rfc1738::Url::parse("prospero://host.example/a/b;version=2")?;
    /// let more = url.as_prospero().unwrap().to_builder()?.field("lang", "en").build(url.spec())?;
    /// assert_eq!(more, "prospero://host.example/a/b;version=2;lang=en");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_builder(&self) -> Result<ProsperoBuilder, BuildError> {
        // Every field named, so that a new one is not forgotten here.
        let ProsperoUrl {
            text,
            spec,
            hostport,
            ppath,
            fields: _,
        } = *self;
        without_fragment(text, spec)?;
        Ok(ProsperoBuilder {
            login: LoginParts::of_hostport(hostport, spec)?,
            segments: ppath.split('/').map(decoded).collect(),
            fields: self
                .fields()
                .map(|(name, value)| (decoded(name), decoded(value)))
                .collect(),
        })
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
        self.login
            .write_hostport(&mut out, spec, "prospero", BuildComponent::ProsperoHost)?;
        if self.segments.is_empty() {
            return Err(BuildError::new(
                BuildComponent::ProsperoPath,
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
