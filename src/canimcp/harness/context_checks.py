"""What reaches the model: the scripted model's turns after the probe's scenarios are done.

The probe puts a nonce (`cmcp-<kind>-<hex>`) where only the client can carry it to a model: in its
`instructions` (kind `instr`), in the text of a tool result marked `isError` (`err`, from `failing_tool`) and
only in the `structuredContent` of a result (`struct`, from `structured_result`). The scripted model calls
those two tools once each, then reports through `report_nonce` every probe nonce it finds anywhere in the request
it is answering (system prompt, tools and the conversation so far), and `unseen:<kind>` for each kind that request
does not hold. The probe judges both (the instructions, tool_error and structured_output scenarios): a nonce it
really sent is "supported"; `unseen:<kind>` after the probe answered the tool behind that kind is "unsupported".
Every rule reads one request alone, so side requests a client makes (titles, summaries) do not confuse it.
Last, it calls `show_view` and `dropped_stream` once each where the probe offers them (`last_turn`), for the
mcp_apps and http_transport scenarios.
"""

from __future__ import annotations

import json
import re
from typing import Any

from .conversation import Conversation

KINDS = ("instr", "err", "struct")  # instructions, an isError result, structuredContent
# the nonce in the SKILL.md of the probe's skill reaches a model only from a client that loads skills: reported when
# seen, never asked for as unseen (most clients load none, and the skills scenario judges by the requests)
REPORTED_ONLY = ("skill",)
NONCE = re.compile(rf"cmcp-(?:{'|'.join(KINDS + REPORTED_ONLY)})-[0-9a-f]{{8}}")  # as the probe makes them
UNSEEN = "unseen:"  # with a kind: the request the model was answering (the whole conversation) held none of it
CALL_FIRST = ("failing_tool", "structured_result")  # the tools whose results carry the err and struct nonces
REPORT = "report_nonce"
# called once each after the context checks: the tool that names a view (does the client read the view?), then the
# one whose stream the probe cuts (probe/polling.py), last because a client that does not come back for it may wait
# on it until it is stopped
CALL_LAST = ("show_view", "dropped_stream")
# every probe tool the scripted model calls, for recipes whose client must be told which tools it may run
MODEL_TOOLS = ("run_scenarios", *CALL_FIRST, REPORT, *CALL_LAST)
# gptme renames a tool whose name has characters a model API refuses (its `probe.run_scenarios`) to the cleaned
# name, `_` and 12 hex digits of a hash
HASHED = re.compile(r"_[0-9a-f]{12}$")


def names_tool(name: str, tool: str) -> bool:
    """Whether an agent's name for a tool (`mcp__probe__run_scenarios`, `probe.run_scenarios`,
    `probe_run_scenarios_<hash>`...) is the probe's `tool`."""
    return name.endswith(tool) or HASHED.sub("", name).endswith(tool)


def context_turn(body: dict[str, Any], said: Conversation, tools: list[str]) -> dict[str, Any] | None:
    """The next context check for the request `body` (`said`: its tool calls and results), as a Messages-API
    tool_use block; None once all are made (or the client does not offer `report_nonce`). `tools` are the offered
    tool names as the model names them."""
    earlier = len(said.calls)
    for suffix in CALL_FIRST:
        tool = _offered(tools, suffix)
        if tool is not None and not any(names_tool(name, suffix) for _, name, _ in said.calls):
            return _call(tool, {}, earlier)
    report = _offered(tools, REPORT)
    if report is None:
        return None
    reported = {args.get("nonce") for _, name, args in said.calls if names_tool(name, REPORT)}
    seen = set(NONCE.findall(json.dumps(body)))
    for nonce in sorted(seen - reported):
        return _call(report, {"nonce": nonce}, earlier)
    found = {nonce.split("-")[1] for nonce in seen}
    for kind in KINDS:
        if kind not in found and f"{UNSEEN}{kind}" not in reported:
            return _call(report, {"nonce": f"{UNSEEN}{kind}"}, earlier)
    return None


def last_turn(said: Conversation, tools: list[str]) -> dict[str, Any] | None:
    """After the context checks, one call of each `CALL_LAST` tool the probe offers, in order: `show_view` (does the
    client read the view it names?) and `dropped_stream` (does it come back for the stream the probe cut?). None once
    made or where not offered."""
    for suffix in CALL_LAST:
        tool = _offered(tools, suffix)
        if tool is not None and not any(names_tool(name, suffix) for _, name, _ in said.calls):
            return _call(tool, {}, len(said.calls))
    return None


def _offered(tools: list[str], suffix: str) -> str | None:
    return next((name for name in tools if names_tool(name, suffix)), None)


def _call(name: str, arguments: dict[str, Any], earlier: int) -> dict[str, Any]:
    return {"type": "tool_use", "id": f"toolu_canimcp_c{earlier + 1}", "name": name, "input": arguments}
