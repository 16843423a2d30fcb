"""Tool calls asked for as a list of actions in a JSON answer, the way browser-use's Agent asks for each step over Chat
Completions: the request offers no `tools` and sets a JSON-schema response format whose `action` property is a list of
objects with one key each, an action's name (the agent's browser actions, its `done`, and the MCP tools registered as
actions), holding its parameters. The agent shows the model none of its earlier answers: each request is a system
message and one user message whose `<agent_history>` lists the steps so far, each with the model's own `memory` and
the action's outcome (an MCP tool's error text stays there; a result's text is shown once, in the next request's
`<read_state>`). So the scripted model keeps notes, as the agent asks a model to: the `memory` of each answer holds the
outcome of its previous call as that request shows it, then the call it makes, each tagged; it reads its calls and
their results back from those notes, and the outcome of its latest call from the request itself. Its closing text
goes to the `done` action."""

from __future__ import annotations

import json
import re
from typing import Any

from .text_tools import parsed_call

KEY = "action"  # the answer's list of actions
NOTES = "memory"  # the answer's free text that the agent shows the model again in later requests
FINAL = "done"  # the agent's own action that ends its task
_NOTE = re.compile(r"<action_(call|result)>(.*?)</action_\1>", re.S)
_HISTORY = re.compile(r"<agent_history>(.*)</agent_history>", re.S)
_READ = re.compile(r"<read_state>(.*?)</read_state>", re.S)
STEP = "<step>"


def action_tools(body: dict[str, Any]) -> dict[str, dict[str, Any]] | None:
    """Each action's parameter schema by name, when a request asks for its tool calls as such a list; None otherwise."""
    response_format = body.get("response_format")
    if body.get("tools") or not isinstance(response_format, dict) or response_format.get("type") != "json_schema":
        return None
    schema = (response_format.get("json_schema") or {}).get("schema") or {}
    listed = (schema.get("properties") or {}).get(KEY)
    items = listed.get("items") if isinstance(listed, dict) else None
    tools: dict[str, dict[str, Any]] = {}
    for option in (items.get("anyOf") if isinstance(items, dict) else None) or []:
        fields = option.get("properties") if isinstance(option, dict) else None
        if isinstance(fields, dict) and len(fields) == 1:
            ((name, parameters),) = fields.items()
            tools[name] = parameters if isinstance(parameters, dict) else {}
    return tools or None


def as_actions(block: dict[str, Any], tools: dict[str, dict[str, Any]], body: dict[str, Any]) -> dict[str, Any]:
    """A scripted answer written as such a list: a tool call as the one action, with the notes in `memory`; the
    closing text as the `done` action's first required parameter. Parameters the schema requires and gives a default
    for take that default."""
    if block["type"] == "tool_use":
        name, arguments = block["name"], block["input"]
    elif FINAL in tools:
        required = tools[FINAL].get("required") or list(tools[FINAL].get("properties") or {}) or ["text"]
        name, arguments = FINAL, {required[0]: block["text"]}
    else:
        return block
    properties = tools.get(name, {}).get("properties") or {}
    for field in tools.get(name, {}).get("required") or []:
        if field not in arguments and isinstance(properties.get(field), dict) and "default" in properties[field]:
            arguments = {**arguments, field: properties[field]["default"]}
    notes = ""
    outcome = _latest_outcome(body)
    if outcome is not None:
        notes += f"<action_result>{outcome}</action_result>\n"
    if block["type"] == "tool_use":
        notes += "<action_call>" + json.dumps({"name": name, "arguments": arguments}) + "</action_call>"
    answer = {KEY: [{name: arguments}], **({NOTES: notes} if notes else {})}
    return {"type": "text", "text": json.dumps(answer)}


def action_steps(text: str) -> tuple[list[tuple[str, str, dict[str, Any]]], list[tuple[str, str]]]:
    """(call id, tool name, arguments) of each call the notes in a user message's agent history record, and (call id,
    outcome) of each call an outcome follows, in order; the latest call's outcome is the one the message shows now."""
    calls: list[tuple[str, str, dict[str, Any]]] = []
    results: list[tuple[str, str]] = []
    history = _HISTORY.search(text)
    if history is None:
        return calls, results
    for kind, value in _NOTE.findall(history.group(1)):
        if kind == "call":
            call = parsed_call(value)
            if call is not None:
                calls.append((f"action:{len(calls) + 1}", *call))
        elif len(results) < len(calls):
            results.append((calls[len(results)][0], value))
    if calls and len(results) < len(calls):
        latest = _outcome(text)
        if latest is not None:
            results.append((calls[-1][0], latest))
    return calls, results


def _latest_outcome(body: dict[str, Any]) -> str | None:
    """The outcome of the latest action as the request's agent history and read state show it."""
    for message in reversed(body.get("messages") or []):
        if not isinstance(message, dict) or message.get("role") != "user":
            continue
        content = message.get("content")
        parts = content if isinstance(content, list) else [{"text": content}]
        text = "".join(str(part.get("text") or "") for part in parts if isinstance(part, dict))
        if _HISTORY.search(text):
            return _outcome(text)
    return None


def _outcome(text: str) -> str | None:
    """What a state message shows of its latest step: the text of the last history entry after the model's notes
    (the agent's outcome line, or the error), and the read state (a result's text, shown this once)."""
    history = _HISTORY.search(text)
    if history is None or STEP not in history.group(1):
        return None
    last = history.group(1).rpartition(STEP)[2]
    shown = re.split(r"</action_(?:call|result)>", last)[-1].strip()
    read = _READ.search(text)
    parts = [shown, read.group(1).strip() if read else ""]
    return "\n".join(part for part in parts if part) or None
