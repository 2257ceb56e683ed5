//! Checked fixes of an invalid input: rewrites that the grammar of the same
//! specification takes, found by trying the usual repairs in turn, and the
//! other specifications that take the input as it is.

use std::ops::Range;

use crate::syntax::charclass;
use crate::syntax::error::Judged;
use crate::syntax::fast::{self, Verdict};
use crate::syntax::fast_uri;
use crate::syntax::grammar::{rfc2396, rfc3986};
use crate::syntax::scheme::Scheme;
use crate::syntax::spec::Spec;
use crate::syntax::tracking;

/// A rewrite of an invalid input that the grammar of the same specification
/// takes: the text, the edits that make it from the input, and what they do
/// in words. Every fix is checked by the grammar before it is given.
///
/// ```
/// let err = rfc1738::Url::parse("http://host/~user/index.html#top").unwrap_err();
/// let fix = err.fix().unwrap();
/// assert_eq!(fix.text(), "http://host/%7Euser/index.html");
/// assert!(rfc1738::Url::parse(fix.text()).is_ok());
/// assert_eq!(fix.edits().len(), 2);
/// assert!(fix.description().contains("#top"));
/// assert_eq!(fix.removals().count(), 1);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fix {
    text: String,
    edits: Vec<Edit>,
    /// What each repair does, and whether it removes data.
    steps: Vec<(String, bool)>,
}

/// One change of a [`Fix`]: the bytes `range` of the input replaced by
/// `replacement` (an empty range inserts, an empty replacement removes).
/// The edits of a fix do not overlap and come in the input's order.
///
/// ```
/// let err = rfc1738::Url::parse("http://h/a b").unwrap_err();
/// let edit = &err.fix().unwrap().edits()[0];
/// assert_eq!((edit.range.clone(), edit.replacement.as_str()), (10..11, "%20"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Edit {
    /// The bytes of the input that the edit replaces.
    pub range: Range<usize>,
    /// What it puts there.
    pub replacement: String,
}

impl Fix {
    /// The input rewritten: valid under the specification of the error.
    ///
    /// ```
    /// let err = rfc1738::Url::parse(" http://host/ ").unwrap_err();
    /// assert_eq!(err.fix().unwrap().text(), "http://host/");
    /// ```
    #[must_use]
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The edits that make [`text`](Self::text) from the input, in the
    /// input's order, none overlapping: what an editor applies.
    ///
    /// ```
    /// let err = rfc1738::Url::parse("http://host:/").unwrap_err();
    /// let edits = err.fix().unwrap().edits();
    /// assert_eq!((edits[0].range.clone(), edits[0].replacement.as_str()), (11..12, ""));
    /// ```
    #[must_use]
    pub fn edits(&self) -> &[Edit] {
        &self.edits
    }

    /// What the fix does, in words: each repair, and anything it removes.
    ///
    /// ```
    /// let err = rfc1738::Url::parse("<URL:http://host/>").unwrap_err();
    /// assert_eq!(err.fix().unwrap().description(), "remove the enclosing \"<URL:\" and \">\"");
    /// ```
    #[must_use]
    pub fn description(&self) -> String {
        let notes: Vec<&str> = self.steps.iter().map(|(note, _)| note.as_str()).collect();
        notes.join("; ")
    }

    /// What the fix says of the data it removes, other than whitespace and
    /// delimiters: a fragment set apart. The error's help says it too.
    ///
    /// ```
    /// let err = rfc1738::Url::parse("http://host/#top").unwrap_err();
    /// let removed: Vec<&str> = err.fix().unwrap().removals().collect();
    /// assert!(removed[0].starts_with("set the fragment identifier `#top` apart"));
    /// ```
    pub fn removals(&self) -> impl Iterator<Item = &str> {
        self.steps
            .iter()
            .filter(|(_, removes)| *removes)
            .map(|(note, _)| note.as_str())
    }
}

/// Whether the grammar of `spec` takes `input` whole, read as `judged`.
pub(crate) fn accepts(input: &str, spec: Spec, judged: Judged) -> bool {
    match (judged, spec) {
        (Judged::UriReference, Spec::Rfc3986) => {
            tracking::accepts(rfc3986::Rule::uri_reference, input)
        }
        // The fast paths first: RFC 2396's takes most URIs it reads, and
        // leaves the rest to the grammar; Section 5's takes exactly the
        // grammars' URLs.
        (Judged::UriReference, _) => {
            fast_uri::reference(input).is_some()
                || tracking::accepts(rfc2396::Rule::uri_reference, input)
        }
        (Judged::Url, Spec::Rfc1738 | Spec::Draft07) => fast::parse_into(input, spec, Verdict),
        (Judged::Url, Spec::Rfc2396) => {
            let entry = rfc2396::Rule::entry_for(input);
            fast_uri::read(input, entry).is_some() || tracking::accepts(entry, input)
        }
        (Judged::Url, Spec::Rfc3986) => tracking::accepts(rfc3986::Rule::entry_for(input), input),
    }
}

/// The specifications other than `spec` that take `input` as it is, read as
/// `judged` (URI references: RFC 2396 and RFC 3986 alone have them).
pub(crate) fn valid_under(input: &str, spec: Spec, judged: Judged) -> Vec<Spec> {
    Spec::ALL
        .into_iter()
        .filter(|&other| other != spec)
        .filter(|&other| judged == Judged::Url || !other.is_section5())
        .filter(|&other| may_accept(input, other) && accepts(input, other, judged))
        .collect()
}

/// Whether the grammar of `spec` may take `input`: not where it holds a
/// byte that no token of the grammar reads. An input that one
/// specification refuses most often holds one (a space, a character
/// outside ASCII), and the generated reader would read up to it; the
/// Section 5 fast path stops there at once anyway.
fn may_accept(input: &str, spec: Spec) -> bool {
    match spec {
        Spec::Rfc1738 | Spec::Draft07 => true,
        Spec::Rfc2396 => tracking::reads_only_tokens::<rfc2396::Rule>(input),
        Spec::Rfc3986 => tracking::reads_only_tokens::<rfc3986::Rule>(input),
    }
}

/// A repair: its edits and what it does.
struct Step {
    edits: Vec<Edit>,
    note: String,
    removes: bool,
}

/// The first rewrite of `input` that the grammar of `spec` takes, trying
/// the repairs in turn and keeping only those it needs; `None` when no
/// repair makes it valid.
pub(crate) fn find(input: &str, spec: Spec, judged: Judged) -> Option<Fix> {
    let mut steps: Vec<Step> = Vec::new();
    let valid_with = |steps: &[Step]| {
        let text = apply(input, steps.iter().flat_map(|step| &step.edits));
        accepts(&text, spec, judged).then_some(text)
    };
    let mut region = Region {
        input,
        lo: 0,
        hi: input.len(),
        spec,
        edited: vec![false; input.len() + 1],
        authority: None,
    };
    let mut found = None;
    for repair in REPAIRS {
        if let Some(mut step) = repair(&mut region) {
            // An edit over bytes that an earlier repair edits already goes.
            step.edits.retain(|edit| !region.touches(&edit.range));
            if step.edits.is_empty() {
                continue;
            }
            for edit in &step.edits {
                region.mark(&edit.range);
            }
            steps.push(step);
            if let Some(text) = valid_with(&steps) {
                found = Some(text);
                break;
            }
        }
    }
    let mut text = found?;
    // Keep only the repairs the fix needs: one that an earlier, wider
    // repair made needless goes, so the fix changes no more than it must.
    let mut i = steps.len().saturating_sub(1);
    while i > 0 {
        i -= 1;
        let step = steps.remove(i);
        match valid_with(&steps) {
            Some(without) => text = without,
            None => steps.insert(i, step),
        }
    }
    let mut edits: Vec<Edit> = steps.iter().flat_map(|step| step.edits.clone()).collect();
    edits.sort_by_key(|edit| (edit.range.start, edit.range.end));
    Some(Fix {
        text,
        edits,
        steps: steps
            .into_iter()
            .map(|step| (step.note, step.removes))
            .collect(),
    })
}

/// A fix of `input`, which is not UTF-8: its bytes that are not UTF-8
/// escaped as `%XX` each (an octet that a URL cannot hold as it is is
/// written as its value in hex), then, where the grammar of `spec` still
/// refuses the text, the repairs of [`find`] on it, its edits placed in the
/// input's bytes. `None` where no repair makes it valid, or where one would
/// edit inside an escape made here.
pub(crate) fn find_in_bytes(input: &[u8], spec: Spec, judged: Judged) -> Option<Fix> {
    let mut escaped = String::with_capacity(input.len() + 16);
    let mut escapes: Vec<Edit> = Vec::new();
    // For each escape, where it stands in `escaped`, and its bytes in `input`.
    let mut places: Vec<(usize, Range<usize>)> = Vec::new();
    let mut at = 0;
    for chunk in input.utf8_chunks() {
        escaped.push_str(chunk.valid());
        at += chunk.valid().len();
        let invalid = chunk.invalid();
        if invalid.is_empty() {
            continue;
        }
        let mut replacement = String::with_capacity(3 * invalid.len());
        for &byte in invalid {
            push_escape(&mut replacement, byte);
        }
        places.push((escaped.len(), at..at + invalid.len()));
        escaped.push_str(&replacement);
        escapes.push(Edit {
            range: at..at + invalid.len(),
            replacement,
        });
        at += invalid.len();
    }
    let escape_step = (
        "encode each byte that is not UTF-8 as %XX, by its value".to_owned(),
        false,
    );
    if accepts(&escaped, spec, judged) {
        return Some(Fix {
            text: escaped,
            edits: escapes,
            steps: vec![escape_step],
        });
    }
    let rest = find(&escaped, spec, judged)?;
    // The repairs' edits, in order, placed in `input`: one walk over the
    // escapes, so that a line of many escapes and many repairs stays linear.
    let mut edits: Vec<Edit> = Vec::with_capacity(rest.edits.len() + escapes.len());
    let mut mapper = InInput::new(&places);
    for edit in &rest.edits {
        edits.push(Edit {
            range: mapper.place(edit.range.start)?..mapper.place(edit.range.end)?,
            replacement: edit.replacement.clone(),
        });
    }
    // An escape within what a repair replaces goes with it: both lists are
    // in order, and the repairs' ranges do not overlap.
    let mut kept: Vec<Edit> = Vec::with_capacity(escapes.len());
    let mut next = 0;
    for escape in escapes {
        while next < edits.len() && edits[next].range.end < escape.range.end {
            next += 1;
        }
        let covered = edits.get(next).is_some_and(|edit| {
            edit.range.start <= escape.range.start && escape.range.end <= edit.range.end
        });
        if !covered {
            kept.push(escape);
        }
    }
    let mut steps = Vec::with_capacity(rest.steps.len() + 1);
    if !kept.is_empty() {
        steps.push(escape_step);
    }
    steps.extend(rest.steps);
    edits.extend(kept);
    edits.sort_by_key(|edit| (edit.range.start, edit.range.end));
    // The edits must make the text from the input's bytes, as for any fix.
    (apply_to_bytes(input, &edits) == rest.text.as_bytes()).then_some(Fix {
        text: rest.text,
        edits,
        steps,
    })
}

/// Positions of the escaped text placed in the input's bytes, asked for in
/// order (each no earlier than the one before, as the starts and ends of
/// edits that do not overlap come): each escape of `places` (where it
/// stands in the escaped text, the bytes it stands for) is three bytes of
/// text for one of input.
struct InInput<'p> {
    places: &'p [(usize, Range<usize>)],
    /// The escapes wholly before the last position asked for.
    passed: usize,
    /// How many bytes longer the text is than the input, up to them.
    grown: usize,
}

impl<'p> InInput<'p> {
    fn new(places: &'p [(usize, Range<usize>)]) -> InInput<'p> {
        InInput {
            places,
            passed: 0,
            grown: 0,
        }
    }

    /// Where `position` of the escaped text is in the input: `None` inside
    /// an escape.
    fn place(&mut self, position: usize) -> Option<usize> {
        while let Some((start, bytes)) = self.places.get(self.passed) {
            let end = start + 3 * bytes.len();
            if position <= *start {
                break;
            }
            if position < end {
                return None;
            }
            self.grown += 2 * bytes.len();
            self.passed += 1;
        }
        position.checked_sub(self.grown)
    }
}

/// `input` with `edits` (in order, not overlapping) applied.
fn apply_to_bytes(input: &[u8], edits: &[Edit]) -> Vec<u8> {
    let mut out = Vec::with_capacity(input.len() + 16);
    let mut at = 0;
    for edit in edits {
        if edit.range.start < at || edit.range.end > input.len() {
            return Vec::new();
        }
        out.extend_from_slice(&input[at..edit.range.start]);
        out.extend_from_slice(edit.replacement.as_bytes());
        at = edit.range.end;
    }
    out.extend_from_slice(&input[at..]);
    out
}

/// What a repair looks at: the input between `lo` and `hi` (what earlier
/// repairs left of its ends, which it may narrow), under `spec`.
struct Region<'i> {
    input: &'i str,
    lo: usize,
    hi: usize,
    spec: Spec,
    /// The bytes that earlier repairs edit (an insertion marks the byte it
    /// goes before): a later repair leaves them alone.
    edited: Vec<bool>,
    /// The authority of `input[lo..hi]`, with the `lo` and `hi` it was
    /// worked out for: most repairs ask for it, and few move the ends.
    authority: Option<(usize, usize, Option<Authority>)>,
}

impl Region<'_> {
    /// Where the parts of the authority of `input[lo..hi]` are, if it has one.
    fn authority(&mut self) -> Option<Authority> {
        match &self.authority {
            Some((lo, hi, authority)) if (*lo, *hi) == (self.lo, self.hi) => authority.clone(),
            _ => {
                let authority = authority(self.input, self.lo, self.hi);
                self.authority = Some((self.lo, self.hi, authority.clone()));
                authority
            }
        }
    }

    /// Whether `range` touches a byte that an earlier repair edits.
    fn touches(&self, range: &Range<usize>) -> bool {
        let end = range.end.max(range.start + 1).min(self.edited.len());
        self.edited[range.start.min(end)..end]
            .iter()
            .any(|&edited| edited)
    }

    fn mark(&mut self, range: &Range<usize>) {
        let end = range.end.max(range.start + 1).min(self.edited.len());
        for edited in &mut self.edited[range.start.min(end)..end] {
            *edited = true;
        }
    }
}

/// A repair: the edits it makes of the region.
type Repair = fn(&mut Region<'_>) -> Option<Step>;

const REPAIRS: [Repair; 14] = [
    surrounding_space,
    enclosing,
    slashes_apart,
    message_id_brackets,
    mailbox,
    fragment,
    invisible,
    windows_file,
    host,
    userinfo_at,
    port_and_search,
    backslashes,
    ftp_type_case,
    escapes,
];

/// Whitespace and invisible characters, which text puts around a URL.
fn is_space(c: char) -> bool {
    c.is_whitespace() || is_invisible(c)
}

/// Characters that show as nothing: zero-width spaces and joiners, the byte
/// order mark, the soft hyphen, the marks and controls of bidirectional text.
pub(crate) fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{200B}'..='\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{2064}'
            | '\u{2066}'..='\u{2069}'
            | '\u{FEFF}'
            | '\u{AD}'
    )
}

fn surrounding_space(at: &mut Region<'_>) -> Option<Step> {
    let input = at.input;
    let Region { lo, hi, .. } = at;
    let start = input.len() - input.trim_start_matches(is_space).len();
    let end = input.trim_end_matches(is_space).len().max(start);
    if start == 0 && end == input.len() {
        return None;
    }
    let mut edits = Vec::new();
    if start > 0 {
        edits.push(removal(0..start));
    }
    if end < input.len() {
        edits.push(removal(end..input.len()));
    }
    (*lo, *hi) = (start, end);
    Some(Step {
        edits,
        note: "remove the whitespace around it, which is no part of a URL".to_owned(),
        removes: false,
    })
}

/// Whitespace in the "//" after the scheme (`http:/ /host`, `http: //host`):
/// the slashes are one mark, and the whitespace no part of the URL. (An
/// escape there would make the host a path.)
fn slashes_apart(at: &mut Region<'_>) -> Option<Step> {
    let input = at.input;
    let (lo, hi) = (at.lo, at.hi);
    let core = &input[lo..hi];
    let colon = core.find(':')?;
    if colon == 0 || !core[..colon].bytes().all(charclass::scheme_char) {
        return None;
    }
    let after = &core[colon + 1..];
    let run = after.len() - after.trim_start_matches(['/', ' ', '\t']).len();
    let marks = &after[..run];
    if marks.matches('/').count() != 2 || !marks.contains([' ', '\t']) {
        return None;
    }
    let start = lo + colon + 1;
    let edits = marks
        .match_indices([' ', '\t'])
        .map(|(at, _)| removal(start + at..start + at + 1))
        .collect();
    Some(Step {
        edits,
        note: "remove the whitespace in the \"//\" after the scheme".to_owned(),
        removes: false,
    })
}

/// Openers and closers of the delimiters that text puts around a URL.
pub(crate) const OPENERS: &[char] = &['<', '"', '\'', '(', '[', '{', '`', '«', '‹', '‘', '“'];
pub(crate) const CLOSERS: &[char] = &['>', '"', '\'', ')', ']', '}', '`', '»', '›', '’', '”'];
/// What ends a sentence after a URL.
const PUNCTUATION: &[char] = &['.', ',', ';', ':', '!', '?'];

/// `<URL:...>` (RFC 1738's Appendix), `<...>`, quotes and parentheses that
/// text puts around a URL, and the punctuation of the sentence after it.
fn enclosing(at: &mut Region<'_>) -> Option<Step> {
    let input = at.input;
    let Region { lo, hi, .. } = at;
    let core = &input[*lo..*hi];
    let body = core.trim_start_matches(OPENERS);
    let openers = core.len() - body.len();
    let open = openers
        + if starts_with_ignoring_case(body, "URL:") {
            4
        } else {
            0
        };
    let inner = &core[open..];
    // Nothing to strip: no opener, and the last character neither closes
    // nor ends a sentence.
    if open == 0 && !inner.ends_with(CLOSERS) && !inner.ends_with(PUNCTUATION) {
        return None;
    }
    // The closers of the openers stripped, innermost first.
    let mut owed: Vec<char> = core[..openers]
        .chars()
        .rev()
        .filter_map(|c| OPENERS.iter().position(|&opener| opener == c))
        .map(|at| CLOSERS[at])
        .collect();
    owed.reverse();
    // How many of each delimiter the URL holds, kept as closers are taken
    // off its end (one pass: the counts are not recounted).
    let mut counts = [0usize; 11];
    for c in inner.chars() {
        if let Some(at) = OPENERS.iter().position(|&o| o == c) {
            counts[at] += 1;
        }
        if let Some(at) = CLOSERS.iter().position(|&k| k == c)
            && OPENERS[at] != c
        {
            counts[at] += 1 << 32;
        }
    }
    let opened = |counts: &[usize; 11], at: usize| counts[at] & 0xFFFF_FFFF;
    let closed = |counts: &[usize; 11], at: usize| counts[at] >> 32;
    // From the end: a sentence's punctuation outside every closer; a closer
    // that a stripped opener owes; a closer that no opener of the URL opens
    // (a ')' that a '(' of the URL opens stays: a Wikipedia title's); a
    // quote that the URL holds an odd number of.
    let trailing = inner.len() - inner.trim_end_matches(PUNCTUATION).len();
    let punctuation_goes = open > 0 || inner[..inner.len() - trailing].ends_with(CLOSERS);
    let mut close = 0;
    let mut seen_closer = false;
    for c in inner.chars().rev() {
        let stripped = if let Some(at) = CLOSERS.iter().position(|&closer| closer == c) {
            let quote = OPENERS[at] == c;
            let taken = if owed.last() == Some(&c) {
                owed.pop();
                true
            } else if quote {
                opened(&counts, at) % 2 == 1
            } else {
                closed(&counts, at) > opened(&counts, at)
            };
            if taken {
                if quote {
                    counts[at] -= 1;
                } else {
                    counts[at] -= 1 << 32;
                }
                seen_closer = true;
            }
            taken
        } else {
            PUNCTUATION.contains(&c) && !seen_closer && punctuation_goes
        };
        if !stripped {
            break;
        }
        close += c.len_utf8();
    }
    if open == 0 && close == 0 || open + close >= core.len() {
        return None;
    }
    let mut edits = Vec::new();
    if open > 0 {
        edits.push(removal(*lo..*lo + open));
    }
    if close > 0 {
        edits.push(removal(*hi - close..*hi));
    }
    let opened = &core[..open];
    let closed = &core[core.len() - close..];
    let note = match (opened.is_empty(), closed.is_empty()) {
        (false, false) => format!("remove the enclosing {opened:?} and {closed:?}"),
        (false, true) => format!("remove the {opened:?} before it"),
        _ => format!("remove the {closed:?} after it"),
    };
    *lo += open;
    *hi -= close;
    Some(Step {
        edits,
        note,
        removes: false,
    })
}

/// `news:<id@host>`, `mailto:<a@b>`: the brackets of a mail header, which
/// the URL leaves out.
fn message_id_brackets(at: &mut Region<'_>) -> Option<Step> {
    let input = at.input;
    let Region { lo, hi, .. } = at;
    let core = &input[*lo..*hi];
    let colon = core.find(':')?;
    let scheme = &core[..colon];
    if !(scheme.eq_ignore_ascii_case("news") || scheme.eq_ignore_ascii_case("mailto")) {
        return None;
    }
    let rest = &core[colon + 1..];
    if !(rest.starts_with('<') && rest.ends_with('>') && rest.len() > 2) {
        return None;
    }
    let open = *lo + colon + 1;
    let edits = vec![removal(open..open + 1), removal(*hi - 1..*hi)];
    *hi -= 1;
    let what = if scheme.eq_ignore_ascii_case("news") {
        "message ID"
    } else {
        "address"
    };
    Some(Step {
        edits,
        note: format!(
            "remove the '<' and '>' around the {what}, which mail headers use and URLs do not"
        ),
        removes: false,
    })
}

/// `mailto:"A B" <a@b>` and `mailto:a@b (A B)`: a mail header's mailbox,
/// of which a mailto URL holds the address alone (RFC 1738 §3.5: an
/// `addr-spec`).
fn mailbox(at: &mut Region<'_>) -> Option<Step> {
    let input = at.input;
    let Region { lo, hi, .. } = at;
    let core = &input[*lo..*hi];
    if !starts_with_ignoring_case(core, "mailto:") {
        return None;
    }
    let body_start = *lo + 7;
    let body = &input[body_start..*hi];
    let (address, dropped) = if let (Some(open), true) = (body.rfind('<'), body.ends_with('>')) {
        let address = body_start + open + 1..*hi - 1;
        (address, body[..open].trim())
    } else if let (Some(open), true) = (body.find(" ("), body.ends_with(')')) {
        (body_start..body_start + open, body[open..].trim())
    } else {
        return None;
    };
    if address.is_empty() || input[address.clone()].contains(['<', '>', ' ']) {
        return None;
    }
    let edits = vec![
        removal(body_start..address.start),
        removal(address.end..*hi),
    ];
    Some(Step {
        edits: edits
            .into_iter()
            .filter(|edit| !edit.range.is_empty())
            .collect(),
        note: format!("drop {} around the address", backquoted(dropped)),
        removes: !dropped.is_empty(),
    })
}

/// Section 5 has no fragments: a URL ends before "#" (RFC 1738 §2.2).
fn fragment(at: &mut Region<'_>) -> Option<Step> {
    let (input, spec) = (at.input, at.spec);
    let Region { lo, hi, .. } = at;
    if !spec.is_section5() {
        return None;
    }
    let hash = *lo + input[*lo..*hi].find('#')?;
    if in_userinfo(input, *lo, hash, *hi) {
        // A '#' in a password is data: its escape is the repair.
        return None;
    }
    let dropped = &input[hash..*hi];
    let step = Step {
        edits: vec![removal(hash..*hi)],
        note: format!(
            "set the fragment identifier {} apart (RFC 1738 §2.2: '#' delimits a URL from a fragment identifier that might follow it)",
            backquoted(dropped)
        ),
        removes: true,
    };
    *hi = hash;
    Some(step)
}

/// An ftp URL's `;type=` written in another case (`;TYPE=I`): every
/// grammar reads it in lower case only. The last one, which ends the path.
fn ftp_type_case(at: &mut Region<'_>) -> Option<Step> {
    const TYPE: &str = ";type=";
    let (input, lo, hi) = (at.input, at.lo, at.hi);
    if !starts_with_ignoring_case(&input[lo..hi], "ftp:") {
        return None;
    }
    // Bytes, not slices of the text: a start may fall inside a character.
    let bytes = &input.as_bytes()[..hi];
    let start = (lo..hi.saturating_sub(TYPE.len() - 1))
        .rev()
        .find(|&start| bytes[start..start + TYPE.len()].eq_ignore_ascii_case(TYPE.as_bytes()))?;
    (&bytes[start..start + TYPE.len()] != TYPE.as_bytes()).then(|| Step {
        edits: vec![Edit {
            range: start..start + TYPE.len(),
            replacement: TYPE.to_owned(),
        }],
        note: format!(
            "write {} in lower case, as the grammar reads it",
            backquoted(TYPE)
        ),
        removes: false,
    })
}

/// Whether the byte at `at` is in a user name or password: after "://"
/// and before the authority ends, with an '@' after it there.
fn in_userinfo(input: &str, lo: usize, at: usize, hi: usize) -> bool {
    let Some(separator) = input[lo..at].find("://") else {
        return false;
    };
    if input[lo + separator + 3..at].contains(['/', '?']) {
        return false;
    }
    let rest = &input[at + 1..hi];
    rest[..rest.find(['/', '?']).unwrap_or(rest.len())].contains('@')
}

/// Invisible characters anywhere but the host (which `host` cleans): what
/// copied text brings along, no part of the URL.
fn invisible(at: &mut Region<'_>) -> Option<Step> {
    let input = at.input;
    // Every invisible character is outside ASCII.
    if input[at.lo..at.hi].is_ascii() {
        return None;
    }
    let host = at.authority().map(|authority| authority.host);
    let Region { lo, hi, .. } = at;
    let mut names: Vec<String> = Vec::new();
    let edits: Vec<Edit> = input[*lo..*hi]
        .char_indices()
        .map(|(at, c)| (*lo + at, c))
        .filter(|&(at, c)| is_invisible(c) && !host.as_ref().is_some_and(|host| host.contains(&at)))
        .map(|(at, c)| {
            let name = format!("U+{:04X}", u32::from(c));
            if !names.contains(&name) {
                names.push(name);
            }
            removal(at..at + c.len_utf8())
        })
        .collect();
    (!edits.is_empty()).then(|| Step {
        edits,
        note: format!("remove the invisible {}", names.join(", ")),
        removes: false,
    })
}

/// A Windows path: `C:\\dir\\f`, or in a file URL, `file:C:\\dir\\f`,
/// `file://D:\\f`, `file:/C|/f`. The file URL of a drive path is
/// `file:///C:/dir/f`; only the prefix, the drive's '|' and the '\\' change,
/// so that the other repairs still apply to the rest.
fn windows_file(at: &mut Region<'_>) -> Option<Step> {
    let input = at.input;
    let Region { lo, hi, .. } = at;
    let core = &input[*lo..*hi];
    let is_drive = |path: &str| {
        let bytes = path.as_bytes();
        bytes.first().is_some_and(u8::is_ascii_alphabetic)
            && matches!(bytes.get(1), Some(b':' | b'|'))
            && matches!(bytes.get(2), None | Some(b'/' | b'\\'))
    };
    // Where the drive letter is, and the prefix before it.
    let (prefix, drive) = if starts_with_ignoring_case(core, "file:") {
        let path = core[5..].trim_start_matches(['/', '\\']);
        (core.len() - path.len(), path)
    } else if core.as_bytes().get(2) == Some(&b'\\') {
        (0, core)
    } else {
        return None;
    };
    if !is_drive(drive) {
        return None;
    }
    let mut edits = Vec::new();
    if &core[..prefix] != "file:///" {
        edits.push(Edit {
            range: *lo..*lo + prefix,
            replacement: "file:///".to_owned(),
        });
    }
    let drive_at = *lo + prefix;
    if drive.as_bytes()[1] == b'|' {
        edits.push(Edit {
            range: drive_at + 1..drive_at + 2,
            replacement: ":".to_owned(),
        });
    }
    edits.extend(core[prefix..].match_indices('\\').map(|(at, _)| Edit {
        range: drive_at + at..drive_at + at + 1,
        replacement: "/".to_owned(),
    }));
    (!edits.is_empty()).then(|| Step {
        edits,
        note: "write the Windows path as a file URL: \"file:///\", the drive, ':' and the path with '/' for '\\'".to_owned(),
        removes: false,
    })
}

/// A '\\' where a URL has '/', as Windows paths (and browsers that read
/// them) write it.
fn backslashes(at: &mut Region<'_>) -> Option<Step> {
    let input = at.input;
    let (lo, hi) = (at.lo, at.hi);
    if !input[lo..hi].contains('\\') || backslash_in_host_name(&input[lo..hi]) {
        return None;
    }
    let edits: Vec<Edit> = input[lo..hi]
        .match_indices('\\')
        .map(|(at, _)| Edit {
            range: lo + at..lo + at + 1,
            replacement: "/".to_owned(),
        })
        .collect();
    (!edits.is_empty()).then(|| Step {
        edits,
        note: "write '/' for '\\', which separates nothing in a URL (Windows paths use it)"
            .to_owned(),
        removes: false,
    })
}

/// Whether the first '\\' after "://" stands inside a host name rather
/// than after one: no '.' before it in the authority, a '.' after it and a
/// '/' then (`http://exa\\mple.com/`). Written '/', it would cut the host.
pub(crate) fn backslash_in_host_name(url: &str) -> bool {
    let Some(start) = url.find("://").map(|at| at + 3) else {
        return false;
    };
    let rest = &url[start..];
    let Some(backslash) = rest.find(['\\', '/', '?', '#']) else {
        return false;
    };
    if !rest[backslash..].starts_with('\\') {
        return false;
    }
    let before = &rest[..backslash];
    let before = &before[before.rfind('@').map_or(0, |at| at + 1)..];
    let after = &rest[backslash + 1..];
    let label_end = after.find(['\\', '/', '?', '#']);
    !before.contains('.')
        && label_end.is_some_and(|end| after[..end].contains('.') && after[end..].starts_with('/'))
}

/// Where the parts of `scheme://userinfo@host:port` are in `input[lo..hi]`.
#[derive(Clone)]
struct Authority {
    end: usize,
    userinfo: Option<Range<usize>>,
    host: Range<usize>,
    port: Option<Range<usize>>,
}

fn authority(input: &str, lo: usize, hi: usize) -> Option<Authority> {
    let core = &input[lo..hi];
    let separator = core.find("://")?;
    if !core[..separator]
        .bytes()
        .all(|b| charclass::scheme_char(b) || b.is_ascii_alphanumeric())
    {
        return None;
    }
    let start = lo + separator + 3;
    let end = start
        + input[start..hi]
            .find(['/', '?', '#', '\\'])
            .unwrap_or(hi - start);
    let (userinfo, host_start) = match input[start..end].rfind('@') {
        Some(at) => (Some(start..start + at), start + at + 1),
        None => (None, start),
    };
    let after_host = if input[host_start..end].starts_with('[') {
        input[host_start..end]
            .find(']')
            .map_or(end, |close| host_start + close + 1)
    } else {
        input[host_start..end]
            .find(':')
            .map_or(end, |colon| host_start + colon)
    };
    let port =
        (after_host < end && input.as_bytes()[after_host] == b':').then(|| after_host + 1..end);
    Some(Authority {
        end,
        userinfo,
        host: host_start..after_host,
        port,
    })
}

/// A host written with characters outside ASCII (punycode, IDNA), with
/// invisible characters, or (Section 5) with the root's "." at its end.
fn host(at: &mut Region<'_>) -> Option<Step> {
    let (input, spec) = (at.input, at.spec);
    let authority = at.authority();
    let Region { lo, hi, .. } = at;
    let (range, host) = match authority {
        Some(authority) => {
            let range = authority.host;
            (range.clone(), &input[range])
        }
        None => {
            // mailto's domain, after the last "@", to the first ASCII
            // character that no domain name holds ('/', '&', '%', '?', ...).
            let core = &input[*lo..*hi];
            if !starts_with_ignoring_case(core, "mailto:") {
                return None;
            }
            let at = *lo + core.rfind('@')? + 1;
            let end = at
                + input[at..*hi]
                    .find(|c: char| {
                        c.is_ascii() && !(c.is_ascii_alphanumeric() || matches!(c, '-' | '.'))
                    })
                    .unwrap_or(*hi - at);
            (at..end, &input[at..end])
        }
    };
    if host.starts_with('[') {
        return None;
    }
    // A host in ASCII holds no invisible character and needs no IDNA: only
    // the root's "." can go.
    let ends_in_root = spec.is_section5() && host.len() > 1 && host.ends_with('.');
    if host.is_ascii() && !ends_in_root {
        return None;
    }
    let mut notes = Vec::new();
    // Sized at once: collected, the string would grow by doubling, an
    // allocation more each time a long host name doubles.
    let mut written = String::with_capacity(host.len());
    written.extend(host.chars().filter(|&c| !is_invisible(c)));
    if written.len() != host.len() {
        let invisible: Vec<String> = host
            .chars()
            .filter(|&c| is_invisible(c))
            .map(|c| format!("U+{:04X}", u32::from(c)))
            .collect();
        notes.push(format!(
            "remove the invisible {} from the host",
            invisible.join(", ")
        ));
    }
    if !written.is_ascii() {
        let ascii = idna::domain_to_ascii(&written).ok()?;
        notes.push(format!(
            "write the host name in ASCII, as IDNA does (punycode): {}",
            backquoted(&ascii)
        ));
        written = ascii;
    }
    if spec.is_section5() && written.len() > 1 && written.ends_with('.') {
        written.pop();
        notes.push(
            "remove the '.' that ends the host name: it names the DNS root, the same host, and Section 5's `hostname` ends in `toplabel`".to_owned(),
        );
    }
    if notes.is_empty() {
        return None;
    }
    Some(Step {
        edits: vec![Edit {
            range,
            replacement: written,
        }],
        note: notes.join("; "),
        removes: false,
    })
}

/// An "@" inside a user name or password: the last "@" ends the login.
fn userinfo_at(at: &mut Region<'_>) -> Option<Step> {
    let input = at.input;
    let userinfo = at.authority()?.userinfo?;
    let edits: Vec<Edit> = input[userinfo.clone()]
        .match_indices('@')
        .map(|(at, _)| Edit {
            range: userinfo.start + at..userinfo.start + at + 1,
            replacement: "%40".to_owned(),
        })
        .collect();
    (!edits.is_empty()).then(|| Step {
        edits,
        note: "escape the '@' of the user name or password as %40: the last '@' ends them"
            .to_owned(),
        removes: false,
    })
}

/// Section 5's port is `digits`, and so is rfc1738bis §2.1's ("If the port
/// is omitted, the colon is as well"); an http search follows a path in
/// Section 5 and in uri(7)'s http form.
fn port_and_search(at: &mut Region<'_>) -> Option<Step> {
    let (input, spec) = (at.input, at.spec);
    let section_2_1 = matches!(
        Scheme::of(&input[at.lo..at.hi]),
        Some(Scheme::Nntp | Scheme::Telnet | Scheme::Wais | Scheme::Prospero)
    );
    let http = input[at.lo..]
        .get(..5)
        .is_some_and(|s| s.eq_ignore_ascii_case("http:"));
    let empty_port_refused = spec.is_section5() || spec == Spec::Rfc3986 && section_2_1;
    let search_follows_path = http && (spec.is_section5() || spec == Spec::Rfc2396);
    if !(empty_port_refused || search_follows_path) {
        return None;
    }
    let authority = at.authority()?;
    let Region { hi, .. } = at;
    let mut edits = Vec::new();
    let mut notes = Vec::new();
    // An empty port, not the ':' of a scheme written twice (`http://http://`).
    if empty_port_refused
        && let Some(port) = &authority.port
        && port.is_empty()
        && !input[port.start..].starts_with("//")
    {
        edits.push(removal(port.start - 1..port.start));
        notes.push("remove the ':' that no port follows");
    }
    if search_follows_path && authority.end < *hi && input.as_bytes()[authority.end] == b'?' {
        edits.push(Edit {
            range: authority.end..authority.end,
            replacement: "/".to_owned(),
        });
        notes.push("in an http URL the search follows a path: write '/?' for '?'");
    }
    (!edits.is_empty()).then(|| Step {
        edits,
        note: notes.join("; "),
        removes: false,
    })
}

/// Every character that no rule of `spec` takes as it is, escaped: outside
/// the scheme and the host, and where no earlier repair edits.
fn escapes(at: &mut Region<'_>) -> Option<Step> {
    let (input, spec) = (at.input, at.spec);
    let host = at.authority().map(|authority| authority.host);
    let Region {
        lo,
        hi,
        edited: marked,
        ..
    } = at;
    let core = &input[*lo..*hi];
    // The scheme, where there is one: letters, digits, "+", "-", "." up to ":".
    let scheme_end = core
        .find(':')
        .filter(|&colon| {
            colon > 0
                && core[..colon].starts_with(|c: char| c.is_ascii_alphabetic())
                && core[..colon].bytes().all(charclass::scheme_char)
        })
        .map_or(*lo, |colon| *lo + colon + 1);
    let edited = |at: usize| marked[at] || host.as_ref().is_some_and(|host| host.contains(&at));
    let mut fragment_seen = false;
    let mut edits = Vec::new();
    let mut named: Vec<String> = Vec::new();
    let bytes = input.as_bytes();
    for (at, c) in input[scheme_end..*hi].char_indices() {
        // Letters and digits stand as they are under every specification:
        // most of a URL is passed over here.
        if c.is_ascii_alphanumeric() {
            continue;
        }
        let at = scheme_end + at;
        if edited(at) {
            continue;
        }
        let escape = match c {
            '%' => {
                !(bytes.get(at + 1).is_some_and(u8::is_ascii_hexdigit)
                    && bytes.get(at + 2).is_some_and(u8::is_ascii_hexdigit))
            }
            // The first "#" starts the fragment of a URI; another is data.
            '#' if !spec.is_section5() => std::mem::replace(&mut fragment_seen, true),
            '[' | ']' if spec == Spec::Rfc3986 => true,
            c if c.is_ascii() => !charclass::xchar(c as u8, spec),
            _ => true,
        };
        if !escape {
            continue;
        }
        let mut replacement = String::with_capacity(3 * c.len_utf8());
        let mut utf8 = [0; 4];
        for byte in c.encode_utf8(&mut utf8).bytes() {
            push_escape(&mut replacement, byte);
        }
        let shown = if c == '%' {
            "escape the '%' that starts no escape as %25".to_owned()
        } else {
            // Pushed, not formatted: a near miss's advice comes here for
            // most of its escapes.
            let mut shown = String::with_capacity(16);
            push_shown_char(&mut shown, c);
            shown.push_str(" as ");
            shown.push_str(&replacement);
            shown
        };
        if !named.contains(&shown) {
            named.push(shown);
        }
        edits.push(Edit {
            range: at..at + c.len_utf8(),
            replacement,
        });
    }
    if edits.is_empty() {
        return None;
    }
    // "escape 'x' as %78, ' ' as %20", up to four named.
    let mut note = String::with_capacity(64);
    if !named[0].starts_with("escape") {
        note.push_str("escape ");
    }
    for (k, shown) in named.iter().take(4).enumerate() {
        if k > 0 {
            note.push_str(", ");
        }
        note.push_str(shown);
    }
    if named.len() > 4 {
        note.push_str(", and ");
        note.push_str(&(named.len() - 4).to_string());
        note.push_str(" more");
    }
    Some(Step {
        edits,
        note,
        removes: false,
    })
}

/// A character as a help shows it, pushed onto `out`: quoted where it
/// prints, its code point where it does not.
fn push_shown_char(out: &mut String, c: char) {
    if c != ' ' && (c.is_control() || c.is_whitespace() || is_invisible(c)) {
        use std::fmt::Write as _;
        let _ = write!(out, "U+{:04X}", u32::from(c));
    } else {
        out.push('\'');
        out.push(c);
        out.push('\'');
    }
}

/// `%XX` for `byte`, in upper-case hex as RFC 3986 §2.1 prefers.
fn push_escape(out: &mut String, byte: u8) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    out.push('%');
    out.push(char::from(HEX[usize::from(byte >> 4)]));
    out.push(char::from(HEX[usize::from(byte & 0xF)]));
}

fn removal(range: Range<usize>) -> Edit {
    Edit {
        range,
        replacement: String::new(),
    }
}

fn starts_with_ignoring_case(text: &str, prefix: &str) -> bool {
    text.get(..prefix.len())
        .is_some_and(|start| start.eq_ignore_ascii_case(prefix))
}

/// `text` in backquotes, shortened where it is long.
fn backquoted(text: &str) -> String {
    const MAX: usize = 40;
    if text.chars().count() <= MAX {
        format!("`{text}`")
    } else {
        let start: String = text.chars().take(MAX - 3).collect();
        format!("`{start}...`")
    }
}

/// `input` with `edits` (which do not overlap) applied.
fn apply<'e>(input: &str, edits: impl Iterator<Item = &'e Edit>) -> String {
    let mut edits: Vec<&Edit> = edits.collect();
    edits.sort_by_key(|edit| (edit.range.start, edit.range.end));
    let mut text = String::with_capacity(input.len() + 16);
    let mut at = 0;
    for edit in edits {
        if edit.range.start < at {
            continue;
        }
        text.push_str(&input[at..edit.range.start]);
        text.push_str(&edit.replacement);
        at = edit.range.end;
    }
    text.push_str(&input[at..]);
    text
}
