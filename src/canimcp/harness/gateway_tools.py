"""MCP tools behind one gateway tool: pi-mcp-adapter, by default, offers its model none of a server's tools but a
single `mcp` tool, whose description names the configured servers ("Servers: probe") and which lists a server's
tools (`{"server": NAME}`: one `- <tool>` line each, named `<server>_<tool>`) and calls one (`{"tool": NAME, "args":
{...}}`). The scripted model (model.py) does what a model given that tool does: it lists each named server's tools
once, then makes every call it would make through the gateway; its earlier calls are read back from the gateway's
arguments (conversation.py) and the tool names from what the listings returned. Where the agent also offers a
server's tools directly (the adapter's `directTools`), they are called directly and the gateway is left alone."""

from __future__ import annotations

import json
import re
from typing import Any

from .request_text import every_string, names_in_results

GATEWAY = "mcp"
MARK = "MCP gateway"  # how the gateway's description starts
SERVERS = re.compile(r"^Servers: ([^\n]+)$", re.M)
LISTED = re.compile(r"^- (\S+)", re.M)  # a tool in a listing, `- name - description`


def gateway_servers(body: dict[str, Any], tools: list[str]) -> list[str]:
    """The MCP servers a request names as reached through the gateway only: none unless it offers the gateway tool
    and its description names servers."""
    if GATEWAY not in tools:
        return []
    for text in every_string(body):
        found = SERVERS.search(text) if text.startswith(MARK) else None
        if found:
            return [name.strip() for name in found.group(1).split(",") if name.strip()]
    return []


def list_turn(servers: list[str], calls: list[tuple[str, str, dict[str, Any]]]) -> dict[str, Any] | None:
    """A gateway call listing the tools of the first named server not listed yet, as a Messages-API tool_use block;
    None once each is listed."""
    listed = {args.get("server") for _, name, args in calls if _listing(name, args)}
    for server in servers:
        if server not in listed:
            return _block(f"toolu_canimcp_g{len(calls) + 1}", {"server": server})
    return None


def gateway_listed(calls: list[tuple[str, str, dict[str, Any]]], results: list[tuple[str, Any]]) -> list[str]:
    """The tool names the listings returned, in order."""
    return names_in_results({call_id for call_id, name, args in calls if _listing(name, args)}, results, LISTED)


def gateway_call(call: tuple[str, str, dict[str, Any]]) -> tuple[str, str, dict[str, Any]]:
    """A gateway call of one tool (`{"tool": NAME, "args": ...}`, the arguments an object or JSON text), read as a
    call of that tool with those arguments; any other call as it is."""
    call_id, name, args = call
    tool = args.get("tool") if name == GATEWAY else None
    if not isinstance(tool, str) or not tool:
        return call
    arguments = args.get("args", {})
    if isinstance(arguments, str):
        try:
            arguments = json.loads(arguments) if arguments else {}
        except ValueError:
            arguments = {}
    return call_id, tool, arguments if isinstance(arguments, dict) else {}


def as_gateway(block: dict[str, Any]) -> dict[str, Any]:
    """A scripted answer for an agent whose MCP tools are behind its gateway: a tool call as the gateway call that
    makes it."""
    if block["type"] != "tool_use" or block["name"] == GATEWAY:
        return block
    return _block(block["id"], {"tool": block["name"], "args": block["input"]})


def _listing(name: str, args: dict[str, Any]) -> bool:
    return name == GATEWAY and isinstance(args.get("server"), str) and not args.get("tool")


def _block(call_id: str, arguments: dict[str, Any]) -> dict[str, Any]:
    return {"type": "tool_use", "id": call_id, "name": GATEWAY, "input": arguments}
