"""The type stubs and annotations: mypy --strict accepts the installed
package, and stubtest finds the native module's stubs equal to it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("mypy")


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=cwd, capture_output=True, text=True, check=False)


def test_mypy_strict_accepts_the_package(tmp_path: Path) -> None:
    done = run("mypy", "--strict", "--ignore-missing-imports", "--cache-dir", str(tmp_path / "cache"), "-p", "rfc1738",
               cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_native_modules_stubs_match_it(tmp_path: Path) -> None:
    done = run("mypy.stubtest", "rfc1738._rfc1738", cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_names_of_the_annotations_are_exported(tmp_path: Path) -> None:
    program = tmp_path / "uses.py"
    program.write_text(
        "import rfc1738\n"
        "def codes(ws: list[rfc1738.Warning]) -> list[str]:\n"
        "    return [w.code for w in ws]\n"
        "def valid(url: rfc1738.UrlInput, spec: rfc1738.SpecName) -> bool:\n"
        "    return rfc1738.is_valid(url, spec)\n"
        "print(codes(rfc1738.parse('http://h:81/').warnings()), valid('news:*', 'rfc1738'))\n"
    )
    done = run("mypy", "--strict", "--cache-dir", str(tmp_path / "cache"), str(program), cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
