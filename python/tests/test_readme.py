"""Every Python example of README.md runs as written: the API in brief,
pyarrow, Polars, DuckDB and DataFusion here; the Spark job in
test_spark.py, which starts Spark."""

from __future__ import annotations

import contextlib
import io
import gc
from pathlib import Path

import pytest

from support import readme_blocks


def test_the_readme_has_an_example_of_each_engine() -> None:
    text = "\n".join(readme_blocks())
    for engine in ("import pyarrow", "import polars", "import duckdb", "import datafusion", "rfc1738.spark.check"):
        assert engine in text, engine


def test_the_readmes_examples_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {"__name__": "__readme__"}
    blocks = [block for block in readme_blocks() if "pyspark" not in block]
    assert len(blocks) >= 5
    try:
        for block in blocks:
            with contextlib.redirect_stdout(io.StringIO()):
                exec(compile(block, "README.md", "exec"), namespace)  # noqa: S102
    finally:
        # Nothing of the examples outlives the test (DuckDB reports objects
        # still alive when the interpreter exits).
        namespace.clear()
        gc.collect()
