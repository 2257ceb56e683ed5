"""check_arrow and is_valid_arrow: equal to check and is_valid element by
element, on generated corpora with nulls and invalid lines, for every kind
of Arrow string array."""

from __future__ import annotations

import random
from typing import Any, Sequence

import pyarrow as pa
import pytest

import rfc1738
from support import Cli, expected_row


def assert_rows_equal(array: pa.Array, urls: Sequence[Any], spec: str) -> None:
    checked = rfc1738.check_arrow(array, spec)
    assert isinstance(checked, pa.StructArray)
    assert checked.type == rfc1738.check_arrow_type()
    assert len(checked) == len(urls)
    rows = checked.to_pylist()
    verdicts = rfc1738.is_valid_arrow(array, spec).to_pylist()
    for url, row, verdict in zip(urls, rows, verdicts):
        assert row == expected_row(url, spec), url
        assert verdict == (None if url is None else rfc1738.is_valid(url, spec)), url


@pytest.fixture(scope="module")
def corpus(cli: Cli) -> list[Any]:
    """Generated URLs, near-misses, bytes that are not UTF-8, empty strings
    and nulls, shuffled."""
    rng = random.Random(1738)
    lines: list[Any] = [line.decode("utf-8", "surrogateescape") for line in cli.gen(3000, 21)]
    lines += [line.decode("utf-8", "surrogateescape") for line in cli.gen(2000, 22, invalid=True)]
    lines += [None] * 300 + [""] * 20 + ["HTTP://h:81/%41", "ftp://u:pw@h/", "http://1.2.3.999/"]
    # Bytes that are not UTF-8 (0xFF, a lone 0xC3), as surrogateescape reads them.
    for byte in ("\udcff", "\udcc3") * 50:
        url = lines[rng.randrange(3000)]
        at = rng.randrange(len(url) + 1)
        lines.append(url[:at] + byte + url[at:])
    rng.shuffle(lines)
    return lines


def as_text(urls: Sequence[Any]) -> list[Any]:
    """The URLs as Python strings, lone surrogates (from bytes that were not
    UTF-8) left out: a pyarrow string cannot hold them."""
    return [u for u in urls if u is None or not any(0xD800 <= ord(c) <= 0xDFFF for c in u)]


@pytest.mark.parametrize("arrow_type", [pa.string(), pa.large_string(), pa.string_view()])
@pytest.mark.parametrize("spec", ["rfc1738", "draft07", "rfc2396", "rfc3986"])
def test_check_arrow_equals_check_row_by_row(corpus: list[Any], arrow_type: pa.DataType, spec: str) -> None:
    urls = as_text(corpus)
    assert len(urls) > 5000 and urls.count(None) == 300
    assert_rows_equal(pa.array(urls, type=arrow_type), urls, spec)


@pytest.mark.parametrize("arrow_type", [pa.binary(), pa.large_binary(), pa.binary_view()])
def test_binary_arrays_hold_bytes_that_are_not_utf8(corpus: list[Any], arrow_type: pa.DataType) -> None:
    urls = [None if u is None else u.encode("utf-8", "surrogateescape") for u in corpus]
    urls += [b"http://h/\xff", b"\xc3", b"ftp://h/caf\xc3\xa9"]
    assert any(isinstance(u, bytes) and not _utf8(u) for u in urls[:-3])
    assert_rows_equal(pa.array(urls, type=arrow_type), urls, "rfc1738")


def _utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def test_dictionary_arrays_are_checked_once_per_value(corpus: list[Any]) -> None:
    urls = as_text(corpus)[:2000] * 3
    array = pa.array(urls, type=pa.string()).dictionary_encode()
    assert pa.types.is_dictionary(array.type)
    assert_rows_equal(array, urls, "rfc1738")
    # Nulls in the keys, and a key type other than int32.
    keys = pa.array([0, None, 1, 1, None, 2], type=pa.int8())
    dictionary = pa.DictionaryArray.from_arrays(keys, pa.array(["http://h/", "http://u@h/", "news:*"]))
    assert_rows_equal(dictionary, ["http://h/", None, "http://u@h/", "http://u@h/", None, "news:*"], "rfc1738")


def test_slices_and_chunked_arrays(corpus: list[Any]) -> None:
    urls = as_text(corpus)
    array = pa.array(urls)
    assert_rows_equal(array.slice(1234, 3000), urls[1234:4234], "rfc1738")
    chunked = pa.chunked_array([array.slice(0, 100), array.slice(100, 0), array.slice(100)])
    checked = rfc1738.check_arrow(chunked)
    # A chunked array gives a chunked array of the same chunks, as pyarrow.compute does.
    assert isinstance(checked, pa.ChunkedArray) and checked.type == rfc1738.check_arrow_type()
    assert [len(chunk) for chunk in checked.chunks] == [100, 0, len(urls) - 100]
    assert checked.to_pylist() == rfc1738.check_arrow(array).to_pylist()
    verdicts = rfc1738.is_valid_arrow(chunked)
    assert isinstance(verdicts, pa.ChunkedArray) and verdicts.num_chunks == 3
    assert verdicts.to_pylist() == rfc1738.is_valid_arrow(array).to_pylist()
    empty = pa.chunked_array([], type=pa.string())
    assert len(rfc1738.check_arrow(empty)) == 0 and len(rfc1738.is_valid_arrow(empty)) == 0


def test_empty_all_null_and_null_typed_arrays() -> None:
    assert rfc1738.check_arrow(pa.array([], type=pa.string())).to_pylist() == []
    assert rfc1738.check_arrow(pa.array([None, None], type=pa.string())).to_pylist() == [None, None]
    assert rfc1738.check_arrow(pa.nulls(3)).to_pylist() == [None, None, None]
    assert rfc1738.is_valid_arrow(pa.nulls(3)).to_pylist() == [None, None, None]


def test_any_producer_of_the_capsule_interface() -> None:
    class Producer:
        def __init__(self, array: pa.Array) -> None:
            self.array = array

        def __arrow_c_array__(self, requested_schema: object = None) -> object:
            return self.array.__arrow_c_array__(requested_schema)

    urls = ["http://h/", None, "http://u@h/"]
    assert_rows_equal(Producer(pa.array(urls)), urls, "rfc1738")  # type: ignore[arg-type]


def test_a_stream_needs_a_pyarrow_that_reads_streams(monkeypatch: pytest.MonkeyPatch) -> None:
    # A stream producer alone (as a Polars Series is): before pyarrow 16,
    # chunked_array would iterate it, so the check refuses it instead.
    class Stream:
        def __arrow_c_stream__(self, requested_schema: object = None) -> object:
            return pa.chunked_array([["http://h/", "http://u@h/"]]).__arrow_c_stream__(requested_schema)

    assert [row["valid"] for row in rfc1738.check_arrow(Stream()).to_pylist()] == [True, False]
    monkeypatch.setattr(pa, "__version__", "15.0.2")
    with pytest.raises(TypeError, match="needs pyarrow 16 or later, not 15.0.2"):
        rfc1738.check_arrow(Stream())


def test_an_unknown_spec_is_refused_before_the_chunks() -> None:
    empty = pa.chunked_array([], pa.string())
    assert len(rfc1738.check_arrow(empty, "RFC3986")) == 0  # type: ignore[arg-type]
    for call in (rfc1738.check_arrow, rfc1738.is_valid_arrow):
        with pytest.raises(ValueError, match="unknown specification"):
            call(empty, "nope")  # type: ignore[arg-type]


def test_what_is_not_a_string_array_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="Arrow array of strings"):
        rfc1738.check_arrow(pa.array([1, 2, 3]))
    with pytest.raises(TypeError, match="Arrow array of strings"):
        rfc1738.is_valid_arrow(pa.array([["http://h/"]]))
    with pytest.raises(TypeError, match="expected an Arrow array"):
        rfc1738.check_arrow(["http://h/"])
    with pytest.raises(TypeError, match="expected an Arrow array"):
        rfc1738.check_arrow(None)


def test_large_arrays_use_many_chunks_and_keep_the_order(cli: Cli) -> None:
    lines = cli.gen(20000, 31) + cli.gen(20000, 32, invalid=True)
    urls = [line.decode("utf-8", "surrogateescape") for line in lines]
    urls = as_text(urls)
    array = pa.array(urls)
    checked = rfc1738.check_arrow(array)
    valid = checked.field("valid").to_pylist()
    assert valid == rfc1738.is_valid_arrow(array).to_pylist()
    assert valid == [rfc1738.is_valid(u) for u in urls]
    offsets = checked.field("offset").to_pylist()
    sample = random.Random(5).sample(range(len(urls)), 500)
    for i in sample:
        assert offsets[i] == (None if valid[i] else rfc1738.check(urls[i]).error.offset)  # type: ignore[union-attr]


def test_a_10_mb_string_in_an_array() -> None:
    urls = ["http://h/" + "a" * (10 << 20), "http://h/" + "a" * (10 << 20) + " ", None]
    rows = rfc1738.check_arrow(pa.array(urls, type=pa.large_string())).to_pylist()
    assert rows[0]["valid"] and not rows[1]["valid"] and rows[1]["offset"] == 9 + (10 << 20) and rows[2] is None


def test_threads_give_the_same_rows(corpus: list[Any]) -> None:
    array = pa.array(as_text(corpus))
    everywhere = rfc1738.check_arrow(array)
    for threads in (1, 2, 3):
        assert rfc1738.check_arrow(array, threads=threads).equals(everywhere)
        assert rfc1738.is_valid_arrow(array, threads=threads).equals(rfc1738.is_valid_arrow(array))
    for bad in (0, -1, 1.5, True, "2"):
        with pytest.raises(ValueError, match="threads"):
            rfc1738.check_arrow(array, threads=bad)  # type: ignore[arg-type]


def test_without_advice_only_help_fix_and_valid_under_are_null(corpus: list[Any]) -> None:
    array = pa.array(as_text(corpus))
    advised = rfc1738.check_arrow(array).to_pylist()
    plain = rfc1738.check_arrow(array, advice=False).to_pylist()
    chunked = rfc1738.check_arrow(pa.chunked_array([array, array]), advice=False)
    assert chunked.to_pylist() == plain + plain
    advice = ("help", "fix", "valid_under")
    assert any(row and row["help"] for row in advised)
    for with_advice, without in zip(advised, plain):
        if with_advice is None:
            assert without is None
            continue
        assert all(without[field] is None for field in advice)
        assert {k: v for k, v in without.items() if k not in advice} == {
            k: v for k, v in with_advice.items() if k not in advice
        }
    with pytest.raises(TypeError, match="advice"):
        rfc1738.check_arrow(array, advice="no")  # type: ignore[arg-type]
