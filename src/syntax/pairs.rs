//! The pairs a reading of the grammar leaves: each named rule that matched,
//! with its span and the rules it holds, as pest's `Pairs` give them. The
//! generated reader writes them; pest's own are turned into them for the
//! proofs, so that one lowering reads both.

use std::rc::Rc;

/// A named rule that matched, in the order the rules started: its span, and
/// the index just past the rules it holds.
///
/// # Invariants
///
/// In the list that [`Pairs::new`] takes, for the entry at index `i`:
/// `start <= end <= input.len()`, both on character boundaries of the input;
/// `i < after <= len`; and every entry `j` in `i + 1..after` lies within
/// `start..end` and ends its own range within this one (`after_j <= after`),
/// and so within the entries that hold it: a rule and all it holds, at any
/// depth, are the entries `i..after`. Pest's pairs and the generated reader's both keep them;
/// debug builds (the tests and the fuzz targets) assert them, and a span that
/// broke them would panic in [`Span::as_str`] rather than read as empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Matched<R> {
    pub(crate) rule: R,
    pub(crate) start: usize,
    pub(crate) end: usize,
    pub(crate) after: usize,
}

impl<R> Matched<R> {
    /// Opens `rule`'s pair at `start` at the end of a reading's `list`,
    /// before the pairs of the rules it holds: its index, for [`close`].
    ///
    /// [`close`]: Matched::close
    #[inline(always)]
    pub(crate) fn open(list: &mut Vec<Matched<R>>, rule: R, start: usize) -> usize {
        list.push(Matched {
            rule,
            start,
            end: start,
            after: 0,
        });
        list.len() - 1
    }

    /// Closes the pair opened at `index`: where the rule matched (`end`),
    /// it ends there and holds the pairs added since; where it did not, it
    /// goes with them.
    #[inline(always)]
    pub(crate) fn close(list: &mut Vec<Matched<R>>, index: usize, end: Option<usize>) {
        match end {
            Some(end) => {
                list[index].end = end;
                list[index].after = list.len();
            }
            None => list.truncate(index),
        }
    }
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

/// Two readings' pairs are equal where they hold the same rules at the same
/// spans of the same input, nested alike: what the proofs compare.
#[cfg(feature = "pest-reference")]
impl<R: PartialEq> PartialEq for Pairs<'_, R> {
    fn eq(&self, other: &Self) -> bool {
        // `after` counts from the list's start; both lists are whole readings.
        self.input == other.input
            && self.next == other.next
            && self.matched[self.next..self.end] == other.matched[other.next..other.end]
    }
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
        debug_assert_spans_nest(input, &matched);
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
    #[cfg(feature = "pest-reference")]
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

    /// Hands the rule and every rule it holds, at any depth, to `each`,
    /// outermost first (the order they started): one pass over the reading,
    /// since the rules it holds are the entries just after it.
    pub(crate) fn for_each_within(mut self, mut each: impl FnMut(&Pair<'i, R>)) {
        let after = self.matched[self.at].after;
        for at in self.at..after {
            self.at = at;
            each(&self);
        }
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

/// Asserts the invariants of [`Matched`] on a whole reading.
fn debug_assert_spans_nest<R>(input: &str, matched: &[Matched<R>]) {
    if !cfg!(debug_assertions) {
        return;
    }
    for (i, m) in matched.iter().enumerate() {
        assert!(
            m.start <= m.end && input.get(m.start..m.end).is_some(),
            "the span {}..{} of rule {i} is not text of the {}-byte input",
            m.start,
            m.end,
            input.len()
        );
        assert!(
            i < m.after && m.after <= matched.len(),
            "rule {i} holds the rules up to {}, of {}",
            m.after,
            matched.len()
        );
        // Its children only, each of which checks its own: linear in all.
        let mut child = i + 1;
        while child < m.after {
            let inner = &matched[child];
            assert!(
                m.start <= inner.start && inner.end <= m.end && inner.after <= m.after,
                "rule {i} at {}..{} (holding up to {}) holds a rule at {}..{} (holding up to {})",
                m.start,
                m.end,
                m.after,
                inner.start,
                inner.end,
                inner.after
            );
            child = inner.after.max(child + 1);
        }
    }
}
