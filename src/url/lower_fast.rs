//! The fast paths' spans made into the typed view: the dispatch to each
//! scheme's `from_spans`, which sits in the scheme's module beside its
//! lowering from the grammar's pairs, and uri(7)'s documentation forms.

use crate::syntax::fast::{SchemeSpans, Span, SpanText};
use crate::syntax::fast_uri::DocSpans;
use crate::syntax::spec::Spec;
use crate::url::Url;
use crate::url::rfc2396::uri7::{GhelpUri, InfoForm, InfoUri, ManUri, WhatisUri};
use crate::url::schemes::file::FileUrl;
use crate::url::schemes::ftp::FtpUrl;
use crate::url::schemes::generic::GenericUrl;
use crate::url::schemes::gopher::GopherUrl;
use crate::url::schemes::http::HttpUrl;
use crate::url::schemes::mailto::MailtoUrl;
use crate::url::schemes::news::NewsUrl;
use crate::url::schemes::nntp::NntpUrl;
use crate::url::schemes::prospero::ProsperoUrl;
use crate::url::schemes::telnet::TelnetUrl;
use crate::url::schemes::wais::WaisUrl;

impl<'a> Url<'a> {
    /// The `Url` of `text`, which the fast path read under `spec` into `spans`.
    #[inline(always)]
    pub(crate) fn from_spans(text: &'a str, spec: Spec, spans: SchemeSpans) -> Url<'a> {
        match spans {
            SchemeSpans::Ftp(spans) => Url::Ftp(FtpUrl::from_spans(text, spec, spans)),
            SchemeSpans::Http(spans) => Url::Http(HttpUrl::from_spans(text, spec, spans)),
            SchemeSpans::Gopher(spans) => Url::Gopher(GopherUrl::from_spans(text, spec, spans)),
            SchemeSpans::Mailto(spans) => Url::Mailto(MailtoUrl::from_spans(text, spec, spans)),
            SchemeSpans::News(spans) => Url::News(NewsUrl::from_spans(text, spec, spans)),
            SchemeSpans::Nntp(spans) => Url::Nntp(NntpUrl::from_spans(text, spec, spans)),
            SchemeSpans::Telnet(spans) => Url::Telnet(TelnetUrl::from_spans(text, spec, spans)),
            SchemeSpans::Wais(spans) => Url::Wais(WaisUrl::from_spans(text, spec, spans)),
            SchemeSpans::File(spans) => Url::File(FileUrl::from_spans(text, spec, spans)),
            SchemeSpans::Prospero(spans) => {
                Url::Prospero(ProsperoUrl::from_spans(text, spec, spans))
            }
            SchemeSpans::Generic(spans) => Url::Generic(GenericUrl::from_spans(text, spec, spans)),
        }
    }
}

impl<'a> Url<'a> {
    /// The `Url` of `text`, one of uri(7)'s documentation URIs, which the
    /// RFC 2396 fast path read into `doc` and `fragment`.
    pub(crate) fn from_doc_spans(text: &'a str, doc: DocSpans, fragment: Option<Span>) -> Url<'a> {
        let spans = SpanText(text);
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
