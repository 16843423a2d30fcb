"""The run store: probe runs and every message of them, SQLite by default, PostgreSQL when configured."""

from __future__ import annotations

import os
from pathlib import Path

from .base import MessageRow, RunRow, RunStore

__all__ = ["MessageRow", "RunRow", "RunStore", "default_db_url", "open_store"]


def default_db_url() -> str:
    """`$CANIMCP_DB`, else a SQLite file in the user's data directory."""
    if env := os.environ.get("CANIMCP_DB"):
        return env
    import platformdirs

    return f"sqlite:///{platformdirs.user_data_path('canimcp') / 'probe.sqlite3'}"


def open_store(url: str | None = None) -> RunStore:
    """A store for `url`: `sqlite:///ABSOLUTE/PATH`, `postgresql://...`, or a plain (relative or absolute) file path."""
    url = url or default_db_url()
    if url.startswith(("postgresql://", "postgres://")):
        from .postgres import PostgresStore

        return PostgresStore(url)
    from .sqlite import SQLiteStore

    if url.startswith("sqlite://"):
        path = url.removeprefix("sqlite://")
        if path.strip("/") in ("", ":memory:"):
            return SQLiteStore(":memory:", url)
        return SQLiteStore(Path("/" + path.lstrip("/")), url)
    if "://" in url:
        raise ValueError(f"unsupported --db URL {url!r}: use sqlite:///PATH or postgresql://...")
    return SQLiteStore(Path(url), f"sqlite:///{Path(url).resolve()}")
