# Adapter for Python's standard urllib.parse.urlsplit (see PROTOCOL.md).
# Valid: urlsplit(input) returns and reading .port does not raise ValueError.
# Components are the raw SplitResult fields; netloc is split by hand.
import json
import platform
import sys
import urllib.parse as up

# urlsplit strips leading C0 controls and spaces and deletes tab, CR and LF
# before splitting (private names, missing in older Pythons that do not).
STRIP = getattr(up, "_WHATWG_C0_CONTROL_OR_SPACE", "")
REMOVE = getattr(up, "_UNSAFE_URL_BYTES_TO_REMOVE", [])


def answer(s):
    try:
        r = up.urlsplit(s)
        r.port  # raises ValueError for a non-numeric or out-of-range port
    except Exception as e:
        return {"valid": False, "error": str(e) or type(e).__name__, "offset": None}
    # urlsplit gives '' for both absent and empty parts. Redo its own
    # clean-up on the input, then look for each delimiter where urlsplit
    # would have found it: '//' right after the scheme, '#' anywhere after
    # it, '?' before the first '#'.
    t = s.lstrip(STRIP)
    for b in REMOVE:
        t = t.replace(b, "")
    rest = t[len(r.scheme) + 1:] if r.scheme else t
    has_netloc = rest[:2] == "//"
    before_hash = rest.split("#", 1)[0]
    userinfo = host = port = None
    if has_netloc:
        userinfo, at, hostinfo = r.netloc.rpartition("@")
        if not at:
            userinfo = None
        # The port starts at the first ':' after any ']' (SplitResult._hostinfo's
        # rule); the host is all the text before it, brackets and all.
        cut = (hostinfo.find("]") + 1 or len(hostinfo)) if "[" in hostinfo else 0
        host, colon, port = hostinfo[cut:].partition(":")
        host = hostinfo[:cut] + host
        if not colon:
            port = None
    return {"valid": True, "components": {
        "scheme": r.scheme or None,
        "userinfo": userinfo,
        "host": host,
        "port": port,
        "path": r.path,
        "query": r.query if "?" in before_hash else None,
        "fragment": r.fragment if "#" in rest else None,
    }}


def emit(obj):
    try:
        line = json.dumps(obj, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:  # lone surrogates: fall back to \u escapes
        line = json.dumps(obj).encode("ascii")
    sys.stdout.buffer.write(line + b"\n")
    sys.stdout.buffer.flush()


emit({"peer": "python-urllib", "version": platform.python_version(),
      "call": "urllib.parse.urlsplit", "claims": "RFC 3986",
      "components": "raw", "normalizes": ["scheme-case"], "positions": False})
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
