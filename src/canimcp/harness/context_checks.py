"""What reaches the model: the scripted model's turns after the probe's scenarios are done.

The probe puts a nonce (`cmcp-<kind>-<hex>`) where only the client can carry it to a model: in its
`instructions` (kind `instr`), in the text of a tool result marked `isError` (`err`, from `failing_tool`) and
only in the `structuredContent` of a result (`struct`, from `structured_result`). The scripted model calls
those two tools once each, then reports through `report_nonce` every probe nonce it finds anywhere in the request
it is answering (system prompt, tools and the conversation so far), and `unseen:<kind>` for each kind that request
does not hold. The probe judges both (the instructions, tool_error and structured_output scenarios): a nonce it
really sent is "supported"; `unseen:<kind>` after the probe answered the tool behind that kind is "unsupported".
Every rule reads one request alone, so side requests a client makes (titles, summaries) do not confuse it.
"""

from __future__ import annotations

import json
import re
from typing import Any

KINDS = ("instr", "err", "struct")  # instructions, an isError result, structuredContent
NONCE = re.compile(r"cmcp-(?:instr|err|struct)-[0-9a-f]{8}")
UNSEEN = "unseen:"  # with a kind: the request the model was answering (the whole conversation) held none of it
CALL_FIRST = ("failing_tool", "structured_result")  # the tools whose results carry the err and struct nonces
REPORT = "report_nonce"
# every probe tool the scripted model calls, for recipes whose client must be told which tools it may run
MODEL_TOOLS = ("run_scenarios", *CALL_FIRST, REPORT)
# gptme renames a tool whose name has characters a model API refuses (its `probe.run_scenarios`) to the cleaned
# name, `_` and 12 hex digits of a hash
HASHED = re.compile(r"_[0-9a-f]{12}$")


def names_tool(name: str, tool: str) -> bool:
    """Whether an agent's name for a tool (`mcp__probe__run_scenarios`, `probe.run_scenarios`,
    `probe_run_scenarios_<hash>`...) is the probe's `tool`."""
    return name.endswith(tool) or HASHED.sub("", name).endswith(tool)


def context_turn(body: dict[str, Any], tools: list[str], namespaced: str) -> dict[str, Any] | None:
    """The next context check as a Messages-API tool_use block, or None once all are made (or the client does
    not offer `report_nonce`). `tools` are the offered tool names as the model names them."""
    uses = tool_uses(body, namespaced)
    called = [name for name, _ in uses]
    for suffix in CALL_FIRST:
        tool = _offered(tools, suffix)
        if tool is not None and not any(names_tool(name, suffix) for name in called):
            return _call(tool, {}, len(uses))
    report = _offered(tools, REPORT)
    if report is None:
        return None
    reported = {args.get("nonce") for name, args in uses if names_tool(name, REPORT)}
    seen = set(NONCE.findall(json.dumps(body)))
    for nonce in sorted(seen - reported):
        return _call(report, {"nonce": nonce}, len(uses))
    found = {nonce.split("-")[1] for nonce in seen}
    for kind in KINDS:
        if kind not in found and f"{UNSEEN}{kind}" not in reported:
            return _call(report, {"nonce": f"{UNSEEN}{kind}"}, len(uses))
    return None


def tool_uses(body: dict[str, Any], namespaced: str = ".") -> list[tuple[str, dict[str, Any]]]:
    """Every tool call the model made earlier in the conversation a request carries, in any of the four APIs:
    its name (Responses: `namespace<namespaced>name`) and its arguments."""
    found: list[tuple[str, dict[str, Any]]] = []
    for message in body.get("messages") or []:
        if not isinstance(message, dict):
            continue
        for call in message.get("tool_calls") or []:  # Chat Completions
            function = call.get("function") if isinstance(call, dict) else None
            if isinstance(function, dict):
                found.append((str(function.get("name")), _arguments(function.get("arguments"))))
        content = message.get("content")
        for block in content if isinstance(content, list) else ():  # Messages
            if isinstance(block, dict) and block.get("type") == "tool_use":
                found.append((str(block.get("name")), _arguments(block.get("input"))))
    items = body.get("input")
    for item in items if isinstance(items, list) else ():  # Responses
        if isinstance(item, dict) and item.get("type") == "function_call":
            name = str(item.get("name"))
            if item.get("namespace"):
                name = f"{item['namespace']}{namespaced}{name}"
            found.append((name, _arguments(item.get("arguments"))))
    for content in body.get("contents") or []:  # Gemini
        for part in (content.get("parts") or []) if isinstance(content, dict) else ():
            call = part.get("functionCall") if isinstance(part, dict) else None
            if isinstance(call, dict):
                found.append((str(call.get("name")), _arguments(call.get("args"))))
    return found


def _arguments(value: Any) -> dict[str, Any]:
    if isinstance(value, str):  # Chat Completions and Responses carry the arguments as JSON text
        try:
            value = json.loads(value)
        except ValueError:
            return {}
    return value if isinstance(value, dict) else {}


def _offered(tools: list[str], suffix: str) -> str | None:
    return next((name for name in tools if names_tool(name, suffix)), None)


def _call(name: str, arguments: dict[str, Any], earlier: int) -> dict[str, Any]:
    return {"type": "tool_use", "id": f"toolu_canimcp_c{earlier + 1}", "name": name, "input": arguments}
