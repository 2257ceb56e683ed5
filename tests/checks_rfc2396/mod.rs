//! The RFC 2396 grammar against the independent recognizer
//! (`tests/oracle_rfc2396/`), one input at a time: the same verdict, the
//! same components, the same first byte where an input leaves the
//! language, and `Url::parse_with` under RFC 2396 taking exactly the
//! absolute URIs; and uri(7)'s forms against the independent recognizer of
//! `tests/oracle_uri7/`. Shared by `tests/rfc2396.rs` and the `rfc2396`
//! fuzz target.
#![allow(dead_code)]

use regex_automata::hybrid::dfa::{Cache, DFA};
use regex_automata::{Anchored, Input};
use rfc1738::{Authority, Spec, UriRef, Url};

use crate::oracle_rfc2396::{self, Rfc2396Oracle};
use crate::oracle_uri7::Uri7Oracle;

/// The recognizer and a lazy DFA of its `URI-reference` (the full DFA of
/// this pattern takes minutes to build).
pub struct Rfc2396Check {
    oracle: Rfc2396Oracle,
    dfa: DFA,
    cache: Cache,
}

/// What one input was, when both sides agree.
pub struct Verdict {
    /// A `URI-reference`.
    pub reference: bool,
    /// An absolute URI (with its fragment), which `Url` reads.
    pub absolute: bool,
}

impl Default for Rfc2396Check {
    fn default() -> Self {
        Self::new()
    }
}

impl Rfc2396Check {
    pub fn new() -> Self {
        let oracle = Rfc2396Oracle::new();
        // Anchored at the end, so that a match of a prefix does not delay
        // the dead state.
        let pattern = format!(r"(?:{})\z", oracle.pattern("URI-reference").unwrap());
        let dfa = DFA::new(&pattern).unwrap();
        let cache = dfa.create_cache();
        Rfc2396Check { oracle, dfa, cache }
    }

    /// Compares both sides on `input`: the verdict, or what differs.
    pub fn input(&mut self, input: &str) -> Result<Verdict, String> {
        let ours = UriRef::parse(input);
        let theirs = self.oracle.uri_reference(input);
        match (&ours, &theirs) {
            (Ok(uri), Some(reference)) => {
                if components(uri) != *reference {
                    return Err(format!(
                        "{input:?}: components {:?} against {reference:?}",
                        components(uri)
                    ));
                }
            }
            (Err(error), None) => {
                let dead = first_dead_byte(&self.dfa, &mut self.cache, input);
                if error.offset() != dead {
                    return Err(format!(
                        "{input:?}: offset {} but the language is left at {dead}",
                        error.offset()
                    ));
                }
            }
            _ => {
                return Err(format!(
                    "{input:?}: pest {} the oracle {}",
                    if ours.is_ok() { "accepts," } else { "rejects," },
                    if theirs.is_some() {
                        "accepts"
                    } else {
                        "rejects"
                    }
                ));
            }
        }
        // An absolute URI (with its fragment) is what Url reads under RFC
        // 2396, by the generic syntax unless uri(7) gives the scheme a form.
        let without_fragment = input.split('#').next().unwrap();
        let oracle_absolute = theirs.is_some() && self.oracle.absolute_uri(without_fragment);
        let url = Url::parse_with(input, Spec::Rfc2396);
        if url.is_ok() && !oracle_absolute {
            return Err(format!("{input:?}: Url::parse_with accepts it"));
        }
        // uri(7)'s forms narrow the generic syntax: under them `Url` may
        // refuse what the generic syntax takes, never the reverse.
        const FORMS: [&str; 13] = [
            "man", "info", "whatis", "ghelp", "ldap", "http", "ftp", "gopher", "mailto", "news",
            "telnet", "file", "wais",
        ];
        let has_form = ours
            .as_ref()
            .ok()
            .and_then(|uri| uri.scheme())
            .is_some_and(|scheme| FORMS.iter().any(|form| scheme.eq_ignore_ascii_case(form)));
        if !has_form && url.is_ok() != oracle_absolute {
            return Err(format!("{input:?}: Url::parse_with says {:?}", url.is_ok()));
        }
        if let Ok(url) = &url {
            if url.as_str() != input {
                return Err(format!("{input:?}: Url reads as {:?}", url.as_str()));
            }
            let fragment = theirs
                .as_ref()
                .and_then(|reference| reference.fragment.as_deref());
            if url.fragment() != fragment {
                return Err(format!("{input:?}: fragment {:?}", url.fragment()));
            }
        }
        Ok(Verdict {
            reference: ours.is_ok(),
            absolute: url.is_ok(),
        })
    }
}

/// `input` read as a URL under RFC 2396 and by the independent recognizer
/// of uri(7)'s forms (RFC 2396's generic syntax for the other schemes, with
/// the readings of docs/grammar.md): the same verdict. An ldap filter
/// nested deeper than the recognizer reads is left out: the nesting limit
/// is the reader's, not the documents'.
pub fn against_uri7_oracle(oracle: &Uri7Oracle, input: &str) -> Result<(), String> {
    if oracle.too_deep(input) {
        return Ok(());
    }
    match (Url::parse_with(input, Spec::Rfc2396), oracle.check(input)) {
        (Ok(_), Ok(())) | (Err(_), Err(_)) => Ok(()),
        (Ok(_), Err(reason)) => Err(format!(
            "{input:?}: valid under RFC 2396 (ours), refused by the uri(7) oracle: {reason}"
        )),
        (Err(error), Ok(())) => Err(format!(
            "{input:?}: refused under RFC 2396 (ours: {error}), taken by the uri(7) oracle"
        )),
    }
}

/// Our components in the oracle's terms.
pub fn components(uri: &UriRef<'_>) -> oracle_rfc2396::Reference {
    let server = match uri.authority_parts() {
        Some(Authority::Server(login)) => Some(oracle_rfc2396::Server {
            userinfo: login.user().map(|user| match login.password() {
                Some(password) => format!("{user}:{password}"),
                None => user.to_owned(),
            }),
            host: Some(login.host().as_str().to_owned()),
            port: login.port().map(str::to_owned),
        }),
        Some(Authority::Empty) => Some(oracle_rfc2396::Server {
            userinfo: None,
            host: None,
            port: None,
        }),
        _ => None,
    };
    oracle_rfc2396::Reference {
        scheme: uri.scheme().map(str::to_owned),
        authority: uri.authority().map(str::to_owned),
        path: uri.path().to_owned(),
        query: uri.query().map(str::to_owned),
        fragment: uri.fragment().map(str::to_owned),
        opaque: uri.is_opaque(),
        server,
    }
}

/// The first byte at which `input` stops being the start of a match of `dfa`
/// (a lazy DFA: the full one of this pattern takes minutes to build).
pub fn first_dead_byte(dfa: &DFA, cache: &mut Cache, input: &str) -> usize {
    let mut state = dfa
        .start_state_forward(cache, &Input::new(input).anchored(Anchored::Yes))
        .unwrap();
    for (at, &byte) in input.as_bytes().iter().enumerate() {
        state = dfa.next_state(cache, state, byte).unwrap();
        if state.is_dead() {
            return at;
        }
    }
    input.len()
}
