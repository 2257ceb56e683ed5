//! URLs by random derivation from the grammar's expressions
//! ([`Expressions`]): what [`GeneratedUrl`](crate::GeneratedUrl) writes,
//! under every specification.

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
/// number of turns, as `u` says, and once its bytes run out as a
/// pseudo-random sequence seeded by `seed` says (the caller's hash of its
/// bytes and its try's number: the same bytes then give the same strings,
/// other bytes other strings, and a try again another string). Look-aheads
/// write nothing, so the string may be one that a look-ahead, or an ordered
/// choice, refuses: the caller checks it.
///
/// `named`: a rule whose text is given rather than derived (RFC 3986's
/// `scheme`, for a URI of http, which has no form of its own there, or a
/// scheme's name that the caller chose).
pub(crate) fn derive<R: Expressions>(
    entry: R,
    named: Option<(R, &str)>,
    u: &mut Unstructured<'_>,
    seed: u64,
) -> Result<String> {
    let mut deriver = Deriver {
        u,
        // Odd: xorshift's state must not be zero.
        state: seed | 1,
        rules: R::expressions(),
        named: named.and_then(|(rule, text)| Some((rule.index()?, text.as_bytes()))),
        out: Vec::new(),
    };
    if let Some(index) = entry.index() {
        deriver.rule(index, 0)?;
    }
    // Every token of the grammars is ASCII.
    Ok(String::from_utf8(deriver.out).expect("the grammar's tokens are ASCII"))
}

/// The FNV-1a hash of a caller's bytes, for [`seed`].
pub(crate) fn hash(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325_u64, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// A seed for [`derive()`] from the hash of the caller's bytes and the
/// try's number.
pub(crate) fn seed(hash: u64, attempt: u64) -> u64 {
    hash ^ attempt.wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

struct Deriver<'u, 'a, 'n> {
    u: &'u mut Unstructured<'a>,
    rules: &'static [(u32, Expr)],
    named: Option<(usize, &'n [u8])>,
    /// The pseudo-random sequence once `u` runs out (xorshift64).
    state: u64,
    out: Vec<u8>,
}

impl Deriver<'_, '_, '_> {
    /// A number in `0..=max`: from `u` while it has bytes, then from the
    /// pseudo-random sequence.
    fn up_to(&mut self, max: u32) -> Result<u32> {
        if !self.u.is_empty() {
            return self.u.int_in_range(0..=max);
        }
        self.state ^= self.state << 13;
        self.state ^= self.state >> 7;
        self.state ^= self.state << 17;
        Ok((self.state % (u64::from(max) + 1)) as u32)
    }

    fn rule(&mut self, index: usize, depth: u32) -> Result<()> {
        match self.named {
            Some((named, text)) if named == index => {
                self.out.extend_from_slice(text);
                Ok(())
            }
            _ => self.expr(&self.rules[index].1, depth + 1),
        }
    }

    fn expr(&mut self, expr: &'static Expr, depth: u32) -> Result<()> {
        let free = depth < FREE_DEPTH;
        match expr {
            Expr::Str(text) => self.out.extend_from_slice(text),
            Expr::Insens(text) => {
                for &byte in *text {
                    // One letter in eight upper case.
                    let upper = byte.is_ascii_alphabetic() && self.up_to(7)? == 7;
                    self.out.push(if upper {
                        byte.to_ascii_uppercase()
                    } else {
                        byte.to_ascii_lowercase()
                    });
                }
            }
            Expr::Range(low, high) => {
                let offset = self.up_to(u32::from(high - low))?;
                self.out.push(low + offset as u8);
            }
            Expr::Rule(index) => self.rule(*index, depth)?,
            Expr::Seq(items) => {
                for item in *items {
                    self.expr(item, depth)?;
                }
            }
            Expr::Choice(alternatives) => {
                let chosen = if free {
                    self.up_to(alternatives.len() as u32 - 1)? as usize
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
                // end often enough.
                if free && self.up_to(3)? != 0 {
                    self.expr(inner, depth)?;
                }
            }
            Expr::Rep(inner) => {
                let turns = if free { self.up_to(MAX_TURNS)? } else { 0 };
                for _ in 0..turns {
                    self.expr(inner, depth)?;
                }
            }
            Expr::Look => {}
        }
        Ok(())
    }
}
