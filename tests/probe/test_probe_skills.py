"""The skills extension against the official Python SDK client: the probe declares it from 2025-11-25 (and in
server/discover), answers skills/list and skills/get, and serves the skill's SKILL.md; the skills scenario credits a
client that asks for skills (and records whether it loaded the one offered), and records one that calls tools and
never asks without a verdict."""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import mcp_types as types
import pytest
from mcp import Client
from mcp.shared.exceptions import MCPError
from probe_support import StdioProbe, initialize, node_bin, node_modules_2x, only_run, report, rows, runs
from pydantic import BaseModel
from test_probe_python_clients import session, stdio_server

from canimcp.model.probe import NEVER_ASKED_FOR_SKILLS
from canimcp.probe.fixtures import SKILL_URI, SKILLS_EXTENSION, server_capabilities
from canimcp.probe.report import assess

FEATURE = f"extensions.{SKILLS_EXTENSION}"


class Anything(BaseModel, extra="allow"):
    """A result the SDK has no type for (the extension's methods): kept whole."""


async def ask(client: Client, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
    request = types.Request[dict[str, Any] | None, str](method=method, params=params)
    result = await client.session.send_request(request, Anything)  # type: ignore[arg-type]
    return result.model_dump()


async def skills_host(server: Any, mode: str, *, unknown: str | None = None) -> tuple[dict[str, Any], bytes, Any]:
    """What a host that implements the extension does: see the server's declaration, list skills, read and
    verify the SKILL.md the entry names, then use the server's tools."""
    async with Client(server, mode=mode) as client:
        caps = client.server_capabilities
        assert caps is not None
        declared = (caps.model_dump().get("extensions") or {}).get(SKILLS_EXTENSION)
        listed = await ask(client, "skills/list", {})
        entry = listed["skills"][0]
        read = await client.read_resource(entry["uri"])
        content = read.contents[0].text.encode()  # type: ignore[union-attr]
        refused = None
        if unknown is not None:
            try:
                await ask(client, "skills/get", {"uri": unknown})
            except MCPError as exc:
                refused = exc.error.code
        await client.call_tool("echo", {"text": "hi"})
        return entry, content, (declared, refused)


@pytest.mark.parametrize("mode", ["legacy", "auto"])
def test_a_host_that_lists_and_loads_a_skill_supports_the_extension(db: str, mode: str) -> None:
    entry, content, (declared, refused) = asyncio.run(
        skills_host(stdio_server(db), mode, unknown="skill://elsewhere/SKILL.md")
    )
    assert declared == {}  # the server's declaration, with no optional features
    assert entry["uri"] == SKILL_URI and entry["frontmatter"]["name"] == "canimcp-probe"
    # the manifest describes the bytes served: what a host verifies before it loads the skill
    (file,) = entry["resources"]
    assert file == {"uri": SKILL_URI, "digest": "sha256:" + hashlib.sha256(content).hexdigest(), "size": len(content)}
    assert content.startswith(b"---\nname: canimcp-probe\n")
    assert refused == -32602  # skills/get of a skill the server does not serve: invalid params, as the spec says
    rep = only_run(db)
    result = rep.features[FEATURE]
    assert (result.observed, result.declared) == ("supported", False)
    assert result.detail == {"outcome": "asked for skills; loaded the offered skill"}
    cited = [rep.messages[i].raw for i in result.evidence]
    assert any('"skills/list"' in raw for raw in cited) and any(SKILL_URI in raw for raw in cited)


def test_a_client_that_calls_tools_and_never_asks_is_recorded_without_a_verdict(db: str) -> None:
    """One connection cannot show that a client never lists skills (it may list later, or make one call per
    connection): the scenario records what it saw and leaves the verdict to the client's code."""
    asyncio.run(session(stdio_server(db), "legacy"))
    rep = only_run(db)
    result = rep.features[FEATURE]
    assert (result.observed, result.detail) == ("not-exercised", {"outcome": NEVER_ASKED_FOR_SKILLS})
    # it cites the probe's declaration and the tool call made without asking
    cited = [rep.messages[i].raw for i in result.evidence]
    assert any(SKILLS_EXTENSION in raw for raw in cited) and any('"tools/call"' in raw for raw in cited)


@pytest.mark.parametrize("version", ["2025-06-18", "2025-11-25"])
def test_the_extension_is_offered_from_2025_11_25(db: str, version: str) -> None:
    probe = StdioProbe(db, "--answer-timeout", "0.2")
    probe.send(initialize(version))
    caps = probe.read()["result"]["capabilities"]
    probe.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    probe.send({"jsonrpc": "2.0", "id": 2, "method": "skills/list", "params": {}})
    answer = probe.read_until(2)
    assert probe.close() == 0
    offered = version >= "2025-11-25"
    assert ("extensions" in caps) == offered
    # a server that did not declare the extension does not have its methods
    if offered:
        assert [skill["uri"] for skill in answer["result"]["skills"]] == [SKILL_URI]
    else:
        assert answer["error"]["code"] == -32601 and "result" not in answer
    result = only_run(db).features[FEATURE]
    # the client asked: it has the extension, offered or not (asking unoffered is what the extension forbids)
    assert result.observed == "supported"
    unoffered = "asked for skills though the probe had not declared the extension"
    assert result.detail == {"outcome": "asked for skills; never loaded the offered skill" if offered else unoffered}


def test_a_status_command_that_lists_tools_and_leaves_shows_nothing_either_way() -> None:
    """Offered the extension, a client that never calls a tool (a status command) had no moment to need a skill;
    one that declares the key gets no credit for it alone."""
    offered = {"jsonrpc": "2.0", "id": 1, "result": {"capabilities": server_capabilities("2025-11-25")}}
    listing = {"jsonrpc": "2.0", "id": 2, "method": "tools/list"}
    caps = {"extensions": {SKILLS_EXTENSION: {}}}
    for declared in ({}, caps):
        got = assess(
            rows(("in", initialize(caps=declared), None), ("out", offered, None), ("in", listing, None)), "stdio"
        )
        result = got[FEATURE]
        assert (result.observed, result.declared) == ("not-exercised", bool(declared))
        assert result.evidence == ([0, 1] if declared else [1])


@pytest.mark.parametrize("negotiation", ["", "auto"])
def test_the_typescript_sdk_skills_client_lists_gets_and_verifies_the_probe_skill(db: str, negotiation: str) -> None:
    """The official TypeScript client's own skills API (2.4.0) against the probe, in both eras: it finds the
    declaration, lists, gets, and reads the SKILL.md, which its checks of size, digest and frontmatter accept."""
    modules = node_modules_2x()
    if modules is None:
        pytest.skip("CANIMCP_TEST_NODE_MODULES_2X is not set (.ci/run installs @modelcontextprotocol/client 2.4.0)")
    script = Path(__file__).parent / "clients" / "ts_skills_client.cjs"
    probe = [sys.executable, "-m", "canimcp", "probe", "stdio", "--db", db, "--answer-timeout", "1"]
    env = {**os.environ, "NODE_PATH": str(modules), "CANIMCP_TS_NEGOTIATION": negotiation}
    done = subprocess.run([node_bin(), str(script), *probe], env=env, capture_output=True, text=True, timeout=90)
    assert done.returncode == 0, done.stdout + done.stderr
    said = {s["step"]: s["value"] for s in map(json.loads, done.stdout.splitlines())}
    assert said["supported"] is True and said["listed"] == [SKILL_URI] and said["got"] == "canimcp-probe"
    assert said["read"]["verified"] is True and said["read"]["name"] == "canimcp-probe"
    assert "report_nonce with nonce cmcp-skill-" in said["read"]["body"]
    # with versionNegotiation auto the 2.x client starts the stdio server a second time once it has negotiated: the
    # skills were asked for on one of the two connections
    reports = [report(db, r.id) for r in runs(db)]
    assert len(reports) == (2 if negotiation else 1)
    rep = next(r for r in reports if r.features[FEATURE].observed != "not-exercised")
    assert rep.era == ("stateless" if negotiation else "handshake")
    result = rep.features[FEATURE]
    assert (result.observed, result.declared) == ("supported", False)
    assert result.detail == {"outcome": "asked for skills; loaded the offered skill"}
    methods = [json.loads(rep.messages[i].raw).get("method") for i in result.evidence]
    assert {"skills/list", "resources/read"} <= set(methods)
