//! What the tests share: a plain-text view of a parsed URL's components, read
//! through the public accessors, and the escapes of the test data files.
#![allow(dead_code)]

pub mod references;

use std::fmt::Write;

use rfc1738::{
    Authority, Component, ComponentValue, FileHost, GroupPart, Host, HostPort, Login, Spec, UriRef,
    Url, WaisKind,
};

/// The URL's kind and every component as its accessors give it, one per line.
pub fn describe(url: &Url<'_>) -> String {
    let mut out = String::new();
    let mut line = |name: &str, value: String| writeln!(out, "{name}: {value}").unwrap();
    match url {
        Url::Ftp(ftp) => {
            line("ftpurl", format!("scheme {:?}", ftp.scheme()));
            login(&mut line, ftp.login());
            line("path", format!("{:?}", ftp.path()));
            line("cwd", format!("{:?}", ftp.cwd().collect::<Vec<_>>()));
            line("name", format!("{:?}", ftp.name()));
            line("typecode", format!("{:?}", ftp.typecode()));
        }
        Url::Http(http) => {
            line("httpurl", format!("scheme {:?}", http.scheme()));
            hostport(&mut line, http.hostport());
            line("path", format!("{:?}", http.path()));
            line(
                "segments",
                format!("{:?}", http.segments().collect::<Vec<_>>()),
            );
            line("search", format!("{:?}", http.search()));
        }
        Url::Gopher(gopher) => {
            line("gopherurl", format!("scheme {:?}", gopher.scheme()));
            hostport(&mut line, gopher.hostport());
            line("path", format!("{:?}", gopher.path()));
            line("gtype", format!("{:?}", gopher.gtype()));
            line("selector", format!("{:?}", gopher.selector()));
            line("search", format!("{:?}", gopher.search()));
            line("gopher+_string", format!("{:?}", gopher.gopher_plus()));
        }
        Url::Mailto(mailto) => {
            line("mailtourl", format!("scheme {:?}", mailto.scheme()));
            listed(&mut line, mailto.components());
        }
        Url::News(news) => {
            line("newsurl", format!("scheme {:?}", news.scheme()));
            match news.grouppart() {
                GroupPart::All => line("grouppart", "all groups (*)".to_owned()),
                GroupPart::Group(group) => line("group", format!("{group:?}")),
                GroupPart::Article { unique, host: h } => {
                    line("article", format!("unique {unique:?}"));
                    host(&mut line, h);
                }
            }
        }
        Url::Nntp(nntp) => {
            line("nntpurl", format!("scheme {:?}", nntp.scheme()));
            listed(&mut line, nntp.components());
        }
        Url::Telnet(telnet) => {
            line("telneturl", format!("scheme {:?}", telnet.scheme()));
            login(&mut line, telnet.login());
            line("trailing slash", format!("{}", telnet.has_trailing_slash()));
        }
        Url::Wais(wais) => {
            line("waisurl", format!("scheme {:?}", wais.scheme()));
            hostport(&mut line, wais.hostport());
            line("database", format!("{:?}", wais.database()));
            match wais.kind() {
                WaisKind::Database => line("form", "waisdatabase".to_owned()),
                WaisKind::Index { search } => line("form", format!("waisindex, search {search:?}")),
                WaisKind::Document { wtype, wpath } => {
                    line("form", format!("waisdoc, wtype {wtype:?}, wpath {wpath:?}"))
                }
            }
        }
        Url::File(file) => {
            line("fileurl", format!("scheme {:?}", file.scheme()));
            match file.host() {
                FileHost::Absent => line("host", "absent (this machine)".to_owned()),
                FileHost::Localhost(text) => {
                    line("host", format!("localhost {text:?} (this machine)"))
                }
                FileHost::Host(h) => host(&mut line, h),
            }
            line("path", format!("{:?}", file.path()));
            line(
                "segments",
                format!("{:?}", file.segments().collect::<Vec<_>>()),
            );
        }
        Url::Prospero(prospero) => {
            line("prosperourl", format!("scheme {:?}", prospero.scheme()));
            hostport(&mut line, prospero.hostport());
            line("path", format!("{:?}", prospero.path()));
            line(
                "segments",
                format!("{:?}", prospero.segments().collect::<Vec<_>>()),
            );
            line(
                "fields",
                format!("{:?}", prospero.fields().collect::<Vec<_>>()),
            );
        }
        Url::Generic(generic) => {
            line("genericurl", format!("scheme {:?}", generic.scheme()));
            line("schemepart", format!("{:?}", generic.schemepart()));
            if let Some(ip) = generic.ip_schemepart() {
                login(&mut line, ip.login());
                line("urlpath", format!("{:?}", ip.urlpath()));
            }
        }
        Url::Uri(uri) => reference(&mut line, uri),
        Url::Man(man) => {
            line("man-uri", format!("scheme {:?}", man.scheme()));
            line("index", format!("{:?}", man.is_index()));
            line("name", format!("{:?}", man.name()));
            line("section", format!("{:?}", man.section()));
            line("fragment", format!("{:?}", man.fragment()));
        }
        Url::Info(info) => {
            line("info-uri", format!("scheme {:?}", info.scheme()));
            line("form", format!("{:?}", info.form()));
            line("file", format!("{:?}", info.file()));
            line("node", format!("{:?}", info.node()));
            line("node name", format!("{:?}", info.node_name()));
        }
        Url::Whatis(whatis) => {
            line("whatis-uri", format!("scheme {:?}", whatis.scheme()));
            line("string", format!("{:?}", whatis.decoded_string()));
        }
        Url::Ghelp(ghelp) => {
            line("ghelp-uri", format!("scheme {:?}", ghelp.scheme()));
            listed(&mut line, ghelp.components());
        }
        Url::Ldap(ldap) => {
            line("ldapurl", format!("scheme {:?}", ldap.scheme()));
            match ldap.hostport() {
                Some(hp) => hostport(&mut line, hp),
                None => line("server", "None (the client's choice)".to_owned()),
            }
            line("dn", format!("{:?}", ldap.decoded_dn()));
            line(
                "attributes",
                format!("{:?}", ldap.attributes().collect::<Vec<_>>()),
            );
            line("scope", format!("{:?}", ldap.scope()));
            line("filter", format!("{:?}", ldap.decoded_filter()));
            for extension in ldap.extensions() {
                line(
                    "extension",
                    format!(
                        "{:?} = {:?}, critical {}",
                        extension.extype(),
                        extension.decoded_value(),
                        extension.is_critical()
                    ),
                );
            }
            line("fragment", format!("{:?}", ldap.fragment()));
        }
        other => line("unknown kind", format!("{other:?}")),
    }
    // The later documents' forms leave a fragment outside themselves (RFC
    // 3986): their variants hold none of their own.
    if let Url::Ftp(_)
    | Url::Gopher(_)
    | Url::News(_)
    | Url::Nntp(_)
    | Url::Telnet(_)
    | Url::Wais(_)
    | Url::File(_)
    | Url::Prospero(_) = url
        && let Some(fragment) = url.fragment()
    {
        line("fragment", format!("{fragment:?}"));
    }
    for warning in url.warnings() {
        writeln!(out, "{warning}").unwrap();
    }
    out
}

/// An RFC 2396 URI reference's components, one per line.
pub fn describe_reference(uri: &UriRef<'_>) -> String {
    let mut out = String::new();
    reference(
        &mut |name: &str, value: String| writeln!(out, "{name}: {value}").unwrap(),
        uri,
    );
    out
}

fn reference(line: &mut impl FnMut(&str, String), uri: &UriRef<'_>) {
    let kind = match (uri.spec(), uri.is_relative(), uri.is_opaque()) {
        (Spec::Rfc3986, true, _) => "relative-ref",
        (Spec::Rfc3986, false, _) => "URI",
        (_, true, _) => "relativeURI",
        (_, false, true) => "absoluteURI (opaque_part)",
        (_, false, false) => "absoluteURI (hier_part)",
    };
    line(kind, format!("scheme {:?}", uri.scheme()));
    match uri.authority_parts() {
        None => line("authority", "None".to_owned()),
        Some(Authority::Empty) => line("authority", "empty server".to_owned()),
        Some(Authority::RegName(name)) => line("reg_name", format!("{name:?}")),
        Some(Authority::Server(server)) => login(line, server),
    }
    line("path", format!("{:?}", uri.path()));
    line("query", format!("{:?}", uri.query()));
    line("fragment", format!("{:?}", uri.fragment()));
}

/// The components of a type that lists them, one line each (a host and
/// port as two).
fn listed<'a>(
    line: &mut impl FnMut(&str, String),
    components: impl Iterator<Item = Component<'a>>,
) {
    for Component { name, value } in components {
        match value {
            ComponentValue::Text(text) => line(name, format!("{text:?}")),
            ComponentValue::Optional(text) => line(name, format!("{text:?}")),
            ComponentValue::HostPort(hp) => hostport(line, hp),
        }
    }
}

fn login(line: &mut impl FnMut(&str, String), login: Login<'_>) {
    line("user", format!("{:?}", login.user()));
    line("password", format!("{:?}", login.password()));
    hostport(line, login.hostport());
}

fn hostport(line: &mut impl FnMut(&str, String), hostport: HostPort<'_>) {
    host(line, hostport.host());
    line("port", format!("{:?}", hostport.port()));
}

fn host(line: &mut impl FnMut(&str, String), host: Host<'_>) {
    match host {
        Host::Name(name) => line("host", format!("name {name:?}")),
        Host::Number(number) => line("host", format!("number {number:?}")),
        Host::Ipv6(literal) => line("host", format!("IPv6 {literal:?}")),
        Host::IpvFuture(literal) => line("host", format!("IPvFuture {literal:?}")),
    }
}

/// The documents' example URLs (`tests/data/examples.txt`), then the inputs
/// of the rule tables (`tests/data/rule_cases.tsv`), unescaped.
pub fn documents_and_tables() -> impl Iterator<Item = String> {
    let examples = include_str!("../data/examples.txt")
        .lines()
        .filter(|line| !line.is_empty() && !line.starts_with(['#', '[']))
        .map(str::to_owned);
    let cases = include_str!("../data/rule_cases.tsv")
        .lines()
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .filter_map(|line| line.splitn(4, '\t').nth(3))
        .map(unescape);
    examples.chain(cases)
}

/// Undoes the escapes of `tests/data/rule_cases.tsv`: `\t`, `\n`, `\r`, `\\`
/// and `\u{XX}`.
pub fn unescape(field: &str) -> String {
    let mut out = String::new();
    let mut chars = field.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('t') => out.push('\t'),
            Some('n') => out.push('\n'),
            Some('r') => out.push('\r'),
            Some('\\') => out.push('\\'),
            Some('u') => {
                let code: String = chars.by_ref().skip(1).take_while(|&c| c != '}').collect();
                out.push(char::from_u32(u32::from_str_radix(&code, 16).unwrap()).unwrap());
            }
            other => panic!("unknown escape \\{other:?} in {field:?}"),
        }
    }
    out
}

/// `input` with a number of edits drawn from `edits`, each inserting a piece
/// (one of `pieces`, or a random ASCII character), deleting a character,
/// replacing one, or cutting the end.
pub fn mutate(
    rng: &mut fastrand::Rng,
    input: &str,
    pieces: &[&str],
    edits: std::ops::Range<usize>,
) -> String {
    let mut chars: Vec<char> = input.chars().collect();
    for _ in 0..rng.usize(edits) {
        let at = rng.usize(..=chars.len());
        let piece: Vec<char> = if rng.bool() {
            pieces[rng.usize(..pieces.len())].chars().collect()
        } else {
            vec![char::from(rng.u8(0..128))]
        };
        match rng.usize(..4) {
            0 => drop(chars.splice(at..at, piece)),
            1 if at < chars.len() => drop(chars.remove(at)),
            2 if at < chars.len() => drop(chars.splice(at..at + 1, piece)),
            _ => chars.truncate(at),
        }
    }
    chars.into_iter().collect()
}

/// URLs of every scheme and of the generic form, `per_scheme` of each
/// generated from each specification's grammar, each followed by three
/// mutations with `pieces` and a near miss under `near_miss_spec`, the
/// same for a seed.
#[cfg(feature = "arbitrary")]
pub fn generated_urls_and_mutants(
    seed: u64,
    per_scheme: usize,
    pieces: &[&str],
    near_miss_spec: Spec,
) -> Vec<String> {
    use arbitrary::Unstructured;
    use rfc1738::{GeneratedUrl, Scheme, near_miss};

    let mut rng = fastrand::Rng::with_seed(seed);
    let mut out = Vec::new();
    for spec in Spec::ALL {
        for scheme in Scheme::ALL.into_iter().map(Some).chain([None]) {
            for _ in 0..per_scheme {
                let bytes: Vec<u8> = (0..rng.usize(16..256)).map(|_| rng.u8(..)).collect();
                let Ok(url) = GeneratedUrl::generate(&mut Unstructured::new(&bytes), spec, scheme)
                else {
                    continue;
                };
                for _ in 0..3 {
                    out.push(mutate(&mut rng, url.as_str(), pieces, 1..3));
                }
                if let Some((near, _)) =
                    near_miss(url.as_str(), near_miss_spec, |below| rng.usize(..below))
                {
                    out.push(near);
                }
                out.push(url.as_str().to_owned());
            }
        }
    }
    out
}

/// Runs `work` on a thread with a 256 MiB stack: room for the deepest
/// nesting the tests read (LDAP filters), so that the generated reader's
/// own limit binds and pest, the reference, does not run out of stack
/// first. A panic in `work` fails the caller.
pub fn on_a_large_stack(work: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(work)
        .unwrap()
        .join()
        .unwrap();
}
