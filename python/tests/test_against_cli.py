"""The Python API against the Rust API, through the project's command: the
same verdicts, errors, warnings, components and meaning, on the documents'
examples and on generated corpora."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

import rfc1738
from support import DATA, Cli, examples, specs_of

SPECS = ("rfc1738", "draft07", "rfc2396", "rfc3986")


def by_spec() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {spec: [] for spec in SPECS}
    for group, url in examples():
        for spec in specs_of(group):
            out[spec].append(url)
    return out


@pytest.mark.parametrize("spec", SPECS)
def test_check_equals_the_commands_json_on_every_example(cli: Cli, spec: str) -> None:
    urls = by_spec()[spec]
    assert urls
    records = cli.check([url.encode() for url in urls], spec)
    for url, record in zip(urls, records):
        assert rfc1738.check(url, spec).to_dict() == record, url
        assert rfc1738.is_valid(url, spec) == record["valid"], url


@pytest.mark.parametrize("spec", ["rfc1738", "draft07"])
def test_check_equals_the_commands_json_on_generated_corpora(cli: Cli, spec: str) -> None:
    lines = cli.gen(1500, 11, spec=spec) + cli.gen(1500, 12, spec=spec, invalid=True)
    # Blank lines are skipped by the command; a near-miss can be one.
    lines = [line for line in lines if line.strip() and not line.endswith(b"\r")]
    records = cli.check(lines, spec)
    invalid = 0
    for line, record in zip(lines, records):
        result = rfc1738.check(line, spec)
        assert result.to_dict() == record, line
        invalid += not record["valid"]
    assert 1000 < invalid < len(lines) - 1000


def test_bytes_that_are_not_utf8_are_judged_as_the_command_judges_them(cli: Cli) -> None:
    lines = [b"http://h/\xff", b"ftp://h\xc3/", b"\xe2\x82", b"news:\xed\xa0\x80", b"gopher://h/1caf\xc3\xa9"]
    for line, record in zip(lines, cli.check(lines)):
        assert rfc1738.check(line).to_dict() == record, line
        assert rfc1738.is_valid(line) is False


def decoded(text: str | None) -> str | None:
    if text is None:
        return None
    return rfc1738.percent_decode(text).decode("utf-8", "replace")


# The kinds whose Rust type lists its components (`components()`): explain
# shows each one of their own fields, decoded.
LISTED = (rfc1738.MailtoUrl, rfc1738.NntpUrl, rfc1738.GhelpUri)
COMMON_FIELDS = {f.name for f in dataclasses.fields(rfc1738.Url)}


def meaning(url: rfc1738.Url) -> dict[str, Any]:
    """What ``rfc1738 explain`` says the URL means, from the Python objects
    alone (``src/bin/rfc1738/explain.rs``)."""
    lossy = lambda data: data.decode("utf-8", "replace")  # noqa: E731
    if isinstance(url, rfc1738.FtpUrl):
        try:
            # The password explain shows for anonymous FTP.
            return {"commands": [str(c) for c in url.commands("<e-mail address>")]}
        except rfc1738.FtpCommandError as error:
            return {"commands": {"error": str(error)}}
    if isinstance(url, rfc1738.HttpUrl):
        return {"path": [decoded(s) for s in url.segments], "search": decoded(url.search)}
    if isinstance(url, rfc1738.GopherUrl):
        plus = url.gopher_plus_request
        plus_json: Any = None
        if plus is not None:
            plus_json = {
                "default-view": lambda: {"kind": "default view"},
                "ask": lambda: {"kind": "item with a +ASK form"},
                "attributes": lambda: {
                    "kind": "attributes of every item in the directory" if plus.all_items else "attributes",
                    "names": [lossy(n) for n in plus.names],
                },
                "alternate-view": lambda: {
                    "kind": "alternate view",
                    "view": lossy(plus.view),
                    "language": lossy(plus.language) if plus.language is not None else None,
                },
                "form": lambda: {"kind": "filled-in form", "values": [lossy(v) for v in plus.values]},
                "other": lambda: {"kind": "other", "text": lossy(plus.text)},
            }[plus.kind]()
        try:
            request: Any = lossy(url.request())
        except rfc1738.GopherRequestError as error:
            request = {"error": str(error)}
        return {
            "item type": url.item_type,
            "selector": decoded(url.selector or ""),
            "search": decoded(url.search),
            "gopher+": plus_json,
            "request": request,
        }
    if isinstance(url, LISTED):
        return {f.name: decoded(getattr(url, f.name)) for f in dataclasses.fields(url) if f.name not in COMMON_FIELDS}
    if isinstance(url, rfc1738.NewsUrl):
        if url.grouppart == "all":
            return {"kind": "all", "means": "all available news groups"}
        if url.grouppart == "group":
            return {"kind": "group", "group": url.group}
        assert url.host is not None
        return {"kind": "article", "message-id": f"<{decoded(url.unique)}@{url.host.text}>"}
    if isinstance(url, rfc1738.TelnetUrl):
        return {"user (advisory)": decoded(url.login.user), "password (advisory)": decoded(url.login.password)}
    if isinstance(url, rfc1738.WaisUrl):
        out: dict[str, Any] = {"database": decoded(url.database), "kind": {"index": "search"}.get(url.form, url.form)}
        if url.form == "index":
            out["search"] = decoded(url.search)
        if url.form == "document":
            out["type"] = decoded(url.wtype)
            out["path"] = decoded(url.wpath)
        return out
    if isinstance(url, rfc1738.FileUrl):
        host = "this machine" if url.host.is_this_machine else url.host.text
        return {"host": host, "path": [decoded(s) for s in url.segments]}
    if isinstance(url, rfc1738.ProsperoUrl):
        return {"hsoname": decoded(url.path), "fields": [[decoded(n), decoded(v)] for n, v in url.fields]}
    if isinstance(url, rfc1738.ManUri):
        if url.decoded_name is None:
            return {"page": "the index of the manual pages"}
        return {"command": url.decoded_name, "section": url.section}
    if isinstance(url, rfc1738.InfoUri):
        form = {"gnome": "GNOME (node after '#', '_' for spaces)", "kde": "KDE (node after the parenthesis)"}[url.form]
        return {"form": form, "file": decoded(url.file), "node": url.node_name}
    if isinstance(url, rfc1738.WhatisUri):
        return {"search": url.decoded_string}
    if isinstance(url, rfc1738.LdapUrl):
        scope = {"base": "base (the base object)", "one": "one (one level below the base)", "sub": "sub (the whole subtree)"}
        return {
            "server": url.hostport.host.text if url.hostport is not None else "the client's choice",
            "base DN": url.decoded_dn,
            "attributes": [decoded(a) for a in url.attributes] or "all",
            "scope": scope[url.scope],
            "filter": url.decoded_filter,
            "extensions": [{"type": decoded(e.extype), "value": e.decoded_value, "critical": e.critical} for e in url.extensions],
        }
    if isinstance(url, rfc1738.Uri):
        reference = url.reference
        if reference.opaque and url.spec == "rfc2396":
            return {"opaque part": decoded(reference.path)}
        path = reference.path
        segments = path[1:].split("/") if path.startswith("/") else path.split("/") if path else []
        authority = reference.authority
        parts: dict[str, Any] = {}
        if authority is not None and "@" in authority and reference.authority_kind != "reg_name":
            parts["userinfo"] = decoded(authority.split("@", 1)[0])
        return parts | {"path": [decoded(s) for s in segments], "query": decoded(reference.query)}
    return {}


def tree_json(node: rfc1738.SyntaxNode) -> dict[str, Any]:
    out: dict[str, Any] = {"rule": node.rule, "text": node.text}
    if not node.children:
        out["decoded"] = decoded(node.text)
    out["span"] = [node.start, node.end]
    out["children"] = [tree_json(child) for child in node.children]
    return out


def port_number(url: rfc1738.Url) -> int | None:
    if url.hostport is None:
        return None
    try:
        return url.hostport.port_number()
    except rfc1738.PortOutOfRange:
        return None


def explained_urls(cli: Cli) -> list[tuple[str, str]]:
    """Valid examples and generated URLs of every scheme, with their spec."""
    out = [(url, spec) for group, url in examples() for spec in specs_of(group) if rfc1738.is_valid(url, spec)]
    for scheme in ("ftp", "http", "gopher", "mailto", "news", "nntp", "telnet", "wais", "file", "prospero", "generic"):
        for line in cli.gen(6, 5, scheme=scheme, spec="draft07" if scheme == "gopher" else "rfc1738"):
            out.append((line.decode(), "draft07" if scheme == "gopher" else "rfc1738"))
    return out


def test_components_and_meaning_equal_explain(cli: Cli) -> None:
    """Every valid example (and generated URLs of every scheme): the
    command's ``explain --format json`` and the Python objects agree on the
    scheme, the port, the default port, the parse tree and the meaning (FTP
    commands, the gopher request, decoded parts...)."""
    cases = explained_urls(cli)
    assert len(cases) > 100
    kinds = set()
    for url_text, spec in cases:
        explained = cli.explain(url_text, spec)
        url = rfc1738.parse(url_text, spec)
        kinds.add(type(url).__name__)
        assert str(url) == url_text
        assert url.spec == spec
        assert explained["valid"] is True
        assert explained["default_port"] == url.default_port, url_text
        assert explained["port"] == port_number(url), url_text
        assert explained["fragment"] == url.fragment, url_text
        assert explained["meaning"] == meaning(url), url_text
        assert explained["tree"] == tree_json(url.syntax_tree()), url_text
        trees = url.syntax_trees()
        assert explained["fragment_tree"] == (tree_json(trees[1]) if len(trees) > 1 else None), url_text
    assert {"FtpUrl", "HttpUrl", "GopherUrl", "MailtoUrl", "NewsUrl", "NntpUrl", "TelnetUrl", "WaisUrl", "FileUrl",
            "ProsperoUrl", "GenericUrl", "Uri", "ManUri", "InfoUri", "LdapUrl"} <= kinds


def test_resolve_equals_the_commands(cli: Cli) -> None:
    import json

    """RFC 2396 Appendix C's references against its base, and some that fail."""
    base = "http://a/b/c/d;p?q"
    rows = [line.split("\t") for line in (DATA / "rfc2396_resolution.tsv").read_text().splitlines()
            if line and not line.startswith("#")]
    cases = [(base, row[1]) for row in rows] + [(base, "a b"), ("mailto:a@b", "g"), ("../b", "g"), ("http://a/", "%zz")]
    assert len(cases) > 40
    for base, reference in cases:
        done = cli.run("resolve", "--format", "json", "--", base, reference)
        if not done.stdout.strip():
            # An unusable base: the command stops with status 2.
            assert done.returncode == 2
            with pytest.raises((rfc1738.ParseError, rfc1738.ResolveError)):
                rfc1738.resolve(reference, base)
            continue
        record = json.loads(done.stdout)
        if record["warning"] is not None:
            # The command takes `?y` on Appendix C's word, with a warning;
            # the library's UriRef::parse, which Python calls, does not.
            with pytest.raises(rfc1738.ParseError):
                rfc1738.resolve(reference, base)
        elif record["resolved"] is not None:
            assert rfc1738.resolve(reference, base) == record["resolved"], (base, reference)
            assert rfc1738.parse_reference(reference).resolve(base) == record["resolved"]
        else:
            with pytest.raises((rfc1738.ParseError, rfc1738.ResolveError)) as caught:
                rfc1738.resolve(reference, base)
            assert record["error"]["message"] in str(caught.value)


def test_extract_equals_the_commands_on_the_seed_documents(cli: Cli) -> None:
    import json

    for document in sorted((DATA / "seeds").glob("*.txt")):
        text = document.read_bytes()
        done = cli.run("extract", "--format", "json", str(document))
        records = [json.loads(line) for line in done.stdout.splitlines()]
        found = rfc1738.extract(text)
        assert len(found) == len(records), document
        for url, record in zip(found, records):
            assert (url.url, url.raw, url.line, url.column, url.delimiter, url.alternative, url.fragment, url.valid) == (
                record["url"], record["raw"], record["line"], record["column"], record["delimiter"],
                record["alternative"], record["fragment"], record["valid"],
            ), document
            if record["error"] is not None:
                assert url.error is not None
                # extract's error is check's, its line and column within the URL.
                assert url.error.to_dict() == record["error"]
