"""MCP tools behind the agent's shell: Letta Code offers its model no MCP tool at all. A system reminder names the MCP
servers ("MCP servers with available tools: probe") and the commands that reach them, which the agent runs with its
`Bash` tool: `letta mcp tools <server>` prints that server's tools as a JSON list (each with its `name`, such as
`mcp__probe__run_scenarios`), and `letta mcp call <tool> --args '<json>'` calls one and prints its result as JSON. The
scripted model (model.py) does what such an agent does: it lists each named server's tools once, then writes every
call it makes as a `letta mcp call` command; its earlier calls are read back from those commands (conversation.py)
and their results from what the commands printed."""

from __future__ import annotations

import json
import re
import shlex
from collections.abc import Iterator
from typing import Any

from .request_text import every_string, names_in_results

SHELL = "Bash"  # the agent's shell tool; its arguments are the command and a description of it
SERVERS = re.compile(r"MCP servers with available tools: ([^\n<]+)")
LIST = ["letta", "mcp", "tools"]
CALL = ["letta", "mcp", "call"]
_NAME = re.compile(r'"name":\s*"([^"]+)"')


def shell_servers(body: dict[str, Any], tools: list[str]) -> list[str]:
    """The MCP servers a request names as reached through the shell only: none unless it offers the shell tool and a
    reminder names servers and the `letta mcp call` command."""
    if SHELL not in tools:
        return []
    for text in every_string(body):
        found = SERVERS.search(text)
        if found and " ".join(CALL) in text:
            # a server the Letta server knows is named with its tool count: "name (3 tools)"
            names = (name.split(" (")[0].strip() for name in found.group(1).split(","))
            return [name for name in names if name and name != "None"]
    return []


def list_turn(servers: list[str], calls: list[tuple[str, str, dict[str, Any]]]) -> dict[str, Any] | None:
    """A shell call listing the tools of the first named server not listed yet, as a Messages-API tool_use block;
    None once each is listed."""
    listed = {words[3] for words in _commands(calls) if words[:3] == LIST and len(words) > 3}
    for server in servers:
        if server not in listed:
            return _shell(len(calls), shlex.join([*LIST, server]), f"List the tools of the MCP server {server}")
    return None


def shell_listed(calls: list[tuple[str, str, dict[str, Any]]], results: list[tuple[str, Any]]) -> list[str]:
    """The tool names the listing commands printed, in order."""
    ids = {call_id for call_id, name, args in calls if name == SHELL and _words(args.get("command"))[:3] == LIST}
    return names_in_results(ids, results, _NAME)


def shell_call(call: tuple[str, str, dict[str, Any]]) -> tuple[str, str, dict[str, Any]]:
    """A shell call that runs `letta mcp call <tool> --args '<json>'`, read as a call of that tool with those
    arguments; any other call as it is."""
    call_id, name, args = call
    words = _words(args.get("command")) if name == SHELL else []
    if words[:3] != CALL or len(words) < 4:
        return call
    arguments: Any = {}
    if "--args" in words[4:-1]:
        try:
            arguments = json.loads(words[words.index("--args", 4) + 1])
        except ValueError:
            arguments = {}
    return call_id, words[3], arguments if isinstance(arguments, dict) else {}


def as_shell(block: dict[str, Any]) -> dict[str, Any]:
    """A scripted answer for an agent whose MCP tools are behind its shell: a tool call as the command that makes it."""
    if block["type"] != "tool_use" or block["name"] == SHELL:
        return block
    command = shlex.join([*CALL, block["name"], "--args", json.dumps(block["input"])])
    return _shell_block(block["id"], command, f"Call the MCP tool {block['name']}")


def _shell(earlier: int, command: str, description: str) -> dict[str, Any]:
    return _shell_block(f"toolu_canimcp_l{earlier + 1}", command, description)


def _shell_block(call_id: str, command: str, description: str) -> dict[str, Any]:
    return {"type": "tool_use", "id": call_id, "name": SHELL, "input": {"command": command, "description": description}}


def _commands(calls: list[tuple[str, str, dict[str, Any]]]) -> Iterator[list[str]]:
    return (_words(args.get("command")) for _, name, args in calls if name == SHELL)


def _words(command: Any) -> list[str]:
    if not isinstance(command, str):
        return []
    try:
        return shlex.split(command)
    except ValueError:
        return []
