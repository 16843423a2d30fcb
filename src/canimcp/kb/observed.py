"""Support statements derived from probe runs (reports with a `harness` block under probes/).

They never overwrite hand-written statements: `KnowledgeBase.statements` falls back to them only where
no statement was written for that client and feature; `canimcp probe review` lists where they disagree.
Only each client's newest probed version counts; older runs remain as history."""

from __future__ import annotations

from ..model import Evidence, ProbeReport, Statement
from .rules.kb015_version_range import version_key

_STATES = {
    "supported": ("yes", True), "undeclared-but-works": ("yes", True),
    "unsupported": ("no", False), "declared-but-failed": ("no", False),
}  # fmt: skip


def derive(probes: dict[str, ProbeReport]) -> dict[str, dict[str, list[Statement]]]:
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
            if result.observed not in _STATES:
                continue
            state, works = _STATES[result.observed]
            statement = Statement(
                state=state, since=h.version, declared=result.declared, observed=works,
                notes=f"observed by the probe: {result.observed} ({report.transport}, {h.mode}, {report.started[:10]})",
                evidence=[Evidence(probe=report_id)],
            )  # fmt: skip
            out.setdefault(h.client, {}).setdefault(feature_id, []).append(statement)
    return out
