//! The error-tracking reader: runs the grammar's own expressions (compiled
//! from `grammar/` by `build.rs`, as pest_meta optimizes them for pest_derive)
//! and keeps the record pest keeps in its error-detail mode, without pest and
//! without its process-wide switch.
//!
//! Each operation below follows pest's `ParserState` (pest 2.9): which calls
//! record a rule or a token, at which position, and when a record is cleared.
//! A report is therefore pest's detailed report, to the rule and the token;
//! `tests/error_path.rs` and the `error_path` fuzz target hold the two equal.

use std::borrow::Cow;
use std::cell::RefCell;
use std::thread::LocalKey;

use crate::syntax::grammar::SpecRule;
use crate::syntax::pairs::{Matched, Pairs};

/// What a parser's rule type knows of its generated reader (`build.rs`
/// writes the `impl` for each parser of `src/syntax/grammar.rs`).
pub(crate) trait Compiled: SpecRule + 'static {
    /// Runs `rule`'s generated function on the reader.
    fn run<const MODE: Mode>(reader: &mut Reader<'_, Self, MODE>, rule: Self) -> bool;
    /// The rule `EOI`.
    fn eoi() -> Self;
    /// Every byte that a token of a rule an entry rule reaches matches
    /// (`build.rs` collects them): an input with any other byte is taken by
    /// no reading.
    fn alphabet() -> &'static ByteSet;
    /// The thread's [`Scratch`] for this grammar.
    fn scratch() -> &'static LocalKey<RefCell<Scratch<Self>>>;
}

/// The vectors a recording reading keeps its record in, kept by each
/// thread between errors (per grammar, see [`Compiled::scratch`]), so that
/// a report does not allocate them each time: the report gives back the
/// ones it is handed ([`recycle`]) once it has looked its record up.
pub(crate) struct Scratch<R> {
    pos_attempts: Vec<R>,
    neg_attempts: Vec<R>,
    call_stacks: Vec<CallStack<R>>,
    expected: Vec<RawToken>,
    rules: Vec<R>,
}

impl<R> Scratch<R> {
    /// No vectors yet.
    pub(crate) const fn new() -> Self {
        Scratch {
            pos_attempts: Vec::new(),
            neg_attempts: Vec::new(),
            call_stacks: Vec::new(),
            expected: Vec::new(),
            rules: Vec::new(),
        }
    }
}

impl<R: Compiled> Scratch<R> {
    /// Runs `with` on the thread's scratch, unless the thread is ending
    /// and has none.
    #[inline]
    fn lend(with: impl FnOnce(&mut Scratch<R>)) {
        let _ = R::scratch().try_with(|scratch| {
            // Only `lend` borrows the scratch, and `with` does not call it.
            if let Ok(mut scratch) = scratch.try_borrow_mut() {
                with(&mut scratch);
            }
        });
    }

    /// The thread's vectors, taken for one reading (new ones where the
    /// thread has none).
    fn take_from_thread() -> Scratch<R> {
        let mut taken = Scratch::new();
        Scratch::<R>::lend(|scratch| std::mem::swap(scratch, &mut taken));
        taken
    }

    /// Back to the thread, for its next error.
    fn give_back(self) {
        let kept = Scratch {
            pos_attempts: worth_keeping(self.pos_attempts),
            neg_attempts: worth_keeping(self.neg_attempts),
            call_stacks: worth_keeping(self.call_stacks),
            expected: worth_keeping(self.expected),
            rules: worth_keeping(self.rules),
        };
        Scratch::<R>::lend(|scratch| *scratch = kept);
    }
}

/// A vector of the scratch, emptied, with room for `room` items: the
/// growth of a record starts where a new vector's did.
fn emptied<T>(vector: &mut Vec<T>, room: usize) -> Vec<T> {
    let mut vector = std::mem::take(vector);
    vector.clear();
    vector.reserve(room);
    vector
}

/// The most items a vector kept between errors has room for: one that an
/// input grew past it (a record far larger than a record usually is) is
/// freed rather than kept.
const KEPT_UP_TO: usize = 1024;

/// `vector`, to keep between errors, or a new one in its place where an
/// input grew it past [`KEPT_UP_TO`] items.
pub(crate) fn worth_keeping<T>(vector: Vec<T>) -> Vec<T> {
    if vector.capacity() > KEPT_UP_TO {
        Vec::new()
    } else {
        vector
    }
}

/// Gives a report's lists back to the thread's scratch once the report no
/// longer needs them (see [`Scratch`]): the rules the reading handed it,
/// and the tokens of its record.
pub(crate) fn recycle<R: Compiled>(rules: Vec<R>, expected: Vec<RawToken>) {
    Scratch::<R>::lend(|scratch| {
        // A report of pest's record (the tests') hands over no tokens: the
        // thread keeps its own list.
        if rules.capacity() > 0 {
            scratch.rules = worth_keeping(rules);
        }
        if expected.capacity() > 0 {
            scratch.expected = worth_keeping(expected);
        }
    });
}

/// Where an expression fails at its first byte with nothing but tokens that
/// fail there (see [`Reader::fails`]): the bytes, and whether the end of the
/// input. `build.rs` works these sets out from the grammar.
pub(crate) type Fails = (ByteSet, bool);

include!(concat!(env!("OUT_DIR"), "/readers.rs"));

/// A token the grammar tried at the error, as pest's `ParsingToken` names it,
/// in pest's order: the literals, then the case-insensitive literals (in
/// lower case, as the report reads them), then the ranges.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Token {
    /// A literal string.
    Literal(Cow<'static, str>),
    /// A case-insensitive literal, in lower case.
    Insensitive(Cow<'static, str>),
    /// A character range, `start..=end`.
    Range(char, char),
    /// One of pest's built-in rules (only pest's own report has them).
    #[cfg(feature = "pest-reference")]
    BuiltIn,
}

/// The tokens of a record, each once.
#[derive(Clone, Debug)]
pub(crate) enum RecordTokens {
    /// As the reader keeps them, in the order first tried, with the set of
    /// their numbers (a bit for each of the grammar's tokens, numbered by
    /// `build.rs`): what the report makes of the tokens depends on the set
    /// alone, so two records are told apart by it, and the tokens are
    /// named only for a record not yet worked out.
    Read(Vec<RawToken>, [u64; 4]),
    /// As pest's report names them, in its order.
    Named(Vec<Token>),
}

impl RecordTokens {
    /// The tokens, named.
    pub(crate) fn named(&self) -> Vec<Token> {
        match self {
            RecordTokens::Read(tokens, _) => tokens
                .iter()
                .map(|token| match *token {
                    RawToken::Sensitive(text) => Token::Literal(Cow::Borrowed(text)),
                    RawToken::Insensitive(text) => Token::Insensitive(Cow::Borrowed(text)),
                    RawToken::Range(start, end) => Token::Range(char::from(start), char::from(end)),
                })
                .collect(),
            RecordTokens::Named(tokens) => tokens.clone(),
        }
    }
}

/// What pest's detailed error report holds that this crate's report reads.
#[derive(Clone, Debug)]
pub(crate) struct Attempts<R> {
    /// The error's location: the furthest position at which a rule failed.
    pub(crate) location: usize,
    /// The furthest position at which a token was tried.
    pub(crate) max_position: usize,
    /// Whether `EOI` is among the rules that failed at `location`.
    pub(crate) end_expected: bool,
    /// The innermost rules that were tried at `max_position`, in the order of
    /// the parser's `Rule`, each once.
    pub(crate) rules: Vec<R>,
    /// The tokens tried at `max_position`.
    pub(crate) tokens: RecordTokens,
    /// Where the reader stopped because the rules nested deeper than it
    /// goes ([`MAX_DEPTH`], or the native stack): the input is refused
    /// there, whatever follows.
    pub(crate) nesting_limit: Option<usize>,
}

/// How far a parse may nest rules before it stops, as pest stops when the
/// native stack runs low: only nested LDAP filters come near (248
/// parentheses deep, four rules a level).
pub(crate) const MAX_DEPTH: u32 = 1_000;

/// From this depth on, every `STACK_CHECK_EVERY` levels, the reader stops
/// when less than `STACK_RESERVE` bytes of native stack are left, as pest
/// does (with 64 KiB): a thread with a small stack refuses a deep input
/// rather than overflow. A level takes under 1 KiB.
const STACK_CHECK_FROM: u32 = 64;
const STACK_CHECK_EVERY: u32 = 16;
const STACK_RESERVE: usize = 128 * 1024;
/// The native stack the reader keeps: `STACK_RESERVE`, or in the crate's
/// own tests what `tests::RESERVE` sets, to stop every reading by the
/// steps at a known depth.
#[inline]
fn stack_reserve() -> usize {
    #[cfg(all(test, feature = "pest-reference"))]
    if let Some(reserve) = tests::RESERVE.get() {
        return reserve;
    }
    STACK_RESERVE
}

/// What a reading that keeps no record adds to its depth where it reaches
/// the limit: more than `MAX_DEPTH`.
const LIMIT_OFFSET: u32 = 1 << 20;

/// Reads `input` from `entry`, as `pest::Parser::parse` does: `Ok` with where
/// the rule ends, or the attempts that pest's detailed report would hold.
///
/// An error takes two readings. The first finds how far the grammar got
/// (`max_position`), keeping no record; the second keeps the record, but
/// only where it can last: a record made before that position is cleared
/// when the parse gets further, so there an expression that fails at its
/// first byte ([`Reader::fails`]) is not run.
// The attempts are made once per error and taken apart at once by its
// report: boxing them would cost an allocation an error, for no gain.
#[allow(clippy::result_large_err)]
pub(crate) fn read<R: Compiled>(entry: R, input: &str) -> Result<usize, Attempts<R>> {
    let mut first = Reader::<R, MAX>::new(input.as_bytes(), 0);
    let matched = R::run(&mut first, entry);
    if first.limit_reached {
        return Err(Attempts {
            location: first.limit_at,
            max_position: first.limit_at,
            end_expected: false,
            rules: Vec::new(),
            tokens: RecordTokens::Named(Vec::new()),
            nesting_limit: Some(first.limit_at),
        });
    }
    if matched {
        return Ok(first.pos);
    }
    let mut second = Reader::<R, RECORD>::new(input.as_bytes(), first.max_position);
    second.lasting_location = first.attempt_pos;
    let mut scratch = Scratch::<R>::take_from_thread();
    second.pos_attempts = emptied(&mut scratch.pos_attempts, 8);
    second.neg_attempts = emptied(&mut scratch.neg_attempts, 0);
    second.call_stacks = emptied(&mut scratch.call_stacks, 16);
    second.expected = emptied(&mut scratch.expected, 32);
    R::run(&mut second, entry);
    let attempts = second.attempts(&mut scratch);
    scratch.give_back();
    Err(attempts)
}

/// What pest's `parse` gives: the rules that matched, as its pairs, where
/// `entry` matches (the entry rules end in `EOI`: the whole input); `None`
/// where it does not, or where the rules nest deeper than the reader goes.
pub(crate) fn pairs<R: Compiled>(entry: R, input: &str) -> Option<Pairs<'_, R>> {
    let mut reader = Reader::<R, PLAIN>::new(input.as_bytes(), 0);
    // Room for the rules of a short URL, so that it grows at most once.
    reader.matched = Vec::with_capacity(32);
    let matched = R::run(&mut reader, entry) && !reader.limit_reached;
    matched.then(|| Pairs::new(input, reader.matched))
}

/// Whether the whole of `input` is a match of `entry`: the first reading
/// alone, which keeps no record.
pub(crate) fn accepts<R: Compiled>(entry: R, input: &str) -> bool {
    let mut reader = Reader::<R, VERDICT>::new(input.as_bytes(), 0);
    R::run(&mut reader, entry) && !reader.limit_reached && reader.pos == input.len()
}

/// Whether the readings that keep no record, which read a rule straight
/// where they can ([`Reader::straight`]), read `input` from `rule` as the
/// reader's steps do and as pest does: the same end (the steps' `MAX`
/// reading, never straight, against `PLAIN` and `VERDICT`), and, below the
/// reader's limit of rule levels, the same pairs as pest's. `Err` says how
/// they differ. For the proofs: the
/// `readings` fuzz target and the tests, over every rule of every grammar.
#[cfg(feature = "pest-reference")]
pub(crate) fn readings_agree<R: Compiled>(rule: R, input: &str) -> Result<(), String> {
    fn end<R: Compiled, const MODE: Mode>(
        reader: &mut Reader<'_, R, MODE>,
        rule: R,
    ) -> Option<usize> {
        (R::run(reader, rule) && !reader.limit_reached).then_some(reader.pos)
    }
    let mut steps = Reader::<R, MAX>::new(input.as_bytes(), 0);
    let by_steps = end(&mut steps, rule);
    let mut plain = Reader::<R, PLAIN>::new(input.as_bytes(), 0);
    let by_plain = end(&mut plain, rule);
    let by_verdict = end(&mut Reader::<R, VERDICT>::new(input.as_bytes(), 0), rule);
    if by_plain != by_steps || by_verdict != by_steps {
        return Err(format!(
            "{rule:?} on {input:?}: ends at {by_steps:?} by the steps, {by_plain:?} by PLAIN, {by_verdict:?} by VERDICT"
        ));
    }
    if steps.limit_reached {
        // The reader's own limit of rule levels, where pest on a large
        // stack goes deeper: nothing of pest's to compare.
        return Ok(());
    }
    let ours = by_plain.map(|_| Pairs::new(input, plain.matched));
    let pests = R::parse_pairs(rule, input).ok();
    if ours != pests {
        return Err(format!(
            "{rule:?} on {input:?}: the pairs {ours:?} against pest's {pests:?}"
        ));
    }
    Ok(())
}

/// How many rules [`readings_agree_for`] chooses among: every rule of the
/// four grammars.
#[cfg(feature = "pest-reference")]
pub(crate) fn rules_to_read() -> usize {
    use crate::syntax::grammar::{draft07, rfc1738, rfc2396, rfc3986};
    rfc1738::Rule::all_rules().len()
        + draft07::Rule::all_rules().len()
        + rfc2396::Rule::all_rules().len()
        + rfc3986::Rule::all_rules().len()
}

/// [`readings_agree`] for the rule numbered `rule` (modulo
/// [`rules_to_read`]), counted through RFC 1738's rules, draft-07's, RFC
/// 2396's and RFC 3986's.
#[cfg(feature = "pest-reference")]
pub(crate) fn readings_agree_for(rule: usize, input: &str) -> Result<(), String> {
    use crate::syntax::grammar::{draft07, rfc1738, rfc2396, rfc3986};
    let mut k = rule % rules_to_read();
    for (count, agree) in [
        (
            rfc1738::Rule::all_rules().len(),
            (|k, input| readings_agree(rfc1738::Rule::all_rules()[k], input))
                as fn(usize, &str) -> Result<(), String>,
        ),
        (draft07::Rule::all_rules().len(), |k, input| {
            readings_agree(draft07::Rule::all_rules()[k], input)
        }),
        (rfc2396::Rule::all_rules().len(), |k, input| {
            readings_agree(rfc2396::Rule::all_rules()[k], input)
        }),
        (rfc3986::Rule::all_rules().len(), |k, input| {
            readings_agree(rfc3986::Rule::all_rules()[k], input)
        }),
    ] {
        if k < count {
            return agree(k, input);
        }
        k -= count;
    }
    unreachable!("a rule number modulo the count of rules")
}

/// Whether every byte of `input` is one that a token of `R`'s grammar
/// reads: where one is not, no reading of the grammar takes the input. A
/// scan of every byte, worth it before a reading that will most likely fail.
pub(crate) fn reads_only_tokens<R: Compiled>(input: &str) -> bool {
    input.bytes().all(|byte| R::alphabet().contains(byte))
}

/// What a reading keeps: [`PLAIN`] the verdict (and, where asked, the rules
/// that matched), [`MAX`] how far the parse gets, [`RECORD`] pest's record.
pub(crate) type Mode = u8;
const PLAIN: Mode = 0;
const MAX: Mode = 1;
const RECORD: Mode = 2;
/// `PLAIN` without the pairs: the verdict alone.
const VERDICT: Mode = 3;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Lookahead {
    Positive,
    Negative,
    None,
}

/// pest's atomicity; a grammar without `${}` has no compound-atomic rule.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Atomicity {
    Atomic,
    NonAtomic,
}

/// pest's `RulesCallStack`: the innermost rule tried at the furthest
/// position (`None`: a token, not yet put in a rule) and the rule around it.
#[derive(Clone, Copy)]
struct CallStack<R> {
    deepest: Option<R>,
    parent: Option<R>,
}

/// A token as the reader records it, before it is named.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RawToken {
    /// A literal: its text.
    Sensitive(&'static str),
    /// A case-insensitive literal: its text, in lower case.
    Insensitive(&'static str),
    /// `low..=high`.
    Range(u8, u8),
}

/// A rule's expression read straight (see [`Reader::straight`]): where it
/// ends from a position of the input, or `None`.
type Straight = fn(&[u8], usize) -> Option<usize>;

/// [`Straight`], adding pest's pairs to the list as it reads.
type StraightKept<R> = fn(&[u8], usize, &mut Vec<Matched<R>>) -> Option<usize>;

/// A straight reading of a rule whose nesting has no bound (see
/// [`Reader::straight_deep`]): [`Straight`], given the room for rule levels
/// it has, and setting the flag where it runs out of it.
type DeepStraight = fn(&[u8], usize, u32, &mut bool) -> Option<usize>;

/// [`DeepStraight`], adding pest's pairs to the list as it reads.
type DeepStraightKept<R> = fn(&[u8], usize, &mut Vec<Matched<R>>, u32, &mut bool) -> Option<usize>;

/// pest's `ParserState` without its token queue: what a parse tried.
pub(crate) struct Reader<'i, R: 'static, const MODE: Mode> {
    s: &'i [u8],
    pos: usize,
    lookahead: Lookahead,
    atomicity: Atomicity,
    /// pest's `pos_attempts`, `neg_attempts` and `attempt_pos`: the rules that
    /// failed at the furthest position a rule failed at.
    pos_attempts: Vec<R>,
    neg_attempts: Vec<R>,
    attempt_pos: usize,
    /// pest's `ParseAttempts`: call stacks and tokens at `max_position`.
    /// (pest also records the tokens matched under a negative look-ahead;
    /// nothing reads them.)
    call_stacks: Vec<CallStack<R>>,
    expected: Vec<RawToken>,
    /// A bit per token of the grammar, by the number `build.rs` gives it
    /// (one for each kind and text, at most 256): whether it is in
    /// `expected`.
    expected_seen: [u64; 4],
    max_position: usize,
    /// `RECORD`: how far the first reading got. Before it, the record does
    /// not last.
    lasting_from: usize,
    /// `RECORD`: the furthest position at which the first reading saw a
    /// tracked rule fail. Attempts before it do not last.
    lasting_location: usize,
    depth: u32,
    /// A reading that keeps no record, inside the steps it took where a
    /// straight reading of a rule that can call itself ran out of room:
    /// the rules within go by the steps too (see `Reader::straight_deep`).
    deep_by_steps: bool,
    limit_reached: bool,
    /// Where the limit was reached first.
    limit_at: usize,
    matched: Vec<Matched<R>>,
}

impl<'i, R: Compiled, const MODE: Mode> Reader<'i, R, MODE> {
    /// A reading that keeps no record: the verdict, and in `PLAIN` the pairs.
    const QUIET: bool = MODE == PLAIN || MODE == VERDICT;
    /// A reading that keeps pest's pairs.
    const PAIRS: bool = MODE == PLAIN;

    fn new(s: &'i [u8], lasting_from: usize) -> Self {
        Reader {
            s,
            pos: 0,
            lookahead: Lookahead::None,
            atomicity: Atomicity::NonAtomic,
            pos_attempts: Vec::new(),
            neg_attempts: Vec::new(),
            attempt_pos: 0,
            call_stacks: Vec::new(),
            expected: Vec::new(),
            expected_seen: [0; 4],
            max_position: 0,
            lasting_from,
            lasting_location: 0,
            depth: 0,
            deep_by_steps: false,
            limit_reached: false,
            limit_at: 0,
            matched: Vec::new(),
        }
    }

    /// What pest's report would hold, from what was recorded: its list of
    /// rules comes from `scratch`, and the vectors it does not take go back
    /// there.
    fn attempts(self, scratch: &mut Scratch<R>) -> Attempts<R> {
        // pest reports a stopped parse as a custom error, without the rules
        // that failed.
        let end_expected = !self.limit_reached && self.pos_attempts.contains(&R::eoi());
        let mut rules = emptied(&mut scratch.rules, 0);
        rules.extend(self.call_stacks.iter().filter_map(|stack| stack.deepest));
        rules.sort_unstable();
        rules.dedup();
        debug_assert_eq!(
            self.expected_seen
                .iter()
                .map(|word| word.count_ones())
                .sum::<u32>() as usize,
            self.expected.len(),
            "each token is recorded once, with its bit"
        );
        scratch.pos_attempts = self.pos_attempts;
        scratch.neg_attempts = self.neg_attempts;
        scratch.call_stacks = self.call_stacks;
        Attempts {
            location: self.attempt_pos,
            max_position: self.max_position,
            end_expected,
            rules,
            // Each token is there once (see `expect`), in the order it was
            // first tried: the report names and sorts them once per record
            // (see `error::report`).
            tokens: RecordTokens::Read(self.expected, self.expected_seen),
            nesting_limit: self.limit_reached.then_some(self.limit_at),
        }
    }

    /// pest's `inc_call_check_limit`: whether the parse may go on.
    #[inline(always)]
    fn enter(&self) -> bool {
        // A reading that keeps no record checks the limit where a rule
        // starts (`nest`) alone: once it is reached, the verdict is `false`
        // whatever the steps give, and every rule fails at once.
        Self::QUIET || !self.limit_reached
    }

    /// Whether the expression about to run fails at this byte with nothing
    /// but tokens that fail there, where no record of them lasts: then it is
    /// not run, and only how far the parse got counts. `recorded` is where it
    /// so fails for a reading that keeps pest's record, `through` for one
    /// that keeps none (and so passes through the rules around the tokens),
    /// or where the rules' record would not last.
    #[inline(always)]
    pub(crate) fn fails(&mut self, recorded: &Fails, through: &Fails) -> bool {
        if Self::QUIET {
            // The verdict alone: an expression that fails here is not run.
            return match self.s.get(self.pos) {
                Some(&byte) => through.0.contains(byte),
                None => through.1,
            };
        }
        if MODE == RECORD && self.pos >= self.lasting_from {
            return false;
        }
        // Before the first reading's furthest failing rule and furthest
        // position, a rule that fails records nothing that lasts either.
        let (bytes, at_end) = if MODE == RECORD && self.pos >= self.lasting_location {
            recorded
        } else {
            through
        };
        let fails = match self.s.get(self.pos) {
            Some(&byte) => bytes.contains(byte),
            None => *at_end,
        };
        if fails && self.lookahead != Lookahead::Negative && self.pos > self.max_position {
            self.clear_record(self.pos);
        }
        fails
    }

    /// [`Reader::fails`], where the reading that keeps no record tests
    /// `plain` instead: where the expression fails at its first byte also
    /// through look-aheads and optional items. The expression nests rules
    /// `depth` deep at most; where that could reach the limit, the
    /// expression is run.
    #[inline(always)]
    pub(crate) fn fails_plain(
        &mut self,
        recorded: &Fails,
        through: &Fails,
        plain: &Fails,
        depth: u32,
    ) -> bool {
        if Self::QUIET {
            let byte = self.s.get(self.pos);
            return if self.depth + depth <= STACK_CHECK_FROM {
                byte.map_or(plain.1, |&byte| plain.0.contains(byte))
            } else {
                byte.map_or(through.1, |&byte| through.0.contains(byte))
            };
        }
        self.fails(recorded, through)
    }

    /// `"text"`, the grammar's token numbered `number`.
    #[inline(always)]
    pub(crate) fn literal(&mut self, text: &'static str, number: u8) -> bool {
        let matched = self
            .s
            .get(self.pos..self.pos + text.len())
            .is_some_and(|slice| slice == text.as_bytes());
        if matched {
            self.pos += text.len();
        }
        self.token(RawToken::Sensitive(text), number, matched)
    }

    /// `^"text"`, `text` in lower case, the grammar's token numbered `number`.
    #[inline(always)]
    pub(crate) fn insensitive(&mut self, text: &'static str, number: u8) -> bool {
        let rest = &self.s[self.pos..];
        let matched = rest
            .get(..text.len())
            .is_some_and(|slice| slice.eq_ignore_ascii_case(text.as_bytes()));
        if matched {
            self.pos += text.len();
        }
        self.token(RawToken::Insensitive(text), number, matched)
    }

    /// `'low'..'high'`, the grammar's token numbered `number`.
    #[inline(always)]
    pub(crate) fn range(&mut self, low: u8, high: u8, number: u8) -> bool {
        let start = self.pos;
        // The bounds are ASCII, and so is every character they hold.
        let matched = self
            .s
            .get(start)
            .is_some_and(|&byte| (low..=high).contains(&byte));
        if matched {
            self.pos += 1;
        }
        self.token(RawToken::Range(low, high), number, matched)
    }

    /// A character class: an expression made of nothing but one-byte
    /// tokens, choices between them and silent rules around them (`alpha`,
    /// `hex`, `unreserved`, ...), which matches the byte at the position
    /// where `class` holds it and fails there where it does not. `depth` is
    /// how deep `code`, the class's steps, nests rules; `build.rs` finds
    /// the classes.
    ///
    /// A reading that keeps no record (`PLAIN`), or only how far the parse
    /// gets (`MAX`), learns from those steps only whether the byte matched:
    /// the tokens are tried in turn at the position until one matches, and
    /// that one reads the byte. So it tests the byte once instead, where the
    /// steps could not have stopped at a limit. So does `RECORD` before
    /// `lasting_from`: a token that fails there records nothing that lasts,
    /// and the one that matches ends at `lasting_from` at the furthest,
    /// where it only moves how far the parse got. `RECORD` from
    /// `lasting_from` on runs the steps, and so do both under a negative
    /// look-ahead: there a token that matches does not move how far the
    /// parse got, and in `RECORD` one that matches at `max_position` is
    /// recorded (pest keeps a call stack for it).
    #[inline(always)]
    pub(crate) fn class(
        &mut self,
        class: &ByteSet,
        depth: u32,
        code: impl FnOnce(&mut Self) -> bool,
    ) -> bool {
        if (MODE == RECORD && self.pos >= self.lasting_from)
            || (!Self::QUIET && self.lookahead == Lookahead::Negative)
            || (!Self::QUIET && self.limit_reached)
            || self.depth + depth > STACK_CHECK_FROM
        {
            return code(self);
        }
        let matched = self
            .s
            .get(self.pos)
            .is_some_and(|&byte| class.contains(byte));
        if matched {
            self.pos += 1;
        }
        if !Self::QUIET && self.pos > self.max_position {
            // A token failed where the class starts, or matched to its end.
            self.clear_record(self.pos);
        }
        matched
    }

    /// `SOI`.
    #[inline(always)]
    pub(crate) fn soi(&mut self) -> bool {
        self.pos == 0
    }

    /// `a ~ b ~ ...`, whose items `items` runs in turn.
    #[inline(always)]
    pub(crate) fn seq(&mut self, items: impl FnOnce(&mut Self) -> bool) -> bool {
        if !self.enter() {
            return false;
        }
        let start = self.pos;
        let kept = self.matched.len();
        if items(self) {
            true
        } else {
            self.pos = start;
            if Self::PAIRS {
                self.matched.truncate(kept);
            }
            false
        }
    }

    /// `e?`.
    #[inline(always)]
    pub(crate) fn opt(&mut self, inner: impl FnOnce(&mut Self) -> bool) -> bool {
        if !self.enter() {
            return false;
        }
        inner(self);
        Self::QUIET || !self.limit_reached
    }

    /// `e*`, whose one turn is `turn`. `run` holds the bytes at which one
    /// turn is one character and nothing else: tokens that fail at the
    /// byte, then one that matches it alone, no rule, nothing read past it.
    /// A run of such bytes leaves the record as one step does: the failures
    /// of each turn are where the record is or before it, and the match past
    /// them clears them. `build.rs` finds them by running each turn on each
    /// byte by the reader's steps, so that the grammar alone decides.
    #[inline(always)]
    pub(crate) fn rep(&mut self, run: &ByteSet, turn: impl Fn(&mut Self) -> bool) -> bool {
        if !self.enter() {
            return false;
        }
        // Not under a look-ahead, where the recording readings take each
        // turn: a turn may pass through silent rules, whose nesting checks
        // every reading must make alike, or the limit would stop one
        // reading and not another.
        let run = if self.lookahead == Lookahead::None {
            Some(run)
        } else {
            None
        };
        loop {
            if let Some(run) = run {
                self.skip_run(run);
            }
            let start = self.pos;
            if !turn(self) {
                self.pos = start;
                return Self::QUIET || !self.limit_reached;
            }
            if self.pos == start {
                // pest_meta refuses a repetition that cannot advance;
                // this only keeps the loop finite.
                return true;
            }
        }
    }

    /// A rule that `build.rs` can read straight (`read`, see `straight`):
    /// its reading adds no pair, and it nests rules at most `depth` deep. A
    /// reading that keeps no record takes `read` where that depth stays
    /// under the one at which the nesting limit is checked, so no limit
    /// can be reached; then only the expressions decide. `steps` is the
    /// rule read by the reader's steps, as every other reading reads it.
    #[inline(always)]
    pub(crate) fn straight(
        &mut self,
        depth: u32,
        read: Straight,
        steps: impl FnOnce(&mut Self) -> bool,
    ) -> bool {
        if Self::QUIET && self.depth + depth <= STACK_CHECK_FROM {
            let end = read(self.s, self.pos);
            return self.read_to(end);
        }
        steps(self)
    }

    /// [`Reader::straight`] for a rule whose expression adds pairs: `kept`
    /// reads it straight with them, for `PLAIN` where pest keeps pairs
    /// (outside atomic rules and look-aheads), `read` without them.
    #[inline(always)]
    pub(crate) fn straight_kept(
        &mut self,
        depth: u32,
        kept: StraightKept<R>,
        read: Straight,
        steps: impl FnOnce(&mut Self) -> bool,
    ) -> bool {
        if Self::QUIET && self.depth + depth <= STACK_CHECK_FROM {
            let end = if self.keeps_pairs() {
                kept(self.s, self.pos, &mut self.matched)
            } else {
                read(self.s, self.pos)
            };
            return self.read_to(end);
        }
        steps(self)
    }

    /// A rule that can call itself (LDAP's filters), or one that reaches such
    /// a rule: `read` reads it straight as [`Reader::straight`] does, with
    /// the room left before the depth at which the nesting limit is checked,
    /// and says where it ran out of room. A reading that keeps no record
    /// takes what `read` found where the room lasted, since the steps then
    /// stay under that depth too (`build.rs` says why); elsewhere, as every
    /// other reading, it runs `steps`. Within the steps it took for want of
    /// room, the rules that can call themselves go by the steps: a straight
    /// reading tried again at each of their levels, each with less room,
    /// would mostly run out of it too, and cost a reading each.
    #[inline(always)]
    pub(crate) fn straight_deep(
        &mut self,
        read: DeepStraight,
        steps: impl FnOnce(&mut Self) -> bool,
    ) -> bool {
        if let Some(room) = self.room_to_read_straight() {
            let mut out_of_room = false;
            let end = read(self.s, self.pos, room, &mut out_of_room);
            if !out_of_room {
                return self.read_to(end);
            }
            return self.by_steps_for_want_of_room(steps);
        }
        steps(self)
    }

    /// The rule levels a straight reading of a rule that can call itself
    /// may enter before the depth at which the limit is checked, where the
    /// reading keeps no record and is not already in the steps taken for
    /// want of room (see [`Reader::straight_deep`]).
    #[inline(always)]
    fn room_to_read_straight(&self) -> Option<u32> {
        (Self::QUIET && !self.deep_by_steps && self.depth <= STACK_CHECK_FROM)
            .then(|| STACK_CHECK_FROM - self.depth)
    }

    /// `steps`, where a straight reading ran out of room (see
    /// [`Reader::straight_deep`]).
    #[cold]
    fn by_steps_for_want_of_room(&mut self, steps: impl FnOnce(&mut Self) -> bool) -> bool {
        #[cfg(all(test, feature = "pest-reference"))]
        tests::OUT_OF_ROOM.set(tests::OUT_OF_ROOM.get() + 1);
        let outer = std::mem::replace(&mut self.deep_by_steps, true);
        let matched = steps(self);
        self.deep_by_steps = outer;
        matched
    }

    /// [`Reader::straight_deep`] for a rule whose expression adds pairs:
    /// `kept` reads it straight with them, for `PLAIN` where pest keeps
    /// pairs, `read` without them. Pairs added before the room ran out go.
    #[inline(always)]
    pub(crate) fn straight_deep_kept(
        &mut self,
        kept: DeepStraightKept<R>,
        read: DeepStraight,
        steps: impl FnOnce(&mut Self) -> bool,
    ) -> bool {
        if let Some(room) = self.room_to_read_straight() {
            let mut out_of_room = false;
            let before = self.matched.len();
            let end = if self.keeps_pairs() {
                kept(self.s, self.pos, &mut self.matched, room, &mut out_of_room)
            } else {
                read(self.s, self.pos, room, &mut out_of_room)
            };
            if !out_of_room {
                return self.read_to(end);
            }
            self.matched.truncate(before);
            return self.by_steps_for_want_of_room(steps);
        }
        steps(self)
    }

    /// Whether a rule that matches here adds its pair: in `PLAIN`, as pest
    /// keeps them, outside atomic rules and look-aheads.
    #[inline(always)]
    fn keeps_pairs(&self) -> bool {
        Self::PAIRS && self.atomicity != Atomicity::Atomic && self.lookahead == Lookahead::None
    }

    /// Where a straight reading ended: the reader goes on from there, or
    /// the rule failed (and the reader stays where it was).
    #[inline(always)]
    fn read_to(&mut self, end: Option<usize>) -> bool {
        if let Some(end) = end {
            self.pos = end;
        }
        end.is_some()
    }

    /// A silent rule (`_{}`); `limit_checked`: pest checks its call limit
    /// when the rule starts.
    #[inline(always)]
    pub(crate) fn silent_rule(
        &mut self,
        limit_checked: bool,
        body: impl FnOnce(&mut Self) -> bool,
    ) -> bool {
        self.nest(|reader| {
            if limit_checked && !reader.enter() {
                false
            } else {
                body(reader)
            }
        })
    }

    /// A normal rule (`{}`).
    #[inline(always)]
    pub(crate) fn normal_rule(&mut self, rule: R, body: impl FnOnce(&mut Self) -> bool) -> bool {
        self.nest(|reader| reader.record_rule(rule, body))
    }

    /// An atomic rule (`@{}`).
    #[inline(always)]
    pub(crate) fn atomic_rule(&mut self, rule: R, body: impl FnOnce(&mut Self) -> bool) -> bool {
        self.nest(|reader| {
            reader.record_rule(rule, |reader| reader.atomic(Atomicity::Atomic, body))
        })
    }

    /// A rule one level deeper, unless the reader has gone as deep as it goes.
    #[inline(always)]
    fn nest(&mut self, body: impl FnOnce(&mut Self) -> bool) -> bool {
        if self.depth >= STACK_CHECK_FROM && self.too_deep() {
            return false;
        }
        self.depth += 1;
        let matched = body(self);
        self.depth -= 1;
        matched
    }

    /// Whether the reader, `STACK_CHECK_FROM` deep or deeper, has gone as
    /// deep as it goes; then the limit is reached.
    #[cold]
    #[inline(never)]
    fn too_deep(&mut self) -> bool {
        if self.depth >= MAX_DEPTH
            || (self.depth.is_multiple_of(STACK_CHECK_EVERY)
                && stacker::remaining_stack().is_some_and(|left| left < stack_reserve()))
        {
            if !self.limit_reached {
                self.limit_at = self.pos;
                self.limit_reached = true;
                if Self::QUIET {
                    // Once the limit is reached, the verdict is `false`:
                    // the reader is put past `MAX_DEPTH` for good (once, so
                    // that the depth cannot overflow), and every rule from
                    // here on fails at once.
                    self.depth += LIMIT_OFFSET;
                }
            }
            return true;
        }
        false
    }

    /// `EOI`: a rule around `end_of_input`.
    pub(crate) fn eoi(&mut self) -> bool {
        let eoi = R::eoi();
        self.record_rule(eoi, |reader| reader.pos == reader.s.len())
    }

    /// pest's `atomic`.
    fn atomic(&mut self, atomicity: Atomicity, body: impl FnOnce(&mut Self) -> bool) -> bool {
        if !self.enter() {
            return false;
        }
        if MODE == VERDICT {
            return body(self);
        }
        let initial = self.atomicity;
        self.atomicity = atomicity;
        let matched = body(self);
        self.atomicity = initial;
        matched
    }

    /// pest's `ParserState::rule`: runs `body` and records the rule.
    fn record_rule(&mut self, rule: R, body: impl FnOnce(&mut Self) -> bool) -> bool {
        if !self.enter() {
            return false;
        }
        if MODE == VERDICT {
            return body(self);
        }
        let start = self.pos;
        if MODE != RECORD {
            let opened = self
                .keeps_pairs()
                .then(|| Matched::open(&mut self.matched, rule, start));
            let matched = body(self);
            if let Some(at) = opened {
                Matched::close(&mut self.matched, at, matched.then_some(self.pos));
            }
            // Where a tracked rule failed furthest (pest's `attempt_pos`),
            // for the second reading.
            if MODE == MAX
                && matched == (self.lookahead == Lookahead::Negative)
                && self.atomicity != Atomicity::Atomic
                && start > self.attempt_pos
            {
                self.attempt_pos = start;
            }
            return matched;
        }
        let (pos_index, neg_index) = if start == self.attempt_pos {
            (self.pos_attempts.len(), self.neg_attempts.len())
        } else {
            (0, 0)
        };
        let attempts = self.attempts_at(start);
        let mut stacks_before = self.call_stacks.len();
        let max_before = self.max_position;
        let matched = body(self);
        let in_negative = self.lookahead == Lookahead::Negative;
        // A record made before where it lasts would be cleared later: the
        // attempts before the first reading's `attempt_pos`, the call stacks
        // while the parse has not reached its `max_position`.
        if matched == in_negative && start >= self.lasting_location {
            // pest tracks a rule that fails, or one that matches under a
            // negative look-ahead (where matching is failing).
            self.track(rule, start, pos_index, neg_index, attempts);
        }
        if (matched || !in_negative) && self.max_position >= self.lasting_from {
            if self.max_position > max_before {
                // The call stacks counted before were cleared on the way.
                stacks_before = 0;
            }
            if self.atomicity != Atomicity::Atomic {
                self.add_rule_to_stacks(rule, stacks_before);
            }
        }
        matched
    }

    fn attempts_at(&self, pos: usize) -> usize {
        if self.attempt_pos == pos {
            self.pos_attempts.len() + self.neg_attempts.len()
        } else {
            0
        }
    }

    /// pest's `track`.
    fn track(
        &mut self,
        rule: R,
        pos: usize,
        pos_index: usize,
        neg_index: usize,
        prev_attempts: usize,
    ) {
        if self.atomicity == Atomicity::Atomic {
            return;
        }
        // Nested rules that made one attempt are reported for themselves.
        let current = self.attempts_at(pos);
        if current > prev_attempts && current - prev_attempts == 1 {
            return;
        }
        if pos == self.attempt_pos {
            self.pos_attempts.truncate(pos_index);
            self.neg_attempts.truncate(neg_index);
        }
        if pos > self.attempt_pos {
            self.pos_attempts.clear();
            self.neg_attempts.clear();
            self.attempt_pos = pos;
        }
        if pos == self.attempt_pos {
            if self.lookahead == Lookahead::Negative {
                self.neg_attempts.push(rule);
            } else {
                self.pos_attempts.push(rule);
            }
        }
    }

    /// pest's `try_add_new_stack_rule`: the call stacks that the rule's own
    /// calls left (from `start`) become the rule's.
    fn add_rule_to_stacks(&mut self, rule: R, start: usize) {
        let start = start.min(self.call_stacks.len());
        let mut token_met = false;
        let mut kept = start;
        for read in start..self.call_stacks.len() {
            let stack = self.call_stacks[read];
            if stack.deepest.is_none() {
                token_met = true;
            } else {
                self.call_stacks[kept] = stack;
                kept += 1;
            }
        }
        self.call_stacks.truncate(kept);
        if token_met && kept == start {
            self.call_stacks.push(CallStack {
                deepest: None,
                parent: None,
            });
        }
        // Too many children: they are all put in the rule itself.
        if self.call_stacks.len() - start >= 4 {
            self.call_stacks.truncate(start);
            self.call_stacks.push(CallStack {
                deepest: Some(rule),
                parent: None,
            });
        } else {
            for stack in &mut self.call_stacks[start..] {
                if stack.deepest.is_none() {
                    stack.deepest = Some(rule);
                } else {
                    stack.parent = Some(rule);
                }
            }
        }
    }

    /// The record is cleared where the parse gets further, to `position`.
    #[inline(always)]
    fn clear_record(&mut self, position: usize) {
        if MODE == RECORD {
            self.call_stacks.clear();
            self.expected.clear();
            self.expected_seen = [0; 4];
        }
        self.max_position = position;
    }

    /// pest's `handle_token_parse_result`, after a literal or a range was tried.
    #[inline]
    fn token(&mut self, token: RawToken, number: u8, matched: bool) -> bool {
        if Self::QUIET {
            return matched;
        }
        let position = self.pos;
        if matched {
            if self.lookahead == Lookahead::Negative {
                self.add_token(token, number, position, true);
            } else if position > self.max_position {
                self.clear_record(position);
            }
        } else if self.lookahead != Lookahead::Negative {
            self.add_token(token, number, position, false);
        }
        matched
    }

    /// Records `token`, numbered `number`, among those expected at
    /// `max_position`, once: a parse that fails comes back to try the same
    /// tokens there many times.
    #[inline]
    fn expect(&mut self, token: RawToken, number: u8) {
        let (word, bit) = (usize::from(number / 64), 1u64 << (number % 64));
        if self.expected_seen[word] & bit == 0 {
            self.expected_seen[word] |= bit;
            self.expected.push(token);
        }
    }

    /// pest's `try_add_new_token`.
    #[inline]
    fn add_token(&mut self, token: RawToken, number: u8, position: usize, negative: bool) {
        if position > self.max_position {
            if negative {
                // A token matched under a negative look-ahead is recorded
                // among the unexpected ones, which nothing reads.
                return;
            }
            // pest records the token and then clears the record it went in.
            self.clear_record(position);
            if MODE == RECORD && position >= self.lasting_from {
                self.call_stacks.push(CallStack {
                    deepest: None,
                    parent: None,
                });
            }
        } else if MODE == RECORD && position == self.max_position && position >= self.lasting_from {
            // (Before `lasting_from`, the record would be cleared later.)
            if !negative {
                self.expect(token, number);
            }
            self.call_stacks.push(CallStack {
                deepest: None,
                parent: None,
            });
        }
    }

    /// Reads over the bytes at which one turn of a repetition is one
    /// character and nothing else (see [`Reader::rep`]): what that does to the
    /// record, done once for the whole run.
    #[inline]
    fn skip_run(&mut self, run: &ByteSet) {
        let mut end = self.pos;
        while let Some(&byte) = self.s.get(end)
            && run.contains(byte)
        {
            end += 1;
        }
        if !Self::QUIET && end > self.max_position {
            // Each turn tried its failing tokens where the record was, and
            // its last token then matched past it, which clears the record.
            self.clear_record(end);
        }
        self.pos = end;
    }

    /// pest's `lookahead`: `&e` where `positive`, else `!e`.
    #[inline(always)]
    pub(crate) fn look(&mut self, positive: bool, inner: impl FnOnce(&mut Self) -> bool) -> bool {
        if !self.enter() {
            return false;
        }
        if MODE == VERDICT {
            // The record's kind of look-ahead does not matter here; that
            // there is one does, to `rep`.
            let (start, initial) = (self.pos, self.lookahead);
            self.lookahead = Lookahead::Positive;
            let matched = inner(self);
            (self.pos, self.lookahead) = (start, initial);
            return matched == positive;
        }
        let initial = self.lookahead;
        self.lookahead = match (positive, initial) {
            (true, Lookahead::Negative) | (false, Lookahead::Positive | Lookahead::None) => {
                Lookahead::Negative
            }
            _ => Lookahead::Positive,
        };
        let start = self.pos;
        let matched = inner(self);
        self.pos = start;
        self.lookahead = initial;
        if self.limit_reached {
            return false;
        }
        matched == positive
    }
}

/// A set of bytes.
#[derive(Clone, Copy, Default)]
pub(crate) struct ByteSet(pub(crate) [u64; 4]);

impl ByteSet {
    #[inline(always)]
    fn contains(&self, byte: u8) -> bool {
        self.0[usize::from(byte >> 6)] >> (byte & 63) & 1 != 0
    }
}

/// The tokens of a straight reading (see [`Reader::straight`]): where the
/// token that starts at `at` ends, or `None`.
mod straight {
    use super::{ByteSet, Fails};
    use crate::syntax::pairs::Matched;

    /// A named rule whose expression adds no pair, read as `read`: its own
    /// pair, added where it matched.
    #[inline(always)]
    pub(super) fn ended<R>(
        m: &mut Vec<Matched<R>>,
        rule: R,
        at: usize,
        read: Option<usize>,
    ) -> Option<usize> {
        if let Some(end) = read {
            let after = m.len() + 1;
            m.push(Matched {
                rule,
                start: at,
                end,
                after,
            });
        }
        read
    }

    /// A named rule whose expression (`body`) adds pairs: its own pair
    /// before theirs, as `Reader::record_rule` adds it, and none where it
    /// fails.
    #[inline(always)]
    pub(super) fn around<R>(
        m: &mut Vec<Matched<R>>,
        rule: R,
        at: usize,
        body: impl FnOnce(&mut Vec<Matched<R>>) -> Option<usize>,
    ) -> Option<usize> {
        let index = Matched::open(m, rule, at);
        let read = body(m);
        Matched::close(m, index, read);
        read
    }

    /// `"text"`.
    #[inline(always)]
    pub(super) fn literal_at(s: &[u8], at: usize, text: &[u8]) -> Option<usize> {
        s.get(at..at + text.len())
            .is_some_and(|slice| slice == text)
            .then_some(at + text.len())
    }

    /// `^"text"`.
    #[inline(always)]
    pub(super) fn insensitive_at(s: &[u8], at: usize, text: &[u8]) -> Option<usize> {
        s.get(at..at + text.len())
            .is_some_and(|slice| slice.eq_ignore_ascii_case(text))
            .then_some(at + text.len())
    }

    /// A character class (see [`super::Reader::class`]), a range among them.
    #[inline(always)]
    pub(super) fn class_at(s: &[u8], at: usize, class: &ByteSet) -> Option<usize> {
        s.get(at)
            .is_some_and(|&byte| class.contains(byte))
            .then_some(at + 1)
    }

    /// Whether an expression fails at its first byte (see
    /// [`super::Reader::fails_plain`]).
    #[inline(always)]
    pub(super) fn fails_at(s: &[u8], at: usize, fails: &Fails) -> bool {
        match s.get(at) {
            Some(&byte) => fails.0.contains(byte),
            None => fails.1,
        }
    }
}

#[cfg(all(test, feature = "pest-reference"))]
mod tests {
    use std::cell::Cell;

    use super::{readings_agree, reads_only_tokens};
    use crate::syntax::grammar::{SpecRule, rfc2396, rfc3986};

    thread_local! {
        /// The stack the reader keeps on this thread (`stack_reserve`),
        /// where a test sets it.
        pub(super) static RESERVE: Cell<Option<usize>> = const { Cell::new(None) };
        /// How many straight readings ran out of room on this thread
        /// (`Reader::straight_deep`).
        pub(super) static OUT_OF_ROOM: Cell<usize> = const { Cell::new(0) };
    }

    /// A straight reading of a nested filter runs out of room where its
    /// levels would reach the depth at which the steps check the limit,
    /// and not before: in `ldap://h/??sub?`, the outermost filter's
    /// expression has room for 61 levels, each filter nested in `(&` takes
    /// four and the innermost `(cn=x)`'s item eleven, so twelve fit and
    /// thirteen do not. Where it runs out, the steps take over once, and
    /// the verdict is the same.
    #[test]
    fn the_straight_reading_runs_out_of_room_at_the_depth_the_steps_check() {
        for levels in 0..=20 {
            let url = format!(
                "ldap://h/??sub?{}(cn=x){}",
                "(&".repeat(levels),
                ")".repeat(levels)
            );
            OUT_OF_ROOM.set(0);
            assert!(
                super::accepts(rfc2396::Rule::entry_for(&url), &url),
                "{url}"
            );
            let expected = usize::from(levels > 12);
            assert_eq!(OUT_OF_ROOM.get(), expected, "{levels} levels: {url}");
        }
    }

    /// Where the steps stop at `STACK_CHECK_FROM` (as they do where the
    /// native stack runs low), the readings that keep no record stop
    /// there too: none reads a rule straight whose nesting would pass that
    /// depth. Nested LDAP filters around it, every rule of RFC 2396 as the
    /// entry, with a reserve no stack has.
    #[test]
    fn the_straight_reading_stops_where_the_steps_check_the_stack() {
        RESERVE.set(Some(usize::MAX));
        for levels in 8..=24 {
            // The escaped names take every level of a filter's item.
            for inner in [
                "(cn=x)",
                "(cn=x*y)",
                "(cn:dn:=x)",
                "(!(a=b))",
                "(c%2Dn=x)",
                "(%63n=%41)",
            ] {
                for open in ["(&", "(!", "(%7C", "(&(a=b)"] {
                    let filter = format!("{}{inner}{}", open.repeat(levels), ")".repeat(levels));
                    let url = format!("ldap://h/o=a??sub?{filter}");
                    for &rule in rfc2396::Rule::all_rules() {
                        for input in [&filter, &url] {
                            if let Err(difference) = readings_agree(rule, input) {
                                panic!("{difference}");
                            }
                        }
                    }
                }
            }
        }
        RESERVE.set(None);
    }

    /// No input that pest's reading of RFC 2396 or RFC 3986 takes, as an
    /// absolute URI or as a reference, holds a byte outside the set that
    /// `build.rs` collects: every ASCII byte, and characters outside ASCII,
    /// in every place of URIs of every form.
    #[test]
    fn an_input_that_a_grammar_takes_holds_only_bytes_its_tokens_read() {
        const URIS: &[&str] = &[
            "http://user@host.dom:80/a/b;p?q=1#f",
            "ftp://h/d/f;type=a",
            "mailto:a@b.c",
            "news:comp.lang",
            "nntp://h/g/1",
            "telnet://u:p@h:23/",
            "gopher://h:70/1sel",
            "wais://h/db?s",
            "file:///etc/x",
            "prospero://h/p;f=v",
            "man:ls(1)",
            "info:emacs#Top",
            "ldap://h/o=x?cn?sub?(cn=a*)",
            "urn:isbn:0-1",
            "http://[::1]/",
            "a/b?c",
        ];
        let mut characters: Vec<char> = (0..128u8).map(char::from).collect();
        characters.extend(['é', '\u{80}', '\u{200B}', '\u{10FFFF}']);
        let mut taken = [0usize; 2];
        for uri in URIS {
            for (at, _) in uri.char_indices().chain([(uri.len(), ' ')]) {
                for c in &characters {
                    let text = format!("{}{c}{}", &uri[..at], &uri[at..]);
                    let entry = rfc2396::Rule::entry_for(&text);
                    if rfc2396::Rule::parse(entry, &text).is_ok()
                        || rfc2396::Rule::parse(rfc2396::Rule::uri_reference, &text).is_ok()
                    {
                        taken[0] += 1;
                        assert!(reads_only_tokens::<rfc2396::Rule>(&text), "{text:?}");
                    }
                    let entry = rfc3986::Rule::entry_for(&text);
                    if rfc3986::Rule::parse(entry, &text).is_ok()
                        || rfc3986::Rule::parse(rfc3986::Rule::uri_reference, &text).is_ok()
                    {
                        taken[1] += 1;
                        assert!(reads_only_tokens::<rfc3986::Rule>(&text), "{text:?}");
                    }
                }
            }
        }
        // Enough of the inputs are taken for the test to say something.
        assert!(taken.iter().all(|&n| n > 10_000), "{taken:?}");
    }
}
