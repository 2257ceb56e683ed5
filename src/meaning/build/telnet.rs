//! The telnet builder: `telneturl = "telnet://" login [ "/" ]`.

use super::login::LoginParts;
use super::{BuildComponent, BuildError, built, without_fragment};
use crate::syntax::spec::Spec;
use crate::url::owned::OwnedUrl;
use crate::url::schemes::telnet::TelnetUrl;

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
    /// let url = rfc1738::Url::parse("telnet://guest@host.example:23/")?;
    /// let other = url.as_telnet().unwrap().to_builder()?.user("admin").build(url.spec())?;
    /// assert_eq!(other, "telnet://admin@host.example:23/");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_builder(&self) -> Result<TelnetBuilder, BuildError> {
        // Every field named, so that a new one is not forgotten here.
        let TelnetUrl { text, spec, login } = *self;
        without_fragment(text, spec)?;
        Ok(TelnetBuilder {
            login: LoginParts::of_login(login, spec)?,
            trailing_slash: self.has_trailing_slash(),
        })
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
        self.login.write_login(
            &mut out,
            spec,
            "telnet",
            BuildComponent::TelnetHost,
            BuildComponent::TelnetPassword,
        )?;
        if self.trailing_slash {
            out.push('/');
        }
        Ok(out)
    }
}
