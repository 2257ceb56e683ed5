"""check_arrow run inside real engines from PyPI: Polars, DuckDB and
DataFusion, each over a generated corpus with nulls and invalid URLs, held
equal to check row by row."""

from __future__ import annotations

import random
from typing import Any

import pyarrow as pa
import pytest

import rfc1738
from support import Cli, expected_row

pytestmark = pytest.mark.engine


@pytest.fixture(scope="module")
def urls(cli: Cli) -> list[Any]:
    rng = random.Random(4266)
    lines: list[Any] = [line.decode() for line in cli.gen(2500, 41)]
    lines += [line.decode("utf-8", "replace") for line in cli.gen(1500, 42, invalid=True)]
    lines += [None] * 200
    rng.shuffle(lines)
    return lines


def expected_rows(urls: list[Any]) -> list[dict[str, Any] | None]:
    return [expected_row(url) for url in urls]


def test_polars(urls: list[Any]) -> None:
    import polars as pl

    frame = pl.DataFrame({"url": urls}, schema={"url": pl.String})
    checked = frame.with_columns(
        pl.col("url")
        .map_batches(lambda s: pl.Series(rfc1738.check_arrow(s)), return_dtype=pl.Struct(
            {
                "valid": pl.Boolean,
                "offset": pl.Int64,
                "rule": pl.String,
                "expected": pl.List(pl.String),
                "scheme": pl.String,
                "warnings": pl.List(pl.String),
                "message": pl.String,
                "help": pl.String,
                "fix": pl.String,
                "valid_under": pl.List(pl.String),
            }
        ))
        .alias("check")
    )
    rows = checked["check"].to_list()
    expected = expected_rows(urls)
    # Polars keeps a null struct as a struct of nulls.
    for row, want in zip(rows, expected):
        if want is None:
            assert row is None or all(value is None for value in row.values())
        else:
            assert row == want
    # The verdict alone, and a query over it.
    counts = frame.select(pl.col("url").map_batches(lambda s: pl.Series(rfc1738.is_valid_arrow(s)),
                                                     return_dtype=pl.Boolean).alias("valid"))["valid"]
    assert counts.to_list() == [None if u is None else rfc1738.is_valid(u) for u in urls]
    invalid = checked.filter(~pl.col("check").struct.field("valid")).height
    assert invalid == sum(1 for w in expected if w is not None and not w["valid"])


def test_duckdb(urls: list[Any]) -> None:
    import duckdb

    con = duckdb.connect()
    try:
        con.create_function(
            "rfc1738_check",
            lambda urls: rfc1738.check_arrow(urls),
            ["VARCHAR"],
            'STRUCT(valid BOOLEAN, "offset" BIGINT, rule VARCHAR, expected VARCHAR[], scheme VARCHAR, warnings VARCHAR[], message VARCHAR, help VARCHAR, fix VARCHAR, valid_under VARCHAR[])',
            type="arrow",
        )
        con.create_function("rfc1738_is_valid", lambda urls: rfc1738.is_valid_arrow(urls), ["VARCHAR"], "BOOLEAN",
                            type="arrow")
        table = pa.table({"i": pa.array(range(len(urls)), pa.int64()), "url": pa.array(urls, pa.string())})
        con.register("urls", table)
        rows = con.sql("SELECT rfc1738_check(url) AS c FROM urls ORDER BY i").fetchall()
        assert [row[0] for row in rows] == expected_rows(urls)
        by_scheme = con.sql(
            "SELECT c.scheme, count(*) FROM (SELECT rfc1738_check(url) AS c FROM urls) "
            "WHERE NOT c.valid GROUP BY ALL ORDER BY ALL"
        ).fetchall()
        assert sum(n for _, n in by_scheme) == sum(1 for u in urls if u is not None and not rfc1738.is_valid(u))
        valid = con.sql("SELECT rfc1738_is_valid(url) FROM urls ORDER BY i").fetchall()
        assert [row[0] for row in valid] == [None if u is None else rfc1738.is_valid(u) for u in urls]
    finally:
        con.close()


def test_datafusion(urls: list[Any]) -> None:
    from datafusion import SessionContext, col, udf

    ctx = SessionContext()
    check = udf(lambda urls: rfc1738.check_arrow(urls), [pa.string()], rfc1738.check_arrow_type(), "stable",
                name="rfc1738_check")
    is_valid = udf(lambda urls: rfc1738.is_valid_arrow(urls), [pa.string()], pa.bool_(), "stable",
                   name="rfc1738_is_valid")
    ctx.register_udf(check)
    ctx.register_udf(is_valid)
    table = pa.table({"i": pa.array(range(len(urls)), pa.int64()), "url": pa.array(urls, pa.string())})
    ctx.from_arrow(table, name="urls")
    result = ctx.sql("SELECT i, rfc1738_check(url) AS c, rfc1738_is_valid(url) AS v FROM urls ORDER BY i").to_arrow_table()
    assert result["c"].to_pylist() == expected_rows(urls)
    assert result["v"].to_pylist() == [None if u is None else rfc1738.is_valid(u) for u in urls]
    frame = ctx.table("urls").select(check(col("url")).alias("c"))
    assert len(frame.to_arrow_table()) == len(urls)
