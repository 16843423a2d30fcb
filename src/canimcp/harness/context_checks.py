"""What reaches the model: the scripted model's turns after the probe's scenarios are done.

The probe puts a nonce (`cmcp-<kind>-<hex>`) where only the client can carry it to a model: in its
`instructions` (kind `instr`), in the text of a tool result marked `isError` (`err`, from `failing_tool`) and
only in the `structuredContent` of a result (`struct`, from `structured_result`). The scripted model calls
those two tools once each, then reports through `report_nonce` every probe nonce it finds anywhere in the request
it is answering (system prompt, tools and the conversation so far), and `unseen:<kind>` for each kind that request
does not hold. The probe judges both (the instructions, tool_error and structured_output scenarios): a nonce it
really sent is "supported"; `unseen:<kind>` after the probe answered the tool behind that kind is "unsupported".
Every rule reads one request alone, so side requests a client makes (titles, summaries) do not confuse it.
Last, it calls `header_echo`, `header_invalid`, `header_number`, `task_tool`, `url_gate`, `show_view` and
`dropped_stream` once each where the probe offers them (`last_turn`), for the param_headers, tool_tasks, url_gate,
mcp_apps and http_transport scenarios.
"""

from __future__ import annotations

import json
import re
from typing import Any

from ..probe.fixtures import (
    HEADER_ARGUMENTS,
    HEADER_TOOL,
    INVALID_HEADER_ARGUMENTS,
    INVALID_HEADER_TOOL,
    NUMBER_HEADER_ARGUMENTS,
    NUMBER_HEADER_TOOL,
    TASK_DONE,
    TASK_REFUSED,
    TASK_TOOL,
    URL_GATE_DONE,
    URL_GATE_REFUSED,
    URL_GATE_TOOL,
)
from .conversation import Conversation

KINDS = ("instr", "err", "struct")  # instructions, an isError result, structuredContent
# the nonce in the SKILL.md of the probe's skill reaches a model only from a client that loads skills, and the one in
# url_gate's -32042 (its elicitation) only from a client that passes the error's data on: reported when seen, never
# asked for as unseen (most clients load no skills, and the skills and url_gate scenarios judge by the requests)
REPORTED_ONLY = ("skill", "gate")
NONCE = re.compile(rf"cmcp-(?:{'|'.join(KINDS + REPORTED_ONLY)})-[0-9a-f]{{8}}")  # as the probe makes them
UNSEEN = "unseen:"  # with a kind: the request the model was answering (the whole conversation) held none of it
# with a tool's name: the model called it and the result it got is not the probe's (reported for a tool whose call a
# client may refuse itself without sending anything, such as task_tool to an SDK that wants a task API of its own)
CALLED = "called:"
CALL_FIRST = ("failing_tool", "structured_result")  # the tools whose results carry the err and struct nonces
REPORT = "report_nonce"
# called once each after the context checks: the 2026-07-28 tools whose arguments go into Mcp-Param headers (the
# invalid ones only reach a model whose client kept them), the 2025-11-25 tool that must run as a task and the one
# refused until a URL elicitation is complete (the model calls it once: a second call is the client's), the tool
# that names a view (does the client read the view?), then the one whose stream the probe cuts (probe/polling.py),
# last because a client that does not come back for it may wait on it until it is stopped
CALL_LAST = (
    HEADER_TOOL, INVALID_HEADER_TOOL, NUMBER_HEADER_TOOL, TASK_TOOL, URL_GATE_TOOL, "show_view", "dropped_stream"
)  # fmt: skip
# the probe's own answers to some CALL_LAST tools: a request that holds one shows the call was made, even where the
# client kept only the error of a failed call in the conversation and dropped the call (smolagents)
PROBE_ANSWERS = {TASK_TOOL: (TASK_REFUSED, TASK_DONE), URL_GATE_TOOL: (URL_GATE_REFUSED, URL_GATE_DONE)}
# the CALL_LAST tools whose call the model reports (`called:<tool>`) unless the request holds one of the probe's
# answers: a client that opens a connection per call sends the call on one and the report on another
REPORTED_CALLS = (TASK_TOOL,)
ARGUMENTS: dict[str, dict[str, Any]] = {
    HEADER_TOOL: HEADER_ARGUMENTS,
    INVALID_HEADER_TOOL: INVALID_HEADER_ARGUMENTS,
    NUMBER_HEADER_TOOL: NUMBER_HEADER_ARGUMENTS,
}
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


def last_turn(said: Conversation, tools: list[str], seen: str) -> dict[str, Any] | None:
    """After the context checks, one call of each `CALL_LAST` tool the probe offers, in order: `header_echo`,
    `header_invalid` and `header_number` (are the arguments sent as Mcp-Param headers; were the invalid tools
    kept?), `task_tool` (is it called as a task? unless the result is the probe's, the model then reports
    `called:task_tool`, since a client may refuse that call without sending it), `url_gate` (does the client call
    it again once the URL elicitation it was refused for is complete?), `show_view` (does the client read
    the view it names?) and `dropped_stream` (does it come back for the stream the probe cut?). None once made or
    where not offered. `seen`: the whole request as text; a tool whose answer from the probe it holds counts as called,
    and needs no `called:` report."""
    report = _offered(tools, REPORT)
    reported = {args.get("nonce") for _, name, args in said.calls if names_tool(name, REPORT)}
    for suffix in CALL_LAST:
        tool = _offered(tools, suffix)
        if tool is None:
            continue
        answered = any(answer in seen for answer in PROBE_ANSWERS.get(suffix, ()))
        if not answered and not any(names_tool(name, suffix) for _, name, _ in said.calls):
            return _call(tool, dict(ARGUMENTS.get(suffix, {})), len(said.calls))
        marker = f"{CALLED}{suffix}"
        if suffix in REPORTED_CALLS and report is not None and marker not in reported and not answered:
            return _call(report, {"nonce": marker}, len(said.calls))
    return None


def _offered(tools: list[str], suffix: str) -> str | None:
    return next((name for name in tools if names_tool(name, suffix)), None)


def _call(name: str, arguments: dict[str, Any], earlier: int) -> dict[str, Any]:
    return {"type": "tool_use", "id": f"toolu_canimcp_c{earlier + 1}", "name": name, "input": arguments}
