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

/// The host name label that ends at `offset`.
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
        judged,
    };
    at.names_host = at.wants(Node::hostname) || at.wants(Node::inet_host);
    shape_help(at)
        .or_else(|| kind_help(at))
        .or_else(|| more_text_help(at))
}

/// The help of the error's kind: by the rule expected, what was found, and
/// the scheme.
fn kind_help(at: At<'_>) -> Option<String> {
    let At {
        input,
        spec,
        scheme,
        offset,
        found,
        expected,
        takes_escapes,
        ..
    } = at;
    let wants = |node: Node| at.wants(node);
    // The bytes between "://" and the next "/": where a login would be.
    let authority = input.find("://").map(|start| {
        let rest = &input[start + 3..];
        start + 3..start + 3 + rest.find('/').unwrap_or(rest.len())
    });
    let in_authority = authority.as_ref().is_some_and(|range| offset <= range.end);
    // A character that some rule takes as it is (`xchar`) is out of place
    // here, not unsafe: escaping it would change what it means (§2.2).
    let unsafe_char =
        |c: char| u8::try_from(c).is_ok_and(|byte| !crate::syntax::charclass::xchar(byte, spec));
    if spec == Spec::Rfc2396
        && let Some(help) = rfc2396_help(input, offset, expected, found)
    {
        return Some(help);
    }
    match found {
        _ if wants(Node::escape) || wants(Node::pct_encoded) => Some("'%' starts an escape and takes two hex digits: write %25 for a '%' itself".to_owned()),
        Found::Char(c) if c.is_whitespace() && input[offset..].trim().is_empty() => {
            Some("the text ends in whitespace, which is no part of a URL: remove it".to_owned())
        }
        Found::Char(':') | Found::End | Found::Char('/') if wants(Node::port) && input[..offset].ends_with(':') => {
            Some("remove the ':' or write a port number".to_owned())
        }
        _ if spec.is_section5() && scheme == Some(Scheme::Http) && in_authority && authority.is_some_and(|range| input[range].contains('@')) => {
            Some(format!(
                "http URLs take no user name or password in {}: `httpurl` takes `hostport`, not `login`",
                spec.title()
            ))
        }
        Found::Char('?') if scheme == Some(Scheme::Http) && in_authority => {
            Some("in an http URL the search follows a path: write '/?' instead of '?'".to_owned())
        }
        Found::Char('.') | Found::Char(':') | Found::Char('/') | Found::End
            if wants(Node::hostname) && input[..offset].ends_with('-') =>
        {
            Some("a host name label may not end with '-'".to_owned())
        }
        Found::Char(':') | Found::Char('/') | Found::End
            if spec == Spec::Rfc1738 && wants(Node::hostname) && last_label(input, offset).starts_with(|c: char| c.is_ascii_digit()) =>
        {
            Some(format!(
                "the last label of a host name starts with a letter (`toplabel`), and {} does not; a host number has four parts",
                quoted(last_label(input, offset))
            ))
        }
        Found::Char('/') if scheme == Some(Scheme::File) && spec == Spec::Draft07 && wants(Node::hostname) && input[..offset].ends_with("//") => {
            Some("draft-07 file URLs name a host (`fileurl = \"file://\" host [ \"/\" fpath ]`); `file:///path` is RFC 1738's form".to_owned())
        }
        _ if scheme.is_none() && wants(Node::scheme) && !input.contains(':') => Some(if spec == Spec::Rfc2396 {
            "a URI starts with its scheme and ':' (`absoluteURI = scheme \":\" ( hier_part | opaque_part )`), and this has no ':'".to_owned()
        } else if spec == Spec::Rfc3986 {
            "a URI starts with its scheme and ':' (`URI = scheme \":\" hier-part [ \"?\" query ] [ \"#\" fragment ]`), and this has no ':'; check it with --reference to take a relative reference".to_owned()
        } else {
            "a URL starts with its scheme and ':' (`genericurl = scheme \":\" schemepart`), and this has no ':'".to_owned()
        }),
        _ if offset > 0 && scheme.is_some() && scheme_literal(expected).is_some() => Some(format!(
            "{} URLs start with \"{}\"",
            scheme.map_or("", Scheme::name),
            scheme_literal(expected).unwrap_or_default()
        )),
        Found::Char(_) if scheme == Some(Scheme::Telnet) && expected == [Expected::End] => {
            Some("a telnet URL ends after the host and port and an optional '/' (`telneturl = \"telnet://\" login [ \"/\" ]`)".to_owned())
        }
        Found::End if expected.contains(&Expected::Literal("/".to_owned())) && in_authority => Some(format!(
            "the URL ends after the host, where {} takes a '/' and a path",
            scheme.map_or_else(|| "this form".to_owned(), |scheme| format!("{} {scheme} URL", crate::syntax::scheme::article(scheme.name())))
        )),
        _ if wants(Node::ftptype) => Some(
            "\";type=\" takes one letter: `a` (ASCII text), `i` (image: the bytes as they are) or `d` (a directory listing)".to_owned(),
        ),
        _ if wants(Node::digits) && scheme == Some(Scheme::Nntp) => Some(
            "an nntp URL names an article by its number in the group (`nntp://host/group/123`); a message ID goes in a news URL, `news:id@host`, without '<' and '>'".to_owned(),
        ),
        Found::Char(c) if takes_escapes && c.is_ascii() && crate::syntax::charclass::reserved(c as u8) => Some(format!(
            "{} is reserved (it delimits the parts of a URL) and cannot stand here as data: write %{:02X}",
            printed(c),
            c as u32
        )),
        Found::Char('#') if spec.is_section5() => Some(
            "'#' starts a fragment, which belongs to URI references (RFC 2396), not to URLs; write %23 if it is part of the URL"
                .to_owned(),
        ),
        Found::Char(c) if takes_escapes && c.is_ascii() && unsafe_char(c) => {
            Some(format!("encode {} as %{:02X}: {} does not allow it", printed(c), c as u32, spec.title()))
        }
        Found::Char(c) if takes_escapes && !c.is_ascii() => {
            let mut utf8 = [0; 4];
            let escapes: String = c.encode_utf8(&mut utf8).bytes().map(|b| format!("%{b:02X}")).collect();
            Some(format!("a URL is written in ASCII: encode '{c}' as escapes of its bytes ({escapes} in UTF-8)"))
        }
        _ => None,
    }
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
    Some((
        start,
        &rest[..rest.find(['/', '?', '#', '\\']).unwrap_or(rest.len())],
    ))
}

/// Helps for the shapes that URLs of today take and these documents refuse,
/// the same under every specification: IP literals, empty hosts and ports,
/// host names with '_' or empty labels, Windows paths, scp's `user@host:path`.
/// Where an error is, as the helps of shapes read it.
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
    judged: Judged,
}

impl At<'_> {
    /// Whether the rule `node` is among those expected.
    fn wants(&self, node: Node) -> bool {
        self.expected
            .contains(&Expected::Rule(GrammarRule(node, self.spec)))
    }
}

fn shape_help(at: At<'_>) -> Option<String> {
    let At {
        input,
        spec,
        scheme,
        offset,
        found,
        names_host,
        ..
    } = at;
    let title = spec.title();
    let authority = authority_of(input);
    // The host and port of the authority: after the last '@'.
    let hostport = authority.map(|(start, text)| {
        let at = text.rfind('@').map_or(0, |at| at + 1);
        (start + at, &text[at..])
    });
    let in_hostport =
        hostport.is_some_and(|(start, text)| (start..=start + text.len()).contains(&offset));
    if input.is_empty() {
        return Some(
            "the input is empty: a URL has at least a scheme, ':' and what the scheme takes"
                .to_owned(),
        );
    }
    if let Found::Char(c) = found
        && fix::is_invisible(c)
    {
        return Some(format!(
            "U+{:04X} is an invisible character (copied text brings it along), no part of a URL: remove it",
            u32::from(c)
        ));
    }
    if offset == 0 && input.starts_with(char::is_whitespace) {
        return Some(
            "the text starts with whitespace, which is no part of a URL: remove it".to_owned(),
        );
    }
    if let Some(help) = text_help(at) {
        return Some(help);
    }
    // scp's and git's `user@host:path`.
    if !input.contains("://")
        && let Some((login, path)) = input.split_once(':')
        && let Some((user, host)) = login.split_once('@')
        && !user.is_empty()
        && !host.is_empty()
        && host
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.'))
        && found == Found::Char('@')
    {
        return Some(format!(
            "{} is scp's and git's way of naming a path over SSH, not a URL; as a URL it is `ssh://{login}/{}`",
            quoted(shortened(input).as_ref()),
            path.trim_start_matches('/')
        ));
    }
    // A Windows path: a drive letter, ':' and '\\'.
    if input.len() > 2 && input.as_bytes()[0].is_ascii_alphabetic() && input[1..].starts_with(":\\")
    {
        return Some(format!(
            "a Windows path, not a URL: as a file URL it is `file:///{}`",
            input.replace('\\', "/")
        ));
    }
    if found == Found::Char('\\') {
        return Some("'\\' separates nothing in a URL (Windows paths, and browsers that read them, use it): write '/'".to_owned());
    }
    if let Some(help) = scheme_form_help(input, scheme, offset, found) {
        return Some(help);
    }
    let (host_start, host_text) = hostport?;
    if !in_hostport {
        return None;
    }
    if host_text.starts_with('[') && spec != Spec::Rfc3986 {
        return Some(format!(
            "IP literals in brackets (`[::1]`, IPv6) came with RFC 2732 and RFC 3986; {title} names a host by a name or four decimal numbers"
        ));
    }
    if host_text.starts_with('[') && offset > host_start {
        return Some(
            "between '[' and ']' goes an IPv6 address (or a future IP version, `v1.x`); a host name goes without brackets".to_owned(),
        );
    }
    if host_text.matches(':').count() >= 2
        && host_text
            .bytes()
            .all(|b| b.is_ascii_hexdigit() || matches!(b, b':' | b'.'))
    {
        return Some(if spec == Spec::Rfc3986 {
            format!("an IPv6 address as a host goes in brackets: `[{host_text}]`")
        } else {
            format!(
                "an IPv6 address as a host goes in brackets, `[{host_text}]`, which RFC 3986 has and {title} does not"
            )
        });
    }
    if host_text.is_empty() || host_text.starts_with(':') {
        if scheme == Some(Scheme::File) && host_text.is_empty() {
            return None;
        }
        return Some(format!(
            "the host is empty: {title} names a host after \"//\" (a name such as `example.com`, or a number such as `192.0.2.1`)"
        ));
    }
    if host_text.contains('%') && (spec != Spec::Rfc3986 || names_host) {
        return Some(format!(
            "{title} takes no escapes in a host name: a host name holds letters, digits, '-' and '.'"
        ));
    }
    if host_text.contains(',') && host_text.contains(':') {
        return Some(format!(
            "one host a URL: a list of hosts, {}, is a convention of some database clients, not of the URL's syntax",
            quoted(host_text)
        ));
    }
    let (host, port) = match host_text.split_once(':') {
        Some((host, port)) => (host, Some(port)),
        None => (host_text, None),
    };
    if let Some(port) = port {
        if port.contains(':') {
            return Some(format!(
                "a host takes one port, and {} has {}",
                quoted(host_text),
                port.matches(':').count() + 1
            ));
        }
        if !port.bytes().all(|b| b.is_ascii_digit()) && offset > host_start + host.len() {
            return Some(format!(
                "a port is a decimal number (`port = digits`), and {} is none: the number the server listens on, such as 8080",
                quoted(port)
            ));
        }
    }
    if offset > host_start + host.len() {
        return None;
    }
    if !host.is_ascii() {
        return Some(format!(
            "a host name is written in ASCII: an internationalized name goes in punycode, as IDNA writes it{}",
            if spec == Spec::Rfc3986 {
                " (RFC 3986 §3.2.2), or as escapes of its UTF-8 bytes"
            } else {
                ""
            }
        ));
    }
    if let Some(underscore) = host.find('_') {
        return Some(format!(
            "a host name holds letters, digits, '-' and '.' (RFC 1034 §3.5), and {} holds '_' (at byte {}); an escape cannot stand in for it in a host name",
            quoted(host),
            host_start + underscore
        ));
    }
    if host.contains("..") || host.starts_with('.') {
        return Some(format!(
            "a host name has no empty label: {} has a '.' too many",
            quoted(host)
        ));
    }
    if host.starts_with('-') || host.contains(".-") {
        return Some("a host name label starts with a letter or a digit, not '-'".to_owned());
    }
    if scheme == Some(Scheme::File) && found == Found::Char(':') {
        return Some(
            "a file URL names a host without a port (`fileurl = \"file://\" [ host | \"localhost\" ] \"/\" fpath`)".to_owned(),
        );
    }
    match found {
        Found::Char(c) if c.is_whitespace() => Some(format!(
            "a host name holds no whitespace: {} has {} in it",
            quoted(host),
            printed(c)
        )),
        Found::Char(c)
            if offset < host_start + host.len()
                && !(c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '%')) =>
        {
            Some(format!(
                "a host name holds letters, digits, '-' and '.' (RFC 1034 §3.5), and {} is none of them; an escape cannot stand in for it",
                printed(c)
            ))
        }
        _ => None,
    }
}

/// Helps for text that is not a URL but holds one or stands for one: a URL
/// with text around it, a template, a defanged URL, a URL and more text.
fn text_help(at: At<'_>) -> Option<String> {
    let At {
        input,
        spec,
        offset,
        found,

        judged,
        ..
    } = at;
    use fix::{CLOSERS, OPENERS};
    let lower = input.to_ascii_lowercase();
    if lower.contains("[:]") || lower.contains("[.]") || lower.starts_with("hxxp") {
        return Some(
            "a defanged URL, written so that nobody follows it by accident (`[:]`, `[.]`, `hxxp`): it is no URL as it is".to_owned(),
        );
    }
    // Templates: `${host}`, `<host>`, `%s`, `[:port]`, `[user@]`.
    let optional_part = |marker: &str| {
        input.match_indices(marker).any(|(at, _)| {
            input[at + marker.len()..].starts_with(|c: char| c.is_ascii_alphabetic())
        })
    };
    // `<name>` and `{name}`: a word between brackets, as templates write
    // what to fill in.
    let word_between = |open: char, close: char| {
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
    };
    let template = ["${", "{{", "%s", "%d"]
        .into_iter()
        .find(|marker| input.contains(marker))
        .or_else(|| word_between('<', '>'))
        .or_else(|| word_between('{', '}'))
        .or_else(|| {
            ["[:", "[["]
                .into_iter()
                .find(|marker| optional_part(marker))
        })
        .or_else(|| (input.contains("[user") || input.contains("@]")).then_some("[user@]"));
    if let Some(marker) = template {
        return Some(format!(
            "a template, not a URL: {} stands for a part to fill in; check the URL it makes",
            quoted(marker)
        ));
    }
    if let Some(separator) = input.find("://")
        && input[..separator].trim_end() != &input[..separator]
        && !input[..separator].trim().contains(char::is_whitespace)
    {
        return Some("a scheme holds no whitespace: remove the space before ':'".to_owned());
    }
    // A network-path reference, and a URL written without its scheme.
    if judged == Judged::Url
        && spec != Spec::Rfc2396
        && (offset == 0 || !input[..offset].contains(':'))
    {
        if input.starts_with(['/', '.', '?', '#']) && !input.starts_with("//") {
            return Some(
                "a relative reference, not a URL: it takes its meaning from a base URL; resolve it against one (`rfc1738 resolve BASE REF`), or check it as a reference (`--spec rfc3986 --reference`)".to_owned(),
            );
        }
        if input.starts_with("~/") {
            return Some("a shell's path (`~` is the home folder), not a URL: a file URL holds the whole path, `file:///home/...`".to_owned());
        }
        if let Some(rest) = input.strip_prefix("//") {
            return Some(format!(
                "a reference without a scheme (a network-path reference, `//host/path`), which takes the scheme of the page it is on; as a URL, write the scheme: `http://{}`",
                shortened(rest)
            ));
        }
        let first = input.split(['/', '?', '#']).next().unwrap_or_default();
        if let Some((user, domain)) = first.split_once('@')
            && !user.is_empty()
            && domain.contains('.')
            && !first.contains(':')
        {
            return Some(format!(
                "an e-mail address, not a URL: as a URL it is `mailto:{}`",
                shortened(input)
            ));
        }
        if let Some(scheme_end) = input.find("//").filter(|&at| {
            at > 0
                && input[..at].trim_end_matches([':', ';', '.', ',']).len() + 1 >= at
                && input[..at]
                    .trim_end_matches([':', ';', '.', ','])
                    .bytes()
                    .all(|b| b.is_ascii_alphabetic())
        }) {
            let name = input[..scheme_end].trim_end_matches([':', ';', '.', ',']);
            return Some(format!(
                "the ':' after the scheme is missing or mistyped: `{name}://{}`",
                shortened(&input[scheme_end + 2..])
            ));
        }
        if first.contains('.')
            && !first.contains(['@', ':', ' '])
            && first.starts_with(|c: char| c.is_ascii_alphanumeric())
            && first
                .split('.')
                .all(|label| !label.is_empty() || first.ends_with('.'))
        {
            return Some(format!(
                "written without its scheme: as a URL it would be `http://{}` or `https://...`, but only its writer knows the scheme",
                shortened(input)
            ));
        }
    }
    // Markdown's `[text](url)` and HTML's `href="url"`.
    if let Some(start) = input.find("](").map(|at| at + 2).or_else(|| {
        lower
            .find("href=")
            .map(|at| at + 5 + usize::from(input[at + 5..].starts_with(['"', '\''])))
    }) && offset < start
    {
        let url = &input[start..];
        let end = url.find(['"', '\'', ')', '>']).unwrap_or(url.len());
        return Some(format!(
            "a link in Markdown or HTML, not a URL: the URL in it is {} (`rfc1738 extract` finds the URLs in text)",
            quoted(&url[..end])
        ));
    }
    // After the openers, a scheme and ':'.
    let after_openers = input.trim_start_matches(OPENERS);
    let starts_url = after_openers.find(':').is_some_and(|colon| {
        colon > 0
            && after_openers[..colon]
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
    });
    if offset == 0 && input.starts_with(OPENERS) && starts_url {
        return Some(
            "the URL is enclosed in delimiters that text puts around URLs, which are no part of it: remove them".to_owned(),
        );
    }
    if let Found::Char(c) = found {
        let rest = &input[offset..];
        // A closer that no opener of the input opens.
        let opener = CLOSERS
            .iter()
            .position(|&closer| closer == c)
            .map(|at| OPENERS[at]);
        if opener.is_some_and(|opener| opener == c || !input[..offset].contains(opener))
            && rest
                .chars()
                .all(|c| CLOSERS.contains(&c) || matches!(c, '.' | ',' | ';' | ':' | '!' | '?'))
        {
            return Some(format!(
                "{} after the URL closes the text around it and is no part of the URL: remove it",
                quoted(rest)
            ));
        }
    }
    None
}

/// A URL and more text after whitespace, where an escape cannot stand for
/// the space: the help when no other one applies.
fn more_text_help(at: At<'_>) -> Option<String> {
    let At {
        input,
        spec,
        offset,
        found,
        takes_escapes,
        ..
    } = at;
    let Found::Char(c) = found else {
        return None;
    };
    (c.is_whitespace()
        && !takes_escapes
        && offset > 0
        && fix::accepts(&input[..offset], spec, Judged::Url)
        && !input[offset..].trim().is_empty())
    .then(|| {
        format!(
            "a URL ends at whitespace: {} is one, and {} after it is no part of it; if the space belongs to the URL, write it as %20",
            quoted(&input[..offset]),
            quoted(input[offset..].trim())
        )
    })
}

/// Helps for a known scheme whose form is not followed: "//" left out, the
/// scheme written twice, a telnet path, a news article by number.
fn scheme_form_help(
    input: &str,
    scheme: Option<Scheme>,
    offset: usize,
    found: Found,
) -> Option<String> {
    let scheme = scheme?;
    let name = scheme.name();
    let after = &input[name.len() + 1..];
    let takes_slashes = !matches!(scheme, Scheme::Mailto | Scheme::News);
    if takes_slashes && !after.starts_with("//") && offset <= name.len() + 3 {
        return Some(format!("{name} URLs start with \"{name}://\""));
    }
    if let Some(again) = after.strip_prefix("//")
        && again
            .get(..name.len() + 3)
            .is_some_and(|start| start.eq_ignore_ascii_case(&format!("{name}://")))
    {
        return Some(format!(
            "the scheme is written twice: remove one \"{name}://\""
        ));
    }
    match scheme {
        Scheme::Telnet if matches!(found, Found::Char('/' | '?' | '#') | Found::Char(_)) && after.starts_with("//") && offset > name.len() + 3 => Some(
            "a telnet URL ends after the host and port and an optional '/' (`telneturl = \"telnet://\" login [ \"/\" ]`): it names a terminal session, not a path".to_owned(),
        ),
        Scheme::News if after.starts_with('<') => Some(
            "a news URL writes the message ID without the '<' and '>' of mail headers: `news:id@host`".to_owned(),
        ),
        Scheme::Mailto if after.contains('<') || after.contains(" (") || after.contains('"') => Some(
            "a mailto URL holds the address alone (RFC 1738 §3.5: an `addr-spec`), without a display name, quotes or a comment".to_owned(),
        ),
        Scheme::News => Some(
            "a news URL names a group (`news:comp.lang.ada`), every group (`news:*`) or an article by its message ID (`news:id@host`); an article by its number in a group needs nntp: `nntp://host/group/123`".to_owned(),
        ),
        Scheme::Nntp if input.contains('<') || input.contains('@') => Some(
            "an nntp URL names an article by its number in the group (`nntp://host/group/123`); by its message ID, write a news URL: `news:id@host`".to_owned(),
        ),
        _ => None,
    }
}

/// The help that only RFC 2396's grammar calls for: relative and abbreviated
/// references where an absolute URI was wanted, fragments, and uri(7)'s KDE
/// info form.
fn rfc2396_help(input: &str, offset: usize, expected: &[Expected], found: Found) -> Option<String> {
    use crate::syntax::grammar::rfc2396::Rule;
    let wants = |node: Node| expected.contains(&Expected::Rule(GrammarRule(node, Spec::Rfc2396)));
    // The grammar directly, not `UriRef::parse`: its error would come back here.
    let is_reference = |text: &str| tracking::accepts(Rule::uri_reference, text);
    let before_colon = input.split(['/', '?', '#']).next().unwrap_or_default();
    // The authority read up to the error, after the first "//".
    let authority_so_far = input
        .get(input.find("//").map_or(0, |at| at + 2)..offset)
        .unwrap_or_default();
    let is_info = input
        .get(..5)
        .is_some_and(|s| s.eq_ignore_ascii_case("info:"));
    match found {
        _ if wants(Node::escaped) => Some(
            "'%' starts an escape and takes two hex digits: write %25 for a '%' itself".to_owned(),
        ),
        _ if wants(Node::scheme) && !before_colon.contains(':') && is_reference(input) => {
            let first = input.split(['/', '?', '#']).next().unwrap_or_default();
            let looks_like_host = first.contains('.')
                && first.starts_with(|c: char| c.is_ascii_alphabetic())
                && first.split('.').all(|label| !label.is_empty());
            if looks_like_host && !input.starts_with(['.', '/']) {
                let scheme = if first.to_ascii_lowercase().starts_with("ftp") {
                    "ftp"
                } else {
                    "http"
                };
                Some(format!(
                    "an abbreviated URI (uri(7)): not a URI, only the authority and path of one; a heuristic would read it as {scheme}://{}, but only its writer knows the scheme",
                    shortened(input)
                ))
            } else {
                Some(
                    "a relative reference (`relativeURI`), not a URI: it has no scheme; resolve it against a base URI (`UriRef::resolve`, `rfc1738 resolve BASE REF`)".to_owned(),
                )
            }
        }
        Found::Char('/' | ':' | '?' | '#') | Found::End
            if wants(Node::userinfo) && !authority_so_far.contains('@') =>
        {
            let authority_start = offset - authority_so_far.len();
            let stray = authority_so_far
                .char_indices()
                .find(|&(_, c)| !(c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | ':')));
            let at = match stray {
                Some((at, c)) => format!(" ({c:?} at byte {} is in none)", authority_start + at),
                None => String::new(),
            };
            Some(format!(
                "{} is not a host name or number, so this authority is no `server` (host name labels hold letters, digits and '-'{at}); uri(7)'s ip_server names a host",
                quoted(authority_so_far)
            ))
        }
        Found::End if input.ends_with(':') && !input[..offset - 1].contains([':', '/', '?', '#']) => Some(
            "an RFC 2396 URI has something after `scheme \":\"`: a path starting with '/', or an opaque part of at least one character (`opaque_part = uric_no_slash *uric`)".to_owned(),
        ),
        Found::Char('?') if offset == 0 => Some(
            "RFC 2396's grammar has no reference that is a query alone (`relativeURI` needs a path first), although its Appendix C resolves `?y`; write the path, as in `d;p?y`".to_owned(),
        ),
        Found::Char(' ') if is_info && input[5..].starts_with('(') && input[..offset].contains(')') && !input[..offset].contains('#') => Some(
            "RFC 2396 allows no spaces in a URI; this is KDE's info form, which writes the node name with spaces (uri(7)): write each space as %20, or use GNOME's form, `info:file#node_name` with '_' for spaces".to_owned(),
        ),
        Found::Char(' ') if is_info && input[..offset].contains('#') => Some(
            "RFC 2396 allows no spaces in a URI; GNOME's info form writes each space of the node name as '_' (`info:gcc#G++_and_GCC`)".to_owned(),
        ),
        Found::Char('#') if input[..offset].contains('#') => Some(
            "the fragment starts at the first '#' and holds no other: write %23".to_owned(),
        ),
        Found::Char('#') => Some(
            "'#' starts the fragment here, where this scheme's form is not complete; write %23 if it is part of the URI".to_owned(),
        ),
        Found::Char(c) if c.is_ascii() && !crate::syntax::charclass::xchar(c as u8, Spec::Rfc2396) => Some(format!(
            "encode {} as %{:02X}: RFC 2396 does not allow it",
            printed(c),
            c as u32
        )),
        _ if offset > 0 && input.get(..5).is_some_and(|s| s.eq_ignore_ascii_case("ldap:")) && input.get(5..7).is_none_or(|s| s != "//") => {
            Some("ldap URLs start with \"ldap://\" (RFC 2255)".to_owned())
        }
        _ => None,
    }
}
