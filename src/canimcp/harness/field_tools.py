"""Tool calls written as named fields, the way DSPy's ChatAdapter asks a model for its outputs: the request offers no
`tools`; the last user message gives each input as a field opened by a `[[ ## name ## ]]` line and asks for the
output fields the same way ("Respond with the corresponding output fields, starting with the field `[[ ## … ## ]]`,
then …"), ending with `[[ ## completed ## ]]`. DSPy's ReAct asks for `next_thought`, `next_tool_name` (its system
message gives the field's type as a `Literal[...]` of the tool names, its own `finish` among them) and
`next_tool_args` (JSON), and passes its trajectory as an input field whose text holds, per step N, the fields
`tool_name_N`, `tool_args_N` and `observation_N`. After `finish` it asks another predictor for the task's outputs,
with no tool field. The scripted model (model.py) reads the tools and the trajectory from such a request and writes
its answer as those fields: a tool call, or `finish` for its closing text; in a request with no tool field, every
asked field holds the closing text."""

from __future__ import annotations

import ast
import json
import re
from typing import Any

ASKED = "Respond with the corresponding output fields"
TOOL_FIELD = "next_tool_name"
FINISH = "finish"  # ReAct's own tool that ends its loop
_FIELD = re.compile(r"\[\[ ## (\w+) ## \]\]")
_TOOL_TYPE = re.compile(rf"`{TOOL_FIELD}` \(Literal\[(.*?)\]\)")
_STEP = re.compile(r"(tool_name|tool_args|observation)_(\d+)")


def field_tools(body: dict[str, Any], text: Any) -> tuple[list[str], list[str]] | None:
    """The output fields a request asks for, in order, and the tool names its `next_tool_name` field allows (none where
    it asks for no tool), when it asks for its answer as fields; None otherwise. `text` reads a message's content."""
    if body.get("tools"):
        return None
    messages = [m for m in body.get("messages") or [] if isinstance(m, dict)]
    last = text(messages[-1].get("content")) if messages and messages[-1].get("role") == "user" else ""
    if ASKED not in last:
        return None
    fields = [name for name in _FIELD.findall(last.rpartition(ASKED)[2]) if name != "completed"]
    if not fields:
        return None
    tools: list[str] = []
    for message in messages:
        found = _TOOL_TYPE.search(text(message.get("content"))) if message.get("role") == "system" else None
        if found and TOOL_FIELD in fields:
            try:
                tools = [str(name) for name in ast.literal_eval(f"({found.group(1)},)")]
            except (ValueError, SyntaxError):
                tools = []
    return fields, tools


def field_steps(text: str) -> tuple[list[tuple[str, str, dict[str, Any]]], list[tuple[str, str]]]:
    """(call id, tool name, arguments) of each step of a trajectory a user message carries as fields, and (call id,
    observation) of each step that has one."""
    if ASKED not in text:
        return [], []
    values: dict[str, str] = {}
    parts = _FIELD.split(text.rpartition(ASKED)[0])
    for name, value in zip(parts[1::2], parts[2::2], strict=False):
        values[name] = value.strip()
    calls: list[tuple[str, str, dict[str, Any]]] = []
    results: list[tuple[str, str]] = []
    for name, value in values.items():
        step = _STEP.fullmatch(name)
        if step is None:
            continue
        kind, n = step.groups()
        if kind == "tool_name":
            calls.append((f"field:{n}", value, _arguments(values.get(f"tool_args_{n}", ""))))
        elif kind == "observation":
            results.append((f"field:{n}", value))
    return calls, results


def _arguments(value: str) -> dict[str, Any]:
    try:
        arguments = json.loads(value)
    except ValueError:
        return {}
    return arguments if isinstance(arguments, dict) else {}


def as_fields(block: dict[str, Any], fields: list[str], tools: list[str]) -> dict[str, Any]:
    """A scripted answer written as the asked fields: a tool call (the closing text as a call of `finish` where the tool
    field allows it), or the closing text in every field."""
    if TOOL_FIELD in fields and block["type"] != "tool_use" and FINISH in tools:
        block = {"type": "tool_use", "name": FINISH, "input": {}}
    if block["type"] == "tool_use":
        values = {TOOL_FIELD: block["name"], "next_tool_args": json.dumps(block["input"])}
        written = {name: values.get(name, f"Call {block['name']}.") for name in fields}
    else:
        written = dict.fromkeys(fields, block["text"])
    text = "".join(f"[[ ## {name} ## ]]\n{value}\n\n" for name, value in written.items())
    return {"type": "text", "text": f"{text}[[ ## completed ## ]]"}
