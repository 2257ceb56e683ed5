//! The report of a [`ParseError`](super::ParseError): what the grammar
//! expected where the input leaves the language, and what stood there, from
//! what the error-tracking reader (or pest) tried.

use std::any::TypeId;
use std::borrow::Cow;
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasherDefault, Hash, Hasher};
use std::sync::{Arc, OnceLock};

use super::{Expected, Found, Judged};
use crate::syntax::grammar::{Node, SpecRule};
use crate::syntax::rules::GrammarRule;
use crate::syntax::scheme::Scheme;
use crate::syntax::spec::Spec;
use crate::syntax::tracking::{self, Attempts, Compiled, RawToken, RecordTokens, Token};

/// What a [`ParseError`](super::ParseError) says.
#[derive(Clone, Debug)]
pub(super) struct Report {
    pub(super) spec: Spec,
    pub(super) scheme: Option<Scheme>,
    pub(super) offset: usize,
    pub(super) expected: Arc<ExpectedSet>,
    pub(super) found: Found,
    /// The reader stopped at its nesting limit: see `ParseError::is_nesting_limit`.
    pub(super) nesting_limit: bool,
    /// The help, where the report fixes it; `None`: worked out from the
    /// text with the details.
    pub(super) fixed_help: Option<Option<String>>,
}

/// Reports are equal when they say the same; where the help comes from is
/// the details' concern.
impl PartialEq for Report {
    fn eq(&self, other: &Report) -> bool {
        (
            self.spec,
            self.scheme,
            self.offset,
            &self.expected.items,
            self.found,
            self.nesting_limit,
        ) == (
            other.spec,
            other.scheme,
            other.offset,
            &other.expected.items,
            other.found,
            other.nesting_limit,
        )
    }
}

impl Eq for Report {}

/// The report of `input`, which the grammar of `spec` does not take, as
/// `judged`.
pub(super) fn report_of(input: &str, spec: Spec, judged: Judged) -> Report {
    use crate::syntax::grammar::{draft07, rfc1738, rfc2396, rfc3986};
    let scheme = Scheme::of(input);
    match (judged, spec) {
        (Judged::UriReference, Spec::Rfc3986) => {
            Report::from_grammar(input, spec, None, rfc3986::Rule::uri_reference)
        }
        (Judged::UriReference, _) => {
            Report::from_grammar(input, Spec::Rfc2396, None, rfc2396::Rule::uri_reference)
        }
        (Judged::Url, Spec::Rfc1738) => {
            Report::from_grammar(input, spec, scheme, rfc1738::Rule::entry(scheme))
        }
        (Judged::Url, Spec::Draft07) => {
            Report::from_grammar(input, spec, scheme, draft07::Rule::entry(scheme))
        }
        (Judged::Url, Spec::Rfc2396) => {
            Report::from_grammar(input, spec, scheme, rfc2396::Rule::entry_for(input))
        }
        (Judged::Url, Spec::Rfc3986) => {
            Report::from_grammar(input, spec, scheme, rfc3986::Rule::entry_for(input))
        }
    }
}

impl Report {
    /// The error for `input`, which the rule `entry` does not match whole, by
    /// the error-tracking reader.
    fn from_grammar<R: Compiled>(
        input: &str,
        spec: Spec,
        scheme: Option<Scheme>,
        entry: R,
    ) -> Report {
        let attempts = match tracking::read(entry, input) {
            Err(attempts) => attempts,
            // The callers know the input is not a match; the reader and the
            // grammar agree on that (`tests/error_path.rs`). Should they not,
            // the error is still an error, at the end.
            Ok(_) => Attempts {
                location: input.len(),
                max_position: input.len(),
                end_expected: false,
                rules: Vec::new(),
                tokens: RecordTokens::Named(Vec::new()),
                nesting_limit: None,
            },
        };
        Report::from_attempts(input, spec, scheme, attempts)
    }

    /// The error that a report of what the grammar tried gives.
    pub(super) fn from_attempts<R: Compiled>(
        input: &str,
        spec: Spec,
        scheme: Option<Scheme>,
        attempts: Attempts<R>,
    ) -> Report {
        if let Some(at) = attempts.nesting_limit {
            let found = input[at..].chars().next().map_or(Found::End, Found::Char);
            let mut report = Report::new(spec, scheme, at, ExpectedSet::none(), found);
            report.nesting_limit = true;
            report.fixed_help = Some(Some(format!(
                "the input may be valid, but its rules nest deeper than this reader goes: \
                 {} rules at most (an LDAP filter's parentheses, the one rule that nests, \
                 {} deep), fewer on a thread with a small stack",
                tracking::MAX_DEPTH,
                tracking::MAX_DEPTH - 5
            )));
            return report;
        }
        let location = attempts.location;
        let mut offset = attempts.max_position.max(location);
        // The call stacks name the innermost rules; the end of input is only
        // among the rules that failed where the error is.
        let end_here = location == offset && attempts.end_expected;
        let mut rules = spare_rules();
        rules.extend(attempts.rules.iter().filter_map(|rule| rule.node()));
        let record = Record {
            grammar: TypeId::of::<R>(),
            spec,
            rules,
            tokens: attempts.tokens,
            end_here,
        };
        let (resolved, spare) = Resolved::of::<R>(record);
        tracking::recycle(attempts.rules, spare.tokens);
        if let Some(rules) = spare.rules {
            give_back_spare_rules(rules);
        }
        // A literal that the input starts to spell leaves the language only
        // where the spelling goes wrong, past `offset`.
        let rest = &input.as_bytes()[offset.min(input.len())..];
        let matched = |(literal, insensitive): &(Cow<'static, str>, bool)| {
            literal
                .bytes()
                .zip(rest)
                .take_while(|(want, got)| {
                    if *insensitive {
                        want.eq_ignore_ascii_case(got)
                    } else {
                        want == *got
                    }
                })
                .count()
        };
        let longest = resolved.literals.iter().map(matched).max().unwrap_or(0);
        let expected = if longest > 0 {
            offset += longest;
            let literals = resolved
                .literals
                .iter()
                .filter(|literal| matched(literal) == longest);
            Arc::new(ExpectedSet::new(expected_items::<R>(
                spec,
                Vec::new(),
                literals,
            )))
        } else if resolved.hex_only && in_escape(&input[..offset]) {
            Arc::clone(resolved.in_escape.get_or_init(|| {
                let escape_rule = match spec {
                    Spec::Rfc2396 => Node::escaped,
                    Spec::Rfc3986 => Node::pct_encoded,
                    Spec::Rfc1738 | Spec::Draft07 => Node::escape,
                };
                let escape = vec![Expected::Rule(GrammarRule(escape_rule, spec))];
                // A hex digit is one the escape rule names.
                let literals = resolved.literals.iter().filter(|(literal, _)| {
                    !(literal.len() == 1 && literal.as_bytes()[0].is_ascii_hexdigit())
                });
                Arc::new(ExpectedSet::new(expected_items::<R>(
                    spec, escape, literals,
                )))
            }))
        } else {
            Arc::clone(&resolved.plain)
        };
        let found = input[offset..]
            .chars()
            .next()
            .map_or(Found::End, Found::Char);
        Report::new(spec, scheme, offset, expected, found)
    }

    pub(super) fn new(
        spec: Spec,
        scheme: Option<Scheme>,
        offset: usize,
        expected: Arc<ExpectedSet>,
        found: Found,
    ) -> Report {
        Report {
            spec,
            scheme,
            offset,
            expected,
            found,
            nesting_limit: false,
            fixed_help: None,
        }
    }
}

/// What the grammar expected at an error, in the order the report gives
/// it, and the phrase that says it: one per distinct record of what was
/// tried, shared by every report of that record.
pub(super) struct ExpectedSet {
    pub(super) items: Box<[Expected]>,
    /// `expected ...` (see `ParseError::message`), under the spec that
    /// described it first.
    phrase: OnceLock<(Spec, String)>,
}

impl ExpectedSet {
    pub(super) fn new(items: Vec<Expected>) -> ExpectedSet {
        ExpectedSet {
            items: items.into_boxed_slice(),
            phrase: OnceLock::new(),
        }
    }

    /// The set of nothing, shared.
    pub(super) fn none() -> Arc<ExpectedSet> {
        static NONE: OnceLock<Arc<ExpectedSet>> = OnceLock::new();
        Arc::clone(NONE.get_or_init(|| Arc::new(ExpectedSet::new(Vec::new()))))
    }

    /// The phrase that says what was expected under `spec`, as `phrase`
    /// writes it: worked out once per set, for the first spec it is asked
    /// under.
    pub(super) fn phrase_under(
        &self,
        spec: Spec,
        phrase: impl Fn(&[Expected], &mut String),
    ) -> Cow<'_, str> {
        let (described, text) = self.phrase.get_or_init(|| {
            let mut text = String::new();
            phrase(&self.items, &mut text);
            (spec, text)
        });
        if *described == spec {
            Cow::Borrowed(text)
        } else {
            let mut text = String::new();
            phrase(&self.items, &mut text);
            Cow::Owned(text)
        }
    }
}

/// The items, as a list: what the phrase holds depends on which errors
/// were shown before.
impl fmt::Debug for ExpectedSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.items.iter()).finish()
    }
}

/// What a reading recorded at its furthest position, which alone decides
/// what the report expects, but for the input's bytes from there.
struct Record {
    /// The parser's rule type, which the spec chooses in every caller
    /// today: the numbering of the reader's tokens is the grammar's, so a
    /// set of them means something under its grammar only.
    grammar: TypeId,
    spec: Spec,
    rules: Vec<Node>,
    /// The reader's tokens, compared by their set, or pest's.
    tokens: RecordTokens,
    /// Whether the end of input is expected where the error is.
    end_here: bool,
}

/// Hashes the spec, the rules and the tokens' set, or, in a record of
/// pest's, each token's kind and length: that tells most records apart,
/// and records of one shape are told apart by `==`. Hashing the literals'
/// bytes would cost about as much as working the record out.
impl Hash for Record {
    fn hash<H: Hasher>(&self, state: &mut H) {
        let mut shape = (self.spec as u64) << 1 | u64::from(self.end_here);
        let mut mix =
            |value: u64| shape = (shape.rotate_left(5) ^ value).wrapping_mul(0x517c_c1b7_2722_0a95);
        for &node in &self.rules {
            mix(node as u64);
        }
        match &self.tokens {
            RecordTokens::Read(_, set) => set.iter().copied().for_each(mix),
            RecordTokens::Named(tokens) => {
                for token in tokens {
                    mix(match token {
                        Token::Literal(text) => 1 | (text.len() as u64) << 2,
                        Token::Insensitive(text) => 2 | (text.len() as u64) << 2,
                        Token::Range(start, end) => {
                            3 | u64::from(*start) << 2 | u64::from(*end) << 24
                        }
                        #[cfg(feature = "pest-reference")]
                        Token::BuiltIn => 0,
                    });
                }
            }
        }
        state.write_u64(shape);
    }
}

/// Equal records: the same grammar, spec and rules, and the same tokens.
/// What the report makes of the tokens depends on their set alone (it
/// sorts them and reads each literal once), so the reader's records are
/// compared by their sets of token numbers, which the grammar fixes; a
/// record of pest's and one of the reader's are not taken as equal, and
/// resolve alike.
impl PartialEq for Record {
    fn eq(&self, other: &Record) -> bool {
        self.grammar == other.grammar
            && self.spec == other.spec
            && self.end_here == other.end_here
            && self.rules == other.rules
            && match (&self.tokens, &other.tokens) {
                (RecordTokens::Read(_, set), RecordTokens::Read(_, other_set)) => set == other_set,
                (RecordTokens::Named(tokens), RecordTokens::Named(other_tokens)) => {
                    tokens == other_tokens
                }
                _ => false,
            }
    }
}

impl Eq for Record {}

/// The memo's hasher: a [`Record`] hashes itself to one mixed `u64`, which
/// is only spread over the bits the table reads, where a keyed hash of it
/// would cost as much as the lookup.
#[derive(Default)]
struct ShapeHasher(u64);

impl Hasher for ShapeHasher {
    fn finish(&self) -> u64 {
        // The high bits of the shape's products are well mixed, the low
        // ones, which choose the bucket, less so.
        let mut hash = self.0;
        hash ^= hash >> 33;
        hash = hash.wrapping_mul(0xff51_afd7_ed55_8ccd);
        hash ^ hash >> 33
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_u64(u64::from(byte));
        }
    }

    fn write_u64(&mut self, value: u64) {
        self.0 = (self.0.rotate_left(5) ^ value).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

/// What a [`Record`] resolves to, before the input's bytes from the error
/// on are looked at.
struct Resolved {
    /// The literals tried, the case-sensitive ones sorted, then the
    /// case-insensitive ones (`true`) in their order.
    literals: Vec<(Cow<'static, str>, bool)>,
    /// Whether every range tried was one of hex digits.
    hex_only: bool,
    /// What is expected when the input spells none of the literals in part
    /// and does not stop inside an escape: most errors.
    plain: Arc<ExpectedSet>,
    /// What is expected when the input stops inside an escape.
    in_escape: OnceLock<Arc<ExpectedSet>>,
}

/// How many records a thread keeps resolved: a grammar has a few hundred
/// places to fail at; past this, the memo starts again.
const RESOLVED_PER_THREAD: usize = 4096;

thread_local! {
    static RESOLVED: RefCell<HashMap<Record, Arc<Resolved>, BuildHasherDefault<ShapeHasher>>> =
        RefCell::new(HashMap::default());
}

thread_local! {
    /// A record's list of rules, kept by each thread between errors (as the
    /// reader's vectors are: `tracking::Scratch`).
    static SPARE_RULES: Cell<Vec<Node>> = const { Cell::new(Vec::new()) };
}

/// The thread's spare list of a record's rules, emptied.
fn spare_rules() -> Vec<Node> {
    let mut rules = SPARE_RULES.try_with(Cell::take).unwrap_or_default();
    rules.clear();
    rules
}

/// A record's list of rules, back to the thread.
fn give_back_spare_rules(rules: Vec<Node>) {
    let rules = tracking::worth_keeping(rules);
    let _ = SPARE_RULES.try_with(|spare| spare.set(rules));
}

/// The lists of a record that the memo does not keep, for the next error.
struct Spare {
    /// The tokens as the reader kept them (none from pest's record).
    tokens: Vec<RawToken>,
    /// The rules, where the memo knew the record already.
    rules: Option<Vec<Node>>,
}

impl Record {
    /// The reader's list of tokens, which the record no longer needs once
    /// it has been worked out: it is known by their set.
    fn take_read_tokens(&mut self) -> Vec<RawToken> {
        match &mut self.tokens {
            RecordTokens::Read(tokens, _) => std::mem::take(tokens),
            RecordTokens::Named(_) => Vec::new(),
        }
    }
}

impl Resolved {
    /// What `record` resolves to, worked out once per thread; and the
    /// lists of it that the memo does not keep.
    fn of<R: Compiled>(mut record: Record) -> (Arc<Resolved>, Spare) {
        // A thread's memo is gone while its thread-locals are destroyed (a
        // report first worked out in a destructor): then it is not used.
        if let Ok(Some(known)) = RESOLVED.try_with(|memo| memo.borrow().get(&record).cloned()) {
            let tokens = record.take_read_tokens();
            let spare = Spare {
                tokens,
                rules: Some(record.rules),
            };
            return (known, spare);
        }
        let resolved = Arc::new(Resolved::work_out::<R>(&record));
        let tokens = record.take_read_tokens();
        // The memo keeps the rules: as few as the record has, not as many
        // as the thread's list had room for.
        record.rules.shrink_to_fit();
        let _ = RESOLVED.try_with(|memo| {
            let mut memo = memo.borrow_mut();
            if memo.len() >= RESOLVED_PER_THREAD {
                memo.clear();
            }
            memo.insert(record, Arc::clone(&resolved));
        });
        let spare = Spare {
            tokens,
            rules: None,
        };
        (resolved, spare)
    }

    fn work_out<R: Compiled>(record: &Record) -> Resolved {
        let spec = record.spec;
        let mut expected: Vec<Expected> = Vec::new();
        for &node in &record.rules {
            let rule = GrammarRule(node, spec);
            // Two rules may share a BNF name (the two readings of `selector`).
            if !expected
                .iter()
                .any(|known| matches!(known, Expected::Rule(known) if known.name() == rule.name()))
            {
                expected.push(Expected::Rule(rule));
            }
        }
        if record.end_here {
            expected.push(Expected::End);
        }
        // pest gives the case-sensitive literals in their order, then the
        // case-insensitive ones, then the ranges.
        let mut literals = Vec::new();
        let mut insensitive_literals = Vec::new();
        let mut hex_only = true;
        let mut tokens = record.tokens.named();
        tokens.sort_unstable();
        for token in tokens {
            match token {
                Token::Literal(text) => literals.push((text, false)),
                Token::Insensitive(text) => insensitive_literals.push((text, true)),
                // A range of one character is that character's literal.
                Token::Range(start, end) if start == end => {
                    literals.push((Cow::Owned(start.to_string()), false))
                }
                // Hex digits, or some of them (an escape of a letter is
                // "%4" and '1'..'9', 'A'..'F' or 'a'..'f').
                Token::Range(start, end) => {
                    hex_only &=
                        [('0', '9'), ('A', 'F'), ('a', 'f')]
                            .into_iter()
                            .any(|(low, high)| {
                                (low..=high).contains(&start) && (low..=high).contains(&end)
                            })
                }
                #[cfg(feature = "pest-reference")]
                Token::BuiltIn => {}
            }
        }
        literals.sort();
        literals.dedup();
        literals.append(&mut insensitive_literals);
        let plain = expected_items::<R>(spec, expected, literals.iter());
        Resolved {
            literals,
            hex_only,
            plain: Arc::new(ExpectedSet::new(plain)),
            in_escape: OnceLock::new(),
        }
    }
}

/// `expected`, then each of `literals` that none of its rules covers, the
/// end last.
fn expected_items<'l, R: Compiled>(
    spec: Spec,
    mut expected: Vec<Expected>,
    literals: impl Iterator<Item = &'l (Cow<'static, str>, bool)>,
) -> Vec<Expected> {
    // A one-character literal that an expected rule takes as one of its own
    // characters says nothing the rule does not: leave it out.
    let rules: Vec<R> = expected
        .iter()
        .filter_map(|item| match item {
            Expected::Rule(rule) => R::from_node(rule.0),
            _ => None,
        })
        .collect();
    let takes_escapes = expected
        .iter()
        .any(|item| matches!(item, Expected::Rule(rule) if rule.takes_escapes(spec)));
    for (literal, _) in literals {
        let covered = if literal == "%" {
            takes_escapes
        } else {
            literal.chars().count() == 1
                && rules
                    .iter()
                    .any(|&rule| rule_starts_with(spec, rule, literal))
        };
        let item = Expected::Literal(literal.to_string());
        if !covered && !expected.contains(&item) {
            expected.push(item);
        }
    }
    expected.sort_by_key(|item| matches!(item, Expected::End));
    expected
}

/// Whether `text` is, or begins, a match of `rule` on its own.
fn rule_starts_with<R: Compiled>(spec: Spec, rule: R, text: &str) -> bool {
    // The answer depends on the rule and the text alone: for one ASCII
    // character, the grammar is asked once per process for all 128 of them.
    static KNOWN: [[OnceLock<u128>; Node::COUNT]; Spec::ALL.len()] =
        [const { [const { OnceLock::new() }; Node::COUNT] }; Spec::ALL.len()];
    let mut chars = text.chars();
    let (Some(node), Some(c), None) = (rule.node(), chars.next(), chars.next()) else {
        return grammar_starts_with(rule, text);
    };
    let Ok(byte) = u8::try_from(c).map(|byte| byte & 0x7f) else {
        return grammar_starts_with(rule, text);
    };
    if u32::from(byte) != u32::from(c) {
        return grammar_starts_with(rule, text);
    }
    let row = KNOWN[spec as usize][node as usize].get_or_init(|| {
        (0..128u8).fold(0, |row, byte| {
            let text = char::from(byte).to_string();
            row | u128::from(grammar_starts_with(rule, &text)) << byte
        })
    });
    row >> byte & 1 != 0
}

/// Whether the grammar (the generated reader, which answers as pest does)
/// reads `rule` over all of `text`, or reaches its end trying.
fn grammar_starts_with<R: Compiled>(rule: R, text: &str) -> bool {
    match tracking::read(rule, text) {
        Ok(end) => end == text.len(),
        Err(attempts) => attempts.max_position >= text.len(),
    }
}

/// Whether `before` ends inside an escape: with "%" or "%" and one hex digit.
pub(super) fn in_escape(before: &str) -> bool {
    let bytes = before.as_bytes();
    match bytes {
        [.., b'%'] => true,
        [.., b'%', digit] => digit.is_ascii_hexdigit(),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    #[test]
    fn reports_of_one_record_share_what_was_expected() {
        let first = report_of("http://host:x/", Spec::Rfc1738, Judged::Url);
        let second = report_of("http://elsewhere:q/path", Spec::Rfc1738, Judged::Url);
        assert!(Arc::ptr_eq(&first.expected, &second.expected));
        assert_eq!((first.offset, second.offset), (12, 17));
        assert_eq!(first.found, Found::Char('x'));
        // Another record, another set.
        let other = report_of("ftp://host/a;type=q", Spec::Rfc1738, Judged::Url);
        assert!(!Arc::ptr_eq(&first.expected, &other.expected));
    }

    #[test]
    fn the_readers_records_are_told_apart_by_their_sets_of_tokens() {
        use crate::syntax::tracking::RawToken;
        let record = |grammar, tokens| Record {
            grammar,
            spec: Spec::Rfc3986,
            rules: vec![Node::pct_encoded],
            tokens,
            end_here: false,
        };
        let rfc3986 = TypeId::of::<crate::syntax::grammar::rfc3986::Rule>();
        let rfc2396 = TypeId::of::<crate::syntax::grammar::rfc2396::Rule>();
        let (slashes, digit) = (RawToken::Sensitive("//"), RawToken::Range(b'0', b'9'));
        let read =
            |tokens: [RawToken; 2], set| record(rfc3986, RecordTokens::Read(tokens.into(), set));
        let named = |tokens: [RawToken; 2]| {
            record(
                rfc3986,
                RecordTokens::Named(RecordTokens::Read(tokens.into(), [0; 4]).named()),
            )
        };
        let hash = |record: &Record| {
            let mut hasher = ShapeHasher::default();
            record.hash(&mut hasher);
            hasher.finish()
        };
        let set = [0b110, 0, 0, 1];
        // The set decides, whatever order the list has, in hash and `==`.
        let first = read([slashes, digit], set);
        let second = read([digit, slashes], set);
        assert!(first == second);
        assert_eq!(hash(&first), hash(&second));
        assert!(first != read([slashes, digit], [0b111, 0, 0, 1]));
        // The same set under another grammar's numbering is another record.
        assert!(first != record(rfc2396, RecordTokens::Read(vec![slashes, digit], set)));
        // A record of pest's is compared by its list, and not with the
        // reader's.
        assert!(named([slashes, digit]) == named([slashes, digit]));
        assert!(named([slashes, digit]) != named([digit, slashes]));
        assert!(first != named([slashes, digit]));
        assert_eq!(
            first.tokens.named(),
            [Token::Literal(Cow::Borrowed("//")), Token::Range('0', '9')]
        );
    }

    #[test]
    fn what_the_input_goes_on_to_spell_is_not_shared() {
        // "ftp://h/;typ" spells part of ";type=": the error moves past it.
        let spelled = report_of("ftp://h/;typx", Spec::Rfc1738, Judged::Url);
        let plain = report_of("ftp://h/;x", Spec::Rfc1738, Judged::Url);
        assert_eq!(spelled.offset, 12);
        assert_eq!(
            &*spelled.expected.items,
            [Expected::Literal(";type=".into())]
        );
        assert!(!Arc::ptr_eq(&spelled.expected, &plain.expected));
    }

    #[test]
    fn the_phrase_is_worked_out_once_per_set_and_spec() {
        let set = ExpectedSet::new(vec![Expected::End]);
        let calls = Cell::new(0);
        let phrase = |items: &[Expected], out: &mut String| {
            calls.set(calls.get() + 1);
            out.push_str(&format!("{} items", items.len()));
        };
        assert_eq!(set.phrase_under(Spec::Rfc1738, phrase), "1 items");
        assert_eq!(set.phrase_under(Spec::Rfc1738, phrase), "1 items");
        assert_eq!(calls.get(), 1);
        // Under another spec, the phrase is worked out again and not kept.
        assert_eq!(set.phrase_under(Spec::Rfc3986, phrase), "1 items");
        assert_eq!(calls.get(), 2);
        assert!(matches!(
            set.phrase_under(Spec::Rfc1738, phrase),
            Cow::Borrowed(_)
        ));
    }

    #[test]
    fn debug_shows_the_items_whatever_was_shown_before() {
        let report = report_of("http://host:y/", Spec::Rfc1738, Judged::Url);
        let before = format!("{report:?}");
        assert!(before.contains("expected: [Rule("), "{before}");
        let _ = report
            .expected
            .phrase_under(Spec::Rfc1738, |_, out| out.push_str("expected it"));
        assert_eq!(format!("{report:?}"), before);
    }

    #[test]
    fn the_memo_keeps_a_records_rules_and_hands_its_list_of_tokens_back() {
        let token = crate::syntax::tracking::RawToken::Sensitive("zz");
        let set = [0, 0, 0, 1 << 63];
        let record = || Record {
            grammar: TypeId::of::<crate::syntax::grammar::rfc1738::Rule>(),
            spec: Spec::Rfc1738,
            rules: vec![Node::port],
            tokens: RecordTokens::Read(vec![token], set),
            end_here: true,
        };
        let (first, spare) = Resolved::of::<crate::syntax::grammar::rfc1738::Rule>(record());
        assert_eq!(spare.tokens, [token]);
        assert!(spare.rules.is_none(), "the memo keeps a new record's rules");
        let kept = RESOLVED.with_borrow(|memo| {
            memo.keys()
                .filter(|known| known.rules == [Node::port])
                .map(|known| match &known.tokens {
                    RecordTokens::Read(tokens, known_set) => (tokens.len(), *known_set == set),
                    RecordTokens::Named(_) => (usize::MAX, false),
                })
                .collect::<Vec<_>>()
        });
        assert_eq!(
            kept,
            [(0, true)],
            "the memo knows the record by its set alone"
        );
        let (again, spare) = Resolved::of::<crate::syntax::grammar::rfc1738::Rule>(record());
        assert!(Arc::ptr_eq(&first, &again));
        assert_eq!(spare.tokens, [token]);
        assert_eq!(spare.rules.as_deref(), Some(&[Node::port][..]));
    }

    #[test]
    fn a_full_memo_starts_again_and_still_answers() {
        for port in 0..RESOLVED_PER_THREAD + 10 {
            // Thousands of inputs with distinct records are hard to write:
            // the memo is filled with records directly.
            let record = Record {
                grammar: TypeId::of::<crate::syntax::grammar::rfc1738::Rule>(),
                spec: Spec::Rfc1738,
                rules: Vec::new(),
                tokens: RecordTokens::Named(vec![Token::Literal(Cow::Owned(port.to_string()))]),
                end_here: false,
            };
            let (resolved, spare) = Resolved::of::<crate::syntax::grammar::rfc1738::Rule>(record);
            assert_eq!(resolved.literals, [(Cow::Owned(port.to_string()), false)]);
            assert!(
                spare.rules.is_none(),
                "a record first seen is kept by the memo"
            );
        }
        assert!(RESOLVED.with_borrow(|memo| memo.len()) <= RESOLVED_PER_THREAD);
        let report = report_of("http://host:x/", Spec::Rfc1738, Judged::Url);
        assert_eq!(report.offset, 12);
    }
}
