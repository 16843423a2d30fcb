from __future__ import annotations

import os
from pathlib import Path

import pytest


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'probe.sqlite3'}"


@pytest.fixture
def pg_url() -> str:
    url = os.environ.get("CANIMCP_TEST_PG_URL")
    if not url:
        pytest.skip("CANIMCP_TEST_PG_URL is not set (.ci/run starts PostgreSQL and sets it)")
    return url
