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

use crate::grammar::{SpecRule, draft07, rfc1738, rfc2396};

/// A grammar compiled for the reader: every rule, and the expressions of all
/// of them in one arena (an expression names others by their index).
pub(crate) struct Program<R: 'static> {
    pub(crate) rules: &'static [RuleDef<R>],
    pub(crate) exprs: &'static [Expr],
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
}

/// How far a parse may nest rules before it stops, as pest stops when the
/// native stack runs low: only nested LDAP filters come near.
const MAX_DEPTH: u32 = 1_000;

/// Reads `input` from `entry`, as `pest::Parser::parse` does: `Ok` with where
/// the rule ends, or the attempts that pest's detailed report would hold.
pub(crate) fn read<R: Compiled>(entry: R, input: &str) -> Result<usize, Attempts<R>> {
    let program = R::program();
    let Some(index) = program.rules.iter().position(|def| def.rule == entry) else {
        unreachable!("every rule of the parser is in its program")
    };
    let mut reader = Reader::new(program, input.as_bytes());
    let matched = reader.rule(index as u16);
    if matched && !reader.limit_reached {
        Ok(reader.pos)
    } else {
        Err(reader.attempts())
    }
}

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
struct Reader<'i, R: 'static> {
    program: &'static Program<R>,
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
    depth: u32,
    limit_reached: bool,
}

impl<'i, R: Compiled> Reader<'i, R> {
    fn new(program: &'static Program<R>, s: &'i [u8]) -> Self {
        Reader {
            program,
            s,
            pos: 0,
            lookahead: Lookahead::None,
            atomicity: Atomicity::NonAtomic,
            pos_attempts: Vec::new(),
            neg_attempts: Vec::new(),
            attempt_pos: 0,
            call_stacks: Vec::new(),
            expected: Vec::new(),
            max_position: 0,
            depth: 0,
            limit_reached: false,
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
        }
    }

    /// pest's `inc_call_check_limit`: whether the parse may go on.
    #[inline(always)]
    fn enter(&self) -> bool {
        !self.limit_reached
    }

    fn expr(&mut self, index: u16) -> bool {
        let program = self.program;
        match program.exprs[usize::from(index)] {
            Expr::Str(text) => {
                let start = self.pos;
                let matched = self.s.get(start..start + text.len()) == Some(text);
                if matched {
                    self.pos += text.len();
                }
                self.token(RawToken::Sensitive(text), matched)
            }
            Expr::Insens(text) => {
                let start = self.pos;
                let matched = self
                    .s
                    .get(start..start + text.len())
                    .is_some_and(|slice| slice.eq_ignore_ascii_case(text));
                if matched {
                    self.pos += text.len();
                }
                self.token(RawToken::Insensitive(text), matched)
            }
            Expr::Range(low, high) => {
                let start = self.pos;
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
            Expr::Soi => self.pos == 0,
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
                loop {
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
        if self.depth >= MAX_DEPTH {
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

    /// pest's `handle_token_parse_result`, after a literal or a range was tried.
    #[inline]
    fn token(&mut self, token: RawToken, matched: bool) -> bool {
        let position = self.pos;
        if matched {
            if self.lookahead == Lookahead::Negative {
                self.add_token(token, position, true);
            } else if position > self.max_position {
                self.call_stacks.clear();
                self.expected.clear();
                self.max_position = position;
            }
        } else if self.lookahead != Lookahead::Negative {
            self.add_token(token, position, false);
        }
        matched
    }

    /// pest's `try_add_new_token`.
    fn add_token(&mut self, token: RawToken, position: usize, negative: bool) {
        if position > self.max_position {
            if negative {
                // A token matched under a negative look-ahead is recorded
                // among the unexpected ones, which nothing reads.
                return;
            }
            // pest records the token and then clears the record it went in.
            self.max_position = position;
            self.expected.clear();
            self.call_stacks.clear();
            self.call_stacks.push(CallStack {
                deepest: None,
                parent: None,
            });
        } else if position == self.max_position {
            if !negative {
                self.expected.push(token);
            }
            self.call_stacks.push(CallStack {
                deepest: None,
                parent: None,
            });
        }
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

fn ascii(bytes: &'static [u8]) -> &'static str {
    // The build script writes only ASCII literals.
    std::str::from_utf8(bytes).unwrap_or_default()
}
