"""The typed, read-only objects and the exceptions of the package.

Every URL class holds its components as written (escapes not decoded),
exactly as the Rust crate's typed views give them; ``decoded`` parts are
named so. The objects are built by the native module from one parse, and
compare equal when they were read into the same components.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from dataclasses import fields as dataclass_fields
from typing import Any, Callable, ClassVar, Literal, Mapping, Optional, Union

from . import _rfc1738

SpecName = Literal["rfc1738", "draft07", "rfc2396", "rfc3986"]


# --------------------------------------------------------------------------
# Exceptions


class ParseError(ValueError):
    """The input is not a URL (or URI reference) under the specification.

    ``str(error)`` is one line: what was judged, by which specification, and
    the message. The fields are those of the Rust ``ParseError`` and of the
    ``error`` object of ``rfc1738 check --format json``:

    - ``offset``: the byte offset (in the UTF-8 text) of the first byte at
      which the input leaves the language;
    - ``line``, ``column``: where that is, from 1; the column counts
      characters, so for a one-line ``str`` ``column - 1`` is its index;
    - ``rule``: the grammar rule the error is filed under, as the command's
      ``error[...]`` names it: the first rule expected, else the scheme's
      own rule, ``EOI`` where only the end was expected, ``nesting-limit``;
    - ``expected``: the names of what the grammar would have taken there:
      BNF rule names, literals in double quotes, ``EOI`` for the end;
    - ``expected_items``: the same as ``(kind, text)`` pairs, ``kind`` one
      of ``rule``, ``literal`` or ``end``;
    - ``message``: ``expected ..., found ...`` in words;
    - ``help``: what to do about it in words (and what a fix removes, and
      the specifications that take the input), or ``None``;
    - ``fix``: the input rewritten so that the same specification takes it
      (an escape, a host in punycode, whitespace or brackets removed, a
      fragment set apart), checked by the grammar; ``None`` where no repair
      makes it valid;
    - ``valid_under``: the names of the other specifications that take the
      input as it is, read the same way;
    - ``scheme``: the known scheme whose rule judged the input, or ``None``
      for the generic form;
    - ``written_scheme``: the scheme as the input writes it, known or not
      (``https`` of ``https://h/#x`` under RFC 1738), as the specification's
      ``scheme`` reads it; ``None`` where the input starts with none;
    - ``spec``: the specification's name; ``input``: the input (bytes that
      are not UTF-8 shown as U+FFFD);
    - ``found``: the character found (a ``str``), the byte that is not
      UTF-8 (an ``int``), or ``None`` for the end of the input;
    - ``nesting_limit``: the reader stopped at its nesting limit, so the
      input may be valid.
    """

    input: str
    spec: str
    scheme: Optional[str]
    written_scheme: Optional[str]
    offset: int
    line: int
    column: int
    rule: str
    expected: tuple[str, ...]
    expected_items: tuple[tuple[str, str], ...]
    message: str
    help: Optional[str]
    fix: Optional[str]
    valid_under: tuple[str, ...]
    found: Union[str, int, None]
    nesting_limit: bool

    def __init__(
        self,
        summary: str,
        *,
        input: str,
        spec: str,
        scheme: Optional[str],
        offset: int,
        line: int,
        column: int,
        expected: tuple[str, ...],
        expected_items: tuple[tuple[str, str], ...],
        message: str,
        help: Optional[str],
        found: Union[str, int, None],
        nesting_limit: bool,
        fix: Optional[str] = None,
        valid_under: tuple[str, ...] = (),
        rule: str = "",
        written_scheme: Optional[str] = None,
    ) -> None:
        super().__init__(summary)
        self.input = input
        self.spec = spec
        self.scheme = scheme
        self.written_scheme = written_scheme
        self.offset = offset
        self.line = line
        self.column = column
        self.rule = rule
        self.expected = tuple(expected)
        self.expected_items = tuple(tuple(item) for item in expected_items)  # type: ignore[misc]
        self.message = message
        self.help = help
        self.fix = fix
        self.valid_under = tuple(valid_under)
        self.found = found
        self.nesting_limit = nesting_limit

    def __reduce__(self) -> Any:
        return (_rebuild_parse_error, (str(self), self.__dict__.copy()))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ParseError):
            return NotImplemented
        return str(self) == str(other) and self.__dict__ == other.__dict__

    def __hash__(self) -> int:
        # Of what `__eq__` compares, so that equal errors hash equal.
        return hash((str(self), self.input, self.spec, self.offset, self.rule))

    def to_dict(self) -> dict[str, Any]:
        """The ``error`` object of ``rfc1738 check --format json``."""
        return {
            "offset": self.offset,
            "line": self.line,
            "column": self.column,
            "rule": self.rule,
            "expected": list(self.expected),
            "expected_items": [{"kind": kind, "text": text} for kind, text in self.expected_items],
            "message": self.message,
            "help": self.help,
            **({"fix": self.fix} if self.fix is not None else {}),
            "valid_under": list(self.valid_under),
        }


def _rebuild_parse_error(summary: str, fields: dict[str, Any]) -> ParseError:
    return ParseError(summary, **fields)


class ResolveError(ValueError):
    """A reference cannot be resolved against the base: the base is itself a
    relative reference, or an opaque URI such as ``mailto:a@b``."""


class FtpCommandError(ValueError):
    """A decoded argument of an ftp URL holds CR or LF, which would end the
    FTP command line (RFC 1738 §6)."""


class GopherRequestError(ValueError):
    """A decoded gopher selector or search holds TAB, CR or LF, which a
    gopher request cannot carry (RFC 4266 §2.1)."""


class PortOutOfRange(ValueError):
    """A port written above 65535, which no TCP port is."""


# --------------------------------------------------------------------------
# Parts shared by several schemes



@dataclass(frozen=True, slots=True, kw_only=True)
class Host:
    """A ``host``: a host name, a host number (``hostnumber``), or under
    ``rfc3986`` an IP literal."""

    kind: Literal["name", "number", "ipv6", "ipvfuture"]
    """``name``, ``number``; under ``rfc3986``, ``ipv6`` or ``ipvfuture``."""
    text: str
    """The host as written (an IP literal with its brackets)."""
    octets: Optional[tuple[int, int, int, int]]
    """A host number's four octets, when each part is at most 255."""

    def __str__(self) -> str:
        return self.text

    @classmethod
    def _of(cls, d: Mapping[str, Any]) -> "Host":
        octets = d["octets"]
        return cls(kind=d["kind"], text=d["text"], octets=tuple(octets) if octets is not None else None)


@dataclass(frozen=True, slots=True, kw_only=True)
class HostPort:
    """``hostport = host [ ":" port ]``."""

    host: Host
    port: Optional[str]
    """The port as written (``""`` for ``host:``), or ``None``."""

    def port_number(self) -> Optional[int]:
        """The written port as a number: ``None`` without one (or an empty
        one), :class:`PortOutOfRange` above 65535."""
        if not self.port:
            return None
        number = int(self.port)
        if number > 65535:
            raise PortOutOfRange(f"port {self.port} is above 65535")
        return number

    @classmethod
    def _of(cls, d: Optional[Mapping[str, Any]]) -> Optional["HostPort"]:
        if d is None:
            return None
        return cls(host=Host._of(d["host"]), port=d["port"])


@dataclass(frozen=True, slots=True, kw_only=True)
class Login:
    """``login = [ user [ ":" password ] "@" ] hostport``."""

    user: Optional[str]
    password: Optional[str]
    hostport: HostPort

    @property
    def host(self) -> Host:
        return self.hostport.host

    @property
    def port(self) -> Optional[str]:
        return self.hostport.port

    @classmethod
    def _of(cls, d: Optional[Mapping[str, Any]]) -> Optional["Login"]:
        if d is None:
            return None
        return cls(user=d["user"], password=d["password"], hostport=HostPort._of(d["hostport"]))  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True, kw_only=True)
class Warning:
    """A finding that does not make a URL invalid, with a stable ``code``
    (``scheme-case``, ``non-default-port``, ``encoded-control``,
    ``password-in-url``, ``needless-escape``, ``ipv4-octet-range``,
    ``port-range``, ``host-name-length``)."""

    code: str
    message: str
    offset: int
    """The byte offset of what it is about."""
    end: int
    """Where that ends."""
    severity: Literal["note", "warning"]

    def to_dict(self) -> dict[str, Any]:
        """The object of ``warnings`` in ``rfc1738 check --format json``."""
        return {"code": self.code, "message": self.message, "offset": self.offset}


@dataclass(frozen=True, slots=True, kw_only=True)
class SyntaxNode:
    """A node of the parse: the grammar's rule, the text it matched, the
    byte span, and the rules inside it."""

    rule: str
    text: str
    start: int
    end: int
    children: tuple["SyntaxNode", ...]

    def walk(self) -> "list[tuple[int, SyntaxNode]]":
        """Every node with its depth, in document order."""
        out: list[tuple[int, SyntaxNode]] = []
        stack: list[tuple[int, SyntaxNode]] = [(0, self)]
        while stack:
            depth, node = stack.pop()
            out.append((depth, node))
            stack.extend((depth + 1, child) for child in reversed(node.children))
        return out

    @classmethod
    def _of(cls, t: tuple[Any, ...]) -> "SyntaxNode":
        rule, text, start, end, children = t
        return cls(rule=rule, text=text, start=start, end=end, children=tuple(cls._of(c) for c in children))


# --------------------------------------------------------------------------
# URI references (RFC 2396 and RFC 3986)


@dataclass(frozen=True, slots=True, kw_only=True)
class UriRef:
    """A URI reference, its components as written: by RFC 2396,
    ``[ absoluteURI | relativeURI ] [ "#" fragment ]``, or by RFC 3986,
    ``URI / relative-ref``."""

    text: str
    spec: Literal["rfc2396", "rfc3986"]
    """The syntax it was read by, and resolves by."""
    scheme: Optional[str]
    """The scheme, for an absolute URI (in the case written)."""
    authority: Optional[str]
    """The authority after ``//`` (empty in ``file:///etc/passwd``)."""
    authority_kind: Optional[Literal["server", "empty", "reg_name"]]
    server: Optional[Login]
    """The authority read as ``[ user [ ":" password ] "@" ] hostport``."""
    reg_name: Optional[str]
    """The authority, when it is a registry-based name."""
    path: str
    opaque: bool
    """``scheme ":" opaque_part`` (``mailto:a@b``): no hierarchy."""
    query: Optional[str]
    fragment: Optional[str]

    @property
    def is_relative(self) -> bool:
        return self.scheme is None

    @property
    def without_fragment(self) -> str:
        if self.fragment is None:
            return self.text
        return self.text[: len(self.text) - len(self.fragment) - 1]

    def __str__(self) -> str:
        return self.text

    def resolve(self, base: Union[str, "UriRef"]) -> str:
        """This reference resolved against ``base`` by §5.2 of the syntax it
        was read by (RFC 2396 or RFC 3986), ``base`` read by it too."""
        return _rfc1738.resolve(self.text, str(base), self.spec)

    @classmethod
    def _of(cls, d: Mapping[str, Any]) -> "UriRef":
        return cls(
            text=d["text"],
            spec=d["spec"],
            scheme=d["scheme"],
            authority=d["authority"],
            authority_kind=d["authority_kind"],
            server=Login._of(d["server"]),
            reg_name=d["reg_name"],
            path=d["path"],
            opaque=d["opaque"],
            query=d["query"],
            fragment=d["fragment"],
        )


# --------------------------------------------------------------------------
# URLs


@dataclass(frozen=True, slots=True, kw_only=True)
class Url:
    """A URL that conforms to its specification: the base of every scheme's
    class. ``str(url)`` is the URL as written."""

    kind: ClassVar[str] = ""
    text: str
    """The whole URL, as written."""
    spec: SpecName
    """The specification it was parsed by."""
    scheme: str
    """The scheme as written (in any case)."""
    known_scheme: Optional[str]
    """The known scheme whose rule judged it, or ``None`` (generic form)."""
    fragment: Optional[str]
    """The fragment after ``#``, under RFC 2396 and RFC 3986; ``None`` under
    RFC 1738 and draft-07, whose URLs have none."""
    hostport: Optional[HostPort]
    """The host and port, for the schemes whose rule has one."""
    default_port: Optional[int]
    """The port the scheme defaults to."""
    port_or_default: Optional[int]
    """The written port, or else the default; ``None`` for neither or a
    port above 65535."""

    def __str__(self) -> str:
        return self.text

    def normalize(self) -> str:
        """The canonical form under the URL's own specification."""
        return _rfc1738.normalize(self.text, self.spec)

    def equivalent(self, other: Union["Url", str, bytes, bytearray, memoryview]) -> bool:
        """Whether the two URLs mean the same (equal canonical forms); a
        URL given as text or bytes is read by this URL's specification."""
        if isinstance(other, Url):
            return _rfc1738.equivalent(self.text, other.text, self.spec, other.spec)
        return _rfc1738.equivalent(self.text, other, self.spec, self.spec)

    def warnings(self) -> list[Warning]:
        """Conformance warnings: what the specification says not to do, although
        its grammar allows it."""
        return [Warning(**w) for w in _rfc1738.warnings(self.text, self.spec)]

    def syntax_tree(self) -> SyntaxNode:
        """The parse as a tree of the grammar's named rules: the URL's, without
        the fragment where the grammar reads it after the URL (RFC 2396, the
        later documents' schemes under RFC 3986); ``fragment`` holds it, and
        ``syntax_trees`` gives its tree too."""
        return SyntaxNode._of(_rfc1738.syntax_tree(self.text, self.spec))

    def syntax_trees(self) -> list[SyntaxNode]:
        """Every tree of the parse, in the order of the text: the URL's, then
        the fragment's where the grammar reads it after the URL.

        >>> url = rfc1738.parse("http://h/a#top", spec="rfc2396")
        >>> [(tree.rule, tree.text) for tree in url.syntax_trees()]
        [('http-uri', 'http://h/a'), ('fragment', 'top')]
        """
        return [SyntaxNode._of(tree) for tree in _rfc1738.syntax_trees(self.text, self.spec)]

    @classmethod
    def _common(cls, d: Mapping[str, Any]) -> dict[str, Any]:
        return {
            "text": d["text"],
            "spec": d["spec"],
            "scheme": d["scheme"],
            "known_scheme": d["known_scheme"],
            "fragment": d["fragment"],
            "hostport": HostPort._of(d["hostport"]),
            "default_port": d["default_port"],
            "port_or_default": d["port_or_default"],
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class FtpCommand:
    """One FTP command: a verb and its argument, decoded."""

    verb: str
    """``USER``, ``PASS``, ``CWD``, ``TYPE``, ``RETR`` or ``NLST``."""
    argument: Optional[bytes]

    def to_bytes(self) -> bytes:
        """The command line as sent, without the closing CR LF."""
        if self.argument is None:
            return self.verb.encode()
        return self.verb.encode() + b" " + self.argument

    def __str__(self) -> str:
        return self.to_bytes().decode("utf-8", "replace")


@dataclass(frozen=True, slots=True, kw_only=True)
class FtpUrl(Url):
    """``ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]`` (RFC 1738 §3.2)."""

    kind: ClassVar[str] = "ftp"
    login: Login
    path: Optional[str]
    """``fpath`` as written."""
    segments: tuple[str, ...]
    """Every ``fsegment``: the directories, then the name."""
    cwd: tuple[str, ...]
    """The directory segments, as written."""
    name: Optional[str]
    """The last segment, the file name."""
    typecode: Optional[str]
    """The ``ftptype`` after ``;type=``."""

    def commands(self, anonymous_password: str = "", cwd_style: Literal["rfc1738", "historical"] = "rfc1738") -> list[FtpCommand]:
        """The FTP commands that retrieve what the URL names (RFC 1738 §3.2):
        ``USER`` and ``PASS``, one ``CWD`` per directory (decoded), ``TYPE``,
        then ``RETR`` or ``NLST``. ``cwd_style="historical"`` puts a "/" before
        the first directory, as most clients do. Raises
        :class:`FtpCommandError` for an argument that decodes to CR or LF."""
        if cwd_style not in ("rfc1738", "historical"):
            raise ValueError(f"unknown cwd_style {cwd_style!r}: expected 'rfc1738' or 'historical'")
        pairs = _rfc1738.ftp_commands(self.text, self.spec, anonymous_password, cwd_style == "historical")
        return [FtpCommand(verb=verb, argument=argument) for verb, argument in pairs]


@dataclass(frozen=True, slots=True, kw_only=True)
class HttpUrl(Url):
    """``httpurl = "http://" hostport [ "/" hpath [ "?" search ]]`` (RFC 1738 §3.3)."""

    kind: ClassVar[str] = "http"
    path: Optional[str]
    segments: tuple[str, ...]
    search: Optional[str]


@dataclass(frozen=True, slots=True, kw_only=True)
class GopherPlus:
    """What a gopher+ string asks for, decoded (RFC 1738 §3.4, RFC 4266)."""

    kind: Literal["default-view", "ask", "attributes", "alternate-view", "form", "other"]
    all_items: Optional[bool]
    """For ``attributes``: ``$`` (every item of the directory) rather than ``!``."""
    names: tuple[bytes, ...]
    """For ``attributes``: the attribute names (none: all)."""
    view: Optional[bytes]
    language: Optional[bytes]
    values: tuple[bytes, ...]
    """For ``form``: the values of the filled-in +ASK form."""
    text: Optional[bytes]
    """For ``other``: the string, decoded."""


@dataclass(frozen=True, slots=True, kw_only=True)
class GopherUrl(Url):
    """``gopherurl`` (RFC 1738 §3.4): item type, selector, search and
    gopher+ string, split at ``%09``."""

    kind: ClassVar[str] = "gopher"
    path: Optional[str]
    gtype: Optional[str]
    selector: Optional[str]
    search: Optional[str]
    gopher_plus: Optional[str]
    item_type: str
    """The item type, decoded: ``gtype``, or ``1`` for an empty path (one
    character, the byte read as Latin-1)."""
    gopher_plus_request: Optional[GopherPlus]

    def request(self) -> bytes:
        """The bytes a client sends: selector, TAB and search, TAB and
        gopher+ string, CR LF, decoded. Raises :class:`GopherRequestError`
        when the selector or search decodes to TAB, CR or LF."""
        return _rfc1738.gopher_request(self.text, self.spec)


@dataclass(frozen=True, slots=True, kw_only=True)
class MailtoUrl(Url):
    """``mailtourl = "mailto:" encoded822addr`` (RFC 1738 §3.5)."""

    kind: ClassVar[str] = "mailto"
    address: str


@dataclass(frozen=True, slots=True, kw_only=True)
class NewsUrl(Url):
    """``newsurl = "news:" grouppart`` (RFC 1738 §3.6)."""

    kind: ClassVar[str] = "news"
    grouppart: Literal["all", "group", "article"]
    group: Optional[str]
    unique: Optional[str]
    """An article's part before ``@``."""
    host: Optional[Host]
    """An article's host after ``@``."""


@dataclass(frozen=True, slots=True, kw_only=True)
class NntpUrl(Url):
    """``nntpurl = "nntp://" hostport "/" group [ "/" digits ]`` (RFC 1738 §3.7)."""

    kind: ClassVar[str] = "nntp"
    group: str
    article: Optional[str]


@dataclass(frozen=True, slots=True, kw_only=True)
class TelnetUrl(Url):
    """``telneturl = "telnet://" login [ "/" ]`` (RFC 1738 §3.8)."""

    kind: ClassVar[str] = "telnet"
    login: Login
    has_trailing_slash: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class WaisUrl(Url):
    """``waisurl = waisdatabase | waisindex | waisdoc`` (RFC 1738 §3.9)."""

    kind: ClassVar[str] = "wais"
    database: str
    form: Literal["database", "index", "document"]
    search: Optional[str]
    wtype: Optional[str]
    wpath: Optional[str]


@dataclass(frozen=True, slots=True, kw_only=True)
class FileHost:
    """The host of a file URL: ``absent`` (``file:///``), ``localhost``, or a ``host``."""

    kind: Literal["absent", "localhost", "host"]
    text: Optional[str]
    host: Optional[Host]

    @property
    def is_this_machine(self) -> bool:
        """No host, or ``localhost``: the machine the URL is read on."""
        return self.kind != "host"


@dataclass(frozen=True, slots=True, kw_only=True)
class FileUrl(Url):
    """``fileurl`` (RFC 1738 §3.10)."""

    kind: ClassVar[str] = "file"
    host: FileHost
    path: Optional[str]
    segments: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class ProsperoUrl(Url):
    """``prosperourl = "prospero://" hostport "/" ppath *[ fieldspec ]`` (RFC 1738 §3.11)."""

    kind: ClassVar[str] = "prospero"
    path: str
    segments: tuple[str, ...]
    fields: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class IpSchemepart:
    """``ip-schemepart = "//" login [ "/" urlpath ]``."""

    login: Login
    urlpath: Optional[str]


@dataclass(frozen=True, slots=True, kw_only=True)
class GenericUrl(Url):
    """A URL of any other scheme: ``genericurl = scheme ":" schemepart``."""

    kind: ClassVar[str] = "generic"
    schemepart: str
    ip_schemepart: Optional[IpSchemepart]


@dataclass(frozen=True, slots=True, kw_only=True)
class Uri(Url):
    """An RFC 2396 absolute URI of a scheme that uri(7) gives no form of its
    own (or its http, ftp, gopher, mailto, news, telnet, file and wais forms)."""

    kind: ClassVar[str] = "uri"
    reference: UriRef

    @property
    def authority(self) -> Optional[str]:
        return self.reference.authority

    @property
    def path(self) -> str:
        return self.reference.path

    @property
    def query(self) -> Optional[str]:
        return self.reference.query


@dataclass(frozen=True, slots=True, kw_only=True)
class ManUri(Url):
    """``man:`` (uri(7))."""

    kind: ClassVar[str] = "man"
    name: Optional[str]
    decoded_name: Optional[str]
    section: Optional[str]
    is_index: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class InfoUri(Url):
    """``info:`` (uri(7)), in its GNOME or KDE form."""

    kind: ClassVar[str] = "info"
    form: Literal["gnome", "kde"]
    file: str
    node: Optional[str]
    node_name: str


@dataclass(frozen=True, slots=True, kw_only=True)
class WhatisUri(Url):
    """``whatis:`` (uri(7))."""

    kind: ClassVar[str] = "whatis"
    string: str
    decoded_string: str


@dataclass(frozen=True, slots=True, kw_only=True)
class GhelpUri(Url):
    """``ghelp:`` (uri(7))."""

    kind: ClassVar[str] = "ghelp"
    application: str


@dataclass(frozen=True, slots=True, kw_only=True)
class LdapExtension:
    """One extension of an LDAP URL: ``["!"] extype ["=" exvalue]``."""

    critical: bool
    extype: str
    value: Optional[str]
    decoded_value: Optional[str]


@dataclass(frozen=True, slots=True, kw_only=True)
class LdapUrl(Url):
    """``ldap:`` (RFC 2255, as uri(7) cites it)."""

    kind: ClassVar[str] = "ldap"
    DEFAULT_FILTER: ClassVar[str] = "(objectClass=*)"
    dn: Optional[str]
    decoded_dn: str
    attributes: tuple[str, ...]
    scope: Literal["base", "one", "sub"]
    filter: Optional[str]
    decoded_filter: str
    extensions: tuple[LdapExtension, ...]


def _optional(read: Callable[[Any], Any]) -> Callable[[Any], Any]:
    return lambda value: None if value is None else read(value)


def _file_host(host: Mapping[str, Any]) -> FileHost:
    named = host["host"]
    return FileHost(kind=host["kind"], text=host["text"], host=Host._of(named) if named is not None else None)


def _ip_schemepart(part: Mapping[str, Any]) -> IpSchemepart:
    return IpSchemepart(login=Login._of(part["login"]), urlpath=part["urlpath"])  # type: ignore[arg-type]


# The fields of a class that the native dict holds as nested dicts, and how
# each is read; every other field is the dict's value of the same name.
_READ_FIELD: dict[type[Url], dict[str, Callable[[Any], Any]]] = {
    FtpUrl: {"login": Login._of},
    GopherUrl: {"gopher_plus_request": _optional(lambda plus: GopherPlus(**plus))},
    NewsUrl: {"host": _optional(Host._of)},
    TelnetUrl: {"login": Login._of},
    FileUrl: {"host": _file_host},
    GenericUrl: {"ip_schemepart": _optional(_ip_schemepart)},
    Uri: {"reference": UriRef._of},
    LdapUrl: {"extensions": lambda extensions: tuple(LdapExtension(**e) for e in extensions)},
}

_COMMON_FIELDS = frozenset(f.name for f in dataclass_fields(Url))


def _readers(cls: type[Url]) -> tuple[type[Url], tuple[tuple[str, Optional[Callable[[Any], Any]]], ...]]:
    read = _READ_FIELD.get(cls, {})
    own = tuple((f.name, read.get(f.name)) for f in dataclass_fields(cls) if f.name not in _COMMON_FIELDS)
    unknown = set(read) - {name for name, _ in own}
    if unknown:  # pragma: no cover
        raise TypeError(f"{cls.__name__} has no fields {sorted(unknown)}")
    return cls, own


# The registry of URL classes, by the ``kind`` the native module gives: a
# new class is one line here, and its fields are read by name.
_URL_CLASSES: dict[str, tuple[type[Url], tuple[tuple[str, Optional[Callable[[Any], Any]]], ...]]] = {
    cls.kind: _readers(cls)
    for cls in (
        FtpUrl,
        HttpUrl,
        GopherUrl,
        MailtoUrl,
        NewsUrl,
        NntpUrl,
        TelnetUrl,
        WaisUrl,
        FileUrl,
        ProsperoUrl,
        GenericUrl,
        Uri,
        ManUri,
        InfoUri,
        WhatisUri,
        GhelpUri,
        LdapUrl,
    )
}


def _url_of(d: Mapping[str, Any]) -> Url:
    """The typed view of a URL from the native module's dict."""
    kind = d["kind"]
    try:
        cls, own = _URL_CLASSES[kind]
    except KeyError:  # pragma: no cover
        raise AssertionError(f"a URL of an unknown kind {kind!r}") from None
    values = Url._common(d)
    for name, read in own:
        values[name] = d[name] if read is None else read(d[name])
    return cls(**values)


# --------------------------------------------------------------------------
# Results of check and extract


@dataclass(frozen=True, slots=True, kw_only=True)
class CheckResult:
    """One checked input, as ``rfc1738 check --format json`` reports it."""

    input: str
    """The input (bytes that are not UTF-8 shown as U+FFFD)."""
    valid: bool
    spec: SpecName
    scheme: Optional[str]
    """For a valid URL its known scheme, or its generic scheme in lower case;
    for an invalid one the known scheme whose rule judged it, else the scheme
    it writes in lower case, or ``None`` where it writes none."""
    error: Optional[ParseError] = field(compare=False)
    """Why it is not valid (not raised), or ``None``."""
    warnings: tuple[Warning, ...]

    def __bool__(self) -> bool:
        return self.valid

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, CheckResult):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    def __hash__(self) -> int:
        # Of part of what `__eq__` compares, so that equal results hash equal.
        return hash((self.input, self.valid, self.spec, self.scheme))

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of ``rfc1738 check --format json``, without its
        ``file`` and ``input_line`` (where a line of input came from) and
        ``denied`` (the command's ``--deny``, which ``check`` does not take)."""
        return {
            "input": self.input,
            "valid": self.valid,
            "spec": self.spec,
            "scheme": self.scheme,
            "error": self.error.to_dict() if self.error is not None else None,
            "warnings": [warning.to_dict() for warning in self.warnings],
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class Extracted:
    """A URL found in running text."""

    url: str
    """The URL, without ``URL:``, the brackets and the whitespace inside them."""
    raw: str
    """The text as it stood, delimiters included."""
    start: int
    end: int
    """The span of ``raw`` in the text: in bytes of its UTF-8 for a ``str``,
    in the bytes given for ``bytes`` (where a U+FFFD of ``raw`` spans the
    bytes that are not UTF-8 it stands for)."""
    line: int
    column: int
    delimiter: Literal["url-prefix", "angle-brackets", "quotes", "bare"]
    alternative: Optional[str]
    """The other reading, when a line break after a hyphen leaves it open."""
    fragment: Optional[str]
    """A fragment after ``#``, kept apart under RFC 1738 and draft-07."""
    valid: bool
    error: Optional[ParseError] = field(compare=False)
