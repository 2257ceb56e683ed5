//! Normalization: the canonical form of a URL under its specification, and
//! equivalence of two URLs as equality of their canonical forms.
//!
//! The canonical form changes only what does not change the URL's meaning:
//!
//! - the scheme is written in lower case, and so is a host name (host names
//!   are case-insensitive, RFC 1034 §3.1), wherever the grammar reads a
//!   `host`: in a login, a `hostport`, a news article, a file URL, and a
//!   generic URL's `ip-schemepart`. A host number stays as written (leading
//!   zeros in it are read as octal by some resolvers);
//! - an escape stands for the byte it encodes, so `%7e` and `%7E` are the
//!   same: the hex is written in upper case;
//! - an escape is decoded when its byte is `unreserved` under the URL's
//!   specification (alpha, digit, safe, extra, and in draft-07 national) and
//!   not `reserved`. Every rule that allows escapes (`uchar` or `xchar`)
//!   allows every `unreserved` byte as it is, so this one uniform rule never
//!   writes a byte where its component forbids it. A reserved byte
//!   (";" "/" "?" ":" "@" "&" "=") is never decoded: RFC 1738 §2.2 says its
//!   escape means something else (draft-07's `extra` holds "=", but "=" is
//!   reserved too, and in a prospero field name it would move the split).
//!   Nor is any other byte, such as `%09`, the separator of a gopher path;
//! - a port equal to the scheme's default port (`Scheme::default_port`) is
//!   dropped, and any other port loses its leading zeros (`port = digits` is
//!   a number). A generic URL's scheme has no known default port.
//!
//! Under RFC 3986 (§6.2.2 and §6.2.3), a URI of the generic syntax also
//! loses its dot segments, and an http URI's empty path after an authority
//! is "/"; an IP literal's hex is in lower case. The later documents'
//! schemes keep their paths as written: an ftp "CWD .." and a gopher
//! selector are the scheme's data, which no dot segment rule reads.
//!
//! Everything else is kept as written: the spec of the URL, the case of
//! everything but scheme and host names, an empty user name, a telnet URL's
//! trailing "/", `file://localhost/` as against `file:///`, an ftp type code,
//! an nntp article number, and so on.

use crate::syntax::charclass::needs_no_escape;
use crate::syntax::scheme::Scheme;
use crate::syntax::spec::Spec;
use crate::url::Url;
use crate::url::owned::OwnedUrl;
use crate::url::rfc2396::uri::UriRef;
use crate::url::rfc2396::uri::remove_dot_segments_rfc3986;
use crate::url::schemes::file::FileHost;
use crate::url::schemes::login::Host;
use crate::url::schemes::news::GroupPart;

impl Url<'_> {
    /// The URL's canonical form under its own specification (see the module
    /// documentation of the rules): it parses under that specification, it
    /// has the same components once decoded (with the host name in lower
    /// case and the same port number, or the default), and normalizing it
    /// again changes nothing.
    ///
    /// ```
    /// use rfc1738::{Spec, Url};
    ///
    /// let url = Url::parse_with("HTTP://WWW.Example.COM:80/%7euser", Spec::Draft07).unwrap();
    /// assert_eq!(url.normalize(), "http://www.example.com/~user");
    /// // "~" is allowed nowhere in RFC 1738, so its escape stays.
    /// let url = Url::parse_with("HTTP://WWW.Example.COM:0080/%7euser", Spec::Rfc1738).unwrap();
    /// assert_eq!(url.normalize(), "http://www.example.com/%7Euser");
    /// // A reserved character keeps its escape; any other unreserved one loses it.
    /// assert_eq!(Url::parse("ftp://h/a%2fb").unwrap().normalize(), "ftp://h/a%2Fb");
    /// assert_eq!(Url::parse("ftp://h/%41").unwrap().normalize(), "ftp://h/A");
    /// assert_eq!(Url::parse("gopher://h:070/%31a%09b").unwrap().normalize(), "gopher://h/1a%09b");
    /// ```
    ///
    /// A `Url::Uri` made by hand around a relative reference is no URL and
    /// has no canonical form as one: it comes back as it is.
    #[must_use]
    pub fn normalize(&self) -> OwnedUrl {
        if self.is_relative_reference() {
            return self.into_owned();
        }
        let spec = self.spec();
        let text = self.canonical_text();
        // The canonical form parses under the URL's own specification (tests
        // and the `normalize` fuzz target hold it to that, through
        // `canonical_text`); were it ever not so, the URL itself is still a
        // URL that means what it means.
        OwnedUrl::parse_with(text, spec).unwrap_or_else(|_| {
            debug_assert!(false, "{self} normalizes to a text that does not parse");
            self.into_owned()
        })
    }

    /// Whether this is a `Url::Uri` made by hand around a relative
    /// reference, which has no scheme to read it by.
    fn is_relative_reference(&self) -> bool {
        matches!(self, Url::Uri(uri) if uri.scheme().is_none())
    }

    /// The text of [`normalize`](Url::normalize), before it is read again.
    pub(crate) fn canonical_text(&self) -> String {
        let spec = self.spec();
        let text = self.as_str();
        if self.is_relative_reference() {
            return text.to_owned();
        }
        // Every URL has a ":" after its scheme; without one, there is no scheme to lower.
        let (scheme, rest) = text.split_once(':').unwrap_or(("", text));
        // In uri(7)'s man and info forms and in ldap, "(" and ")" give the
        // structure, though RFC 2396 counts them unreserved: decoding `%28`
        // would turn a name into a section, so these keep every escape.
        let structural = |byte: u8| {
            !(matches!(self, Url::Man(_) | Url::Info(_) | Url::Ldap(_))
                && matches!(byte, b'(' | b')'))
        };
        let escapes_done = format!(
            "{}:{}",
            scheme.to_ascii_lowercase(),
            normalize_escapes(rest, spec, structural)
        );
        // Parsed again because decoding can change how a generic URL reads
        // (`x://a%2Db/` is an `ip-schemepart` only once "-" is decoded in RFC
        // 1738); a known scheme's rule reads the same components either way.
        match Url::parse_with(&escapes_done, spec) {
            Ok(url) => write_canonical(&url),
            // Decoding only unreserved bytes keeps every component inside its
            // rule, so this is not expected (the `normalize` fuzz target
            // looks for it).
            Err(_) => escapes_done,
        }
    }

    /// Whether two URLs mean the same: their canonical forms are equal under a
    /// specification by which both are URLs.
    ///
    /// With the same specification that is `self.normalize() ==
    /// other.normalize()`. Across specifications, both texts are read by
    /// `self`'s specification and then by `other`'s, and the URLs are
    /// equivalent when, under one of the two, both are valid and their
    /// canonical forms are equal; the answer is the same either way round.
    ///
    /// ```
    /// use rfc1738::{Spec, Url};
    ///
    /// let a = Url::parse("http://Host:80/%41").unwrap();
    /// let b = Url::parse("http://host/A").unwrap();
    /// assert!(a.equivalent(&b));
    /// assert!(!a.equivalent(&Url::parse("http://host/%2F").unwrap()));
    ///
    /// // `http://h/~u` is a draft-07 URL only; read by draft-07, `%7E` is "~".
    /// let draft = Url::parse_with("http://h/~u", Spec::Draft07).unwrap();
    /// let rfc = Url::parse_with("http://h/%7eu", Spec::Rfc1738).unwrap();
    /// assert!(draft.equivalent(&rfc) && rfc.equivalent(&draft));
    /// ```
    #[must_use]
    pub fn equivalent(&self, other: &Url<'_>) -> bool {
        if self.spec() == other.spec() {
            return self.canonical_text() == other.canonical_text();
        }
        [self.spec(), other.spec()].into_iter().any(|spec| {
            match (
                Url::parse_with(self.as_str(), spec),
                Url::parse_with(other.as_str(), spec),
            ) {
                (Ok(a), Ok(b)) => a.canonical_text() == b.canonical_text(),
                _ => false,
            }
        })
    }
}

/// `text` with every escape's hex in upper case, and every escape of an
/// unreserved, non-reserved byte (for `spec`) decoded.
fn normalize_escapes(text: &str, spec: Spec, decodable: impl Fn(u8) -> bool) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < bytes.len() {
        match crate::syntax::decode::escape_at(bytes, i) {
            Some(decoded) => {
                if needs_no_escape(decoded, spec) && decodable(decoded) {
                    out.push(char::from(decoded));
                } else {
                    out.push('%');
                    out.push_str(&format!("{decoded:02X}"));
                }
                i += 3;
            }
            _ => {
                // A valid URL is ASCII; a char boundary is kept either way.
                let len = text
                    .get(i..)
                    .and_then(|rest| rest.chars().next())
                    .map_or(1, char::len_utf8);
                out.push_str(text.get(i..i + len).unwrap_or_default());
                i += len;
            }
        }
    }
    out
}

/// A host name in lower case, but not the hex of an escape (draft-07 host
/// names may hold escapes); a host number as written.
fn canonical_host(host: Host<'_>) -> String {
    match host {
        Host::Number(number) => number.to_owned(),
        // RFC 3986 §6.2.2.1: hex digits in lower case.
        Host::Ipv6(literal) | Host::IpvFuture(literal) => literal.to_ascii_lowercase(),
        Host::Name(name) => {
            let mut out = String::with_capacity(name.len());
            let mut hex_left = 0;
            for c in name.chars() {
                if hex_left > 0 {
                    hex_left -= 1;
                    out.push(c);
                } else {
                    if c == '%' {
                        hex_left = 2;
                    }
                    out.push(c.to_ascii_lowercase());
                }
            }
            out
        }
    }
}

/// The port as it is to be written: `None` for the default port, else the
/// number without leading zeros.
fn canonical_port(port: &str, default: Option<u16>) -> Option<String> {
    // RFC 2396's empty port (`port = *digit`) is the default port (§3.2.2).
    if port.is_empty() {
        return None;
    }
    let digits = port.trim_start_matches('0');
    let digits = if digits.is_empty() { "0" } else { digits };
    let is_default = default.is_some_and(|default| digits == default.to_string());
    (!is_default).then(|| digits.to_owned())
}

/// `url`'s text with each host and port in canonical form and, for a URI,
/// its path; the scheme and the escapes are already done.
///
/// Each edit is made where its component lies in the text, so whatever else
/// a scheme's rule reads is kept as written without a word here.
fn write_canonical(url: &Url<'_>) -> String {
    let text = url.as_str();
    let default = url.known_scheme().and_then(|scheme| scheme.default_port());
    let mut edits = Vec::new();
    let mut edit = |part: &str, with: String| {
        // Only a change needs the component's place.
        if with != part
            && let Some(place) = place_in(text, part)
        {
            edits.push((place, with));
        }
    };
    match url {
        Url::News(news) => {
            if let GroupPart::Article { host, .. } = news.grouppart() {
                edit(host.as_str(), canonical_host(host));
            }
        }
        Url::File(file) => match file.host() {
            FileHost::Absent => {}
            FileHost::Localhost(localhost) => edit(localhost, localhost.to_ascii_lowercase()),
            FileHost::Host(host) => edit(host.as_str(), canonical_host(host)),
        },
        // uri(7)'s forms: the scheme in lower case, the rest as written.
        Url::Man(_) | Url::Info(_) | Url::Whatis(_) | Url::Ghelp(_) | Url::Ldap(_) => {}
        _ => {
            if let Some(hostport) = url.hostport() {
                let host = hostport.host();
                edit(host.as_str(), canonical_host(host));
                if let Some(port) = hostport.port()
                    && let Some(place) = place_in(text, port)
                    && let Some(colon) = place.start.checked_sub(1)
                    && let Some(with_colon) = text.get(colon..place.end)
                    && with_colon.starts_with(':')
                {
                    // The ":" goes with a default port.
                    let port = canonical_port(port, default).map(|port| format!(":{port}"));
                    edit(with_colon, port.unwrap_or_default());
                }
            }
            if let Url::Uri(uri) = url {
                edit(uri.path(), rfc3986_path(uri, url.known_scheme()));
            }
        }
    }
    edits.sort_by_key(|(place, _)| place.start);
    let mut out = String::with_capacity(text.len());
    let mut written = 0;
    for (place, with) in edits {
        // Host, port and path never overlap; were two edits ever to, the
        // second is left out.
        let Some(kept) = text.get(written..place.start) else {
            debug_assert!(false, "overlapping edits in {text:?}");
            continue;
        };
        out.push_str(kept);
        out.push_str(&with);
        written = place.end;
    }
    out.push_str(&text[written..]);
    out
}

/// Where `part`, a component read from `text`, lies in it. Every accessor
/// of a `Url` lends a slice of the URL's text, so this is `None` only if one
/// ever stops doing so; the edit is then left out rather than made in the
/// wrong place.
fn place_in(text: &str, part: &str) -> Option<std::ops::Range<usize>> {
    let start = (part.as_ptr() as usize).checked_sub(text.as_ptr() as usize)?;
    let place = start..start + part.len();
    let lent = text
        .get(place.clone())
        .is_some_and(|slice| std::ptr::eq(slice, part));
    debug_assert!(lent, "{part:?} is not a slice of {text:?}");
    lent.then_some(place)
}

/// The path of a URI in canonical form: under RFC 3986, a hierarchical path
/// without its dot segments (§6.2.2.3), and "/" for an http URI's empty
/// path after an authority (§6.2.3); under RFC 2396, as written. A path
/// that does not start with "/" (`urn:a/../b`) is no hierarchy: §5.2.4
/// would make it absolute (`urn:/b`), which is another URI.
fn rfc3986_path(uri: &UriRef<'_>, scheme: Option<Scheme>) -> String {
    if uri.spec() != Spec::Rfc3986 || !(uri.path().is_empty() || uri.path().starts_with('/')) {
        return uri.path().to_owned();
    }
    let path = remove_dot_segments_rfc3986(uri.path());
    if uri.authority().is_none() && path.starts_with("//") {
        // "x:/.//a" would become "x://a", whose "a" reads as an authority:
        // the dot segment that keeps it a path stays.
        return uri.path().to_owned();
    }
    if path.is_empty() && uri.authority().is_some() && scheme == Some(Scheme::Http) {
        return "/".to_owned();
    }
    path
}
