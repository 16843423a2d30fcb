from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from minikb import MiniKB


@pytest.fixture
def mini(tmp_path: Path) -> MiniKB:
    return MiniKB(tmp_path / "data")


@pytest.fixture(autouse=True, scope="session")
def no_check_cache() -> Iterator[None]:
    """KB019 judges every report afresh in tests (some replace the judging code in process, which no cache key sees);
    the cache's own tests name a folder for it."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CANIMCP_CHECK_CACHE", "off")
        yield


@pytest.fixture(autouse=True, scope="session")
def default_store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Commands run without --db (`canimcp serve`, `canimcp mcp`) store their runs in this session's own file,
    not in the user's data directory; a store named in the environment is kept."""
    if "CANIMCP_DB" in os.environ:
        yield
        return
    os.environ["CANIMCP_DB"] = f"sqlite:///{tmp_path_factory.getbasetemp() / 'default-store.sqlite3'}"
    yield
    del os.environ["CANIMCP_DB"]
