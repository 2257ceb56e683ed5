//! The wais builder: a database, a search in it, or one of its documents.

use super::login::LoginParts;
use super::{BuildComponent, BuildError, built, decoded, encode, without_fragment};
use crate::syntax::charclass::{hsegment_char, uchar};
use crate::syntax::spec::Spec;
use crate::url::owned::OwnedUrl;
use crate::url::schemes::wais::{WaisKind, WaisUrl};

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
    /// let url = rfc1738::Url::parse("wais://quake.think.com/directory-of-servers")?;
    /// let search = url.as_wais().unwrap().to_builder()?.search("weather").build(url.spec())?;
    /// assert_eq!(search, "wais://quake.think.com/directory-of-servers?weather");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_builder(&self) -> Result<WaisBuilder, BuildError> {
        // Every field named, so that a new one is not forgotten here.
        let WaisUrl {
            text,
            spec,
            hostport,
            database,
            kind,
        } = *self;
        without_fragment(text, spec)?;
        let form = match kind {
            WaisKind::Database => WaisForm::Database,
            WaisKind::Index { search } => WaisForm::Index(decoded(search)),
            WaisKind::Document { wtype, wpath } => {
                WaisForm::Document(decoded(wtype), decoded(wpath))
            }
        };
        Ok(WaisBuilder {
            login: LoginParts::of_hostport(hostport, spec)?,
            database: decoded(database),
            form,
        })
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
        self.login
            .write_hostport(&mut out, spec, "wais", BuildComponent::WaisHost)?;
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
