//! The parts that every IP-based scheme shares: `login`, `hostport` and `host`.

use std::borrow::Cow;
use std::fmt;

use crate::syntax::pairs::Pair;

use crate::syntax::decode::percent_decode_lossy;
use crate::syntax::fast::{HostPortSpan, HostSpan, LoginSpan, SpanText};
use crate::syntax::grammar::{Node, SpecRule};

/// `login = [ user [ ":" password ] "@" ] hostport`: who to log in as, and where.
///
/// `user()` and `password()` keep "empty" apart from "absent", as RFC 1738
/// §3.1 does: `ftp://@host.com/` has an empty user name, `ftp://host.com/` none.
///
/// ```
/// use rfc1738::Url;
///
/// let login = |s| match Url::parse(s).unwrap() {
///     Url::Ftp(ftp) => (ftp.login().user(), ftp.login().password()),
///     _ => unreachable!(),
/// };
/// assert_eq!(login("ftp://@host.com/"), (Some(""), None));
/// assert_eq!(login("ftp://host.com/"), (None, None));
/// assert_eq!(login("ftp://foo:@host.com/"), (Some("foo"), Some("")));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Login<'a> {
    pub(crate) user: Option<&'a str>,
    pub(crate) password: Option<&'a str>,
    pub(crate) hostport: HostPort<'a>,
}

/// The login as written: `user:password@hostport`, each part where the URL
/// has it.
///
/// ```
/// let parsed = rfc1738::Url::parse("ftp://foo:@host.com:21/").unwrap();
/// assert_eq!(parsed.as_ftp().unwrap().login().to_string(), "foo:@host.com:21");
/// ```
impl fmt::Display for Login<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(user) = self.user {
            f.write_str(user)?;
            if let Some(password) = self.password {
                write!(f, ":{password}")?;
            }
            f.write_str("@")?;
        }
        write!(f, "{}", self.hostport)
    }
}

/// The host and port as written: `host:port`, the `:` where the URL has it.
///
/// ```
/// let parsed = rfc1738::Url::parse("http://www.example.com:8080/").unwrap();
/// assert_eq!(parsed.hostport().unwrap().to_string(), "www.example.com:8080");
/// ```
impl fmt::Display for HostPort<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.host.as_str())?;
        match self.port {
            Some(port) => write!(f, ":{port}"),
            None => Ok(()),
        }
    }
}

/// The host as written ([`Host::as_str`]), brackets of an IP literal
/// included.
///
/// ```
/// use rfc1738::{Spec, Url};
///
/// let url = Url::parse_with("http://[::1]:8080/", Spec::Rfc3986)?;
/// assert_eq!(url.hostport().unwrap().host().to_string(), "[::1]");
/// # Ok::<(), rfc1738::ParseError>(())
/// ```
impl fmt::Display for Host<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl<'a> Login<'a> {
    /// The user name as written (escapes not decoded), if the URL has an `@`.
    ///
    /// ```
    /// let parsed = rfc1738::Url::parse("ftp://a%40b@h/").unwrap();
    /// let ftp = parsed.as_ftp().unwrap();
    /// assert_eq!(ftp.login().user(), Some("a%40b"));
    /// ```
    #[must_use]
    pub fn user(&self) -> Option<&'a str> {
        self.user
    }

    /// The password as written (escapes not decoded), if the user is followed by `:`.
    ///
    /// ```
    /// let parsed = rfc1738::Url::parse("telnet://u:@h").unwrap();
    /// let t = parsed.as_telnet().unwrap();
    /// assert_eq!(t.login().password(), Some(""));
    /// ```
    #[must_use]
    pub fn password(&self) -> Option<&'a str> {
        self.password
    }

    /// The host and port.
    ///
    /// ```
    /// let parsed = rfc1738::Url::parse("ftp://u@h:21/").unwrap();
    /// let ftp = parsed.as_ftp().unwrap();
    /// assert_eq!(ftp.login().hostport().port(), Some("21"));
    /// ```
    #[must_use]
    pub fn hostport(&self) -> HostPort<'a> {
        self.hostport
    }

    /// The host: short for `hostport().host()`.
    ///
    /// ```
    /// let parsed = rfc1738::Url::parse("ftp://u@h.example/").unwrap();
    /// let ftp = parsed.as_ftp().unwrap();
    /// assert_eq!(ftp.login().host().as_str(), "h.example");
    /// ```
    #[must_use]
    pub fn host(&self) -> Host<'a> {
        self.hostport.host
    }

    /// The port as written: short for `hostport().port()`.
    ///
    /// ```
    /// let parsed = rfc1738::Url::parse("telnet://h:0023").unwrap();
    /// let t = parsed.as_telnet().unwrap();
    /// assert_eq!(t.login().port(), Some("0023"));
    /// ```
    #[must_use]
    pub fn port(&self) -> Option<&'a str> {
        self.hostport.port
    }

    pub(crate) fn new(
        user: Option<&'a str>,
        password: Option<&'a str>,
        hostport: HostPort<'a>,
    ) -> Login<'a> {
        Login {
            user,
            password,
            hostport,
        }
    }

    /// The `Login` of a server whose userinfo, if it has one, is
    /// `userinfo` (see [`split_userinfo`]).
    pub(crate) fn with_userinfo(userinfo: Option<&'a str>, hostport: HostPort<'a>) -> Login<'a> {
        let (user, password) = userinfo.map_or((None, None), split_userinfo);
        Login::new(user, password, hostport)
    }

    pub(crate) fn lower<R: SpecRule>(pair: Pair<'a, R>) -> Login<'a> {
        let (mut user, mut password, mut hostport) = (None, None, None);
        for part in pair.into_inner() {
            match part.as_rule().node() {
                Some(Node::user) => user = Some(part.as_str()),
                Some(Node::password) => password = Some(part.as_str()),
                // RFC 3986's userinfo (ftp under RFC 3986): the user and
                // the password, split at its first ':'.
                Some(Node::userinfo) => (user, password) = split_userinfo(part.as_str()),
                Some(Node::hostport | Node::inet_hostport) => {
                    hostport = Some(HostPort::lower(part))
                }
                _ => {}
            }
        }
        Login {
            user,
            password,
            hostport: hostport.expect("the grammar's login ends with a hostport"),
        }
    }

    /// The `Login` the fast path read into `login`, as [`lower`](Self::lower)
    /// gives it.
    #[inline(always)]
    pub(crate) fn from_spans(text: SpanText<'a>, login: LoginSpan) -> Login<'a> {
        Login {
            user: text.opt(login.user),
            password: text.opt(login.password),
            hostport: HostPort::from_spans(text, login.hostport),
        }
    }
}

/// `hostport = host [ ":" port ]`.
///
/// ```
/// use rfc1738::{Host, Url};
///
/// let parsed = Url::parse("http://www.example.com:8080/").unwrap();
/// let http = parsed.as_http().unwrap();
/// assert_eq!(http.hostport().host(), Host::Name("www.example.com"));
/// assert_eq!(http.hostport().port(), Some("8080"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HostPort<'a> {
    pub(crate) host: Host<'a>,
    pub(crate) port: Option<&'a str>,
}

impl<'a> HostPort<'a> {
    /// The host.
    ///
    /// ```
    /// let parsed = rfc1738::Url::parse("nntp://news.example/comp.lang.ada").unwrap();
    /// let n = parsed.as_nntp().unwrap();
    /// assert_eq!(n.hostport().host(), rfc1738::Host::Name("news.example"));
    /// ```
    #[must_use]
    pub fn host(&self) -> Host<'a> {
        self.host
    }

    /// The port as written (`port = digits`: any number of digits, leading zeros
    /// kept), if there is a `:`.
    ///
    /// ```
    /// let parsed = rfc1738::Url::parse("http://h:80/").unwrap();
    /// let http = parsed.as_http().unwrap();
    /// assert_eq!(http.hostport().port(), Some("80"));
    /// ```
    #[must_use]
    pub fn port(&self) -> Option<&'a str> {
        self.port
    }

    /// The port as a number: `Ok(None)` without a port or with an empty one
    /// (RFC 2396's `port = *digit`), an error (not a wrap) above 65535.
    /// Leading zeros are allowed (`port = digits`).
    ///
    /// # Errors
    ///
    /// [`PortOutOfRange`] when the written port is above 65535.
    ///
    /// ```
    /// let port = |s| rfc1738::Url::parse(s).unwrap().hostport().unwrap().port_number();
    /// assert_eq!(port("http://h:0080/"), Ok(Some(80)));
    /// assert_eq!(port("http://h/"), Ok(None));
    /// assert_eq!(port("http://h:65536/").unwrap_err().to_string(), "port 65536 is above 65535");
    /// assert_eq!(port("http://h:00000000000000065535/"), Ok(Some(65535)));
    /// assert!(port("http://h:18446744073709551696/").is_err()); // 2^64 + 80: no wrap
    /// ```
    pub fn port_number(&self) -> Result<Option<u16>, PortOutOfRange> {
        match self.port {
            None | Some("") => Ok(None),
            Some(digits) => {
                // Digit by digit rather than by `str::parse`, which costs
                // more than the rest of a `non-default-port` lint; stopping
                // once the number is past 65535 bounds it whatever the length.
                let mut port = 0u32;
                for byte in digits.bytes() {
                    let digit = byte.wrapping_sub(b'0');
                    port = port * 10 + u32::from(digit);
                    if digit > 9 || port > u32::from(u16::MAX) {
                        return Err(PortOutOfRange(digits.to_owned()));
                    }
                }
                u16::try_from(port)
                    .map(Some)
                    .map_err(|_| PortOutOfRange(digits.to_owned()))
            }
        }
    }

    pub(crate) fn lower<R: SpecRule>(pair: Pair<'a, R>) -> HostPort<'a> {
        let (mut host, mut port) = (None, None);
        for part in pair.into_inner() {
            match part.as_rule().node() {
                Some(Node::host | Node::server_host | Node::inet_host) => {
                    host = Some(Host::lower(part));
                }
                Some(Node::port | Node::inet_port) => port = Some(part.as_str()),
                _ => {}
            }
        }
        HostPort {
            host: host.expect("the grammar's hostport starts with a host"),
            port,
        }
    }

    /// The `HostPort` the fast path read into `hostport`, as
    /// [`lower`](Self::lower) gives it.
    #[inline(always)]
    pub(crate) fn from_spans(text: SpanText<'a>, hostport: HostPortSpan) -> HostPort<'a> {
        HostPort {
            host: Host::from_span(text, hostport.host),
            port: text.opt(hostport.port),
        }
    }
}

/// A port above 65535: `port = digits` bounds neither the digits nor the
/// value, but a TCP port is 16 bits.
///
/// ```
/// let url = rfc1738::Url::parse("ftp://h:99999/").unwrap();
/// let error = url.checked_port_or_default().unwrap_err();
/// assert_eq!(error.digits(), "99999");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("port {0} is above 65535")]
pub struct PortOutOfRange(String);

impl PortOutOfRange {
    /// The port as written.
    ///
    /// ```
    /// let url = rfc1738::Url::parse("http://h:123456/").unwrap();
    /// assert_eq!(url.hostport().unwrap().port_number().unwrap_err().digits(), "123456");
    /// ```
    #[must_use]
    pub fn digits(&self) -> &str {
        &self.0
    }
}

/// `host = hostname | hostnumber`: a domain name or a dotted-decimal address.
///
/// ```
/// use rfc1738::{Host, Url};
///
/// let parsed = Url::parse("telnet://192.0.2.7/").unwrap();
/// let telnet = parsed.as_telnet().unwrap();
/// assert_eq!(telnet.login().host(), Host::Number("192.0.2.7"));
/// assert_eq!(telnet.login().host().as_str(), "192.0.2.7");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Host<'a> {
    /// `hostname`, as written.
    Name(&'a str),
    /// `hostnumber = digits "." digits "." digits "." digits`, as written (the
    /// grammar bounds neither the number of digits nor their value); under
    /// RFC 2396 and RFC 3986, an `IPv4address`.
    Number(&'a str),
    /// RFC 3986's `IP-literal` of an `IPv6address`, as written, brackets
    /// included.
    ///
    /// ```
    /// use rfc1738::{Authority, Host, Spec, UriRef};
    ///
    /// let uri = UriRef::parse_with("ldap://[2001:db8::7]/c=GB", Spec::Rfc3986)?;
    /// let Some(Authority::Server(login)) = uri.authority_parts() else { unreachable!() };
    /// assert_eq!(login.host(), Host::Ipv6("[2001:db8::7]"));
    /// assert_eq!(login.host().ipv6(), "2001:db8::7".parse().ok());
    /// # Ok::<(), rfc1738::ParseError>(())
    /// ```
    Ipv6(&'a str),
    /// RFC 3986's `IP-literal` of an `IPvFuture` (`[v1.fe80::a+en1]`), as
    /// written, brackets included.
    IpvFuture(&'a str),
}

impl<'a> Host<'a> {
    /// For a host number, its four parts as numbers, or `None` for a part above
    /// 255 (the grammar bounds neither); `None` for a host name.
    ///
    /// ```
    /// use rfc1738::Host;
    ///
    /// assert_eq!(Host::Number("192.0.2.007").octets(), Some([192, 0, 2, 7]));
    /// assert_eq!(Host::Number("256.1.1.1").octets(), None);
    /// assert_eq!(Host::Name("h").octets(), None);
    /// ```
    #[must_use]
    pub fn octets(&self) -> Option<[u8; 4]> {
        let Host::Number(text) = self else {
            return None;
        };
        let mut octets = [0; 4];
        let mut parts = text.as_bytes().split(|&byte| byte == b'.');
        for octet in &mut octets {
            let mut value: u16 = 0;
            for &digit in parts.next()? {
                if !digit.is_ascii_digit() {
                    return None;
                }
                value = value * 10 + u16::from(digit - b'0');
                if value > 255 {
                    return None;
                }
            }
            *octet = value as u8;
        }
        Some(octets)
    }

    /// The host as written.
    ///
    /// ```
    /// assert_eq!(rfc1738::Host::Name("h.example").as_str(), "h.example");
    /// ```
    #[must_use]
    pub fn as_str(&self) -> &'a str {
        match *self {
            Host::Name(text) | Host::Number(text) | Host::Ipv6(text) | Host::IpvFuture(text) => {
                text
            }
        }
    }

    /// For an IPv6 literal, its address; `None` for any other host.
    ///
    /// ```
    /// use rfc1738::Host;
    ///
    /// assert_eq!(Host::Ipv6("[::1]").ipv6(), Some(std::net::Ipv6Addr::LOCALHOST));
    /// assert_eq!(Host::Name("h").ipv6(), None);
    /// ```
    #[must_use]
    pub fn ipv6(&self) -> Option<std::net::Ipv6Addr> {
        let Host::Ipv6(text) = self else {
            return None;
        };
        text.strip_prefix('[')?.strip_suffix(']')?.parse().ok()
    }

    /// The host with its escapes decoded: draft-07's `hostname = alpha
    /// *uchar` may escape any character, and an escape means its character
    /// (§2.2). Bytes that are not UTF-8 show as U+FFFD; `as_str().decoded()`
    /// ([`Decode`](crate::Decode)) gives the bytes.
    ///
    /// ```
    /// use rfc1738::{GroupPart, Spec, Url};
    ///
    /// let parsed = Url::parse_with("news:a@rr%41d", Spec::Draft07).unwrap();
    /// let news = parsed.as_news().unwrap();
    /// let GroupPart::Article { host, .. } = news.grouppart() else { unreachable!() };
    /// assert_eq!((host.as_str(), host.decoded_str()), ("rr%41d", "rrAd".into()));
    /// assert_eq!(rfc1738::Host::Name("h%C9").decoded_str(), "h\u{FFFD}");
    /// ```
    #[must_use]
    pub fn decoded_str(&self) -> Cow<'a, str> {
        percent_decode_lossy(self.as_str())
    }

    pub(crate) fn lower<R: SpecRule>(pair: Pair<'a, R>) -> Host<'a> {
        let part = pair
            .into_inner()
            .next()
            .expect("the grammar's host is a hostname or a hostnumber");
        match part.as_rule().node() {
            Some(Node::hostnumber | Node::IPv4address) => Host::Number(part.as_str()),
            Some(Node::IP_literal) => {
                let text = part.as_str();
                match part
                    .into_inner()
                    .next()
                    .and_then(|inner| inner.as_rule().node())
                {
                    Some(Node::IPvFuture) => Host::IpvFuture(text),
                    _ => Host::Ipv6(text),
                }
            }
            _ => Host::Name(part.as_str()),
        }
    }

    /// The `Host` the fast path read into `host`, as [`lower`](Self::lower)
    /// gives it.
    #[inline(always)]
    pub(crate) fn from_span(text: SpanText<'a>, host: HostSpan) -> Host<'a> {
        let name = text.str(host.span);
        if host.number {
            Host::Number(name)
        } else {
            Host::Name(name)
        }
    }
}

/// A userinfo's user and password: the userinfo split at its first ':', or
/// all of it the user where it has none.
fn split_userinfo(userinfo: &str) -> (Option<&str>, Option<&str>) {
    match userinfo.split_once(':') {
        Some((user, password)) => (Some(user), Some(password)),
        None => (Some(userinfo), None),
    }
}
