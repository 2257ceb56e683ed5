//! The fast paths' spans made into the typed view: the very `Url` (and
//! `UriRef`) that the grammar and the lowering give for the same input.

use crate::syntax::fast::{
    GroupPartSpan, HostPortSpan, HostSpan, LoginSpan, Read, Span, WaisKindSpan,
};
use crate::syntax::fast_uri::{self as uri_spans, AuthoritySpan, DocSpans, UriSpans};
use crate::syntax::spec::Spec;
use crate::url::Url;
use crate::url::rfc2396::uri::Authority;
use crate::url::rfc2396::uri::UriRef;
use crate::url::rfc2396::uri7::GhelpUri;
use crate::url::rfc2396::uri7::InfoForm;
use crate::url::rfc2396::uri7::InfoUri;
use crate::url::rfc2396::uri7::ManUri;
use crate::url::rfc2396::uri7::WhatisUri;
use crate::url::schemes::file::FileHost;
use crate::url::schemes::file::FileUrl;
use crate::url::schemes::ftp::FtpUrl;
use crate::url::schemes::generic::GenericUrl;
use crate::url::schemes::generic::IpSchemepart;
use crate::url::schemes::gopher::GopherUrl;
use crate::url::schemes::http::HttpUrl;
use crate::url::schemes::login::Host;
use crate::url::schemes::login::HostPort;
use crate::url::schemes::login::Login;
use crate::url::schemes::mailto::MailtoUrl;
use crate::url::schemes::news::GroupPart;
use crate::url::schemes::news::NewsUrl;
use crate::url::schemes::nntp::NntpUrl;
use crate::url::schemes::prospero::ProsperoUrl;
use crate::url::schemes::telnet::TelnetUrl;
use crate::url::schemes::wais::WaisKind;
use crate::url::schemes::wais::WaisUrl;

/// The text of the spans of one input.
#[derive(Clone, Copy)]
struct Spans<'a>(&'a str);

impl<'a> Spans<'a> {
    /// The text of a span. Every span ends at an ASCII byte of the input or
    /// at its end, and starts after one, so it lies on character boundaries.
    #[inline(always)]
    fn str(self, (start, end): Span) -> &'a str {
        self.0.get(start..end).unwrap_or_default()
    }

    #[inline(always)]
    fn opt(self, span: Option<Span>) -> Option<&'a str> {
        span.map(|span| self.str(span))
    }

    #[inline(always)]
    fn host(self, host: HostSpan) -> Host<'a> {
        let text = self.str(host.span);
        if host.number {
            Host::Number(text)
        } else {
            Host::Name(text)
        }
    }

    #[inline(always)]
    fn hostport(self, hostport: HostPortSpan) -> HostPort<'a> {
        HostPort {
            host: self.host(hostport.host),
            port: self.opt(hostport.port),
        }
    }

    #[inline(always)]
    fn login(self, login: LoginSpan) -> Login<'a> {
        Login {
            user: self.opt(login.user),
            password: self.opt(login.password),
            hostport: self.hostport(login.hostport),
        }
    }
}

impl<'a> Url<'a> {
    /// The `Url` of `text`, which the fast path read under `spec` into `read`.
    #[inline(always)]
    pub(crate) fn from_read(text: &'a str, spec: Spec, read: Read) -> Url<'a> {
        let spans = Spans(text);
        match read {
            Read::Ftp {
                login,
                fpath,
                typecode,
            } => Url::Ftp(FtpUrl {
                text,
                spec,
                login: spans.login(login),
                fpath: spans.opt(fpath),
                typecode,
            }),
            Read::Http {
                hostport,
                hpath,
                search,
            } => Url::Http(HttpUrl {
                text,
                spec,
                hostport: spans.hostport(hostport),
                hpath: spans.opt(hpath),
                search: spans.opt(search),
            }),
            Read::Gopher {
                hostport,
                path,
                gtype,
                selector,
                search,
                gopher_plus,
            } => Url::Gopher(GopherUrl {
                text,
                spec,
                hostport: spans.hostport(hostport),
                path: text.get(path..),
                gtype: spans.opt(gtype),
                selector: spans.opt(selector),
                search: spans.opt(search),
                gopher_plus: spans.opt(gopher_plus),
            }),
            Read::Mailto { address } => Url::Mailto(MailtoUrl {
                text,
                spec,
                address: spans.str(address),
            }),
            Read::News { grouppart } => Url::News(NewsUrl {
                text,
                spec,
                grouppart: match grouppart {
                    GroupPartSpan::Article { unique, host } => GroupPart::Article {
                        unique: spans.str(unique),
                        host: spans.host(host),
                    },
                    GroupPartSpan::Group(group) => GroupPart::Group(spans.str(group)),
                    GroupPartSpan::All => GroupPart::All,
                },
            }),
            Read::Nntp {
                hostport,
                group,
                article,
            } => Url::Nntp(NntpUrl {
                text,
                spec,
                hostport: spans.hostport(hostport),
                group: spans.str(group),
                article: spans.opt(article),
            }),
            Read::Telnet { login } => Url::Telnet(TelnetUrl {
                text,
                spec,
                login: spans.login(login),
            }),
            Read::Wais {
                hostport,
                database,
                kind,
            } => Url::Wais(WaisUrl {
                text,
                spec,
                hostport: spans.hostport(hostport),
                database: spans.str(database),
                kind: match kind {
                    WaisKindSpan::Database => WaisKind::Database,
                    WaisKindSpan::Index { search } => WaisKind::Index {
                        search: spans.str(search),
                    },
                    WaisKindSpan::Document { wtype, wpath } => WaisKind::Document {
                        wtype: spans.str(wtype),
                        wpath: spans.str(wpath),
                    },
                },
            }),
            Read::File { host, fpath } => Url::File(FileUrl {
                text,
                spec,
                host: match host {
                    None => FileHost::Absent,
                    Some(host) if FileHost::is_localhost(spans.str(host.span)) => {
                        FileHost::Localhost(spans.str(host.span))
                    }
                    Some(host) => FileHost::Host(spans.host(host)),
                },
                fpath: spans.opt(fpath),
            }),
            Read::Prospero {
                hostport,
                ppath,
                fields,
            } => Url::Prospero(ProsperoUrl {
                text,
                spec,
                hostport: spans.hostport(hostport),
                ppath: spans.str(ppath),
                fields: spans.str(fields),
            }),
            Read::Generic {
                schemepart,
                ip_schemepart,
            } => Url::Generic(GenericUrl {
                text,
                spec,
                schemepart: spans.str(schemepart),
                ip_schemepart: ip_schemepart.map(|(login, urlpath)| IpSchemepart {
                    login: spans.login(login),
                    urlpath: spans.opt(urlpath),
                }),
            }),
        }
    }
}

impl<'a> UriRef<'a> {
    /// The `UriRef` of `text`, which the RFC 2396 fast path read into `uri`.
    pub(crate) fn from_spans(text: &'a str, uri: UriSpans) -> UriRef<'a> {
        let spans = Spans(text);
        UriRef {
            text,
            spec: Spec::Rfc2396,
            scheme: spans.opt(uri.scheme),
            authority: uri.authority.map(|(whole, authority)| {
                let authority = match authority {
                    AuthoritySpan::Server { userinfo, hostport } => {
                        Authority::Server(server(spans, userinfo, hostport))
                    }
                    AuthoritySpan::Empty => Authority::Empty,
                    AuthoritySpan::RegName(name) => Authority::RegName(spans.str(name)),
                };
                (spans.str(whole), authority)
            }),
            path: spans.str(uri.path),
            opaque: uri.opaque,
            query: spans.opt(uri.query),
            fragment: spans.opt(uri.fragment),
        }
    }
}

/// The `Login` of a server: the userinfo split at its first ":".
fn server<'a>(
    spans: Spans<'a>,
    userinfo: Option<Span>,
    hostport: uri_spans::HostPortSpan,
) -> Login<'a> {
    let (user, password) = match spans.opt(userinfo) {
        None => (None, None),
        Some(userinfo) => match userinfo.split_once(':') {
            None => (Some(userinfo), None),
            Some((user, password)) => (Some(user), Some(password)),
        },
    };
    let host = spans.str(hostport.host);
    let host = if hostport.number {
        Host::Number(host)
    } else {
        Host::Name(host)
    };
    let hostport = HostPort {
        host,
        port: spans.opt(hostport.port),
    };
    Login::new(user, password, hostport)
}

impl<'a> Url<'a> {
    /// The `Url` of `text`, one of uri(7)'s documentation URIs, which the
    /// RFC 2396 fast path read into `doc` and `fragment`.
    pub(crate) fn from_doc(text: &'a str, doc: DocSpans, fragment: Option<Span>) -> Url<'a> {
        let spans = Spans(text);
        let fragment = spans.opt(fragment);
        match doc {
            DocSpans::Man { name, section } => Url::Man(ManUri {
                text,
                name: spans.opt(name),
                section: spans.opt(section),
                fragment,
            }),
            DocSpans::Info { kde, file, node } => Url::Info(InfoUri {
                text,
                form: if kde { InfoForm::Kde } else { InfoForm::Gnome },
                file: spans.str(file),
                node: spans.opt(node),
                fragment,
            }),
            DocSpans::Whatis { string } => Url::Whatis(WhatisUri {
                text,
                string: spans.str(string),
                fragment,
            }),
            DocSpans::Ghelp { application } => Url::Ghelp(GhelpUri {
                text,
                application: spans.str(application),
                fragment,
            }),
        }
    }
}
