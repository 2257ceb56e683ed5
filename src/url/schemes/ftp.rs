//! `ftp` URLs (RFC 1738 §3.2): login, directory path, file name and type code.

use std::borrow::Cow;
use std::fmt;

use crate::syntax::pairs::Pair;

use crate::syntax::decode::percent_decode;
use crate::syntax::fast::{FtpSpans, SpanText};
use crate::syntax::grammar::{Node, SpecRule};
use crate::syntax::spec::Spec;
use crate::url::schemes::login::Login;

/// `ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]`.
///
/// The path splits into the directories to change into (`cwd`) and the file
/// `name`, as §3.2.2 reads it: every `fsegment` but the last is a directory.
///
/// ```
/// use rfc1738::Url;
///
/// let parsed = Url::parse("ftp://myname@host.dom/%2Fetc/motd;type=a").unwrap();
/// let ftp = parsed.as_ftp().unwrap();
/// assert_eq!(ftp.login().user(), Some("myname"));
/// assert_eq!(ftp.cwd().collect::<Vec<_>>(), ["%2Fetc"]);
/// assert_eq!(ftp.name(), Some("motd"));
/// assert_eq!(ftp.typecode(), Some('a'));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FtpUrl<'a> {
    pub(crate) text: &'a str,
    pub(crate) spec: Spec,
    pub(crate) login: Login<'a>,
    pub(crate) fpath: Option<&'a str>,
    pub(crate) typecode: Option<char>,
}

impl<'a> FtpUrl<'a> {
    /// The login: user, password, host and port.
    ///
    /// ```
    /// let parsed = rfc1738::Url::parse("ftp://anonymous:me@ftp.example:2121/").unwrap();
    /// let ftp = parsed.as_ftp().unwrap();
    /// assert_eq!(ftp.login().password(), Some("me"));
    /// assert_eq!(ftp.login().port(), Some("2121"));
    /// ```
    #[must_use]
    pub fn login(&self) -> Login<'a> {
        self.login
    }

    /// `fpath` as written: everything after the `/` that follows the login, up to
    /// `;type=`. `None` when there is no such `/`.
    ///
    /// ```
    /// use rfc1738::Url;
    ///
    /// let parsed = Url::parse("ftp://h/pub/file;type=i").unwrap();
    /// let ftp = parsed.as_ftp().unwrap();
    /// assert_eq!(ftp.path(), Some("pub/file"));
    /// let parsed = Url::parse("ftp://h").unwrap();
    /// let ftp = parsed.as_ftp().unwrap();
    /// assert_eq!(ftp.path(), None);
    /// ```
    #[must_use]
    pub fn path(&self) -> Option<&'a str> {
        self.fpath
    }

    /// Every `fsegment` of the path, as written: the directories, then the name.
    /// Empty segments are kept (`//etc` has an empty first one).
    ///
    /// ```
    /// let parsed = rfc1738::Url::parse("ftp://h//etc/motd").unwrap();
    /// let ftp = parsed.as_ftp().unwrap();
    /// assert_eq!(ftp.segments().collect::<Vec<_>>(), ["", "etc", "motd"]);
    /// ```
    pub fn segments(&self) -> impl Iterator<Item = &'a str> + 'a {
        self.fpath.into_iter().flat_map(|path| path.split('/'))
    }

    /// The directory segments (all but the last), as written.
    ///
    /// ```
    /// // RFC 1738 §3.2.2: an empty segment is a CWD with an empty argument.
    /// let parsed = rfc1738::Url::parse("ftp://h//etc/motd").unwrap();
    /// let ftp = parsed.as_ftp().unwrap();
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
    /// let parsed = Url::parse("ftp://h/pub/").unwrap();
    /// let ftp = parsed.as_ftp().unwrap();
    /// assert_eq!(ftp.name(), Some(""));
    /// let parsed = Url::parse("ftp://h").unwrap();
    /// let ftp = parsed.as_ftp().unwrap();
    /// assert_eq!(ftp.name(), None);
    /// ```
    #[must_use]
    pub fn name(&self) -> Option<&'a str> {
        self.fpath
            .map(|path| path.rsplit_once('/').map_or(path, |(_, name)| name))
    }

    /// The `ftptype` after `;type=`, one of `A I D a i d`.
    ///
    /// ```
    /// let parsed = rfc1738::Url::parse("ftp://h/pub;type=d").unwrap();
    /// let ftp = parsed.as_ftp().unwrap();
    /// assert_eq!(ftp.typecode(), Some('d'));
    /// ```
    #[must_use]
    pub fn typecode(&self) -> Option<char> {
        self.typecode
    }

    /// The FTP commands that retrieve what the URL names, as RFC 1738 §3.2
    /// says: `USER` and `PASS` (the anonymous convention when the URL has no
    /// user: `USER anonymous` and `anonymous_password`, which should be the
    /// user's e-mail address; no `PASS` when the URL names a user without a
    /// password, since the client asks the user), one `CWD` per directory
    /// segment, decoded (an empty one is a `CWD` with a null argument), `TYPE`
    /// from the type code, then `RETR name`, or `NLST name` for `;type=d`.
    /// With an empty name nothing is retrieved: the URL names the directory.
    ///
    /// An argument that decodes to CR or LF cannot be sent: it would end the
    /// command line and start another (§6 warns of exactly that).
    ///
    /// # Errors
    ///
    /// [`FtpCommandError`] when a decoded argument (the user, the password, a
    /// directory or the file name) holds CR or LF, which would end the command
    /// line.
    ///
    /// ```
    /// use rfc1738::{CwdStyle, Url};
    ///
    /// let commands = |s, style| match Url::parse(s).unwrap() {
    ///     Url::Ftp(ftp) => ftp.commands("me@example.com", style).unwrap().iter().map(ToString::to_string).collect::<Vec<_>>(),
    ///     _ => unreachable!(),
    /// };
    /// assert_eq!(commands("ftp://myname@host.dom/%2Fetc/motd", CwdStyle::Rfc1738), ["USER myname", "CWD /etc", "RETR motd"]);
    /// assert_eq!(commands("ftp://myname@host.dom//etc/motd", CwdStyle::Rfc1738), ["USER myname", "CWD ", "CWD etc", "RETR motd"]);
    /// assert_eq!(commands("ftp://h/pub;type=d", CwdStyle::Rfc1738), ["USER anonymous", "PASS me@example.com", "NLST pub"]);
    /// // Most clients put a "/" before the first directory (draft-hoffman-ftp-uri, historical note).
    /// assert_eq!(commands("ftp://myname@example.com/abc/def", CwdStyle::Historical), ["USER myname", "CWD /abc", "RETR def"]);
    /// ```
    pub fn commands(
        &self,
        anonymous_password: &str,
        style: CwdStyle,
    ) -> Result<Vec<FtpCommand<'a>>, FtpCommandError> {
        let mut commands = Vec::new();
        match (self.login.user(), self.login.password()) {
            (None, _) => {
                commands.push(FtpCommand::new("USER", Cow::Borrowed(b"anonymous")));
                commands.push(FtpCommand::new(
                    "PASS",
                    Cow::Owned(anonymous_password.as_bytes().to_vec()),
                ));
            }
            (Some(user), password) => {
                commands.push(FtpCommand::new("USER", percent_decode(user)));
                if let Some(password) = password {
                    commands.push(FtpCommand::new("PASS", percent_decode(password)));
                }
            }
        }
        for (index, segment) in self.cwd().enumerate() {
            let directory = match (index, style) {
                (0, CwdStyle::Historical) => {
                    let mut absolute = b"/".to_vec();
                    absolute.extend_from_slice(&percent_decode(segment));
                    Cow::Owned(absolute)
                }
                _ => percent_decode(segment),
            };
            commands.push(FtpCommand::new("CWD", directory));
        }
        let name = self.name().map(percent_decode).unwrap_or_default();
        match self.typecode.map(|code| code.to_ascii_lowercase()) {
            Some('d') => commands.push(FtpCommand {
                verb: "NLST",
                argument: (!name.is_empty()).then_some(name),
            }),
            typecode => {
                if let Some(code) = typecode {
                    let code = if code == 'a' { b"A" } else { b"I" };
                    commands.push(FtpCommand::new("TYPE", Cow::Borrowed(code)));
                }
                if !name.is_empty() {
                    commands.push(FtpCommand::new("RETR", name));
                }
            }
        }
        for command in &commands {
            if let Some(&byte) = command
                .argument()
                .unwrap_or_default()
                .iter()
                .find(|b| matches!(b, b'\r' | b'\n'))
            {
                return Err(FtpCommandError {
                    verb: command.verb,
                    byte,
                });
            }
        }
        Ok(commands)
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

    /// The view of `text`, which the fast path read under `spec` into these
    /// spans: the same view as [`lower`](Self::lower) gives.
    #[inline(always)]
    pub(crate) fn from_spans(
        text: &'a str,
        spec: Spec,
        FtpSpans {
            login,
            fpath,
            typecode,
        }: FtpSpans,
    ) -> Self {
        let spans = SpanText(text);
        FtpUrl {
            text,
            spec,
            login: Login::from_spans(spans, login),
            fpath: spans.opt(fpath),
            typecode,
        }
    }
}

/// How the first directory of an ftp URL is sent.
///
/// ```
/// assert_ne!(rfc1738::CwdStyle::Rfc1738, rfc1738::CwdStyle::Historical);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CwdStyle {
    /// As RFC 1738 says: each directory as it is, relative to the login directory.
    #[default]
    Rfc1738,
    /// As most clients do (draft-hoffman-ftp-uri-02, historical note): the
    /// first directory with a "/" before it, relative to the root.
    Historical,
}

/// An ftp URL whose user, password, directory or name decodes to CR or LF,
/// which would end an FTP command line early.
///
/// ```
/// let parsed = rfc1738::Url::parse("ftp://u%0D%0ADELE%20x@h/").unwrap();
/// let ftp = parsed.as_ftp().unwrap();
/// let error = ftp.commands("", rfc1738::CwdStyle::Rfc1738).unwrap_err();
/// assert_eq!(error.to_string(), "the USER argument decodes to byte 0x0D, which would end the command line (RFC 1738 §6)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "the {verb} argument decodes to byte 0x{byte:02X}, which would end the command line (RFC 1738 §6)"
)]
pub struct FtpCommandError {
    verb: &'static str,
    byte: u8,
}

/// One FTP command of [`FtpUrl::commands`]: a verb and its argument, decoded.
///
/// ```
/// use rfc1738::{CwdStyle, Url};
///
/// let parsed = Url::parse("ftp://u@h/caf%E9").unwrap();
/// let ftp = parsed.as_ftp().unwrap();
/// let retr = &ftp.commands("", CwdStyle::Rfc1738).unwrap()[1];
/// assert_eq!(retr.verb(), "RETR");
/// assert_eq!(retr.argument(), Some(b"caf\xe9".as_slice()));
/// assert_eq!(retr.to_bytes(), b"RETR caf\xe9");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FtpCommand<'a> {
    pub(crate) verb: &'static str,
    pub(crate) argument: Option<Cow<'a, [u8]>>,
}

impl<'a> FtpCommand<'a> {
    fn new(verb: &'static str, argument: Cow<'a, [u8]>) -> FtpCommand<'a> {
        FtpCommand {
            verb,
            argument: Some(argument),
        }
    }

    /// The command's name: `USER`, `PASS`, `CWD`, `TYPE`, `RETR` or `NLST`.
    ///
    /// ```
    /// let parsed = rfc1738::Url::parse("ftp://u@h/f").unwrap();
    /// let ftp = parsed.as_ftp().unwrap();
    /// assert_eq!(ftp.commands("", rfc1738::CwdStyle::Rfc1738).unwrap()[0].verb(), "USER");
    /// ```
    #[must_use]
    pub fn verb(&self) -> &'static str {
        self.verb
    }

    /// The argument's bytes, decoded; `None` for a command sent without one.
    ///
    /// ```
    /// let parsed = rfc1738::Url::parse("ftp://u@h/;type=d").unwrap();
    /// let ftp = parsed.as_ftp().unwrap();
    /// let nlst = &ftp.commands("", rfc1738::CwdStyle::Rfc1738).unwrap()[1];
    /// assert_eq!((nlst.verb(), nlst.argument()), ("NLST", None));
    /// ```
    #[must_use]
    pub fn argument(&self) -> Option<&[u8]> {
        self.argument.as_deref()
    }

    /// The argument as text: the decoded bytes read as UTF-8, with U+FFFD
    /// for bytes that are not (an FTP path is bytes; [`argument`](Self::argument)
    /// gives them exactly). `None` for a command sent without one.
    ///
    /// ```
    /// let parsed = rfc1738::Url::parse("ftp://u@h/r%C3%A9sum%C3%A9.txt").unwrap();
    /// let ftp = parsed.as_ftp().unwrap();
    /// let retr = ftp.commands("", rfc1738::CwdStyle::Rfc1738).unwrap().pop().unwrap();
    /// assert_eq!(retr.argument_lossy().as_deref(), Some("résumé.txt"));
    /// ```
    #[must_use]
    pub fn argument_lossy(&self) -> Option<std::borrow::Cow<'_, str>> {
        self.argument().map(String::from_utf8_lossy)
    }

    /// The command line as sent, without the closing CR LF: the verb, and a
    /// space and the argument when there is one (`CWD ` for a null argument).
    ///
    /// ```
    /// let parsed = rfc1738::Url::parse("ftp://u@h//f").unwrap();
    /// let ftp = parsed.as_ftp().unwrap();
    /// assert_eq!(ftp.commands("", rfc1738::CwdStyle::Rfc1738).unwrap()[1].to_bytes(), b"CWD ");
    /// ```
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut line = self.verb.as_bytes().to_vec();
        if let Some(argument) = &self.argument {
            line.push(b' ');
            line.extend_from_slice(argument);
        }
        line
    }
}

impl fmt::Display for FtpCommand<'_> {
    /// The command line; bytes that are not UTF-8 are shown as U+FFFD.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&String::from_utf8_lossy(&self.to_bytes()))
    }
}

crate::url::schemes::common_accessors!(FtpUrl, Ftp, "ftp://host.dom/pub/file");
