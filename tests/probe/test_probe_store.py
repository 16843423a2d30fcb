"""The run store, SQLite and PostgreSQL alike: exact bytes, merged fields, order, prefixes."""

from __future__ import annotations

import asyncio
import secrets
from pathlib import Path

import pytest

from canimcp.store import MessageRow, RunRow, open_store


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'runs.sqlite3'}"
    return str(request.getfixturevalue("pg_url"))


def test_round_trip(url: str) -> None:
    run_id = f"20260101T000000-{secrets.token_hex(4)}"
    hostile = b'{"clientInfo":{"name":"<script>alert(1)</script>"}}'
    not_utf8 = b"\xff\xfe{not json"

    async def go() -> None:
        store = open_store(url)
        await store.open()
        try:
            await store.create_run(RunRow(run_id, "2026-01-01T00:00:00Z", "stdio", fields={"a": 1}))
            await store.append(run_id, MessageRow(0, 0.0, "in", hostile, {"headers": {"x": "y"}}))
            await store.append(run_id, MessageRow(1, 0.5, "in", not_utf8))
            await store.append(run_id, MessageRow(2, 0.75, "out", b""))
            await store.update_run(run_id, era="stateless", fields={"b": {"c": [1, 2]}})
            await store.update_run(run_id, ended="2026-01-01T00:00:01Z", fields={"a": 2})
            stored = await store.get_run(run_id[:-3])  # a unique prefix works
            assert stored is not None
            run, messages = stored
            assert (run.era, run.ended, run.fields) == (
                "stateless",
                "2026-01-01T00:00:01Z",
                {"a": 2, "b": {"c": [1, 2]}},
            )
            assert [m.raw for m in messages] == [hostile, not_utf8, b""]
            assert [m.seq for m in messages] == [0, 1, 2]
            assert messages[0].meta == {"headers": {"x": "y"}}
            assert run_id in [r.id for r in await store.list_runs(1000)]
            assert await store.get_run("no-such-run") is None
        finally:
            await store.close()

    asyncio.run(go())


def test_list_is_newest_first(url: str) -> None:
    tag = secrets.token_hex(4)
    ids = [f"2999010{day}T000000-{tag}" for day in (1, 3, 2)]  # newer than any real run

    async def go() -> list[str]:
        store = open_store(url)
        await store.open()
        try:
            for run_id in ids:
                await store.create_run(RunRow(run_id, run_id, "sse"))
            # the PostgreSQL database outlives test runs: look at this test's runs only
            return [r.id for r in await store.list_runs(1000) if r.id.endswith(tag)]
        finally:
            await store.close()

    assert asyncio.run(go()) == sorted(ids, reverse=True)


def test_url_forms(tmp_path: Path) -> None:
    assert open_store(f"sqlite:///{tmp_path}/a.db").path == f"{tmp_path}/a.db"  # type: ignore[attr-defined]
    assert open_store(f"sqlite:////{tmp_path}/b.db").path == f"{tmp_path}/b.db"  # type: ignore[attr-defined]
    assert open_store(str(tmp_path / "c.db")).path == str(tmp_path / "c.db")  # type: ignore[attr-defined]
    assert type(open_store("postgresql://u:p@127.0.0.1/x")).__name__ == "PostgresStore"
    with pytest.raises(ValueError, match="unsupported"):
        open_store("mysql://x")


def test_default_location_is_the_user_data_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from canimcp.store import default_db_url

    monkeypatch.delenv("CANIMCP_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_db_url() == f"sqlite:///{tmp_path / 'canimcp' / 'probe.sqlite3'}"
