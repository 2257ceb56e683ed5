//! A typed URL's components listed by name, for the schemes whose components
//! are all text or a host and port: the one place such a scheme's views (the
//! CLI's, the Python package's) learn which components it has.

use crate::url::schemes::login::HostPort;

/// One component of a typed URL: the name of the accessor that gives it,
/// and its value as that accessor gives it.
///
/// The types that list their components ([`NntpUrl`](crate::NntpUrl),
/// [`MailtoUrl`](crate::MailtoUrl), [`GhelpUri`](crate::GhelpUri)) give
/// them in the order the URL writes them, through a `components` method.
///
/// ```
/// use rfc1738::{Component, ComponentValue, Url};
///
/// let parsed = Url::parse("nntp://news.example/comp.lang.ada/42").unwrap();
/// let nntp = parsed.as_nntp().unwrap();
/// let names: Vec<&str> = nntp.components().map(|c| c.name).collect();
/// assert_eq!(names, ["hostport", "group", "article"]);
///
/// let article = nntp.components().last().unwrap();
/// assert_eq!(
///     article,
///     Component { name: "article", value: ComponentValue::Optional(Some("42")) }
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Component<'a> {
    /// The accessor's name (`group` for [`NntpUrl::group`](crate::NntpUrl::group)).
    pub name: &'static str,
    /// The value, as written (escapes not decoded).
    pub value: ComponentValue<'a>,
}

/// The value of a [`Component`], as its accessor gives it.
///
/// Not `#[non_exhaustive]`, on purpose: a view matches every kind of value,
/// so that a kind added here is a compile error in each view that must
/// learn to show it. The price is that a new kind is a breaking change for
/// code outside the crate that matches on it too.
///
/// ```
/// use rfc1738::{ComponentValue, Url};
///
/// let parsed = Url::parse("mailto:a%20b@example.com").unwrap();
/// let address = parsed.as_mailto().unwrap().components().next().unwrap();
/// assert_eq!(address.value, ComponentValue::Text("a%20b@example.com"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ComponentValue<'a> {
    /// A component every URL of the kind has, as written.
    Text(&'a str),
    /// A component the URL may leave out, as written.
    Optional(Option<&'a str>),
    /// A server's host and port.
    HostPort(HostPort<'a>),
}
