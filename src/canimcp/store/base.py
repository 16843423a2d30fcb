"""The run store's interface: runs (one per client connection) and their messages, written as they arrive."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Protocol


@dataclass
class RunRow:
    """One stored run; `fields` holds everything else the report carries (JSON-serialisable)."""

    id: str
    started: str
    transport: str
    era: str = "handshake"
    ended: str | None = None
    fields: dict[str, Any] = field(default_factory=dict)


@dataclass
class MessageRow:
    """One message as it crossed the wire: `raw` is the exact bytes, `meta` the HTTP method, path, headers..."""

    seq: int
    t: float
    direction: str
    raw: bytes
    meta: dict[str, Any] = field(default_factory=dict)


def dumps(value: Any) -> str:
    """JSON text that round-trips the parsed client objects exactly (key order kept, no ASCII escaping)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


class RunStore(Protocol):
    """Every write is durable when it returns (a committed transaction), so kill -9 loses nothing written."""

    url: str

    async def open(self) -> None: ...

    async def close(self) -> None: ...

    async def create_run(self, run: RunRow) -> None: ...

    async def update_run(
        self, run_id: str, *, era: str | None = None, ended: str | None = None, fields: dict[str, Any] | None = None
    ) -> None:
        """Set `era` / `ended` when given, and merge `fields` into the run's stored fields."""

    async def append(self, run_id: str, message: MessageRow, *, wait: bool = True) -> None:
        """Store one message. wait=False may return before it is stored (still in order with other writes)."""

    async def list_runs(self, limit: int = 100) -> list[RunRow]:
        """Newest first."""

    async def get_run(self, run_id: str) -> tuple[RunRow, list[MessageRow]] | None:
        """The run and its messages in order; a unique id prefix is accepted too."""
