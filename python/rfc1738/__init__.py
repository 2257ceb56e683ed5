"""Strict parsing and checking of URLs by the BNF of RFC 1738 Section 5, its
draft-ietf-uri-url-07, RFC 2396 as the Linux uri(7) page uses it, and RFC
3986 with the later documents' schemes, with errors in the grammar's terms.

One URL at a time:

>>> import rfc1738
>>> url = rfc1738.parse("ftp://myname@host.dom/%2Fetc/motd")
>>> url.login.user, url.cwd, url.name
('myname', ('%2Fetc',), 'motd')
>>> [str(c) for c in url.commands()]
['USER myname', 'CWD /etc', 'RETR motd']
>>> rfc1738.is_valid("http://host/~user"), rfc1738.is_valid("http://host/~user", "draft07")
(False, True)
>>> result = rfc1738.check("http://user@host/")
>>> result.valid, result.error.offset, result.error.expected[0]
(False, 11, 'hostname')

Many at a time, with no Python object per URL: :func:`check_arrow` and
:func:`is_valid_arrow` take an Arrow string array (pyarrow, or anything with
``__arrow_c_array__``: Polars, DuckDB and DataFusion hand those over) and
check it on all cores with the GIL released. :mod:`rfc1738.spark` wraps
:func:`check_arrow` as a Spark UDF.

The specifications are named ``"rfc1738"`` (the default), ``"draft07"``,
``"rfc2396"`` and ``"rfc3986"``. Offsets are byte offsets in the UTF-8 text, as the Rust crate
and the ``rfc1738`` command give them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Literal, Optional, Union

try:
    from . import _rfc1738
except ImportError as _error:  # the compiled extension is not beside this file
    import os as _os

    _here = _os.path.dirname(_os.path.abspath(__file__))
    if _os.path.exists(_os.path.join(_here, _os.pardir, "pyproject.toml")):
        raise ImportError(
            f"rfc1738's compiled extension is not in {_here}: that is the package's source "
            "tree, which Python imports instead of the installed package when it runs from "
            f"{_os.path.dirname(_here)}. Run Python from another folder, or build the "
            "extension into the source tree with `maturin develop`."
        ) from _error
    raise
from ._model import (
    CheckResult,
    Extracted,
    FileHost,
    FileUrl,
    FtpCommand,
    FtpCommandError,
    FtpUrl,
    GenericUrl,
    GhelpUri,
    GopherPlus,
    GopherRequestError,
    GopherUrl,
    Host,
    HostPort,
    HttpUrl,
    InfoUri,
    IpSchemepart,
    LdapExtension,
    LdapUrl,
    Login,
    MailtoUrl,
    ManUri,
    NewsUrl,
    NntpUrl,
    ParseError,
    PortOutOfRange,
    ProsperoUrl,
    ResolveError,
    # Re-exported by name for annotations; a type, not in `__all__`.
    SpecName as SpecName,
    SyntaxNode,
    TelnetUrl,
    Uri,
    UriRef,
    Url,
    WaisUrl,
    # Re-exported by name, for annotations (`rfc1738.Warning`), but kept out
    # of `__all__`, where `import *` would shadow the built-in Warning.
    Warning as Warning,
    WhatisUri,
    _url_of,
)

if TYPE_CHECKING:  # pragma: no cover
    import pyarrow

def __getattr__(name: str) -> Any:
    """``rfc1738.spark``, imported the first time it is asked for, so that
    ``import rfc1738`` does not import PySpark's wrappers."""
    if name == "spark":
        import importlib

        return importlib.import_module(".spark", __name__)
    raise AttributeError(f"module 'rfc1738' has no attribute {name!r}")


__all__ = [
    "SPECS",
    "CheckResult",
    "Extracted",
    "FileHost",
    "FileUrl",
    "FtpCommand",
    "FtpCommandError",
    "FtpUrl",
    "GenericUrl",
    "GhelpUri",
    "GopherPlus",
    "GopherRequestError",
    "GopherUrl",
    "Host",
    "HostPort",
    "HttpUrl",
    "InfoUri",
    "IpSchemepart",
    "LdapExtension",
    "LdapUrl",
    "Login",
    "MailtoUrl",
    "ManUri",
    "NewsUrl",
    "NntpUrl",
    "ParseError",
    "PortOutOfRange",
    "ProsperoUrl",
    "ResolveError",
    "SyntaxNode",
    "TelnetUrl",
    "Uri",
    "UriRef",
    "Url",
    "WaisUrl",
    "WhatisUri",
    "check",
    "check_arrow",
    "check_arrow_type",
    "equivalent",
    "extract",
    "is_valid",
    "is_valid_arrow",
    "normalize",
    "parse",
    "parse_reference",
    "percent_decode",
    "percent_decode_utf8",
    "resolve",
]

__version__ = "0.1.0"

SPECS: tuple[str, ...] = tuple(_rfc1738.SPECS)
"""The names of the specifications: ``rfc1738``, ``draft07``, ``rfc2396``, ``rfc3986``."""

UrlInput = Union[str, bytes, bytearray, memoryview]


def parse(url: UrlInput, spec: SpecName = "rfc1738") -> Url:
    """Parse ``url`` by the BNF of ``spec`` into the typed view of its scheme:
    :class:`FtpUrl`, :class:`HttpUrl`, :class:`GopherUrl`, :class:`MailtoUrl`,
    :class:`NewsUrl`, :class:`NntpUrl`, :class:`TelnetUrl`, :class:`WaisUrl`,
    :class:`FileUrl`, :class:`ProsperoUrl` or :class:`GenericUrl`; under
    ``rfc2396`` also :class:`Uri`, :class:`ManUri`, :class:`InfoUri`,
    :class:`WhatisUri`, :class:`GhelpUri` and :class:`LdapUrl`; under
    ``rfc3986``, :class:`Uri` for the schemes the later documents do not
    define (http and mailto among them).

    ``url`` is a ``str`` or bytes (bytes that are not UTF-8 are an error where
    they start). Raises :class:`ParseError` when it is not a URL, ``TypeError``
    for anything else, ``ValueError`` for an unknown ``spec``.

    >>> rfc1738.parse("gopher://h/7find%09rfc%201738").request()
    b'find\\trfc 1738\\r\\n'
    """
    return _url_of(_rfc1738.parse(url, spec))


def is_valid(url: UrlInput, spec: SpecName = "rfc1738") -> bool:
    """Whether ``url`` is a URL by ``spec``: the verdict alone, the fastest
    call. Raises ``TypeError`` for what is neither ``str`` nor bytes."""
    return _rfc1738.is_valid(url, spec)


def check(url: UrlInput, spec: SpecName = "rfc1738") -> CheckResult:
    """Check ``url`` as ``rfc1738 check --format json`` does: the verdict, the
    scheme, the :class:`ParseError` (not raised) with offset, line, column,
    expected, message and help, and the conformance warnings of a valid URL.
    ``check(url).to_dict()`` is the command's JSON object (without ``file``
    and ``input_line``)."""
    record = _rfc1738.check(url, spec)
    return CheckResult(
        input=record["input"],
        valid=record["valid"],
        spec=record["spec"],
        scheme=record["scheme"],
        error=record["error"],
        warnings=tuple(Warning(**w) for w in record["warnings"]),
    )


def normalize(url: UrlInput, spec: SpecName = "rfc1738") -> str:
    """The canonical form of ``url`` under ``spec``: scheme and host names in
    lower case, escapes of unreserved characters decoded and the others in
    upper-case hex, the default port dropped. Raises :class:`ParseError`."""
    return _rfc1738.normalize(url, spec)


def equivalent(a: UrlInput, b: UrlInput, spec: SpecName = "rfc1738", spec_b: Union[SpecName, None] = None) -> bool:
    """Whether two URLs mean the same: their canonical forms are equal
    (``b`` read by ``spec_b``, by default ``spec``). Raises :class:`ParseError`."""
    return _rfc1738.equivalent(a, b, spec, spec_b if spec_b is not None else spec)


def parse_reference(reference: UrlInput, spec: Literal["rfc2396", "rfc3986"] = "rfc2396") -> UriRef:
    """Parse a URI reference by RFC 2396 (the default) or RFC 3986, relative
    ones included (``../test.txt``, ``#top``). Raises :class:`ParseError`, and
    ``ValueError`` for a spec without references."""
    return UriRef._of(_rfc1738.parse_reference(reference, spec))


def resolve(
    reference: Union[UrlInput, UriRef],
    base: Union[UrlInput, UriRef],
    spec: Optional[Literal["rfc2396", "rfc3986"]] = None,
) -> str:
    """Resolve ``reference`` against ``base`` by §5.2 of RFC 2396 (the
    default) or RFC 3986, dot segments included. Raises :class:`ParseError`
    when either is no URI reference, and :class:`ResolveError` when ``base``
    is relative, or under RFC 2396 opaque.

    >>> rfc1738.resolve("../g", "http://a/b/c/d;p?q")
    'http://a/b/g'
    >>> rfc1738.resolve("../../../g", "http://a/b/c/d;p?q", "rfc3986")
    'http://a/g'

    Either may be a :class:`UriRef` already parsed; without ``spec``, a
    ``reference`` so parsed resolves by the syntax it was read by, as
    :meth:`UriRef.resolve` does.
    """
    if spec is None:
        spec = reference.spec if isinstance(reference, UriRef) else "rfc2396"
    return _rfc1738.resolve(_text_of(reference), _text_of(base), spec)


def _text_of(reference: Union[UrlInput, UriRef]) -> UrlInput:
    return reference.text if isinstance(reference, UriRef) else reference


def extract(text: UrlInput, spec: SpecName = "rfc1738", any_scheme: bool = False) -> list[Extracted]:
    """Every URL in running text, in order, each checked: in ``<URL:...>`` and
    ``<...>`` (whitespace inside ignored, as RFC 1738's Appendix says), in
    double quotes, and bare (a known scheme, or any with ``any_scheme``)."""
    return [Extracted(**found) for found in _rfc1738.extract(text, spec, any_scheme)]


def percent_decode(text: str) -> bytes:
    """The bytes ``text`` stands for, every ``%XX`` escape decoded: the
    decoded value of any component, which the URL objects give as written.

    >>> rfc1738.percent_decode("%2Fetc%20motd")
    b'/etc motd'
    """
    return _rfc1738.percent_decode(text)


def percent_decode_utf8(text: str) -> Optional[str]:
    """The text ``text`` stands for, when its decoded bytes are UTF-8;
    ``None`` otherwise.

    >>> rfc1738.percent_decode_utf8("caf%C3%A9"), rfc1738.percent_decode_utf8("%FF")
    ('café', None)
    """
    return _rfc1738.percent_decode_utf8(text)


# --------------------------------------------------------------------------
# Arrow


def _pyarrow() -> Any:
    """pyarrow, or an ImportError that says how to have it."""
    try:
        import pyarrow
    except ImportError as error:
        raise ImportError(
            "the Arrow functions of rfc1738 need pyarrow: pip install pyarrow (or the package's [arrow] extra)"
        ) from error
    return pyarrow


def check_arrow_type() -> "pyarrow.StructType":
    """The type of :func:`check_arrow`'s result: a struct of ``valid``
    (bool), ``offset`` (int64), ``rule`` (string, the rule the error is
    filed under), ``expected`` (list of string), ``scheme``
    (string), ``warnings`` (list of string, the codes), ``message``,
    ``help`` and ``fix`` (string), and ``valid_under`` (list of string)."""
    pa = _pyarrow()

    return pa.struct(
        [
            pa.field("valid", pa.bool_()),
            pa.field("offset", pa.int64()),
            pa.field("rule", pa.string()),
            pa.field("expected", pa.list_(pa.string())),
            pa.field("scheme", pa.string()),
            pa.field("warnings", pa.list_(pa.string())),
            pa.field("message", pa.string()),
            pa.field("help", pa.string()),
            pa.field("fix", pa.string()),
            pa.field("valid_under", pa.list_(pa.string())),
        ]
    )


def _arrow_chunks(array: Any) -> "tuple[list[Any], Any]":
    """The arrays to check: ``array`` itself (and ``None``), or the chunks of
    a chunked array or of an Arrow stream (``__arrow_c_stream__``) and the
    chunked array."""
    if hasattr(array, "__arrow_c_array__"):
        return [array], None
    pa = _pyarrow()

    if not isinstance(array, pa.ChunkedArray) and hasattr(array, "__arrow_c_stream__"):
        # Before 16, pyarrow's chunked_array iterates what it does not know
        # (a Polars Series: its strings, character by character).
        if int(pa.__version__.split(".")[0]) < 16:
            raise TypeError(
                f"reading an Arrow stream ({type(array).__name__}) needs pyarrow 16 or later, not {pa.__version__}"
            )
        array = pa.chunked_array(array)
    if isinstance(array, pa.ChunkedArray):
        return list(array.chunks), array
    raise TypeError(
        f"expected an Arrow array (an object with __arrow_c_array__ or __arrow_c_stream__), not {type(array).__name__}"
    )


def _threads(threads: Union[int, None]) -> Union[int, None]:
    if threads is not None and (not isinstance(threads, int) or isinstance(threads, bool) or threads < 1):
        raise ValueError(f"threads must be a positive int or None, not {threads!r}")
    return threads


def _by_chunks(
    native: Callable[[Any, str, Union[int, None]], Any],
    array: Any,
    spec: str,
    threads: Union[int, None],
    result_type: Callable[[], Any],
) -> Any:
    """``native`` over ``array``: one array for an array, a chunked array of
    the same chunks (of ``result_type()``) for a chunked array or a stream."""
    pa = _pyarrow()
    # Checked before the chunks, of which there may be none.
    spec = _rfc1738.spec_name(spec)
    threads = _threads(threads)
    chunks, chunked = _arrow_chunks(array)
    results = [pa.array(native(chunk, spec, threads)) for chunk in chunks]
    if chunked is None:
        return results[0]
    return pa.chunked_array(results, type=result_type())


def check_arrow(
    array: Any,
    spec: SpecName = "rfc1738",
    *,
    threads: Union[int, None] = None,
    advice: bool = True,
) -> "Union[pyarrow.StructArray, pyarrow.ChunkedArray]":
    """Check every URL of an Arrow string array, in parallel on all cores
    with the GIL released, without a Python object per URL.

    ``array`` is a ``pyarrow`` array of ``string``, ``large_string``,
    ``string_view``, ``binary`` (bytes that need not be UTF-8), or a
    dictionary of them (each distinct value checked once), or anything with
    ``__arrow_c_array__``.

    The result is a ``pyarrow.StructArray`` of the same length (see
    :func:`check_arrow_type`), row by row what :func:`check` says: ``valid``;
    for an invalid URL ``offset``, ``rule`` (the rule the error is filed
    under), ``expected`` (the names), ``message``,
    ``help``, ``fix`` (null where there is none) and ``valid_under`` (the
    other specifications that take it), null for a valid one; ``scheme``; ``warnings``, the codes of a valid
    URL's warnings (empty for an invalid one). A null stays a null.

    A chunked array, or an Arrow stream (``__arrow_c_stream__``, such as a
    Polars ``Series``), is checked chunk by chunk, into a
    ``pyarrow.ChunkedArray`` of the same chunks, as ``pyarrow.compute``
    does: no copy, and no limit on the size of the whole. One array's
    string fields hold at most 2 GiB of text (the messages of some ten
    million invalid URLs): past that, a ``ValueError`` says to check it in
    chunks.

    ``threads`` limits the work to that many threads (all cores without it):
    ``threads=1`` suits an engine that already runs one task per core, as
    Spark does.

    ``advice=False`` leaves ``help``, ``fix`` and ``valid_under`` null: they
    cost an invalid URL more than its parse and its message (a fix is tried
    against the grammar), so a batch that counts or filters invalid URLs
    goes faster without them. Every other field is the same.
    """
    if not isinstance(advice, bool):
        raise TypeError(f"advice must be a bool, not {type(advice).__name__}")

    def native(chunk: Any, spec: str, threads: Union[int, None]) -> Any:
        return _rfc1738.check_arrow(chunk, spec, threads, advice)

    return _by_chunks(native, array, spec, threads, check_arrow_type)


def is_valid_arrow(
    array: Any, spec: SpecName = "rfc1738", *, threads: Union[int, None] = None
) -> "Union[pyarrow.BooleanArray, pyarrow.ChunkedArray]":
    """The verdict for every URL of an Arrow string array (as
    :func:`check_arrow` takes it), as a ``pyarrow.BooleanArray``: null for
    null (a ``pyarrow.ChunkedArray`` of the same chunks for a chunked array)."""
    return _by_chunks(_rfc1738.is_valid_arrow, array, spec, threads, lambda: _pyarrow().bool_())
