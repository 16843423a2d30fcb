"""Tool calls run as tasks (2025-11-25), the probe's side. A session that negotiated 2025-11-25 is told that the
server takes task-augmented tools/call (`tasks.requests.tools.call`), and `task_tool` says its calls must be tasks
(`execution.taskSupport: "required"`). A plain call of it gets -32601, as the spec says a server must answer; a
task-augmented one gets a CreateTaskResult, and the task completes after `DELAY`, so that a client has a working
task to poll with tasks/get before tasks/result gives it the tool's result."""

from __future__ import annotations

import asyncio
import secrets
from dataclasses import dataclass, field
from typing import Any

from .clock import now_iso

DELAY = 0.5  # seconds a task of task_tool stays "working"
POLL_MS = 250  # the pollInterval the probe suggests
TTL_MS = 60_000  # the ttl the probe grants when the client asks for none
RELATED = "io.modelcontextprotocol/related-task"


@dataclass
class ToolTask:
    task_id: str
    ttl: int
    result: dict[str, Any]
    created: str = field(default_factory=now_iso)
    updated: str = ""
    done: asyncio.Event = field(default_factory=asyncio.Event)

    def view(self) -> dict[str, Any]:
        """The task as tasks/get and a CreateTaskResult show it."""
        status = "completed" if self.done.is_set() else "working"
        return {
            "taskId": self.task_id,
            "status": status,
            "createdAt": self.created,
            "lastUpdatedAt": self.updated or self.created,
            "ttl": self.ttl,
            "pollInterval": POLL_MS,
        }

    def finish(self) -> None:
        self.updated = now_iso()
        self.done.set()


class ToolTasks:
    """The tasks one session's task-augmented tool calls created."""

    def __init__(self) -> None:
        self._tasks: dict[str, ToolTask] = {}

    def create(self, task: Any, result: dict[str, Any]) -> dict[str, Any]:
        """Start a task that ends with `result`; the CreateTaskResult for the call's `task` params."""
        ttl = task.get("ttl") if isinstance(task, dict) else None
        created = ToolTask(f"cmcp-task-{secrets.token_hex(4)}", ttl if isinstance(ttl, int) else TTL_MS, result)
        self._tasks[created.task_id] = created
        asyncio.get_running_loop().call_later(DELAY, created.finish)
        return {"task": created.view()}

    def get(self, task_id: Any) -> ToolTask | None:
        return self._tasks.get(task_id) if isinstance(task_id, str) else None

    async def result(self, task: ToolTask) -> dict[str, Any]:
        """tasks/result: waits for the task to end, then its tool result, tied to the task in `_meta`."""
        await task.done.wait()
        return {**task.result, "_meta": {RELATED: {"taskId": task.task_id}}}
