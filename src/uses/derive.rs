//! URLs by random derivation from the grammar's expressions
//! ([`Expressions`]), for a specification with no hand-written generator:
//! RFC 2396 with uri(7)'s forms and LDAP's.

use arbitrary::{Result, Unstructured};

use crate::syntax::expressions::{Expr, Expressions};

/// How many rules deep a derivation goes before it takes, at each choice,
/// the alternative that ends soonest, and no more optional parts or turns:
/// deep enough for an LDAP filter nested a few levels.
const FREE_DEPTH: u32 = 28;

/// The most turns a repetition takes.
const MAX_TURNS: u32 = 4;

/// A random string of `entry`'s language as the grammar's alternatives and
/// repetitions read it: each choice takes an alternative, each repetition a
/// number of turns, as `u` says (the first alternative and no turn when its
/// bytes run out). Look-aheads write nothing, so the string may be one that
/// a look-ahead, or an ordered choice, refuses: the caller checks it.
pub(crate) fn derive<R: Expressions>(entry: R, u: &mut Unstructured<'_>) -> Result<String> {
    let mut deriver = Deriver {
        u,
        rules: R::expressions(),
        out: Vec::new(),
    };
    if let Some(index) = entry.index() {
        deriver.rule(index, 0)?;
    }
    // Every token of the grammars is ASCII.
    Ok(String::from_utf8(deriver.out).expect("the grammar's tokens are ASCII"))
}

struct Deriver<'u, 'a> {
    u: &'u mut Unstructured<'a>,
    rules: &'static [(u32, Expr)],
    out: Vec<u8>,
}

impl Deriver<'_, '_> {
    fn rule(&mut self, index: usize, depth: u32) -> Result<()> {
        self.expr(&self.rules[index].1, depth + 1)
    }

    fn expr(&mut self, expr: &'static Expr, depth: u32) -> Result<()> {
        let free = depth < FREE_DEPTH;
        match expr {
            Expr::Str(text) => self.out.extend_from_slice(text),
            Expr::Insens(text) => {
                for &byte in *text {
                    // One letter in eight upper case (none once the bytes
                    // run out).
                    let upper = byte.is_ascii_alphabetic() && self.u.int_in_range(0..=7u8)? == 7;
                    self.out.push(if upper {
                        byte.to_ascii_uppercase()
                    } else {
                        byte.to_ascii_lowercase()
                    });
                }
            }
            Expr::Range(low, high) => {
                let byte = self.u.int_in_range(*low..=*high)?;
                self.out.push(byte);
            }
            Expr::Rule(index) => self.rule(*index, depth)?,
            Expr::Seq(items) => {
                for item in *items {
                    self.expr(item, depth)?;
                }
            }
            Expr::Choice(alternatives) => {
                let chosen = if free {
                    self.u.choose_index(alternatives.len())?
                } else {
                    // The first of the alternatives that end soonest.
                    let lowest = alternatives.iter().map(|(height, _)| *height).min();
                    alternatives
                        .iter()
                        .position(|(height, _)| Some(*height) == lowest)
                        .unwrap_or(0)
                };
                self.expr(&alternatives[chosen].1, depth)?;
            }
            Expr::Opt(inner) => {
                // Three times in four, so that a chain of optional parts
                // (LDAP's `?attributes?scope?filter?extensions`) reaches its
                // end often enough; never once the bytes run out.
                if free && self.u.int_in_range(0..=3u8)? != 0 {
                    self.expr(inner, depth)?;
                }
            }
            Expr::Rep(inner) => {
                let turns = if free {
                    self.u.int_in_range(0..=MAX_TURNS)?
                } else {
                    0
                };
                for _ in 0..turns {
                    self.expr(inner, depth)?;
                }
            }
            Expr::Look => {}
        }
        Ok(())
    }
}
