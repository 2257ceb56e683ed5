//! `ftp` URLs (RFC 1738 §3.2): login, directory path, file name and type code.

use pest::iterators::Pair;

use crate::grammar::{Node, SpecRule};
use crate::{Login, Spec};

/// `ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]`.
///
/// The path splits into the directories to change into (`cwd`) and the file
/// `name`, as §3.2.2 reads it: every `fsegment` but the last is a directory.
///
/// ```
/// use rfc1738::Url;
///
/// let Url::Ftp(ftp) = Url::parse("ftp://myname@host.dom/%2Fetc/motd;type=a").unwrap() else { unreachable!() };
/// assert_eq!(ftp.login().user(), Some("myname"));
/// assert_eq!(ftp.cwd().collect::<Vec<_>>(), ["%2Fetc"]);
/// assert_eq!(ftp.name(), Some("motd"));
/// assert_eq!(ftp.typecode(), Some('a'));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FtpUrl<'a> {
    text: &'a str,
    spec: Spec,
    login: Login<'a>,
    fpath: Option<&'a str>,
    typecode: Option<char>,
}

impl<'a> FtpUrl<'a> {
    /// The login: user, password, host and port.
    ///
    /// ```
    /// let rfc1738::Url::Ftp(ftp) = rfc1738::Url::parse("ftp://anonymous:me@ftp.example:2121/").unwrap() else { unreachable!() };
    /// assert_eq!(ftp.login().password(), Some("me"));
    /// assert_eq!(ftp.login().port(), Some("2121"));
    /// ```
    pub fn login(&self) -> Login<'a> {
        self.login
    }

    /// `fpath` as written: everything after the `/` that follows the login, up to
    /// `;type=`. `None` when there is no such `/`.
    ///
    /// ```
    /// use rfc1738::Url;
    ///
    /// let Url::Ftp(ftp) = Url::parse("ftp://h/pub/file;type=i").unwrap() else { unreachable!() };
    /// assert_eq!(ftp.path(), Some("pub/file"));
    /// let Url::Ftp(ftp) = Url::parse("ftp://h").unwrap() else { unreachable!() };
    /// assert_eq!(ftp.path(), None);
    /// ```
    pub fn path(&self) -> Option<&'a str> {
        self.fpath
    }

    /// Every `fsegment` of the path, as written: the directories, then the name.
    /// Empty segments are kept (`//etc` has an empty first one).
    ///
    /// ```
    /// let rfc1738::Url::Ftp(ftp) = rfc1738::Url::parse("ftp://h//etc/motd").unwrap() else { unreachable!() };
    /// assert_eq!(ftp.segments().collect::<Vec<_>>(), ["", "etc", "motd"]);
    /// ```
    pub fn segments(&self) -> impl Iterator<Item = &'a str> + 'a {
        self.fpath.into_iter().flat_map(|path| path.split('/'))
    }

    /// The directory segments (all but the last), as written.
    ///
    /// ```
    /// // RFC 1738 §3.2.2: an empty segment is a CWD with an empty argument.
    /// let rfc1738::Url::Ftp(ftp) = rfc1738::Url::parse("ftp://h//etc/motd").unwrap() else { unreachable!() };
    /// assert_eq!(ftp.cwd().collect::<Vec<_>>(), ["", "etc"]);
    /// ```
    pub fn cwd(&self) -> impl Iterator<Item = &'a str> + 'a {
        self.fpath
            .and_then(|path| path.rsplit_once('/'))
            .into_iter()
            .flat_map(|(directories, _)| directories.split('/'))
    }

    /// The last segment, the file name, as written; `None` when there is no path.
    ///
    /// ```
    /// use rfc1738::Url;
    ///
    /// let Url::Ftp(ftp) = Url::parse("ftp://h/pub/").unwrap() else { unreachable!() };
    /// assert_eq!(ftp.name(), Some(""));
    /// let Url::Ftp(ftp) = Url::parse("ftp://h").unwrap() else { unreachable!() };
    /// assert_eq!(ftp.name(), None);
    /// ```
    pub fn name(&self) -> Option<&'a str> {
        self.fpath
            .map(|path| path.rsplit_once('/').map_or(path, |(_, name)| name))
    }

    /// The `ftptype` after `;type=`, one of `A I D a i d`.
    ///
    /// ```
    /// let rfc1738::Url::Ftp(ftp) = rfc1738::Url::parse("ftp://h/pub;type=d").unwrap() else { unreachable!() };
    /// assert_eq!(ftp.typecode(), Some('d'));
    /// ```
    pub fn typecode(&self) -> Option<char> {
        self.typecode
    }

    pub(crate) fn lower<R: SpecRule>(text: &'a str, spec: Spec, pair: Pair<'a, R>) -> Self {
        let (mut login, mut fpath, mut typecode) = (None, None, None);
        for part in pair.into_inner() {
            match part.as_rule().node() {
                Some(Node::login) => login = Some(Login::lower(part)),
                Some(Node::fpath) => fpath = Some(part.as_str()),
                Some(Node::ftptype) => typecode = part.as_str().chars().next(),
                _ => {}
            }
        }
        FtpUrl {
            text,
            spec,
            login: login.expect("the grammar's ftpurl has a login"),
            fpath,
            typecode,
        }
    }
}

crate::url::common_accessors!(FtpUrl, Ftp, "ftp://host.dom/pub/file");
