//! `rfc1738 explain`: how a URL was read and what it means, as an indented
//! tree for people and as one JSON object for programs.

use std::ffi::OsString;
use std::io::{self, Write};
use std::path::PathBuf;

use rfc1738::{
    Authority, Component, ComponentValue, CwdStyle, FileHost, GopherPlus, GroupPart, InfoForm,
    LdapScope, Spec, SyntaxNode, UriRef, Url, WaisKind, percent_decode,
};
use serde::Serialize;
use serde_json::{Value, json};

use crate::args::Format;
use crate::check::Inputs;
use crate::render::{self, Lints, Origin};

/// What `explain` was asked to do.
pub struct Options {
    pub spec: Spec,
    pub format: Format,
    pub lints: Lints,
    pub color: bool,
    /// The password of anonymous FTP: the user's e-mail address (RFC 1738 §3.2.1).
    pub ftp_password: String,
    pub cwd_style: CwdStyle,
    /// Read each input as an RFC 2396 `URI-reference` and show its components.
    pub reference: bool,
    /// The URL arguments, each with its position among the arguments (`-`
    /// reads standard input there).
    pub urls: Vec<(usize, OsString)>,
    /// The files to read (`-` is standard input), after the arguments.
    pub files: Vec<PathBuf>,
    /// Longer lines of a file or of standard input are reported, not read.
    pub max_line_bytes: usize,
}

/// A node of the parse, as JSON; leaves carry their decoded text.
#[derive(Serialize)]
struct NodeRecord<'a> {
    rule: &'static str,
    text: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    decoded: Option<String>,
    span: [usize; 2],
    children: Vec<NodeRecord<'a>>,
}

impl<'a> NodeRecord<'a> {
    fn new(node: &SyntaxNode<'a>) -> NodeRecord<'a> {
        NodeRecord {
            rule: node.rule().name(),
            text: node.text(),
            decoded: node
                .children()
                .is_empty()
                .then(|| lossy(&percent_decode(node.text()))),
            span: [node.span().start, node.span().end],
            children: node.children().iter().map(NodeRecord::new).collect(),
        }
    }
}

/// The components of a URI reference, as `explain --reference` shows them.
#[derive(Serialize)]
struct Components<'a> {
    relative: bool,
    scheme: Option<&'a str>,
    authority: Option<&'a str>,
    /// `server`, `empty` or `reg_name`.
    authority_kind: Option<&'static str>,
    user: Option<&'a str>,
    password: Option<&'a str>,
    host: Option<&'a str>,
    port: Option<&'a str>,
    path: &'a str,
    opaque: bool,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

impl<'a> Components<'a> {
    fn of(uri: &UriRef<'a>) -> Components<'a> {
        let (kind, login) = match uri.authority_parts() {
            Some(Authority::Server(login)) => (Some("server"), Some(login)),
            Some(Authority::Empty) => (Some("empty"), None),
            Some(Authority::RegName(_)) => (Some("reg_name"), None),
            _ => (None, None),
        };
        Components {
            relative: uri.is_relative(),
            scheme: uri.scheme(),
            authority: uri.authority(),
            authority_kind: kind,
            user: login.and_then(|login| login.user()),
            password: login.and_then(|login| login.password()),
            host: login.map(|login| login.host().as_str()),
            port: login.and_then(|login| login.port()),
            path: uri.path(),
            opaque: uri.is_opaque(),
            query: uri.query(),
            fragment: uri.fragment(),
        }
    }
}

/// `explain --reference`: one input read as an RFC 2396 `URI-reference`;
/// whether it is one.
fn explain_reference(
    out: &mut impl Write,
    bytes: &[u8],
    text: &str,
    origin: Origin<'_>,
    options: &Options,
) -> io::Result<bool> {
    let result = UriRef::parse_bytes_with(bytes, options.spec);
    match options.format {
        Format::Json => {
            let mut value =
                serde_json::to_value(render::Record::reference(text, &result, origin, true))?;
            as_explained_reference(&mut value);
            value["components"] = match &result {
                Ok(uri) => serde_json::to_value(Components::of(uri))?,
                Err(_) => Value::Null,
            };
            serde_json::to_writer(&mut *out, &value)?;
            writeln!(out)?;
        }
        Format::Human => match &result {
            Ok(uri) => {
                let parts = Components::of(uri);
                writeln!(out, "{text}")?;
                let spec = uri.spec();
                writeln!(out, "  spec: {spec} ({}), as a URI reference", spec.title())?;
                if parts.relative {
                    writeln!(out, "  a relative reference: resolve it against a base URI")?;
                } else {
                    writeln!(out, "  an absolute URI")?;
                }
                let show = |name: &str, value: Option<&str>| match value {
                    Some(value) => format!("  {name:<11}{value:?}\n"),
                    None => String::new(),
                };
                let mut shown = show("scheme", parts.scheme);
                if let Some(kind) = parts.authority_kind {
                    shown.push_str(&format!(
                        "  {:<11}{:?} ({kind})\n",
                        "authority",
                        parts.authority.unwrap_or_default()
                    ));
                    shown.push_str(&show("  user", parts.user));
                    shown.push_str(&show("  password", parts.password));
                    shown.push_str(&show("  host", parts.host));
                    shown.push_str(&show("  port", parts.port));
                }
                shown.push_str(&show(
                    if parts.opaque { "opaque" } else { "path" },
                    Some(parts.path),
                ));
                shown.push_str(&show("query", parts.query));
                shown.push_str(&show("fragment", parts.fragment));
                write!(out, "{shown}")?;
            }
            Err(error) => writeln!(
                out,
                "{}\n",
                render::diagnostic(error, text, origin, options.color)
            )?,
        },
    }
    Ok(result.is_ok())
}

/// The JSON object of one URL: `fields` (an object, in its key order) with
/// the trees among them in that order: `"tree"`, the URL's, and
/// `"fragment_tree"`, the fragment's where the grammar reads it after the
/// URL (`null` where it does not). An invalid URL has both, `null`.
struct WithTree<'a> {
    fields: &'a Value,
    trees: Option<(NodeRecord<'a>, Option<NodeRecord<'a>>)>,
}

impl Serialize for WithTree<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(None)?;
        // In key order, as the fields are.
        let (tree, fragment_tree) = match &self.trees {
            Some((tree, fragment_tree)) => (Some(tree), fragment_tree.as_ref()),
            None => (None, None),
        };
        let mut trees = [("fragment_tree", fragment_tree), ("tree", tree)]
            .into_iter()
            .peekable();
        if let Value::Object(fields) = self.fields {
            for (key, value) in fields {
                while let Some((name, node)) = trees.next_if(|&(name, _)| name < key.as_str()) {
                    map.serialize_entry(name, &node)?;
                }
                map.serialize_entry(key, value)?;
            }
        }
        for (name, node) in trees {
            map.serialize_entry(name, &node)?;
        }
        map.end()
    }
}

/// Decoded bytes as text, by the library's one rule: what is not UTF-8
/// shows as U+FFFD, in the text output and in JSON alike.
fn lossy(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A component with its escapes decoded, bytes that are not UTF-8 shown as
/// U+FFFD.
fn decoded(text: &str) -> String {
    lossy(&percent_decode(text))
}

/// The meaning of a URL whose type lists its components: each one decoded.
/// The server is left out: explain shows its port, and the tree its host.
fn listed<'a>(components: impl Iterator<Item = Component<'a>>) -> Vec<(&'static str, Value)> {
    components
        .filter_map(|Component { name, value }| match value {
            ComponentValue::Text(text) => Some((name, json!(decoded(text)))),
            ComponentValue::Optional(text) => Some((name, json!(text.map(decoded)))),
            ComponentValue::HostPort(_) => None,
        })
        .collect()
}

/// What the documents say the URL means, as named values, every component
/// decoded (hosts too: draft-07's may hold escapes).
fn meaning(url: &Url<'_>, options: &Options) -> Vec<(&'static str, Value)> {
    let all = |parts: &mut dyn Iterator<Item = &str>| parts.map(decoded).collect::<Vec<_>>();
    match url {
        Url::Ftp(ftp) => vec![(
            "commands",
            match ftp.commands(&options.ftp_password, options.cwd_style) {
                Ok(commands) => json!(commands.iter().map(ToString::to_string).collect::<Vec<_>>()),
                Err(error) => json!({"error": error.to_string()}),
            },
        )],
        Url::Http(http) => vec![
            ("path", json!(all(&mut http.segments()))),
            ("search", json!(http.search().map(decoded))),
        ],
        Url::Gopher(gopher) => {
            let plus = gopher.gopher_plus_request().map(|plus| match plus {
                GopherPlus::DefaultView => json!({"kind": "default view"}),
                GopherPlus::Ask => json!({"kind": "item with a +ASK form"}),
                GopherPlus::Attributes { all_items, names } => json!({
                    "kind": if all_items { "attributes of every item in the directory" } else { "attributes" },
                    "names": names.iter().map(|n| lossy(n)).collect::<Vec<_>>(),
                }),
                GopherPlus::AlternateView { view, language } => json!({
                    "kind": "alternate view", "view": lossy(&view), "language": language.map(|l| lossy(&l)),
                }),
                GopherPlus::Form { values } => json!({
                    "kind": "filled-in form", "values": values.iter().map(|v| lossy(v)).collect::<Vec<_>>(),
                }),
                GopherPlus::Other(other) => json!({"kind": "other", "text": lossy(&other)}),
            });
            vec![
                ("item type", json!(lossy(&[gopher.item_type()]))),
                ("selector", json!(decoded(gopher.selector().unwrap_or("")))),
                ("search", json!(gopher.search().map(decoded))),
                ("gopher+", json!(plus)),
                (
                    "request",
                    match gopher.request() {
                        // JSON escapes the tab, CR and LF; bytes that are not
                        // UTF-8 show as U+FFFD.
                        Ok(bytes) => json!(lossy(&bytes)),
                        Err(error) => json!({"error": error.to_string()}),
                    },
                ),
            ]
        }
        Url::Mailto(mailto) => listed(mailto.components()),
        Url::News(news) => match news.grouppart() {
            GroupPart::All => vec![
                ("kind", json!("all")),
                ("means", json!("all available news groups")),
            ],
            GroupPart::Group(group) => vec![("kind", json!("group")), ("group", json!(group))],
            GroupPart::Article { .. } => vec![
                ("kind", json!("article")),
                ("message-id", json!(news.message_id())),
            ],
        },
        Url::Nntp(nntp) => listed(nntp.components()),
        Url::Telnet(telnet) => vec![
            ("user (advisory)", json!(telnet.login().user().map(decoded))),
            (
                "password (advisory)",
                json!(telnet.login().password().map(decoded)),
            ),
        ],
        Url::Wais(wais) => {
            let mut parts = vec![("database", json!(decoded(wais.database())))];
            match wais.kind() {
                WaisKind::Database => parts.push(("kind", json!("database"))),
                WaisKind::Index { search } => {
                    parts.push(("kind", json!("search")));
                    parts.push(("search", json!(decoded(search))));
                }
                WaisKind::Document { wtype, wpath } => {
                    parts.push(("kind", json!("document")));
                    parts.push(("type", json!(decoded(wtype))));
                    parts.push(("path", json!(decoded(wpath))));
                }
            }
            parts
        }
        Url::File(file) => vec![
            (
                "host",
                json!(match file.host() {
                    FileHost::Absent | FileHost::Localhost(_) => "this machine".to_owned(),
                    FileHost::Host(host) => host.decoded_str().into_owned(),
                }),
            ),
            ("path", json!(all(&mut file.segments()))),
        ],
        Url::Prospero(prospero) => vec![
            ("hsoname", json!(decoded(prospero.path()))),
            (
                "fields",
                json!(
                    prospero
                        .fields()
                        .map(|(name, value)| [decoded(name), decoded(value)])
                        .collect::<Vec<_>>()
                ),
            ),
        ],
        Url::Man(man) => match man.decoded_name() {
            None => vec![("page", json!("the index of the manual pages"))],
            Some(name) => vec![("command", json!(name)), ("section", json!(man.section()))],
        },
        Url::Info(info) => vec![
            (
                "form",
                json!(match info.form() {
                    InfoForm::Gnome => "GNOME (node after '#', '_' for spaces)",
                    InfoForm::Kde => "KDE (node after the parenthesis)",
                }),
            ),
            ("file", json!(decoded(info.file()))),
            ("node", json!(info.node_name())),
        ],
        Url::Whatis(whatis) => vec![("search", json!(whatis.decoded_string()))],
        Url::Ghelp(ghelp) => listed(ghelp.components()),
        Url::Ldap(ldap) => vec![
            (
                "server",
                json!(ldap.hostport().map_or("the client's choice".to_owned(), |hp| hp.host().decoded_str().into_owned())),
            ),
            ("base DN", json!(ldap.decoded_dn())),
            (
                "attributes",
                match ldap.attributes().map(decoded).collect::<Vec<_>>() {
                    all if all.is_empty() => json!("all"),
                    some => json!(some),
                },
            ),
            (
                "scope",
                json!(match ldap.scope() {
                    LdapScope::Base => "base (the base object)",
                    LdapScope::One => "one (one level below the base)",
                    LdapScope::Sub => "sub (the whole subtree)",
                }),
            ),
            ("filter", json!(ldap.decoded_filter())),
            (
                "extensions",
                json!(
                    ldap.extensions()
                        .map(|e| json!({"type": decoded(e.extype()), "value": e.decoded_value(), "critical": e.is_critical()}))
                        .collect::<Vec<_>>()
                ),
            ),
        ],
        // A URI read by the generic syntax alone (a scheme of neither
        // document's own, or uri(7)'s forms that are RFC 2396's): what both
        // documents give every URI, its user information (where it has
        // one), its path's segments and its query, or RFC 2396's opaque
        // part (RFC 3986 has none: `urn:a?q` has a query).
        Url::Uri(uri) if uri.is_opaque() && uri.spec() == Spec::Rfc2396 => {
            vec![("opaque part", json!(decoded(uri.path())))]
        }
        Url::Uri(uri) => {
            let path = uri.path();
            let segments = match path.strip_prefix('/') {
                Some(rooted) => all(&mut rooted.split('/')),
                None if path.is_empty() => Vec::new(),
                None => all(&mut path.split('/')),
            };
            // A server's `userinfo` holds no "@" in either document (an
            // RFC 2396 `reg_name` may: it has no user information).
            let userinfo = uri
                .authority()
                .filter(|_| !matches!(uri.authority_parts(), Some(Authority::RegName(_))))
                .and_then(|authority| authority.split_once('@'))
                .map(|(userinfo, _)| decoded(userinfo));
            let mut parts = Vec::new();
            if let Some(userinfo) = userinfo {
                parts.push(("userinfo", json!(userinfo)));
            }
            parts.push(("path", json!(segments)));
            parts.push(("query", json!(uri.query().map(decoded))));
            parts
        }
        _ => Vec::new(),
    }
}

/// `check`'s JSON record made `explain`'s: what only a valid URL has
/// (`port`, `default_port`, `fragment`, `meaning`) `null` until it is
/// written, and no `file` or `input_line`.
fn as_explained(record: &mut Value) {
    for key in ["port", "default_port", "fragment", "meaning"] {
        record[key] = Value::Null;
    }
    if let Value::Object(map) = record {
        map.remove("file");
        map.remove("input_line");
    }
}

/// `check --reference`'s JSON record made `explain --reference`'s: no
/// `file`, `input_line` or `warnings` (a reference has no lints), and
/// `components` `null` until it is written, as an invalid reference's are.
fn as_explained_reference(record: &mut Value) {
    if let Value::Object(map) = record {
        map.remove("file");
        map.remove("input_line");
        map.remove("warnings");
    }
    record["components"] = Value::Null;
}

/// Explains each URL; `Ok(true)` when all are valid, with no denied warning.
/// The arguments come in their order, `-` where standard input is read;
/// then the files; standard input where neither is given.
pub fn run(options: &Options) -> io::Result<bool> {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut explained = Explained {
        first: true,
        all_valid: true,
    };
    let read = |files: Vec<PathBuf>| Inputs::new(Vec::new(), files, options.max_line_bytes);
    for (position, argument) in &options.urls {
        if argument == "-" {
            explained.each_line(&mut out, read(vec![PathBuf::from("-")]), options)?;
        } else {
            let origin = Origin {
                file: None,
                line: *position,
            };
            explained.one(&mut out, argument.as_encoded_bytes(), None, origin, options)?;
        }
    }
    if !options.files.is_empty() || options.urls.is_empty() {
        explained.each_line(&mut out, read(options.files.clone()), options)?;
    }
    out.flush()?;
    Ok(explained.all_valid)
}

/// What the run has explained so far.
struct Explained {
    first: bool,
    all_valid: bool,
}

impl Explained {
    /// Explains each line of `inputs` but the blank ones.
    fn each_line(
        &mut self,
        out: &mut io::StdoutLock<'_>,
        mut inputs: Inputs,
        options: &Options,
    ) -> io::Result<()> {
        while let Some(line) = inputs.next_line()? {
            if line.is_blank() {
                continue;
            }
            let origin = Origin {
                file: inputs.names[line.source].as_deref(),
                line: line.number,
            };
            self.one(out, &line.bytes, line.too_long, origin, options)?;
        }
        Ok(())
    }

    /// Explains one input, or reports a line of `too_long` bytes (of which
    /// `bytes` holds the first) as `check` does.
    fn one(
        &mut self,
        out: &mut io::StdoutLock<'_>,
        bytes: &[u8],
        too_long: Option<u64>,
        origin: Origin<'_>,
        options: &Options,
    ) -> io::Result<()> {
        // A blank line between two URLs' explanations in human output.
        if !self.first && matches!(options.format, Format::Human) {
            writeln!(out)?;
        }
        self.first = false;
        let valid = match too_long {
            None => explain_one(out, bytes, origin, options)?,
            Some(length) => {
                let max = options.max_line_bytes;
                if matches!(options.format, Format::Json) {
                    // The record of `check`, with `explain`'s keys.
                    let mut value = crate::check::with_too_long_record(
                        bytes,
                        length,
                        max,
                        origin,
                        options.spec,
                        |record| serde_json::to_value(record),
                    )?;
                    if options.reference {
                        as_explained_reference(&mut value);
                        serde_json::to_writer(&mut *out, &value)?;
                    } else {
                        as_explained(&mut value);
                        let explained = WithTree {
                            fields: &value,
                            trees: None,
                        };
                        serde_json::to_writer(&mut *out, &explained)?;
                    }
                    writeln!(out)?;
                } else {
                    let report = crate::check::too_long_report(
                        bytes,
                        length,
                        max,
                        origin,
                        options.spec,
                        options.format,
                        options.color,
                    );
                    writeln!(out, "{report}")?;
                }
                false
            }
        };
        if !valid {
            self.all_valid = false;
            crate::exit::saw_invalid();
        }
        Ok(())
    }
}

/// Explains one URL (or reference) to `out`; `Ok(true)` when it is valid,
/// with no denied warning.
fn explain_one(
    out: &mut io::StdoutLock<'_>,
    bytes: &[u8],
    origin: Origin<'_>,
    options: &Options,
) -> io::Result<bool> {
    let text = String::from_utf8_lossy(bytes);
    if options.reference {
        return explain_reference(out, bytes, &text, origin, options);
    }
    let result = Url::parse_bytes(bytes, options.spec);
    let warnings = result
        .as_ref()
        .map(|url| options.lints.warnings(url))
        .unwrap_or_default();
    let valid = options.lints.passes(&result, &warnings);
    match options.format {
        Format::Json => {
            let record = render::Record::new(
                &text,
                options.spec,
                &result,
                &warnings,
                &options.lints,
                origin,
                true,
            );
            let mut value = serde_json::to_value(&record)?;
            as_explained(&mut value);
            if let Ok(url) = &result {
                value["port"] = json!(
                    url.hostport()
                        .and_then(|hp| hp.port_number().ok().flatten())
                );
                value["default_port"] = json!(url.default_port());
                value["fragment"] = json!(url.fragment());
                let meaning: serde_json::Map<String, Value> = meaning(url, options)
                    .into_iter()
                    .map(|(name, v)| (name.to_owned(), v))
                    .collect();
                value["meaning"] = Value::Object(meaning);
            }
            // The tree, the bulk of the output, is written as it is
            // walked rather than built as a JSON value first.
            let trees = result.as_ref().ok().map(Url::syntax_trees);
            let explained = WithTree {
                fields: &value,
                trees: trees.as_ref().map(|trees| {
                    (
                        NodeRecord::new(&trees[0]),
                        trees.get(1).map(NodeRecord::new),
                    )
                }),
            };
            serde_json::to_writer(&mut *out, &explained)?;
            writeln!(out)?;
        }
        Format::Human => match &result {
            Ok(url) => {
                writeln!(out, "{text}")?;
                writeln!(
                    out,
                    "  spec: {} ({})",
                    options.spec.name(),
                    options.spec.title()
                )?;
                match url.known_scheme() {
                    Some(scheme) if url.spec() == Spec::Rfc2396 => writeln!(
                        out,
                        "  scheme: {scheme} (uri(7)'s form, in RFC 2396's terms)"
                    )?,
                    Some(scheme) if url.spec() == Spec::Rfc3986 => {
                        match render::rfc3986_document(scheme) {
                            Some(document) => writeln!(out, "  scheme: {scheme} ({document})")?,
                            None => writeln!(
                                out,
                                "  scheme: {scheme} (RFC 3986 generic syntax: the document that now defines {scheme} is not one of ours)"
                            )?,
                        }
                    }
                    Some(scheme) => {
                        writeln!(out, "  scheme: {} (Section {})", scheme, scheme.section())?
                    }
                    None if url.spec() == Spec::Rfc3986 => writeln!(
                        out,
                        "  scheme: {} (RFC 3986 generic syntax, Appendix A)",
                        url.scheme()
                    )?,
                    None if url.spec() == Spec::Rfc2396 => {
                        let form = match url {
                            Url::Ldap(_) => "RFC 2255, as uri(7) cites it",
                            Url::Man(_) | Url::Info(_) | Url::Whatis(_) | Url::Ghelp(_) => {
                                "uri(7)'s form"
                            }
                            _ => {
                                "RFC 2396 generic syntax: the text before the first ':', which no '/', '?' or '#' precedes"
                            }
                        };
                        writeln!(out, "  scheme: {} ({form})", url.scheme())?;
                    }
                    None => writeln!(out, "  scheme: {} (generic form, Section 5)", url.scheme())?,
                }
                if let Some(fragment) = url.fragment() {
                    let why = match url.spec() {
                        Spec::Rfc3986 => "RFC 3986 §3.5: not part of the scheme's syntax",
                        _ => "not part of the URI: kept apart",
                    };
                    writeln!(out, "  fragment: {fragment:?} ({why})")?;
                }
                if let Some(default) = url.default_port() {
                    match url.hostport().map(|hp| hp.port_number()) {
                        Some(Ok(Some(port))) => {
                            writeln!(out, "  port: {port} (default {default})")?
                        }
                        Some(Err(error)) => writeln!(out, "  port: {error} (default {default})")?,
                        _ => writeln!(out, "  port: {default} (the default)")?,
                    }
                }
                // The URL's tree, then its fragment's where the scheme's
                // form leaves the fragment outside itself.
                let trees = url.syntax_trees();
                let nodes = || trees.iter().flat_map(SyntaxNode::walk);
                let width = nodes()
                    .map(|(depth, node)| 2 * depth + node.rule().name().len())
                    .max()
                    .unwrap_or(0);
                for (depth, node) in nodes() {
                    let name = format!("{}{}", "  ".repeat(depth), node.rule().name());
                    writeln!(out, "  {name:width$}  {:?}", node.text())?;
                }
                let meaning = meaning(url, options);
                if !meaning.is_empty() {
                    writeln!(out, "  meaning:")?;
                }
                for (name, value) in meaning {
                    match value {
                        Value::Array(items) if name == "commands" => {
                            items.iter().try_for_each(|item| {
                                writeln!(out, "    {}", item.as_str().unwrap_or(""))
                            })?
                        }
                        value => writeln!(out, "    {name}: {}", human(&value))?,
                    }
                }
                if !warnings.is_empty() {
                    writeln!(
                        out,
                        "{}",
                        render::warnings(url, &warnings, &options.lints, origin, options.color)
                    )?;
                }
            }
            Err(error) => writeln!(
                out,
                "{}",
                render::diagnostic(error, &text, origin, options.color)
            )?,
        },
    }
    Ok(valid)
}

/// A value of the meaning as a person reads it, not as JSON: `none` for an
/// absent part, a list without brackets, a record as `name value` pairs;
/// text stays quoted, so that an empty part shows.
fn human(value: &Value) -> String {
    match value {
        Value::Null => "none".to_owned(),
        Value::String(text) => format!("{text:?}"),
        Value::Array(items) if items.is_empty() => "none".to_owned(),
        Value::Array(items) => items
            .iter()
            .map(|item| match item {
                // A pair, such as a prospero field and its value.
                Value::Array(_) => format!("({})", human(item)),
                item => human(item),
            })
            .collect::<Vec<_>>()
            .join(", "),
        Value::Object(fields) => fields
            .iter()
            .map(|(name, value)| format!("{name} {}", human(value)))
            .collect::<Vec<_>>()
            .join("; "),
        other => other.to_string(),
    }
}
