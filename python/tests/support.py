"""What the tests share: the project's own ``rfc1738`` command, which the
Python package is held equal to, the corpora it generates, the documents'
examples, and the row ``check_arrow`` must give for a URL.

The command is found at ``$RFC1738_CLI``, or else in the repository's
``target/release`` or ``target/debug``; it is built with Cargo when it is in
none of them (``python/ci.sh`` builds it first).
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any, Iterable, Sequence

import rfc1738

PYTHON_DIR = Path(__file__).resolve().parent.parent
REPO = PYTHON_DIR.parent
DATA = REPO / "tests" / "data"


def find_cli() -> Path:
    configured = os.environ.get("RFC1738_CLI")
    if configured:
        return Path(configured)
    for profile in ("release", "debug"):
        candidate = REPO / "target" / profile / "rfc1738"
        if candidate.exists():
            return candidate
    subprocess.run(["cargo", "build", "--quiet", "--bin", "rfc1738"], cwd=REPO, check=True)
    return REPO / "target" / "debug" / "rfc1738"


class Cli:
    """The ``rfc1738`` command, run on lines written to a file."""

    def __init__(self, path: Path, tmp: Path) -> None:
        self.path = path
        self.tmp = tmp
        self.runs = 0

    def run(self, *args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
        return subprocess.run([str(self.path), *args], input=stdin, capture_output=True, check=False)

    def _file(self, lines: Iterable[bytes]) -> Path:
        self.runs += 1
        path = self.tmp / f"lines-{self.runs}.txt"
        path.write_bytes(b"\n".join(lines) + b"\n")
        return path

    def check(self, lines: Sequence[bytes], spec: str = "rfc1738") -> list[dict[str, Any]]:
        """``check --format json`` of each line: one record per line, in order.
        Lines must not be blank (the command skips those)."""
        assert all(line.strip() for line in lines), "the command skips blank lines"
        assert all(b"\n" not in line and not line.endswith(b"\r") for line in lines)
        done = self.run("check", "--format", "json", "--spec", spec, "--file", str(self._file(lines)))
        assert done.returncode in (0, 1), done.stderr.decode()
        records = [json.loads(line) for line in done.stdout.splitlines()]
        assert len(records) == len(lines)
        for record in records:
            record.pop("file")
            record.pop("input_line")
            # No --deny was given, so no warning fails a URL.
            assert record.pop("denied") == [], record
        return records

    def explain(self, url: str, spec: str = "rfc1738") -> dict[str, Any]:
        done = self.run("explain", "--format", "json", "--spec", spec, "--", url)
        assert done.returncode in (0, 1), done.stderr.decode()
        return json.loads(done.stdout)

    def gen(self, count: int, seed: int, *, invalid: bool = False, spec: str = "rfc1738", scheme: str | None = None) -> list[bytes]:
        args = ["gen", "--count", str(count), "--seed", str(seed), "--spec", spec]
        if invalid:
            args.append("--invalid")
        if scheme:
            args += ["--scheme", scheme]
        done = self.run(*args)
        assert done.returncode == 0, done.stderr.decode()
        return done.stdout.splitlines()


def examples() -> list[tuple[str, str]]:
    """Every example URL of the specification documents, with its group
    (``tests/data/examples.txt``)."""
    group = ""
    out: list[tuple[str, str]] = []
    for line in (DATA / "examples.txt").read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            group = line[1:-1]
            continue
        out.append((group, line))
    return out


def specs_of(group: str) -> tuple[str, ...]:
    """The specifications an example is read by, as the crate's snapshot
    test reads them: uri(7)'s and RFC 3986's by all four, RFC 1738's
    Appendix by Section 5, the later documents' by Section 5 and RFC 3986."""
    if group in ("uri7", "rfc3986"):
        return ("rfc1738", "draft07", "rfc2396", "rfc3986")
    if group == "rfc1738-appendix":
        return ("rfc1738", "draft07")
    return ("rfc1738", "draft07", "rfc3986")


def readme_blocks() -> list[str]:
    """The ```python blocks of python/README.md, in order."""
    blocks: list[str] = []
    current: list[str] | None = None
    for line in (PYTHON_DIR / "README.md").read_text(encoding="utf-8").splitlines():
        if current is None and line.strip() == "```python":
            current = []
        elif current is not None and line.strip() == "```":
            blocks.append("\n".join(current) + "\n")
            current = None
        elif current is not None:
            current.append(line)
    return blocks


def expected_row(url: Any, spec: str = "rfc1738") -> "dict[str, Any] | None":
    """What check_arrow must say of ``url`` (``None`` for a null), from check."""
    if url is None:
        return None
    result = rfc1738.check(url, spec)
    error = result.error
    return {
        "valid": result.valid,
        "offset": error.offset if error else None,
        "rule": error.rule if error else None,
        "expected": list(error.expected) if error else None,
        "scheme": result.scheme,
        "warnings": [w.code for w in result.warnings],
        "message": error.message if error else None,
        "help": error.help if error else None,
        "fix": error.fix if error else None,
        "valid_under": list(error.valid_under) if error else None,
    }
