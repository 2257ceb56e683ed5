"""The Python API by itself: the typed views, the exceptions, and input that
is no URL at all, which must give a clear exception or an invalid verdict,
never a crash."""

from __future__ import annotations

import dataclasses
import doctest
import pathlib
import pickle
import shutil
import subprocess
import sys
from typing import Any

import pytest

import rfc1738


def test_the_package_is_the_built_one() -> None:
    assert rfc1738._rfc1738.__file__ is None or rfc1738._rfc1738.__name__ == "rfc1738._rfc1738"
    assert rfc1738.SPECS == ("rfc1738", "draft07", "rfc2396", "rfc3986")


def test_the_docstrings_examples_hold() -> None:
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    tests = finder.find(rfc1738, "rfc1738", globs={"rfc1738": rfc1738})
    assert sum(len(test.examples) for test in tests) >= 8
    for test in tests:
        runner.run(test)
    assert runner.summarize(verbose=False).failed == 0


def test_help_names_every_function() -> None:
    text = rfc1738.__doc__ or ""
    assert "check_arrow" in text and "RFC 1738" in text
    for name in rfc1738.__all__:
        assert getattr(rfc1738, name) is not None
        if callable(getattr(rfc1738, name)):
            assert getattr(rfc1738, name).__doc__, name


def test_syntax_trees_give_the_fragment_that_syntax_tree_leaves_out() -> None:
    # The grammar reads the fragment after the URL under RFC 2396 and, for
    # the later documents' schemes, under RFC 3986: a second tree.
    for text, spec, first in [
        ("http://h/a#top", "rfc2396", "http-uri"),
        ("ftp://h/a#top", "rfc3986", "ftpurl"),
    ]:
        url = rfc1738.parse(text, spec=spec)
        trees = url.syntax_trees()
        assert [(tree.rule, tree.text) for tree in trees] == [(first, text[: -len("#top")]), ("fragment", "top")]
        assert trees[0] == url.syntax_tree()
        assert (trees[1].start, trees[1].end) == (len(text) - 3, len(text))
    # One tree where there is no fragment, or where the rule holds it.
    assert [tree.rule for tree in rfc1738.parse("http://h/a").syntax_trees()] == ["httpurl"]
    assert [tree.rule for tree in rfc1738.parse("x:y#top", spec="rfc3986").syntax_trees()] == ["URI"]


def test_ftp_url_components_commands_and_errors() -> None:
    url = rfc1738.parse("ftp://myname@host.dom/%2Fetc/motd;type=a")
    assert isinstance(url, rfc1738.FtpUrl)
    assert url.login.user == "myname" and url.login.host.text == "host.dom"
    assert url.cwd == ("%2Fetc",) and url.name == "motd" and url.typecode == "a"
    assert url.default_port == 21 and url.port_or_default == 21
    assert [c.to_bytes() for c in url.commands()] == [b"USER myname", b"CWD /etc", b"TYPE A", b"RETR motd"]
    assert [str(c) for c in rfc1738.parse("ftp://myname@example.com/abc/def").commands(cwd_style="historical")] == [
        "USER myname",
        "CWD /abc",
        "RETR def",
    ]
    with pytest.raises(rfc1738.FtpCommandError, match="USER argument decodes to byte 0x0D"):
        rfc1738.parse("ftp://u%0D%0ADELE%20x@h/").commands()
    with pytest.raises(ValueError, match="cwd_style"):
        url.commands(cwd_style="other")  # type: ignore[arg-type]


def test_gopher_request_bytes_by_spec() -> None:
    assert rfc1738.parse("gopher://h/1sel%09%09+").request() == b"sel\t\t+\r\n"
    assert rfc1738.parse("gopher://h/1sel%09%09+", "draft07").request() == b"sel\t+\r\n"
    url = rfc1738.parse("gopher://h/1sel%09%09!+ABSTRACT%20+SMELL")
    assert isinstance(url, rfc1738.GopherUrl)
    assert url.gopher_plus_request == rfc1738.GopherPlus(
        kind="attributes", all_items=False, names=(b"+ABSTRACT", b"+SMELL"), view=None, language=None, values=(), text=None
    )
    assert rfc1738.parse("gopher://h").item_type == "1"  # type: ignore[attr-defined]
    with pytest.raises(rfc1738.GopherRequestError):
        rfc1738.parse("gopher://h/1a%0Db").request()  # type: ignore[attr-defined]


def test_views_of_every_section5_scheme() -> None:
    news = rfc1738.parse("news:1234@news.example")
    assert isinstance(news, rfc1738.NewsUrl) and news.grouppart == "article" and news.unique == "1234"
    assert news.host == rfc1738.Host(kind="name", text="news.example", octets=None)
    wais = rfc1738.parse("wais://host.dom:210/db/TEXT/doc-17")
    assert isinstance(wais, rfc1738.WaisUrl) and (wais.form, wais.wtype, wais.wpath) == ("document", "TEXT", "doc-17")
    file = rfc1738.parse("file:///etc/motd")
    assert isinstance(file, rfc1738.FileUrl) and file.host.is_this_machine and file.segments == ("etc", "motd")
    prospero = rfc1738.parse("prospero://host.dom:1525/hsoname;field=value")
    assert isinstance(prospero, rfc1738.ProsperoUrl) and prospero.fields == (("field", "value"),)
    generic = rfc1738.parse("x-foo://user@10.0.0.300:99/path")
    assert isinstance(generic, rfc1738.GenericUrl) and generic.ip_schemepart is not None
    assert generic.ip_schemepart.login.host.kind == "number" and generic.ip_schemepart.login.host.octets is None
    assert generic.hostport is not None and generic.hostport.port_number() == 99
    assert generic.known_scheme is None and generic.default_port is None
    http = rfc1738.parse("http://h:70000/")
    assert http.port_or_default is None and http.hostport is not None
    with pytest.raises(rfc1738.PortOutOfRange):
        http.hostport.port_number()
    telnet = rfc1738.parse("telnet://user:password@host.dom:23/")
    assert isinstance(telnet, rfc1738.TelnetUrl) and telnet.login.password == "password" and telnet.has_trailing_slash
    assert [w.code for w in telnet.warnings()] == ["password-in-url"]


def test_views_of_uri7_forms() -> None:
    ldap = rfc1738.parse("ldap://host.com:6666/o=University%20of%20Michigan,c=US??sub?(cn=Babs%20Jensen)", "rfc2396")
    assert isinstance(ldap, rfc1738.LdapUrl)
    assert (ldap.decoded_dn, ldap.scope, ldap.decoded_filter, ldap.default_port) == (
        "o=University of Michigan,c=US",
        "sub",
        "(cn=Babs Jensen)",
        389,
    )
    info = rfc1738.parse("info:gcc#G++_and_GCC", "rfc2396")
    assert isinstance(info, rfc1738.InfoUri) and info.node_name == "G++ and GCC" and info.fragment == "G++_and_GCC"
    man = rfc1738.parse("man:ls(1)", "rfc2396")
    assert isinstance(man, rfc1738.ManUri) and (man.name, man.section) == ("ls", "1")
    uri = rfc1738.parse("http://fred:fredpassword@example.com:8080/", "rfc2396")
    assert isinstance(uri, rfc1738.Uri) and uri.reference.server is not None
    assert uri.reference.server.password == "fredpassword" and uri.known_scheme == "http"


# A URL of every kind the native module gives, with the specification that reads it.
_ONE_OF_EACH_KIND = (
    ("ftp://user:pw@host/dir/file;type=i", "rfc1738"),
    ("http://host:8080/path?search", "rfc1738"),
    ("gopher://host/1selector%09search", "rfc1738"),
    ("mailto:user@host", "rfc1738"),
    ("news:unique@host", "rfc1738"),
    ("nntp://host/group/1", "rfc1738"),
    ("telnet://user@host/", "rfc1738"),
    ("wais://host/db?search", "rfc1738"),
    ("file://host/etc/motd", "rfc1738"),
    ("prospero://host/hsoname;field=value", "rfc1738"),
    ("x-foo://user@host/path", "rfc1738"),
    ("x-foo://host/path?query#fragment", "rfc2396"),
    ("man:ls(1)", "rfc2396"),
    ("info:gcc#G++_and_GCC", "rfc2396"),
    ("whatis:ls", "rfc2396"),
    ("ghelp:nautilus", "rfc2396"),
    ("ldap://host/o=x?cn?sub?(cn=a)", "rfc2396"),
)


def test_the_native_dict_of_every_kind_has_exactly_its_class_fields() -> None:
    """A top-level key that the native view adds without a field of its
    class would be dropped silently; a field without its key fails every
    parse. (The nested dicts are read by the classes of their own.)"""
    classes = rfc1738._model._URL_CLASSES
    kinds = set()
    for text, spec in _ONE_OF_EACH_KIND:
        native = rfc1738._rfc1738.parse(text, spec)
        cls, _ = classes[native["kind"]]
        kinds.add(native["kind"])
        assert set(native) - {"kind"} == {f.name for f in dataclasses.fields(cls)}, text
        assert type(rfc1738.parse(text, spec)) is cls
    assert kinds == set(classes)


def test_objects_are_read_only_and_compare_by_value() -> None:
    url = rfc1738.parse("http://h/a")
    with pytest.raises(dataclasses.FrozenInstanceError):
        url.text = "x"  # type: ignore[misc]
    assert url == rfc1738.parse("http://h/a") and hash(url) == hash(rfc1738.parse("http://h/a"))
    assert url != rfc1738.parse("http://h/a", "draft07")


def test_parse_error_carries_the_fields() -> None:
    with pytest.raises(rfc1738.ParseError) as caught:
        rfc1738.parse("http://host/~user")
    error = caught.value
    assert isinstance(error, ValueError)
    assert (error.offset, error.line, error.column) == (12, 1, 13)
    assert error.help == (
        "encode '~' as %7E: RFC 1738 does not allow it; "
        "valid under `--spec draft07`, `--spec rfc2396` and `--spec rfc3986`"
    )
    assert error.fix == "http://host/%7Euser"
    assert error.valid_under == ("draft07", "rfc2396", "rfc3986")
    assert error.scheme == "http" and error.spec == "rfc1738" and error.found == "~"
    assert error.written_scheme == "http"
    assert str(error).startswith("invalid http URL (RFC 1738) at byte 12: expected")
    assert "\n" not in str(error)
    assert error.message in str(error)
    again = pickle.loads(pickle.dumps(error))
    assert again == error and again.to_dict() == error.to_dict()


def test_parse_error_keeps_the_scheme_the_input_writes() -> None:
    with pytest.raises(rfc1738.ParseError) as caught:
        rfc1738.parse("HTTPS://h/#top")
    assert (caught.value.scheme, caught.value.written_scheme) == (None, "HTTPS")
    with pytest.raises(rfc1738.ParseError) as caught:
        rfc1738.parse("ht tp://h/")
    assert caught.value.written_scheme is None
    # The record counts it under that scheme, in lower case, as the command does.
    assert rfc1738.check("HTTPS://h/#top").scheme == "https"


def test_check_result() -> None:
    good = rfc1738.check("HTTP://h:81/%41")
    assert good and good.valid and good.error is None and good.scheme == "http"
    assert [w.code for w in good.warnings] == ["scheme-case", "non-default-port", "needless-escape"]
    bad = rfc1738.check("http:0")
    assert not bad and bad.error is not None and bad.error.expected == ('"http://"',)
    assert bad.error.expected_items == (("literal", "http://"),)


def test_normalize_equivalent_and_references() -> None:
    assert rfc1738.normalize("HTTP://WWW.Example.COM:80/%7euser", "draft07") == "http://www.example.com/~user"
    assert rfc1738.equivalent("http://Host:80/%41", "http://host/A")
    assert rfc1738.equivalent("http://h/~u", "http://h/%7eu", "draft07", "rfc1738")
    assert rfc1738.parse("ftp://h/%41").normalize() == "ftp://h/A"
    reference = rfc1738.parse_reference("../test.txt")
    assert reference.is_relative and reference.path == "../test.txt"
    assert rfc1738.resolve("../g", "http://a/b/c/d;p?q") == "http://a/b/g"
    with pytest.raises(rfc1738.ResolveError):
        rfc1738.resolve("g", "mailto:a@b")
    with pytest.raises(rfc1738.ResolveError):
        rfc1738.resolve("g", "../b")


def test_equal_errors_and_results_hash_equal() -> None:
    import pickle

    error = rfc1738.check("http://u@h/").error
    assert error is not None
    again = pickle.loads(pickle.dumps(error))
    assert error == again and hash(error) == hash(again) and len({error, again}) == 1
    first, second = rfc1738.check("http://h:81/"), rfc1738.check("http://h:81/")
    assert first == second and first is not second and len({first, second}) == 1
    assert len({rfc1738.check("http://h/"), rfc1738.check("news:*")}) == 2


def test_methods_take_what_the_functions_take() -> None:
    url = rfc1738.parse("http://H/a")
    assert url.equivalent("http://h/a") and not url.equivalent("http://h/b")
    assert url.equivalent(b"http://h/a") and url.equivalent(bytearray(b"http://h/a"))
    assert url.equivalent(rfc1738.parse("http://h/a"))
    base = rfc1738.parse_reference("http://a/b/c")
    assert rfc1738.resolve("g", base) == "http://a/b/g"
    assert rfc1738.resolve(rfc1738.parse_reference("../g"), "http://a/b/c") == "http://a/g"
    # A reference parsed by RFC 3986 resolves by it, as its method does.
    query = rfc1738.parse_reference("?y", "rfc3986")
    assert rfc1738.resolve(query, "http://a/b/c/d;p?q") == query.resolve("http://a/b/c/d;p?q") == "http://a/b/c/d;p?y"
    with pytest.raises(rfc1738.ParseError):
        rfc1738.resolve(query, "http://a/b/c/d;p?q", "rfc2396")


def test_a_spec_is_named_in_any_case() -> None:
    assert rfc1738._rfc1738.spec_name("RFC3986") == "rfc3986"
    assert rfc1738.is_valid("http://h/#x", "RFC3986")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown specification"):
        rfc1738._rfc1738.spec_name("rfc 1738")


def test_extract() -> None:
    found = rfc1738.extract("see <URL:news:*> or \"ftp://h/f\" or http://u@h/.")
    assert [(f.url, f.delimiter, f.valid) for f in found] == [
        ("news:*", "url-prefix", True),
        ("ftp://h/f", "quotes", True),
        ("http://u@h/", "bare", False),
    ]
    assert found[2].error is not None and found[2].error.offset == 8


def test_extract_offers_no_fix_for_bytes_that_are_not_utf8() -> None:
    # Latin-1 mail: 0xE9 reads as U+FFFD, whose escapes would be another URL.
    (latin1,) = rfc1738.extract(b"see http://h/caf\xe9 now")
    assert latin1.url == "http://h/caf\ufffd" and latin1.error is not None
    assert latin1.error.fix is None
    assert latin1.error.help is not None and latin1.error.help.startswith("the text holds bytes that are not UTF-8")
    (tilde,) = rfc1738.extract(b"see http://h/~x now")
    assert tilde.error is not None and tilde.error.fix == "http://h/%7Ex"


def test_extract_spans_the_bytes_given() -> None:
    # Three bytes that are not UTF-8 read as three U+FFFD (nine bytes of
    # text); the spans still point into the bytes given.
    text = b"\xff\xff\xff see http://h/x and <http://h/caf\xe9>"
    found = rfc1738.extract(text)
    assert [text[f.start : f.end] for f in found] == [b"http://h/x", b"<http://h/caf\xe9>"]
    # A str's spans are of its UTF-8.
    (cafe,) = rfc1738.extract("caf\u00e9 http://h/x")
    assert "caf\u00e9 http://h/x".encode()[cafe.start : cafe.end] == b"http://h/x"


# -------------------------------------------------------------------------
# Input that is no URL


@pytest.mark.parametrize("bad", [None, 42, 1.5, ["http://h/"], object(), {"url": 1}])
@pytest.mark.parametrize(
    "call",
    [rfc1738.parse, rfc1738.is_valid, rfc1738.check, rfc1738.normalize, rfc1738.parse_reference, rfc1738.extract],
)
def test_what_is_neither_str_nor_bytes_is_a_type_error(call, bad) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(TypeError, match="must be str or bytes"):
        call(bad)


def test_an_unknown_spec_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="unknown specification"):
        rfc1738.is_valid("http://h/", "rfc9999")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown specification"):
        rfc1738.check_arrow(__import__("pyarrow").array(["http://h/"]), "x")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "data, offset",
    [(b"http://h/\xff", 9), (b"\xff", 0), (b"ftp://h/caf\xc3", 11), (b"news:\xed\xa0\x80", 5)],
)
def test_bytes_that_are_not_utf8_are_invalid_where_they_start(data: bytes, offset: int) -> None:
    assert rfc1738.is_valid(data) is False
    result = rfc1738.check(data)
    assert not result.valid and result.error is not None and result.error.offset == offset
    with pytest.raises(rfc1738.ParseError) as caught:
        rfc1738.parse(data)
    assert caught.value.offset == offset
    assert "\ufffd" in caught.value.input


def test_bytes_like_objects_are_read_as_bytes() -> None:
    for value in (b"http://h/", bytearray(b"http://h/"), memoryview(b"http://h/")):
        assert rfc1738.is_valid(value)
        assert rfc1738.parse(value).text == "http://h/"


def test_lone_surrogates_are_invalid_not_a_crash() -> None:
    text = b"http://h/\xff".decode("utf-8", "surrogateescape")
    assert rfc1738.is_valid(text) is False
    result = rfc1738.check(text)
    assert not result.valid and result.error is not None and result.error.offset == 9
    # The surrogate stands for the byte 0xFF, which the fix escapes.
    assert result.error.fix == "http://h/%FF"
    assert result.to_dict() == rfc1738.check(b"http://h/\xff").to_dict()
    with pytest.raises(rfc1738.ParseError):
        rfc1738.parse(text)


def test_nul_and_controls_are_invalid() -> None:
    for text in ("http://h/\x00", "\x00", "http://h/a\nb", "\t", ""):
        assert rfc1738.is_valid(text) is False
        assert not rfc1738.check(text).valid


@pytest.mark.slow
def test_a_10_mb_string() -> None:
    long_valid = "http://h/" + "a" * (10 << 20)
    assert rfc1738.is_valid(long_valid)
    assert rfc1738.check(long_valid).valid
    assert rfc1738.parse(long_valid).path == "a" * (10 << 20)
    long_invalid = "http://h/" + "a" * (10 << 20) + " "
    assert rfc1738.is_valid(long_invalid) is False
    error = rfc1738.check(long_invalid).error
    assert error is not None and error.offset == 9 + (10 << 20)
    deep = "ldap://h/??sub?" + "(&" * (5 << 20) + "(cn=x)" + ")" * (5 << 20)
    result = rfc1738.check(deep, "rfc2396")
    assert not result.valid and result.error is not None and result.error.nesting_limit
    garbage = "\x00\xff" * (5 << 20)
    assert rfc1738.is_valid(garbage) is False
    assert rfc1738.check(garbage.encode("utf-8")).error is not None


def test_the_arrow_functions_say_when_pyarrow_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(__import__("sys").modules, "pyarrow", None)
    with pytest.raises(ImportError, match="need pyarrow"):
        rfc1738.check_arrow_type()
    with pytest.raises(ImportError, match="need pyarrow"):
        rfc1738.is_valid_arrow([])


def test_rfc3986_urls_references_and_resolution() -> None:
    gopher = rfc1738.parse("gopher://[2001:db8::1]/1sel%09find#f", "rfc3986")
    assert isinstance(gopher, rfc1738.GopherUrl)
    assert gopher.hostport.host.kind == "ipv6" and gopher.hostport.host.text == "[2001:db8::1]"
    http = rfc1738.parse("http://u@[v7.a:b]:8/p?q#f", "rfc3986")
    assert isinstance(http, rfc1738.Uri) and http.reference.fragment == "f"
    assert not rfc1738.is_valid("telnet://[::1]/", "rfc3986")
    assert rfc1738.parse_reference("?y", "rfc3986").query == "y"
    with pytest.raises(rfc1738.ParseError):
        rfc1738.parse_reference("?y")
    assert rfc1738.resolve("../../../g", "http://a/b/c/d;p?q", "rfc3986") == "http://a/g"
    assert rfc1738.resolve("../../../g", "http://a/b/c/d;p?q") == "http://a/../g"
    # A reference resolves by the syntax it was read by.
    reference = rfc1738.parse_reference("../../../g", "rfc3986")
    assert reference.spec == "rfc3986" and reference.resolve("http://a/b/c/d;p?q") == "http://a/g"
    assert rfc1738.parse_reference("g", "rfc3986").resolve("http://[::1]/a") == "http://[::1]/g"
    assert rfc1738.parse_reference("../g").spec == "rfc2396"
    with pytest.raises(ValueError, match="no URI references"):
        rfc1738.resolve("g", "http://a/", "rfc1738")  # type: ignore[arg-type]


def test_spark_is_reachable_after_import_rfc1738() -> None:
    # A fresh interpreter: `rfc1738.spark` without `import rfc1738.spark`.
    code = "import rfc1738; print(callable(rfc1738.spark.check))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "True"
    with pytest.raises(AttributeError):
        rfc1738.no_such_attribute  # noqa: B018


def test_the_source_tree_says_it_shadows_the_installed_package(tmp_path: Any) -> None:
    # The package's sources without the compiled extension, as `python/` is
    # after `pip install .`, imported from the folder that holds them.
    source = pathlib.Path(rfc1738.__file__).parent
    copy = tmp_path / "rfc1738"
    copy.mkdir()
    for path in source.glob("*.py"):
        shutil.copy(path, copy / path.name)
    (tmp_path / "pyproject.toml").write_text("")
    out = subprocess.run([sys.executable, "-c", "import rfc1738"], cwd=tmp_path, capture_output=True, text=True)
    assert out.returncode != 0
    assert "source tree" in out.stderr and "maturin develop" in out.stderr, out.stderr
