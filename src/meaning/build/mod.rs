//! Building URLs from decoded parts: one builder per scheme, each escaping
//! exactly the bytes its component's rule does not allow as they are, and
//! refusing with a [`BuildError`] what no URL of the scheme can say.
//!
//! Every builder takes its parts as the bytes they stand for (`&str`,
//! `&[u8]`, `String`, `Vec<u8>`...), writes them under the [`Spec`] given to
//! `build`, and promises that [`Url::parse_with`] reads back, through the
//! scheme's accessors and [`percent_decode`], the parts
//! it was given: a part that was set reads back as set, one that was not reads
//! back as absent. When that cannot be (a password without a user, a search
//! without a path...), `build` refuses rather than write something else.
//!
//! Under RFC 3986 a builder writes the later document's form of its scheme
//! (http and mailto: the generic syntax), and escapes every byte of a part
//! but the `unreserved` ones: "URI producing applications should
//! percent-encode data octets that correspond to characters in the reserved
//! set" (§2.2). RFC 2396 is refused.
//!
//! Host names are never escaped: a host is checked against `host = hostname |
//! hostnumber` as it is and refused when it is not one.
//!
//! This file holds what the builders share: reading back what they write
//! (`built`), escaping (`encode`) and the checks of the parts that are
//! never escaped (`check_host`, `check_group`). Each scheme's builder
//! has a file of its own, named as in `src/url/schemes/`.

#[macro_use]
mod login;

mod component;
mod error;
mod file;
mod ftp;
mod generic;
mod gopher;
mod http;
mod mailto;
mod news;
mod nntp;
mod prospero;
mod telnet;
mod wais;

pub use component::BuildComponent;
pub use error::BuildError;
pub use file::FileBuilder;
pub use ftp::FtpBuilder;
pub use generic::GenericBuilder;
pub use gopher::GopherBuilder;
pub use http::HttpBuilder;
pub use mailto::MailtoBuilder;
pub use news::NewsBuilder;
pub use nntp::NntpBuilder;
pub use prospero::ProsperoBuilder;
pub use telnet::TelnetBuilder;
pub use wais::WaisBuilder;

use crate::syntax::charclass::unreserved;
use crate::syntax::decode::{percent_decode, percent_encode};
use crate::syntax::grammar::Node;
use crate::syntax::rules::GrammarRule;
use crate::syntax::spec::Spec;
use crate::url::Url;
use crate::url::owned::OwnedUrl;
use crate::url::schemes::news::GroupPart;

/// The URL a builder writes under `spec`, read back. Builders write by the
/// Section 5 BNF, or by RFC 3986 with the later documents' forms; RFC 2396
/// is refused as such rather than by a check of some part. Every builder
/// writes only what its scheme's rule takes
/// (`tests/build_normalize.rs` and the `build_parse` fuzz target hold it to
/// that); a text that does not parse would be a fault of the builder,
/// reported as a `BuildError` of `BuildComponent::Url` rather than returned.
fn built(
    spec: Spec,
    write: impl FnOnce() -> Result<String, BuildError>,
) -> Result<OwnedUrl, BuildError> {
    if spec == Spec::Rfc2396 {
        return Err(BuildError::new(
            BuildComponent::Url,
            Node::absoluteURI,
            spec,
            "builders write URLs by the Section 5 BNF or by RFC 3986: build under RFC 1738, \
             draft-07 or RFC 3986, then read the text with `Url::parse_with(text, Spec::Rfc2396)`",
        ));
    }
    let text = write()?;
    OwnedUrl::parse_with(text, spec).map_err(|error| {
        debug_assert!(
            false,
            "a builder wrote a text its rule does not take: {error}"
        );
        BuildError::new(
            BuildComponent::Url,
            error
                .expected()
                .iter()
                .find_map(|expected| match expected {
                    crate::syntax::error::Expected::Rule(rule) => Some(rule.0),
                    _ => None,
                })
                .unwrap_or(Node::genericurl),
            spec,
            format!("the builder wrote a text its rule does not take: {error}"),
        )
    })
}

/// Refuses to turn into a builder a URL with a fragment (RFC 3986's ftp,
/// gopher, news... may end in one), since builders write none: dropping it
/// would build another URL.
fn without_fragment(text: &str, spec: Spec) -> Result<(), BuildError> {
    // No part of a URI but its fragment holds '#', and no URL of Section 5.
    match text.split_once('#') {
        None => Ok(()),
        Some((_, fragment)) => Err(BuildError::new(
            BuildComponent::Fragment,
            Node::fragment,
            spec,
            format!("builders write no fragment: build the URL, then add \"#{fragment}\""),
        )),
    }
}

/// The bytes a component of a parsed URL stands for, as the builders
/// take them (`to_builder`).
fn decoded(component: &str) -> Vec<u8> {
    percent_decode(component).into_owned()
}

/// `bytes` with every byte that `allowed` refuses under `spec` escaped.
/// Under RFC 3986 every byte but the `unreserved` ones is escaped: "URI
/// producing applications should percent-encode data octets that
/// correspond to characters in the reserved set" (§2.2), and every rule of
/// a component takes `unreserved` and `pct-encoded`.
fn encode(bytes: &[u8], spec: Spec, allowed: fn(u8, Spec) -> bool) -> String {
    if spec == Spec::Rfc3986 {
        return percent_encode(bytes, |byte| unreserved(byte, spec));
    }
    percent_encode(bytes, |byte| allowed(byte, spec))
}

/// Whether a host of `component` is, under RFC 3986, draft-hoffkohn-
/// rfc1738bis-00 §2.1's (a domain name or a dotted quad) rather than RFC
/// 3986's own `host` (which ftp, gopher, http and the generic syntax take).
fn takes_inet_host(component: BuildComponent) -> bool {
    matches!(
        component,
        BuildComponent::NewsArticleHost
            | BuildComponent::NntpHost
            | BuildComponent::TelnetHost
            | BuildComponent::WaisHost
            | BuildComponent::FileHost
            | BuildComponent::ProsperoHost
    )
}

/// `host` as written, when it is a `host` under `spec`. Hosts are not escaped
/// (in RFC 1738 `hostname` has no escapes at all), so the text is checked by
/// parsing it as the host of a small URL, which uses the grammar's own rule.
fn check_host(host: &[u8], spec: Spec, component: BuildComponent) -> Result<&str, BuildError> {
    let refuse = |what: String| {
        BuildError::new(
            component,
            Node::host,
            spec,
            format!(
                "{what} is neither a host name (`{}`) nor a host number (`{}`)",
                GrammarRule(Node::hostname, spec).definition(spec),
                GrammarRule(Node::hostnumber, spec).definition(spec),
            ),
        )
    };
    let Ok(text) = std::str::from_utf8(host) else {
        return Err(refuse(format!("{:?}", String::from_utf8_lossy(host))));
    };
    let probe = match spec {
        Spec::Rfc3986 if takes_inet_host(component) => format!("telnet://{text}/"),
        Spec::Rfc3986 => format!("ftp://{text}/"),
        _ => format!("http://{text}/"),
    };
    match Url::parse_with(&probe, spec) {
        Ok(url)
            if url.hostport().is_some_and(|hostport| {
                hostport.port().is_none() && hostport.host().as_str() == text
            }) =>
        {
            Ok(text)
        }
        _ if spec == Spec::Rfc3986 && !takes_inet_host(component) => Err(BuildError::new(
            component,
            Node::host,
            spec,
            format!(
                "{text:?} is no `host = IP-literal / IPv4address / reg-name` (RFC 3986), as written"
            ),
        )),
        _ if spec == Spec::Rfc3986 => Err(BuildError::new(
            component,
            Node::inet_host,
            spec,
            format!(
                "{text:?} is neither a domain name of letter-or-digit labels nor a dotted quad \
                 (draft-hoffkohn-rfc1738bis-00 §2.1)"
            ),
        )),
        _ => Err(refuse(format!("{text:?}"))),
    }
}

/// `group` under `spec`, checked by parsing `news:` and the group: a news
/// group name is never escaped.
fn check_group(group: &[u8], spec: Spec, component: BuildComponent) -> Result<&str, BuildError> {
    let refuse = |what: String| {
        BuildError::new(
            component,
            Node::group,
            spec,
            format!("{what} is not a news group name"),
        )
    };
    let Ok(text) = std::str::from_utf8(group) else {
        return Err(refuse(format!("{:?}", String::from_utf8_lossy(group))));
    };
    let probe = format!("news:{text}");
    match Url::parse_with(&probe, spec) {
        Ok(Url::News(news)) if news.grouppart() == GroupPart::Group(text) => Ok(text),
        _ => Err(refuse(format!("{text:?}"))),
    }
}
