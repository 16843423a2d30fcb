"""Support statements derived from probe runs (reports with a `harness` block under probes/).

They never overwrite hand-written statements: `KnowledgeBase.statements` falls back to them only where
no statement was written for that client and feature; `canimcp probe review` lists where they disagree.
Only each client's newest probed version counts; older runs remain as history."""

from __future__ import annotations

from typing import Any

from ..model import Client, Condition, Evidence, ProbeReport, Statement
from ..model.probe import (
    GATE_BLIND_RETRY,
    GATE_NO_RETRY,
    GATE_TOO_EARLY,
    HANDSHAKE_ONLY,
    LISTED_BETWEEN_TURNS,
    NO_ROOTS,
    NO_SAMPLING,
    NO_TASK_METHODS,
    NOT_DECLARED,
    NOT_SHOWN,
    VIEW_NOT_READ,
)
from ..versions import version_key

_STATES = {
    "supported": ("yes", True), "undeclared-but-works": ("yes", True),
    "unsupported": ("no", False), "declared-but-failed": ("no", False),
}  # fmt: skip


def state_of(observed: str) -> str:
    """The support state a probe verdict speaks for: yes, no, or unknown (not exercised)."""
    return _STATES[observed][0] if observed in _STATES else "unknown"


EXPIRY = "transport.streamable-http.session-expiry"  # the one feature a run with `--expire-after` is for
# what a library's run as an agent on the scripted model (`--agent`) is for: what of the server's words reaches a
# model, whether the library's own transport comes back for the stream the probe cut under the model's last call,
# whether its agent reads the view a called tool names (what the library does by itself; an app may read it on its
# own), whether its tool list and transport carry a tool's Mcp-Param headers, whether it calls a tool that must run
# as a task as one, and whether it gets through a tool refused until a URL elicitation is complete (its plain script
# calls such tools too, outside an agent); the rest of what such a run shows is the app's doing as much as the
# library's, and its plain runs tell it
MODEL_FEATURES = ("instructions", "tools.structuredContent", "tools.outputSchema", "tools.isError")
AGENT_FEATURES = (
    *MODEL_FEATURES,
    "transport.streamable-http.resumption",
    "mcp-apps.render",
    "stateless.param-headers",
    "tools.tasks",
    "elicitation.url-completion",
)


def _surface(client: Client | None, report: ProbeReport) -> str | None:
    """The surface the run exercised: the recipe's word for it, else the one whose clientInfo name the run saw
    (in the run's mode first: a health command may be a surface of its own)."""
    h = report.harness
    if h is not None and h.surface is not None:
        return h.surface
    name = (report.client_info or {}).get("name")
    if client is None or not isinstance(name, str):
        return None
    named = [i for i in client.client_info if i.name == name and i.surface]
    mode = h.mode if h is not None else None
    named.sort(key=lambda i: 0 if i.mode == mode else 1 if i.mode == "any" else 2)  # stable: file order within
    return named[0].surface if named else None


def derive(probes: dict[str, ProbeReport], clients: dict[str, Client]) -> dict[str, dict[str, list[Statement]]]:
    newest: dict[str, str] = {}
    for report in probes.values():
        h = report.harness
        if h and (h.client not in newest or (version_key(h.version) or ()) > (version_key(newest[h.client]) or ())):
            newest[h.client] = h.version
    out: dict[str, dict[str, list[Statement]]] = {}
    for report_id, report in sorted(probes.items()):
        h = report.harness
        if h is None or h.version != newest[h.client]:
            continue
        for feature_id, result in report.features.items():
            handshake_only = _handshake_only(report, result.detail)
            if (result.observed not in _STATES and not handshake_only) or (h.expire_after and feature_id != EXPIRY):
                continue  # a run whose session the probe cut short by design speaks only to what it was for
            if h.agent and feature_id not in AGENT_FEATURES:
                continue
            state, works = ("no", False) if handshake_only else _STATES[result.observed]
            said = answered_with(result.detail)
            said = f", answered with {said}" if said else _outcome(result.detail)
            observed: str = result.observed
            if handshake_only:
                observed = (
                    f"it opened with initialize (protocolVersion {report.protocol_version}) though the probe also "
                    "offered 2026-07-28, and sent nothing in that era's form"
                )
                if feature_id == "stateless.fallback":
                    observed += "; never trying the stateless form, it has no fallback to make"
                said = ""
            statement = Statement(
                state=state,
                since=h.version,
                surface=_surface(clients.get(h.client), report),
                declared=result.declared,
                observed=works,
                notes=f"observed by the probe: {observed}{said} "
                f"({report.transport}{', OAuth required' * h.auth}{h.offered}, {h.mode}, {report.started[:10]})",
                condition=Condition(install=" and ".join(h.pins)) if h.pins else None,
                evidence=[Evidence(probe=report_id)],
            )
            out.setdefault(h.client, {}).setdefault(feature_id, []).append(statement)
    return out


def _handshake_only(report: ProbeReport, detail: dict[str, Any] | None) -> bool:
    """A 2026-07-28 feature the client did not use, in a run whose probe offered that era (not `--era handshake`) on
    stdio or Streamable HTTP: the client does not speak the era there. Runs over the legacy HTTP+SSE transport do not
    count: several clients that speak 2026-07-28 on the other two keep to the handshake on it."""
    h = report.harness
    return (
        h is not None
        and h.eras == "both"
        and report.transport != "sse"
        and (detail or {}).get("outcome") == HANDSHAKE_ONLY
    )


def _outcome(detail: dict[str, Any] | None) -> str:
    """What the notes add where the verdict alone would mislead: a list change picked up only between turns, a
    "no" that says what the scripted model did not see, one that rests on a missing declaration or on missing
    task methods, or a -32042 never got through, and then whether the elicitation it named reached the model."""
    detail = detail or {}
    outcome = detail.get("outcome")
    shown = (LISTED_BETWEEN_TURNS, NOT_SHOWN, NOT_DECLARED, NO_TASK_METHODS, NO_ROOTS, NO_SAMPLING, VIEW_NOT_READ,
             GATE_NO_RETRY, GATE_TOO_EARLY, GATE_BLIND_RETRY)  # fmt: skip
    said = f", {outcome}" if outcome in shown else ""
    if outcome in (GATE_NO_RETRY, GATE_TOO_EARLY, GATE_BLIND_RETRY) and "urlToModel" in detail:
        said += "; the elicitation's URL " + ("reached" if detail["urlToModel"] else "never reached") + " the model"
    return said


def answered_with(detail: dict[str, Any] | None) -> str:
    """What the client answered, where the verdict alone would hide it ("decline", "an empty roots list"), or ""."""
    detail = detail or {}
    actions = detail.get("actions")
    if isinstance(actions, list) and actions:
        return " or ".join(str(a) for a in actions)
    if detail.get("roots") == 0:
        return "an empty roots list"
    return ""
