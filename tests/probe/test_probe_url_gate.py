"""URL elicitation required and its completion notice (elicitation.url-completion, 2025-11-25): transcripts built by
hand, the probe's answers on the wire, the official Python SDK client plainly (it passes the -32042 on), and apps on
the Python and TypeScript (1.x and 2.x) SDKs that wait for the notice and call again."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from probe_support import StdioProbe, http_probe, initialize, node_bin, node_modules, node_modules_2x, only_run, rows

from canimcp.probe.fixtures import URL_GATE_DONE, URL_GATE_TOOL, tools
from canimcp.probe.report import assess
from canimcp.probe.scenarios.url_gate import BLIND_RETRY, LEFT, NO_RETRY, TOO_EARLY
from canimcp.probe.url_gate import COMPLETE_AFTER, NO_STREAM, PAGE

FEATURE = "elicitation.url-completion"
URL_CAPS = {"elicitation": {"form": {}, "url": {}}}
GATE = {"elicitations": [{"mode": "url", "elicitationId": "g1", "url": "http://127.0.0.1/x", "message": "open"}]}
REFUSED = {"error": {"code": -32042, "message": "needs a URL elicitation", "data": GATE}}
DONE = {"result": {"content": [{"type": "text", "text": URL_GATE_DONE}]}}
NOTICE = ("out", {"jsonrpc": "2.0", "method": "notifications/elicitation/complete", "params": {"elicitationId": "g1"}})


def call(id_: int) -> tuple[str, Any, None]:
    return "in", {"jsonrpc": "2.0", "id": id_, "method": "tools/call", "params": {"name": URL_GATE_TOOL}}, None


def answer(id_: int, body: dict[str, Any]) -> tuple[str, Any, None]:
    return "out", {"jsonrpc": "2.0", "id": id_, **body}, None


def judged(
    *messages: tuple[str, Any, Any], version: str = "2025-11-25", caps: Any = None, transport: str = "stdio"
) -> Any:
    opened = (
        ("in", initialize(version, caps=caps if caps is not None else URL_CAPS), None),
        answer(1, {"result": {"protocolVersion": version}}),
    )
    sent = [*opened, *messages]
    if transport != "stdio":  # what the HTTP probe records beside each message it receives
        sent = [(d, m, {"http": {"method": "POST", "path": "/mcp"}, **(meta or {})}) for d, m, meta in sent]
    return assess(rows(*sent), transport)[FEATURE]


def test_the_gate_is_listed_at_2025_11_25_and_before_to_a_client_that_declares_url_elicitation() -> None:
    for version, declares_url, listed in (
        ("2025-06-18", False, False),
        ("2025-06-18", True, True),  # Codex: 2025-06-18 with elicitation.url
        ("2025-11-25", False, True),
        ("2026-07-28", True, False),
    ):
        names = {tool["name"] for tool in tools(version, ui=False, conformance=False, declares_url=declares_url)}
        assert (URL_GATE_TOOL in names) is listed


def test_a_call_that_gets_through_once_the_elicitation_is_complete_is_supported() -> None:
    result = judged(call(2), answer(2, REFUSED), (*NOTICE, None), call(3), answer(3, DONE))
    assert (result.observed, result.evidence) == ("supported", [2, 3, 4, 5, 6])
    assert result.detail == {"calls": 2, "refused": 1, "noticeSent": True}
    # from a client that never declared URL-mode elicitation, a later call alone may be a retry on a timer: it counts
    # only where the elicitation reached someone, here the scripted model, which reports the elicitation's nonce
    undeclared = judged(call(2), answer(2, REFUSED), (*NOTICE, None), call(3), answer(3, DONE), caps={})
    assert (undeclared.observed, undeclared.detail["outcome"]) == ("unsupported", BLIND_RETRY)
    assert undeclared.evidence == [2, 3, 4, 5, 6]
    nonce = "cmcp-gate-0123abcd"
    gate = {
        "error": {**REFUSED["error"], "data": {"elicitations": [{**GATE["elicitations"][0], "elicitationId": nonce}]}}
    }
    shown = judged(call(2), answer(2, gate), reported(3, nonce), (*NOTICE, None), call(4), answer(4, DONE), caps={})
    assert (shown.observed, shown.detail["urlToModel"]) == ("undeclared-but-works", True)
    unseen = judged(
        call(2), answer(2, gate), reported(3, "unseen:instr"), (*NOTICE, None), call(4), answer(4, DONE), caps={}
    )
    assert (unseen.observed, unseen.detail["outcome"]) == ("unsupported", BLIND_RETRY)
    # over HTTP, someone opening the probe's page for the elicitation is enough too
    opened = ("in", b"", {"http": {"method": "GET", "path": f"/{PAGE}/g1"}, "page": PAGE})
    undeclared_http = (call(2), answer(2, REFUSED), (*NOTICE, None), call(3), answer(3, DONE))
    assert judged(*undeclared_http, caps={}, transport="streamable-http").detail == {
        **undeclared.detail,
        "pageOpened": False,
    }
    page = judged(*undeclared_http[:3], opened, *undeclared_http[3:], caps={}, transport="streamable-http")
    assert (page.observed, page.detail["pageOpened"]) == ("undeclared-but-works", True)


def test_a_client_that_never_gets_through_does_not_support_it() -> None:
    once = judged(call(2), answer(2, REFUSED), (*NOTICE, None))
    assert (once.observed, once.detail["outcome"], once.evidence) == ("declared-but-failed", NO_RETRY, [2, 3])
    assert judged(call(2), answer(2, REFUSED), (*NOTICE, None), caps={}).observed == "unsupported"
    # calling again at once, before the elicitation is complete, is refused again and is not the flow
    early = judged(call(2), answer(2, REFUSED), call(3), answer(3, REFUSED), (*NOTICE, None))
    assert (early.observed, early.detail["outcome"], early.detail["refused"]) == ("declared-but-failed", TOO_EARLY, 2)
    # Streamable HTTP with no GET stream: the elicitation completed, but there was nothing to send the notice on
    unsent = judged(call(2), answer(2, REFUSED), ("out", b"", {"urlGate": NO_STREAM}))
    assert (unsent.observed, unsent.detail["noticeSent"]) == ("declared-but-failed", False)


def reported(id_: int, nonce: str) -> tuple[str, Any, None]:
    """The harness's scripted model reporting a nonce (or `unseen:<kind>`) through report_nonce."""
    params = {"name": "report_nonce", "arguments": {"nonce": nonce}}
    return "in", {"jsonrpc": "2.0", "id": id_, "method": "tools/call", "params": params}, None


def test_a_client_that_went_on_and_left_before_the_notice_was_not_waiting_for_it() -> None:
    """An agent whose model got the error goes on to its next call and may end the session before the elicitation is
    complete: it was not waiting. The scripted model's report shows whether the elicitation reached it."""
    nonce = "cmcp-gate-0123abcd"
    elicitation = {**GATE["elicitations"][0], "elicitationId": nonce}
    gate = {"error": {**REFUSED["error"], "data": {"elicitations": [elicitation]}}}
    went_on = judged(call(2), answer(2, gate), reported(3, nonce), reported(4, "unseen:instr"))
    assert (went_on.observed, went_on.detail["outcome"]) == ("declared-but-failed", NO_RETRY)
    assert (went_on.evidence, went_on.detail["urlToModel"]) == ([2, 3, 4], True)
    # a scripted model at work that never saw the elicitation; then none at all, and a retry made too early
    assert judged(call(2), answer(2, REFUSED), reported(3, "unseen:instr")).detail["urlToModel"] is False
    assert "urlToModel" not in judged(call(2), answer(2, REFUSED), call(3)).detail
    assert judged(call(2), answer(2, REFUSED), call(3)).detail["outcome"] == TOO_EARLY


def test_nothing_is_judged_before_the_elicitation_could_complete_or_the_gate_was_met() -> None:
    left = judged(call(2), answer(2, REFUSED))
    assert (left.observed, left.detail["outcome"]) == ("not-exercised", LEFT)
    assert judged().observed == "not-exercised"
    refused = (call(2), answer(2, REFUSED), (*NOTICE, None))
    assert judged(*refused, version="2025-06-18", caps={}).observed == "not-exercised"
    assert judged(*refused, version="2025-06-18").observed == "declared-but-failed"  # declared URL elicitation


def test_the_probe_refuses_until_it_sends_the_notice_then_lets_the_call_through(db: str) -> None:
    probe = StdioProbe(db, "--answer-timeout", "0.5", "--era", "handshake")
    probe.send(initialize("2025-11-25", caps=URL_CAPS))
    probe.read()
    probe.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    refused_at = time.monotonic()
    probe.send({"jsonrpc": "2.0", "id": "a", "method": "tools/call", "params": {"name": URL_GATE_TOOL}})
    # sent at once, not after reading a's answer: the elicitation completes a quarter second after the first refusal
    probe.send({"jsonrpc": "2.0", "id": "b", "method": "tools/call", "params": {"name": URL_GATE_TOOL}})
    answers: dict[str, Any] = {}
    while {"a", "b", "complete"} - answers.keys():  # in whichever order they come
        msg = probe.read()  # the probe's own requests (its scenarios) come meanwhile: left unanswered
        if msg.get("method") == "notifications/elicitation/complete":
            answers["complete"] = msg
        elif msg.get("id") in ("a", "b") and "method" not in msg:
            answers[msg["id"]] = msg
    error = answers["a"]["error"]
    (elicitation,) = error["data"]["elicitations"]
    assert error["code"] == -32042 and elicitation["mode"] == "url"
    assert elicitation["elicitationId"].startswith("cmcp-gate-")  # a nonce the scripted model reports when it sees one
    assert (
        elicitation["elicitationId"] not in error["message"]
    )  # only a client that reads the error's data passes it on
    # stdio: no page server to point at
    assert elicitation["url"] == f"http://127.0.0.1/canimcp-probe/url-gate/{elicitation['elicitationId']}"
    assert answers["b"]["error"]["code"] == -32042  # not complete yet
    assert answers["complete"]["params"] == {"elicitationId": elicitation["elicitationId"]}
    assert time.monotonic() - refused_at >= COMPLETE_AFTER
    probe.send({"jsonrpc": "2.0", "id": "c", "method": "tools/call", "params": {"name": URL_GATE_TOOL}})
    assert probe.read_until("c")["result"]["content"][0]["text"] == URL_GATE_DONE
    probe.close()
    result = only_run(db).features[FEATURE]
    assert (result.observed, result.detail["calls"], result.detail["refused"]) == ("supported", 3, 2)


def test_the_python_sdk_client_passes_the_refusal_on(db: str) -> None:
    """mcp 2.3.0's client declares no URL-mode elicitation by default, and its call_tool raises the -32042."""
    from mcp import Client
    from mcp.shared.exceptions import MCPError

    async def go(url: str) -> None:
        async with Client(url, mode="legacy") as client:
            with pytest.raises(MCPError) as refused:
                await client.call_tool(URL_GATE_TOOL, {})
            assert refused.value.code == -32042
            await asyncio.sleep(COMPLETE_AFTER + 1)  # still connected when the elicitation completes

    with http_probe(db, "--answer-timeout", "1", "--era", "handshake") as base:
        asyncio.run(go(base + "/mcp"))
    result = only_run(db).features[FEATURE]
    assert (result.observed, result.detail["outcome"], result.detail["pageOpened"]) == ("unsupported", NO_RETRY, False)


def test_an_app_on_the_python_sdk_opens_the_page_waits_for_the_notice_and_calls_again(db: str) -> None:
    """What the flow asks of a client, written with the SDK's own parts (clients/py_url_gate_client.py): the URL from
    the error, the page opened, the notice through its message handler, then the same call again."""
    script = Path(__file__).parent / "clients" / "py_url_gate_client.py"
    with http_probe(db, "--answer-timeout", "1", "--era", "handshake") as base:
        done = subprocess.run([sys.executable, str(script), "http", base + "/mcp"], capture_output=True, text=True,
                              timeout=60)  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    said = [json.loads(line) for line in done.stdout.splitlines()]
    assert [s["step"] for s in said] == ["refused", "open", "page", "completed", "result"]
    assert said[0]["value"] == -32042 and said[2]["value"] == 200 and said[-1]["value"] == URL_GATE_DONE
    result = only_run(db).features[FEATURE]
    assert (result.observed, result.detail) == (
        "supported",
        {"calls": 2, "refused": 1, "noticeSent": True, "pageOpened": True},
    )


@pytest.mark.parametrize("major", ["1.x", "2.x"])
def test_an_app_on_the_typescript_sdk_waits_for_the_notice_and_calls_again(db: str, major: str) -> None:
    """clients/ts_url_gate_client.cjs: the SDK's callTool rejects with a UrlElicitationRequiredError listing the
    elicitation, the notice reaches a handler the app sets, and the same call then goes through."""
    modules = node_modules() if major == "1.x" else node_modules_2x()
    if modules is None:
        pytest.skip(f"the TypeScript SDK {major} is not installed (.ci/setup.d/20-probe.sh installs both)")
    script = Path(__file__).parent / "clients" / "ts_url_gate_client.cjs"
    probe = [sys.executable, "-m", "canimcp", "probe", "stdio", "--db", db, "--era", "handshake"]
    env = {**os.environ, "NODE_PATH": str(modules)}
    done = subprocess.run([node_bin(), str(script), *probe], env=env, capture_output=True, text=True, timeout=90)
    assert done.returncode == 0, done.stdout + done.stderr
    said = [json.loads(line) for line in done.stdout.splitlines()]
    assert [s["step"] for s in said] == ["refused", "open", "completed", "result"]
    assert said[0]["value"] == -32042 and said[1]["value"].endswith(said[2]["value"])
    result = only_run(db).features[FEATURE]
    assert (result.observed, result.detail) == ("supported", {"calls": 2, "refused": 1, "noticeSent": True})
