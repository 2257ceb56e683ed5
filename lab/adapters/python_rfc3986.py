# Adapter for the PyPI package rfc3986 (2.0.0) (see PROTOCOL.md).
# Valid: rfc3986.uri_reference(input) then the package's Validator, requiring
# a scheme and checking all seven components, raises nothing.
import json
import sys

try:
    import rfc3986
    from rfc3986 import validators
except ImportError as e:
    sys.stderr.write("python_rfc3986.py: cannot import rfc3986 (%s); "
                     "install it with: pip install rfc3986==2.0.0\n" % e)
    sys.exit(3)

COMPONENTS = ("scheme", "userinfo", "host", "port", "path", "query", "fragment")


def answer(s):
    # Validator is the package's documented validation API since 1.0
    # (URIReference.is_valid is deprecated); check_validity_of on all seven is
    # its strictest setting. uri_reference itself never refuses: it splits
    # with a lax regex and percent-encodes what path, query and fragment may
    # not hold, so those three are validated (and reported) encoded.
    try:
        ref = rfc3986.uri_reference(s)
        validators.Validator().require_presence_of("scheme") \
            .check_validity_of(*COMPONENTS).validate(ref)
        info = ref.authority_info()
    except Exception as e:
        known = isinstance(e, rfc3986.exceptions.RFC3986Exception)
        msg = e.args[0] if known and isinstance(e.args[0], str) else str(e)
        return {"valid": False, "error": msg or type(e).__name__, "offset": None}
    # The package stores an empty scheme, authority or path as None, so
    # "http:///p" has no host and "http://h:" no port; the path, which RFC
    # 3986 never leaves out, is given back as "".
    return {"valid": True, "components": {
        "scheme": ref.scheme,
        "userinfo": info["userinfo"],
        "host": info["host"],
        "port": info["port"],
        "path": ref.path or "",
        "query": ref.query,
        "fragment": ref.fragment,
    }}


def emit(obj):
    try:
        line = json.dumps(obj, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:  # lone surrogates: fall back to \u escapes
        line = json.dumps(obj).encode("ascii")
    sys.stdout.buffer.write(line + b"\n")
    sys.stdout.buffer.flush()


emit({"peer": "python-rfc3986", "version": rfc3986.__version__,
      "call": "rfc3986.uri_reference + validators.Validator.validate",
      "claims": "RFC 3986", "components": "raw",
      "normalizes": ["percent-encoding"], "positions": False})
for raw in sys.stdin.buffer:
    try:
        req = json.loads(raw.decode("utf-8"))
        s = req["input"]
        if not isinstance(s, str):
            raise TypeError
    except Exception:
        emit({"valid": False, "error": "bad request"})
        continue
    try:
        emit(answer(s))
    except Exception as e:
        emit({"valid": False, "error": "adapter: %s" % e, "offset": None})
