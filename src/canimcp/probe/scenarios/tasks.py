"""Tasks with the client as receiver (a 2025-11-25 feature, asked of every client whatever it negotiated): does
the client answer tasks/list, run a sampling or elicitation request as a task when asked to (a CreateTaskResult,
then tasks/get and tasks/result), and cancel one on tasks/cancel?

A receiver of task-augmented requests must answer tasks/get, so the probe also asks a client that declares no
`tasks` for a task that does not exist: a "method not found" there shows the client has no task methods at all,
which answers the parts it could not be asked (a "task not found" shows that it has them)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ...model.probe import NO_TASK_METHODS
from ..transcript import Entry, Transcript
from .base import Act, Rating, Scenario, outcome, rate
from .elicitation import SCHEMA
from .sampling import PROMPT

NO_SUCH_TASK = "cmcp-no-such-task"
METHOD_NOT_FOUND = -32601
TTL_MS = 60_000
TERMINAL = ("completed", "failed", "cancelled")
# what the probe asks to run as a task, by feature: the method and its plain params
AUGMENTABLE: dict[str, tuple[str, dict[str, Any]]] = {
    "tasks.requests.sampling.createMessage": ("sampling/createMessage", {"messages": [PROMPT], "maxTokens": 32}),
    "tasks.requests.elicitation.create": (
        "elicitation/create",
        {"mode": "form", "message": "canimcp probe: enter any name.", "requestedSchema": SCHEMA},
    ),
}


def task_of(result: Any) -> dict[str, Any] | None:
    """The task of a CreateTaskResult (or of a tasks/get or tasks/cancel result, which is the task itself)."""
    task = result.get("task", result) if isinstance(result, dict) else None
    ok = isinstance(task, dict) and isinstance(task.get("taskId"), str) and isinstance(task.get("status"), str)
    return task if ok else None


def _created(result: Any) -> bool:
    return isinstance(result, dict) and task_of(result.get("task")) is not None


def _listed(result: Any) -> bool:
    return isinstance(result, dict) and isinstance(result.get("tasks"), list)


def _error_code(t: Transcript, request: Entry) -> int | None:
    answer = t.response_to(request)
    error = answer.obj.get("error") if answer is not None and answer.obj else None
    code = error.get("code") if isinstance(error, dict) else None
    return code if isinstance(code, int) else None


class Tasks(Scenario):
    features = ("tasks", "tasks.list", "tasks.cancel", *AUGMENTABLE)
    order = 20  # after the plain sampling and elicitation requests, so that those are judged on their own

    async def act(self, act: Act) -> None:
        if act.declared("tasks.list") or act.probe_undeclared:
            await act.request("tasks/list")
        if not act.declared("tasks") and act.probe_undeclared:
            await act.request("tasks/get", {"taskId": NO_SUCH_TASK})
        declared = [feature for feature in AUGMENTABLE if act.declared(feature)]
        for feature in declared:
            task_id = await self._ask_for_task(act, feature)
            if task_id is not None:
                await act.request("tasks/get", {"taskId": task_id})
                await act.request("tasks/result", {"taskId": task_id})  # the receiver holds it until the task ends
        if declared and act.declared("tasks.cancel"):
            task_id = await self._ask_for_task(act, declared[0])
            if task_id is not None:
                await act.request("tasks/cancel", {"taskId": task_id})
                await act.request("tasks/get", {"taskId": task_id})

    @staticmethod
    async def _ask_for_task(act: Act, feature: str) -> str | None:
        method, params = AUGMENTABLE[feature]
        response = await act.request(method, {**params, "task": {"ttl": TTL_MS}})
        result = response.get("result") if response else None
        task = task_of(result.get("task")) if isinstance(result, dict) else None
        return task["taskId"] if task else None

    def assess(self, t: Transcript) -> Iterable[Rating]:
        source = t.declaring
        probe_gets = [e for e in t.requests("tasks/get", direction="out") if e.params.get("taskId") == NO_SUCH_TASK]
        absent = next((e for e in probe_gets if _error_code(t, e) == METHOD_NOT_FOUND), None)
        no_methods = [absent, *filter(None, [t.response_to(absent)])] if absent else []

        def judged(feature: str, worked: bool | None, evidence: Sequence[Entry | int], reason: str) -> Rating:
            if worked is None and reason == "not sent" and no_methods:
                worked, evidence, reason = False, no_methods, NO_TASK_METHODS
            if not evidence and source is not None and t.declared(feature):
                evidence = [source]  # nothing else speaks to it: the declaration does
            detail = {"outcome": reason} if reason != "not sent" else None
            return rate(feature, t.declared(feature), worked, evidence, detail=detail)

        ratings = [judged("tasks.list", *outcome(t, list(t.requests("tasks/list", direction="out")), _listed))]
        for feature, (method, _) in AUGMENTABLE.items():
            asked = [e for e in t.requests(method, direction="out") if "task" in e.params]
            worked, evidence, reason = outcome(t, asked, _created)
            if worked is False and reason == "invalid result":
                reason = "answered without a task"  # it ran the request at once and ignored `task`
            if worked:
                worked, evidence, reason = _delivered(t, evidence, worked, reason)
            ratings.append(judged(feature, worked, evidence, reason))
        ratings.append(judged("tasks.cancel", *self._cancel(t)))
        yield from ratings
        works = [i for _, r in ratings if r.observed in ("supported", "undeclared-but-works") for i in r.evidence]
        yield judged("tasks", True if works else None, works, "not sent")

    @staticmethod
    def _cancel(t: Transcript) -> tuple[bool | None, list[Entry], str]:
        cancels = list(t.requests("tasks/cancel", direction="out"))
        worked, evidence, reason = outcome(t, cancels, lambda r: (task_of(r) or {}).get("status") == "cancelled")
        if worked is False:
            # a task that had already ended cannot be cancelled: the probe was too slow, the client did nothing wrong
            later = [e for e in t.requests("tasks/get", direction="out") if e.index > cancels[-1].index]
            states = [(task_of(_result(t, e)) or {}).get("status") for e in later]
            if states and all(s in TERMINAL and s != "cancelled" for s in states):
                worked, reason = None, "the task had ended before tasks/cancel"
        return worked, evidence, reason


def _result(t: Transcript, request: Entry) -> Any:
    answer = t.response_to(request)
    return answer.obj.get("result") if answer is not None and answer.obj else None


def _delivered(t: Transcript, evidence: list[Entry], worked: bool, reason: str) -> tuple[bool, list[Entry], str]:
    """A created task counts once its result came back from tasks/result, where the probe asked for it."""
    answer = evidence[-1].obj or {}  # the CreateTaskResult `outcome` accepted
    created = task_of(answer.get("result", {}).get("task"))
    task_id = created["taskId"] if created else None
    fetched = [e for e in t.requests("tasks/result", direction="out") if e.params.get("taskId") == task_id]
    answers = [a for a in map(t.response_to, fetched) if a is not None]
    if not fetched:
        return worked, evidence, reason
    if any(a.obj and isinstance(a.obj.get("result"), dict) for a in answers):
        return True, [*evidence, fetched[0], *answers[:1]], reason
    return False, [*evidence, *fetched[:1], *answers[:1]], "no result from tasks/result"
