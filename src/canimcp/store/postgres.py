"""The PostgreSQL run store (`--db postgresql://...`), via psycopg 3's async connection, autocommit."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from .base import MessageRow, RunRow, dumps

SCHEMA = """
CREATE TABLE IF NOT EXISTS canimcp_runs (
  id TEXT PRIMARY KEY,
  started TEXT NOT NULL,
  ended TEXT,
  transport TEXT NOT NULL,
  era TEXT NOT NULL,
  fields JSONB NOT NULL DEFAULT '{}'::jsonb
);
CREATE TABLE IF NOT EXISTS canimcp_messages (
  run_id TEXT NOT NULL REFERENCES canimcp_runs(id),
  seq INTEGER NOT NULL,
  t DOUBLE PRECISION NOT NULL,
  direction TEXT NOT NULL,
  raw BYTEA NOT NULL,
  meta TEXT NOT NULL DEFAULT '{}',
  PRIMARY KEY (run_id, seq)
);
CREATE INDEX IF NOT EXISTS canimcp_runs_started ON canimcp_runs(started);
"""


class PostgresStore:
    """One connection, used by one writer at a time; each statement commits on its own (autocommit).
    `fields` is JSONB for querying, but the client's objects are also kept byte-exact in the messages."""

    def __init__(self, url: str) -> None:
        self.url = url
        self._conn: Any = None
        self._lock = asyncio.Lock()

    async def open(self) -> None:
        if self._conn is None:
            import psycopg

            self._conn = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
            async with self._lock:
                await self._conn.execute(SCHEMA)

    async def close(self) -> None:
        if self._conn is not None:
            await self._conn.close()
            self._conn = None

    async def _execute(self, query: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        await self.open()
        async with self._lock:
            cursor = await self._conn.execute(query, params)
            return list(await cursor.fetchall()) if cursor.description else []

    async def create_run(self, run: RunRow) -> None:
        await self._execute(
            "INSERT INTO canimcp_runs (id, started, ended, transport, era, fields) VALUES (%s, %s, %s, %s, %s, %s)",
            (run.id, run.started, run.ended, run.transport, run.era, dumps(run.fields)),
        )

    async def update_run(
        self, run_id: str, *, era: str | None = None, ended: str | None = None, fields: dict[str, Any] | None = None
    ) -> None:
        # jsonb || merges top-level keys in one statement, so concurrent updates of one run cannot lose a key
        await self._execute(
            "UPDATE canimcp_runs SET era = COALESCE(%s, era), ended = COALESCE(%s, ended), "
            "fields = fields || %s::jsonb WHERE id = %s",
            (era, ended, dumps(fields or {}), run_id),
        )

    async def append(self, run_id: str, message: MessageRow, *, wait: bool = True) -> None:
        await self._execute(
            "INSERT INTO canimcp_messages (run_id, seq, t, direction, raw, meta) VALUES (%s, %s, %s, %s, %s, %s)",
            (run_id, message.seq, message.t, message.direction, message.raw, dumps(message.meta)),
        )

    async def list_runs(self, limit: int = 100) -> list[RunRow]:
        rows = await self._execute(
            "SELECT id, started, ended, transport, era, fields::text FROM canimcp_runs ORDER BY started DESC LIMIT %s",
            (limit,),
        )
        return [_run(row) for row in rows]

    async def get_run(self, run_id: str) -> tuple[RunRow, list[MessageRow]] | None:
        rows = await self._execute(
            "SELECT id, started, ended, transport, era, fields::text FROM canimcp_runs "
            "WHERE id = %s OR substr(id, 1, %s) = %s LIMIT 2",
            (run_id, len(run_id), run_id),
        )
        exact = [row for row in rows if row[0] == run_id]
        rows = exact or rows
        if len(rows) != 1:
            return None
        run = _run(rows[0])
        messages = await self._execute(
            "SELECT seq, t, direction, raw, meta FROM canimcp_messages WHERE run_id = %s ORDER BY seq", (run.id,)
        )
        return run, [
            MessageRow(seq, t, direction, bytes(raw), json.loads(meta)) for seq, t, direction, raw, meta in messages
        ]


def _run(row: tuple[Any, ...]) -> RunRow:
    return RunRow(id=row[0], started=row[1], ended=row[2], transport=row[3], era=row[4], fields=json.loads(row[5]))
