"""MCP Apps: the probe lists a tool linked to a ui:// resource (to every client from 2025-06-18, whether or not it
declared the ui extension); does the client read that resource (to render it)? A host that renders views must read
the one a tool names, so a client that called the tool, got its answer and went on (or stayed), and never read the
view, renders none."""

from __future__ import annotations

from collections.abc import Iterable

from ...model.probe import VIEW_NOT_READ
from ..fixtures import UI_EXTENSION, UI_URI
from ..transcript import Entry, Transcript
from .base import Rating, Scenario, plain, rate
from .declaration import declaration


class McpApps(Scenario):
    features = (f"extensions.{UI_EXTENSION}", "mcp-apps.render")

    def assess(self, t: Transcript) -> Iterable[Rating]:
        declared = t.declared(f"extensions.{UI_EXTENSION}")
        reads = [e for e in t.requests("resources/read") if e.params.get("uri") == UI_URI]
        calls = [e for e in t.requests("tools/call") if e.params.get("name") == "show_view"]
        if declared or reads:
            yield rate(f"extensions.{UI_EXTENSION}", declared, True if reads else None, [*calls[:2], *reads[:2]])
        else:  # a server keeps its views for clients that declare the extension: one that does not, has none
            yield declaration(t, f"extensions.{UI_EXTENSION}", None)
        yield self._render(t, calls, reads)

    def _render(self, t: Transcript, calls: list[Entry], reads: list[Entry]) -> Rating:
        if reads:
            return plain("mcp-apps.render", True, [*calls[:2], *reads[:2]])
        answers = (t.response_to(c) for c in calls)
        answer = next((a for a in answers if a is not None and "result" in (a.obj or {})), None)
        if answer is None:
            return plain("mcp-apps.render", None, calls[:2])
        # a host renders a view when the result that names it arrives: one that went on to its next tool call (its
        # model had the result), or stayed the answer timeout, had its chance
        later = (e for e in t.after(answer.index) if e.direction == "in" and e.method == "tools/call")
        went_on = next(later, None)
        if went_on is None and t.cut_short(answer):
            return plain("mcp-apps.render", None, calls[:2])
        evidence = [calls[0], answer, *([went_on] if went_on is not None else [])]
        return plain("mcp-apps.render", False, evidence, detail={"outcome": VIEW_NOT_READ})
