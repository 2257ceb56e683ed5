//! The pairs a reading of the grammar leaves: each named rule that matched,
//! with its span and the rules it holds, as pest's `Pairs` give them. The
//! generated reader writes them; pest's own are turned into them for the
//! proofs, so that one lowering reads both.

use std::rc::Rc;

/// A named rule that matched, in the order the rules started: its span, and
/// the index just past the rules it holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Matched<R> {
    pub(crate) rule: R,
    pub(crate) start: usize,
    pub(crate) end: usize,
    pub(crate) after: usize,
}

/// Rules that matched side by side: the top of a reading, or what one rule
/// holds.
#[derive(Clone, Debug)]
pub(crate) struct Pairs<'i, R> {
    input: &'i str,
    matched: Rc<Vec<Matched<R>>>,
    next: usize,
    end: usize,
}

/// One rule that matched, with what it holds.
#[derive(Clone, Debug)]
pub(crate) struct Pair<'i, R> {
    input: &'i str,
    matched: Rc<Vec<Matched<R>>>,
    at: usize,
}

/// Where a rule matched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Span<'i> {
    input: &'i str,
    start: usize,
    end: usize,
}

impl<'i, R: Copy> Pairs<'i, R> {
    /// The pairs of `matched`, a reading of `input` in the order the rules
    /// started.
    pub(crate) fn new(input: &'i str, matched: Vec<Matched<R>>) -> Self {
        let end = matched.len();
        Pairs {
            input,
            // An `Rc<[_]>` would copy the rules into a new allocation.
            matched: Rc::new(matched),
            next: 0,
            end,
        }
    }

    /// The pairs of pest's reading of `input`.
    pub(crate) fn from_pest(input: &'i str, pairs: pest::iterators::Pairs<'i, R>) -> Self
    where
        R: pest::RuleType,
    {
        fn walk<R: pest::RuleType>(
            pairs: pest::iterators::Pairs<'_, R>,
            into: &mut Vec<Matched<R>>,
        ) {
            for pair in pairs {
                let at = into.len();
                let span = pair.as_span();
                into.push(Matched {
                    rule: pair.as_rule(),
                    start: span.start(),
                    end: span.end(),
                    after: 0,
                });
                walk(pair.into_inner(), into);
                into[at].after = into.len();
            }
        }
        let mut matched = Vec::new();
        walk(pairs, &mut matched);
        Pairs::new(input, matched)
    }
}

impl<'i, R: Copy> Iterator for Pairs<'i, R> {
    type Item = Pair<'i, R>;

    fn next(&mut self) -> Option<Pair<'i, R>> {
        if self.next >= self.end {
            return None;
        }
        let at = self.next;
        self.next = self.matched[at].after;
        Some(Pair {
            input: self.input,
            matched: Rc::clone(&self.matched),
            at,
        })
    }
}

impl<'i, R: Copy> Pair<'i, R> {
    pub(crate) fn as_rule(&self) -> R {
        self.matched[self.at].rule
    }

    pub(crate) fn as_span(&self) -> Span<'i> {
        let Matched { start, end, .. } = self.matched[self.at];
        Span {
            input: self.input,
            start,
            end,
        }
    }

    pub(crate) fn as_str(&self) -> &'i str {
        self.as_span().as_str()
    }

    /// The rules it holds.
    pub(crate) fn into_inner(self) -> Pairs<'i, R> {
        let end = self.matched[self.at].after;
        Pairs {
            input: self.input,
            matched: self.matched,
            next: self.at + 1,
            end,
        }
    }
}

impl<'i> Span<'i> {
    pub(crate) fn start(&self) -> usize {
        self.start
    }

    pub(crate) fn end(&self) -> usize {
        self.end
    }

    pub(crate) fn as_str(&self) -> &'i str {
        &self.input[self.start..self.end]
    }
}
