"""Tool calls asked for as a JSON answer. BeeAI's RequirementAgent, when a turn must end in a tool call and the
endpoint is not known to take `tool_choice: "required"` (any OpenAI-compatible base URL), offers the model no `tools`
and sets a JSON-schema response format instead: one property of the answer holds one of the tools, each given as
`{"name": <const>, "parameters": {...}}`; the calls come back in the conversation as Chat Completions tool calls. The
scripted model (model.py) reads the tool names from such a schema and writes its calls as such an answer; its closing
text goes to the schema's `final_answer` tool, which is how that agent ends a turn."""

from __future__ import annotations

import json
from typing import Any

FINAL = "final_answer"


def schema_tools(body: dict[str, Any]) -> tuple[str, dict[str, dict[str, Any]]] | None:
    """The answer's property that holds a tool call, and each tool's parameter schema by name, when a request asks for
    its tool calls this way; None otherwise."""
    response_format = body.get("response_format")
    if body.get("tools") or not isinstance(response_format, dict) or response_format.get("type") != "json_schema":
        return None
    schema = (response_format.get("json_schema") or {}).get("schema") or {}
    for key, value in (schema.get("properties") or {}).items():
        tools: dict[str, dict[str, Any]] = {}
        for option in (value.get("anyOf") if isinstance(value, dict) else None) or []:
            fields = option.get("properties") if isinstance(option, dict) else None
            name = (fields.get("name") or {}).get("const") if isinstance(fields, dict) else None
            if isinstance(fields, dict) and isinstance(name, str):
                tools[name] = fields.get("parameters") or {}
        if tools:
            return key, tools
    return None


def as_json(block: dict[str, Any], key: str, tools: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """A scripted answer written as the schema asks: a tool call, or the closing text as the final answer's first
    required parameter."""
    if block["type"] == "tool_use":
        call = {"name": block["name"], "parameters": block["input"]}
    elif FINAL in tools:
        required = tools[FINAL].get("required") or list(tools[FINAL].get("properties") or {}) or ["response"]
        call = {"name": FINAL, "parameters": {required[0]: block["text"]}}
    else:
        return block
    return {"type": "text", "text": json.dumps({key: call})}
