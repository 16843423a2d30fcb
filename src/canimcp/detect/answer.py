"""The one-line answer of `canimcp can CLIENT FEATURE` (and of the knowledge base MCP server's `can` tool)."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from typing import Any

from ..kb.verdict import Verdict, in_range, verdict
from ..model import Client, Evidence, Feature, KnowledgeBase


class NotFound(LookupError):
    """A client or feature name matched nothing; `suggestion` is the nearest known name, if any."""

    def __init__(self, what: str, name: str, suggestion: str | None) -> None:
        hint = f"; did you mean '{suggestion}'?" if suggestion else ""
        super().__init__(f"unknown {what} '{name}'{hint}")
        self.suggestion = suggestion


@dataclass
class Answer:
    client: Client
    feature: Feature
    state: str
    line: str
    verdict: Verdict
    conditions: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def exit_code(self) -> int:
        return {"yes": 0, "partial": 0, "no": 1}.get(self.state, 3)

    def as_dict(self) -> dict[str, Any]:
        return {
            "client": self.client.id, "feature": self.feature.id, "state": self.state, "answer": self.line,
            "default": self.verdict.state, "conditions": self.conditions, "evidence": self.verdict.evidence_ids,
            "variants": [{"state": v.state, "when": v.why, "evidence": [e.ref for e in v.statement.evidence]}
                         for v in self.verdict.variants],
            "notes": self.notes,
        }  # fmt: skip


def resolve_client(kb: KnowledgeBase, name: str) -> Client:
    client = kb.find_client(name)
    if client is None:
        names = [n for c in kb.clients.values() for n in (c.id, c.title, *c.aliases, *(i.name for i in c.client_info))]
        raise NotFound("client", name, _nearest(name, names) or _only_one_named_with(kb, name))
    return client


def _only_one_named_with(kb: KnowledgeBase, word: str) -> str | None:
    """The one client that has `word` as a whole word of one of its names ('kernel' in 'semantic-kernel'), too far
    from a whole name for a close match; none when several do ('sdk')."""
    word = word.lower()
    found = {
        c.id
        for c in kb.clients.values()
        for n in (c.id, c.title, *c.aliases)
        if word in re.split(r"[^0-9a-z]+", n.lower())
    }
    return found.pop() if len(found) == 1 else None


def resolve_feature(kb: KnowledgeBase, name: str) -> Feature:
    feature = kb.find_feature(name)
    if feature is None:
        names = [n for f in kb.features.values() for n in (f.id, *f.aliases)]
        raise NotFound("feature", name, _nearest(name, names))
    return feature


def _nearest(name: str, names: list[str]) -> str | None:
    lowered = {n.lower(): n for n in names}
    # difflib's own default cutoff: at 0.5, names with nothing in common but a few letters were offered
    # ('nonexistent' -> 'codex-mcp-client')
    close = difflib.get_close_matches(name.lower(), list(lowered), n=1, cutoff=0.6)
    return lowered[close[0]] if close else None


def _provenance(kb: KnowledgeBase, client: Client, evidence: tuple[Evidence, ...] | list[Evidence]) -> str:
    """'(2026.9.6, source 2026-09-24)': the release the newest evidence was read or run at, and when. A pin in
    another package (the SDK a client builds on) names no release of this client."""
    own = {f"{p.registry}:{p.name}" for p in client.packages}
    best: tuple[str, str, str] | None = None  # (date, kind, version)
    for ev in evidence:
        if ev.source:
            package, _, release = (ev.source.package or "").rpartition("@")
            candidate = (ev.source.date.isoformat(), "source", release if package in own else "")
        elif ev.probe and ev.probe in kb.probes:
            report = kb.probes[ev.probe]
            candidate = (report.started[:10], "probe", report.harness.version if report.harness else "")
        else:
            continue
        if best is None or candidate > best:
            best = candidate
    if best is None:
        return ""
    date, kind, version = best
    return f" ({version + ', ' if version else ''}{kind} {date})"


def answer(
    kb: KnowledgeBase, client_name: str, feature_name: str, version: str | None = None, revision: str | None = None
) -> Answer:
    client, feature = resolve_client(kb, client_name), resolve_feature(kb, feature_name)
    if revision is not None and revision not in kb.revisions:
        raise NotFound("revision", revision, _nearest(revision, list(kb.revisions)))
    v = verdict(kb.statements(client.id, feature.id), client, version=version)
    notes = [n.id for n in kb.notes_about_client(client.id) if feature.id in n.capabilities]
    head = f"{client.id} · {feature.id}"
    if revision is not None and not feature.in_revision(revision, kb.revision_order):
        return Answer(
            client, feature, "no", f"{head}: no, {feature.id} is not part of revision {revision}", v, notes=notes
        )
    state, conditions = v.state, [f"{x.state} {x.why}" for x in v.variants]
    flagged = [
        x
        for x in v.variants
        if x.state in ("yes", "partial")
        and x.statement.condition
        and x.statement.condition.flag
        and in_range(x.statement, version)  # a flag of an older release does not turn it on in this one
    ]
    if state in ("no", "unknown") and flagged:
        # the default install does not, a config flag does: that is the useful answer
        best = flagged[0]
        condition = best.statement.condition
        text = f"{best.state}, only with {condition}" + _provenance(kb, client, best.statement.evidence)
        if condition and condition.install:
            text += f" ({condition.installed})"
        if state == "no":
            text += f"; {state} by default"
        return Answer(client, feature, best.state, f"{head}: {text}", v, conditions, notes)
    text = state + _provenance(kb, client, v.evidence)
    installed = next((s.condition.installed for s in v.statements if s.condition and s.condition.install), "")
    if installed:  # the only install that runs had something put beside it: say so with the answer
        text += f" ({installed})"
    if conditions:
        text += "; " + "; ".join(conditions)
    if version:
        text += f" [version {version}]"
    return Answer(client, feature, state, f"{head}: {text}", v, conditions, notes)
