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
use std::sync::LazyLock;

use crate::syntax::grammar::{SpecRule, draft07, rfc1738, rfc2396};

/// A grammar compiled for the reader: every rule, and the expressions of all
/// of them in one arena (an expression names others by their index).
pub(crate) struct Program<R: 'static> {
    pub(crate) rules: &'static [RuleDef<R>],
    pub(crate) exprs: &'static [Expr],
    /// The index in `rules` of a rule.
    pub(crate) index: fn(R) -> u16,
}

/// One rule of a grammar.
pub(crate) struct RuleDef<R> {
    /// The parser's name for it.
    pub(crate) rule: R,
    pub(crate) kind: Kind,
    /// Its expression, in the arena.
    pub(crate) expr: u16,
    /// Whether pest checks the native stack when the (silent) rule starts.
    pub(crate) stack_check: bool,
}

/// pest's rule types, as far as the grammars use them: `{}`, `_{}` and `@{}`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    Normal,
    Silent,
    Atomic,
}

/// pest_meta's optimized expressions, as far as the grammars use them.
pub(crate) enum Expr {
    /// `"text"`.
    Str(&'static [u8]),
    /// `^"text"`.
    Insens(&'static [u8]),
    /// `'a'..'z'`.
    Range(u8, u8),
    /// A rule of the grammar, by index.
    Rule(u16),
    /// `SOI`.
    Soi,
    /// `EOI`, which pest runs as a rule of its own.
    Eoi,
    /// `&e`.
    PosPred(u16),
    /// `!e`.
    NegPred(u16),
    /// `a ~ b ~ ...`.
    Seq(&'static [u16]),
    /// `a | b | ...`.
    Choice(&'static [u16]),
    /// `e?`.
    Opt(u16),
    /// `e*`.
    Rep(u16),
}

include!(concat!(env!("OUT_DIR"), "/programs.rs"));

/// What a parser's rule type knows of its compiled grammar.
pub(crate) trait Compiled: SpecRule + 'static {
    /// The compiled grammar.
    fn program() -> &'static Program<Self>;
    /// The rule `EOI`.
    fn eoi() -> Self;
    /// The program's [`Shortcuts`], worked out the first time they are
    /// asked for.
    fn shortcuts() -> &'static Shortcuts;
}

macro_rules! compiled {
    ($module:ident, $program:ident) => {
        impl Compiled for $module::Rule {
            fn program() -> &'static Program<Self> {
                &$program
            }
            fn eoi() -> Self {
                Self::EOI
            }
            fn shortcuts() -> &'static Shortcuts {
                static SHORTCUTS: LazyLock<Shortcuts> = LazyLock::new(|| Shortcuts::of(&$program));
                &SHORTCUTS
            }
        }
    };
}
compiled!(rfc1738, RFC1738);
compiled!(draft07, DRAFT07);
compiled!(rfc2396, RFC2396);

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
    /// One of pest's built-in rules.
    BuiltIn,
}

/// What pest's detailed error report holds that this crate's report reads.
#[derive(Clone, Debug, PartialEq, Eq)]
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
    /// The tokens tried at `max_position`, in pest's order, each once.
    pub(crate) tokens: Vec<Token>,
    /// Where the reader stopped because the rules nested deeper than it
    /// goes ([`MAX_DEPTH`], or the native stack): the input is refused
    /// there, whatever follows.
    pub(crate) nesting_limit: Option<usize>,
}

/// How far a parse may nest rules before it stops, as pest stops when the
/// native stack runs low: only nested LDAP filters come near (995
/// parentheses deep).
pub(crate) const MAX_DEPTH: u32 = 1_000;

/// From this depth on, every `STACK_CHECK_EVERY` levels, the reader stops
/// when less than `STACK_RESERVE` bytes of native stack are left, as pest
/// does (with 64 KiB): a thread with a small stack refuses a deep input
/// rather than overflow. A level takes under 1 KiB.
const STACK_CHECK_FROM: u32 = 64;
const STACK_CHECK_EVERY: u32 = 16;
const STACK_RESERVE: usize = 128 * 1024;

/// Reads `input` from `entry`, as `pest::Parser::parse` does: `Ok` with where
/// the rule ends, or the attempts that pest's detailed report would hold.
///
/// An error takes two readings. The first finds how far the grammar got
/// (`max_position`), keeping no record; the second keeps the record, but
/// only where it can last: a record made before that position is cleared
/// when the parse gets further, so there an expression that fails at its
/// first byte ([`Shortcuts`]) is not run.
pub(crate) fn read<R: Compiled>(entry: R, input: &str) -> Result<usize, Attempts<R>> {
    let program = R::program();
    let index = (program.index)(entry);
    let shortcuts = R::shortcuts();
    let mut first = Reader::<R, MAX>::new(program, shortcuts, input.as_bytes(), 0);
    let matched = first.rule(index);
    if first.limit_reached {
        return Err(Attempts {
            location: first.limit_at,
            max_position: first.limit_at,
            end_expected: false,
            rules: Vec::new(),
            tokens: Vec::new(),
            nesting_limit: Some(first.limit_at),
        });
    }
    if matched {
        return Ok(first.pos);
    }
    let mut second =
        Reader::<R, RECORD>::new(program, shortcuts, input.as_bytes(), first.max_position);
    second.rule(index);
    Err(second.attempts())
}

/// Whether the whole of `input` is a match of `entry`: the first reading
/// alone, which keeps no record.
pub(crate) fn accepts<R: Compiled>(entry: R, input: &str) -> bool {
    let program = R::program();
    let mut reader = Reader::<R, MAX>::new(program, R::shortcuts(), input.as_bytes(), 0);
    reader.rule((program.index)(entry)) && !reader.limit_reached && reader.pos == input.len()
}

/// What a reading keeps: [`PROBE`] watches one turn of a repetition on one
/// byte, [`MAX`] only how far the parse gets, [`RECORD`] pest's record.
type Mode = u8;
const PROBE: Mode = 0;
const MAX: Mode = 1;
const RECORD: Mode = 2;

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
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum RawToken {
    Sensitive(&'static [u8]),
    Insensitive(&'static [u8]),
    Range(u8, u8),
}

/// pest's `ParserState` without its token queue: what a parse tried.
struct Reader<'i, R: 'static, const MODE: Mode> {
    program: &'static Program<R>,
    shortcuts: &'static Shortcuts,
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
    max_position: usize,
    /// `RECORD`: how far the first reading got. Before it, the record does
    /// not last.
    lasting_from: usize,
    depth: u32,
    limit_reached: bool,
    /// Where the limit was reached first.
    limit_at: usize,
    /// What a probe saw; see [`Probe`].
    probe: Probe,
}

impl<'i, R: Compiled, const MODE: Mode> Reader<'i, R, MODE> {
    fn new(
        program: &'static Program<R>,
        shortcuts: &'static Shortcuts,
        s: &'i [u8],
        lasting_from: usize,
    ) -> Self {
        Reader {
            program,
            shortcuts,
            s,
            pos: 0,
            lookahead: Lookahead::None,
            atomicity: Atomicity::NonAtomic,
            pos_attempts: Vec::with_capacity(if MODE == RECORD { 8 } else { 0 }),
            neg_attempts: Vec::new(),
            attempt_pos: 0,
            call_stacks: Vec::with_capacity(if MODE == RECORD { 16 } else { 0 }),
            expected: Vec::with_capacity(if MODE == RECORD { 32 } else { 0 }),
            max_position: 0,
            lasting_from,
            depth: 0,
            limit_reached: false,
            limit_at: 0,
            probe: Probe::default(),
        }
    }

    /// What pest's report would hold, from what was recorded.
    fn attempts(mut self) -> Attempts<R> {
        // pest reports a stopped parse as a custom error, without the rules
        // that failed.
        let end_expected = !self.limit_reached && self.pos_attempts.contains(&R::eoi());
        let mut rules: Vec<R> = self
            .call_stacks
            .iter()
            .filter_map(|stack| stack.deepest)
            .collect();
        rules.sort();
        rules.dedup();
        self.expected.sort();
        self.expected.dedup();
        let tokens = self
            .expected
            .iter()
            .map(|token| match *token {
                RawToken::Sensitive(text) => Token::Literal(Cow::Borrowed(ascii(text))),
                RawToken::Insensitive(text) => Token::Insensitive(match ascii(text) {
                    text if text.bytes().any(|b| b.is_ascii_uppercase()) => {
                        Cow::Owned(text.to_ascii_lowercase())
                    }
                    text => Cow::Borrowed(text),
                }),
                RawToken::Range(start, end) => Token::Range(char::from(start), char::from(end)),
            })
            .collect();
        Attempts {
            location: self.attempt_pos,
            max_position: self.max_position,
            end_expected,
            rules,
            tokens,
            nesting_limit: self.limit_reached.then_some(self.limit_at),
        }
    }

    /// pest's `inc_call_check_limit`: whether the parse may go on.
    #[inline(always)]
    fn enter(&self) -> bool {
        !self.limit_reached
    }

    fn expr(&mut self, index: u16) -> bool {
        let program = self.program;
        if MODE != PROBE
            && (MODE == MAX || self.pos < self.lasting_from)
            && self
                .shortcuts
                .fails(index, self.s.get(self.pos), MODE == MAX)
        {
            // Its tokens would fail here, where no record lasts: only how far
            // the parse got counts.
            if self.lookahead != Lookahead::Negative && self.pos > self.max_position {
                self.clear_record(self.pos);
            }
            return false;
        }
        match program.exprs[usize::from(index)] {
            Expr::Str(text) => {
                let start = self.pos;
                let rest = &self.s[start..];
                if MODE == PROBE {
                    self.probe
                        .token_at(start, rest.first() == text.first() && text.len() > 1);
                }
                let matched = rest.len() >= text.len() && starts_with(rest, text);
                if matched {
                    self.pos += text.len();
                }
                self.token(RawToken::Sensitive(text), matched)
            }
            Expr::Insens(text) => {
                let start = self.pos;
                let rest = &self.s[start..];
                if MODE == PROBE {
                    let first = |byte: Option<&u8>| byte.map(u8::to_ascii_lowercase);
                    self.probe.token_at(
                        start,
                        first(rest.first()) == first(text.first()) && text.len() > 1,
                    );
                }
                let matched = rest
                    .get(..text.len())
                    .is_some_and(|slice| slice.eq_ignore_ascii_case(text));
                if matched {
                    self.pos += text.len();
                }
                self.token(RawToken::Insensitive(text), matched)
            }
            Expr::Range(low, high) => {
                let start = self.pos;
                if MODE == PROBE {
                    self.probe.token_at(start, false);
                }
                // The bounds are ASCII, and so is every character they hold.
                let matched = self
                    .s
                    .get(start)
                    .is_some_and(|&byte| (low..=high).contains(&byte));
                if matched {
                    self.pos += 1;
                }
                self.token(RawToken::Range(low, high), matched)
            }
            Expr::Rule(rule) => self.rule(rule),
            Expr::Soi => {
                if MODE == PROBE {
                    self.probe.other = true;
                }
                self.pos == 0
            }
            Expr::Eoi => self.eoi(),
            Expr::PosPred(inner) => self.look(true, inner),
            Expr::NegPred(inner) => self.look(false, inner),
            Expr::Seq(items) => {
                if !self.enter() {
                    return false;
                }
                let start = self.pos;
                for &item in items {
                    if !self.expr(item) {
                        self.pos = start;
                        return false;
                    }
                }
                true
            }
            Expr::Choice(items) => items.iter().any(|&item| self.expr(item)),
            Expr::Opt(inner) => {
                if !self.enter() {
                    return false;
                }
                self.expr(inner);
                !self.limit_reached
            }
            Expr::Rep(inner) => {
                if !self.enter() {
                    return false;
                }
                let run = (MODE != PROBE && self.lookahead == Lookahead::None)
                    .then(|| self.shortcuts.run(index))
                    .flatten();
                loop {
                    if let Some(run) = run {
                        self.skip_run(run);
                    }
                    let start = self.pos;
                    if !self.expr(inner) {
                        self.pos = start;
                        return !self.limit_reached;
                    }
                    if self.pos == start {
                        // pest_meta refuses a repetition that cannot advance;
                        // this only keeps the loop finite.
                        return true;
                    }
                }
            }
        }
    }

    /// A rule, as its generated function runs it.
    fn rule(&mut self, index: u16) -> bool {
        let program = self.program;
        let def = &program.rules[usize::from(index)];
        if self.depth >= MAX_DEPTH
            || (self.depth >= STACK_CHECK_FROM
                && self.depth.is_multiple_of(STACK_CHECK_EVERY)
                && stacker::remaining_stack().is_some_and(|left| left < STACK_RESERVE))
        {
            if !self.limit_reached {
                self.limit_at = self.pos;
            }
            self.limit_reached = true;
            return false;
        }
        self.depth += 1;
        let matched = match def.kind {
            Kind::Silent => {
                if def.stack_check && !self.enter() {
                    false
                } else {
                    self.expr(def.expr)
                }
            }
            Kind::Normal => self.record_rule(def.rule, |reader| reader.expr(def.expr)),
            Kind::Atomic => self.record_rule(def.rule, |reader| {
                reader.atomic(Atomicity::Atomic, |reader| reader.expr(def.expr))
            }),
        };
        self.depth -= 1;
        matched
    }

    /// `EOI`: a rule around `end_of_input`.
    fn eoi(&mut self) -> bool {
        let eoi = R::eoi();
        self.record_rule(eoi, |reader| reader.pos == reader.s.len())
    }

    /// pest's `atomic`.
    fn atomic(&mut self, atomicity: Atomicity, body: impl FnOnce(&mut Self) -> bool) -> bool {
        if !self.enter() {
            return false;
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
        if MODE != RECORD {
            if MODE == PROBE {
                self.probe.other = true;
            }
            return body(self);
        }
        let start = self.pos;
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
        if matched == in_negative {
            // pest tracks a rule that fails, or one that matches under a
            // negative look-ahead (where matching is failing).
            self.track(rule, start, pos_index, neg_index, attempts);
        }
        if matched || !in_negative {
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
        }
        self.max_position = position;
    }

    /// pest's `handle_token_parse_result`, after a literal or a range was tried.
    #[inline]
    fn token(&mut self, token: RawToken, matched: bool) -> bool {
        let position = self.pos;
        if MODE == PROBE {
            self.probe.outcome(matched, self.lookahead, position);
        }
        if matched {
            if self.lookahead == Lookahead::Negative {
                self.add_token(token, position, true);
            } else if position > self.max_position {
                self.clear_record(position);
            }
        } else if self.lookahead != Lookahead::Negative {
            self.add_token(token, position, false);
        }
        matched
    }

    /// pest's `try_add_new_token`.
    #[inline]
    fn add_token(&mut self, token: RawToken, position: usize, negative: bool) {
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
                self.expected.push(token);
            }
            self.call_stacks.push(CallStack {
                deepest: None,
                parent: None,
            });
        }
    }

    /// Reads over the bytes at which one turn of a repetition is one
    /// character and nothing else (see [`Shortcuts`]): what that does to the
    /// record, done once for the whole run.
    #[inline]
    fn skip_run(&mut self, run: &ByteSet) {
        let mut end = self.pos;
        while let Some(&byte) = self.s.get(end)
            && run.contains(byte)
        {
            end += 1;
        }
        if end > self.max_position {
            // Each turn tried its failing tokens where the record was, and
            // its last token then matched past it, which clears the record.
            self.clear_record(end);
        }
        self.pos = end;
    }

    /// pest's `lookahead`.
    fn look(&mut self, positive: bool, inner: u16) -> bool {
        if !self.enter() {
            return false;
        }
        let initial = self.lookahead;
        self.lookahead = match (positive, initial) {
            (true, Lookahead::Negative) | (false, Lookahead::Positive | Lookahead::None) => {
                Lookahead::Negative
            }
            _ => Lookahead::Positive,
        };
        let start = self.pos;
        let matched = self.expr(inner);
        self.pos = start;
        self.lookahead = initial;
        if self.limit_reached {
            return false;
        }
        matched == positive
    }
}

/// Whether `rest` starts with `text`, which it is at least as long as: a
/// byte loop, as the literals are a few bytes.
#[inline(always)]
fn starts_with(rest: &[u8], text: &[u8]) -> bool {
    text.iter().zip(rest).all(|(a, b)| a == b)
}

/// What a probe saw while one turn of a repetition ran on one byte.
#[derive(Default)]
struct Probe {
    /// Tokens that matched (outside a look-ahead), and where the last token
    /// tried ended, if it matched.
    matched: u32,
    last_matched_at: Option<usize>,
    /// Anything else: a token that looked past the byte or did not start at
    /// it, a token matched under a look-ahead, a rule, `SOI`.
    other: bool,
}

impl Probe {
    fn token_at(&mut self, start: usize, looks_past: bool) {
        self.other |= start != 0 || looks_past;
    }

    fn outcome(&mut self, matched: bool, lookahead: Lookahead, position: usize) {
        self.last_matched_at = None;
        match (matched, lookahead) {
            (true, Lookahead::None) => {
                self.matched += 1;
                self.last_matched_at = Some(position);
            }
            (true, _) => self.other = true,
            (false, _) => {}
        }
    }

    /// Whether the turn was failing tokens at the byte and then one token
    /// that matched the byte alone.
    fn one_character(&self) -> bool {
        !self.other && self.matched == 1 && self.last_matched_at == Some(1)
    }
}

/// A set of bytes.
#[derive(Clone, Copy, Default)]
pub(crate) struct ByteSet([u64; 4]);

impl ByteSet {
    #[inline(always)]
    fn contains(&self, byte: u8) -> bool {
        self.0[usize::from(byte >> 6)] >> (byte & 63) & 1 != 0
    }

    fn insert(&mut self, byte: u8) {
        self.0[usize::from(byte >> 6)] |= 1 << (byte & 63);
    }

    fn intersection(self, other: ByteSet) -> ByteSet {
        ByteSet(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }

    const ALL: ByteSet = ByteSet([u64::MAX; 4]);
}

/// Where a reading may skip work and still keep pest's record, per
/// expression of a program:
///
/// - `fails`: the bytes (and whether the end of the input) at which the
///   expression fails with nothing but tokens that fail there, tried, and no
///   rule: it leaves no record but at that position.
/// - `runs`: for a repetition, the bytes at which one turn is one character
///   and nothing else: tokens that fail at the byte, then one that matches
///   it alone, no rule, nothing read past it. A run of such bytes leaves the
///   record as one step does: the failures of each turn are where the record
///   is or before it, and the match past them clears them. Found by running
///   each turn on each byte, so that the grammar alone decides.
pub(crate) struct Shortcuts {
    fails: Vec<(ByteSet, bool)>,
    fails_through_rules: Vec<(ByteSet, bool)>,
    runs: Vec<Option<ByteSet>>,
}

impl Shortcuts {
    fn of<R: Compiled>(program: &'static Program<R>) -> Shortcuts {
        let fails_table = |through_rules: bool| {
            let mut fails: Vec<Option<(ByteSet, bool)>> = vec![None; program.exprs.len()];
            for index in 0..program.exprs.len() {
                fails_of(program, index as u16, through_rules, &mut fails);
            }
            fails
                .into_iter()
                .map(|fails| fails.unwrap_or_default())
                .collect()
        };
        let mut shortcuts = Shortcuts {
            fails: fails_table(false),
            fails_through_rules: fails_table(true),
            runs: Vec::new(),
        };
        // A probe takes no shortcut.
        static NONE: Shortcuts = Shortcuts {
            fails: Vec::new(),
            fails_through_rules: Vec::new(),
            runs: Vec::new(),
        };
        let runs = program
            .exprs
            .iter()
            .map(|expr| {
                let Expr::Rep(inner) = *expr else {
                    return None;
                };
                let mut set = ByteSet::default();
                for byte in 0..=255u8 {
                    let input = [byte];
                    let mut probe = Reader::<R, PROBE>::new(program, &NONE, &input, 0);
                    if probe.expr(inner) && probe.pos == 1 && probe.probe.one_character() {
                        set.insert(byte);
                    }
                }
                Some(set)
            })
            .collect();
        shortcuts.runs = runs;
        shortcuts
    }

    /// Whether `expr` fails at `byte` with nothing but its tokens there
    /// (`without_rules`: and the rules around them, which a reading that
    /// keeps no record passes through).
    #[inline(always)]
    fn fails(&self, expr: u16, byte: Option<&u8>, without_rules: bool) -> bool {
        let table = if without_rules {
            &self.fails_through_rules
        } else {
            &self.fails
        };
        let (bytes, at_end) = table[usize::from(expr)];
        match byte {
            Some(&byte) => bytes.contains(byte),
            None => at_end,
        }
    }

    #[inline(always)]
    fn run(&self, expr: u16) -> Option<&ByteSet> {
        self.runs.get(usize::from(expr)).and_then(Option::as_ref)
    }
}

/// The `fails` set of an expression (see [`Shortcuts`]), from those of the
/// expressions it holds (`through_rules`: those of the rules it calls too);
/// an expression that is being worked out (in a recursive rule) counts as
/// failing nowhere, which only loses a shortcut.
fn fails_of<R: Compiled>(
    program: &'static Program<R>,
    index: u16,
    through_rules: bool,
    known: &mut Vec<Option<(ByteSet, bool)>>,
) -> (ByteSet, bool) {
    if let Some(fails) = known[usize::from(index)] {
        return fails;
    }
    let nowhere = (ByteSet::default(), false);
    known[usize::from(index)] = Some(nowhere);
    let fails = match program.exprs[usize::from(index)] {
        Expr::Str(text) | Expr::Insens(text) => match text.first() {
            Some(&first) => {
                let mut matches = ByteSet::default();
                matches.insert(first);
                if matches!(program.exprs[usize::from(index)], Expr::Insens(_)) {
                    matches.insert(first.to_ascii_lowercase());
                    matches.insert(first.to_ascii_uppercase());
                }
                (complement(matches), true)
            }
            // The empty literal matches everywhere.
            None => nowhere,
        },
        Expr::Range(low, high) => {
            let mut matches = ByteSet::default();
            for byte in low..=high {
                matches.insert(byte);
            }
            (complement(matches), true)
        }
        Expr::Rule(rule) => {
            let def = &program.rules[usize::from(rule)];
            if def.kind == Kind::Silent || through_rules {
                fails_of(program, def.expr, through_rules, known)
            } else {
                nowhere
            }
        }
        Expr::PosPred(inner) => fails_of(program, inner, through_rules, known),
        Expr::Seq(items) => items.first().map_or(nowhere, |&first| {
            fails_of(program, first, through_rules, known)
        }),
        Expr::Choice(items) => items
            .iter()
            .fold((ByteSet::ALL, true), |(bytes, end), &item| {
                let (item_bytes, item_end) = fails_of(program, item, through_rules, known);
                (bytes.intersection(item_bytes), end && item_end)
            }),
        Expr::Soi | Expr::Eoi | Expr::NegPred(_) | Expr::Opt(_) | Expr::Rep(_) => nowhere,
    };
    known[usize::from(index)] = Some(fails);
    fails
}

fn complement(set: ByteSet) -> ByteSet {
    ByteSet(set.0.map(|word| !word))
}

fn ascii(bytes: &'static [u8]) -> &'static str {
    // The build script writes only ASCII literals.
    std::str::from_utf8(bytes).unwrap_or_default()
}
