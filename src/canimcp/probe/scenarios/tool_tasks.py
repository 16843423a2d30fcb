"""Tool calls run as tasks (2025-11-25): the probe declares `tasks.requests.tools.call` and lists `task_tool`, whose
`execution.taskSupport` is "required" (fixtures.py, tool_tasks.py). Does a client that calls it call it as a task
(a tools/call with `task`) and then fetch the result with tasks/result? A plain call of it is refused with -32601,
as the spec has a server do; the harness's callers call it wherever it is listed. Some SDKs refuse a plain call of
such a tool themselves, sending nothing: the harness's scripted model then reports `called:task_tool` to the probe,
which is how the probe learns that the call was made and went nowhere."""

from __future__ import annotations

from collections.abc import Iterable

from ..fixtures import TASK_TOOL, runs_tool_tasks
from ..transcript import Entry, Transcript
from .base import Rating, Scenario, plain
from .tasks import task_of

FEATURE = "tools.tasks"
PLAIN_CALL = "called the tool without task metadata"
NO_RESULT = "created the task, never asked tasks/result for it"
NOT_SENT = "the model called the tool; the client sent no call of it"


def _task_id(t: Transcript, call: Entry) -> str | None:
    response = t.response_to(call)
    result = response.obj.get("result") if response is not None and isinstance(response.obj, dict) else None
    task = task_of(result.get("task")) if isinstance(result, dict) else None
    return task["taskId"] if task else None


def _listed(t: Transcript) -> Entry | None:
    """The first tools/list answer that listed task_tool, if this connection had one."""
    return next(
        (
            answer
            for answer, tools in t.tool_listings()
            if any(isinstance(x, dict) and x.get("name") == TASK_TOOL for x in tools)
        ),
        None,
    )


class ToolTasks(Scenario):
    features = (FEATURE,)

    def assess(self, t: Transcript) -> Iterable[Rating]:
        calls = [e for e in t.requests("tools/call") if e.params.get("name") == TASK_TOOL]
        if not runs_tool_tasks(t.negotiated_version):
            yield plain(FEATURE, None)
            return
        if not calls:
            # the harness's scripted model says it called the tool, and no call came on the connection that listed it:
            # the client refused the call itself (a client that opens a connection per call, whose report comes on a
            # connection that listed nothing, may have sent the call on another)
            listed = _listed(t)
            said = [e for e in t.model_said(f"called:{TASK_TOOL}") if listed is not None and e.index > listed.index]
            outcome = {"outcome": NOT_SENT} if said else None
            yield plain(
                FEATURE, False if said else None, [*said[:1], *([listed] if said and listed else [])], detail=outcome
            )
            return
        as_tasks = [c for c in calls if isinstance(c.params.get("task"), dict)]
        ids = {task_id for c in as_tasks if (task_id := _task_id(t, c))}
        polls = [e for e in t.requests("tasks/get") if e.params.get("taskId") in ids]
        fetches = [e for e in t.requests("tasks/result") if e.params.get("taskId") in ids]
        fetched = [f for f in fetches if (r := t.response_to(f)) is not None and r.obj and "result" in r.obj]
        detail = {"calls": len(calls), "asTask": len(as_tasks), "polls": len(polls), "resultFetched": bool(fetched)}
        if fetched:
            yield plain(FEATURE, True, [as_tasks[0], *polls[:1], fetched[0]], detail=detail)
        elif as_tasks:
            yield plain(FEATURE, False, [as_tasks[0], *polls[:1]], detail={**detail, "outcome": NO_RESULT})
        else:
            yield plain(FEATURE, False, calls[:2], detail={**detail, "outcome": PLAIN_CALL})
