//! Independent recognizer of the RFC 1738 / draft-07 Section 5 BNF, built from regular expressions.
//!
//! Every BNF rule of Section 5 is one local regex fragment in [`SpecRegexes::build`], composed
//! with the small combinators below (`one_of`, `lit`, `alt`, `seq`, `opt`, `star`, `plus`), each of
//! which returns a self-contained (grouped) regex atom, so fragments compose like BNF terms.
//! All character classes are ASCII and are written with `\x{..}` escapes, so no regex
//! metacharacter can leak, and no non-ASCII character can ever match.
//!
//! Reading of the BNF:
//! - `[ x ]` is optional, `*x` zero or more, `1*x` one or more, `"..."` a literal.
//! - `*[ x ]` / `1*[ x ]`: the brackets only group the repeated element ("brackets [] are used
//!   around optional or repeated elements"), so `1*[ x ]` is one or more `x`.
//! - The unquoted `/` in `gopherurl` is the literal `"/"`.
//! - Only the scheme name is case-insensitive: the scheme-name part of `"http://"`, `"ftp://"`,
//!   `"news:"`, ... is matched ASCII-case-insensitively; `genericurl`'s `scheme` also takes `A-Z`.
//! - Dispatch: the text before the first `':'`, ASCII-lower-cased, picks a predefined scheme's rule
//!   (and only that rule); any other text (or no `':'`) is judged by `genericurl`.
#![allow(dead_code)]

use regex::Regex;
use regex_automata::dfa::{Automaton, dense};
use regex_automata::{Anchored, Input};

/// Which version of the Section 5 BNF to recognize.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OracleSpec {
    /// RFC 1738 as published (December 1994).
    Rfc1738,
    /// draft-ietf-uri-url-07.
    Draft07,
}

/// Compiled recognizers for both specs.
pub struct Oracle {
    rfc1738: SpecRegexes,
    draft07: SpecRegexes,
}

impl Default for Oracle {
    fn default() -> Self {
        Oracle::new()
    }
}

impl Oracle {
    /// Compiles every regex (once).
    pub fn new() -> Oracle {
        Oracle {
            rfc1738: SpecRegexes::build(OracleSpec::Rfc1738),
            draft07: SpecRegexes::build(OracleSpec::Draft07),
        }
    }

    /// Whether the whole `input` is a URL under `spec`.
    pub fn accepts(&self, spec: OracleSpec, input: &str) -> bool {
        let regexes = match spec {
            OracleSpec::Rfc1738 => &self.rfc1738,
            OracleSpec::Draft07 => &self.draft07,
        };
        regexes.select(input).is_match(input)
    }

    /// The regex source used for `scheme` (a predefined name such as "http", or "generic").
    /// For debugging only.
    pub fn pattern(&self, spec: OracleSpec, scheme: &str) -> Option<&str> {
        let regexes = match spec {
            OracleSpec::Rfc1738 => &self.rfc1738,
            OracleSpec::Draft07 => &self.draft07,
        };
        if scheme == "generic" {
            return Some(regexes.genericurl.as_str());
        }
        regexes
            .schemes
            .iter()
            .find(|(name, _)| *name == scheme)
            .map(|(_, re)| re.as_str())
    }
}

/// The predefined scheme names, in the order of `url = httpurl | ftpurl | ...`.
pub const KNOWN_SCHEMES: [&str; 10] = [
    "http", "ftp", "news", "nntp", "telnet", "gopher", "wais", "mailto", "file", "prospero",
];

struct SpecRegexes {
    /// (scheme name, anchored regex of its rule), for each of `KNOWN_SCHEMES`.
    schemes: Vec<(&'static str, Regex)>,
    /// Anchored `genericurl` (= `otherurl`).
    genericurl: Regex,
}

// ---------------------------------------------------------------------------------------------
// Regex combinators. Each returns a self-contained atom (a class or a non-capturing group).

/// `"a" | "b" | ...`: one of the listed (ASCII) characters, as a character class.
fn one_of(chars: &str) -> String {
    assert!(!chars.is_empty());
    let mut class = String::from("[");
    for c in chars.chars() {
        assert!(c.is_ascii(), "non-ASCII character in a BNF character set");
        if c.is_ascii_alphanumeric() {
            class.push(c);
        } else {
            class.push_str(&format!("\\x{{{:02X}}}", c as u32));
        }
    }
    class.push(']');
    class
}

/// A case-sensitive literal `"..."`.
fn lit(s: &str) -> String {
    format!("(?:{})", regex::escape(s))
}

/// The scheme name inside a literal such as `"http://"`: ASCII case-insensitive
/// ("interpreters should use case-ignore"), without Unicode case folding.
fn scheme_name(name: &str) -> String {
    let mut out = String::from("(?:");
    for c in name.chars() {
        assert!(c.is_ascii_lowercase());
        out.push_str(&format!("[{}{}]", c, c.to_ascii_uppercase()));
    }
    out.push(')');
    out
}

/// `a | b | ...`
fn alt(parts: &[&str]) -> String {
    format!("(?:{})", parts.join("|"))
}

/// `a b ...` (concatenation)
fn seq(parts: &[&str]) -> String {
    format!("(?:{})", parts.concat())
}

/// `[ x ]`
fn opt(x: &str) -> String {
    format!("(?:{x})?")
}

/// `*x` (and `*[ x ]`)
fn star(x: &str) -> String {
    format!("(?:{x})*")
}

/// `1*x` (and `1*[ x ]`)
fn plus(x: &str) -> String {
    format!("(?:{x})+")
}

/// Compiles `body` anchored at both ends of the input.
fn anchored(body: &str) -> Regex {
    regex::RegexBuilder::new(&format!(r"\A{body}\z"))
        .size_limit(64 * (1 << 20))
        .build()
        .expect("oracle regex must compile")
}

// ---------------------------------------------------------------------------------------------
// Character-set rules that are plain lists of single-character literals.

const LOWALPHA: &str = "abcdefghijklmnopqrstuvwxyz";
const HIALPHA: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const DIGIT: &str = "0123456789";
/// safe = "$" | "-" | "_" | "." | "+"
const SAFE: &str = "$-_.+";
/// RFC 1738: extra = "!" | "*" | "'" | "(" | ")" | ","
const EXTRA_RFC1738: &str = "!*'(),";
/// draft-07: extra = "!" | "*" | "'" | "(" | ")" | "," | "="
const EXTRA_DRAFT07: &str = "!*'(),=";
/// RFC 1738: national = "{" | "}" | "|" | "\" | "^" | "~" | "[" | "]" | "`"
const NATIONAL_RFC1738: &str = "{}|\\^~[]`";
/// draft-07: national = "{" | "}" | "|" | "\" | "^" | "~" | "[" | "]"
const NATIONAL_DRAFT07: &str = "{}|\\^~[]";
/// RFC 1738: punctuation = "<" | ">" | "#" | "%" | <">
const PUNCTUATION_RFC1738: &str = "<>#%\"";
/// draft-07: punctuation = "<" | ">" | """ | "#"
const PUNCTUATION_DRAFT07: &str = "<>\"#";
/// reserved = ";" | "/" | "?" | ":" | "@" | "&" | "="
const RESERVED: &str = ";/?:@&=";
/// The letters of
/// hex = digit | "A" | "B" | "C" | "D" | "E" | "F" | "a" | ... | "f"
const HEX_LETTERS: &str = "ABCDEFabcdef";
/// ftptype = "A" | "I" | "D" | "a" | "i" | "d"
const FTPTYPE: &str = "AIDaid";

impl SpecRegexes {
    fn build(spec: OracleSpec) -> SpecRegexes {
        let rfc = spec == OracleSpec::Rfc1738;

        // ---- Miscellaneous definitions
        let lowalpha = one_of(LOWALPHA);
        let hialpha = one_of(HIALPHA);
        let alpha = alt(&[&lowalpha, &hialpha]);
        let digit = one_of(DIGIT);
        let safe = one_of(SAFE);
        let extra = one_of(if rfc { EXTRA_RFC1738 } else { EXTRA_DRAFT07 });
        let national = one_of(if rfc {
            NATIONAL_RFC1738
        } else {
            NATIONAL_DRAFT07
        });
        // punctuation is not used by any rule (kept for completeness).
        let _punctuation = one_of(if rfc {
            PUNCTUATION_RFC1738
        } else {
            PUNCTUATION_DRAFT07
        });
        let reserved = one_of(RESERVED);
        let hex = alt(&[&digit, &one_of(HEX_LETTERS)]);
        let escape = seq(&[&lit("%"), &hex, &hex]);
        let unreserved = if rfc {
            // unreserved = alpha | digit | safe | extra
            alt(&[&alpha, &digit, &safe, &extra])
        } else {
            // unreserved = alpha | digit | safe | extra | national
            alt(&[&alpha, &digit, &safe, &extra, &national])
        };
        let uchar = alt(&[&unreserved, &escape]);
        let xchar = alt(&[&unreserved, &reserved, &escape]);
        let digits = plus(&digit);

        // ---- ip-schemepart pieces
        let hostnumber = seq(&[
            &digits,
            &lit("."),
            &digits,
            &lit("."),
            &digits,
            &lit("."),
            &digits,
        ]);
        let hostname = if rfc {
            // alphadigit = alpha | digit
            let alphadigit = alt(&[&alpha, &digit]);
            // domainlabel = alphadigit | alphadigit *[ alphadigit | "-" ] alphadigit
            let domainlabel = alt(&[
                &alphadigit,
                &seq(&[
                    &alphadigit,
                    &star(&alt(&[&alphadigit, &lit("-")])),
                    &alphadigit,
                ]),
            ]);
            // toplabel = alpha | alpha *[ alphadigit | "-" ] alphadigit
            let toplabel = alt(&[
                &alpha,
                &seq(&[&alpha, &star(&alt(&[&alphadigit, &lit("-")])), &alphadigit]),
            ]);
            // hostname = *[ domainlabel "." ] toplabel
            seq(&[&star(&seq(&[&domainlabel, &lit(".")])), &toplabel])
        } else {
            // hostname = alpha *uchar
            seq(&[&alpha, &star(&uchar)])
        };
        let host = alt(&[&hostname, &hostnumber]);
        let port = digits.clone();
        let hostport = seq(&[&host, &opt(&seq(&[&lit(":"), &port]))]);
        let user = star(&alt(&[&uchar, &lit(";"), &lit("?"), &lit("&"), &lit("=")]));
        let password = star(&alt(&[&uchar, &lit(";"), &lit("?"), &lit("&"), &lit("=")]));
        let login = seq(&[
            &opt(&seq(&[
                &user,
                &opt(&seq(&[&lit(":"), &password])),
                &lit("@"),
            ])),
            &hostport,
        ]);
        let urlpath = star(&xchar);
        let ip_schemepart = seq(&[&lit("//"), &login, &opt(&seq(&[&lit("/"), &urlpath]))]);

        // ---- genericurl
        // scheme = 1*[ lowalpha | digit | "+" | "-" | "." ], plus upper case (case-ignore).
        let scheme = plus(&alt(&[
            &lowalpha,
            &hialpha,
            &digit,
            &lit("+"),
            &lit("-"),
            &lit("."),
        ]));
        // schemepart = *xchar | ip-schemepart
        let schemepart = alt(&[&star(&xchar), &ip_schemepart]);
        // genericurl = scheme ":" schemepart
        let genericurl = seq(&[&scheme, &lit(":"), &schemepart]);

        // ---- FTP
        let fsegment = star(&alt(&[
            &uchar,
            &lit("?"),
            &lit(":"),
            &lit("@"),
            &lit("&"),
            &lit("="),
        ]));
        let fpath = seq(&[&fsegment, &star(&seq(&[&lit("/"), &fsegment]))]);
        let ftptype = one_of(FTPTYPE);
        // ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]
        let ftpurl = seq(&[
            &scheme_name("ftp"),
            &lit("://"),
            &login,
            &opt(&seq(&[
                &lit("/"),
                &fpath,
                &opt(&seq(&[&lit(";type="), &ftptype])),
            ])),
        ]);

        // ---- FILE
        let fileurl = if rfc {
            // fileurl = "file://" [ host | "localhost" ] "/" fpath
            seq(&[
                &scheme_name("file"),
                &lit("://"),
                &opt(&alt(&[&host, &lit("localhost")])),
                &lit("/"),
                &fpath,
            ])
        } else {
            // fileurl = "file://" host [ "/" fpath ]
            seq(&[
                &scheme_name("file"),
                &lit("://"),
                &host,
                &opt(&seq(&[&lit("/"), &fpath])),
            ])
        };

        // ---- HTTP
        let hsegment = star(&alt(&[
            &uchar,
            &lit(";"),
            &lit(":"),
            &lit("@"),
            &lit("&"),
            &lit("="),
        ]));
        let hpath = seq(&[&hsegment, &star(&seq(&[&lit("/"), &hsegment]))]);
        let search = star(&alt(&[
            &uchar,
            &lit(";"),
            &lit(":"),
            &lit("@"),
            &lit("&"),
            &lit("="),
        ]));
        // httpurl = "http://" hostport [ "/" hpath [ "?" search ]]
        let httpurl = seq(&[
            &scheme_name("http"),
            &lit("://"),
            &hostport,
            &opt(&seq(&[
                &lit("/"),
                &hpath,
                &opt(&seq(&[&lit("?"), &search])),
            ])),
        ]);

        // ---- GOPHER
        let gtype = xchar.clone();
        let selector = star(&xchar);
        let gopher_plus_string = star(&xchar);
        // gopherurl = "gopher://" hostport [ / [ gtype [ selector
        //             [ "%09" search [ "%09" gopher+_string ] ] ] ] ]
        let gopherurl = seq(&[
            &scheme_name("gopher"),
            &lit("://"),
            &hostport,
            &opt(&seq(&[
                &lit("/"),
                &opt(&seq(&[
                    &gtype,
                    &opt(&seq(&[
                        &selector,
                        &opt(&seq(&[
                            &lit("%09"),
                            &search,
                            &opt(&seq(&[&lit("%09"), &gopher_plus_string])),
                        ])),
                    ])),
                ])),
            ])),
        ]);

        // ---- MAILTO
        let encoded822addr = plus(&xchar);
        // mailtourl = "mailto:" encoded822addr
        let mailtourl = seq(&[&scheme_name("mailto"), &lit(":"), &encoded822addr]);

        // ---- NEWS
        let group = if rfc {
            // group = alpha *[ alpha | digit | "-" | "." | "+" | "_" ]
            seq(&[
                &alpha,
                &star(&alt(&[
                    &alpha,
                    &digit,
                    &lit("-"),
                    &lit("."),
                    &lit("+"),
                    &lit("_"),
                ])),
            ])
        } else {
            // group = alpha *[ alpha | digit | "-" | "." ]
            seq(&[&alpha, &star(&alt(&[&alpha, &digit, &lit("-"), &lit(".")]))])
        };
        // article = 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@" host
        let article = seq(&[
            &plus(&alt(&[
                &uchar,
                &lit(";"),
                &lit("/"),
                &lit("?"),
                &lit(":"),
                &lit("&"),
                &lit("="),
            ])),
            &lit("@"),
            &host,
        ]);
        // grouppart = "*" | group | article
        let grouppart = alt(&[&lit("*"), &group, &article]);
        // newsurl = "news:" grouppart
        let newsurl = seq(&[&scheme_name("news"), &lit(":"), &grouppart]);

        // ---- NNTP
        // nntpurl = "nntp://" hostport "/" group [ "/" digits ]
        let nntpurl = seq(&[
            &scheme_name("nntp"),
            &lit("://"),
            &hostport,
            &lit("/"),
            &group,
            &opt(&seq(&[&lit("/"), &digits])),
        ]);

        // ---- TELNET
        // telneturl = "telnet://" login [ "/" ]
        let telneturl = seq(&[&scheme_name("telnet"), &lit("://"), &login, &opt(&lit("/"))]);

        // ---- WAIS
        let database = star(&uchar);
        let wtype = star(&uchar);
        let wpath = star(&uchar);
        let wais_prefix = seq(&[&scheme_name("wais"), &lit("://")]);
        // waisdatabase = "wais://" hostport "/" database
        let waisdatabase = seq(&[&wais_prefix, &hostport, &lit("/"), &database]);
        // waisindex = "wais://" hostport "/" database "?" search
        let waisindex = seq(&[
            &wais_prefix,
            &hostport,
            &lit("/"),
            &database,
            &lit("?"),
            &search,
        ]);
        // waisdoc = "wais://" hostport "/" database "/" wtype "/" wpath
        let waisdoc = seq(&[
            &wais_prefix,
            &hostport,
            &lit("/"),
            &database,
            &lit("/"),
            &wtype,
            &lit("/"),
            &wpath,
        ]);
        // waisurl = waisdatabase | waisindex | waisdoc
        let waisurl = alt(&[&waisdatabase, &waisindex, &waisdoc]);

        // ---- PROSPERO
        let psegment = star(&alt(&[
            &uchar,
            &lit("?"),
            &lit(":"),
            &lit("@"),
            &lit("&"),
            &lit("="),
        ]));
        let ppath = seq(&[&psegment, &star(&seq(&[&lit("/"), &psegment]))]);
        let fieldname = star(&alt(&[&uchar, &lit("?"), &lit(":"), &lit("@"), &lit("&")]));
        let fieldvalue = star(&alt(&[&uchar, &lit("?"), &lit(":"), &lit("@"), &lit("&")]));
        // fieldspec = ";" fieldname "=" fieldvalue
        let fieldspec = seq(&[&lit(";"), &fieldname, &lit("="), &fieldvalue]);
        // prosperourl = "prospero://" hostport "/" ppath *[ fieldspec ]
        let prosperourl = seq(&[
            &scheme_name("prospero"),
            &lit("://"),
            &hostport,
            &lit("/"),
            &ppath,
            &star(&fieldspec),
        ]);

        let rule_of = |name: &str| -> &String {
            match name {
                "http" => &httpurl,
                "ftp" => &ftpurl,
                "news" => &newsurl,
                "nntp" => &nntpurl,
                "telnet" => &telneturl,
                "gopher" => &gopherurl,
                "wais" => &waisurl,
                "mailto" => &mailtourl,
                "file" => &fileurl,
                "prospero" => &prosperourl,
                _ => unreachable!("unknown scheme {name}"),
            }
        };
        let schemes = KNOWN_SCHEMES
            .iter()
            .map(|&name| (name, anchored(rule_of(name))))
            .collect();
        SpecRegexes {
            schemes,
            genericurl: anchored(&genericurl),
        }
    }

    /// Dispatch: the text before the first ':' picks the rule.
    fn select(&self, input: &str) -> &Regex {
        if let Some(colon) = input.find(':') {
            let scheme = &input[..colon];
            for (name, re) in &self.schemes {
                if scheme.eq_ignore_ascii_case(name) {
                    return re;
                }
            }
        }
        &self.genericurl
    }
}

/// The recognizer's regular expressions as DFAs run one byte at a time: where
/// an input stops being the start of a URL.
pub struct Prefixes {
    by_scheme: Vec<(&'static str, regex_automata::dfa::dense::DFA<Vec<u32>>)>,
}

impl Prefixes {
    pub fn new(oracle: &Oracle, spec: OracleSpec) -> Prefixes {
        let by_scheme = KNOWN_SCHEMES
            .iter()
            .chain(&["generic"])
            .map(|&name| {
                (
                    name,
                    dense::DFA::new(oracle.pattern(spec, name).unwrap()).unwrap(),
                )
            })
            .collect();
        Prefixes { by_scheme }
    }

    /// The first byte at which `input` stops being the start of a URL, or its
    /// length when the whole input still is.
    pub fn first_dead_byte(&self, input: &str) -> usize {
        let scheme = input
            .split_once(':')
            .map(|(name, _)| name.to_ascii_lowercase())
            .filter(|name| KNOWN_SCHEMES.contains(&name.as_str()))
            .unwrap_or_else(|| "generic".to_owned());
        let dfa = &self
            .by_scheme
            .iter()
            .find(|(name, _)| *name == scheme)
            .unwrap()
            .1;
        let mut state = dfa
            .start_state_forward(&Input::new(input).anchored(Anchored::Yes))
            .unwrap();
        for (at, &byte) in input.as_bytes().iter().enumerate() {
            state = dfa.next_state(state, byte);
            if dfa.is_dead_state(state) {
                return at;
            }
        }
        input.len()
    }
}
