//! [`SyntaxNode`]: the parse of a URL as a tree of the grammar's named rules.

use std::ops::Range;

use crate::syntax::pairs::Pair;

use crate::syntax::grammar::{Node, SpecRule};
use crate::syntax::rules::GrammarRule;

/// One rule of the grammar and the text it matched, with the named rules
/// inside it: the parse tree, in the BNF's own names.
///
/// Character classes are not nodes, and neither are the parts inside rules
/// that match as one token: a `user`, a `hostname` or an `fsegment` is a leaf,
/// without the labels or escapes inside it.
///
/// ```
/// use rfc1738::Url;
///
/// let url = Url::parse("ftp://me@host.dom:21/pub/f;type=i").unwrap();
/// let tree = url.syntax_tree();
/// assert_eq!(tree.rule().name(), "ftpurl");
/// let names: Vec<_> = tree.children().iter().map(|n| n.rule().name()).collect();
/// assert_eq!(names, ["login", "fpath", "ftptype"]);
/// let login = &tree.children()[0];
/// assert_eq!((login.text(), login.span()), ("me@host.dom:21", 6..20));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxNode<'a> {
    rule: GrammarRule,
    span: Range<usize>,
    text: &'a str,
    children: Vec<SyntaxNode<'a>>,
}

impl<'a> SyntaxNode<'a> {
    /// The rule that matched.
    ///
    /// ```
    /// let url = rfc1738::Url::parse("news:*").unwrap();
    /// assert_eq!(url.syntax_tree().children()[0].rule().name(), "grouppart");
    /// ```
    #[must_use]
    pub fn rule(&self) -> GrammarRule {
        self.rule
    }

    /// The bytes of the URL it matched.
    ///
    /// ```
    /// let tree = rfc1738::Url::parse("http://h:80/").unwrap().syntax_tree();
    /// assert_eq!(tree.children()[0].span(), 7..11);
    /// ```
    #[must_use]
    pub fn span(&self) -> Range<usize> {
        self.span.clone()
    }

    /// The text it matched, as written.
    ///
    /// ```
    /// let url = rfc1738::Url::parse("http://h:80/").unwrap();
    /// assert_eq!(url.syntax_tree().children()[0].text(), "h:80");
    /// ```
    #[must_use]
    pub fn text(&self) -> &'a str {
        self.text
    }

    /// The named rules inside it, in order.
    ///
    /// ```
    /// let tree = rfc1738::Url::parse("http://h:80/").unwrap().syntax_tree();
    /// let names: Vec<_> = tree.children()[0].children().iter().map(|n| n.rule().name()).collect();
    /// assert_eq!(names, ["host", "port"]);
    /// ```
    #[must_use]
    pub fn children(&self) -> &[SyntaxNode<'a>] {
        &self.children
    }

    /// This node and every node inside it, depth first, each with its depth
    /// (0 for this one).
    ///
    /// ```
    /// let url = rfc1738::Url::parse("news:a@b").unwrap();
    /// let lines: Vec<String> = url
    ///     .syntax_tree()
    ///     .walk()
    ///     .map(|(depth, node)| format!("{}{} {}", "  ".repeat(depth), node.rule(), node.text()))
    ///     .collect();
    /// assert_eq!(lines, ["newsurl news:a@b", "  grouppart a@b", "    article a@b", "      host b", "        hostname b"]);
    /// ```
    pub fn walk(&self) -> impl Iterator<Item = (usize, &SyntaxNode<'a>)> {
        let mut stack = vec![(0, self)];
        std::iter::from_fn(move || {
            let (depth, node) = stack.pop()?;
            stack.extend(node.children.iter().rev().map(|child| (depth + 1, child)));
            Some((depth, node))
        })
    }

    /// The tree of `pair`, or the trees of its children when it is not itself
    /// a named rule.
    pub(crate) fn lower<R: SpecRule>(pair: Pair<'a, R>, into: &mut Vec<SyntaxNode<'a>>) {
        match pair.as_rule().node() {
            Some(Node::EOI) => {}
            Some(node) => {
                let span = pair.as_span();
                let mut children = Vec::new();
                for child in pair.into_inner() {
                    SyntaxNode::lower(child, &mut children);
                }
                into.push(SyntaxNode {
                    rule: GrammarRule(node, R::SPEC),
                    span: span.start()..span.end(),
                    text: span.as_str(),
                    children,
                });
            }
            None => {
                for child in pair.into_inner() {
                    SyntaxNode::lower(child, into);
                }
            }
        }
    }
}
