"""Fixtures shared by the tests of tables across devices (a module's own ``store``
fixture, as tests/test_record_failures.py has, takes its place)."""

from __future__ import annotations

from pathlib import Path

import pytest

from kit.record.tables import TableStore


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> TableStore:
    """A tables store of the test's own, the one the pages record into (KIT_RECORD_URL)."""
    url = f"sqlite:///{tmp_path}/playtests.sqlite"
    monkeypatch.setenv("KIT_RECORD_URL", url)
    return TableStore(url)
