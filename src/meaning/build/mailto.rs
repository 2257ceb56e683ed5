//! The mailto builder: `mailtourl = "mailto:" encoded822addr` from an address.

use super::{BuildComponent, BuildError, built, decoded, encode, without_fragment};
use crate::syntax::charclass::xchar;
use crate::syntax::grammar::Node;
use crate::syntax::spec::Spec;
use crate::url::owned::OwnedUrl;
use crate::url::schemes::mailto::MailtoUrl;

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

    /// A builder holding this URL's address, decoded, to change it and build
    /// again: under the URL's specification it builds a URL with the same
    /// address.
    ///
    /// # Errors
    ///
    /// [`BuildError`], of:
    /// - [`BuildComponent::Fragment`] when the URL has a fragment, which builders do not write
    ///   (no mailto URL of these specifications has one: RFC 3986's are [`Url::Uri`](crate::Url::Uri)).
    ///
    /// ```
    /// let url = rfc1738::Url::parse("mailto:info@example.org")?;
    /// let builder = url.as_mailto().unwrap().to_builder()?;
    /// assert_eq!(builder.build(url.spec())?, "mailto:info@example.org");
    /// let other = url.as_mailto().unwrap().to_builder()?.address("webmaster@example.org");
    /// assert_eq!(other.build(url.spec())?, "mailto:webmaster@example.org");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_builder(&self) -> Result<MailtoBuilder, BuildError> {
        // Every field named, so that a new one is not forgotten here.
        let MailtoUrl {
            text,
            spec,
            address,
        } = *self;
        without_fragment(text, spec)?;
        Ok(MailtoBuilder {
            address: Some(decoded(address)),
        })
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
                BuildComponent::MailtoAddress,
                Node::encoded822addr,
                spec,
                "the address is empty, and `encoded822addr` is at least one character",
            )),
        }
    }
}
