//! The library's typed views as Python dicts: one key per component, named
//! as the Python classes of `rfc1738/_model.py` name their fields, with
//! `kind` naming the class.

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyTuple};
use rfc1738::{
    Authority, Component, ComponentValue, FileHost, GopherPlus, GroupPart, Host, HostPort,
    InfoForm, LdapScope, Login, SyntaxNode, UriRef, Url, WaisKind,
};

fn host<'py>(py: Python<'py>, host: Host<'_>) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item(
        "kind",
        match host {
            Host::Name(_) => "name",
            Host::Number(_) => "number",
            Host::Ipv6(_) => "ipv6",
            Host::IpvFuture(_) => "ipvfuture",
        },
    )?;
    dict.set_item("text", host.as_str())?;
    dict.set_item("octets", host.octets().map(|octets| octets.to_vec()))?;
    Ok(dict)
}

fn hostport<'py>(py: Python<'py>, hostport: HostPort<'_>) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("host", host(py, hostport.host())?)?;
    dict.set_item("port", hostport.port())?;
    Ok(dict)
}

fn login<'py>(py: Python<'py>, login: Login<'_>) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("user", login.user())?;
    dict.set_item("password", login.password())?;
    dict.set_item("hostport", hostport(py, login.hostport())?)?;
    Ok(dict)
}

/// The components of a type that lists them, each under its name: the
/// attribute of the Python class that `_url_of` fills.
fn listed<'a>(
    py: Python<'_>,
    dict: &Bound<'_, PyDict>,
    components: impl Iterator<Item = Component<'a>>,
) -> PyResult<()> {
    for Component { name, value } in components {
        match value {
            ComponentValue::Text(text) => dict.set_item(name, text)?,
            ComponentValue::Optional(text) => dict.set_item(name, text)?,
            ComponentValue::HostPort(hp) => dict.set_item(name, hostport(py, hp)?)?,
        }
    }
    Ok(())
}

fn strings<'a, 'py>(
    py: Python<'py>,
    parts: impl Iterator<Item = &'a str>,
) -> PyResult<Bound<'py, PyTuple>> {
    PyTuple::new(py, parts.collect::<Vec<_>>())
}

fn bytes_list<'py>(py: Python<'py>, parts: &[Vec<u8>]) -> PyResult<Bound<'py, PyTuple>> {
    PyTuple::new(py, parts.iter().map(|part| PyBytes::new(py, part)))
}

/// The gopher+ request's dict: `kind` and the parts of that kind.
fn gopher_plus<'py>(py: Python<'py>, plus: &GopherPlus) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("all_items", py.None())?;
    dict.set_item("names", PyTuple::empty(py))?;
    dict.set_item("view", py.None())?;
    dict.set_item("language", py.None())?;
    dict.set_item("values", PyTuple::empty(py))?;
    dict.set_item("text", py.None())?;
    let kind = match plus {
        GopherPlus::DefaultView => "default-view",
        GopherPlus::Ask => "ask",
        GopherPlus::Attributes { all_items, names } => {
            dict.set_item("all_items", *all_items)?;
            dict.set_item("names", bytes_list(py, names)?)?;
            "attributes"
        }
        GopherPlus::AlternateView { view, language } => {
            dict.set_item("view", PyBytes::new(py, view))?;
            dict.set_item("language", language.as_ref().map(|l| PyBytes::new(py, l)))?;
            "alternate-view"
        }
        GopherPlus::Form { values } => {
            dict.set_item("values", bytes_list(py, values)?)?;
            "form"
        }
        GopherPlus::Other(text) => {
            dict.set_item("text", PyBytes::new(py, text))?;
            "other"
        }
    };
    dict.set_item("kind", kind)?;
    Ok(dict)
}

/// A URI reference's components.
pub(crate) fn uri_ref<'py>(py: Python<'py>, uri: &UriRef<'_>) -> PyResult<Bound<'py, PyAny>> {
    let dict = PyDict::new(py);
    dict.set_item("text", uri.as_str())?;
    dict.set_item("spec", uri.spec().name())?;
    dict.set_item("scheme", uri.scheme())?;
    dict.set_item("authority", uri.authority())?;
    let (kind, server, reg_name) = match uri.authority_parts() {
        Some(Authority::Server(server)) => (Some("server"), Some(login(py, server)?), None),
        Some(Authority::Empty) => (Some("empty"), None, None),
        Some(Authority::RegName(name)) => (Some("reg_name"), None, Some(name)),
        _ => (None, None, None),
    };
    dict.set_item("authority_kind", kind)?;
    dict.set_item("server", server)?;
    dict.set_item("reg_name", reg_name)?;
    dict.set_item("path", uri.path())?;
    dict.set_item("opaque", uri.is_opaque())?;
    dict.set_item("query", uri.query())?;
    dict.set_item("fragment", uri.fragment())?;
    Ok(dict.into_any())
}

/// A URL's components: those every URL has, then its scheme's.
pub(crate) fn url<'py>(py: Python<'py>, url: &Url<'_>) -> PyResult<Bound<'py, PyAny>> {
    let dict = PyDict::new(py);
    dict.set_item("text", url.as_str())?;
    dict.set_item("spec", url.spec().name())?;
    dict.set_item("scheme", url.scheme())?;
    dict.set_item(
        "known_scheme",
        url.known_scheme().map(|scheme| scheme.name()),
    )?;
    dict.set_item("default_port", url.default_port())?;
    dict.set_item("port_or_default", url.port_or_default())?;
    dict.set_item(
        "hostport",
        url.hostport().map(|hp| hostport(py, hp)).transpose()?,
    )?;
    let kind = match url {
        Url::Ftp(ftp) => {
            dict.set_item("login", login(py, ftp.login())?)?;
            dict.set_item("path", ftp.path())?;
            dict.set_item("segments", strings(py, ftp.segments())?)?;
            dict.set_item("cwd", strings(py, ftp.cwd())?)?;
            dict.set_item("name", ftp.name())?;
            dict.set_item("typecode", ftp.typecode().map(String::from))?;
            "ftp"
        }
        Url::Http(http) => {
            dict.set_item("hostport", hostport(py, http.hostport())?)?;
            dict.set_item("path", http.path())?;
            dict.set_item("segments", strings(py, http.segments())?)?;
            dict.set_item("search", http.search())?;
            "http"
        }
        Url::Gopher(gopher) => {
            dict.set_item("hostport", hostport(py, gopher.hostport())?)?;
            dict.set_item("path", gopher.path())?;
            dict.set_item("gtype", gopher.gtype())?;
            dict.set_item("selector", gopher.selector())?;
            dict.set_item("search", gopher.search())?;
            dict.set_item("gopher_plus", gopher.gopher_plus())?;
            dict.set_item("item_type", char::from(gopher.item_type()).to_string())?;
            let plus = gopher.gopher_plus_request();
            dict.set_item(
                "gopher_plus_request",
                plus.as_ref()
                    .map(|plus| gopher_plus(py, plus))
                    .transpose()?,
            )?;
            "gopher"
        }
        Url::Mailto(mailto) => {
            listed(py, &dict, mailto.components())?;
            "mailto"
        }
        Url::News(news) => {
            let (kind, group, unique, article_host) = match news.grouppart() {
                GroupPart::All => ("all", None, None, None),
                GroupPart::Group(group) => ("group", Some(group), None, None),
                GroupPart::Article { unique, host: at } => {
                    ("article", None, Some(unique), Some(host(py, at)?))
                }
            };
            dict.set_item("grouppart", kind)?;
            dict.set_item("group", group)?;
            dict.set_item("unique", unique)?;
            dict.set_item("host", article_host)?;
            "news"
        }
        Url::Nntp(nntp) => {
            listed(py, &dict, nntp.components())?;
            "nntp"
        }
        Url::Telnet(telnet) => {
            dict.set_item("login", login(py, telnet.login())?)?;
            dict.set_item("has_trailing_slash", telnet.has_trailing_slash())?;
            "telnet"
        }
        Url::Wais(wais) => {
            dict.set_item("hostport", hostport(py, wais.hostport())?)?;
            dict.set_item("database", wais.database())?;
            let (form, search, wtype, wpath) = match wais.kind() {
                WaisKind::Index { search } => ("index", Some(search), None, None),
                WaisKind::Document { wtype, wpath } => ("document", None, Some(wtype), Some(wpath)),
                _ => ("database", None, None, None),
            };
            dict.set_item("form", form)?;
            dict.set_item("search", search)?;
            dict.set_item("wtype", wtype)?;
            dict.set_item("wpath", wpath)?;
            "wais"
        }
        Url::File(file) => {
            let file_host = PyDict::new(py);
            let (kind, text, named) = match file.host() {
                FileHost::Absent => ("absent", None, None),
                FileHost::Localhost(text) => ("localhost", Some(text), None),
                FileHost::Host(named) => ("host", Some(named.as_str()), Some(host(py, named)?)),
            };
            file_host.set_item("kind", kind)?;
            file_host.set_item("text", text)?;
            file_host.set_item("host", named)?;
            dict.set_item("host", file_host)?;
            dict.set_item("path", file.path())?;
            dict.set_item("segments", strings(py, file.segments())?)?;
            "file"
        }
        Url::Prospero(prospero) => {
            dict.set_item("hostport", hostport(py, prospero.hostport())?)?;
            dict.set_item("path", prospero.path())?;
            dict.set_item("segments", strings(py, prospero.segments())?)?;
            let fields = PyList::empty(py);
            for field in prospero.fields() {
                fields.append(field)?;
            }
            dict.set_item("fields", fields.to_tuple())?;
            "prospero"
        }
        Url::Generic(generic) => {
            dict.set_item("schemepart", generic.schemepart())?;
            let ip = match generic.ip_schemepart() {
                Some(ip) => {
                    let part = PyDict::new(py);
                    part.set_item("login", login(py, ip.login())?)?;
                    part.set_item("urlpath", ip.urlpath())?;
                    Some(part)
                }
                None => None,
            };
            dict.set_item("ip_schemepart", ip)?;
            "generic"
        }
        Url::Uri(uri) => {
            dict.set_item("reference", uri_ref(py, uri)?)?;
            "uri"
        }
        Url::Man(man) => {
            dict.set_item("name", man.name())?;
            dict.set_item("decoded_name", man.decoded_name())?;
            dict.set_item("section", man.section())?;
            dict.set_item("is_index", man.is_index())?;
            "man"
        }
        Url::Info(info) => {
            dict.set_item(
                "form",
                match info.form() {
                    InfoForm::Gnome => "gnome",
                    _ => "kde",
                },
            )?;
            dict.set_item("file", info.file())?;
            dict.set_item("node", info.node())?;
            dict.set_item("node_name", info.node_name())?;
            "info"
        }
        Url::Whatis(whatis) => {
            dict.set_item("string", whatis.string())?;
            dict.set_item("decoded_string", whatis.decoded_string())?;
            "whatis"
        }
        Url::Ghelp(ghelp) => {
            listed(py, &dict, ghelp.components())?;
            "ghelp"
        }
        Url::Ldap(ldap) => {
            dict.set_item(
                "hostport",
                ldap.hostport().map(|hp| hostport(py, hp)).transpose()?,
            )?;
            dict.set_item("dn", ldap.dn())?;
            dict.set_item("decoded_dn", ldap.decoded_dn())?;
            dict.set_item("attributes", strings(py, ldap.attributes())?)?;
            dict.set_item(
                "scope",
                match ldap.scope() {
                    LdapScope::Base => "base",
                    LdapScope::One => "one",
                    _ => "sub",
                },
            )?;
            dict.set_item("filter", ldap.filter())?;
            dict.set_item("decoded_filter", ldap.decoded_filter())?;
            let extensions = PyList::empty(py);
            for extension in ldap.extensions() {
                let record = PyDict::new(py);
                record.set_item("critical", extension.is_critical())?;
                record.set_item("extype", extension.extype())?;
                record.set_item("value", extension.value())?;
                record.set_item("decoded_value", extension.decoded_value())?;
                extensions.append(record)?;
            }
            dict.set_item("extensions", extensions.to_tuple())?;
            "ldap"
        }
        _ => "unknown",
    };
    dict.set_item("kind", kind)?;
    dict.set_item("fragment", url.fragment())?;
    Ok(dict.into_any())
}

/// A node of the parse and its children, as nested tuples.
pub(crate) fn tree<'py>(py: Python<'py>, node: &SyntaxNode<'_>) -> PyResult<Bound<'py, PyAny>> {
    let children = node
        .children()
        .iter()
        .map(|child| tree(py, child))
        .collect::<PyResult<Vec<_>>>()?;
    Ok((
        node.rule().name(),
        node.text(),
        node.span().start,
        node.span().end,
        PyTuple::new(py, children)?,
    )
        .into_pyobject(py)?
        .into_any())
}
