//! `news` URLs (RFC 1738 §3.6): all groups, one group, or one article.

use crate::syntax::pairs::Pair;

use crate::syntax::decode::percent_decode_lossy;
use crate::syntax::fast::{GroupPartSpan, NewsSpans, SpanText};
use crate::syntax::grammar::{Node, SpecRule};
use crate::syntax::spec::Spec;
use crate::url::schemes::login::Host;

/// `newsurl = "news:" grouppart`.
///
/// ```
/// use rfc1738::{GroupPart, Host, Url};
///
/// let part = |s| match Url::parse(s).unwrap() {
///     Url::News(news) => news.grouppart(),
///     _ => unreachable!(),
/// };
/// assert_eq!(part("news:*"), GroupPart::All);
/// assert_eq!(part("news:comp.lang.ada"), GroupPart::Group("comp.lang.ada"));
/// assert_eq!(
///     part("news:1234@news.example"),
///     GroupPart::Article { unique: "1234", host: Host::Name("news.example") },
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NewsUrl<'a> {
    pub(crate) text: &'a str,
    pub(crate) spec: Spec,
    pub(crate) grouppart: GroupPart<'a>,
}

/// `grouppart = "*" | group | article`.
///
/// ```
/// use rfc1738::{GroupPart, Url};
///
/// let parsed = Url::parse("news:comp.infosystems.www.misc").unwrap();
/// let news = parsed.as_news().unwrap();
/// assert!(matches!(news.grouppart(), GroupPart::Group("comp.infosystems.www.misc")));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GroupPart<'a> {
    /// `"*"`: all available news groups.
    All,
    /// `group`: a news group name.
    Group(&'a str),
    /// `article = 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@" host`: a
    /// message identifier, without RFC 1036's angle brackets.
    Article {
        /// The part before `@`, as written.
        unique: &'a str,
        /// The host after `@`.
        host: Host<'a>,
    },
}

impl<'a> NewsUrl<'a> {
    /// What the URL names.
    ///
    /// ```
    /// use rfc1738::{GroupPart, Url};
    ///
    /// let parsed = Url::parse("news:comp.lang.ada").unwrap();
    /// let news = parsed.as_news().unwrap();
    /// assert_eq!(news.grouppart(), GroupPart::Group("comp.lang.ada"));
    /// ```
    #[must_use]
    pub fn grouppart(&self) -> GroupPart<'a> {
        self.grouppart
    }

    /// For an article, its message identifier as RFC 1036 writes it,
    /// `<unique@domain>`: both parts decoded, the domain too, since draft-07's
    /// `hostname = alpha *uchar` may hold escapes and an escape means its
    /// character (§2.2). Bytes that are not UTF-8 show as U+FFFD. `None` for
    /// all groups or one group.
    ///
    /// ```
    /// use rfc1738::{Spec, Url};
    ///
    /// let parsed = Url::parse_with("news:a%41b@rr%41d", Spec::Draft07).unwrap();
    /// let news = parsed.as_news().unwrap();
    /// assert_eq!(news.message_id().as_deref(), Some("<aAb@rrAd>"));
    /// let parsed = Url::parse("news:comp.lang.ada").unwrap();
    /// let news = parsed.as_news().unwrap();
    /// assert_eq!(news.message_id(), None);
    /// ```
    #[must_use]
    pub fn message_id(&self) -> Option<String> {
        match self.grouppart {
            GroupPart::Article { unique, host } => Some(format!(
                "<{}@{}>",
                percent_decode_lossy(unique),
                host.decoded_str()
            )),
            GroupPart::All | GroupPart::Group(_) => None,
        }
    }

    pub(crate) fn lower<R: SpecRule>(text: &'a str, spec: Spec, pair: Pair<'a, R>) -> Self {
        let grouppart = pair
            .into_inner()
            .find(|part| part.as_rule().node() == Some(Node::grouppart))
            .expect("the grammar's newsurl has a grouppart");
        let grouppart = match grouppart.into_inner().next() {
            None => GroupPart::All,
            Some(part) if part.as_rule().node() == Some(Node::group) => {
                GroupPart::Group(part.as_str())
            }
            Some(article) => {
                let article_text = article.as_str();
                let host = article
                    .into_inner()
                    .find(|part| {
                        matches!(part.as_rule().node(), Some(Node::host | Node::inet_host))
                    })
                    .expect("the grammar's article ends with a host");
                let unique_len = article_text.len() - host.as_str().len() - 1;
                GroupPart::Article {
                    unique: &article_text[..unique_len],
                    host: Host::lower(host),
                }
            }
        };
        NewsUrl {
            text,
            spec,
            grouppart,
        }
    }

    /// The view of `text`, which the fast path read under `spec` into these
    /// spans: the same view as [`lower`](Self::lower) gives.
    #[inline(always)]
    pub(crate) fn from_spans(
        text: &'a str,
        spec: Spec,
        NewsSpans { grouppart }: NewsSpans,
    ) -> Self {
        let spans = SpanText(text);
        NewsUrl {
            text,
            spec,
            grouppart: match grouppart {
                GroupPartSpan::Article { unique, host } => GroupPart::Article {
                    unique: spans.str(unique),
                    host: Host::from_span(spans, host),
                },
                GroupPartSpan::Group(group) => GroupPart::Group(spans.str(group)),
                GroupPartSpan::All => GroupPart::All,
            },
        }
    }
}

crate::url::schemes::common_accessors!(NewsUrl, News, "news:comp.lang.ada");
