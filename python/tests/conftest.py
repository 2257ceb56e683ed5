"""Fixtures: the project's own ``rfc1738`` command (see ``support.py``)."""

from __future__ import annotations

import pytest

from support import Cli, find_cli


@pytest.fixture(scope="session")
def cli(tmp_path_factory: pytest.TempPathFactory) -> Cli:
    return Cli(find_cli(), tmp_path_factory.mktemp("cli"))
