//! Conformance lints: what a URL does that its specification says it should
//! not, or warns against, although the grammar allows it.

use std::fmt::{self, Write as _};
use std::ops::Range;
use std::sync::OnceLock;

use crate::syntax::charclass::{control_name, needs_no_escape};
use crate::syntax::decode::escape_at;
use crate::syntax::error::ParseError;
use crate::syntax::fast::{Finish, LABEL_MAX, Lintable, Noted, SchemeSpans};
use crate::syntax::scheme::Scheme;
use crate::syntax::spec::Spec;
use crate::url::Url;
use crate::url::rfc2396::uri::{Authority, UriRef};
use crate::url::schemes::login::Host;
use crate::url::schemes::login::HostPort;

/// A finding that does not make a URL invalid, with a stable code.
///
/// ```
/// use rfc1738::{Url, WarningCode};
///
/// let warnings = Url::parse("HTTP://host/").unwrap().warnings();
/// assert_eq!(warnings[0].code(), WarningCode::SchemeCase);
/// assert_eq!(warnings[0].span(), 0..4);
/// ```
#[derive(Clone)]
pub struct Warning {
    code: WarningCode,
    spec: Spec,
    span: Range<usize>,
    /// What the message says of this URL. Most findings hold a few bytes of
    /// it (a port, an escape) and are written out only when asked: a caller
    /// that reads the codes alone allocates the list only.
    words: Words,
    /// The message, once asked for.
    message: OnceLock<String>,
}

/// What a warning's message says of its URL, kept until the message is
/// written.
#[derive(Clone)]
enum Words {
    /// Written when found: the findings that quote a part of the URL that
    /// may be long (a host, a scheme too long for [`Short`]).
    Written(String),
    /// `scheme-case`: the scheme as written.
    SchemeCase(Short),
    /// `non-default-port`: the port, the scheme's default, its name.
    NonDefaultPort {
        port: u16,
        default: u16,
        scheme: &'static str,
    },
    /// `password-in-url`: the message names nothing of the URL.
    Password,
    /// `encoded-control`: the escape as written and the component it is in.
    EncodedControl {
        escape: [u8; 3],
        component: &'static str,
    },
    /// `needless-escape`: the escape as written.
    NeedlessEscape { escape: [u8; 3] },
}

impl Words {
    /// The message that `write` writes, written now: apart from the
    /// lints, whose findings mostly hold their words unwritten.
    #[cold]
    #[inline(never)]
    fn written(write: impl FnOnce(&mut String) -> fmt::Result) -> Words {
        let mut message = String::new();
        // Writing into a `String` cannot fail.
        let _ = write(&mut message);
        Words::Written(message)
    }
}

/// A few bytes of the URL (a scheme) held without an allocation.
#[derive(Clone, Copy)]
struct Short {
    bytes: [u8; 15],
    len: u8,
}

impl Short {
    /// `text`, when it fits.
    fn new(text: &str) -> Option<Short> {
        let mut bytes = [0; 15];
        bytes
            .get_mut(..text.len())?
            .copy_from_slice(text.as_bytes());
        Some(Short {
            bytes,
            len: u8::try_from(text.len()).ok()?,
        })
    }

    fn as_str(&self) -> &str {
        // Copied whole from a `str`, so always UTF-8.
        std::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or_default()
    }
}

impl Warning {
    /// Writes the message of a finding under `spec`.
    fn write_message(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        let spec = self.spec;
        match &self.words {
            Words::Written(text) => out.write_str(text),
            Words::SchemeCase(scheme) => scheme_case_message(out, scheme.as_str(), spec),
            Words::NonDefaultPort {
                port,
                default,
                scheme,
            } => non_default_port_message(out, *port, *default, scheme, spec),
            Words::Password => write!(
                out,
                "the URL holds a password, which anyone who sees the URL can read ({})",
                WarningCode::PasswordInUrl.section_in(spec)
            ),
            Words::EncodedControl { escape, component } => write!(
                out,
                "the {component} holds an encoded {} ({}), which is decoded and sent to the server ({})",
                escape_at(escape, 0)
                    .and_then(control_name)
                    .unwrap_or_default(),
                String::from_utf8_lossy(escape),
                WarningCode::EncodedControl.section_in(spec)
            ),
            Words::NeedlessEscape { escape } => write!(
                out,
                "{} is '{}', which needs no escape ({})",
                String::from_utf8_lossy(escape),
                char::from(escape_at(escape, 0).unwrap_or_default()),
                WarningCode::NeedlessEscape.section_in(spec)
            ),
        }
    }

    /// What kind of finding this is.
    ///
    /// ```
    /// use rfc1738::{Url, WarningCode};
    ///
    /// assert_eq!(Url::parse("NEWS:*").unwrap().warnings()[0].code(), WarningCode::SchemeCase);
    /// ```
    #[must_use]
    pub fn code(&self) -> WarningCode {
        self.code
    }

    /// The bytes of the URL it is about.
    ///
    /// ```
    /// let warning = &rfc1738::Url::parse("Z39.50s:x").unwrap().warnings()[0];
    /// assert_eq!(warning.span(), 0..7);
    /// ```
    #[must_use]
    pub fn span(&self) -> Range<usize> {
        self.span.clone()
    }

    /// One line saying what is wrong and why.
    ///
    /// ```
    /// let warning = &rfc1738::Url::parse("FTP://h/").unwrap().warnings()[0];
    /// assert!(warning.message().starts_with("the scheme is written \"FTP\""));
    /// ```
    #[must_use]
    pub fn message(&self) -> &str {
        if let Words::Written(text) = &self.words {
            return text;
        }
        self.message.get_or_init(|| {
            let mut message = String::with_capacity(MESSAGE_CAPACITY);
            // Writing into a `String` cannot fail.
            let _ = self.write_message(&mut message);
            message
        })
    }
}

/// Room for most messages, which cite their document's section.
const MESSAGE_CAPACITY: usize = 192;

/// As the message says: two warnings are one when their code, span and
/// message are.
impl PartialEq for Warning {
    fn eq(&self, other: &Warning) -> bool {
        self.code == other.code && self.span == other.span && self.message() == other.message()
    }
}

impl Eq for Warning {}

impl std::hash::Hash for Warning {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.code.hash(state);
        self.span.hash(state);
        self.message().hash(state);
    }
}

impl fmt::Debug for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Warning")
            .field("code", &self.code)
            .field("span", &self.span)
            .field("message", &self.message())
            .finish()
    }
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}[{}]: ", self.code.severity(), self.code)?;
        match self.message.get() {
            Some(message) => f.write_str(message),
            None => self.write_message(f),
        }
    }
}

/// How much a finding matters.
///
/// ```
/// assert_eq!(rfc1738::WarningCode::PasswordInUrl.severity().to_string(), "warning");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    /// Worth knowing; the URL is as good as its canonical form.
    Note,
    /// The specification says not to, or warns of harm.
    Warning,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Note => "note",
            Severity::Warning => "warning",
        })
    }
}

/// `WarningCode` from one line per code: its variant, name, severity and
/// rationale side by side, so that a new lint is one line here (and its
/// check below), not an edit to five parallel lists.
macro_rules! warning_codes {
    (
        $(#[$enum_meta:meta])*
        pub enum WarningCode {
            $(
                $(#[doc = $doc:literal])*
                $variant:ident($name:literal, $severity:ident, $rationale:expr),
            )*
        }
    ) => {
        $(#[$enum_meta])*
        pub enum WarningCode {
            $( $(#[doc = $doc])* $variant, )*
        }

        impl WarningCode {
            /// Every code, in the order of the README's table.
            ///
            /// ```
            /// assert_eq!(rfc1738::WarningCode::ALL.len(), 8);
            /// ```
            pub const ALL: [WarningCode; [$($name),*].len()] = [$(WarningCode::$variant),*];

            /// The stable name, as used on the command line and in JSON.
            ///
            /// ```
            /// assert_eq!(rfc1738::WarningCode::Ipv4OctetRange.to_string(), "ipv4-octet-range");
            /// ```
            #[must_use]
            pub fn name(self) -> &'static str {
                match self {
                    $(WarningCode::$variant => $name,)*
                }
            }

            /// How much a finding of this kind matters.
            ///
            /// ```
            /// use rfc1738::{Severity, WarningCode};
            ///
            /// assert_eq!(WarningCode::NeedlessEscape.severity(), Severity::Note);
            /// ```
            #[must_use]
            pub fn severity(self) -> Severity {
                match self {
                    $(WarningCode::$variant => Severity::$severity,)*
                }
            }

            /// The sentence of RFC 1738 that the finding rests on, with its
            /// section; [`WarningCode::rationale_in`] gives each
            /// specification's own.
            ///
            /// ```
            /// assert!(rfc1738::WarningCode::PasswordInUrl.rationale().contains("clearly unwise"));
            /// ```
            #[must_use]
            pub fn rationale(self) -> &'static str {
                match self {
                    $(WarningCode::$variant => $rationale,)*
                }
            }
        }
    };
}

warning_codes! {
    /// The kinds of finding, each with a stable kebab-case name, a severity, and
    /// the sentence of the specification it rests on.
    ///
    /// ```
    /// use rfc1738::WarningCode;
    ///
    /// assert_eq!(WarningCode::SchemeCase.name(), "scheme-case");
    /// assert_eq!(WarningCode::from_name("port-range"), Some(WarningCode::PortRange));
    /// ```
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
    #[non_exhaustive]
    pub enum WarningCode {
        /// The scheme is not in lower case.
        SchemeCase("scheme-case", Note,
            "§5: \"the scheme is in lower case; interpreters should use case-ignore\""),
        /// A port other than the scheme's default (§6: a URL can make a client
        /// talk to a server of another protocol).
        NonDefaultPort("non-default-port", Warning,
            "§6: \"Caution should be used when using any URL which specifies a port number other than the default \
             for the protocol, especially when it is a number within the reserved space.\""),
        /// An escaped CR, LF, NUL or TAB in a component that is decoded and sent
        /// to a server (gopher selector and search, ftp user, password,
        /// directories and name, telnet user).
        EncodedControl("encoded-control", Warning,
            "§6: \"Care should be taken when URLs contain embedded encoded delimiters for a given protocol (for \
             example, CR and LF characters for telnet protocols) that these are not unencoded before transmission.\""),
        /// A password in the URL (§6).
        PasswordInUrl("password-in-url", Warning,
            "§6: \"The use of URLs containing passwords that should be secret is clearly unwise.\""),
        /// An escape of a character that needs none (§2.2).
        NeedlessEscape("needless-escape", Note,
            "§2.2: \"characters that are not required to be encoded (including alphanumerics) may be encoded \
             within the scheme-specific part of a URL, as long as they are not being used for a reserved purpose.\""),
        /// A `hostnumber` part above 255.
        Ipv4OctetRange("ipv4-octet-range", Warning,
            "§3.1: \"host: The fully qualified domain name of a network host, or its IP address as a set of four \
             decimal digits separated by periods.\": an IP address has four parts of one byte each"),
        /// A port above 65535.
        PortRange("port-range", Warning,
            "§3.1: \"port: The port number to connect to.\": a TCP port is a number below 65536"),
        /// A host name with a label of more than 63 characters, or longer
        /// than a name in DNS (RFC 1034's limits; RFC 3986's 255 characters).
        HostNameLength("host-name-length", Warning,
            "§3.1: \"Fully qualified domain names take the form as described in Section 3.5 of RFC 1034 \
             [13] and Section 2.1 of RFC 1123 [5]\": RFC 1034 limits a label to 63 characters (§3.5) and a \
             name to 255 octets with the lengths of its labels, 253 characters (§3.1)"),
    }
}

/// The section and sentence of a document, as one `&'static str` and the
/// section alone.
macro_rules! grounds {
    ($section:literal, $sentence:literal) => {
        ($section, concat!($section, ": \"", $sentence, "\""))
    };
    ($section:literal, $sentence:literal, $gloss:literal) => {
        (
            $section,
            concat!($section, ": \"", $sentence, "\": ", $gloss),
        )
    };
}

impl WarningCode {
    /// The sentence that the finding rests on in the document of `spec`,
    /// with where it stands: Section 5 and 6 of RFC 1738 and of draft-07,
    /// RFC 2396 and uri(7), whose Security section says what RFC 1738's
    /// §6 says, and RFC 3986, to which the later documents leave their
    /// security considerations.
    ///
    /// ```
    /// use rfc1738::{Spec, WarningCode};
    ///
    /// let said = WarningCode::SchemeCase.rationale_in(Spec::Rfc3986);
    /// assert!(said.starts_with("RFC 3986 §3.1: \"An implementation should accept uppercase letters"));
    /// assert_eq!(WarningCode::SchemeCase.rationale_in(Spec::Rfc1738), WarningCode::SchemeCase.rationale());
    /// ```
    #[must_use]
    pub fn rationale_in(self, spec: Spec) -> &'static str {
        self.grounds(spec).1
    }

    /// Where the sentence of [`WarningCode::rationale_in`] stands, as the
    /// findings' messages cite it: `§6` in RFC 1738 and draft-07, the
    /// document named under RFC 2396 and RFC 3986.
    ///
    /// ```
    /// use rfc1738::{Spec, WarningCode};
    ///
    /// assert_eq!(WarningCode::PasswordInUrl.section_in(Spec::Rfc1738), "§6");
    /// assert_eq!(WarningCode::PasswordInUrl.section_in(Spec::Rfc3986), "RFC 3986 §7.5");
    /// assert_eq!(WarningCode::PasswordInUrl.section_in(Spec::Rfc2396), "uri(7), Security");
    /// ```
    #[must_use]
    pub fn section_in(self, spec: Spec) -> &'static str {
        self.grounds(spec).0
    }

    fn grounds(self, spec: Spec) -> (&'static str, &'static str) {
        use WarningCode::*;
        match (self, spec) {
            (SchemeCase, Spec::Rfc1738 | Spec::Draft07) => grounds!(
                "§5",
                "the scheme is in lower case; interpreters should use case-ignore"
            ),
            (SchemeCase, Spec::Rfc2396) => grounds!(
                "RFC 2396 §3.1",
                "For resiliency, programs interpreting URI should treat upper case letters as \
                 equivalent to lower case in scheme names (e.g., allow \"HTTP\" as well as \"http\")."
            ),
            (SchemeCase, Spec::Rfc3986) => grounds!(
                "RFC 3986 §3.1",
                "An implementation should accept uppercase letters as equivalent to lowercase in \
                 scheme names (e.g., allow \"HTTP\" as well as \"http\") for the sake of robustness but \
                 should only produce lowercase scheme names for consistency."
            ),
            (NonDefaultPort, Spec::Rfc1738 | Spec::Draft07) => grounds!(
                "§6",
                "Caution should be used when using any URL which specifies a port number other than \
                 the default for the protocol, especially when it is a number within the reserved space."
            ),
            (NonDefaultPort, Spec::Rfc2396) => grounds!(
                "uri(7), Security",
                "Caution should be used when using any URL that specifies a port number other than \
                 the default for the protocol, especially when it is a number within the reserved space."
            ),
            (NonDefaultPort, Spec::Rfc3986) => grounds!(
                "RFC 3986 §7.2",
                "The unsafe URI is typically constructed by specifying a port number other than that \
                 reserved for the network protocol in question."
            ),
            (EncodedControl, Spec::Rfc1738 | Spec::Draft07) => grounds!(
                "§6",
                "Care should be taken when URLs contain embedded encoded delimiters for a given \
                 protocol (for example, CR and LF characters for telnet protocols) that these are not \
                 unencoded before transmission."
            ),
            (EncodedControl, Spec::Rfc2396) => grounds!(
                "uri(7), Security",
                "Care should be taken when a URI contains escaped delimiters for a given protocol \
                 (for example, CR and LF characters for telnet protocols) that these are not \
                 unescaped before transmission."
            ),
            (EncodedControl, Spec::Rfc3986) => grounds!(
                "RFC 3986 §7.2",
                "When a URI contains percent-encoded octets that match the delimiters for a given \
                 resolution or dereference protocol (for example, CR and LF characters for the TELNET \
                 protocol), these percent-encodings must not be decoded before transmission across \
                 that protocol."
            ),
            (PasswordInUrl, Spec::Rfc1738 | Spec::Draft07) => grounds!(
                "§6",
                "The use of URLs containing passwords that should be secret is clearly unwise."
            ),
            (PasswordInUrl, Spec::Rfc2396) => grounds!(
                "uri(7), Security",
                "It is clearly unwise to use a URI that contains a password which is intended to be \
                 secret."
            ),
            (PasswordInUrl, Spec::Rfc3986) => grounds!(
                "RFC 3986 §7.5",
                "URI producers should not provide a URI that contains a username or password that is \
                 intended to be secret."
            ),
            (NeedlessEscape, Spec::Rfc1738) => grounds!(
                "§2.2",
                "characters that are not required to be encoded (including alphanumerics) may be \
                 encoded within the scheme-specific part of a URL, as long as they are not being used \
                 for a reserved purpose."
            ),
            (NeedlessEscape, Spec::Draft07) => grounds!(
                "§2.2",
                "In general, only alphanumerics, reserved characters used for their reserved purposes, \
                 \"$\", \"-\", \"_\", \".\", and \"+\" may be used unencoded."
            ),
            (NeedlessEscape, Spec::Rfc2396) => grounds!(
                "uri(7), Character encoding",
                "Unreserved characters can be escaped without changing the semantics of the URI, but \
                 this should not be done unless the URI is being used in a context that does not allow \
                 the unescaped character to appear."
            ),
            (NeedlessEscape, Spec::Rfc3986) => grounds!(
                "RFC 3986 §2.3",
                "For consistency, percent-encoded octets in the ranges of ALPHA (%41-%5A and %61-%7A), \
                 DIGIT (%30-%39), hyphen (%2D), period (%2E), underscore (%5F), or tilde (%7E) should \
                 not be created by URI producers and, when found in a URI, should be decoded to their \
                 corresponding unreserved characters by URI normalizers."
            ),
            (Ipv4OctetRange, Spec::Rfc1738 | Spec::Draft07) => grounds!(
                "§3.1",
                "host: The fully qualified domain name of a network host, or its IP address as a set \
                 of four decimal digits separated by periods.",
                "an IP address has four parts of one byte each"
            ),
            (Ipv4OctetRange, Spec::Rfc3986) => grounds!(
                "RFC 3986 §3.2.2",
                "A host identified by an IPv4 literal address is represented in dotted-decimal \
                 notation (a sequence of four decimal numbers in the range 0 to 255, separated by \
                 \".\")"
            ),
            (Ipv4OctetRange, Spec::Rfc2396) => grounds!(
                "uri(7)",
                "The host is the name of the host computer, either its name as determined by DNS or \
                 an IP address (numbers separated by periods).",
                "an IP address has four parts of one byte each"
            ),
            (PortRange, Spec::Rfc1738 | Spec::Draft07) => grounds!(
                "§3.1",
                "port: The port number to connect to.",
                "a TCP port is a number below 65536"
            ),
            (PortRange, Spec::Rfc2396) => grounds!(
                "RFC 2396 §3.2.2",
                "The port is the network port number for the server.",
                "a TCP port is a number below 65536"
            ),
            (HostNameLength, Spec::Rfc1738) => grounds!(
                "§3.1",
                "Fully qualified domain names take the form as described in Section 3.5 of RFC 1034 \
                 [13] and Section 2.1 of RFC 1123 [5]",
                "RFC 1034 limits a label to 63 characters (§3.5) and a name to 255 octets with the \
                 lengths of its labels, 253 characters (§3.1)"
            ),
            (HostNameLength, Spec::Draft07) => grounds!(
                "§3.1",
                "Fully qualified domain names take the form as described in Section 3.5 of RFC 1034: \
                 a sequence of parts separated by period.",
                "RFC 1034 limits a label to 63 characters (§3.5) and a name to 255 octets with the \
                 lengths of its labels, 253 characters (§3.1)"
            ),
            (HostNameLength, Spec::Rfc2396) => grounds!(
                "uri(7)",
                "The host is the name of the host computer, either its name as determined by DNS or \
                 an IP address (numbers separated by periods).",
                "a name in DNS has labels of at most 63 characters (RFC 1034 §3.5) and at most 255 \
                 octets with the lengths of its labels, 253 characters (RFC 1034 §3.1)"
            ),
            (HostNameLength, Spec::Rfc3986) => grounds!(
                "RFC 3986 §3.2.2",
                "URI producers should use names that conform to the DNS syntax, even when use of DNS \
                 is not immediately apparent, and should limit these names to no more than 255 \
                 characters in length.",
                "the DNS syntax limits a label to 63 characters (RFC 1034 §3.5)"
            ),
            (PortRange, Spec::Rfc3986) => grounds!(
                "RFC 3986 §3.2.3",
                "The port subcomponent of authority is designated by an optional port number in \
                 decimal following the host and delimited from it by a single colon (\":\") character.",
                "a TCP port is a number below 65536"
            ),
        }
    }

    /// The code called `name`.
    ///
    /// ```
    /// assert_eq!(rfc1738::WarningCode::from_name("no-such-lint"), None);
    /// ```
    #[must_use]
    pub fn from_name(name: &str) -> Option<WarningCode> {
        WarningCode::ALL
            .into_iter()
            .find(|code| code.name() == name)
    }
}

impl fmt::Display for WarningCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of parsing a [`WarningCode`] with `str::parse`: no code has that name.
///
/// ```
/// let error = "no-such-lint".parse::<rfc1738::WarningCode>().unwrap_err();
/// assert!(error.to_string().starts_with("unknown warning code \"no-such-lint\""));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownWarningCode(pub String);

impl fmt::Display for UnknownWarningCode {
    /// The name, and every code's (from [`WarningCode::ALL`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown warning code {:?}: expected one of ", self.0)?;
        for (index, code) in WarningCode::ALL.iter().enumerate() {
            let separator = if index == 0 { "" } else { ", " };
            write!(f, "{separator}{code}")?;
        }
        Ok(())
    }
}

impl std::error::Error for UnknownWarningCode {}

impl std::str::FromStr for WarningCode {
    type Err = UnknownWarningCode;

    /// [`WarningCode::from_name`], as `str::parse` calls it.
    ///
    /// ```
    /// use rfc1738::WarningCode;
    ///
    /// assert_eq!("scheme-case".parse::<WarningCode>(), Ok(WarningCode::SchemeCase));
    /// ```
    fn from_str(name: &str) -> Result<WarningCode, UnknownWarningCode> {
        WarningCode::from_name(name).ok_or_else(|| UnknownWarningCode(name.to_owned()))
    }
}

/// How `Url::parse_with_warnings` ends: as `Url::parse_with` does, with the warnings,
/// which are only looked for when the fast path noted something a lint
/// fires on.
struct WithWarnings<'a, 'n> {
    input: &'a str,
    spec: Spec,
    noted: &'n Noted,
}

impl<'a> Finish<'a> for WithWarnings<'a, '_> {
    type Output = Result<(Url<'a>, Vec<Warning>), ParseError>;

    #[inline(always)]
    fn url(self, text: &'a str, spec: Spec, read: SchemeSpans) -> Self::Output {
        // Most URLs have nothing noted: each is built in the caller's result
        // and returned. One that a lint may fire on is linted in its result;
        // the compiler then builds it apart and copies it (200 bytes), which
        // it did for every URL while the two went one way.
        let lintable = self.noted.lintable();
        if lintable == Lintable::NONE {
            return Ok((Url::from_spans(text, spec, read), Vec::new()));
        }
        let mut result = Ok((Url::from_spans(text, spec, read), Vec::new()));
        if let Ok(pair) = &mut result {
            lint(pair, lintable);
        }
        result
    }

    #[cold]
    fn not_taken(self) -> Self::Output {
        with_warnings(Url::parse_not_taken(self.input, self.spec))
    }
}

/// Puts the URL's warnings beside it: those of the lints that look at the
/// parts in `lintable`, where the fast path noted all that any lint fires on.
#[cold]
#[inline(never)]
fn lint(pair: &mut (Url<'_>, Vec<Warning>), lintable: Lintable) {
    pair.1 = check_parts(&pair.0, lintable);
}

/// The URL that `parsed` holds, and its warnings.
#[cold]
#[inline(never)]
fn with_warnings(
    parsed: Result<Url<'_>, ParseError>,
) -> Result<(Url<'_>, Vec<Warning>), ParseError> {
    let url = parsed?;
    let warnings = url.warnings();
    Ok((url, warnings))
}

impl<'a> Url<'a> {
    /// Parses `input` by the BNF of `spec` and gives its [`warnings`](Url::warnings)
    /// with it: the same pair as `parse_with` and then `warnings`, but a URL
    /// that the fast path reads with nothing any lint looks for (no escape,
    /// no upper-case scheme, no password, no port but the default, no host
    /// number above 255, no host name over 63 characters) is not looked at
    /// a second time, and one with some of it only where it has some.
    ///
    /// # Errors
    ///
    /// When `input` is not a URL under `spec`: the [`ParseError`] says where it
    /// leaves the grammar and which rules were expected there.
    ///
    /// ```
    /// use rfc1738::{Spec, Url, WarningCode};
    ///
    /// let (url, warnings) = Url::parse_with_warnings("ftp://u:pw@host/", Spec::Rfc1738).unwrap();
    /// assert_eq!(url.as_str(), "ftp://u:pw@host/");
    /// assert_eq!(warnings[0].code(), WarningCode::PasswordInUrl);
    /// let (_, warnings) = Url::parse_with_warnings("ftp://host/", Spec::Rfc1738).unwrap();
    /// assert!(warnings.is_empty());
    /// ```
    pub fn parse_with_warnings(
        input: &'a str,
        spec: Spec,
    ) -> Result<(Url<'a>, Vec<Warning>), ParseError> {
        let noted = Noted::default();
        let finish = WithWarnings {
            input,
            spec,
            noted: &noted,
        };
        crate::syntax::fast::parse_noting_into(input, spec, &noted, finish)
    }

    /// [`parse_with_warnings`](Url::parse_with_warnings) for bytes that may
    /// not be UTF-8, as [`parse_bytes`](Url::parse_bytes) reads them.
    ///
    /// # Errors
    ///
    /// When `input` is not UTF-8 (the error is at its first such byte) or not a
    /// URL under `spec`.
    ///
    /// ```
    /// use rfc1738::{Spec, Url};
    ///
    /// let (_, warnings) = Url::parse_bytes_with_warnings(b"HTTP://host/", Spec::Rfc1738).unwrap();
    /// assert_eq!(warnings.len(), 1);
    /// assert!(Url::parse_bytes_with_warnings(b"http://\xff/", Spec::Rfc1738).is_err());
    /// ```
    pub fn parse_bytes_with_warnings(
        input: &'a [u8],
        spec: Spec,
    ) -> Result<(Url<'a>, Vec<Warning>), ParseError> {
        match std::str::from_utf8(input) {
            Ok(text) => Url::parse_with_warnings(text, spec),
            Err(invalid) => Err(ParseError::invalid_utf8(input, invalid.valid_up_to(), spec)),
        }
    }

    /// Conformance warnings: what the URL does that the specification says it
    /// should not, although its grammar allows it.
    ///
    /// ```
    /// use rfc1738::{Url, WarningCode};
    ///
    /// let url = Url::parse("Ftp://host/").unwrap();
    /// assert_eq!(url.warnings()[0].code(), WarningCode::SchemeCase);
    /// assert!(Url::parse("ftp://host/").unwrap().warnings().is_empty());
    /// ```
    #[must_use]
    pub fn warnings(&self) -> Vec<Warning> {
        check(self)
    }
}

/// The byte offset of `part` in `whole`, when `part` is a slice of it.
fn offset_in(whole: &str, part: &str) -> usize {
    (part.as_ptr() as usize).saturating_sub(whole.as_ptr() as usize)
}

/// The component of `url` that holds the byte at `at` when a client decodes
/// that component and sends it to a server as it is (§6), by the name the
/// warning gives it.
pub(crate) fn sent_component(url: &Url<'_>, at: usize) -> Option<&'static str> {
    let text = url.as_str();
    let holds = |part: Option<&str>| {
        part.is_some_and(|part| {
            let start = offset_in(text, part);
            (start..start + part.len()).contains(&at)
        })
    };
    match url {
        Url::Gopher(gopher) if holds(gopher.selector()) => Some("selector"),
        Url::Gopher(gopher) if holds(gopher.search()) => Some("search"),
        Url::Ftp(ftp) if holds(ftp.login().user()) => Some("ftp user"),
        Url::Ftp(ftp) if holds(ftp.login().password()) => Some("ftp password"),
        // An escape holds no "/", so one in the path is in one of its segments.
        Url::Ftp(ftp) if holds(ftp.path()) => Some("ftp path segment"),
        Url::Telnet(telnet) if holds(telnet.login().user()) => Some("telnet user"),
        Url::Uri(uri) if url.spec() == Spec::Rfc2396 => uri7_sent_component(uri, holds),
        _ => None,
    }
}

/// [`sent_component`] for RFC 2396's reading of uri(7)'s ftp, telnet and
/// gopher forms, whose Security section says what §6 says: the same
/// components, found in the generic syntax's parts.
fn uri7_sent_component(
    uri: &UriRef<'_>,
    holds: impl Fn(Option<&str>) -> bool,
) -> Option<&'static str> {
    let scheme = uri.scheme()?;
    let (user, password) = match uri.authority_parts() {
        Some(Authority::Server(login)) => (login.user(), login.password()),
        _ => (None, None),
    };
    if scheme.eq_ignore_ascii_case("ftp") {
        return if holds(user) {
            Some("ftp user")
        } else if holds(password) {
            Some("ftp password")
        } else {
            holds(Some(uri.path())).then_some("ftp path segment")
        };
    }
    if scheme.eq_ignore_ascii_case("telnet") {
        return holds(user).then_some("telnet user");
    }
    if scheme.eq_ignore_ascii_case("gopher") {
        // "/" gophertype selector "%09" search "%09" gopher+_string
        let mut type_and_rest = uri.path().strip_prefix('/')?.chars();
        type_and_rest.next()?;
        let after_type = type_and_rest.as_str();
        let (selector, search) = match after_type.split_once("%09") {
            Some((selector, rest)) => (selector, rest.split_once("%09").map_or(rest, |(s, _)| s)),
            None => (after_type, ""),
        };
        return if holds(Some(selector)) {
            Some("selector")
        } else {
            holds(Some(search)).then_some("search")
        };
    }
    None
}

/// The hosts `url` names, each with the port written after it: the
/// `hostport`'s (`url.hostport()`, passed in so that `check` reads it
/// once), a news article's (under RFC 2396, the `hostname` after the '@'
/// of uri(7)'s message-id), a file URL's.
fn hosts<'a>(
    url: &Url<'a>,
    hostport: Option<HostPort<'a>>,
) -> impl Iterator<Item = (Host<'a>, Option<&'a str>)> {
    let hostport = hostport.map(|hp| (hp.host(), hp.port()));
    let other = match url {
        Url::News(news) => match news.grouppart() {
            crate::url::schemes::news::GroupPart::Article { host, .. } => Some(host),
            _ => None,
        },
        Url::File(file) => match file.host() {
            crate::url::schemes::file::FileHost::Host(host) => Some(host),
            _ => None,
        },
        Url::Uri(uri)
            if url.spec() == Spec::Rfc2396
                && uri
                    .scheme()
                    .is_some_and(|scheme| scheme.eq_ignore_ascii_case("news")) =>
        {
            uri.path()
                .rsplit_once('@')
                .map(|(_, host)| Host::Name(host))
        }
        _ => None,
    };
    hostport.into_iter().chain(other.map(|host| (host, None)))
}

/// The most characters of a host name: RFC 1034 §3.1's 255 octets count a
/// length before each label and the root's, so a name without its final
/// '.' holds 253; RFC 3986 §3.2.2 says 255 characters.
fn name_max(spec: Spec) -> usize {
    if spec == Spec::Rfc3986 { 255 } else { 253 }
}

/// Whether `name`, as written, may hold a finding: a name as written is at
/// least as long as any of its labels and as itself decoded, so one of at
/// most 63 characters holds none.
fn may_be_too_long(name: &str) -> bool {
    name.len() > LABEL_MAX
}

/// The labels of `name` (without a final '.', the root's), split at each
/// '.' and at each escape of one (`%2E`, which means the same), each with
/// its length in octets once decoded.
fn labels(name: &str) -> impl Iterator<Item = (&str, usize)> {
    let name = name.strip_suffix('.').unwrap_or(name);
    let bytes = name.as_bytes();
    let mut start = Some(0);
    std::iter::from_fn(move || {
        let from = start?;
        let (mut at, mut octets) = (from, 0);
        while at < bytes.len() {
            let escaped = escape_at(bytes, at);
            if bytes[at] == b'.' || escaped == Some(b'.') {
                start = Some(at + if escaped.is_some() { 3 } else { 1 });
                return Some((&name[from..at], octets));
            }
            at += if escaped.is_some() { 3 } else { 1 };
            octets += 1;
        }
        start = None;
        Some((&name[from..], octets))
    })
}

/// `host-name-length`: each label of `name` longer than a DNS label, and
/// the name if it is longer than a host name, counted in octets once
/// decoded (RFC 3986's `reg-name` may hold escapes). A final "." (RFC
/// 2396's `hostname` allows one) names the root, no label.
fn host_name_length(
    text: &str,
    name: &str,
    spec: Spec,
    warn: &mut impl FnMut(WarningCode, Range<usize>, Words),
) {
    let section = WarningCode::HostNameLength.section_in(spec);
    let mut length = 0;
    for (index, (label, octets)) in labels(name).enumerate() {
        // The characters of the labels and the dots between them.
        length += octets + usize::from(index > 0);
        if octets > LABEL_MAX {
            let start = offset_in(text, label);
            let shown = label
                .get(..16)
                .map_or(label.to_owned(), |head| format!("{head}..."));
            warn(
                WarningCode::HostNameLength,
                start..start + label.len(),
                Words::Written(format!(
                    "the host name's label {shown:?} has {octets} characters, more than the \
                     {LABEL_MAX} of a DNS label (RFC 1034 §3.5; {section})"
                )),
            );
        }
    }
    let most = name_max(spec);
    if length > most {
        let start = offset_in(text, name);
        let limit = if spec == Spec::Rfc3986 {
            format!("the {most} that {section} allows")
        } else {
            format!("the {most} of a name in DNS (RFC 1034 §3.1; {section})")
        };
        warn(
            WarningCode::HostNameLength,
            start..start + name.len(),
            Words::Written(format!(
                "the host name has {length} characters, more than {limit}"
            )),
        );
    }
}

pub(crate) fn check(url: &Url<'_>) -> Vec<Warning> {
    check_parts(url, Lintable::ALL)
}

/// The warnings of the lints that look at the parts of `url` in `parts`.
fn check_parts(url: &Url<'_>, parts: Lintable) -> Vec<Warning> {
    let text = url.as_str();
    let spec = url.spec();
    let mut warnings = Vec::new();
    let mut warn = |code: WarningCode, span: Range<usize>, words: Words| {
        // Most URLs that warn do so once or twice: room for two, taken at
        // once, costs less than growing an empty list.
        if warnings.capacity() == 0 {
            warnings.reserve_exact(2);
        }
        warnings.push(Warning {
            code,
            spec,
            span,
            words,
            message: OnceLock::new(),
        })
    };

    // Every URL is `scheme ":" ...` (read here without the dispatch of
    // `Url::scheme`).
    if parts.has(Lintable::SCHEME)
        && let scheme = crate::url::schemes::before_colon(text)
        && scheme.bytes().any(|b| b.is_ascii_uppercase())
    {
        let words = Short::new(scheme).map_or_else(
            || Words::written(|out| scheme_case_message(out, scheme, spec)),
            Words::SchemeCase,
        );
        warn(WarningCode::SchemeCase, 0..scheme.len(), words);
    }

    if parts.has(Lintable::HOSTS_AND_PORTS) {
        hosts_and_ports(url, text, spec, &mut warn);
    }

    if parts.has(Lintable::PASSWORD)
        && let Some(login) = match url {
            Url::Ftp(ftp) => Some(ftp.login()),
            Url::Telnet(telnet) => Some(telnet.login()),
            Url::Generic(generic) => generic.ip_schemepart().map(|ip| ip.login()),
            Url::Uri(uri) => match uri.authority_parts() {
                Some(crate::url::rfc2396::uri::Authority::Server(login)) => Some(login),
                _ => None,
            },
            _ => None,
        }
        && let Some(password) = login.password().filter(|password| !password.is_empty())
    {
        let start = offset_in(text, password);
        warn(
            WarningCode::PasswordInUrl,
            start..start + password.len(),
            Words::Password,
        );
    }

    // Every escape, found by memchr: most URLs have none, and then this is
    // the only look at the bytes.
    if parts.has(Lintable::ESCAPES) {
        for at in memchr::memchr_iter(b'%', text.as_bytes()) {
            let (Some(byte), Some(&escape)) = (
                escape_at(text.as_bytes(), at),
                text.as_bytes()
                    .get(at..at + 3)
                    .and_then(|e| <&[u8; 3]>::try_from(e).ok()),
            ) else {
                continue;
            };
            if control_name(byte).is_some()
                && let Some(component) = sent_component(url, at)
            {
                warn(
                    WarningCode::EncodedControl,
                    at..at + 3,
                    Words::EncodedControl { escape, component },
                );
            }
            if needs_no_escape(byte, spec) {
                warn(
                    WarningCode::NeedlessEscape,
                    at..at + 3,
                    Words::NeedlessEscape { escape },
                );
            }
        }
    }
    if warnings.len() > 1 {
        in_url_order(&mut warnings);
    }
    warnings
}

/// The lints that look at the hosts and ports of `url` (whose text is
/// `text`, under `spec`): `ipv4-octet-range`, `host-name-length`,
/// `port-range` and `non-default-port`.
fn hosts_and_ports(
    url: &Url<'_>,
    text: &str,
    spec: Spec,
    warn: &mut impl FnMut(WarningCode, Range<usize>, Words),
) {
    let hostport = url.hostport();
    for (host, port) in hosts(url, hostport) {
        if let Host::Name(name) = host
            && may_be_too_long(name)
        {
            host_name_length(text, name, spec, warn);
        }
        if let Host::Number(number) = host
            && host.octets().is_none()
        {
            warn(
                WarningCode::Ipv4OctetRange,
                offset_in(text, number)..offset_in(text, number) + number.len(),
                Words::written(|out| {
                    write!(
                        out,
                        "the host number {number} has a part above 255, so it is no IP address"
                    )
                }),
            );
        }
        let Some(digits) = port else { continue };
        let span = offset_in(text, digits)..offset_in(text, digits) + digits.len();
        match hostport.as_ref().map(HostPort::port_number) {
            Some(Err(_)) => warn(
                WarningCode::PortRange,
                span,
                Words::written(|out| write!(out, "port {digits} is above 65535")),
            ),
            Some(Ok(Some(port))) => {
                if let Some(default) = url.default_port().filter(|&default| default != port) {
                    // A scheme with a default port is one the crate knows,
                    // whose name is the written scheme in lower case.
                    let words = match url {
                        Url::Ldap(_) => Some("ldap"),
                        _ => url.known_scheme().map(Scheme::name),
                    }
                    .map_or_else(
                        || {
                            let scheme = url.scheme().to_ascii_lowercase();
                            Words::written(|out| {
                                non_default_port_message(out, port, default, &scheme, spec)
                            })
                        },
                        |scheme| Words::NonDefaultPort {
                            port,
                            default,
                            scheme,
                        },
                    );
                    warn(WarningCode::NonDefaultPort, span, words);
                }
            }
            _ => {}
        }
    }
}

/// Sorts `warnings` by where each starts, then by code: apart from
/// [`check`], whose findings are mostly one, so that the sort's code does
/// not weigh on it.
#[cold]
#[inline(never)]
fn in_url_order(warnings: &mut [Warning]) {
    warnings.sort_by_key(|warning| (warning.span.start, warning.code));
}

/// `non-default-port`'s message for `port` in a URL of `scheme` under `spec`.
fn non_default_port_message(
    out: &mut dyn fmt::Write,
    port: u16,
    default: u16,
    scheme: &str,
    spec: Spec,
) -> fmt::Result {
    let reserved = if port < 1024 {
        ", and it is in the reserved range below 1024, where other protocols' servers listen"
    } else {
        ""
    };
    write!(
        out,
        "port {port} is not the {scheme} default {default}{reserved}: a URL can make a client talk to \
         a server of another protocol ({}: {})",
        WarningCode::NonDefaultPort.section_in(spec),
        if spec == Spec::Rfc3986 {
            "a port of 25 has made clients send mail through SMTP servers"
        } else {
            "gopher URLs have made SMTP servers send mail"
        }
    )
}

/// `scheme-case`'s message for `scheme` under `spec`.
fn scheme_case_message(out: &mut dyn fmt::Write, scheme: &str, spec: Spec) -> fmt::Result {
    match spec {
        // RFC 2396 §3.1 and RFC 3986 §3.1 say it in words of their own.
        Spec::Rfc2396 => write!(
            out,
            "the scheme is written {scheme:?}: RFC 2396 says scheme names are lower case, and \"programs interpreting URI should treat upper case letters as equivalent to lower case in scheme names\""
        ),
        Spec::Rfc3986 => write!(
            out,
            "the scheme is written {scheme:?}: RFC 3986 says that the canonical form of a scheme is lower case, and that an implementation \"should only produce lowercase scheme names for consistency\""
        ),
        _ => write!(
            out,
            "the scheme is written {scheme:?}: {} says \"the scheme is in lower case; interpreters should use case-ignore\"",
            spec.title()
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::spec::Spec;

    fn codes(url: &str, spec: Spec) -> Vec<&'static str> {
        Url::parse_with(url, spec)
            .unwrap()
            .warnings()
            .iter()
            .map(|w| w.code().name())
            .collect()
    }

    #[test]
    fn each_lint_fires_on_what_it_names_and_is_silent_on_a_conforming_url() {
        let label = "a".repeat(64);
        let (long, short) = (
            format!("http://{label}.org/"),
            format!("http://{}.org/", &label[1..]),
        );
        let cases: [(&str, &str, &str); 8] = [
            ("scheme-case", "Gopher://h/", "gopher://h/"),
            (
                "non-default-port",
                "gopher://h:25/0mail",
                "gopher://h:70/0mail",
            ),
            (
                "encoded-control",
                "gopher://h/0a%0D%0Ab",
                "gopher://h/0a%20b",
            ),
            ("password-in-url", "ftp://u:secret@h/", "ftp://u@h/"),
            ("needless-escape", "ftp://h/%41", "ftp://h/%2F"),
            ("ipv4-octet-range", "http://256.0.0.1/", "http://255.0.0.1/"),
            ("port-range", "http://h:65536/", "http://h:65535/"),
            ("host-name-length", &long, &short),
        ];
        for (code, fires, silent) in cases {
            assert!(
                codes(fires, Spec::Rfc1738).contains(&code),
                "{code} on {fires}"
            );
            assert!(
                !codes(silent, Spec::Rfc1738).contains(&code),
                "{code} silent on {silent}"
            );
        }
    }

    /// `parse_with_warnings` looks again only at the parts of a URL where
    /// the fast path noted something, and finds there all that every lint
    /// finds: a URL warned in one part, and in several at once.
    #[test]
    fn parse_with_warnings_finds_in_the_parts_noted_all_the_lints_find() {
        let label = "a".repeat(64);
        let long_host = format!("http://{label}.org/");
        let long_host_and_more = format!("http://{label}.org:81/%41");
        let urls = [
            ("Gopher://h/", 1),
            ("gopher://h:25/0mail", 1),
            ("gopher://h/0a%0D%0Ab", 2),
            ("ftp://u:secret@h/", 1),
            ("ftp://h/%41", 1),
            ("http://256.0.0.1/", 1),
            ("http://h:65536/", 1),
            ("FTP://u:pw@h:21/a%41", 3),
            ("telnet://u%0D:pw@h:24/", 3),
            ("X-foo://u:pw@256.1.1.1:0/%0A", 3),
            ("GOPHER://300.0.0.1:71/1%09b%0D", 4),
            ("news:a@256.0.0.1", 1),
            ("file://256.0.0.1/%41", 2),
            (long_host.as_str(), 1),
            (long_host_and_more.as_str(), 3),
        ];
        for spec in [Spec::Rfc1738, Spec::Draft07] {
            for (url, count) in urls {
                let all = Url::parse_with(url, spec).unwrap().warnings();
                let (_, noted) = Url::parse_with_warnings(url, spec).unwrap();
                assert_eq!(noted, all, "{url} under {spec}");
                assert_eq!(all.len(), count, "{url} under {spec}: {all:?}");
            }
        }
    }

    /// Each finding cites the document of the specification the URL was
    /// read by: RFC 1738's sections under it and draft-07, uri(7) and RFC
    /// 2396 under RFC 2396, RFC 3986 under RFC 3986.
    #[test]
    fn findings_cite_the_document_of_their_specification() {
        let url = "FTP://user:secret@h:2121/a%41%0Ab";
        for (spec, document) in [
            (Spec::Rfc1738, "§"),
            (Spec::Draft07, "§"),
            (Spec::Rfc2396, "uri(7)"),
            (Spec::Rfc3986, "RFC 3986 §"),
        ] {
            let warnings = Url::parse_with(url, spec).unwrap().warnings();
            assert_eq!(warnings.len(), 5, "{spec}: {warnings:?}");
            for warning in &warnings {
                let code = warning.code();
                let section = code.section_in(spec);
                let rationale = code.rationale_in(spec);
                assert!(
                    rationale.starts_with(&format!("{section}: \"")),
                    "{spec}: {rationale}"
                );
                if code != WarningCode::SchemeCase {
                    assert!(
                        warning.message().contains(&format!("({section}")),
                        "{spec}: {}",
                        warning.message()
                    );
                    assert!(section.starts_with(document), "{spec}: {section}");
                }
            }
            let scheme_case = &warnings[0];
            assert_eq!(scheme_case.code(), WarningCode::SchemeCase);
            // Only RFC 1738's and draft-07's §5 say "case-ignore".
            assert_eq!(
                scheme_case.message().contains("case-ignore"),
                matches!(spec, Spec::Rfc1738 | Spec::Draft07),
                "{spec}: {}",
                scheme_case.message()
            );
        }
        // The code's own rationale is RFC 1738's, for every code.
        for code in WarningCode::ALL {
            assert_eq!(code.rationale(), code.rationale_in(Spec::Rfc1738), "{code}");
        }
        assert_ne!(
            WarningCode::NeedlessEscape.rationale_in(Spec::Draft07),
            WarningCode::NeedlessEscape.rationale_in(Spec::Rfc1738)
        );
    }

    #[test]
    fn non_default_port_says_when_the_port_is_reserved() {
        let url = Url::parse("gopher://h:25/").unwrap();
        assert!(
            url.warnings()[0]
                .message()
                .contains("reserved range below 1024")
        );
        let url = Url::parse("http://h:8080/").unwrap();
        assert!(!url.warnings()[0].message().contains("reserved"));
        // The default port written out, with leading zeros, is the default.
        assert!(codes("http://h:0080/", Spec::Rfc1738).is_empty());
    }

    #[test]
    fn encoded_control_only_where_the_part_is_sent() {
        assert_eq!(
            codes("ftp://h/a%0Ab/c%00", Spec::Rfc1738),
            ["encoded-control", "encoded-control"]
        );
        assert_eq!(
            codes("telnet://u%0D@h/", Spec::Rfc1738),
            ["encoded-control"]
        );
        // The %09 that separate the parts, and a gopher+ form's CR LF, are no finding.
        assert!(codes("gopher://h/1s%09%09+%091%0D%0A.%0D%0A", Spec::Rfc1738).is_empty());
        // An http path is not sent decoded.
        assert!(codes("http://h/a%0Ab", Spec::Rfc1738).is_empty());
    }

    /// Under RFC 2396, in uri(7)'s forms, whose Security section says what
    /// RFC 1738's §6 says: the same components, each named.
    #[test]
    fn encoded_control_under_rfc2396_names_the_same_components() {
        let found = |url: &str| -> Vec<String> {
            let url = Url::parse_with(url, Spec::Rfc2396).unwrap();
            url.warnings()
                .iter()
                .filter(|w| w.code() == WarningCode::EncodedControl)
                .map(|w| format!("{} {}", &url.as_str()[w.span()], w.message()))
                .collect()
        };
        let named = |url: &str| -> Vec<String> {
            found(url)
                .iter()
                .map(|said| said.split(" holds").next().unwrap_or_default().to_owned())
                .collect()
        };
        assert_eq!(
            named("ftp://u%0D:p%0A@h/a%00/b"),
            [
                "%0D the ftp user",
                "%0A the ftp password",
                "%00 the ftp path segment"
            ]
        );
        assert_eq!(named("telnet://u%0A@h/"), ["%0A the telnet user"]);
        assert_eq!(
            named("gopher://h/1a%0Db%09s%0A%09+%0D%0A"),
            ["%0D the selector", "%0A the search"]
        );
        // The gopher type, the %09 between the parts, the gopher+ string,
        // and the parts of other schemes are no finding.
        assert!(found("gopher://h/%0A").is_empty());
        assert!(found("gopher://h/1s%09%09+%0D%0A").is_empty());
        assert!(found("http://u%0D@h/a%0Ab").is_empty());
        assert!(found("news:a%0Db@h").is_empty());
    }

    #[test]
    fn needless_escape_depends_on_the_spec() {
        assert_eq!(
            codes("http://h/%7Euser", Spec::Draft07),
            ["needless-escape"]
        );
        assert!(codes("http://h/%7Euser", Spec::Rfc1738).is_empty());
        assert!(
            codes("http://h/%3D", Spec::Rfc1738).is_empty(),
            "'=' is reserved"
        );
    }

    /// RFC 1034's limits: 63 characters a label, 255 octets a name with a
    /// length before each label and the root's, so 253 characters without
    /// the final "." (RFC 3986: 255 characters), counted once decoded; every
    /// host a URL names, in every specification; and `parse_with_warnings`,
    /// whose fast path notes a name over 63 characters, finds the same.
    #[test]
    fn host_name_length_counts_labels_and_names_as_dns_does() {
        let label = |n: usize| "a".repeat(n);
        let found = |url: &str, spec: Spec| -> Vec<String> {
            let parsed = Url::parse_with(url, spec).unwrap();
            let warnings = parsed.warnings();
            let (_, checked) = Url::parse_with_warnings(url, spec).unwrap();
            assert_eq!(checked, warnings, "{url} under {spec}");
            warnings
                .iter()
                .filter(|w| w.code() == WarningCode::HostNameLength)
                .map(|w| url[w.span()].to_owned())
                .collect()
        };
        // `n` characters in labels of at most 50, with their dots.
        let name_of = |n: usize| {
            let mut name: Vec<u8> = (1..=n)
                .map(|i| if i % 51 == 0 { b'.' } else { b'a' })
                .collect();
            if name.ends_with(b".") {
                name.swap(n - 1, n - 2);
            }
            String::from_utf8(name).unwrap()
        };
        for spec in Spec::ALL {
            // A label of 64, among others, is named by its span.
            let url = format!("ftp://u@b.{}.c:21/x", label(64));
            assert_eq!(found(&url, spec), [label(64)], "{spec}");
            assert!(found(&format!("ftp://{}/", label(63)), spec).is_empty());
            // The longest name, and one character more, with no label too
            // long.
            let most = if spec == Spec::Rfc3986 { 255 } else { 253 };
            let (full, over) = (name_of(most), name_of(most + 1));
            assert_eq!((full.len(), over.len()), (most, most + 1));
            assert!(found(&format!("http://{full}/"), spec).is_empty(), "{spec}");
            assert_eq!(
                found(&format!("http://{over}/"), spec),
                [over.as_str()],
                "{spec}"
            );
            // Both at once.
            let both = format!("{}.{}", label(64), name_of(300));
            assert_eq!(found(&format!("http://{both}/"), spec).len(), 2, "{spec}");
            // The hosts of a file URL and of a news article.
            assert_eq!(found(&format!("file://{}/x", label(70)), spec).len(), 1);
            let url = format!("news:id@{}.org", label(64));
            assert_eq!(found(&url, spec), [label(64)], "{spec}");
        }
        // RFC 2396's hostname may end in "." (the root, no label).
        assert!(found(&format!("http://{}./", name_of(253)), Spec::Rfc2396).is_empty());
        // RFC 3986's reg-name counts octets: an escape is one, and an escaped
        // '.' separates labels as a '.' does.
        let escaped = format!("http://%41{}/", label(62));
        assert!(found(&escaped, Spec::Rfc3986).is_empty());
        let escaped = format!("http://%41{}/", label(63));
        assert_eq!(
            found(&escaped, Spec::Rfc3986),
            [format!("%41{}", label(63))]
        );
        let dotted = format!("http://{}%2E{}%2e{}/", label(40), label(40), label(40));
        assert!(found(&dotted, Spec::Rfc3986).is_empty());
        // A message names the label, its length and the section of RFC
        // 1034, and the document's.
        let text = format!("http://{}.org/", label(70));
        let url = Url::parse(&text).unwrap();
        assert_eq!(
            url.warnings()[0].message(),
            "the host name's label \"aaaaaaaaaaaaaaaa...\" has 70 characters, more than the 63 \
             of a DNS label (RFC 1034 §3.5; §3.1)"
        );
        let text = format!("http://{}/", name_of(256));
        let url = Url::parse_with(&text, Spec::Rfc3986).unwrap();
        assert_eq!(
            url.warnings()[0].message(),
            "the host name has 256 characters, more than the 255 that RFC 3986 §3.2.2 allows"
        );
    }

    #[test]
    fn the_spans_point_at_the_finding() {
        let url = Url::parse("ftp://u:pw@256.1.1.1:21/%41").unwrap();
        let found: Vec<(&str, &str)> = url
            .warnings()
            .iter()
            .map(|w| (w.code().name(), &url.as_str()[w.span()]))
            .collect();
        assert_eq!(
            found,
            [
                ("password-in-url", "pw"),
                ("ipv4-octet-range", "256.1.1.1"),
                ("needless-escape", "%41")
            ]
        );
    }

    /// A message written when asked is the one `Display` writes, before
    /// and after it is kept; a scheme too long to hold inline is quoted
    /// whole all the same.
    #[test]
    fn a_message_is_the_same_however_it_is_written() {
        for (url, spec, quoted) in [
            ("ABCDEFGHIJKLMNO:x", Spec::Rfc1738, "\"ABCDEFGHIJKLMNO\""),
            ("ABCDEFGHIJKLMNOP:x", Spec::Rfc3986, "\"ABCDEFGHIJKLMNOP\""),
            (
                "http://h:8080/%41%0d",
                Spec::Rfc1738,
                "port 8080 is not the http default 80",
            ),
            (
                "ftp://u%0A:p@h:21/",
                Spec::Draft07,
                "the ftp user holds an encoded LF (%0A)",
            ),
            (
                "http://h/%7e",
                Spec::Rfc3986,
                "%7e is '~', which needs no escape",
            ),
            (
                "http://999.1.1.1/",
                Spec::Rfc2396,
                "the host number 999.1.1.1",
            ),
        ] {
            let warnings = Url::parse_with(url, spec).unwrap().warnings();
            assert!(!warnings.is_empty(), "{url}");
            for warning in &warnings {
                let again = warning.clone();
                let shown = warning.to_string();
                let head = format!("{}[{}]: ", warning.code().severity(), warning.code());
                assert_eq!(shown, format!("{head}{}", warning.message()), "{url}");
                assert_eq!(warning.to_string(), shown);
                assert_eq!(&again, warning);
                assert_eq!(again.message(), warning.message());
            }
            assert!(
                warnings.iter().any(|w| w.message().contains(quoted)),
                "{url}: {warnings:?}"
            );
        }
    }
}
