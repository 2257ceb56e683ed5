//! Arbitrary decoded parts, built into a URL: when the builder accepts them,
//! the URL parses, and every part reads back, decoded, as it was given.
#![no_main]

mod common;

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use rfc1738::{
    FileHost, FileUrl, FtpUrl, GopherUrl, Host, HttpUrl, ProsperoUrl, Spec, TelnetUrl, Url,
    percent_decode,
};

#[derive(Arbitrary, Debug)]
enum Parts {
    Ftp {
        user: Option<Vec<u8>>,
        password: Option<Vec<u8>>,
        host: String,
        port: Option<u16>,
        cwd: Vec<Vec<u8>>,
        name: Option<Vec<u8>>,
        typecode: Option<char>,
    },
    Http {
        host: String,
        port: Option<u16>,
        segments: Vec<Vec<u8>>,
        search: Option<Vec<u8>>,
    },
    Gopher {
        host: String,
        gtype: Option<Vec<u8>>,
        selector: Option<Vec<u8>>,
        search: Option<Vec<u8>>,
        plus: Option<Vec<u8>>,
    },
    Telnet {
        user: Option<Vec<u8>>,
        password: Option<Vec<u8>>,
        host: String,
    },
    File {
        host: Option<String>,
        segments: Vec<Vec<u8>>,
    },
    Prospero {
        host: String,
        segments: Vec<Vec<u8>>,
        fields: Vec<(Vec<u8>, Vec<u8>)>,
    },
}

/// The built text, `None` for a refusal; a text the builder wrote that its
/// own rule does not take (`BuildError` of the component "URL") is a fault.
fn built(result: Result<rfc1738::OwnedUrl, rfc1738::BuildError>) -> Option<String> {
    match result {
        Ok(url) => Some(url.to_string()),
        Err(error) if error.component() == "URL" => panic!("{error}"),
        Err(_) => None,
    }
}

fn decoded(part: Option<&str>) -> Option<Vec<u8>> {
    part.map(|part| percent_decode(part).into_owned())
}

fn host_is(host: Host<'_>, expected: &str) {
    assert_eq!(host.as_str(), expected);
}

fuzz_target!(|input: (bool, Parts)| {
    common::set_call_limit();
    let (draft, parts) = input;
    let spec = if draft { Spec::Draft07 } else { Spec::Rfc1738 };
    match parts {
        Parts::Ftp {
            user,
            password,
            host,
            port,
            cwd,
            name,
            typecode,
        } => {
            let mut b = FtpUrl::builder().host(&host);
            if let Some(user) = &user {
                b = b.user(user)
            }
            if let Some(password) = &password {
                b = b.password(password)
            }
            if let Some(port) = port {
                b = b.port(port)
            }
            for directory in &cwd {
                b = b.cwd(directory)
            }
            if let Some(name) = &name {
                b = b.name(name)
            }
            if let Some(code) = typecode {
                b = b.typecode(code)
            }
            let Some(text) = built(b.build(spec)) else {
                return;
            };
            let Ok(Url::Ftp(url)) = Url::parse_with(&text, spec) else {
                panic!("{text:?} does not parse as ftp")
            };
            host_is(url.login().host(), &host);
            assert_eq!(decoded(url.login().user()), user, "{text}");
            assert_eq!(decoded(url.login().password()), password, "{text}");
            assert_eq!(url.login().hostport().port_number(), Ok(port), "{text}");
            let read: Vec<Vec<u8>> = url.cwd().map(|d| percent_decode(d).into_owned()).collect();
            assert_eq!(read, cwd, "{text}");
            if name.is_some() {
                assert_eq!(decoded(url.name()), name, "{text}");
            }
            assert_eq!(url.typecode(), typecode, "{text}");
        }
        Parts::Http {
            host,
            port,
            segments,
            search,
        } => {
            let mut b = HttpUrl::builder().host(&host);
            if let Some(port) = port {
                b = b.port(port)
            }
            for segment in &segments {
                b = b.segment(segment)
            }
            if let Some(search) = &search {
                b = b.search(search)
            }
            let Some(text) = built(b.build(spec)) else {
                return;
            };
            let Ok(Url::Http(url)) = Url::parse_with(&text, spec) else {
                panic!("{text:?} does not parse as http")
            };
            host_is(url.hostport().host(), &host);
            assert_eq!(url.hostport().port_number(), Ok(port), "{text}");
            let read: Vec<Vec<u8>> = url
                .segments()
                .map(|s| percent_decode(s).into_owned())
                .collect();
            assert_eq!(read, segments, "{text}");
            assert_eq!(decoded(url.search()), search, "{text}");
        }
        Parts::Gopher {
            host,
            gtype,
            selector,
            search,
            plus,
        } => {
            let mut b = GopherUrl::builder().host(&host);
            if let Some(gtype) = &gtype {
                b = b.gtype(gtype)
            }
            if let Some(selector) = &selector {
                b = b.selector(selector)
            }
            if let Some(search) = &search {
                b = b.search(search)
            }
            if let Some(plus) = &plus {
                b = b.gopher_plus(plus)
            }
            let Some(text) = built(b.build(spec)) else {
                return;
            };
            let Ok(Url::Gopher(url)) = Url::parse_with(&text, spec) else {
                panic!("{text:?} does not parse as gopher")
            };
            host_is(url.hostport().host(), &host);
            assert_eq!(decoded(url.gtype()), gtype, "{text}");
            if selector.is_some() {
                assert_eq!(decoded(url.selector()), selector, "{text}");
            }
            assert_eq!(decoded(url.search()), search, "{text}");
            assert_eq!(decoded(url.gopher_plus()), plus, "{text}");
        }
        Parts::Telnet {
            user,
            password,
            host,
        } => {
            let mut b = TelnetUrl::builder().host(&host);
            if let Some(user) = &user {
                b = b.user(user)
            }
            if let Some(password) = &password {
                b = b.password(password)
            }
            let Some(text) = built(b.build(spec)) else {
                return;
            };
            let Ok(Url::Telnet(url)) = Url::parse_with(&text, spec) else {
                panic!("{text:?} does not parse as telnet")
            };
            host_is(url.login().host(), &host);
            assert_eq!(decoded(url.login().user()), user, "{text}");
            assert_eq!(decoded(url.login().password()), password, "{text}");
        }
        Parts::File { host, segments } => {
            let mut b = FileUrl::builder();
            if let Some(host) = &host {
                b = b.host(host)
            }
            for segment in &segments {
                b = b.segment(segment)
            }
            let Some(text) = built(b.build(spec)) else {
                return;
            };
            let Ok(Url::File(url)) = Url::parse_with(&text, spec) else {
                panic!("{text:?} does not parse as file")
            };
            match (url.host(), &host) {
                (FileHost::Host(read), Some(host)) => host_is(read, host),
                (FileHost::Localhost(read), Some(host)) => assert_eq!(read, host),
                (FileHost::Absent, None) => {}
                (read, host) => panic!("{text}: host {read:?} read back for {host:?}"),
            }
            let read: Vec<Vec<u8>> = url
                .segments()
                .map(|s| percent_decode(s).into_owned())
                .collect();
            if !segments.is_empty() {
                assert_eq!(read, segments, "{text}");
            }
        }
        Parts::Prospero {
            host,
            segments,
            fields,
        } => {
            let mut b = ProsperoUrl::builder().host(&host);
            for segment in &segments {
                b = b.segment(segment)
            }
            for (name, value) in &fields {
                b = b.field(name, value)
            }
            let Some(text) = built(b.build(spec)) else {
                return;
            };
            let Ok(Url::Prospero(url)) = Url::parse_with(&text, spec) else {
                panic!("{text:?} does not parse as prospero")
            };
            host_is(url.hostport().host(), &host);
            let read: Vec<Vec<u8>> = url
                .segments()
                .map(|s| percent_decode(s).into_owned())
                .collect();
            assert_eq!(read, segments, "{text}");
            let read: Vec<(Vec<u8>, Vec<u8>)> = url
                .fields()
                .map(|(n, v)| {
                    (
                        percent_decode(n).into_owned(),
                        percent_decode(v).into_owned(),
                    )
                })
                .collect();
            assert_eq!(read, fields, "{text}");
        }
    }
});
