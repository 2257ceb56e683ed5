"""What checking costs per URL from Python, in each engine, as ratios
against the Rust batch path over the same strings, measured in one run.

    python bench/bench.py                 # 1M URLs, every contender
    python bench/bench.py --rows 200000 --rounds 3 --skip spark

The corpus is made by the project's command (``rfc1738 gen``): by default
90% conforming URLs of every scheme and 10% near-misses, one edit away and
invalid (``--invalid-share``). The Rust batch path is
``rfc1738._rfc1738._rust_batch_baseline``: the same Arrow buffers read in
place, checked by rayon on all cores into a ``Vec`` of Rust values, timed
inside Rust; no Arrow array is built and no Python object made.

The machine may be noisy: the contenders run in turns, round after round,
and each figure is the median of its rounds.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

import pyarrow as pa
import pyarrow.parquet as pq

import rfc1738
from rfc1738 import _rfc1738

REPO = Path(__file__).resolve().parents[2]


def cli() -> str:
    configured = os.environ.get("RFC1738_CLI")
    if configured:
        return configured
    for profile in ("release", "debug"):
        candidate = REPO / "target" / profile / "rfc1738"
        if candidate.exists():
            return str(candidate)
    sys.exit("build the command first: cargo build --release (or set RFC1738_CLI)")


def corpus(rows: int, invalid_share: float, seed: int) -> list[str]:
    invalid = int(rows * invalid_share)
    valid = rows - invalid

    def gen(count: int, *extra: str) -> list[str]:
        out = subprocess.run(
            [cli(), "gen", "--count", str(count), "--seed", str(seed), *extra], capture_output=True, check=True
        ).stdout
        return out.decode("utf-8", "replace").split("\n")[:count]

    urls = gen(valid) + (gen(invalid, "--invalid") if invalid else [])
    random.Random(seed).shuffle(urls)
    return urls


class Rounds:
    """Each contender's times, round after round."""

    def __init__(self) -> None:
        self.times: dict[str, list[float]] = {}

    def add(self, name: str, seconds: float) -> None:
        self.times.setdefault(name, []).append(seconds)

    def timed(self, name: str, run: Callable[[], Any]) -> Any:
        started = time.perf_counter()
        result = run()
        self.add(name, time.perf_counter() - started)
        return result

    def median(self, name: str) -> float:
        return statistics.median(self.times[name])


def engines(array: pa.Array, skip: set[str]) -> dict[str, Callable[[], Any]]:
    """Every engine's run of check_arrow over ``array``, set up once; and,
    to tell the engine's share from the checking's, the same query with a
    UDF that does no work (it hands the strings back)."""
    table = pa.table({"url": array})
    runs: dict[str, Callable[[], Any]] = {}
    if "polars" not in skip:
        import polars as pl

        frame = pl.from_arrow(table)
        dtype = pl.from_arrow(pa.array([], rfc1738.check_arrow_type())).dtype  # type: ignore[union-attr]
        runs["polars map_batches"] = lambda: frame.select(  # type: ignore[union-attr]
            pl.col("url").map_batches(lambda s: pl.Series(rfc1738.check_arrow(s)), return_dtype=dtype)
        )
        runs["polars map_batches, no work"] = lambda: frame.select(  # type: ignore[union-attr]
            pl.col("url").map_batches(lambda s: pl.Series(s.to_arrow()), return_dtype=pl.String)
        )
    if "duckdb" not in skip:
        import duckdb

        con = duckdb.connect()
        con.create_function(
            "rfc1738_check",
            lambda urls: rfc1738.check_arrow(urls),
            ["VARCHAR"],
            'STRUCT(valid BOOLEAN, "offset" BIGINT, expected VARCHAR[], scheme VARCHAR, warnings VARCHAR[], message VARCHAR)',
            type="arrow",
        )
        con.create_function("same", lambda urls: urls, ["VARCHAR"], "VARCHAR", type="arrow")
        con.register("urls", table)
        con.sql("SELECT rfc1738_check(url) FROM urls").to_arrow_table()  # warm-up
        runs["duckdb arrow UDF"] = lambda: con.sql("SELECT rfc1738_check(url) FROM urls").to_arrow_table()
        runs["duckdb arrow UDF, no work"] = lambda: con.sql("SELECT same(url) FROM urls").to_arrow_table()
    if "datafusion" not in skip:
        from datafusion import SessionContext, udf

        ctx = SessionContext()
        ctx.register_udf(udf(lambda urls: rfc1738.check_arrow(urls), [pa.string()], rfc1738.check_arrow_type(),
                             "stable", name="rfc1738_check"))
        ctx.register_udf(udf(lambda urls: urls, [pa.string()], pa.string(), "stable", name="same"))
        ctx.from_arrow(table, name="urls")
        runs["datafusion UDF"] = lambda: ctx.sql("SELECT rfc1738_check(url) FROM urls").to_arrow_table()
        runs["datafusion UDF, no work"] = lambda: ctx.sql("SELECT same(url) FROM urls").to_arrow_table()
    return runs


def spark_round(spark: Any, path: str, rounds: Rounds) -> None:
    """Spark local[2] over a Parquet file: the job with the UDF, and the
    same job with a UDF that only hands the batch back, to tell Spark's
    share from the checking's."""
    from pyspark.sql import functions as F

    import rfc1738.spark

    frame = spark.read.parquet(path)

    def run(column: Any) -> None:
        frame.select(column.alias("c")).write.format("noop").mode("overwrite").save()

    rounds.timed("spark: read only", lambda: frame.write.format("noop").mode("overwrite").save())
    rounds.timed("spark: arrow UDF, no work", lambda: run(_identity_udf()(F.col("url"))))
    rounds.timed("spark: rfc1738.spark.check", lambda: run(rfc1738.spark.check("url")))


_IDENTITY: Any = None


def _identity_udf() -> Any:
    global _IDENTITY
    if _IDENTITY is None:
        from pyspark.sql import functions as F

        def same(urls: pa.Array) -> pa.Array:
            return urls

        _IDENTITY = F.arrow_udf(same, "string")  # type: ignore[attr-defined]
    return _IDENTITY


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--invalid-share", type=float, default=0.1)
    parser.add_argument("--seed", type=int, default=1738)
    parser.add_argument("--per-url-rows", type=int, default=100_000,
                        help="URLs for the one-call-per-URL contenders (slow)")
    parser.add_argument("--skip", default="", help="comma-separated: polars,duckdb,datafusion,spark,per-url")
    args = parser.parse_args()
    skip = set(filter(None, args.skip.split(",")))

    urls = corpus(args.rows, args.invalid_share, args.seed)
    array = pa.array(urls, pa.string())
    megabytes = array.nbytes / 1e6
    print(f"corpus: {len(urls):,} URLs ({megabytes:.1f} MB), {args.invalid_share:.0%} near-misses; "
          f"{os.cpu_count()} cores; rfc1738 {rfc1738.__version__}, pyarrow {pa.__version__}", flush=True)
    valid = sum(rfc1738.is_valid_arrow(array).to_pylist())
    print(f"valid: {valid:,}", flush=True)

    spark = None
    parquet = None
    if "spark" not in skip:
        from pyspark.sql import SparkSession

        os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
        spark = (SparkSession.builder.master("local[2]").appName("rfc1738-bench")
                 .config("spark.ui.enabled", "false").config("spark.ui.showConsoleProgress", "false")
                 .config("spark.driver.memory", "4g").getOrCreate())
        spark.sparkContext.setLogLevel("ERROR")
        parquet = os.path.join(tempfile.mkdtemp(), "urls.parquet")
        pq.write_table(pa.table({"url": array}), parquet, row_group_size=250_000)
        spark_round(spark, parquet, Rounds())  # warm-up: the JVM and the Python workers

    engine_runs = engines(array, skip)
    sample = urls[: args.per_url_rows]
    sample_array = pa.array(sample, pa.string())
    rounds = Rounds()
    for number in range(args.rounds):
        seconds, _ = _rfc1738._rust_batch_baseline(array, "rfc1738", "check")
        rounds.add("rust batch check", seconds)
        rounds.timed("check_arrow", lambda: rfc1738.check_arrow(array))
        seconds, _ = _rfc1738._rust_batch_baseline(array, "rfc1738", "is_valid")
        rounds.add("rust batch is_valid", seconds)
        rounds.timed("is_valid_arrow", lambda: rfc1738.is_valid_arrow(array))
        for name, run in engine_runs.items():
            rounds.timed(name, run)
        if "per-url" not in skip:
            seconds, _ = _rfc1738._rust_batch_baseline(sample_array, "rfc1738", "check")
            rounds.add("rust batch check (per-URL sample)", seconds)
            seconds, _ = _rfc1738._rust_batch_baseline(sample_array, "rfc1738", "is_valid")
            rounds.add("rust batch is_valid (per-URL sample)", seconds)
            rounds.timed("check() per URL", lambda: [rfc1738.check(u) for u in sample])
            rounds.timed("is_valid() per URL", lambda: [rfc1738.is_valid(u) for u in sample])
        if spark is not None:
            spark_round(spark, parquet, rounds)  # type: ignore[arg-type]
        print(f"round {number + 1}/{args.rounds} done", flush=True)

    base = rounds.median("rust batch check")
    base_valid = rounds.median("rust batch is_valid")
    print()
    print("| contender | URLs | median s | URLs/s | throughput vs Rust batch |")
    print("|---|---:|---:|---:|---:|")

    def line(name: str, rows: int, reference: float, reference_rows: int) -> None:
        median = rounds.median(name)
        rate = rows / median
        ratio = rate / (reference_rows / reference)
        print(f"| {name} | {rows:,} | {median:.3f} | {rate:,.0f} | {ratio:.2f}x |")

    line("rust batch check", len(urls), base, len(urls))
    line("check_arrow", len(urls), base, len(urls))
    for name in engine_runs:
        line(name, len(urls), base, len(urls))
    if spark is not None:
        for name in ("spark: read only", "spark: arrow UDF, no work", "spark: rfc1738.spark.check"):
            line(name, len(urls), base, len(urls))
    line("rust batch is_valid", len(urls), base_valid, len(urls))
    line("is_valid_arrow", len(urls), base_valid, len(urls))
    if "per-url" not in skip:
        line("check() per URL", len(sample), rounds.median("rust batch check (per-URL sample)"), len(sample))
        line("is_valid() per URL", len(sample), rounds.median("rust batch is_valid (per-URL sample)"), len(sample))
    if spark is not None:
        read = rounds.median("spark: read only")
        passing = rounds.median("spark: arrow UDF, no work")
        checking = rounds.median("spark: rfc1738.spark.check")
        print()
        print(f"spark local[2]: {checking:.2f} s in all; reading the Parquet file {read:.2f} s, "
              f"handing the batches to Python and back {passing - read:.2f} s, checking and the struct "
              f"column's way back {checking - passing:.2f} s (check_arrow alone: {rounds.median('check_arrow'):.2f} s)")
        spark.stop()
    print()
    print("rounds:", {name: [round(t, 3) for t in times] for name, times in rounds.times.items()})


if __name__ == "__main__":
    main()
