//! What every target shares: pest's call limit, set once.

use std::num::NonZeroUsize;
use std::sync::Once;

/// Bounds the rule calls of one parse, so that a pathological input ends in
/// an error rather than a hang. The Section 5 grammars have no recursion and
/// RFC 2396's one recursive rule (an LDAP filter's parentheses) nests one
/// call per level, so a number of calls linear in the input is all a real
/// input needs.
pub fn set_call_limit() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| pest::set_call_limit(NonZeroUsize::new(50_000_000)));
}

/// A near miss of `url`: the byte that `choice` names written over with
/// `byte` (an empty `url` stays empty); `None` when that is no text.
#[allow(dead_code)] // not every target makes near misses
pub fn near_miss(url: &str, choice: u8, byte: u8) -> Option<String> {
    let mut bytes = url.as_bytes().to_vec();
    if !bytes.is_empty() {
        let at = usize::from(choice >> 1) % bytes.len();
        bytes[at] = byte;
    }
    String::from_utf8(bytes).ok()
}
