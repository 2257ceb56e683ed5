//! The helps of a [`ParseError`](super::ParseError): for each kind of error
//! a person makes, a sentence that says what is wrong and how to write it.

use std::borrow::Cow;

use super::{Expected, Found, Judged};
use crate::syntax::fix;
use crate::syntax::grammar::Node;
use crate::syntax::rules::GrammarRule;
use crate::syntax::scheme::Scheme;
use crate::syntax::spec::Spec;
use crate::syntax::tracking;

/// The scheme's own literal among those expected (`"http://"`, `"news:"`).
fn scheme_literal(expected: &[Expected]) -> Option<&str> {
    expected.iter().find_map(|item| match item {
        Expected::Literal(literal)
            if literal.len() > 1
                && literal.starts_with(|c: char| c.is_ascii_alphabetic())
                && (literal.ends_with(':') || literal.ends_with("://")) =>
        {
            Some(literal.as_str())
        }
        _ => None,
    })
}

/// `text` as a help line quotes it: in double quotes, and shortened in the
/// middle past 60 characters, so that a help line stays a line whatever the
/// input.
fn quoted(text: &str) -> String {
    format!("{:?}", shortened(text))
}

/// `text`, shortened in the middle to 57 characters and "…" past 60.
fn shortened(text: &str) -> Cow<'_, str> {
    const KEEP: usize = 28;
    let count = text.chars().count();
    if count <= 2 * KEEP + 4 {
        return Cow::Borrowed(text);
    }
    let head: String = text.chars().take(KEEP).collect();
    let tail: String = text.chars().skip(count - KEEP).collect();
    Cow::Owned(format!("{head}…{tail}"))
}

/// The host name label that ends at `offset`.
fn last_label(input: &str, offset: usize) -> &str {
    let before = &input[..offset];
    let start = before.rfind(['.', '/', '@']).map_or(0, |i| i + 1);
    &before[start..]
}

/// A suggested fix for the error, where there is an obvious one.
pub(super) fn of(
    input: &str,
    spec: Spec,
    scheme: Option<Scheme>,
    offset: usize,
    expected: &[Expected],
    found: Found,
    judged: Judged,
) -> Option<String> {
    let mut at = At {
        input,
        spec,
        scheme,
        offset,
        found,
        expected,
        takes_escapes: expected
            .iter()
            .any(|e| matches!(e, Expected::Rule(rule) if rule.takes_escapes(spec))),
        names_host: false,
        escape_stands: false,
        judged,
        host_port: HostPort::of(input),
    };
    at.names_host = at.wants(Node::hostname) || at.wants(Node::inet_host);
    at.escape_stands = at.takes_escapes && at.escape_would_stand();
    shape_help(at)
        .or_else(|| kind_help(at))
        .or_else(|| first_that_applies(&[URL_THEN_MORE_TEXT], at))
}

/// One help: the kind of error it is for, and what it says there.
struct Help {
    /// Whether the error is of this kind.
    applies: fn(At<'_>) -> bool,
    /// The help line, asked for only where the help applies.
    message: fn(At<'_>) -> String,
}

/// The message of the first help of `helps` that applies, in their order.
fn first_that_applies(helps: &[Help], at: At<'_>) -> Option<String> {
    helps
        .iter()
        .find(|help| (help.applies)(at))
        .map(|help| (help.message)(at))
}

/// The help of the error's kind: by the rule expected, what was found, and
/// the scheme. Under RFC 2396, its own helps come first.
fn kind_help(at: At<'_>) -> Option<String> {
    if at.spec == Spec::Rfc2396
        && let Some(help) = first_that_applies(&RFC2396_HELPS, at)
    {
        return Some(help);
    }
    first_that_applies(&KIND_HELPS, at)
}

/// The helps of the error's kind, the first that applies said.
const KIND_HELPS: [Help; 23] = [
    ESCAPE_CUT_SHORT,
    TRAILING_WHITESPACE,
    PORT_LEFT_EMPTY,
    HTTP_LOGIN,
    LOGIN_WHERE_HOSTPORT,
    HTTP_SEARCH_WITHOUT_PATH,
    LABEL_ENDS_WITH_HYPHEN,
    TOPLABEL_STARTS_WITH_DIGIT,
    QUERY_AFTER_HOST,
    QUERY_READ_AS_USER,
    DRAFT07_FILE_WITHOUT_HOST,
    NO_SCHEME,
    SCHEME_LITERAL_MISSPELT,
    LITERAL_IN_ANOTHER_CASE,
    TELNET_PAST_ITS_END,
    ENDS_AFTER_HOST,
    FTPTYPE_LETTER,
    NNTP_ARTICLE_NUMBER,
    GOPHER_SELECTOR_CONTROL,
    RESERVED_AS_DATA,
    FRAGMENT_IN_URL,
    UNSAFE_CHARACTER,
    NON_ASCII_CHARACTER,
];

const ESCAPE_MESSAGE: &str =
    "'%' starts an escape and takes two hex digits: write %25 for a '%' itself";

const ESCAPE_CUT_SHORT: Help = Help {
    applies: |at| at.wants(Node::escape) || at.wants(Node::pct_encoded),
    message: |_| ESCAPE_MESSAGE.to_owned(),
};

const TRAILING_WHITESPACE: Help = Help {
    applies: |at| at.found_char().is_some_and(char::is_whitespace) && at.rest().trim().is_empty(),
    message: |_| "the text ends in whitespace, which is no part of a URL: remove it".to_owned(),
};

const PORT_LEFT_EMPTY: Help = Help {
    applies: |at| {
        matches!(at.found, Found::Char(':' | '/') | Found::End)
            && (at.wants(Node::port) || at.wants(Node::inet_port))
            && at.before().ends_with(':')
    },
    message: |_| "remove the ':' or write a port number".to_owned(),
};

const HTTP_LOGIN: Help = Help {
    applies: |at| {
        at.spec.is_section5()
            && at.scheme == Some(Scheme::Http)
            && at.in_login_authority()
            && login_authority(at.input).is_some_and(|range| at.input[range].contains('@'))
    },
    message: |at| {
        format!(
            "http URLs take no user name or password in {}: \
             `httpurl` takes `hostport`, not `login`",
            at.spec.title()
        )
    },
};

/// A user where the scheme's rule reads a host and port alone (gopher,
/// nntp, wais, prospero; a file URL's host alone): the grammar stops at the
/// '@' that ends it.
const LOGIN_WHERE_HOSTPORT: Help = Help {
    applies: |at| {
        at.found == Found::Char('@')
            && at.in_login_authority()
            && !at.before().contains('@')
            && !at.expected.contains(&Expected::Literal("@".to_owned()))
            && at.scheme.is_some()
    },
    message: |at| {
        let scheme = at.scheme.map_or("", Scheme::name);
        format!(
            "{} {scheme} URL takes no user name or password: its host {} \"//\"",
            crate::syntax::scheme::article(scheme),
            if at.scheme == Some(Scheme::File) {
                "follows"
            } else {
                "and port follow"
            }
        )
    },
};

const HTTP_SEARCH_WITHOUT_PATH: Help = Help {
    applies: |at| {
        at.found == Found::Char('?') && at.scheme == Some(Scheme::Http) && at.in_login_authority()
    },
    message: |_| "in an http URL the search follows a path: write '/?' instead of '?'".to_owned(),
};

/// A '?' after the host of a scheme whose form takes none there: what
/// follows the host in that form. Only where the host may end (a '/' or the
/// end is expected), and not where the '?' may be a user name's (a user is
/// expected, and an '@' follows).
const QUERY_AFTER_HOST: Help = Help {
    applies: |at| {
        at.found == Found::Char('?')
            && at.in_login_authority()
            && at.expected.iter().any(|item| match item {
                Expected::Literal(literal) => literal == "/",
                Expected::End => true,
                Expected::Rule(_) => false,
            })
            && !(at.wants_a_user() && at.rest_of_authority().contains('@'))
            && form_after_host(at).is_some()
    },
    message: |at| query_after_host(at, ""),
};

/// Under RFC 1738 and draft-07, ftp's and telnet's user name may hold a
/// '?', so `ftp://host?x` is read as a user name that no '@' ends: the error
/// is at the end, and the '?' is what put it there.
const QUERY_READ_AS_USER: Help = Help {
    applies: |at| {
        at.found == Found::End
            && at.spec.is_section5()
            && matches!(at.scheme, Some(Scheme::Ftp | Scheme::Telnet))
            && at.wants_a_user()
            && login_authority(at.input).is_some_and(|range| {
                let authority = &at.input[range];
                authority.contains('?') && !authority.contains('@')
            })
    },
    message: |at| {
        query_after_host(
            at,
            ", so what follows the '?' is read as a user name, which an '@' would end",
        )
    },
};

/// What follows the host in the form of the error's scheme, where that form
/// takes no query after it (every known scheme's but http's).
fn form_after_host(at: At<'_>) -> Option<&'static str> {
    Some(match at.scheme? {
        Scheme::Telnet => "it ends there, or with a '/'",
        Scheme::Gopher => {
            "a '/', the type and the selector follow it, and a search string after \
             %09 (`gopher://host/7selector%09search`)"
        }
        Scheme::Nntp => "a '/' and the group follow it (`nntp://host/group`)",
        Scheme::Wais => {
            "a '/' and the database follow it, and the search after a '?' \
             (`wais://host/database?search`)"
        }
        Scheme::Prospero => "a '/' and the path follow it, and fields after ';'",
        Scheme::Ftp | Scheme::File => "a '/' and the path follow it",
        Scheme::Http | Scheme::Mailto | Scheme::News => return None,
    })
}

/// The help of [`QUERY_AFTER_HOST`] and [`QUERY_READ_AS_USER`], with `why`
/// after its first clause.
fn query_after_host(at: At<'_>, why: &str) -> String {
    let scheme = at.scheme.map_or("", Scheme::name);
    let noun = if at.spec.is_section5() { "URL" } else { "URI" };
    format!(
        "{} {scheme} {noun} takes no query after its host{why}: {}",
        crate::syntax::scheme::article(scheme),
        form_after_host(at).unwrap_or_default()
    )
}

const LABEL_ENDS_WITH_HYPHEN: Help = Help {
    applies: |at| {
        matches!(at.found, Found::Char('.' | ':' | '/') | Found::End)
            && at.wants(Node::hostname)
            && at.before().ends_with('-')
    },
    message: |_| "a host name label may not end with '-'".to_owned(),
};

const TOPLABEL_STARTS_WITH_DIGIT: Help = Help {
    applies: |at| {
        matches!(at.found, Found::Char(':' | '/') | Found::End)
            && at.spec == Spec::Rfc1738
            && at.wants(Node::hostname)
            && last_label(at.input, at.offset).starts_with(|c: char| c.is_ascii_digit())
    },
    message: |at| {
        let host_port = at.host_port();
        let host = at.input.get(host_port.start..at.offset).unwrap_or_default();
        let labels: Vec<&str> = host.split('.').collect();
        // Four parts, one of them not a number: that one made it a name.
        let number = match labels
            .iter()
            .find(|label| !label.bytes().all(|b| b.is_ascii_digit()))
        {
            Some(label) if labels.len() == 4 => {
                format!(
                    "a host number is four decimal numbers, and {} is none",
                    quoted(label)
                )
            }
            _ => "a host number has four parts".to_owned(),
        };
        format!(
            "the last label of a host name starts with a letter (`toplabel`), and {} does not; \
             {number}",
            quoted(last_label(at.input, at.offset))
        )
    },
};

const DRAFT07_FILE_WITHOUT_HOST: Help = Help {
    applies: |at| {
        at.found == Found::Char('/')
            && at.scheme == Some(Scheme::File)
            && at.spec == Spec::Draft07
            && at.wants(Node::hostname)
            && at.before().ends_with("//")
    },
    message: |_| {
        "draft-07 file URLs name a host (`fileurl = \"file://\" host [ \"/\" fpath ]`); \
         `file:///path` is RFC 1738's form"
            .to_owned()
    },
};

const NO_SCHEME: Help = Help {
    // A reference needs no scheme.
    applies: |at| {
        at.judged == Judged::Url
            && at.scheme.is_none()
            && at.wants(Node::scheme)
            && !at.input.contains(':')
    },
    message: |at| {
        match at.spec {
            Spec::Rfc2396 => {
                "a URI starts with its scheme and ':' \
                 (`absoluteURI = scheme \":\" ( hier_part | opaque_part )`), and this has no ':'"
            }
            Spec::Rfc3986 => {
                "a URI starts with its scheme and ':' \
                 (`URI = scheme \":\" hier-part [ \"?\" query ] [ \"#\" fragment ]`), \
                 and this has no ':'; check it with --reference to take a relative reference"
            }
            Spec::Rfc1738 | Spec::Draft07 => {
                "a URL starts with its scheme and ':' \
                 (`genericurl = scheme \":\" schemepart`), and this has no ':'"
            }
        }
        .to_owned()
    },
};

const SCHEME_LITERAL_MISSPELT: Help = Help {
    applies: |at| at.offset > 0 && at.scheme.is_some() && scheme_literal(at.expected).is_some(),
    message: |at| {
        format!(
            "{} URLs start with \"{}\"",
            at.scheme.map_or("", Scheme::name),
            scheme_literal(at.expected).unwrap_or_default()
        )
    },
};

/// What a telnet URL is (`telneturl`), as its helps say it.
const TELNET_FORM: &str = "a telnet URL ends after the host and port and an optional '/' \
                           (`telneturl = \"telnet://\" login [ \"/\" ]`)";

const TELNET_PAST_ITS_END: Help = Help {
    applies: |at| {
        at.found_char().is_some()
            && at.scheme == Some(Scheme::Telnet)
            && at.expected == [Expected::End]
    },
    message: |_| TELNET_FORM.to_owned(),
};

const ENDS_AFTER_HOST: Help = Help {
    applies: |at| {
        at.found == Found::End
            && (at.expected.contains(&Expected::Literal("/".to_owned()))
                || at.wants(Node::abs_path))
            && at.in_login_authority()
    },
    message: |at| {
        format!(
            "the URL ends after the host, where {} takes a '/' and a path",
            at.scheme.map_or_else(
                || "this form".to_owned(),
                |scheme| format!(
                    "{} {scheme} URL",
                    crate::syntax::scheme::article(scheme.name())
                )
            )
        )
    },
};

/// A literal of the grammar written in another case (`;TYPE=i`,
/// `man:(INDEX)`): a quoted string of the grammar is read as it stands,
/// where a scheme's name is read in either case.
const LITERAL_IN_ANOTHER_CASE: Help = Help {
    applies: |at| literal_in_another_case(at).is_some(),
    message: |at| {
        let literal = literal_in_another_case(at).unwrap_or_default();
        let case = if literal == literal.to_ascii_lowercase() {
            "in lower case only"
        } else {
            "in that case only"
        };
        format!(
            "{} reads {literal:?} {case}: write {literal:?}",
            at.spec.title()
        )
    },
};

/// The expected literal with a letter that the input holds in another case,
/// where the error is. The error stands where the input first leaves the
/// literal, so the literal was tried where the longest of its beginnings
/// that the input holds exactly ends at the error (`;TYPE=` is tried at
/// its ';'; in `;type;TYPE=`, at the first ';', whose "=" is missing).
fn literal_in_another_case<'a>(at: At<'a>) -> Option<&'a str> {
    let input = at.input.as_bytes();
    at.expected.iter().find_map(|item| match item {
        Expected::Literal(literal) if literal.bytes().any(|b| b.is_ascii_alphabetic()) => {
            let literal_bytes = literal.as_bytes();
            let back = (0..literal.len()).rev().find(|&back| {
                at.offset
                    .checked_sub(back)
                    .is_some_and(|start| input[start..at.offset] == literal_bytes[..back])
            })?;
            let start = at.offset - back;
            let written = input.get(start..start + literal.len())?;
            (written != literal_bytes && written.eq_ignore_ascii_case(literal_bytes))
                .then_some(literal.as_str())
        }
        _ => None,
    })
}

const FTPTYPE_LETTER: Help = Help {
    applies: |at| at.wants(Node::ftptype),
    message: |_| {
        "\";type=\" takes one letter: `a` (ASCII text), `i` (image: the bytes as they are) \
         or `d` (a directory listing)"
            .to_owned()
    },
};

const NNTP_ARTICLE_NUMBER: Help = Help {
    applies: |at| at.wants(Node::digits) && at.scheme == Some(Scheme::Nntp),
    message: |_| {
        "an nntp URL names an article by its number in the group (`nntp://host/group/123`); \
         a message ID goes in a news URL, `news:id@host`, without '<' and '>'"
            .to_owned()
    },
};

const GOPHER_SELECTOR_CONTROL: Help = Help {
    applies: |at| {
        at.spec == Spec::Rfc3986
            && at.scheme == Some(Scheme::Gopher)
            && gopher_control_escape(at).is_some()
    },
    message: |at| {
        let (escape, name) = gopher_control_escape(at).unwrap_or_default();
        format!(
            "a gopher selector holds any octets but tab, LF and CR (RFC 4266 §2.1), and {escape} \
             is {name}: the request to the server ends at CR LF, so no selector sends one"
        )
    },
};

/// The escape of LF or CR where RFC 4266's selector stops (the grammar
/// then wants the "%09" before a search), and the character's name.
fn gopher_control_escape(at: At<'_>) -> Option<(&str, &'static str)> {
    if !at
        .expected
        .iter()
        .any(|item| matches!(item, Expected::Literal(text) if text == "%09"))
    {
        return None;
    }
    let start = at.before().rfind('%')?;
    let escape = at.input.get(start..start + 3)?;
    let name = match (
        escape.as_bytes()[1],
        escape.as_bytes()[2].to_ascii_uppercase(),
    ) {
        (b'0', b'A') => "an LF",
        (b'0', b'D') => "a CR",
        _ => return None,
    };
    (start + 3 > at.offset).then_some((escape, name))
}

const RESERVED_AS_DATA: Help = Help {
    applies: |at| {
        at.escape_stands
            && at
                .found_char()
                .is_some_and(|c| c.is_ascii() && crate::syntax::charclass::reserved(c as u8))
    },
    message: |at| {
        let c = at.found_char().unwrap_or_default();
        format!(
            "{} is reserved (it delimits the parts of a URL) and cannot stand here as data: \
             write %{:02X}",
            printed(c),
            c as u32
        )
    },
};

const FRAGMENT_IN_URL: Help = Help {
    applies: |at| at.found == Found::Char('#') && at.spec.is_section5(),
    message: |_| {
        "'#' starts a fragment, which belongs to URI references (RFC 2396), not to URLs; \
         write %23 if it is part of the URL"
            .to_owned()
    },
};

const UNSAFE_CHARACTER: Help = Help {
    // A character that some rule takes as it is (`xchar`) is out of place
    // here, not unsafe: escaping it would change what it means (§2.2).
    applies: |at| {
        at.escape_stands
            && at
                .found_char()
                .is_some_and(|c| c.is_ascii() && !crate::syntax::charclass::xchar(c as u8, at.spec))
    },
    message: |at| {
        let c = at.found_char().unwrap_or_default();
        format!(
            "encode {} as %{:02X}: {} does not allow it",
            printed(c),
            c as u32,
            at.spec.title()
        )
    },
};

const NON_ASCII_CHARACTER: Help = Help {
    applies: |at| at.escape_stands && at.found_char().is_some_and(|c| !c.is_ascii()),
    message: |at| {
        let c = at.found_char().unwrap_or_default();
        let mut utf8 = [0; 4];
        let escapes: String = c
            .encode_utf8(&mut utf8)
            .bytes()
            .map(|b| format!("%{b:02X}"))
            .collect();
        format!(
            "a URL is written in ASCII: encode '{c}' as escapes of its bytes ({escapes} in UTF-8)"
        )
    },
};

/// The bytes between "://" and the next "/" of `input`: where a login would be.
fn login_authority(input: &str) -> Option<std::ops::Range<usize>> {
    input.find("://").map(|start| {
        let rest = &input[start + 3..];
        start + 3..start + 3 + rest.find('/').unwrap_or(rest.len())
    })
}

/// A character as a help quotes it: printable ASCII as it is (`'"'`,
/// `'\'`), anything else by its escape.
fn printed(c: char) -> String {
    if c.is_ascii_graphic() || c == ' ' {
        format!("'{c}'")
    } else {
        format!("'{}'", c.escape_default())
    }
}

/// The authority of `input` (between "//" and the next '/', '?' or '#'),
/// where it has one after its scheme, and where it starts.
fn authority_of(input: &str) -> Option<(usize, &str)> {
    let start = input.find("://")? + 3;
    if !input[..start - 3]
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
    {
        return None;
    }
    let rest = &input[start..];
    let end = rest.find(['/', '?', '\\']).unwrap_or(rest.len());
    // A '#' with an '@' after it is in a password (`u:p#w@host`), not a
    // fragment's start.
    let end = match rest[..end].find('#') {
        Some(hash) if !rest[hash..end].contains('@') => hash,
        _ => end,
    };
    Some((start, &rest[..end]))
}

/// The host and port of an authority (after its last '@'), and where they
/// start in the input.
#[derive(Clone, Copy, Default)]
struct HostPort<'a> {
    start: usize,
    text: &'a str,
    /// How long the host is in `text`: worked out once, as the many
    /// helps of the host ask for it.
    host_len: usize,
}

impl<'a> HostPort<'a> {
    /// The host and port of the authority of `input`, where it has one (see
    /// [`authority_of`]).
    fn of(input: &'a str) -> Option<Self> {
        authority_of(input).map(|(start, text)| {
            let after_login = text.rfind('@').map_or(0, |at| at + 1);
            let text = &text[after_login..];
            // An IP literal to its ']', else up to the first ':'.
            let host_len = match literal_close(text) {
                Some(close) => close + 1,
                None => text.find(':').unwrap_or(text.len()),
            };
            Self {
                start: start + after_login,
                text,
                host_len,
            }
        })
    }

    /// Whether `offset` is in them or just after them.
    fn holds(self, offset: usize) -> bool {
        (self.start..=self.start + self.text.len()).contains(&offset)
    }

    /// Where an IP literal's ']' is in the text, when the host starts with
    /// '[' and has one.
    fn literal_close(self) -> Option<usize> {
        literal_close(self.text)
    }

    /// The host: an IP literal to its ']', else up to the first ':'.
    fn host(self) -> &'a str {
        &self.text[..self.host_len]
    }

    /// The port: after the ':' that follows the host, where there is one.
    fn port(self) -> Option<&'a str> {
        self.text[self.host().len()..].strip_prefix(':')
    }

    /// Where the host ends in the input.
    fn host_end(self) -> usize {
        self.start + self.host().len()
    }
}

/// Where an IP literal's ']' is in a host and port, when they start with
/// '[' and have one.
fn literal_close(host_port: &str) -> Option<usize> {
    host_port
        .starts_with('[')
        .then(|| host_port.find(']'))
        .flatten()
}

/// Where an error is, as the helps read it.
#[derive(Clone, Copy)]
struct At<'a> {
    input: &'a str,
    spec: Spec,
    scheme: Option<Scheme>,
    offset: usize,
    found: Found,
    expected: &'a [Expected],
    /// A rule expected there takes escapes.
    takes_escapes: bool,
    /// A host name is expected there.
    names_host: bool,
    /// An escape of the character found would stand where it is
    /// (`escape_would_stand`): worked out once, as three helps ask.
    escape_stands: bool,
    judged: Judged,
    /// The host and port of the authority, where there is one: worked out
    /// once, as the many helps of the host ask for them.
    host_port: Option<HostPort<'a>>,
}

impl<'a> At<'a> {
    /// Whether the rule `node` is among those expected.
    fn wants(&self, node: Node) -> bool {
        self.expected
            .contains(&Expected::Rule(GrammarRule(node, self.spec)))
    }

    /// Whether a user name or user information is expected here.
    fn wants_a_user(&self) -> bool {
        self.wants(Node::userinfo) || self.wants(Node::user) || self.wants(Node::password)
    }

    /// The input from the error to the end of the authority it is in.
    fn rest_of_authority(&self) -> &'a str {
        self.rest().split(['/', '#']).next().unwrap_or_default()
    }

    /// Whether the found character, escaped, could stand here as data: a
    /// rule expected here takes escapes, and it is not only the user
    /// information, which an "@" must end (`ftp://h?x` expects `userinfo`
    /// at the '?', but with no "@" after it `h%3Fx` is no host).
    fn escape_would_stand(&self) -> bool {
        self.expected.iter().any(|item| match item {
            // Where a host starts, an escape of a delimiter names no host
            // that anyone means (`gopher://:x@h/`).
            Expected::Rule(rule) if rule.0 == Node::host_start => false,
            Expected::Rule(rule) if rule.takes_escapes(self.spec) => {
                !matches!(rule.0, Node::userinfo | Node::user | Node::password)
                    || self.rest().contains('@')
            }
            _ => false,
        })
    }

    /// The character found at the error, if it is one.
    fn found_char(&self) -> Option<char> {
        match self.found {
            Found::Char(c) => Some(c),
            Found::Byte(_) | Found::End => None,
        }
    }

    /// The input before the error.
    fn before(&self) -> &'a str {
        &self.input[..self.offset]
    }

    /// The input from the error on.
    fn rest(&self) -> &'a str {
        &self.input[self.offset..]
    }

    /// The input up to its first '/', '?' or '#': the scheme and authority,
    /// or a host, where it starts with them.
    fn first_part(&self) -> &'a str {
        self.input.split(['/', '?', '#']).next().unwrap_or_default()
    }

    /// Whether the input may be a URL or reference written without its
    /// scheme: read as a URL, not by RFC 2396 (whose own helps say it), and
    /// with no ':' before the error.
    fn may_lack_scheme(&self) -> bool {
        self.judged == Judged::Url && self.spec != Spec::Rfc2396 && !self.before().contains(':')
    }

    /// The host and port of the authority; empty where there is none, as
    /// the host's helps are asked only where there is one.
    fn host_port(&self) -> HostPort<'a> {
        self.host_port.unwrap_or_default()
    }

    /// What follows the known scheme's name and ':'; empty without one.
    fn after_scheme(&self) -> &'a str {
        self.scheme
            .map_or("", |scheme| &self.input[scheme.name().len() + 1..])
    }

    /// Whether the error is at or before the end of the authority, where a
    /// login would be (see [`login_authority`]).
    fn in_login_authority(&self) -> bool {
        login_authority(self.input).is_some_and(|range| self.offset <= range.end)
    }
}

/// Helps for the shapes that URLs of today take and these documents refuse,
/// the same under every specification: an empty input, invisible characters
/// and whitespace around it, text that holds or stands for a URL, scp's
/// `user@host:path`, Windows paths, a known scheme's form not followed, then
/// IP literals, empty hosts and ports, host names with '_' or empty labels.
fn shape_help(at: At<'_>) -> Option<String> {
    first_that_applies(&INPUT_HELPS, at)
        .or_else(|| first_that_applies(&TEXT_HELPS, at))
        .or_else(|| first_that_applies(&PATH_HELPS, at))
        .or_else(|| first_that_applies(&SCHEME_FORM_HELPS, at))
        .or_else(|| host_help(at))
}

/// Helps for the input as a whole: empty, or with what copied text brings.
const INPUT_HELPS: [Help; 3] = [EMPTY_INPUT, INVISIBLE_CHARACTER, LEADING_WHITESPACE];

const EMPTY_INPUT: Help = Help {
    applies: |at| at.input.is_empty(),
    message: |_| {
        "the input is empty: a URL has at least a scheme, ':' and what the scheme takes".to_owned()
    },
};

const INVISIBLE_CHARACTER: Help = Help {
    applies: |at| at.found_char().is_some_and(fix::is_invisible),
    message: |at| {
        format!(
            "U+{:04X} is an invisible character (copied text brings it along), no part of a URL: \
             remove it",
            u32::from(at.found_char().unwrap_or_default())
        )
    },
};

const LEADING_WHITESPACE: Help = Help {
    applies: |at| at.offset == 0 && at.input.starts_with(char::is_whitespace),
    message: |_| "the text starts with whitespace, which is no part of a URL: remove it".to_owned(),
};

/// Helps for paths written as other tools write them: scp's and git's
/// `user@host:path`, and Windows paths with their '\'.
const PATH_HELPS: [Help; 4] = [SCP_PATH, WINDOWS_PATH, BACKSLASH, BACKSLASH_IN_HOST_NAME];

const SCP_PATH: Help = Help {
    applies: |at| at.found == Found::Char('@') && scp_path(at.input).is_some(),
    message: |at| {
        let (login, path) = scp_path(at.input).unwrap_or_default();
        format!(
            "{} is scp's and git's way of naming a path over SSH, not a URL; as a URL it is \
             `ssh://{login}/{}`",
            quoted(shortened(at.input).as_ref()),
            path.trim_start_matches('/')
        )
    },
};

/// scp's and git's `user@host:path`, as its login (`user@host`) and path.
fn scp_path(input: &str) -> Option<(&str, &str)> {
    if input.contains("://") {
        return None;
    }
    let (login, path) = input.split_once(':')?;
    let (user, host) = login.split_once('@')?;
    (!user.is_empty()
        && !host.is_empty()
        && host
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.')))
    .then_some((login, path))
}

const WINDOWS_PATH: Help = Help {
    // A drive letter, ':' and '\'.
    applies: |at| {
        at.input.len() > 2
            && at.input.as_bytes()[0].is_ascii_alphabetic()
            && at.input[1..].starts_with(":\\")
    },
    message: |at| {
        format!(
            "a Windows path, not a URL: as a file URL it is `file:///{}`",
            at.input.replace('\\', "/")
        )
    },
};

const BACKSLASH: Help = Help {
    // Not inside a host name, which '/' would cut (a host help says more).
    applies: |at| at.found == Found::Char('\\') && !fix::backslash_in_host_name(at.input),
    message: |_| {
        "'\\' separates nothing in a URL (Windows paths, and browsers that read \
         them, use it): write '/'"
            .to_owned()
    },
};

const BACKSLASH_IN_HOST_NAME: Help = Help {
    applies: |at| at.found == Found::Char('\\') && fix::backslash_in_host_name(at.input),
    message: |_| {
        "a host name holds letters, digits, '-' and '.' (RFC 1034 §3.5), and '\\' is none of \
         them: it separates nothing in a URL, and written '/' it would end the host"
            .to_owned()
    },
};

/// The helps of the host and port, where the error is in them. A file URL
/// may leave its host empty (`file:///path`): none of them is for it then.
fn host_help(at: At<'_>) -> Option<String> {
    let host_port = at
        .host_port
        .filter(|host_port| host_port.holds(at.offset))?;
    if at.scheme == Some(Scheme::File) && host_port.text.is_empty() {
        return None;
    }
    // draft-07's host name is `alpha *uchar`, not RFC 1034's.
    let host_name_helps: &[Help] = if at.spec == Spec::Draft07 {
        &DRAFT07_HOST_NAME_HELPS
    } else {
        &HOST_NAME_HELPS
    };
    first_that_applies(&HOST_PORT_HELPS, at)
        .or_else(|| {
            (at.offset <= host_port.host_end())
                .then(|| first_that_applies(host_name_helps, at))
                .flatten()
        })
        .or_else(|| first_that_applies(&[LOGIN_WITHOUT_HOST], at))
}

/// Helps for the host and port together: IP literals, empty hosts, escapes,
/// lists of hosts, ports that are no port.
const HOST_PORT_HELPS: [Help; 9] = [
    IP_LITERAL_TOO_NEW,
    HOST_NAME_IN_BRACKETS,
    IPV6_WITHOUT_BRACKETS,
    EMPTY_HOST,
    ESCAPE_IN_HOST,
    LIST_OF_HOSTS,
    AFTER_IP_LITERAL,
    SECOND_PORT,
    PORT_NOT_A_NUMBER,
];

const IP_LITERAL_TOO_NEW: Help = Help {
    applies: |at| {
        at.host_port().text.starts_with('[')
            && (at.spec != Spec::Rfc3986 || ip_literal_refused_under_rfc3986(at))
    },
    message: |at| {
        if at.spec == Spec::Rfc3986 {
            "IP literals in brackets (`[::1]`, IPv6) are RFC 3986's, but this scheme's \
             document (rfc1738bis §2.1) names a host by a domain name or by four decimal \
             numbers"
                .to_owned()
        } else {
            format!(
                "IP literals in brackets (`[::1]`, IPv6) came with RFC 2732 and RFC 3986; {} \
                 names a host by a name or four decimal numbers",
                at.spec.title()
            )
        }
    },
};

/// Under RFC 3986, whether the scheme's rule refuses the IP literal itself:
/// the error is at its '[', and the input with an IPv4 address in its place
/// is taken. (RFC 3986's own host takes IP literals; the schemes of
/// rfc1738bis do not.)
fn ip_literal_refused_under_rfc3986(at: At<'_>) -> bool {
    let host_port = at.host_port();
    let Some(close) = host_port.literal_close() else {
        return false;
    };
    let literal = host_port.start..host_port.start + close + 1;
    at.offset == host_port.start
        && fix::accepts(
            &[
                &at.input[..literal.start],
                "192.0.2.1",
                &at.input[literal.end..],
            ]
            .concat(),
            at.spec,
            at.judged,
        )
}

const HOST_NAME_IN_BRACKETS: Help = Help {
    applies: |at| {
        let host_port = at.host_port();
        // Inside the brackets: past the ']', the literal is not what failed.
        host_port.text.starts_with('[')
            && at.offset > host_port.start
            && host_port
                .literal_close()
                .is_none_or(|close| at.offset <= host_port.start + close)
    },
    message: |_| {
        "between '[' and ']' goes an IPv6 address (or a future IP version, `v1.x`); a host \
         name goes without brackets"
            .to_owned()
    },
};

/// A character right after an IP literal's ']' that no authority takes
/// there: the literal ends the host.
const AFTER_IP_LITERAL: Help = Help {
    applies: |at| {
        let host_port = at.host_port();
        host_port
            .literal_close()
            .is_some_and(|close| at.offset == host_port.start + close + 1)
            // A '?' is the query's, which the form's own help speaks of;
            // a character that ends the text, punctuation's.
            && at.found_char().is_some_and(|c| c != '?')
            && at.rest().chars().nth(1).is_some()
    },
    message: |_| {
        "an IP literal ends the host at its ']': a ':' and the port may follow it, then the \
         path"
            .to_owned()
    },
};

const IPV6_WITHOUT_BRACKETS: Help = Help {
    applies: |at| {
        // An IPv6 address as written, not a host number and a port or two.
        at.host_port().text.parse::<std::net::Ipv6Addr>().is_ok()
    },
    message: |at| {
        let text = at.host_port().text;
        if at.spec == Spec::Rfc3986 {
            format!("an IPv6 address as a host goes in brackets: `[{text}]`")
        } else {
            format!(
                "an IPv6 address as a host goes in brackets, `[{text}]`, which RFC 3986 has \
                 and {} does not",
                at.spec.title()
            )
        }
    },
};

const EMPTY_HOST: Help = Help {
    applies: |at| {
        let text = at.host_port().text;
        text.is_empty() || text.starts_with(':')
    },
    message: |at| {
        format!(
            "the host is empty: {} names a host after \"//\" (a name such as `example.com`, \
             or a number such as `192.0.2.1`)",
            at.spec.title()
        )
    },
};

const ESCAPE_IN_HOST: Help = Help {
    // draft-07's host name takes escapes (`hostname = alpha *uchar`), and
    // so does RFC 3986's `reg-name`; rfc1738bis's host name does not.
    applies: |at| {
        at.host_port().host().contains('%')
            && match at.spec {
                Spec::Rfc1738 | Spec::Rfc2396 => true,
                Spec::Draft07 => false,
                Spec::Rfc3986 => at.names_host,
            }
    },
    message: |at| {
        format!(
            "{} takes no escapes in a host name: a host name holds letters, digits, '-' and \
             '.'",
            if at.spec == Spec::Rfc3986 {
                "rfc1738bis (§2.1)"
            } else {
                at.spec.title()
            }
        )
    },
};

const LIST_OF_HOSTS: Help = Help {
    applies: |at| {
        let text = at.host_port().text;
        text.contains(',') && text.contains(':')
    },
    message: |at| {
        format!(
            "one host a URL: a list of hosts, {}, is a convention of some database clients, not \
             of the URL's syntax",
            quoted(at.host_port().text)
        )
    },
};

const SECOND_PORT: Help = Help {
    applies: |at| at.host_port().port().is_some_and(|port| port.contains(':')),
    message: |at| {
        let host_port = at.host_port();
        format!(
            "a host takes one port, and {} has {}",
            quoted(host_port.text),
            host_port.port().unwrap_or_default().matches(':').count() + 1
        )
    },
};

const PORT_NOT_A_NUMBER: Help = Help {
    applies: |at| {
        let host_port = at.host_port();
        host_port
            .port()
            .is_some_and(|port| !port.bytes().all(|b| b.is_ascii_digit()))
            && at.offset > host_port.host_end()
    },
    message: |at| {
        format!(
            "a port is a decimal number (`port = digits`), and {} is none: the number the \
             server listens on, such as 8080",
            quoted(at.host_port().port().unwrap_or_default())
        )
    },
};

/// Helps for the host name, where the error is in it: letters it may not
/// hold, empty labels, a label that starts with '-'.
const HOST_NAME_HELPS: [Help; 7] = [
    NON_ASCII_HOST_NAME,
    UNDERSCORE_IN_HOST_NAME,
    EMPTY_LABEL,
    LABEL_STARTS_WITH_HYPHEN,
    FILE_HOST_WITH_PORT,
    WHITESPACE_IN_HOST_NAME,
    OTHER_CHARACTER_IN_HOST_NAME,
];

/// The text after "//" holds a character no host name has, so the grammar
/// read it as a user name, and the '@' that ends one is missing where the
/// path (or the URL) starts: the host is what is wrong, not the '/'.
const LOGIN_WITHOUT_HOST: Help = Help {
    applies: |at| {
        let host_port = at.host_port();
        at.offset == host_port.start + host_port.text.len()
            && matches!(at.found, Found::Char('/' | '?') | Found::End)
            && at.expected.contains(&Expected::Literal("@".to_owned()))
            && not_in_host_name(at).is_some()
    },
    message: |at| {
        let host_port = at.host_port();
        let (at_byte, c) = not_in_host_name(at).unwrap_or_default();
        format!(
            "{} is no host name: {} (at byte {}) is none of its characters{}; read as a user \
             name, it lacks the '@' and the host that follow one",
            quoted(host_port.host()),
            printed(c),
            host_port.start + at_byte,
            if at.spec == Spec::Draft07 {
                " (`hostname = alpha *uchar`)"
            } else {
                " (letters, digits, '-' and '.')"
            }
        )
    },
};

/// The first character of the host that no host name of the spec holds,
/// and where it is in the host.
fn not_in_host_name(at: At<'_>) -> Option<(usize, char)> {
    at.host_port().host().char_indices().find(|&(_, c)| {
        let allowed = match at.spec {
            // uchar: unreserved (safe, extra, national) or an escape's '%'.
            Spec::Draft07 => {
                c.is_ascii() && (crate::syntax::charclass::uchar(c as u8, at.spec) || c == '%')
            }
            _ => c.is_ascii_alphanumeric() || matches!(c, '-' | '.'),
        };
        !allowed
    })
}

const NON_ASCII_HOST_NAME: Help = Help {
    applies: |at| !at.host_port().host().is_ascii(),
    message: |at| {
        format!(
            "a host name is written in ASCII: an internationalized name goes in punycode, as \
             IDNA writes it{}",
            if at.spec == Spec::Rfc3986 {
                " (RFC 3986 §3.2.2), or as escapes of its UTF-8 bytes"
            } else {
                ""
            }
        )
    },
};

const UNDERSCORE_IN_HOST_NAME: Help = Help {
    // The '_' is where the error is, or before it: not after another
    // character that the name cannot hold.
    applies: |at| {
        let host_port = at.host_port();
        host_port
            .host()
            .find('_')
            .is_some_and(|at_byte| host_port.start + at_byte <= at.offset)
    },
    message: |at| {
        let host_port = at.host_port();
        let host = host_port.host();
        format!(
            "a host name holds letters, digits, '-' and '.' (RFC 1034 §3.5), and {} holds '_' \
             (at byte {}); an escape cannot stand in for it in a host name",
            quoted(host),
            host_port.start + host.find('_').unwrap_or_default()
        )
    },
};

const EMPTY_LABEL: Help = Help {
    applies: |at| {
        let host = at.host_port().host();
        host.contains("..") || host.starts_with('.')
    },
    message: |at| {
        format!(
            "a host name has no empty label: {} has a '.' too many",
            quoted(at.host_port().host())
        )
    },
};

const LABEL_STARTS_WITH_HYPHEN: Help = Help {
    applies: |at| {
        let host = at.host_port().host();
        host.starts_with('-') || host.contains(".-")
    },
    message: |_| "a host name label starts with a letter or a digit, not '-'".to_owned(),
};

const FILE_HOST_WITH_PORT: Help = Help {
    applies: |at| at.scheme == Some(Scheme::File) && at.found == Found::Char(':'),
    message: |_| "a file URL names a host without a port: `file://host/path`".to_owned(),
};

const WHITESPACE_IN_HOST_NAME: Help = Help {
    applies: |at| at.found_char().is_some_and(char::is_whitespace),
    message: |at| {
        format!(
            "a host name holds no whitespace: {} has {} in it",
            quoted(at.host_port().host()),
            printed(at.found_char().unwrap_or_default())
        )
    },
};

const OTHER_CHARACTER_IN_HOST_NAME: Help = Help {
    applies: |at| {
        at.offset < at.host_port().host_end()
            && at
                .found_char()
                .is_some_and(|c| !(c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '%')))
    },
    message: |at| {
        format!(
            "a host name holds letters, digits, '-' and '.' (RFC 1034 §3.5), and {} is none \
             of them; an escape cannot stand in for it",
            printed(at.found_char().unwrap_or_default())
        )
    },
};

/// The helps of [`HOST_NAME_HELPS`] that hold under draft-07, whose host
/// name is a letter and then any `uchar` (`_`, `..` and escapes included),
/// and what it refuses instead.
const DRAFT07_HOST_NAME_HELPS: [Help; 4] = [
    NON_ASCII_HOST_NAME,
    FILE_HOST_WITH_PORT,
    WHITESPACE_IN_HOST_NAME,
    DRAFT07_CHARACTER_IN_HOST,
];

const DRAFT07_CHARACTER_IN_HOST: Help = Help {
    applies: |at| {
        at.offset < at.host_port().host_end()
            && at
                .found_char()
                .is_some_and(|c| c.is_ascii_graphic() && c != '%')
            && !super::report::in_escape(at.before())
    },
    message: |at| {
        let c = printed(at.found_char().unwrap_or_default());
        if at.offset == at.host_port().start {
            format!(
                "a host starts with a letter, as a host name (`hostname = alpha *uchar`), or \
                 with a digit, as a host number, and {c} is neither"
            )
        } else {
            format!(
                "a host name is a letter and then letters, digits, escapes and the `safe`, \
                 `extra` and `national` characters (`hostname = alpha *uchar`), and {c} is none \
                 of them"
            )
        }
    },
};

/// Helps for text that is not a URL but holds one or stands for one: a
/// defanged URL, a template, a reference or host without a scheme, an
/// e-mail address, a link in markup, a URL with text around it.
const TEXT_HELPS: [Help; 13] = [
    DEFANGED,
    TEMPLATE,
    SPACE_IN_SCHEME,
    CHARACTER_IN_SCHEME,
    RELATIVE_REFERENCE,
    SHELL_PATH,
    NETWORK_PATH_REFERENCE,
    EMAIL_ADDRESS,
    SCHEME_COLON_MISTYPED,
    WITHOUT_SCHEME,
    MARKUP_LINK,
    ENCLOSED_IN_DELIMITERS,
    CLOSER_AFTER_URL,
];

const DEFANGED: Help = Help {
    applies: |at| {
        at.input.contains("[:]")
            || at.input.contains("[.]")
            || at
                .input
                .get(..4)
                .is_some_and(|start| start.eq_ignore_ascii_case("hxxp"))
    },
    message: |_| {
        "a defanged URL, written so that nobody follows it by accident (`[:]`, `[.]`, \
         `hxxp`): it is no URL as it is"
            .to_owned()
    },
};

const TEMPLATE: Help = Help {
    applies: |at| template_marker(at.input).is_some(),
    message: |at| {
        format!(
            "a template, not a URL: {} stands for a part to fill in; check the URL it makes",
            quoted(template_marker(at.input).unwrap_or_default())
        )
    },
};

/// The first mark of a template in `input`: `${host}`, `{{host}}`, `%s`,
/// `<host>`, `{host}`, `[:port]`, `[user@]`.
fn template_marker(input: &str) -> Option<&str> {
    let bytes = input.as_bytes();
    // Every mark holds one of these: most inputs are passed over in one
    // look at their bytes, and a mark is looked for only where its first
    // character is.
    let has = |mark: u8| memchr::memchr(mark, bytes).is_some();
    let (dollar, brace, percent, angle, bracket) =
        (has(b'$'), has(b'{'), has(b'%'), has(b'<'), has(b'['));
    if !(dollar || brace || percent || angle || bracket || has(b'@')) {
        return None;
    }
    // `%d` before a hex digit is an escape (`%dF`), not printf's mark.
    let printf_d = || {
        memchr::memchr_iter(b'%', bytes).any(|at| {
            bytes.get(at + 1) == Some(&b'd')
                && !bytes.get(at + 2).is_some_and(u8::is_ascii_hexdigit)
        })
    };
    [("${", dollar), ("{{", brace), ("%s", percent)]
        .into_iter()
        .find(|&(marker, possible)| possible && input.contains(marker))
        .map(|(marker, _)| marker)
        .or_else(|| (percent && printf_d()).then_some("%d"))
        .or_else(|| angle.then(|| word_between(input, '<', '>')).flatten())
        .or_else(|| brace.then(|| word_between(input, '{', '}')).flatten())
        .or_else(|| {
            ["[:", "[["]
                .into_iter()
                .find(|marker| bracket && optional_part(input, marker))
        })
        .or_else(|| optional_user(input))
}

/// A template's optional user, as written (`[user@]`, `[name@]`): an
/// opening bracket that `@]` closes.
fn optional_user(input: &str) -> Option<&str> {
    let end = input.find("@]")? + 2;
    let open = input[..end].rfind('[')?;
    Some(&input[open..end])
}

/// Whether `marker` stands before a letter in `input`, as a template's
/// optional part starts (`[:port]`).
fn optional_part(input: &str, marker: &str) -> bool {
    input
        .match_indices(marker)
        .any(|(at, _)| input[at + marker.len()..].starts_with(|c: char| c.is_ascii_alphabetic()))
}

/// The first word between `open` and `close` in `input`, brackets and all,
/// as templates write what to fill in (`<name>`, `{name}`).
fn word_between(input: &str, open: char, close: char) -> Option<&str> {
    input.match_indices(open).find_map(|(at, _)| {
        // A name is short: look no further, so that many openers cost
        // a bounded look each.
        let rest = &input[at + 1..];
        let mut window = rest.len().min(64);
        while !rest.is_char_boundary(window) {
            window -= 1;
        }
        let rest = &rest[..window];
        let end = rest.find(close)?;
        let word = &rest[..end];
        (!word.is_empty()
            && word
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-')))
        .then(|| &input[at..at + end + 2])
    })
}

const SPACE_IN_SCHEME: Help = Help {
    applies: |at| {
        at.input.find("://").is_some_and(|separator| {
            let scheme = &at.input[..separator];
            scheme.trim_end() != scheme && !scheme.trim().contains(char::is_whitespace)
        })
    },
    message: |_| "a scheme holds no whitespace: remove the space before ':'".to_owned(),
};

const CHARACTER_IN_SCHEME: Help = Help {
    applies: |at| scheme_interrupted(at).is_some(),
    message: |at| {
        let (scheme, c) = scheme_interrupted(at).unwrap_or_default();
        format!(
            "a scheme name holds letters, digits, '+', '-' and '.', and {} in {} is none of them",
            printed(c),
            quoted(scheme)
        )
    },
};

/// The scheme as written up to its ':', and the character found in it,
/// where the error is at a character that no scheme name holds, after the
/// start of a name and before the ':' that ends it (`ht tp://`, `ht_tp://`).
fn scheme_interrupted(at: At<'_>) -> Option<(&str, char)> {
    // RFC 1738's `scheme` class, in either case.
    let is_scheme_byte = |b: u8| crate::syntax::charclass::scheme_char(b.to_ascii_lowercase());
    let c = at
        .found_char()
        .filter(|&c| c != ':' && !c.is_ascii_alphanumeric())?;
    let before = at.before();
    let rest = at.rest();
    let colon = rest
        .find([':', '/', '?', '#'])
        .filter(|&end| rest[end..].starts_with(':'))?;
    (before.starts_with(|c: char| c.is_ascii_alphabetic())
        && before.bytes().all(is_scheme_byte)
        && !matches!(c, '+' | '-' | '.'))
    .then(|| (&at.input[..at.offset + colon], c))
}

const RELATIVE_REFERENCE: Help = Help {
    applies: |at| {
        at.may_lack_scheme()
            && at.input.starts_with(['/', '.', '?', '#'])
            && !at.input.starts_with("//")
    },
    message: |_| {
        "a relative reference, not a URL: it takes its meaning from a base URL; resolve \
         it against one (`rfc1738 resolve BASE REF`), or check it as a reference \
         (`--spec rfc3986 --reference`)"
            .to_owned()
    },
};

const SHELL_PATH: Help = Help {
    applies: |at| at.may_lack_scheme() && at.input.starts_with("~/"),
    message: |_| {
        "a shell's path (`~` is the home folder), not a URL: a file URL holds \
         the whole path, `file:///home/...`"
            .to_owned()
    },
};

const NETWORK_PATH_REFERENCE: Help = Help {
    applies: |at| at.may_lack_scheme() && at.input.starts_with("//"),
    message: |at| {
        format!(
            "a reference without a scheme (a network-path reference, `//host/path`), which \
             takes the scheme of the page it is on; as a URL, write the scheme: `http://{}`",
            shortened(&at.input["//".len()..])
        )
    },
};

const EMAIL_ADDRESS: Help = Help {
    applies: |at| {
        let first = at.first_part();
        at.may_lack_scheme()
            && !first.contains(':')
            && first
                .split_once('@')
                .is_some_and(|(user, domain)| !user.is_empty() && domain.contains('.'))
    },
    message: |at| {
        // `Name <address>`: the URL holds the address alone.
        let address = match (at.input.find('<'), at.input.rfind('>')) {
            (Some(open), Some(close)) if open < close && at.input[open..close].contains('@') => {
                &at.input[open + 1..close]
            }
            _ => at.input,
        };
        format!(
            "an e-mail address, not a URL: as a URL it is `mailto:{}`",
            shortened(address)
        )
    },
};

const SCHEME_COLON_MISTYPED: Help = Help {
    applies: |at| at.may_lack_scheme() && mistyped_scheme(at.input).is_some(),
    message: |at| {
        let (name, rest) = mistyped_scheme(at.input).unwrap_or_default();
        format!(
            "the ':' after the scheme is missing or mistyped: `{name}://{}`",
            shortened(rest)
        )
    },
};

/// A scheme's name and what follows its "//", where the ':' between them is
/// missing or mistyped (`http//host`, `http;//host`).
fn mistyped_scheme(input: &str) -> Option<(&str, &str)> {
    let slashes = input.find("//").filter(|&slashes| slashes > 0)?;
    let name = input[..slashes].trim_end_matches([':', ';', '.', ',']);
    (name.len() + 1 >= slashes && name.bytes().all(|b| b.is_ascii_alphabetic()))
        // `http//:host`: the ':' typed after the slashes.
        .then(|| (name, input[slashes + 2..].trim_start_matches(':')))
}

const WITHOUT_SCHEME: Help = Help {
    applies: |at| {
        let first = at.first_part();
        at.may_lack_scheme()
            && first.contains('.')
            && !first.contains(['@', ':', ' '])
            && first.starts_with(|c: char| c.is_ascii_alphanumeric())
            && first
                .split('.')
                .all(|label| !label.is_empty() || first.ends_with('.'))
    },
    message: |at| {
        format!(
            "written without its scheme: as a URL it would be `http://{}` or `https://...`, \
             but only its writer knows the scheme",
            shortened(at.input)
        )
    },
};

const MARKUP_LINK: Help = Help {
    applies: |at| markup_link_start(at.input).is_some_and(|start| at.offset < start),
    message: |at| {
        let url = &at.input[markup_link_start(at.input).unwrap_or_default()..];
        let end = url.find(['"', '\'', ')', '>']).unwrap_or(url.len());
        format!(
            "a link in Markdown or HTML, not a URL: the URL in it is {} (`rfc1738 extract` finds \
             the URLs in text)",
            quoted(&url[..end])
        )
    },
};

/// Where the URL of a link in Markdown (`[text](url)`) or HTML
/// (`href="url"`) starts in `input`, where it holds one.
fn markup_link_start(input: &str) -> Option<usize> {
    memchr::memchr2(b'(', b'=', input.as_bytes())?;
    input.find("](").map(|at| at + 2).or_else(|| {
        input
            .as_bytes()
            .windows(5)
            .position(|five| five.eq_ignore_ascii_case(b"href="))
            .map(|at| at + 5 + usize::from(input[at + 5..].starts_with(['"', '\''])))
    })
}

const ENCLOSED_IN_DELIMITERS: Help = Help {
    // After the openers, a scheme and ':'.
    applies: |at| {
        let after_openers = at.input.trim_start_matches(fix::OPENERS);
        at.offset == 0
            && at.input.starts_with(fix::OPENERS)
            && after_openers.find(':').is_some_and(|colon| {
                colon > 0
                    && after_openers[..colon]
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
            })
    },
    message: |at| {
        let after_openers = at.input.trim_start_matches(fix::OPENERS);
        let openers = &at.input[..at.input.len() - after_openers.len()];
        let closed = openers.chars().any(|opener| {
            fix::OPENERS
                .iter()
                .position(|&known| known == opener)
                .is_some_and(|index| after_openers.contains(fix::CLOSERS[index]))
        });
        if closed {
            "the URL is enclosed in delimiters that text puts around URLs, which are no part \
             of it: remove them"
                .to_owned()
        } else {
            let mut chars = openers.chars();
            let shown = match (chars.next(), chars.next()) {
                (Some(opener), None) => format!("'{opener}'"),
                _ => quoted(openers),
            };
            format!(
                "{shown} before the URL opens the text around it and is no part of the URL: \
                 remove it"
            )
        }
    },
};

const CLOSER_AFTER_URL: Help = Help {
    // A closer that no opener of the input opens, and only closers and
    // punctuation after it.
    applies: |at| {
        at.found_char().is_some_and(|c| {
            let opener = fix::CLOSERS
                .iter()
                .position(|&closer| closer == c)
                .map(|index| fix::OPENERS[index]);
            opener.is_some_and(|opener| opener == c || !at.before().contains(opener))
                && at.rest().chars().all(|c| {
                    fix::CLOSERS.contains(&c) || matches!(c, '.' | ',' | ';' | ':' | '!' | '?')
                })
        })
    },
    message: |at| {
        format!(
            "{} after the URL closes the text around it and is no part of the URL: remove it",
            quoted(at.rest())
        )
    },
};

/// A URL and more text after whitespace, where an escape cannot stand for
/// the space: the help when no other one applies.
const URL_THEN_MORE_TEXT: Help = Help {
    applies: |at| {
        at.found_char().is_some_and(char::is_whitespace)
            && !at.takes_escapes
            && at.offset > 0
            && fix::accepts(at.before(), at.spec, Judged::Url)
            && !at.rest().trim().is_empty()
    },
    message: |at| {
        format!(
            "a URL ends at whitespace: {} is one, and {} after it is no part of it; if the space \
             belongs to the URL, write it as %20",
            quoted(at.before()),
            quoted(at.rest().trim())
        )
    },
};

/// Helps for a known scheme whose form is not followed: "//" left out, the
/// scheme written twice, a telnet path, a news article by number.
const SCHEME_FORM_HELPS: [Help; 7] = [
    SLASHES_LEFT_OUT,
    SCHEME_WRITTEN_TWICE,
    TELNET_PATH,
    NEWS_ID_IN_BRACKETS,
    MAILTO_DISPLAY_NAME,
    NEWS_FORM,
    NNTP_MESSAGE_ID,
];

const SLASHES_LEFT_OUT: Help = Help {
    applies: |at| {
        at.scheme.is_some_and(|scheme| {
            let name = scheme.name();
            !matches!(scheme, Scheme::Mailto | Scheme::News)
                && !at.after_scheme().starts_with("//")
                && at.offset <= name.len() + 3
        })
    },
    message: |at| {
        let name = at.scheme.map_or("", Scheme::name);
        if at.spec == Spec::Rfc2396 && at.scheme == Some(Scheme::File) {
            // uri(7)'s second form: `file:/etc/passwd`.
            return "file URIs start with \"file://\", or with \"file:/\" and the path from the \
                    root (uri(7): file:/etc/passwd)"
                .to_owned();
        }
        format!("{name} URLs start with \"{name}://\"")
    },
};

const SCHEME_WRITTEN_TWICE: Help = Help {
    applies: |at| {
        at.scheme.is_some_and(|scheme| {
            let name = scheme.name();
            at.after_scheme().strip_prefix("//").is_some_and(|again| {
                again.get(..name.len()).is_some_and(|start| {
                    start.eq_ignore_ascii_case(name) && again[name.len()..].starts_with("://")
                })
            })
        })
    },
    message: |at| {
        format!(
            "the scheme is written twice: remove one \"{}://\"",
            at.scheme.map_or("", Scheme::name)
        )
    },
};

const TELNET_PATH: Help = Help {
    applies: |at| {
        at.scheme == Some(Scheme::Telnet)
            && at.found_char().is_some()
            && at.after_scheme().starts_with("//")
            && at.offset > "telnet".len() + 3
            // Past the '/' that ends the host and port: an error in them
            // is theirs.
            && at.input[..at.offset]
                .get("telnet://".len()..)
                .is_some_and(|authority_on| authority_on.contains('/'))
            // A ':' that no port follows is that error, not a path.
            && !(PORT_LEFT_EMPTY.applies)(at)
    },
    message: |_| format!("{TELNET_FORM}: it names a terminal session, not a path"),
};

const NEWS_ID_IN_BRACKETS: Help = Help {
    applies: |at| at.scheme == Some(Scheme::News) && at.after_scheme().starts_with('<'),
    message: |_| {
        "a news URL writes the message ID without the '<' and '>' of mail headers: \
         `news:id@host`"
            .to_owned()
    },
};

const MAILTO_DISPLAY_NAME: Help = Help {
    applies: |at| {
        let after = at.after_scheme();
        // Quotes alone may be an `addr-spec`'s own (`"john q"@host`): a URL
        // escapes them.
        at.scheme == Some(Scheme::Mailto) && (after.contains('<') || after.contains(" ("))
    },
    message: |at| {
        let form = match at.spec {
            Spec::Draft07 => "draft-07 §3.5: an `addr-spec`",
            Spec::Rfc2396 => "uri(7): `mailto:email-address`",
            Spec::Rfc1738 | Spec::Rfc3986 => "RFC 1738 §3.5: an `addr-spec`",
        };
        format!(
            "a mailto URL holds the address alone ({form}), without a display name or a comment"
        )
    },
};

const NEWS_FORM: Help = Help {
    applies: |at| at.scheme == Some(Scheme::News),
    message: |_| {
        "a news URL names a group (`news:comp.lang.ada`), every group (`news:*`) \
         or an article by its message ID (`news:id@host`); \
         an article by its number in a group needs nntp: `nntp://host/group/123`"
            .to_owned()
    },
};

const NNTP_MESSAGE_ID: Help = Help {
    applies: |at| {
        // In the path: an '@' before it is a user's.
        at.scheme == Some(Scheme::Nntp) && {
            let path = login_authority(at.input).map_or(0, |authority| authority.end);
            at.input[path..].contains(['<', '@'])
        }
    },
    message: |_| {
        "an nntp URL names an article by its number in the group (`nntp://host/group/123`); \
         by its message ID, write a news URL: `news:id@host`"
            .to_owned()
    },
};

/// The helps that only RFC 2396's grammar calls for: relative and
/// abbreviated references where an absolute URI was wanted, fragments, and
/// uri(7)'s KDE info form.
const RFC2396_HELPS: [Help; 11] = [
    RFC2396_ESCAPE_CUT_SHORT,
    RFC2396_NO_SCHEME,
    RFC2396_NO_SERVER,
    RFC2396_NOTHING_AFTER_SCHEME,
    RFC2396_QUERY_ALONE,
    KDE_INFO_SPACE,
    GNOME_INFO_SPACE,
    SECOND_FRAGMENT,
    FRAGMENT_TOO_EARLY,
    RFC2396_UNSAFE_CHARACTER,
    LDAP_SLASHES_LEFT_OUT,
];

const RFC2396_ESCAPE_CUT_SHORT: Help = Help {
    applies: |at| at.wants(Node::escaped),
    message: |_| ESCAPE_MESSAGE.to_owned(),
};

const RFC2396_NO_SCHEME: Help = Help {
    // The grammar directly, not `UriRef::parse`: its error would come back here.
    applies: |at| {
        at.wants(Node::scheme)
            && !at.first_part().contains(':')
            && tracking::accepts(
                crate::syntax::grammar::rfc2396::Rule::uri_reference,
                at.input,
            )
    },
    message: |at| {
        let input = at.input;
        let first = at.first_part();
        let looks_like_host = first.contains('.')
            && first.starts_with(|c: char| c.is_ascii_alphabetic())
            && first.split('.').all(|label| !label.is_empty());
        if looks_like_host && !input.starts_with(['.', '/']) {
            let scheme = if first.to_ascii_lowercase().starts_with("ftp") {
                "ftp"
            } else {
                "http"
            };
            format!(
                "an abbreviated URI (uri(7)): not a URI, only the authority and path of one; \
                 a heuristic would read it as {scheme}://{}, but only its writer knows the scheme",
                shortened(input)
            )
        } else {
            "a relative reference (`relativeURI`), not a URI: it has no scheme; \
             resolve it against a base URI (`UriRef::resolve`, `rfc1738 resolve BASE REF`)"
                .to_owned()
        }
    },
};

const RFC2396_NO_SERVER: Help = Help {
    applies: |at| {
        matches!(at.found, Found::Char('/' | ':' | '?' | '#') | Found::End)
            && at.wants(Node::userinfo)
            && !authority_so_far(at).contains('@')
            // A host name or number (`file://example.com`, which wants a
            // path after it) is a server: the error is elsewhere.
            && !fix::accepts(
                &format!("http://{}/", authority_so_far(at)),
                Spec::Rfc2396,
                Judged::Url,
            )
    },
    message: |at| {
        let authority_so_far = authority_so_far(at);
        let authority_start = at.offset - authority_so_far.len();
        let stray = authority_so_far
            .char_indices()
            .find(|&(_, c)| !(c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | ':')));
        let stray = match stray {
            Some((stray, c)) => format!(" ({c:?} at byte {} is in none)", authority_start + stray),
            None => String::new(),
        };
        format!(
            "{} is not a host name or number, so this authority is no `server` \
             (host name labels hold letters, digits and '-'{stray}); \
             uri(7)'s ip_server names a host",
            quoted(authority_so_far)
        )
    },
};

const RFC2396_NOTHING_AFTER_SCHEME: Help = Help {
    applies: |at| {
        at.found == Found::End
            && at.input.ends_with(':')
            && !at.input[..at.offset - 1].contains([':', '/', '?', '#'])
    },
    message: |_| {
        "an RFC 2396 URI has something after `scheme \":\"`: a path starting with '/', \
         or an opaque part of at least one character (`opaque_part = uric_no_slash *uric`)"
            .to_owned()
    },
};

const RFC2396_QUERY_ALONE: Help = Help {
    applies: |at| at.found == Found::Char('?') && at.offset == 0,
    message: |_| {
        "RFC 2396's grammar has no reference that is a query alone \
         (`relativeURI` needs a path first), although its Appendix C resolves `?y`; \
         write the path, as in `d;p?y`"
            .to_owned()
    },
};

const KDE_INFO_SPACE: Help = Help {
    applies: |at| {
        at.found == Found::Char(' ')
            && is_info(at.input)
            && at.input[5..].starts_with('(')
            && at.before().contains(')')
            && !at.before().contains('#')
    },
    message: |_| {
        "RFC 2396 allows no spaces in a URI; this is KDE's info form, \
         which writes the node name with spaces (uri(7)): write each space as %20, \
         or use GNOME's form, `info:file#node_name` with '_' for spaces"
            .to_owned()
    },
};

const GNOME_INFO_SPACE: Help = Help {
    applies: |at| at.found == Found::Char(' ') && is_info(at.input) && at.before().contains('#'),
    message: |_| {
        "RFC 2396 allows no spaces in a URI; GNOME's info form writes each space \
         of the node name as '_' (`info:gcc#G++_and_GCC`)"
            .to_owned()
    },
};

const SECOND_FRAGMENT: Help = Help {
    applies: |at| at.found == Found::Char('#') && at.before().contains('#'),
    message: |_| "the fragment starts at the first '#' and holds no other: write %23".to_owned(),
};

const FRAGMENT_TOO_EARLY: Help = Help {
    applies: |at| at.found == Found::Char('#'),
    message: |_| {
        "'#' starts the fragment here, where this scheme's form is not complete; \
         write %23 if it is part of the URI"
            .to_owned()
    },
};

const RFC2396_UNSAFE_CHARACTER: Help = Help {
    applies: |at| {
        let rest = at.rest().as_bytes();
        at.found_char().is_some_and(|c| {
            c.is_ascii() && !crate::syntax::charclass::xchar(c as u8, Spec::Rfc2396)
        })
            // Whitespace that ends the text goes, and a '%' that starts an
            // escape is one: the error is of another kind.
            && !(TRAILING_WHITESPACE.applies)(at)
            && !matches!(rest, [b'%', a, b, ..] if a.is_ascii_hexdigit() && b.is_ascii_hexdigit())
    },
    message: |at| {
        let c = at.found_char().unwrap_or_default();
        format!(
            "encode {} as %{:02X}: RFC 2396 does not allow it",
            printed(c),
            c as u32
        )
    },
};

const LDAP_SLASHES_LEFT_OUT: Help = Help {
    applies: |at| {
        at.offset > 0
            && at
                .input
                .get(..5)
                .is_some_and(|s| s.eq_ignore_ascii_case("ldap:"))
            && at.input.get(5..7).is_none_or(|s| s != "//")
    },
    message: |_| "ldap URLs start with \"ldap://\" (RFC 2255)".to_owned(),
};

/// Whether `input` is an info URI of uri(7).
fn is_info(input: &str) -> bool {
    input
        .get(..5)
        .is_some_and(|s| s.eq_ignore_ascii_case("info:"))
}

/// The authority read up to the error, after the first "//".
fn authority_so_far<'a>(at: At<'a>) -> &'a str {
    at.input
        .get(at.input.find("//").map_or(0, |slashes| slashes + 2)..at.offset)
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::{HostPort, mistyped_scheme, scp_path, template_marker};

    #[test]
    fn host_port_is_after_the_login_and_splits_at_the_first_colon() {
        let input = "http://user@host.example:80:81/path";
        let host_port = HostPort::of(input).expect("an authority");
        assert_eq!(host_port.text, "host.example:80:81");
        assert_eq!(
            &input[host_port.start..host_port.host_end()],
            "host.example"
        );
        assert_eq!(host_port.port(), Some("80:81"));
        assert!(host_port.holds(host_port.start + host_port.text.len()));
        assert!(!host_port.holds(host_port.start - 1));
        assert!(HostPort::of("mailto:user@host").is_none());
    }

    #[test]
    fn text_shapes_are_read_as_they_are_written() {
        assert_eq!(
            scp_path("git@github.com:o/r.git"),
            Some(("git@github.com", "o/r.git"))
        );
        assert_eq!(scp_path("ssh://git@github.com:o/r.git"), None);
        assert_eq!(mistyped_scheme("http;//host/"), Some(("http", "host/")));
        assert_eq!(mistyped_scheme("//host/"), None);
        assert_eq!(template_marker("http://<host>:{port}/"), Some("<host>"));
        assert_eq!(template_marker("http://host[:port]/"), Some("[:"));
        assert_eq!(template_marker("http://host/"), None);
        assert_eq!(template_marker("ftp://[user@]host/"), Some("[user@]"));
        assert_eq!(template_marker("http://h/?q=%d&r=%s"), Some("%s"));
        assert_eq!(template_marker("http://h/page%d"), Some("%d"));
        assert_eq!(template_marker("http://h/%d.html"), Some("%d"));
        // Escapes whose first hex digit is 'd', and an "@]" without its '['.
        assert_eq!(template_marker("http://h/a b%dD%df%d9"), None);
        assert_eq!(template_marker("mailto:a@]b"), None);
    }
}
