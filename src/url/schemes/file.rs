//! `file` URLs (RFC 1738 §3.10): a host (or this machine) and a path.

use crate::syntax::pairs::Pair;

use crate::syntax::decode::percent_decode;
use crate::syntax::fast::{FileSpans, SpanText};
use crate::syntax::grammar::{Node, SpecRule};
use crate::syntax::spec::Spec;
use crate::url::schemes::login::Host;

/// `fileurl`: in RFC 1738 `"file://" [ host | "localhost" ] "/" fpath`, in
/// draft-07 `"file://" host [ "/" fpath ]`.
///
/// ```
/// use rfc1738::{FileHost, Spec, Url};
///
/// let parsed = Url::parse("file:///etc/passwd").unwrap();
/// let file = parsed.as_file().unwrap();
/// assert_eq!(file.host(), FileHost::Absent);
/// assert_eq!(file.segments().collect::<Vec<_>>(), ["etc", "passwd"]);
///
/// // draft-07 requires a host: `file:///` is not a draft-07 URL.
/// assert!(Url::parse_with("file:///etc/passwd", Spec::Draft07).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FileUrl<'a> {
    pub(crate) text: &'a str,
    pub(crate) spec: Spec,
    pub(crate) host: FileHost<'a>,
    pub(crate) fpath: Option<&'a str>,
}

/// The host of a `file` URL.
///
/// ```
/// use rfc1738::{FileHost, Host, Url};
///
/// let host = |s| match Url::parse(s).unwrap() {
///     Url::File(file) => file.host(),
///     _ => unreachable!(),
/// };
/// assert_eq!(host("file://localhost/etc/motd"), FileHost::Localhost("localhost"));
/// assert_eq!(host("file://vms.host.edu/disk$user/my/notes/note12345.txt"), FileHost::Host(Host::Name("vms.host.edu")));
/// assert!(host("file:///etc/motd").is_this_machine());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FileHost<'a> {
    /// No host (`file:///path`, RFC 1738 only): the machine the URL is read on.
    Absent,
    /// `localhost` in any case, as written: the machine the URL is read on.
    /// Under draft-07 its letters may be escaped (`local%68ost`), as any
    /// `uchar` of a host name may.
    Localhost(&'a str),
    /// Any other host.
    Host(Host<'a>),
}

impl FileHost<'_> {
    /// Whether this means "the machine from which the URL is being
    /// interpreted" (RFC 1738 §3.10): no host, or `localhost`, escaped or not.
    ///
    /// ```
    /// use rfc1738::{FileHost, Host, Spec, Url};
    ///
    /// assert!(FileHost::Absent.is_this_machine());
    /// assert!(FileHost::Localhost("LOCALHOST").is_this_machine());
    /// assert!(!FileHost::Host(Host::Name("elsewhere.example")).is_this_machine());
    ///
    /// let parsed = Url::parse_with("file://local%68ost/x", Spec::Draft07).unwrap();
    /// let file = parsed.as_file().unwrap();
    /// assert_eq!(file.host(), FileHost::Localhost("local%68ost"));
    /// assert!(file.host().is_this_machine());
    /// ```
    #[must_use]
    pub fn is_this_machine(&self) -> bool {
        !matches!(self, FileHost::Host(_))
    }

    /// Whether a `host` as written means `localhost`: compared once decoded
    /// (draft-07 host names may hold escapes, and an escape means its
    /// character, §2.2), and in any case, as host names are (RFC 1034 §3.1).
    pub(crate) fn is_localhost(host: &str) -> bool {
        percent_decode(host).eq_ignore_ascii_case(b"localhost")
    }
}

impl<'a> FileUrl<'a> {
    /// The host.
    ///
    /// ```
    /// use rfc1738::{FileHost, Url};
    ///
    /// let parsed = Url::parse("file://localhost/etc/motd").unwrap();
    /// let file = parsed.as_file().unwrap();
    /// assert_eq!(file.host(), FileHost::Localhost("localhost"));
    /// ```
    #[must_use]
    pub fn host(&self) -> FileHost<'a> {
        self.host
    }

    /// `fpath` as written, after the `/` that follows the host; `None` when
    /// there is no such `/` (draft-07 only).
    ///
    /// ```
    /// use rfc1738::{Spec, Url};
    ///
    /// let parsed = Url::parse("file:///etc/motd").unwrap();
    /// let file = parsed.as_file().unwrap();
    /// assert_eq!(file.path(), Some("etc/motd"));
    /// let parsed = Url::parse_with("file://host", Spec::Draft07).unwrap();
    /// let file = parsed.as_file().unwrap();
    /// assert_eq!(file.path(), None);
    /// ```
    #[must_use]
    pub fn path(&self) -> Option<&'a str> {
        self.fpath
    }

    /// Every `fsegment` of the path, as written (empty ones kept).
    ///
    /// ```
    /// let parsed = rfc1738::Url::parse("file://h/a//b").unwrap();
    /// let file = parsed.as_file().unwrap();
    /// assert_eq!(file.segments().collect::<Vec<_>>(), ["a", "", "b"]);
    /// ```
    pub fn segments(&self) -> impl Iterator<Item = &'a str> + 'a {
        self.fpath.into_iter().flat_map(|path| path.split('/'))
    }

    pub(crate) fn lower<R: SpecRule>(text: &'a str, spec: Spec, pair: Pair<'a, R>) -> Self {
        let (mut host, mut fpath) = (FileHost::Absent, None);
        for part in pair.into_inner() {
            match part.as_rule().node() {
                Some(Node::host | Node::inet_host) if FileHost::is_localhost(part.as_str()) => {
                    host = FileHost::Localhost(part.as_str())
                }
                Some(Node::host | Node::inet_host) => host = FileHost::Host(Host::lower(part)),
                Some(Node::fpath | Node::file_path) => fpath = Some(part.as_str()),
                _ => {}
            }
        }
        FileUrl {
            text,
            spec,
            host,
            fpath,
        }
    }

    /// The view of `text`, which the fast path read under `spec` into these
    /// spans: the same view as [`lower`](Self::lower) gives.
    #[inline(always)]
    pub(crate) fn from_spans(
        text: &'a str,
        spec: Spec,
        FileSpans { host, fpath }: FileSpans,
    ) -> Self {
        let spans = SpanText(text);
        FileUrl {
            text,
            spec,
            host: match host {
                None => FileHost::Absent,
                Some(host) if FileHost::is_localhost(spans.str(host.span)) => {
                    FileHost::Localhost(spans.str(host.span))
                }
                Some(host) => FileHost::Host(Host::from_span(spans, host)),
            },
            fpath: spans.opt(fpath),
        }
    }
}

crate::url::schemes::common_accessors!(FileUrl, File, "file://host.dom/etc/motd");
