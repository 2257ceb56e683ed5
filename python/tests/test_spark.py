"""rfc1738.spark on a real Spark, ``local[2]``: the UDF over a Parquet file
of 100,000 URLs, compared with the results of the project's command."""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any, Iterator

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import rfc1738
import rfc1738.spark
from support import Cli

pytestmark = [pytest.mark.engine, pytest.mark.spark, pytest.mark.slow]

ROWS = 100_000


@pytest.fixture(scope="module")
def spark() -> Iterator[Any]:
    pyspark_sql = pytest.importorskip("pyspark.sql")
    os.environ.setdefault("PYSPARK_PYTHON", os.environ.get("PYSPARK_PYTHON") or __import__("sys").executable)
    session = (
        pyspark_sql.SparkSession.builder.master("local[2]")
        .appName("rfc1738-tests")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.driver.memory", "2g")
        .config("spark.sql.execution.arrow.pyspark.enabled", "true")
        .getOrCreate()
    )
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()


@pytest.fixture(scope="module")
def corpus(cli: Cli, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Any], list[dict[str, Any]]]:
    """A Parquet file of 100,000 URLs (a fifth of them near-misses, and
    some nulls), and the command's record of each non-null one."""
    lines = cli.gen(80_000, 61) + cli.gen(20_000, 62, invalid=True)
    lines = [line for line in lines if line.strip() and not line.endswith(b"\r")]
    records = cli.check(lines)
    urls: list[Any] = [line.decode("utf-8", "replace") for line in lines]
    rng = random.Random(62)
    order = list(range(len(urls)))
    rng.shuffle(order)
    urls = [urls[i] for i in order]
    records = [records[i] for i in order]
    for i in range(0, len(urls), 997):
        urls[i] = None
    path = tmp_path_factory.mktemp("spark") / "urls.parquet"
    table = pa.table({"id": pa.array(range(len(urls)), pa.int64()), "url": pa.array(urls, pa.string())})
    pq.write_table(table, path, row_group_size=25_000)
    return path, urls, records


def as_row(record: dict[str, Any]) -> dict[str, Any]:
    """The command's JSON record as a row of the struct column."""
    error = record["error"]
    return {
        "valid": record["valid"],
        "offset": error["offset"] if error else None,
        "rule": error["rule"] if error else None,
        "expected": error["expected"] if error else None,
        "scheme": record["scheme"],
        "warnings": [w["code"] for w in record["warnings"]],
        "message": error["message"] if error else None,
        "help": error["help"] if error else None,
        "fix": error.get("fix") if error else None,
        "valid_under": error["valid_under"] if error else None,
    }


def test_the_udf_over_a_parquet_file_of_100000_urls_equals_the_command(spark: Any, corpus: Any) -> None:
    path, urls, records = corpus
    assert len(urls) >= 99_000
    frame = spark.read.parquet(str(path)).select("id", rfc1738.spark.check("url").alias("check"))
    table = frame.toArrow().sort_by("id")
    rows = table["check"].to_pylist()
    assert len(rows) == len(urls)
    mismatches = []
    invalid = 0
    for url, row, record in zip(urls, rows, records):
        if url is None:
            assert row is None
            continue
        want = as_row(record)
        invalid += not want["valid"]
        if row != want:
            mismatches.append((url, row, want))
    assert not mismatches[:3]
    assert invalid > 15_000


def test_the_verdict_and_a_query_over_it(spark: Any, corpus: Any) -> None:
    from pyspark.sql import functions as F

    path, urls, records = corpus
    frame = spark.read.parquet(str(path))
    counts = (
        frame.select(rfc1738.spark.check("url").alias("c"))
        .where(F.col("c").isNotNull())
        .groupBy("c.valid")
        .count()
        .collect()
    )
    by_verdict = {row["valid"]: row["count"] for row in counts}
    want_invalid = sum(1 for url, r in zip(urls, records) if url is not None and not r["valid"])
    assert by_verdict[False] == want_invalid
    verdicts = frame.select("id", rfc1738.spark.is_valid("url").alias("v")).toArrow().sort_by("id")["v"].to_pylist()
    assert verdicts == [None if url is None else r["valid"] for url, r in zip(urls, records)]


def test_the_pandas_udf_of_spark_3_gives_the_same_rows(spark: Any, corpus: Any) -> None:
    path, urls, records = corpus
    frame = spark.read.parquet(str(path)).where("id < 5000")
    arrow_rows = frame.select("id", rfc1738.spark.check("url", arrow=True).alias("c")).toArrow().sort_by("id")
    pandas_rows = frame.select("id", rfc1738.spark.check("url", arrow=False).alias("c")).toArrow().sort_by("id")
    want = [None if url is None else as_row(r) for url, r in zip(urls[:5000], records[:5000])]
    assert arrow_rows["c"].to_pylist() == want
    # pandas has no null struct: a null URL is a struct of nulls there.
    got = pandas_rows["c"].to_pylist()
    for row, expected in zip(got, want):
        if expected is None:
            assert row is None or all(value is None for value in row.values())
        else:
            assert {**row, "expected": row["expected"] and list(row["expected"])} == expected
    verdicts = frame.select("id", rfc1738.spark.is_valid("url", arrow=False).alias("v")).toArrow().sort_by("id")
    assert verdicts["v"].to_pylist() == [None if url is None else r["valid"] for url, r in zip(urls[:5000], records[:5000])]


def test_an_unknown_spec_is_refused_before_the_job(spark: Any) -> None:
    with pytest.raises(ValueError, match="unknown specification"):
        rfc1738.spark.check("url", "rfc9999")
    # In any case, as every other function takes it.
    rfc1738.spark.check("url", "RFC2396")


def test_the_readmes_spark_example_runs(spark: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import contextlib
    import io

    from support import readme_blocks

    monkeypatch.chdir(tmp_path)
    blocks = [block for block in readme_blocks() if "pyspark" in block]
    assert blocks
    namespace: dict[str, object] = {"__name__": "__readme__"}
    with contextlib.redirect_stdout(io.StringIO()) as shown:
        for block in blocks:
            exec(compile(block, "README.md", "exec"), namespace)  # noqa: S102
    assert "http://user@host/" in shown.getvalue()
