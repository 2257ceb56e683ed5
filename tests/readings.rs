//! The readings that keep no record (the verdict, and the reading that
//! writes a URL's rules), which read a rule straight where its nesting
//! stays under the depth at which the reader checks its nesting limit (a
//! rule that can call itself counting the room its levels take), against
//! the reader's own steps
//! and against pest: rule by rule, every rule of the four grammars, the same
//! end and the same rules matched. The `readings` fuzz target runs the same
//! check (`rfc1738::__readings_agree`).

use crate::common;

/// Pieces that start and end the grammars' rules: delimiters, escapes of
/// them, names and numbers.
const PIECES: &[&str] = &[
    "a", "Z", "0", "9", "-", ".", "+", "_", "%", "%2", "%2C", "%2c", "%3D", "%5C", "%22", "%23",
    "%41", "%7C", "/", "//", ":", ";", "?", "@", "&", "=", "*", "~", "!", "(", ")", ",", "#", "[",
    "]", "::", "é", " ", "\t", "base", "sub", "dn", "cn", "1.2.3.4", "[::1]", "",
];

fn agree_on(input: &str) {
    for rule in 0..rfc1738::__rules_to_read() {
        if let Err(difference) = rfc1738::__readings_agree(input, rule) {
            panic!("{difference}");
        }
    }
}

#[test]
fn every_rule_reads_the_documents_and_the_tables_alike_from_every_delimiter() {
    for input in common::documents_and_tables() {
        agree_on(&input);
        // Where a component's rule starts: after each delimiter.
        for (at, _) in input.match_indices([':', '/', '?', '#', '@', ';', '=', ',', '(', '&', '.'])
        {
            agree_on(&input[at + 1..]);
        }
    }
}

#[test]
fn every_rule_reads_every_short_string_alike() {
    for a in PIECES {
        agree_on(a);
        for b in PIECES {
            agree_on(&format!("{a}{b}"));
        }
    }
    let mut rng = fastrand::Rng::with_seed(1738);
    for _ in 0..3_000 {
        let pieces: String = (0..rng.usize(3..9))
            .map(|_| PIECES[rng.usize(..PIECES.len())])
            .collect();
        agree_on(&pieces);
    }
}

#[test]
fn every_rule_reads_mutated_ldap_urls_alike() {
    // RFC 2255's parts, the grammar's longest straight readings, and a
    // filter nested past the depth at which the readings stop reading
    // straight.
    let nested = format!("(&{}(cn=x){})", "(&".repeat(70), ")".repeat(71));
    let inputs = [
        "o=University%20of%20Michigan,c=US?postalAddress?sub?(cn=Babs%20Jensen)",
        "cn=a%5C%2Cb+sn=%22q,r%22,o=x?cn;binary,mail?one?(&(a=b)(%7C(c~=d)(e%3E=f)))",
        "1.2.3=%23a1b2;x?attr?base?(o:dn:2.4.6:=Ace%20Industry)?!e-bindname=cn=x",
        "ldap://[::1]:389/o=a??sub?(cn=*a*b*)?x-ext",
        nested.as_str(),
    ];
    let mut rng = fastrand::Rng::with_seed(2255);
    for input in inputs {
        agree_on(input);
        for _ in 0..60 {
            agree_on(&common::mutate(&mut rng, input, PIECES, 1..4));
        }
    }
}

#[test]
fn every_rule_reads_filters_nested_across_the_straight_reading_s_room_alike() {
    // A filter is read straight while its rule levels fit under the depth
    // at which the reader checks its limit, three or four levels a nested
    // filter: around the depth where that room runs out, from within, and
    // from the URL around it, closed and not, each way of nesting a filter.
    for depth in 0..=24 {
        for open in ["(&", "(!", "(%7C", "(&(a=b)", "(%26"] {
            for inner in ["(cn=x)", "(cn=x*y)", "(cn:dn:=x)", "(a=b", ""] {
                let filter = format!("{}{inner}{}", open.repeat(depth), ")".repeat(depth));
                agree_on(&filter);
                agree_on(&format!("ldap://h/o=a?cn?sub?{filter}"));
                agree_on(&format!("ldap://h/??sub?{filter}?x"));
            }
        }
    }
}

#[test]
fn every_rule_reads_filters_nested_to_the_nesting_limit_alike() {
    // Deep in a filter the readings stop reading straight, and at the
    // limit a rule read straight would pass where the steps stop: around
    // every depth at which the limit falls inside a filter's item. Run on
    // a thread with room, so that the reader's limit binds, not the stack.
    let agree = || {
        for depth in 230..=260 {
            for inner in ["(cn=x)", "(cn=x*y)", "(cn:dn:=x)", "(!(a=b))"] {
                let filter = format!("{}{inner}{}", "(&".repeat(depth), ")".repeat(depth));
                agree_on(&filter);
                agree_on(&format!("ldap://h/??sub?{filter}"));
            }
        }
    };
    common::on_a_large_stack(agree);
}
