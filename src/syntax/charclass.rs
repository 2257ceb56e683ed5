//! The character classes of Section 5, one byte at a time: which bytes each
//! rule takes as they are. The grammar is the definition; the tests below
//! check every class against the pest rule that holds it, for all 256 bytes.

use crate::syntax::spec::Spec;

// Each function says, for one byte, whether
// a rule allows it as it is; `escape` ("%" hex hex) is allowed by every rule
// that has `uchar` or `xchar`, and is how every other byte is written. No class
// holds "%" or a byte outside ASCII, so both are always escaped.

/// `alpha = lowalpha | hialpha`, `digit = "0" | ... | "9"`.
pub(crate) fn alphadigit(byte: u8) -> bool {
    byte.is_ascii_alphanumeric()
}

/// `safe = "$" | "-" | "_" | "." | "+"`.
pub(crate) fn safe(byte: u8) -> bool {
    matches!(byte, b'$' | b'-' | b'_' | b'.' | b'+')
}

/// `extra = "!" | "*" | "'" | "(" | ")" | ","` in RFC 1738; draft-07 adds `"="`.
pub(crate) fn extra(byte: u8, spec: Spec) -> bool {
    matches!(byte, b'!' | b'*' | b'\'' | b'(' | b')' | b',')
        || (spec == Spec::Draft07 && byte == b'=')
}

/// `national = "{" | "}" | "|" | "\" | "^" | "~" | "[" | "]"` (draft-07's list).
/// RFC 1738 adds "`" but uses `national` in no rule, so there it is never
/// asked about.
pub(crate) fn national(byte: u8) -> bool {
    matches!(byte, b'{' | b'}' | b'|' | b'\\' | b'^' | b'~' | b'[' | b']')
}

/// `unreserved = alpha | digit | safe | extra` in RFC 1738;
/// `unreserved = alpha | digit | safe | extra | national` in draft-07.
///
/// This is also `uchar = unreserved | escape` without its escapes.
///
/// RFC 2396: `unreserved = alphanum | mark`, with
/// `mark = "-" | "_" | "." | "!" | "~" | "*" | "'" | "(" | ")"`.
///
/// RFC 3986: `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"`.
pub(crate) fn unreserved(byte: u8, spec: Spec) -> bool {
    if spec == Spec::Rfc3986 {
        return alphadigit(byte) || matches!(byte, b'-' | b'.' | b'_' | b'~');
    }
    if spec == Spec::Rfc2396 {
        return alphadigit(byte)
            || matches!(
                byte,
                b'-' | b'_' | b'.' | b'!' | b'~' | b'*' | b'\'' | b'(' | b')'
            );
    }
    alphadigit(byte) || safe(byte) || extra(byte, spec) || (spec == Spec::Draft07 && national(byte))
}

/// Whether an escape of `byte` is needless: `unreserved` and not `reserved`
/// (draft-07's `extra` holds "=", but "=" keeps its reserved role, §2.2).
pub(crate) fn needs_no_escape(byte: u8, spec: Spec) -> bool {
    unreserved(byte, spec) && !reserved(byte)
}

/// The name of a control character whose escape `encoded-control` looks
/// for in a component a client sends on as it decodes it: CR, LF, NUL, TAB.
pub(crate) fn control_name(byte: u8) -> Option<&'static str> {
    match byte {
        b'\r' => Some("CR"),
        b'\n' => Some("LF"),
        0 => Some("NUL"),
        b'\t' => Some("TAB"),
        _ => None,
    }
}

/// Whether an escape of `byte` may draw a warning under `spec`, which the
/// fast path notes as it reads: `needless-escape` anywhere, and
/// `encoded-control` when the escape may be in a component that a client
/// sends on (`sent`).
pub(crate) fn escape_may_warn(byte: u8, spec: Spec, sent: bool) -> bool {
    (sent && control_name(byte).is_some()) || needs_no_escape(byte, spec)
}

/// `reserved = ";" | "/" | "?" | ":" | "@" | "&" | "="`.
pub(crate) fn reserved(byte: u8) -> bool {
    matches!(byte, b';' | b'/' | b'?' | b':' | b'@' | b'&' | b'=')
}

/// `xchar = unreserved | reserved | escape`: `selector`, `gtype`,
/// `gopher+_string`, `encoded822addr`, `schemepart` and `urlpath`.
///
/// RFC 2396's `uric = reserved | unreserved | escaped`, whose `reserved` adds
/// "+", "$" and ",", plays the same part there, and RFC 3986's
/// `unreserved / reserved` (its `reserved` is `gen-delims / sub-delims`).
pub(crate) fn xchar(byte: u8, spec: Spec) -> bool {
    if spec == Spec::Rfc3986 {
        return unreserved(byte, spec) || gen_delim(byte) || sub_delim(byte);
    }
    unreserved(byte, spec)
        || reserved(byte)
        || (spec == Spec::Rfc2396 && matches!(byte, b'+' | b'$' | b','))
}

/// RFC 3986: `gen-delims = ":" / "/" / "?" / "#" / "[" / "]" / "@"`.
pub(crate) fn gen_delim(byte: u8) -> bool {
    matches!(byte, b':' | b'/' | b'?' | b'#' | b'[' | b']' | b'@')
}

/// RFC 3986: `sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="`.
pub(crate) fn sub_delim(byte: u8) -> bool {
    matches!(
        byte,
        b'!' | b'$' | b'&' | b'\'' | b'(' | b')' | b'*' | b'+' | b',' | b';' | b'='
    )
}

/// `user = *[ uchar | ";" | "?" | "&" | "=" ]`, and `password`, the same rule.
pub(crate) fn user_char(byte: u8, spec: Spec) -> bool {
    unreserved(byte, spec) || matches!(byte, b';' | b'?' | b'&' | b'=')
}

/// `fsegment = *[ uchar | "?" | ":" | "@" | "&" | "=" ]`, and `psegment`, the
/// same rule.
pub(crate) fn fsegment_char(byte: u8, spec: Spec) -> bool {
    unreserved(byte, spec) || matches!(byte, b'?' | b':' | b'@' | b'&' | b'=')
}

/// `hsegment = *[ uchar | ";" | ":" | "@" | "&" | "=" ]`, and `search`, the
/// same rule (in http, gopher and wais).
pub(crate) fn hsegment_char(byte: u8, spec: Spec) -> bool {
    unreserved(byte, spec) || matches!(byte, b';' | b':' | b'@' | b'&' | b'=')
}

/// `database = *uchar`, and `wtype` and `wpath`, the same rule.
pub(crate) fn uchar(byte: u8, spec: Spec) -> bool {
    unreserved(byte, spec)
}

/// `article = 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@" host`: the
/// characters before the "@".
pub(crate) fn article_char(byte: u8, spec: Spec) -> bool {
    unreserved(byte, spec) || matches!(byte, b';' | b'/' | b'?' | b':' | b'&' | b'=')
}

/// `fieldvalue = *[ uchar | "?" | ":" | "@" | "&" ]`.
pub(crate) fn fieldvalue_char(byte: u8, spec: Spec) -> bool {
    unreserved(byte, spec) || matches!(byte, b'?' | b':' | b'@' | b'&')
}

/// `fieldname = *[ uchar | "?" | ":" | "@" | "&" ]`, without "=". In draft-07
/// `uchar` holds "=", but `fieldspec = ";" fieldname "=" fieldvalue` could
/// then be split at more than one "=", and the name is read up to the first;
/// so "=" in a name is always escaped.
pub(crate) fn fieldname_char(byte: u8, spec: Spec) -> bool {
    fieldvalue_char(byte, spec) && byte != b'='
}

/// `scheme = 1*[ lowalpha | digit | "+" | "-" | "." ]`, one byte of it.
pub(crate) fn scheme_char(byte: u8) -> bool {
    byte.is_ascii_lowercase() || byte.is_ascii_digit() || matches!(byte, b'+' | b'-' | b'.')
}

#[cfg(all(test, feature = "pest-reference"))]
mod tests {
    use super::*;
    use crate::syntax::grammar::{SpecRule, draft07, rfc1738};

    /// Whether the one-byte string `byte` is a whole match of `rule`.
    fn matches_rule<R: SpecRule>(rule: R, byte: u8) -> bool {
        let text = [byte];
        let Ok(text) = std::str::from_utf8(&text) else {
            return false;
        };
        matches!(R::parse(rule, text), Ok(pairs) if pairs.as_str() == text)
    }

    /// A rule, its name, and the class that should be its characters.
    type Case<R> = (R, &'static str, fn(u8, Spec) -> bool);

    fn check<R: SpecRule>(spec: Spec, rules: &[Case<R>]) {
        for &(rule, name, class) in rules {
            for byte in 0..=255u8 {
                assert_eq!(
                    class(byte, spec),
                    matches_rule(rule, byte),
                    "{name} on {byte:#04x} under {spec}"
                );
            }
        }
    }

    macro_rules! classes_against {
        ($module:ident, $spec:expr) => {{
            use $module::Rule;
            let rules: [Case<Rule>; 11] = [
                (Rule::user, "user", user_char),
                (Rule::password, "password", user_char),
                (Rule::fsegment, "fsegment", fsegment_char),
                (Rule::psegment, "psegment", fsegment_char),
                (Rule::hsegment, "hsegment", hsegment_char),
                (Rule::search, "search", hsegment_char),
                (Rule::database, "database", uchar),
                (Rule::wpath, "wpath", uchar),
                (Rule::fieldvalue, "fieldvalue", fieldvalue_char),
                (Rule::fieldname, "fieldname", fieldname_char),
                (Rule::urlpath, "urlpath", xchar),
            ];
            check($spec, &rules);
            for byte in 0..=255u8 {
                // The grammar reads the scheme case-insensitively; builders write it in lower case.
                let scheme = scheme_char(byte) || byte.is_ascii_uppercase();
                assert_eq!(
                    scheme,
                    matches_rule(Rule::scheme, byte),
                    "scheme on {byte:#04x}"
                );
                assert_eq!(
                    xchar(byte, $spec),
                    matches_rule(Rule::gopher_plus_string, byte),
                    "xchar on {byte:#04x}"
                );
            }
        }};
    }

    #[test]
    fn rfc2396_unreserved_is_the_grammar_s() {
        use crate::syntax::grammar::rfc2396::Rule;
        for byte in 0..=255u8 {
            // rel_segment = 1*( unreserved | escaped | ";" | "@" | "&" | "=" | "+" | "$" | "," )
            let rel_segment = unreserved(byte, Spec::Rfc2396) || b";@&=+$,".contains(&byte);
            assert_eq!(
                rel_segment,
                matches_rule(Rule::rel_segment, byte),
                "{byte:#04x}"
            );
            assert_eq!(
                xchar(byte, Spec::Rfc2396),
                matches_rule(Rule::query, byte),
                "uric on {byte:#04x}"
            );
        }
    }

    /// RFC 3986: `pchar = unreserved / pct-encoded / sub-delims / ":" / "@"`,
    /// without its escapes.
    fn pchar(byte: u8) -> bool {
        unreserved(byte, Spec::Rfc3986) || sub_delim(byte) || matches!(byte, b':' | b'@')
    }

    #[test]
    fn rfc3986_classes_are_the_grammar_s() {
        use crate::syntax::grammar::rfc3986::Rule;
        let spec = Spec::Rfc3986;
        for byte in 0..=255u8 {
            let cases = [
                ("segment", pchar(byte), Rule::segment),
                ("query", pchar(byte) || b"/?".contains(&byte), Rule::query),
                (
                    "fragment",
                    pchar(byte) || b"/?".contains(&byte),
                    Rule::fragment,
                ),
                (
                    "reg-name",
                    unreserved(byte, spec) || sub_delim(byte),
                    Rule::reg_name,
                ),
                (
                    "userinfo",
                    unreserved(byte, spec) || sub_delim(byte) || byte == b':',
                    Rule::userinfo,
                ),
                (
                    "segment-nz-nc",
                    unreserved(byte, spec) || sub_delim(byte) || byte == b'@',
                    Rule::segment_nz_nc,
                ),
                ("port", byte.is_ascii_digit(), Rule::port),
                (
                    "user",
                    unreserved(byte, spec) || sub_delim(byte),
                    Rule::user,
                ),
                ("fsegment", pchar(byte) && byte != b';', Rule::fsegment),
                ("psegment", pchar(byte) && byte != b';', Rule::psegment),
                (
                    "fieldname",
                    pchar(byte) && !b";=".contains(&byte),
                    Rule::fieldname,
                ),
            ];
            for (name, class, rule) in cases {
                assert_eq!(class, matches_rule(rule, byte), "{name} on {byte:#04x}");
            }
            // What some rule of a URI takes as it is.
            let anywhere = pchar(byte) || b"/?#[]".contains(&byte);
            assert_eq!(xchar(byte, spec), anywhere, "xchar on {byte:#04x}");
            assert_eq!(
                unreserved(byte, spec) || sub_delim(byte) || gen_delim(byte),
                anywhere,
                "unreserved / reserved on {byte:#04x}"
            );
        }
    }

    #[test]
    fn every_class_is_the_grammar_s() {
        classes_against!(rfc1738, Spec::Rfc1738);
        classes_against!(draft07, Spec::Draft07);
    }
}
