"""Type stubs of the native module: the library's checks, handing plain
values to the package's Python layer (``rfc1738/__init__.py``), which builds
the typed objects of ``rfc1738._model``."""

from typing import Any, Optional, Union, final

__all__ = [
    "ArrowExport",
    "SPECS",
    "_rust_batch_baseline",
    "check",
    "check_arrow",
    "equivalent",
    "extract",
    "ftp_commands",
    "gopher_request",
    "is_valid",
    "is_valid_arrow",
    "normalize",
    "parse",
    "parse_reference",
    "percent_decode",
    "percent_decode_utf8",
    "resolve",
    "syntax_tree",
    "warnings",
]

_Input = Union[str, bytes, bytearray, memoryview]

SPECS: tuple[str, str, str, str]

@final
class ArrowExport:
    """An array ready to go out once through the Arrow PyCapsule interface:
    ``pyarrow.array(export)`` takes it."""

    def __arrow_c_array__(self, requested_schema: Optional[object] = None) -> tuple[object, object]: ...

def parse(url: _Input, spec: str = "rfc1738") -> dict[str, Any]: ...
def is_valid(url: _Input, spec: str = "rfc1738") -> bool: ...
def check(url: _Input, spec: str = "rfc1738") -> dict[str, Any]: ...
def warnings(url: _Input, spec: str = "rfc1738") -> list[dict[str, Any]]: ...
def normalize(url: _Input, spec: str = "rfc1738") -> str: ...
def equivalent(a: _Input, b: _Input, spec_a: str = "rfc1738", spec_b: str = "rfc1738") -> bool: ...
def parse_reference(reference: _Input, spec: str = ...) -> dict[str, Any]: ...
def resolve(reference: _Input, base: _Input, spec: str = ...) -> str: ...
def extract(text: _Input, spec: str = "rfc1738", any_scheme: bool = False) -> list[dict[str, Any]]: ...
def ftp_commands(
    url: _Input, spec: str = "rfc1738", anonymous_password: str = "", historical: bool = False
) -> list[tuple[str, Optional[bytes]]]: ...
def gopher_request(url: _Input, spec: str = "rfc1738") -> bytes: ...
def syntax_tree(url: _Input, spec: str = "rfc1738") -> tuple[str, str, int, int, tuple[Any, ...]]: ...
def percent_decode(text: str) -> bytes: ...
def percent_decode_utf8(text: str) -> Optional[str]: ...
def check_arrow(
    array: object, spec: str = "rfc1738", threads: Optional[int] = None, advice: bool = True
) -> ArrowExport: ...
def is_valid_arrow(array: object, spec: str = "rfc1738", threads: Optional[int] = None) -> ArrowExport: ...
def _rust_batch_baseline(array: object, spec: str = "rfc1738", kind: str = "check") -> tuple[float, int]: ...
