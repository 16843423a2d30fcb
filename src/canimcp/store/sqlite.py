"""The SQLite run store (the default): WAL, written by one thread that commits whatever is queued as one
transaction (group commit), so a busy probe pays one commit per batch instead of one per message."""

from __future__ import annotations

import asyncio
import json
import queue
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from .base import MessageRow, RunRow, dumps

T = TypeVar("T")

SCHEMA = """
CREATE TABLE IF NOT EXISTS runs (
  id TEXT PRIMARY KEY,
  started TEXT NOT NULL,
  ended TEXT,
  transport TEXT NOT NULL,
  era TEXT NOT NULL,
  fields TEXT NOT NULL DEFAULT '{}'
);
CREATE TABLE IF NOT EXISTS messages (
  run_id TEXT NOT NULL REFERENCES runs(id),
  seq INTEGER NOT NULL,
  t REAL NOT NULL,
  direction TEXT NOT NULL,
  raw BLOB NOT NULL,
  meta TEXT NOT NULL DEFAULT '{}',
  PRIMARY KEY (run_id, seq)
);
CREATE INDEX IF NOT EXISTS runs_started ON runs(started);
"""

Job = tuple[Callable[[sqlite3.Connection], Any], "asyncio.Future[Any] | None", "asyncio.AbstractEventLoop | None"]


def _settle_all(settled: list[tuple[asyncio.Future[Any], Any, BaseException | None]]) -> None:
    for future, result, error in settled:
        if future.done():
            continue
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(result)


class SQLiteStore:
    """Every job runs on the writer thread, in submission order, so reads see every earlier write. A write that is
    awaited has been committed (WAL, synchronous=NORMAL: in the database file for any later reader, and safe from
    a killed probe). The probe awaits each message it receives before acting on it; what it sends, and the run's
    own row, are queued without waiting, in order (a later read, or close(), sees them)."""

    def __init__(self, path: Path | str, url: str | None = None) -> None:
        self.path = str(path)
        self.url = url or f"sqlite:///{path}"
        self._jobs: queue.SimpleQueue[Job | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._failure: BaseException | None = None

    def _connect(self) -> sqlite3.Connection:
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        db.execute("PRAGMA busy_timeout=5000")
        db.executescript(SCHEMA)
        return db

    def _work(self) -> None:
        try:
            db = self._connect()
        except BaseException as exc:
            self._failure = exc
            self._ready.set()
            return
        self._ready.set()
        running = True
        while running:
            first = self._jobs.get()
            if first is None:
                break
            batch = [first]
            while True:  # everything queued meanwhile goes into the same transaction
                try:
                    job = self._jobs.get_nowait()
                except queue.Empty:
                    break
                if job is None:
                    running = False
                    break
                batch.append(job)
            outcomes: list[tuple[Any, BaseException | None]] = []
            db.execute("BEGIN")
            for work, _, _ in batch:
                try:
                    outcomes.append((work(db), None))
                except Exception as exc:  # one bad statement fails its own caller, not the batch
                    outcomes.append((None, exc))
            db.execute("COMMIT")
            # one wake-up per event loop and batch, not one per message
            waiting: dict[asyncio.AbstractEventLoop, list[tuple[asyncio.Future[Any], Any, BaseException | None]]] = {}
            for (_, future, loop), (result, error) in zip(batch, outcomes, strict=True):
                if future is not None and loop is not None:
                    waiting.setdefault(loop, []).append((future, result, error))
            for loop, settled in waiting.items():
                if not loop.is_closed():
                    loop.call_soon_threadsafe(_settle_all, settled)
        db.close()

    def _start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._work, name="canimcp-sqlite", daemon=True)
            self._thread.start()
            self._ready.wait()
            if self._failure is not None:
                failure, self._failure, self._thread = self._failure, None, None
                raise failure

    async def _run(self, work: Callable[[sqlite3.Connection], T], wait: bool = True) -> T | None:
        self._start()
        if not wait:
            self._jobs.put((work, None, None))
            return None
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        self._jobs.put((work, future, loop))
        return await future

    async def open(self) -> None:
        self._start()

    async def close(self) -> None:
        if self._thread is not None:
            self._jobs.put(None)
            await asyncio.to_thread(self._thread.join)
            self._thread = None

    async def create_run(self, run: RunRow) -> None:
        sql = "INSERT INTO runs (id, started, ended, transport, era, fields) VALUES (?, ?, ?, ?, ?, ?)"
        params = (run.id, run.started, run.ended, run.transport, run.era, dumps(run.fields))
        await self._run(lambda db: db.execute(sql, params), wait=False)

    async def update_run(
        self, run_id: str, *, era: str | None = None, ended: str | None = None, fields: dict[str, Any] | None = None
    ) -> None:
        if any(not key.isidentifier() for key in fields or {}):
            raise ValueError(f"run field names must be identifiers: {sorted(fields or {})}")
        # one statement: json_set keeps nested nulls and key order of the values as given (json_patch would not)
        assignments = "".join(f", '$.\"{key}\"', json(?)" for key in (fields or {}))
        sql = (
            "UPDATE runs SET era = COALESCE(?, era), ended = COALESCE(?, ended), "
            f"fields = json_set(fields{assignments}) WHERE id = ?"
        )
        params = (era, ended, *(dumps(value) for value in (fields or {}).values()), run_id)
        await self._run(lambda db: db.execute(sql, params), wait=False)

    async def append(self, run_id: str, message: MessageRow, *, wait: bool = True) -> None:
        sql = "INSERT INTO messages (run_id, seq, t, direction, raw, meta) VALUES (?, ?, ?, ?, ?, ?)"
        params = (run_id, message.seq, message.t, message.direction, message.raw, dumps(message.meta))
        await self._run(lambda db: db.execute(sql, params), wait)

    async def list_runs(self, limit: int = 100) -> list[RunRow]:
        sql = "SELECT id, started, ended, transport, era, fields FROM runs ORDER BY started DESC LIMIT ?"
        rows = await self._run(lambda db: db.execute(sql, (limit,)).fetchall())
        return [_run(row) for row in rows or []]

    async def get_run(self, run_id: str) -> tuple[RunRow, list[MessageRow]] | None:
        return await self._run(lambda db: _get_run(db, run_id))


def _get_run(db: sqlite3.Connection, run_id: str) -> tuple[RunRow, list[MessageRow]] | None:
    rows = db.execute(
        "SELECT id, started, ended, transport, era, fields FROM runs WHERE id = ? OR substr(id, 1, ?) = ? LIMIT 2",
        (run_id, len(run_id), run_id),
    ).fetchall()
    rows = [row for row in rows if row[0] == run_id] or rows
    if len(rows) != 1:
        return None
    run = _run(rows[0])
    messages = db.execute(
        "SELECT seq, t, direction, raw, meta FROM messages WHERE run_id = ? ORDER BY seq", (run.id,)
    ).fetchall()
    return run, [
        MessageRow(seq, t, direction, bytes(raw), json.loads(meta)) for seq, t, direction, raw, meta in messages
    ]


def _run(row: tuple[Any, ...]) -> RunRow:
    return RunRow(id=row[0], started=row[1], ended=row[2], transport=row[3], era=row[4], fields=json.loads(row[5]))
