//! [`BuildError`]: why a builder refuses the parts it was given.

use super::BuildComponent;
use crate::syntax::grammar::Node;
use crate::syntax::rules::GrammarRule;
use crate::syntax::spec::Spec;

/// Why a builder cannot write a URL with the parts it was given: which
/// component, the rule of the specification that it breaks, and how.
///
/// ```
/// use rfc1738::{GopherUrl, Spec};
///
/// let err = GopherUrl::builder().host("h").gtype("7").search("a\tb").build(Spec::Rfc1738).unwrap_err();
/// assert_eq!(err.component(), "gopher search");
/// assert_eq!(err.rule().name(), "search");
/// assert!(err.to_string().starts_with("cannot build the gopher search (RFC 1738): it holds a TAB"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot build the {component} ({}): {reason} (`{}`)", .spec.title(), .rule.definition(Spec::clone(.spec)))]
pub struct BuildError {
    component: BuildComponent,
    rule: GrammarRule,
    spec: Spec,
    reason: String,
}

impl BuildError {
    pub(super) fn new(
        component: BuildComponent,
        rule: Node,
        spec: Spec,
        reason: impl Into<String>,
    ) -> BuildError {
        BuildError {
            component,
            rule: GrammarRule(rule, spec),
            spec,
            reason: reason.into(),
        }
    }

    /// The part that could not be written, such as
    /// [`BuildComponent::HttpHost`]; [`BuildComponent::Url`] for the URL as a
    /// whole (under RFC 2396, which builders do not write by). It compares
    /// equal to its words (`"http host"`), which its `Display` writes.
    ///
    /// ```
    /// use rfc1738::{BuildComponent, HttpUrl, Spec};
    ///
    /// let err = HttpUrl::builder().build(Spec::Rfc1738).unwrap_err();
    /// assert_eq!(err.component(), BuildComponent::HttpHost);
    /// assert_eq!(err.component(), "http host");
    /// let err = HttpUrl::builder().host("h").build(Spec::Rfc2396).unwrap_err();
    /// assert_eq!(err.component().as_str(), "URL");
    /// assert!(err.to_string().contains("build under RFC 1738, draft-07 or RFC 3986"));
    /// ```
    #[must_use]
    pub fn component(&self) -> BuildComponent {
        self.component
    }

    /// The rule of the specification the part would break.
    ///
    /// ```
    /// use rfc1738::{NewsUrl, Spec};
    ///
    /// let err = NewsUrl::builder().group("comp.lang.c++").build(Spec::Draft07).unwrap_err();
    /// assert_eq!(err.rule().definition(Spec::Draft07), r#"group = alpha *[ alpha | digit | "-" | "." ]"#);
    /// ```
    #[must_use]
    pub fn rule(&self) -> GrammarRule {
        self.rule
    }

    /// The specification the URL was to be written under.
    ///
    /// ```
    /// use rfc1738::{FileUrl, Spec};
    ///
    /// let err = FileUrl::builder().segment("etc").build(Spec::Draft07).unwrap_err();
    /// assert_eq!(err.spec(), Spec::Draft07);
    /// ```
    #[must_use]
    pub fn spec(&self) -> Spec {
        self.spec
    }

    /// What is wrong, in words.
    ///
    /// ```
    /// use rfc1738::{MailtoUrl, Spec};
    ///
    /// let err = MailtoUrl::builder().address("").build(Spec::Rfc1738).unwrap_err();
    /// assert_eq!(err.reason(), "the address is empty, and `encoded822addr` is at least one character");
    /// ```
    #[must_use]
    pub fn reason(&self) -> &str {
        &self.reason
    }
}
