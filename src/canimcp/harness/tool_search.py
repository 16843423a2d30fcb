"""Deferred tools: an agent may name an MCP server's tools to the model without their schemas and offer a search
tool that loads them, so that a tool is callable only once loaded. Factory Droid does this for every MCP tool: a
"Deferred tools:" line in a system reminder lists the names, and `ToolSearch` with the query `select:<name>,...`
loads those named. The scripted model loads the probe's tools it will call, all in one search, the first time a
request names them without offering them."""

from __future__ import annotations

import re
from typing import Any

from .context_checks import MODEL_TOOLS, names_tool
from .conversation import Conversation
from .request_text import every_string

SEARCH = "ToolSearch"
DEFERRED = re.compile(r"Deferred tools:([^<]*)")  # the names, one a line, up to the reminder's closing tag


def search_turn(body: dict[str, Any], said: Conversation, tools: list[str]) -> dict[str, Any] | None:
    """A `ToolSearch` call loading the probe's deferred tools the model calls, as a Messages-API tool_use block;
    None where the request offers no search tool, names none of them, or the model searched already."""
    if SEARCH not in tools or any(name == SEARCH for _, name, _ in said.calls):
        return None
    named = {
        name for text in every_string(body) for found in DEFERRED.finditer(text) for name in found.group(1).split()
    }
    wanted = sorted(n for n in named if n not in tools and any(names_tool(n, tool) for tool in MODEL_TOOLS))
    if not wanted:
        return None
    query = {"query": "select:" + ",".join(wanted)}
    return {"type": "tool_use", "id": f"toolu_canimcp_s{len(said.calls) + 1}", "name": SEARCH, "input": query}
