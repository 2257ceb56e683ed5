//! The grammar's expressions as data (`build.rs` writes a table per parser
//! from the rules pest_meta optimizes), for what walks the grammar rather
//! than reads with it: the generator of URLs by random derivation.

use crate::syntax::grammar::SpecRule;

include!(concat!(env!("OUT_DIR"), "/expressions.rs"));

/// One expression of a rule, as pest_meta optimizes it.
#[derive(Debug)]
pub(crate) enum Expr {
    /// `"text"`.
    Str(&'static [u8]),
    /// `^"text"`.
    Insens(&'static [u8]),
    /// `'low'..'high'`.
    Range(u8, u8),
    /// A rule, by its index in [`Expressions::expressions`].
    Rule(usize),
    /// `a ~ b ~ ...`.
    Seq(&'static [Expr]),
    /// `a | b | ...`, each alternative with its height (the fewest rules
    /// deep a derivation of it can end).
    Choice(&'static [(u32, Expr)]),
    /// `e?`.
    Opt(&'static Expr),
    /// `e*` (`e+` is `e ~ e*`).
    Rep(&'static Expr),
    /// What reads no text of its own: a look-ahead, `SOI`, `EOI`.
    Look,
}

/// A parser's rules as data (`build.rs` writes the `impl` for each parser
/// of `src/syntax/grammar.rs`).
pub(crate) trait Expressions: SpecRule {
    /// Each rule's height and expression, by its index.
    fn expressions() -> &'static [(u32, Expr)];
    /// The index of `self` in [`expressions`](Self::expressions); `None`
    /// for `EOI`.
    fn index(self) -> Option<usize>;
}
