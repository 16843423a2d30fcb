"""MCP Apps: for a client declaring the ui extension the probe lists a tool linked to a ui:// resource; does the
client read that resource (to render it)?"""

from __future__ import annotations

from collections.abc import Iterable

from ..fixtures import UI_EXTENSION, UI_URI
from ..transcript import Transcript
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
        else:  # servers offer views only to clients that declare the extension: one that does not, has none
            yield declaration(t, f"extensions.{UI_EXTENSION}", None)
        yield plain("mcp-apps.render", True if reads else None, [*calls[:2], *reads[:2]])
