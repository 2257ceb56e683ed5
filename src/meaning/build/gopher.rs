//! The gopher builder: item type, selector, search and gopher+ string, and
//! the refusal of the bytes that would end or split a Gopher request.

use super::login::LoginParts;
use super::{BuildComponent, BuildError, built, decoded, encode, without_fragment};
use crate::syntax::charclass::{hsegment_char, xchar};
use crate::syntax::grammar::Node;
use crate::syntax::spec::Spec;
use crate::url::owned::OwnedUrl;
use crate::url::schemes::gopher::GopherUrl;

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

    /// A builder holding this URL's parts, decoded, to change some and build
    /// again: under the URL's specification it builds a URL with the same
    /// parts (escapes may differ where the same byte can be written both
    /// ways, and `gopher://host` gains its `/`). `build` refuses what the
    /// builder always does (an item type, selector or search that holds a
    /// TAB, CR or LF, a gopher+ string that holds CR or LF, which RFC 4266
    /// keeps out of a Gopher request).
    ///
    /// # Errors
    ///
    /// [`BuildError`], of:
    /// - [`BuildComponent::Fragment`] when the URL has a fragment (RFC 3986), which builders do not write;
    /// - [`BuildComponent::Port`] when the port is above 65535.
    ///
    /// ```
    /// let url = rfc1738::Url::parse("gopher://spinaltap.micro.umn.edu/7/world")?;
    /// let search = url.as_gopher().unwrap().to_builder()?.search("rock").build(url.spec())?;
    /// assert_eq!(search, "gopher://spinaltap.micro.umn.edu/7/world%09rock");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_builder(&self) -> Result<GopherBuilder, BuildError> {
        // Every field named, so that a new one is not forgotten here; the
        // builder always writes the path's "/".
        let GopherUrl {
            text,
            spec,
            hostport,
            path: _,
            gtype,
            selector,
            search,
            gopher_plus,
        } = *self;
        without_fragment(text, spec)?;
        Ok(GopherBuilder {
            login: LoginParts::of_hostport(hostport, spec)?,
            gtype: gtype.map(decoded),
            selector: selector.map(decoded),
            search: search.map(decoded),
            gopher_plus: gopher_plus.map(decoded),
        })
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
        self.login
            .write_hostport(&mut out, spec, "gopher", BuildComponent::GopherHost)?;
        out.push('/');
        let Some(gtype) = &self.gtype else {
            let set = [
                (
                    self.selector.is_some(),
                    BuildComponent::GopherSelector,
                    "selector",
                ),
                (
                    self.search.is_some(),
                    BuildComponent::GopherSearch,
                    "search",
                ),
                (
                    self.gopher_plus.is_some(),
                    BuildComponent::GopherPlusString,
                    "gopher+ string",
                ),
            ];
            if let Some(&(_, component, words)) = set.iter().find(|(is_set, ..)| *is_set) {
                return Err(BuildError::new(
                    component,
                    Node::gopherurl,
                    spec,
                    format!("a {words} follows the item type: set a gtype"),
                ));
            }
            return Ok(out);
        };
        let &[gtype_byte] = gtype.as_slice() else {
            return Err(BuildError::new(
                BuildComponent::GopherItemType,
                Node::gtype,
                spec,
                format!("the item type is one character, not {} bytes", gtype.len()),
            ));
        };
        if let Some(separator) = first_of(gtype, GOPHER_SEPARATORS) {
            return Err(BuildError::new(
                BuildComponent::GopherItemType,
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
                BuildComponent::GopherSelector,
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
                    BuildComponent::GopherPlusString,
                    Node::gopherurl,
                    spec,
                    "a gopher+ string follows a search: set one (an empty one for `%09%09+`)",
                ));
            }
            return Ok(out);
        };
        if let Some(separator) = first_of(search, GOPHER_SEPARATORS) {
            return Err(BuildError::new(
                BuildComponent::GopherSearch,
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
                    BuildComponent::GopherPlusString,
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
