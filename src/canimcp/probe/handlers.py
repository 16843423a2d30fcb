"""The probe's answers to client requests, one small function per method."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import fixtures, jsonrpc, subscriptions
from .config import HANDSHAKE_VERSIONS, LATEST_HANDSHAKE, STATELESS_VERSIONS
from .fixtures import UI_EXTENSION
from .jsonrpc import INVALID_PARAMS, METHOD_NOT_FOUND, UNSUPPORTED_PROTOCOL_VERSION, Message, RpcError
from .sse import ResumableAnswer

if TYPE_CHECKING:
    from .session import Channel, ProbeSession

SERVER_INFO_META = "io.modelcontextprotocol/serverInfo"
RESOURCE_NOT_FOUND = -32002
CACHEABLE = ("tools/list", "prompts/list", "resources/list", "resources/templates/list", "resources/read")


@dataclass
class Call:
    session: ProbeSession
    msg: Message
    channel: Channel | None
    modern: bool = False

    @property
    def params(self) -> dict[str, Any]:
        return self.msg.params if isinstance(self.msg.params, dict) else {}

    def arg(self, name: str) -> Any:
        args = self.params.get("arguments")
        return args.get(name) if isinstance(args, dict) else None

    @property
    def conformance(self) -> bool:
        return self.session.config.conformance

    @property
    def skills(self) -> bool:
        """Was the skills extension offered to this client (a 2026-07-28 request, or a session from 2025-11-25)?"""
        return self.modern or fixtures.offers_skills(self.session.version)

    @property
    def ui(self) -> bool:
        return self.session.declared(f"extensions.{UI_EXTENSION}")


Handler = Callable[[Call], Awaitable[dict[str, Any]]]
HANDLERS: dict[str, Handler] = {}


def handles(method: str) -> Callable[[Handler], Handler]:
    def register(func: Handler) -> Handler:
        HANDLERS[method] = func
        return func

    return register


async def dispatch(call: Call) -> dict[str, Any]:
    session = call.session
    meta = session.modern_meta(call.msg)
    if meta is not None and session.config.eras != "handshake" and session.era != "handshake":
        call.modern = True
        await session.note_modern(meta)
    handler = HANDLERS.get(call.msg.method or "")
    if handler is None:
        raise RpcError(METHOD_NOT_FOUND, f"Method not found: {call.msg.method}")
    result = await handler(call)
    if call.modern:
        result.setdefault("resultType", "complete")
        if call.msg.method in CACHEABLE:  # 2026-07-28 cache hints; 0 = always re-fetch, which a probe wants
            result.setdefault("ttlMs", 0)
            result.setdefault("cacheScope", "private")
    return result


# --- lifecycle ---------------------------------------------------------------------------------------------
@handles("initialize")
async def initialize(call: Call) -> dict[str, Any]:
    session = call.session
    requested = call.params.get("protocolVersion")
    if session.config.eras == "stateless":
        raise RpcError(
            UNSUPPORTED_PROTOCOL_VERSION,
            "Unsupported protocol version: this probe speaks only the stateless revisions",
            {"supported": list(STATELESS_VERSIONS), "requested": requested},
        )
    if not isinstance(call.msg.params, dict):
        raise RpcError(INVALID_PARAMS, "initialize needs params")
    # negotiate as the spec says: echo a version we speak, otherwise offer our latest
    version = requested if requested in HANDSHAKE_VERSIONS else LATEST_HANDSHAKE
    session.version = version
    await session.note_client(requested, call.params.get("capabilities"), call.params.get("clientInfo"), "handshake")
    return {
        "protocolVersion": version,
        "capabilities": fixtures.server_capabilities(version),
        "serverInfo": fixtures.server_info(version),
        "instructions": fixtures.instructions(session.nonce("instr")),
    }


@handles("server/discover")
async def discover(call: Call) -> dict[str, Any]:
    session = call.session
    if session.config.eras == "handshake":
        raise RpcError(METHOD_NOT_FOUND, "Method not found: server/discover (this probe runs legacy-only)")
    versions = (
        list(STATELESS_VERSIONS) if session.config.eras == "stateless" else [*STATELESS_VERSIONS, *HANDSHAKE_VERSIONS]
    )
    return {
        "supportedVersions": versions,
        "capabilities": fixtures.server_capabilities(STATELESS_VERSIONS[-1]),
        "instructions": fixtures.instructions(session.nonce("instr")),
        "resultType": "complete",
        "ttlMs": 0,
        "cacheScope": "public",
        "_meta": {SERVER_INFO_META: fixtures.server_info(STATELESS_VERSIONS[-1])},
    }


@handles("ping")
async def ping(call: Call) -> dict[str, Any]:
    return {}


@handles("logging/setLevel")
async def set_level(call: Call) -> dict[str, Any]:
    level = call.params.get("level")
    if not isinstance(level, str):
        raise RpcError(INVALID_PARAMS, "logging/setLevel needs a level")
    call.session.log_level = level
    return {}


# --- tools -------------------------------------------------------------------------------------------------
@handles("tools/list")
async def list_tools(call: Call) -> dict[str, Any]:
    declares_url = call.session.declared("elicitation.url")
    listed = fixtures.tools(call.session.version, ui=call.ui, conformance=call.conformance, declares_url=declares_url)
    return {"tools": listed}


def text(value: str) -> dict[str, Any]:
    return {"type": "text", "text": value}


@handles("tools/call")
async def call_tool(call: Call) -> dict[str, Any]:
    name = call.params.get("name")
    tool = TOOLS.get(name) if isinstance(name, str) else None
    if tool is None and call.conformance and isinstance(name, str):
        from .conformance import call_conformance_tool

        found = await call_conformance_tool(call, name)
        if found is not None:
            return found
    if tool is None:
        raise RpcError(INVALID_PARAMS, f"Unknown tool: {name}")
    return await tool(call)


# the answer to a call that a list change ended early (see ProbeSession.announce_list_change); not "Scenarios
# done", so that the harness's scripted model calls again
UNDER_WAY = "Scenarios under way: a list changed while this call ran. Call run_scenarios again to go on."


async def run_scenarios(call: Call) -> dict[str, Any]:
    if call.modern:
        from .scenarios.stateless import input_required

        await asyncio.shield(call.session.announced())  # an agent may end the session after any answer
        return input_required(call)
    channel = call.channel or call.session.push
    if channel is None:
        return {"content": [text("No channel to reach this client on.")], "isError": True}
    if not await call.session.scenarios_turn(channel):
        return {"content": [text(UNDER_WAY)]}
    from .report import assess

    features = assess(call.session.messages, call.session.transport, call.session.probe.scenarios)
    lines = [f"{fid}: {res.observed}" for fid, res in sorted(features.items()) if res.observed != "not-exercised"]
    return {"content": [text("Scenarios done.\n" + "\n".join(lines))]}


async def echo(call: Call) -> dict[str, Any]:
    return {"content": [text(str(call.arg("text")))]}


async def failing_tool(call: Call) -> dict[str, Any]:
    return {"content": [text(f"This tool failed on purpose. Nonce: {call.session.nonce('err')}")], "isError": True}


async def structured_result(call: Call) -> dict[str, Any]:
    # the nonce is only in structuredContent, so reporting it shows the client passed that on
    return {
        "content": [text("The result is in structuredContent.")],
        "structuredContent": {"nonce": call.session.nonce("struct")},
    }


async def slow_task(call: Call) -> dict[str, Any]:
    seconds = call.arg("seconds")
    seconds = min(max(float(seconds), 0.0), 30.0) if isinstance(seconds, int | float) else 2.0
    meta = call.params.get("_meta")
    token = meta.get("progressToken") if isinstance(meta, dict) else None
    steps = max(1, int(seconds / 0.25))
    for step in range(steps):
        await asyncio.sleep(seconds / steps)
        if token is not None:
            params = {"progressToken": token, "progress": step + 1, "total": steps}
            await call.session.send(jsonrpc.notification("notifications/progress", params), call.channel)
    return {"content": [text(f"Slept {seconds:g} s.")]}


async def report_nonce(call: Call) -> dict[str, Any]:
    nonce = call.arg("nonce")
    known = call.session.knows_nonce(nonce)
    return {"content": [text("Nonce recorded." if known else "Unknown nonce.")], "isError": not known}


async def dropped_stream(call: Call) -> dict[str, Any]:
    # the cutting and the resuming happen in the HTTP layer (polling.py); here only what the client is told
    if isinstance(call.channel, ResumableAnswer):
        return {"content": [text("Resumed: the probe closed this call's stream and your client reconnected for it.")]}
    where = "Streamable HTTP from 2025-03-26 on, when the client accepts an SSE answer"
    return {"content": [text(f"Answered in place: the probe cuts a call's stream only on {where}.")]}


async def show_view(call: Call) -> dict[str, Any]:
    return {"content": [text("The probe's view is at " + fixtures.UI_URI)]}


async def header_echo(call: Call) -> dict[str, Any]:
    # the headers are judged from the transcript (scenarios/param_headers.py); a handler sees only the message
    said = ", ".join(f"{arg}={call.arg(arg)!r}" for arg in fixtures.HEADER_PARAMS)
    return {"content": [text(f"Received {said}.")]}


async def header_invalid(call: Call) -> dict[str, Any]:
    return {"content": [text("Called: this client kept a tool whose x-mcp-header marking is invalid.")]}


async def task_tool(call: Call) -> dict[str, Any]:
    task = call.params.get("task")
    if not isinstance(task, dict):  # the spec's answer to a plain call of a tool whose taskSupport is "required"
        raise RpcError(METHOD_NOT_FOUND, fixtures.TASK_REFUSED)
    return call.session.tool_tasks.create(task, {"content": [text(fixtures.TASK_DONE)]})


async def url_gate(call: Call) -> dict[str, Any]:
    gate = call.session.url_gate
    if not gate.complete:
        raise gate.refusal(call.session)
    return {"content": [text(fixtures.URL_GATE_DONE)]}


TOOLS: dict[str, Handler] = {
    "run_scenarios": run_scenarios,
    "echo": echo,
    "failing_tool": failing_tool,
    "structured_result": structured_result,
    "slow_task": slow_task,
    "report_nonce": report_nonce,
    "show_view": show_view,
    "dropped_stream": dropped_stream,
    fixtures.HEADER_TOOL: header_echo,
    fixtures.INVALID_HEADER_TOOL: header_invalid,
    fixtures.NUMBER_HEADER_TOOL: header_invalid,
    fixtures.TASK_TOOL: task_tool,
    fixtures.URL_GATE_TOOL: url_gate,
}


@handles("tasks/get")
async def get_task(call: Call) -> dict[str, Any]:
    task = call.session.tool_tasks.get(call.params.get("taskId"))
    if task is None:
        raise RpcError(INVALID_PARAMS, "Task not found")
    return task.view()


@handles("tasks/result")
async def task_result(call: Call) -> dict[str, Any]:
    task = call.session.tool_tasks.get(call.params.get("taskId"))
    if task is None:
        raise RpcError(INVALID_PARAMS, "Task not found")
    return await call.session.tool_tasks.result(task)


# --- resources, prompts, completion ------------------------------------------------------------------------
@handles("resources/list")
async def list_resources(call: Call) -> dict[str, Any]:
    return {"resources": fixtures.resources(ui=call.ui, conformance=call.conformance)}


@handles("resources/templates/list")
async def list_templates(call: Call) -> dict[str, Any]:
    return {"resourceTemplates": fixtures.resource_templates(conformance=call.conformance)}


@handles("resources/read")
async def read_resource(call: Call) -> dict[str, Any]:
    uri = call.params.get("uri")
    if not isinstance(uri, str):
        raise RpcError(INVALID_PARAMS, "resources/read needs a uri")
    contents = fixtures.read_resource(uri)
    if uri == fixtures.SKILL_URI and call.skills:  # its text holds the session's nonce
        contents = fixtures.read_skill(call.session.nonce("skill"))
    if contents is None and call.conformance:
        from .conformance import read_conformance_resource

        contents = read_conformance_resource(uri)
    if contents is None:
        raise RpcError(RESOURCE_NOT_FOUND, "Resource not found", {"uri": uri})
    return {"contents": contents}


@handles("resources/subscribe")
async def subscribe(call: Call) -> dict[str, Any]:
    return {}


@handles("resources/unsubscribe")
async def unsubscribe(call: Call) -> dict[str, Any]:
    return {}


handles("subscriptions/listen")(subscriptions.listen)  # 2026-07-28: what replaced resources/subscribe


# --- the skills extension (io.modelcontextprotocol/skills), offered from fixtures.SKILLS_FROM on ---------------
@handles("skills/list")
async def list_skills(call: Call) -> dict[str, Any]:
    return {"skills": [_skill_entry(call)], "ttlMs": 0, "cacheScope": "private"}


@handles("skills/get")
async def get_skill(call: Call) -> dict[str, Any]:
    entry = _skill_entry(call)
    if call.params.get("uri") != fixtures.SKILL_URI:
        raise RpcError(INVALID_PARAMS, "Unknown skill", {"uri": call.params.get("uri")})
    return {"skill": entry, "ttlMs": 0, "cacheScope": "private"}


def _skill_entry(call: Call) -> dict[str, Any]:
    """The probe's one skill, for a client the extension was offered to; to any other its methods do not exist."""
    if not call.skills:
        raise RpcError(METHOD_NOT_FOUND, f"Method not found: {call.msg.method} (the skills extension was not offered)")
    return fixtures.skill_entry(call.session.nonce("skill"))


@handles("prompts/list")
async def list_prompts(call: Call) -> dict[str, Any]:
    return {"prompts": fixtures.prompts(conformance=call.conformance)}


@handles("prompts/get")
async def get_prompt(call: Call) -> dict[str, Any]:
    name = call.params.get("name")
    args = call.params.get("arguments")
    args = args if isinstance(args, dict) else {}
    if name == "probe_prompt":
        topic = args.get("topic", "capabilities")
        return {"messages": [{"role": "user", "content": text(f"Tell me about MCP {topic}.")}]}
    if call.conformance and isinstance(name, str):
        from .conformance import get_conformance_prompt

        found = get_conformance_prompt(name, args)
        if found is not None:
            return found
    raise RpcError(INVALID_PARAMS, f"Unknown prompt: {name}")


@handles("completion/complete")
async def complete(call: Call) -> dict[str, Any]:
    argument = call.params.get("argument")
    value = argument.get("value") if isinstance(argument, dict) else None
    return fixtures.complete(value if isinstance(value, str) else "")
