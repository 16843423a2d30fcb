"""MCP tool calls written as XML tags in the style of Cline's early system prompt, which y-cli's chat and Cline 2.x ask
their model for over Chat Completions: the request offers no `tools`; a system message explains the `<use_mcp_tool>`
tag and then lists each connected server under a `## SERVER` heading (Cline adds a stdio server's command after it),
its tools as `- TOOL: description` lines under `### Available Tools`; a call is `<use_mcp_tool>` holding
`<server_name>`, `<tool_name>` and a JSON object in `<arguments>`, in an assistant message's text. y-cli takes the
tag out of the text it sends back and keeps the call as `server`, `tool` and `arguments` keys of that assistant
message instead, and sends the result as the text of the next user message, which carries the same keys. The
scripted model (model.py) reads and writes this format where a request lists its tools this way; a listed tool is
named `SERVER/TOOL` to the model's rules."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

TAG = "<use_mcp_tool>"
_CALL = re.compile(
    r"<use_mcp_tool>\s*<server_name>(.*?)</server_name>\s*<tool_name>(.*?)</tool_name>\s*"
    r"<arguments>(.*?)</arguments>\s*</use_mcp_tool>",
    re.S,
)
_HEADING = re.compile(r"^(#{2,3}) (.*)$")
_COMMAND = re.compile(r" \(`[^`]*`\)$")  # Cline 2.x heads a stdio server `## NAME (`COMMAND`)`
_TOOL = re.compile(r"^- ([^\s:]+):")


def listed_mcp_tools(body: dict[str, Any], text: Callable[[Any], str]) -> dict[str, tuple[str, str]]:
    """`SERVER/TOOL` -> (server, tool) for each tool a system message lists under a server's `### Available Tools`,
    when the request offers none the API's way and explains the `<use_mcp_tool>` tag; `text` reads a content."""
    if body.get("tools"):
        return {}
    listed: dict[str, tuple[str, str]] = {}
    for message in body.get("messages") or []:
        if not isinstance(message, dict) or message.get("role") != "system":
            continue
        content = text(message.get("content"))
        if TAG not in content:
            continue
        server, in_tools = "", False
        for line in content.splitlines():
            heading = _HEADING.match(line)
            if heading:
                level, title = heading.groups()
                server = _COMMAND.sub("", title.strip()) if level == "##" else server
                in_tools = level == "###" and title.strip() == "Available Tools"
            elif in_tools and (tool := _TOOL.match(line)):
                listed[f"{server}/{tool.group(1)}"] = (server, tool.group(1))
    return listed


def mcp_calls(message: dict[str, Any], text: str) -> list[tuple[str, dict[str, Any]]]:
    """(`SERVER/TOOL`, arguments) of the calls an assistant message makes: written as tags, or kept as y-cli keeps
    them once it has taken the tag out of the text."""
    calls = [(f"{s.strip()}/{t.strip()}", _arguments(a)) for s, t, a in _CALL.findall(text)]
    if not calls and isinstance(message.get("tool"), str):
        arguments = message.get("arguments")
        calls.append(
            (f"{message.get('server')}/{message['tool']}", dict(arguments) if isinstance(arguments, dict) else {})
        )
    return calls


def mcp_results(message: dict[str, Any], text: str) -> list[str]:
    """The tool result a user message carries, where it names the tool it answers (y-cli's `tool` key)."""
    return [text] if isinstance(message.get("tool"), str) else []


def _arguments(written: str) -> dict[str, Any]:
    try:
        value = json.loads(written)
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


def as_mcp_xml(block: dict[str, Any], listed: dict[str, tuple[str, str]]) -> dict[str, Any]:
    """A scripted answer for a request that lists its tools this way: a tool call written out as the tag."""
    if block["type"] != "tool_use" or block["name"] not in listed:
        return block
    server, tool = listed[block["name"]]
    arguments = json.dumps(block["input"], indent=2)
    text = (
        f"<use_mcp_tool>\n<server_name>{server}</server_name>\n<tool_name>{tool}</tool_name>\n"
        f"<arguments>\n{arguments}\n</arguments>\n</use_mcp_tool>"
    )
    return {"type": "text", "text": text}
