"""Tool calls written as text, in the Hermes format of open models' chat templates, which Qwen-Agent's default
function-calling prompt (`nous`) uses over Chat Completions: the request offers no `tools`; a system message lists
them as JSON lines between `<tools>` tags; a call is `<tool_call>{"name", "arguments"}</tool_call>` in an assistant
message's text, and its result comes back between `<tool_response>` tags in a user message, one per call, in order.
The scripted model (model.py) reads and writes this format where a request lists its tools this way."""

from __future__ import annotations

import json
import re
from typing import Any

_LISTED = re.compile(r"<tools>(.*?)</tools>", re.S)
_CALL = re.compile(r"<tool_call>(.*?)</tool_call>", re.S)
_RESPONSE = re.compile(r"<tool_response>\n?(.*?)\n?</tool_response>", re.S)


def listed_tools(body: dict[str, Any], text: Any) -> list[str]:
    """The names of the tools a request lists in a system message, when it offers none the API's way; `text` reads
    a message's content."""
    if body.get("tools"):
        return []
    names = []
    for message in body.get("messages") or []:
        if not isinstance(message, dict) or message.get("role") != "system":
            continue
        for listing in _LISTED.findall(text(message.get("content"))):  # the prose names the tags too: skip it
            for line in listing.splitlines():
                name = _function_name(line)
                if name:
                    names.append(name)
    return names


def _function_name(line: str) -> str:
    try:
        tool = json.loads(line)
    except ValueError:
        return ""
    function = tool.get("function", tool) if isinstance(tool, dict) else None
    name = function.get("name") if isinstance(function, dict) else None
    return name if isinstance(name, str) else ""


def written_calls(text: str) -> list[tuple[str, dict[str, Any]]]:
    """(tool name, arguments) of the calls an assistant message writes as text."""
    return [call for call in map(parsed_call, _CALL.findall(text)) if call is not None]


def parsed_call(written: str) -> tuple[str, dict[str, Any]] | None:
    """(tool name, arguments) of one call written as `{"name": ..., "arguments": {...}}`; None if it is not one."""
    try:
        call = json.loads(written)
    except ValueError:
        return None
    if not isinstance(call, dict) or not isinstance(call.get("name"), str):
        return None
    arguments = call.get("arguments")
    return call["name"], dict(arguments) if isinstance(arguments, dict) else {}


def written_results(text: str) -> list[str]:
    """The tool results a user message carries as text, in order."""
    return _RESPONSE.findall(text)


def as_text(block: dict[str, Any]) -> dict[str, Any]:
    """A scripted answer for a request that lists its tools as text: a tool call written out as such."""
    if block["type"] != "tool_use":
        return block
    call = json.dumps({"name": block["name"], "arguments": block["input"]})
    return {"type": "text", "text": f"<tool_call>\n{call}\n</tool_call>"}
