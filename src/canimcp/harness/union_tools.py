"""Tool calls asked for as one field of a forced function call, the way Atomic Agents' orchestrator asks for each step
through instructor over Chat Completions: the request offers a single function (the agent's output schema) and forces
it with `tool_choice`; one of its properties is a union (`anyOf`, often of `$ref`s into `$defs`) whose options are the
MCP tools' input schemas, each naming its tool in a `tool_name` constant, and one option without such a constant, the
agent's final answer. Other required properties are free text (a `reasoning`). The agent keeps no API tool calls: its
earlier answers come back as assistant messages whose text is that JSON (one object per property), and what each tool
gave back arrives in the messages after it, as whatever text the app writes there. The scripted model (model.py) reads
the tool names from such a request and writes each call, or its closing text as the final option's first required
field, as the forced function's arguments; it reads its calls back from the assistant messages and takes the text of the
messages that follow each one, up to the next answer, as that call's result."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

TOOL_NAME = "tool_name"  # the constant each tool option carries


@dataclass(frozen=True)
class UnionShape:
    function: str  # the forced function
    key: str  # its property that holds the action
    tools: dict[str, dict[str, Any]]  # each tool option's schema by tool name
    final: dict[str, Any] | None  # the option that is not a tool: the final answer
    notes: list[str]  # the function's other required properties (free text)


def union_tools(body: dict[str, Any]) -> UnionShape | None:
    """The shape of such a request, or None for any other."""
    tools = body.get("tools") or []
    choice = body.get("tool_choice")
    if len(tools) != 1 or not isinstance(choice, dict) or not isinstance(tools[0], dict):
        return None
    function = tools[0].get("function") or {}
    if not isinstance(function, dict) or (choice.get("function") or {}).get("name") != function.get("name"):
        return None
    schema = function.get("parameters") or {}
    defs = schema.get("$defs") or {}
    for key, value in (schema.get("properties") or {}).items():
        options = [_resolved(option, defs) for option in (value.get("anyOf") or [] if isinstance(value, dict) else [])]
        named = {name: option for option in options if (name := _tool_name(option))}
        if named:
            final = next((option for option in options if not _tool_name(option)), None)
            notes = [name for name in schema.get("required") or [] if name != key]
            return UnionShape(str(function.get("name")), key, named, final, notes)
    return None


def _resolved(option: Any, defs: dict[str, Any]) -> dict[str, Any]:
    if isinstance(option, dict) and isinstance(option.get("$ref"), str):
        option = defs.get(option["$ref"].rpartition("/")[2])
    return option if isinstance(option, dict) else {}


def _tool_name(option: dict[str, Any]) -> str | None:
    const = ((option.get("properties") or {}).get(TOOL_NAME) or {}).get("const")
    return const if isinstance(const, str) else None


def as_union(block: dict[str, Any], shape: UnionShape) -> dict[str, Any]:
    """A scripted answer as a call of the forced function: a tool call in the union property, or the closing text in
    the final option's first required field."""
    if block["type"] == "tool_use":
        action = {**block["input"], TOOL_NAME: block["name"]}
        note = f"Call {block['name']}."
    elif shape.final is not None:
        required = shape.final.get("required") or list(shape.final.get("properties") or {}) or ["text"]
        action, note = {required[0]: block["text"]}, block["text"]
    else:
        return block
    arguments = {**dict.fromkeys(shape.notes, note), shape.key: action}
    return {"type": "tool_use", "id": block.get("id") or "toolu_canimcp_final", "name": shape.function,
            "input": arguments}  # fmt: skip


def union_steps(body: dict[str, Any], text: Any) -> tuple[list[tuple[str, str, dict[str, Any]]], list[tuple[str, str]]]:
    """(call id, tool name, arguments) of each call an assistant message of such a request holds, and (call id, result)
    for each call that later messages answer (their text joined, up to the next assistant message). `text` reads a
    message's content."""
    calls: list[tuple[str, str, dict[str, Any]]] = []
    results: list[tuple[str, str]] = []
    pending: str | None = None
    answer: list[str] = []
    for message in body.get("messages") or []:
        if not isinstance(message, dict):
            continue
        if message.get("role") == "assistant":
            if pending is not None and answer:
                results.append((pending, "\n".join(answer)))
            pending, answer = None, []
            for name, arguments in _calls(message.get("content"), text):
                calls.append((f"union:{len(calls) + 1}", name, arguments))
                pending = calls[-1][0]
        elif pending is not None:
            answer.append(text(message.get("content")))
    if pending is not None and answer:
        results.append((pending, "\n".join(answer)))
    return calls, results


def _calls(content: Any, text: Any) -> list[tuple[str, dict[str, Any]]]:
    """The tool calls (name, arguments) written in an answer's JSON objects: a property holding a `tool_name`."""
    parts = content if isinstance(content, list) else [content]
    found = []
    for part in parts:
        for value in _objects(text([part]) if isinstance(part, dict) else str(part or "")):
            for action in value.values():
                if isinstance(action, dict) and isinstance(action.get(TOOL_NAME), str):
                    arguments = {k: v for k, v in action.items() if k != TOOL_NAME}
                    found.append((action[TOOL_NAME], arguments))
    return found


def _objects(text: str) -> list[dict[str, Any]]:
    """The JSON objects a text holds one after another."""
    decoder, found, at = json.JSONDecoder(), [], 0
    while at < len(text):
        start = text.find("{", at)
        if start < 0:
            break
        try:
            value, at = decoder.raw_decode(text, start)
        except ValueError:
            at = start + 1
            continue
        if isinstance(value, dict):
            found.append(value)
    return found
