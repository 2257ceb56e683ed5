"""Apache Spark: :func:`rfc1738.check_arrow` as a column function.

>>> import rfc1738.spark
>>> checked = spark.read.parquet(path).select(rfc1738.spark.check("url"))  # doctest: +SKIP

:func:`check` gives a struct column of ``valid``, ``offset``, ``rule``, ``expected``,
``scheme``, ``warnings``, ``message``, ``help``, ``fix`` and ``valid_under`` (see :func:`rfc1738.check_arrow`);
:func:`is_valid` a boolean column. On Spark 4.1 and later they are
``arrow_udf``\\ s: Spark hands each batch to Python as an Arrow array, and
:func:`rfc1738.check_arrow` checks it with no Python object per URL. Before
4.1 they are ``pandas_udf``\\ s, which convert through pandas.

The executors need the package too: install the wheel on the cluster's
Python, or ship a packed virtual environment with ``--archives`` (see the
package's README).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable, Optional, Union

import rfc1738

if TYPE_CHECKING:  # pragma: no cover
    from pyspark.sql import Column
    from pyspark.sql.types import StructType

__all__ = ["check", "check_type", "is_valid", "uses_arrow_udf"]

ColumnOrName = Union["Column", str]


def check_type() -> "StructType":
    """The Spark type of :func:`check`'s column."""
    from pyspark.sql.types import ArrayType, BooleanType, LongType, StringType, StructField, StructType

    return StructType(
        [
            StructField("valid", BooleanType()),
            StructField("offset", LongType()),
            StructField("rule", StringType()),
            StructField("expected", ArrayType(StringType())),
            StructField("scheme", StringType()),
            StructField("warnings", ArrayType(StringType())),
            StructField("message", StringType()),
            StructField("help", StringType()),
            StructField("fix", StringType()),
            StructField("valid_under", ArrayType(StringType())),
        ]
    )


def uses_arrow_udf() -> bool:
    """Whether this Spark has ``arrow_udf`` (4.1 and later), which
    :func:`check` then uses; ``pandas_udf`` otherwise."""
    from pyspark.sql import functions

    return hasattr(functions, "arrow_udf")


def _arrow_check(spec: str, threads: Optional[int]) -> Callable[[Any], Any]:
    def check_batch(urls: Any) -> Any:
        return rfc1738.check_arrow(urls, spec, threads=threads)  # type: ignore[arg-type]

    return check_batch


def _arrow_is_valid(spec: str, threads: Optional[int]) -> Callable[[Any], Any]:
    def valid_batch(urls: Any) -> Any:
        return rfc1738.is_valid_arrow(urls, spec, threads=threads)  # type: ignore[arg-type]

    return valid_batch


def _pandas_check(spec: str, threads: Optional[int]) -> Callable[[Any], Any]:
    def check_batch(urls: Any) -> Any:
        import pyarrow as pa

        strings = pa.Array.from_pandas(urls, type=pa.large_string())
        checked = rfc1738.check_arrow(strings, spec, threads=threads)  # type: ignore[arg-type]
        table = pa.Table.from_arrays(checked.flatten(), names=[field.name for field in checked.type])
        return table.to_pandas()

    return check_batch


def _pandas_is_valid(spec: str, threads: Optional[int]) -> Callable[[Any], Any]:
    def valid_batch(urls: Any) -> Any:
        import pyarrow as pa

        strings = pa.Array.from_pandas(urls, type=pa.large_string())
        return rfc1738.is_valid_arrow(strings, spec, threads=threads).to_pandas()  # type: ignore[arg-type]

    return valid_batch


@lru_cache(maxsize=None)
def _udf(kind: str, spec: str, arrow: bool, threads: Optional[int]) -> Any:
    """The UDF of ``kind`` (``check`` or ``is_valid``) for ``spec``; an
    ``arrow_udf`` or a ``pandas_udf``."""
    from pyspark.sql import functions
    from pyspark.sql.types import BooleanType

    # Any case, as every function of the package takes it; a ValueError
    # before the job for a name it does not know.
    spec = rfc1738._rfc1738.spec_name(spec)
    return_type = check_type() if kind == "check" else BooleanType()
    if arrow:
        import pyarrow as pa

        function = _arrow_check(spec, threads) if kind == "check" else _arrow_is_valid(spec, threads)
        function.__annotations__ = {"urls": pa.Array, "return": pa.Array}
        function.__name__ = f"rfc1738_{kind}"
        # Spark reads the kind of UDF (scalar: arrays to an array) from the hints.
        return getattr(functions, "arrow_udf")(function, return_type)
    import pandas as pd

    function = _pandas_check(spec, threads) if kind == "check" else _pandas_is_valid(spec, threads)
    function.__annotations__ = {"urls": pd.Series, "return": pd.DataFrame if kind == "check" else pd.Series}
    function.__name__ = f"rfc1738_{kind}"
    return getattr(functions, "pandas_udf")(function, return_type)


def check(
    col: ColumnOrName, spec: str = "rfc1738", *, arrow: Optional[bool] = None, threads: Optional[int] = 1
) -> "Column":
    """Check every URL of a string column: a struct column of ``valid``,
    ``offset``, ``rule``, ``expected``, ``scheme``, ``warnings``, ``message``,
    ``help``, ``fix`` and ``valid_under``, row
    by row what :func:`rfc1738.check` says (null for null).

    ``arrow`` chooses the kind of UDF: ``arrow_udf`` (Spark 4.1 and later,
    the default there) or ``pandas_udf`` (``arrow=False``, the default before).
    ``threads`` is how many threads each task checks its batches on: one,
    by default, since Spark already runs a task per core; ``None`` for all
    the machine's cores (with ``spark.task.cpus`` above 1, say).
    """
    use_arrow = uses_arrow_udf() if arrow is None else arrow
    column: Column = _udf("check", spec, use_arrow, rfc1738._threads(threads))(col)
    return column


def is_valid(
    col: ColumnOrName, spec: str = "rfc1738", *, arrow: Optional[bool] = None, threads: Optional[int] = 1
) -> "Column":
    """The verdict for every URL of a string column, as a boolean column
    (``arrow`` and ``threads`` as for :func:`check`)."""
    use_arrow = uses_arrow_udf() if arrow is None else arrow
    column: Column = _udf("is_valid", spec, use_arrow, rfc1738._threads(threads))(col)
    return column
