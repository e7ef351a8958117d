"""Shared test set-up: no test writes to the user's real hand-history database."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _private_history_db(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Iterator[None]:
    folder: Path = tmp_path_factory.mktemp("history")
    monkeypatch.setenv("SPLITPOT_DB", str(folder / "history.sqlite3"))
    monkeypatch.setenv("XDG_DATA_HOME", str(folder))
    yield
