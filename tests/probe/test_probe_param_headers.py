"""Mcp-Param headers (stateless.param-headers): transcripts built by hand for each way a client can get them wrong,
and the official Python and TypeScript SDK clients against the probe over Streamable HTTP."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
from pathlib import Path
from typing import Any

import pytest
from probe_support import http_probe, initialize, node_bin, node_modules_2x, only_run, rows

from canimcp.model.probe import HANDSHAKE_ONLY
from canimcp.probe.fixtures import HEADER_ARGUMENTS, HEADER_TOOL, INVALID_HEADER_TOOL, NUMBER_HEADER_TOOL, tools
from canimcp.probe.report import assess
from canimcp.probe.scenarios.param_headers import decoded, needs_base64

FEATURE = "stateless.param-headers"
META = {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientCapabilities": {},
    "io.modelcontextprotocol/clientInfo": {"name": "c", "version": "1"},
}
RIGHT = {"mcp-param-region": "eu-west-1", "mcp-param-greeting": "=?base64?R3LDvMOfZSwgTUNQ?="}


def call(id_: int, name: str, arguments: dict[str, Any], params: dict[str, str]) -> tuple[str, Any, dict[str, Any]]:
    message = {"jsonrpc": "2.0", "id": id_, "method": "tools/call", "params": {"name": name, "arguments": arguments}}
    message["params"]["_meta"] = META
    headers = {"mcp-method": "tools/call", "mcp-name": name, "mcp-protocol-version": "2026-07-28", **params}
    return "in", message, {"headers": headers, "http": {"method": "POST"}}


def judged(*calls: tuple[str, Any, dict[str, Any]], transport: str = "streamable-http") -> Any:
    return assess(rows(*calls), transport)[FEATURE]


def test_the_header_tools_are_offered_in_the_stateless_era_only() -> None:
    for version, offered in (("2025-11-25", False), ("2026-07-28", True)):
        names = {tool["name"] for tool in tools(version, ui=False, conformance=False)}
        assert ({HEADER_TOOL, INVALID_HEADER_TOOL, NUMBER_HEADER_TOOL} <= names) is offered
    echo = next(t for t in tools("2026-07-28", ui=False, conformance=False) if t["name"] == HEADER_TOOL)
    marked = {arg: schema["x-mcp-header"] for arg, schema in echo["inputSchema"]["properties"].items()}
    assert marked == {"region": "Region", "greeting": "Greeting"}


def test_headers_that_match_the_arguments_are_supported() -> None:
    result = judged(call(1, HEADER_TOOL, HEADER_ARGUMENTS, RIGHT))
    assert (result.observed, result.evidence) == ("supported", [0])
    assert result.detail == {"calls": 1, "problems": [], "invalidToolCalled": False, "numberToolCalled": False}
    # a plain value may travel Base64-wrapped too: the server compares what it decodes
    wrapped = {**RIGHT, "mcp-param-region": "=?base64?ZXUtd2VzdC0x?="}
    assert judged(call(1, HEADER_TOOL, HEADER_ARGUMENTS, wrapped)).observed == "supported"


@pytest.mark.parametrize(
    ("headers", "problem"),
    [
        ({"mcp-param-region": "eu-west-1"}, "Mcp-Param-Greeting missing"),
        ({**RIGHT, "mcp-param-region": "us-east-1"}, "Mcp-Param-Region does not match the argument"),
        ({**RIGHT, "mcp-param-greeting": "=?base64?not base64?="}, "Mcp-Param-Greeting does not match the argument"),
        # the raw text, as a server decoding the header bytes as Latin-1 reads UTF-8 sent without the wrapper
        ({**RIGHT, "mcp-param-greeting": "GrÃ¼Ã\x9fe, MCP"}, "Mcp-Param-Greeting does not match the argument"),
    ],
)
def test_a_missing_or_wrong_header_is_unsupported(headers: dict[str, str], problem: str) -> None:
    result = judged(call(1, HEADER_TOOL, HEADER_ARGUMENTS, headers))
    assert (result.observed, result.evidence) == ("unsupported", [0])
    assert result.detail["problems"] == [problem]


def test_values_that_are_not_plain_header_text_must_be_wrapped() -> None:
    # an ASCII value that looks like the wrapper must be wrapped itself, or a server would decode it
    lookalike = {"region": "=?base64?eA==?=", "greeting": "hi"}
    sent_raw = {"mcp-param-region": "=?base64?eA==?=", "mcp-param-greeting": "hi"}
    assert judged(call(1, HEADER_TOOL, lookalike, sent_raw)).detail["problems"] == [
        "Mcp-Param-Region does not match the argument"
    ]
    padded = {"region": " eu ", "greeting": "hi"}
    sent = {"mcp-param-region": " eu ", "mcp-param-greeting": "hi"}
    assert judged(call(1, HEADER_TOOL, padded, sent)).detail["problems"] == ["Mcp-Param-Region not Base64-wrapped"]
    assert needs_base64("Grüße") and needs_base64("a\nb") and not needs_base64("eu-west-1")
    assert decoded("=?base64?R3LDvMOfZSwgTUNQ?=") == "Grüße, MCP" and decoded("=?base64?%%?=") is None


def test_no_value_no_header() -> None:
    # null or absent arguments: no header is due, and one sent anyway is wrong
    assert judged(call(1, HEADER_TOOL, {"region": None}, {})).observed == "not-exercised"
    stray = judged(call(1, HEADER_TOOL, {"region": "eu", "greeting": None}, {**RIGHT, "mcp-param-region": "eu"}))
    assert stray.detail["problems"] == ["Mcp-Param-Greeting sent without a value"]


def test_calling_the_invalid_tool_is_unsupported_even_with_right_headers() -> None:
    invalid = call(2, INVALID_HEADER_TOOL, {"filter": {"kind": "probe"}}, {})
    result = judged(call(1, HEADER_TOOL, HEADER_ARGUMENTS, RIGHT), invalid)
    assert (result.observed, result.evidence) == ("unsupported", [0, 1])
    assert result.detail == {"calls": 1, "problems": [], "invalidToolCalled": True, "numberToolCalled": False}
    alone = judged(invalid)
    assert (alone.observed, alone.detail["calls"]) == ("unsupported", 0)


def test_keeping_the_number_marked_tool_is_recorded_but_does_not_decide() -> None:
    """The spec forbids x-mcp-header on a number parameter, but the TypeScript SDK 2.0.0 accepts it on purpose."""
    number = call(2, NUMBER_HEADER_TOOL, {"ratio": 0.5}, {"mcp-param-ratio": "0.5"})
    result = judged(call(1, HEADER_TOOL, HEADER_ARGUMENTS, RIGHT), number)
    assert (result.observed, result.evidence) == ("supported", [0])
    assert result.detail == {"calls": 1, "problems": [], "invalidToolCalled": False, "numberToolCalled": True}


def test_other_transports_are_not_judged() -> None:
    # stdio clients may ignore the markings, and the legacy SSE transport has no such headers
    for transport in ("stdio", "sse"):
        result = judged(call(1, HEADER_TOOL, HEADER_ARGUMENTS, {}), transport=transport)
        assert result.observed == "not-exercised"


def test_the_python_sdk_client_sends_the_headers_and_drops_the_invalid_tool(db: str) -> None:
    from mcp import Client

    async def go(url: str) -> set[str]:
        async with Client(url) as client:  # the SDK's default `auto` mode: 2026-07-28 when the server speaks it
            names = {tool.name for tool in (await client.list_tools()).tools}
            echoed = await client.call_tool(HEADER_TOOL, HEADER_ARGUMENTS)
            assert "Grüße, MCP" in echoed.content[0].text  # type: ignore[union-attr]
            return names

    with http_probe(db, "--answer-timeout", "1") as base:
        names = asyncio.run(go(base + "/mcp"))
    assert HEADER_TOOL in names and not {INVALID_HEADER_TOOL, NUMBER_HEADER_TOOL} & names
    rep = only_run(db)
    result = rep.features[FEATURE]
    assert (rep.era, result.observed, result.detail) == (
        "stateless",
        "supported",
        {"calls": 1, "problems": [], "invalidToolCalled": False, "numberToolCalled": False},
    )
    headers = rep.messages[result.evidence[0]].headers or {}
    assert headers["mcp-param-region"] == "eu-west-1" and headers["mcp-param-greeting"].startswith("=?base64?")


def test_the_typescript_sdk_2x_client_sends_the_headers_and_drops_the_invalid_tool(db: str) -> None:
    """With versionNegotiation "auto" (its default stays in the handshake era, where these headers do not exist)."""
    modules = node_modules_2x()
    if modules is None:
        pytest.skip("CANIMCP_TEST_NODE_MODULES_2X is not set (.ci/run installs @modelcontextprotocol/client 2.4.0)")
    script = Path(__file__).parent / "clients" / "ts_header_client.cjs"
    env = {**os.environ, "NODE_PATH": str(modules)}
    with http_probe(db, "--answer-timeout", "1") as base:
        argv = [node_bin(), str(script), base + "/mcp", json.dumps(HEADER_ARGUMENTS)]
        done = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=90)
    assert done.returncode == 0, done.stdout + done.stderr
    rep = only_run(db)  # a stateless run ends when the probe does
    said = {s["step"]: s["value"] for s in map(json.loads, done.stdout.splitlines())}
    assert HEADER_TOOL in said["tools"] and not {INVALID_HEADER_TOOL, NUMBER_HEADER_TOOL} & set(said["tools"])
    assert "Grüße, MCP" in said["echoed"]
    result = rep.features[FEATURE]
    assert (rep.era, result.observed, result.detail) == (
        "stateless",
        "supported",
        {"calls": 1, "problems": [], "invalidToolCalled": False, "numberToolCalled": False},
    )


def test_a_client_that_only_initializes_over_http_is_judged_handshake_only() -> None:
    """The headers exist only in the 2026-07-28 era: no verdict from one run, but the outcome says what it showed (a
    "no" in kb/observed.py where the harness offered both eras)."""
    opened = ("in", initialize(), {"http": {"method": "POST"}})
    result = judged(opened)
    assert (result.observed, result.detail, result.evidence) == ("not-exercised", {"outcome": HANDSHAKE_ONLY}, [0])
    assert judged(opened, transport="stdio").detail is None
