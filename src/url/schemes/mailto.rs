//! `mailto` URLs (RFC 1738 §3.5): an RFC 822 address.

use crate::syntax::pairs::Pair;

use crate::syntax::fast::{MailtoSpans, SpanText};
use crate::syntax::grammar::{Node, SpecRule};
use crate::syntax::spec::Spec;
use crate::url::schemes::components::{Component, ComponentValue};

/// `mailtourl = "mailto:" encoded822addr`.
///
/// ```
/// use rfc1738::Url;
///
/// let parsed = Url::parse("mailto:dwheeler@dwheeler.com").unwrap();
/// let mail = parsed.as_mailto().unwrap();
/// assert_eq!(mail.address(), "dwheeler@dwheeler.com");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MailtoUrl<'a> {
    pub(crate) text: &'a str,
    pub(crate) spec: Spec,
    pub(crate) address: &'a str,
}

impl<'a> MailtoUrl<'a> {
    /// `encoded822addr = 1*xchar`, as written (escapes not decoded).
    ///
    /// ```
    /// // Escapes stay as written.
    /// let parsed = rfc1738::Url::parse("mailto:a%20b@example.com").unwrap();
    /// let m = parsed.as_mailto().unwrap();
    /// assert_eq!(m.address(), "a%20b@example.com");
    /// ```
    #[must_use]
    pub fn address(&self) -> &'a str {
        self.address
    }

    /// Every component, by its accessor's name: the address alone.
    ///
    /// ```
    /// use rfc1738::{Component, ComponentValue, Url};
    ///
    /// let parsed = Url::parse("mailto:a@b.example").unwrap();
    /// let m = parsed.as_mailto().unwrap();
    /// let listed: Vec<Component> = m.components().collect();
    /// assert_eq!(
    ///     listed,
    ///     [Component { name: "address", value: ComponentValue::Text("a@b.example") }]
    /// );
    /// ```
    pub fn components(&self) -> impl Iterator<Item = Component<'a>> + use<'a> {
        [Component {
            name: "address",
            value: ComponentValue::Text(self.address),
        }]
        .into_iter()
    }

    pub(crate) fn lower<R: SpecRule>(text: &'a str, spec: Spec, pair: Pair<'a, R>) -> Self {
        let address = pair
            .into_inner()
            .find(|part| part.as_rule().node() == Some(Node::encoded822addr))
            .expect("the grammar's mailtourl has an encoded822addr")
            .as_str();
        MailtoUrl {
            text,
            spec,
            address,
        }
    }

    /// The view of `text`, which the fast path read under `spec` into these
    /// spans: the same view as [`lower`](Self::lower) gives.
    #[inline(always)]
    pub(crate) fn from_spans(
        text: &'a str,
        spec: Spec,
        MailtoSpans { address }: MailtoSpans,
    ) -> Self {
        let spans = SpanText(text);
        MailtoUrl {
            text,
            spec,
            address: spans.str(address),
        }
    }
}

crate::url::schemes::common_accessors!(MailtoUrl, Mailto, "mailto:someone@host.dom");
