"""What the probe offers a client: tools, resources, prompts and completions, shaped for the negotiated
revision (nothing a revision does not define is sent to a client that asked for it)."""

from __future__ import annotations

import hashlib
from typing import Any

from .. import __version__
from .config import HANDSHAKE_VERSIONS, STATELESS_VERSIONS

UI_EXTENSION = "io.modelcontextprotocol/ui"
UI_MIME = "text/html;profile=mcp-app"
UI_URI = "ui://canimcp/probe-view.html"
SKILLS_EXTENSION = "io.modelcontextprotocol/skills"
SKILL_NAME = "canimcp-probe"
SKILL_URI = f"skill://{SKILL_NAME}/SKILL.md"
SKILL_DESCRIPTION = "How to use canimcp's probe server; load it before calling any of the probe's tools."
# the skills extension is written against 2026-07-28, but servers declare extensions on 2025-11-25 sessions in
# practice (as clients do MCP Apps), and a client that reads them there is what server authors meet
SKILLS_FROM = "2025-11-25"
STATIC_URI = "probe://static/hello"
TEMPLATE = "probe://items/{id}"
# 2026-07-28: a tool whose arguments a client copies into Mcp-Param headers (x-mcp-header), and two whose marking
# breaks the rules, which a client on Streamable HTTP must leave out of its tool list: one on an object parameter,
# and one on a number parameter, which the spec forbids too but the TypeScript SDK 2.0.0 accepts on purpose (for a
# conformance scenario of its day); only the first decides the verdict, the second is recorded beside it
HEADER_TOOL = "header_echo"
INVALID_HEADER_TOOL = "header_invalid"
NUMBER_HEADER_TOOL = "header_number"
HEADER_PARAMS = {"region": "Region", "greeting": "Greeting"}  # argument: the {name} of its Mcp-Param-{name} header
# what the harness's callers pass: a value that travels as it is, and one that must be Base64-wrapped (not ASCII)
HEADER_ARGUMENTS = {"region": "eu-west-1", "greeting": "Grüße, MCP"}
INVALID_HEADER_ARGUMENTS = {"filter": {"kind": "probe"}}
NUMBER_HEADER_ARGUMENTS = {"ratio": 0.5}
# 2025-11-25: the server takes task-augmented tools/call, and this tool must be called as a task; its two answers
# (a refused plain call, a task's result) say so in words the harness's scripted model looks for
TASK_TOOL = "task_tool"
TASK_REFUSED = f"{TASK_TOOL} must be called as a task (taskSupport: required)"
TASK_DONE = "Done, as a task."
# 2025-11-25: a tool that first needs a URL-mode elicitation done: its first calls are refused with -32042, naming a
# page of the probe, and a completion notice follows (url_gate.py); its answers name it for the scripted model
URL_GATE_TOOL = "url_gate"
URL_GATE_REFUSED = f"{URL_GATE_TOOL} needs a URL elicitation completed first"
URL_GATE_DONE = "Through the URL gate."
TOPICS = ("capabilities", "cancellation", "elicitation", "progress", "roots", "sampling", "transports")


def at_least(version: str | None, minimum: str) -> bool:
    # revisions are dates, so they sort as strings; an unknown or missing version counts as the oldest
    return bool(version) and str(version) >= minimum


def primes_streams(version: str | None) -> bool:
    """Does a session at `version` know priming events (2025-11-25 on)? 2026-07-28 resumes no stream at all."""
    return at_least(version, "2025-11-25") and version in HANDSHAKE_VERSIONS


def cuts_streams(version: str | None) -> bool:
    """Does the probe cut a `dropped_stream` call's answer at `version`? From 2025-03-26, whose Streamable HTTP
    lets a client resume a broken stream with Last-Event-ID; before 2025-11-25 after a first event that carries a
    message (there are no priming events yet)."""
    return at_least(version, "2025-03-26") and version in HANDSHAKE_VERSIONS


def runs_tool_tasks(version: str | None) -> bool:
    """Does the probe take tool calls as tasks at `version`? 2025-11-25 only: 2026-07-28 moved tasks into an
    extension."""
    return at_least(version, "2025-11-25") and version in HANDSHAKE_VERSIONS


def gates_urls(version: str | None, declares_url: bool = False) -> bool:
    """Does the probe list `url_gate` at `version`? At 2025-11-25, and at an earlier handshake revision to a client
    that declares URL-mode elicitation all the same (Codex asks for 2025-06-18 with `elicitation.url`), since a server
    that reads the declaration may refuse it with -32042. Not in 2026-07-28, which dropped the completion notice and
    the elicitationId: a client learns an elicitation's outcome by retrying the request."""
    return version in HANDSHAKE_VERSIONS and (at_least(version, "2025-11-25") or declares_url)


def server_info(version: str | None) -> dict[str, Any]:
    info: dict[str, Any] = {"name": "canimcp-probe", "version": __version__}
    if at_least(version, "2025-06-18"):
        info["title"] = "canimcp probe"
    return info


def server_capabilities(version: str | None) -> dict[str, Any]:
    caps: dict[str, Any] = {
        "logging": {},
        "prompts": {"listChanged": True},
        "resources": {"subscribe": True, "listChanged": True},
        "tools": {"listChanged": True},
    }
    if at_least(version, "2025-03-26"):
        caps["completions"] = {}
    if offers_skills(version):
        caps["extensions"] = {SKILLS_EXTENSION: {}}
    if runs_tool_tasks(version):
        caps["tasks"] = {"requests": {"tools": {"call": {}}}}
    return caps


def offers_skills(version: str | None) -> bool:
    return at_least(version, SKILLS_FROM)


def instructions(nonce: str) -> str:
    return (
        "This server is canimcp's probe: it records what this MCP client declares and does, to document client "
        f"support. To show that these instructions reached you, call the tool report_nonce with nonce {nonce}."
    )


def tools(version: str | None, *, ui: bool, conformance: bool, declares_url: bool = False) -> list[dict[str, Any]]:
    obj: dict[str, Any] = {"type": "object", "properties": {}}
    listed: list[dict[str, Any]] = [
        {
            "name": "run_scenarios",
            "description": "Run canimcp's probe scenarios (ping, roots, sampling, elicitation, list changes...) "
            "against this client and return when they are done.",
            "inputSchema": obj,
        },
        {
            "name": "echo",
            "description": "Echo the text back.",
            "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]},
        },
        {
            "name": "failing_tool",
            "description": "Always fails (isError); the failure text holds a nonce to report with report_nonce.",
            "inputSchema": obj,
        },
        {
            "name": "slow_task",
            "description": "Sleeps for `seconds` (at most 30), reporting progress when asked; can be cancelled.",
            "inputSchema": {"type": "object", "properties": {"seconds": {"type": "number"}}},
        },
        {
            "name": "report_nonce",
            "description": "Report a nonce seen in this server's instructions or tool results (cmcp-...).",
            "inputSchema": {"type": "object", "properties": {"nonce": {"type": "string"}}, "required": ["nonce"]},
        },
    ]
    structured: dict[str, Any] = {
        "name": "structured_result",
        "description": "Returns a nonce only in structuredContent; report it with report_nonce.",
        "inputSchema": obj,
    }
    if at_least(version, "2025-06-18"):
        structured["outputSchema"] = {
            "type": "object",
            "properties": {"nonce": {"type": "string"}},
            "required": ["nonce"],
        }
    listed.append(structured)
    if cuts_streams(version):
        first = "priming it" if primes_streams(version) else "its first event"
        listed.append(
            {
                "name": "dropped_stream",
                "description": f"Over Streamable HTTP, answers on a stream the server closes right after {first}; "
                "the result arrives only if the client reconnects with Last-Event-ID.",
                "inputSchema": obj,
            }
        )
    if at_least(version, "2025-03-26"):
        listed[1]["annotations"] = {"readOnlyHint": True, "openWorldHint": False}
    # to a client that did not declare MCP Apps too (from 2025-06-18, when tools gained `_meta`): a host that renders
    # views reads the one a tool names, so one that calls the tool and never reads it renders none (mcp_apps.py)
    if ui or at_least(version, "2025-06-18"):
        listed.append(
            {
                "name": "show_view",
                "description": "Shows the probe's MCP Apps view.",
                "inputSchema": obj,
                "_meta": {"ui": {"resourceUri": UI_URI}},
            }
        )
    if runs_tool_tasks(version):
        listed.append(
            {
                "name": TASK_TOOL,
                "description": "Runs as a task: call it with task metadata, then fetch its result with tasks/result.",
                "inputSchema": obj,
                "execution": {"taskSupport": "required"},
            }
        )
    if gates_urls(version, declares_url):
        listed.append(
            {
                "name": URL_GATE_TOOL,
                "description": "Needs a URL elicitation completed before it runs: the first call is refused (-32042) "
                "with the page to open; call again once the elicitation is complete.",
                "inputSchema": obj,
            }
        )
    if version in STATELESS_VERSIONS:
        listed.extend(header_tools())
    if conformance:
        from .conformance import conformance_tools

        listed.extend(conformance_tools())
    return listed


def header_tools() -> list[dict[str, Any]]:
    properties = {arg: {"type": "string", "x-mcp-header": name} for arg, name in HEADER_PARAMS.items()}
    return [
        {
            "name": HEADER_TOOL,
            "description": "Echoes region and greeting; over Streamable HTTP a client sends both as Mcp-Param headers.",
            "inputSchema": {"type": "object", "properties": properties, "required": sorted(HEADER_PARAMS)},
        },
        {
            "name": INVALID_HEADER_TOOL,
            "description": "Marks an object parameter with x-mcp-header, which the spec forbids: a client on "
            "Streamable HTTP must leave this tool out of its list.",
            "inputSchema": {"type": "object", "properties": {"filter": {"type": "object", "x-mcp-header": "Filter"}}},
        },
        {
            "name": NUMBER_HEADER_TOOL,
            "description": "Marks a number parameter with x-mcp-header, which the spec forbids: a client on Streamable "
            "HTTP must leave this tool out of its list.",
            "inputSchema": {"type": "object", "properties": {"ratio": {"type": "number", "x-mcp-header": "Ratio"}}},
        },
    ]


def resources(*, ui: bool, conformance: bool) -> list[dict[str, Any]]:
    listed: list[dict[str, Any]] = [{"uri": STATIC_URI, "name": "hello", "mimeType": "text/plain"}]
    if ui:
        listed.append({"uri": UI_URI, "name": "probe-view", "mimeType": UI_MIME})
    if conformance:
        from .conformance import conformance_resources

        listed.extend(conformance_resources())
    return listed


def resource_templates(*, conformance: bool) -> list[dict[str, Any]]:
    listed: list[dict[str, Any]] = [{"uriTemplate": TEMPLATE, "name": "item", "mimeType": "text/plain"}]
    if conformance:
        from .conformance import conformance_templates

        listed.extend(conformance_templates())
    return listed


def read_resource(uri: str) -> list[dict[str, Any]] | None:
    if uri == STATIC_URI:
        return [{"uri": uri, "mimeType": "text/plain", "text": "Hello from canimcp's probe."}]
    if uri.startswith("probe://items/") and len(uri) > len("probe://items/"):
        return [{"uri": uri, "mimeType": "text/plain", "text": f"Item {uri.rsplit('/', 1)[-1]}."}]
    if uri == UI_URI:
        page = "<!doctype html><title>canimcp probe</title><p>canimcp probe view</p>"
        return [{"uri": uri, "mimeType": UI_MIME, "text": page}]
    return None


def skill_file(nonce: str) -> bytes:
    """The probe's one skill: its SKILL.md asks the model to report a nonce, so a report shows the skill was loaded
    into the model's context (the scripted model reports every probe nonce it sees)."""
    return (
        "---\n"
        f"name: {SKILL_NAME}\n"
        f"description: {SKILL_DESCRIPTION}\n"
        "---\n\n"
        "# canimcp probe\n\n"
        f"To show that this skill reached you, call the tool report_nonce with nonce {nonce}.\n"
    ).encode()


def read_skill(nonce: str) -> list[dict[str, Any]]:
    """resources/read of the SKILL.md: the same bytes its entry's digest and size describe."""
    return [{"uri": SKILL_URI, "mimeType": "text/markdown", "text": skill_file(nonce).decode()}]


def skill_entry(nonce: str) -> dict[str, Any]:
    """The skill's entry, as skills/list and skills/get return it: frontmatter and a manifest of its one file."""
    content = skill_file(nonce)
    digest = f"sha256:{hashlib.sha256(content).hexdigest()}"
    return {
        "uri": SKILL_URI,
        "frontmatter": {"name": SKILL_NAME, "description": SKILL_DESCRIPTION},
        "resources": [{"uri": SKILL_URI, "digest": digest, "size": len(content)}],
    }


def prompts(*, conformance: bool) -> list[dict[str, Any]]:
    listed: list[dict[str, Any]] = [
        {
            "name": "probe_prompt",
            "description": "A prompt with one argument that offers completions.",
            "arguments": [{"name": "topic", "description": "An MCP topic.", "required": False}],
        }
    ]
    if conformance:
        from .conformance import conformance_prompts

        listed.extend(conformance_prompts())
    return listed


def complete(value: str) -> dict[str, Any]:
    values = [topic for topic in TOPICS if topic.startswith(value)]
    return {"completion": {"values": values, "total": len(values), "hasMore": False}}
