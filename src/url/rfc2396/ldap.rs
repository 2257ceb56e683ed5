//! `ldap:` URLs by RFC 2255, as uri(7) cites them under RFC 2396: server, base
//! DN, attributes, scope, filter and extensions.

use std::borrow::Cow;

use crate::syntax::pairs::Pair;

use crate::syntax::decode::percent_decode_lossy as decode_lossy;
use crate::syntax::grammar::{Node, SpecRule};
use crate::url::rfc2396::uri7::{uri7_accessors, visit};
use crate::url::schemes::login::HostPort;

/// An LDAP URL: `ldap://hostport/dn?attributes?scope?filter?extensions`, every
/// part after the host optional (RFC 2255).
///
/// ```
/// use rfc1738::{LdapScope, Spec, Url};
///
/// let input = "ldap://host.com:6666/o=University%20of%20Michigan,c=US??sub?(cn=Babs%20Jensen)";
/// let parsed = Url::parse_with(input, Spec::Rfc2396)?;
/// let ldap = parsed.as_ldap().unwrap();
/// assert_eq!(ldap.hostport().unwrap().port(), Some("6666"));
/// assert_eq!(ldap.decoded_dn(), "o=University of Michigan,c=US");
/// assert_eq!(ldap.attributes().count(), 0);
/// assert_eq!(ldap.scope(), LdapScope::Sub);
/// assert_eq!(ldap.decoded_filter(), "(cn=Babs Jensen)");
/// # Ok::<(), rfc1738::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LdapUrl<'a> {
    text: &'a str,
    hostport: Option<HostPort<'a>>,
    dn: Option<&'a str>,
    attributes: Option<&'a str>,
    scope: Option<&'a str>,
    filter: Option<&'a str>,
    extensions: Option<&'a str>,
    fragment: Option<&'a str>,
}

uri7_accessors!(LdapUrl, Ldap, "ldap://ldap.example/o=Example");

/// How far below the base DN a search reaches (RFC 2255 `scope`).
///
/// ```
/// use rfc1738::{LdapScope, Spec, Url};
///
/// let parsed = Url::parse_with("ldap://h/o=x??one", Spec::Rfc2396).unwrap();
/// let ldap = parsed.as_ldap().unwrap();
/// assert_eq!(ldap.scope(), LdapScope::One);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum LdapScope {
    /// `base`: the base object alone (the default).
    Base,
    /// `one`: the entries one level below the base.
    One,
    /// `sub`: the whole subtree.
    Sub,
}

/// One of an LDAP URL's extensions: `["!"] extype ["=" exvalue]`.
///
/// ```
/// use rfc1738::{Spec, Url};
///
/// let parsed = Url::parse_with("ldap://h/o=x????!bindname=cn=Manager%2co=Foo,x-opt", Spec::Rfc2396).unwrap();
/// let ldap = parsed.as_ldap().unwrap();
/// let extensions: Vec<_> = ldap.extensions().collect();
/// assert!(extensions[0].is_critical());
/// assert_eq!(extensions[0].extype(), "bindname");
/// assert_eq!(extensions[0].decoded_value().as_deref(), Some("cn=Manager,o=Foo"));
/// assert!(!extensions[1].is_critical());
/// assert_eq!(extensions[1].value(), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LdapExtension<'a> {
    critical: bool,
    extype: &'a str,
    value: Option<&'a str>,
}

impl<'a> LdapExtension<'a> {
    /// Whether the extension is marked critical with `!`: a client that does
    /// not support it must not process the URL.
    ///
    /// ```
    /// use rfc1738::{Spec, Url};
    ///
    /// let parsed = Url::parse_with("ldap:///????!x-a", Spec::Rfc2396).unwrap();
    /// let ldap = parsed.as_ldap().unwrap();
    /// assert!(ldap.extensions().next().unwrap().is_critical());
    /// ```
    #[must_use]
    pub fn is_critical(&self) -> bool {
        self.critical
    }

    /// The extension's type: an OID or a name (`bindname`, `X-...`), as
    /// written: a letter or digit written escaped (`%62indname`) stays so
    /// here, and [`Url::normalize`](crate::Url::normalize) decodes it.
    ///
    /// ```
    /// use rfc1738::{Spec, Url};
    ///
    /// let parsed = Url::parse_with("ldap:///????1.2.3=v", Spec::Rfc2396).unwrap();
    /// let ldap = parsed.as_ldap().unwrap();
    /// assert_eq!(ldap.extensions().next().unwrap().extype(), "1.2.3");
    /// ```
    #[must_use]
    pub fn extype(&self) -> &'a str {
        self.extype
    }

    /// The value after `=`, as written; `None` without one.
    ///
    /// ```
    /// use rfc1738::{Spec, Url};
    ///
    /// let parsed = Url::parse_with("ldap:///????e=a%2Cb", Spec::Rfc2396).unwrap();
    /// let ldap = parsed.as_ldap().unwrap();
    /// assert_eq!(ldap.extensions().next().unwrap().value(), Some("a%2Cb"));
    /// ```
    #[must_use]
    pub fn value(&self) -> Option<&'a str> {
        self.value
    }

    /// The value with its escapes decoded (a "," in a value is written `%2C`).
    ///
    /// ```
    /// use rfc1738::{Spec, Url};
    ///
    /// let parsed = Url::parse_with("ldap:///????e=a%2Cb", Spec::Rfc2396).unwrap();
    /// let ldap = parsed.as_ldap().unwrap();
    /// assert_eq!(ldap.extensions().next().unwrap().decoded_value().as_deref(), Some("a,b"));
    /// ```
    pub fn decoded_value(&self) -> Option<Cow<'a, str>> {
        self.value.map(decode_lossy)
    }
}

impl<'a> LdapUrl<'a> {
    /// The port RFC 2255 names as the default: 389.
    ///
    /// ```
    /// assert_eq!(rfc1738::LdapUrl::DEFAULT_PORT, 389);
    /// ```
    pub const DEFAULT_PORT: u16 = 389;

    /// The filter RFC 2255 assumes when the URL has none.
    ///
    /// ```
    /// assert_eq!(rfc1738::LdapUrl::DEFAULT_FILTER, "(objectClass=*)");
    /// ```
    pub const DEFAULT_FILTER: &'static str = "(objectClass=*)";

    pub(crate) fn lower<R: SpecRule>(text: &'a str, pair: Pair<'a, R>) -> LdapUrl<'a> {
        let mut url = LdapUrl {
            text,
            hostport: None,
            dn: None,
            attributes: None,
            scope: None,
            filter: None,
            extensions: None,
            fragment: None,
        };
        visit(pair, &mut |node, part| match node {
            Node::hostport => url.hostport = Some(HostPort::lower(part.clone())),
            Node::dn => url.dn = Some(part.as_str()),
            Node::attributes => url.attributes = Some(part.as_str()),
            Node::scope => url.scope = Some(part.as_str()),
            Node::filter => url.filter = Some(part.as_str()),
            Node::extensions => url.extensions = Some(part.as_str()),
            Node::fragment => url.fragment = Some(part.as_str()),
            _ => {}
        });
        url
    }

    /// The server, if the URL names one; without it "the client determines
    /// which the LDAP server to use" (uri(7)).
    ///
    /// ```
    /// use rfc1738::{Spec, Url};
    ///
    /// let parsed = Url::parse_with("ldap:///o=x", Spec::Rfc2396).unwrap();
    /// let ldap = parsed.as_ldap().unwrap();
    /// assert!(ldap.hostport().is_none());
    /// ```
    #[must_use]
    pub fn hostport(&self) -> Option<HostPort<'a>> {
        self.hostport
    }

    /// The base DN as written (escapes not decoded); `None` without a "/".
    ///
    /// ```
    /// use rfc1738::{Spec, Url};
    ///
    /// let parsed = Url::parse_with("ldap://h/c=US", Spec::Rfc2396).unwrap();
    /// let ldap = parsed.as_ldap().unwrap();
    /// assert_eq!(ldap.dn(), Some("c=US"));
    /// ```
    #[must_use]
    pub fn dn(&self) -> Option<&'a str> {
        self.dn
    }

    /// The base DN with its escapes decoded (empty without one).
    ///
    /// ```
    /// use rfc1738::{Spec, Url};
    ///
    /// let parsed = Url::parse_with("ldap://h/o=A%20B", Spec::Rfc2396).unwrap();
    /// let ldap = parsed.as_ldap().unwrap();
    /// assert_eq!(ldap.decoded_dn(), "o=A B");
    /// ```
    #[must_use]
    pub fn decoded_dn(&self) -> Cow<'a, str> {
        decode_lossy(self.dn.unwrap_or_default())
    }

    /// The attributes to return, as written (escapes kept, as in
    /// [`LdapExtension::extype`]); none means all of them.
    ///
    /// ```
    /// use rfc1738::{Spec, Url};
    ///
    /// let parsed = Url::parse_with("ldap://h/c=US?cn,mail", Spec::Rfc2396).unwrap();
    /// let ldap = parsed.as_ldap().unwrap();
    /// assert_eq!(ldap.attributes().collect::<Vec<_>>(), ["cn", "mail"]);
    /// ```
    pub fn attributes(&self) -> impl Iterator<Item = &'a str> + use<'a> {
        self.attributes
            .filter(|list| !list.is_empty())
            .into_iter()
            .flat_map(|list| list.split(','))
    }

    /// The scope; `base` when the URL names none (RFC 2255). The grammar
    /// reads the keyword in any case, its letters as they are or escaped.
    ///
    /// ```
    /// use rfc1738::{LdapScope, Spec, Url};
    ///
    /// let parsed = Url::parse_with("ldap://h/c=US", Spec::Rfc2396).unwrap();
    /// let ldap = parsed.as_ldap().unwrap();
    /// assert_eq!(ldap.scope(), LdapScope::Base);
    /// ```
    #[must_use]
    pub fn scope(&self) -> LdapScope {
        // The grammar reads letters escaped too (`%73ub`: RFC 2396 §2.3).
        let scope = self.scope.map(decode_lossy);
        match scope.as_deref() {
            Some(scope) if scope.eq_ignore_ascii_case("one") => LdapScope::One,
            Some(scope) if scope.eq_ignore_ascii_case("sub") => LdapScope::Sub,
            _ => LdapScope::Base,
        }
    }

    /// The filter as written; `None` when the URL has none.
    ///
    /// ```
    /// use rfc1738::{Spec, Url};
    ///
    /// let parsed = Url::parse_with("ldap://h/c=US???(cn=x)", Spec::Rfc2396).unwrap();
    /// let ldap = parsed.as_ldap().unwrap();
    /// assert_eq!(ldap.filter(), Some("(cn=x)"));
    /// ```
    #[must_use]
    pub fn filter(&self) -> Option<&'a str> {
        self.filter
    }

    /// The filter with its escapes decoded, or [`LdapUrl::DEFAULT_FILTER`].
    ///
    /// ```
    /// use rfc1738::{Spec, Url};
    ///
    /// let parsed = Url::parse_with("ldap://h/c=US", Spec::Rfc2396).unwrap();
    /// let ldap = parsed.as_ldap().unwrap();
    /// assert_eq!(ldap.decoded_filter(), "(objectClass=*)");
    /// ```
    pub fn decoded_filter(&self) -> Cow<'a, str> {
        self.filter
            .map_or(Cow::Borrowed(Self::DEFAULT_FILTER), decode_lossy)
    }

    /// The extensions, in order.
    ///
    /// ```
    /// use rfc1738::{Spec, Url};
    ///
    /// let parsed = Url::parse_with("ldap://h/c=US", Spec::Rfc2396).unwrap();
    /// let ldap = parsed.as_ldap().unwrap();
    /// assert_eq!(ldap.extensions().count(), 0);
    /// ```
    pub fn extensions(&self) -> impl Iterator<Item = LdapExtension<'a>> + use<'a> {
        self.extensions
            .into_iter()
            .flat_map(|list| list.split(','))
            .map(|extension| {
                // The grammar reads "!" as it is or escaped (an unreserved character).
                let (critical, rest) = match extension
                    .strip_prefix('!')
                    .or_else(|| extension.strip_prefix("%21"))
                {
                    Some(rest) => (true, rest),
                    None => (false, extension),
                };
                let (extype, value) = match rest.split_once('=') {
                    Some((extype, value)) => (extype, Some(value)),
                    None => (rest, None),
                };
                LdapExtension {
                    critical,
                    extype,
                    value,
                }
            })
    }
}
