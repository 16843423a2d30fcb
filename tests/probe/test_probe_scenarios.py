"""Scenarios judged end to end with a scripted client on stdio (what real clients rarely do on their own:
failing a declared feature, answering an undeclared one, cancelling, subscribing...), and transcripts built by hand
for the stateless-era judgements."""

from __future__ import annotations

import json
import queue
import threading
import time
from typing import Any

from probe_support import StdioProbe, initialize, only_run, rows

from canimcp.model.probe import HANDSHAKE_ONLY, NO_ROOTS, NO_SAMPLING, NOT_SHOWN, VIEW_NOT_READ
from canimcp.probe.fixtures import UI_URI
from canimcp.probe.report import assess
from canimcp.probe.scenarios.cancellation import LEFT_OPEN, ONLY_LISTEN
from canimcp.probe.transcript import Transcript
from canimcp.store import MessageRow

UI = {"io.modelcontextprotocol/ui": {"mimeTypes": ["text/html;profile=mcp-app"]}}


def answer_scenarios(probe: StdioProbe, answers: dict[str, Any], until: Any) -> list[dict[str, Any]]:
    """Read until the response `until`, answering the probe's requests from `answers` (None: stay silent)."""
    seen = []
    while True:
        msg = probe.read()
        seen.append(msg)
        if isinstance(msg, dict) and "method" in msg and "id" in msg:
            reply = answers.get(msg["method"], {"error": {"code": -32601, "message": "no"}})
            if msg["method"] == "elicitation/create" and msg["params"].get("mode") == "url":
                reply = answers.get("elicitation/url", reply)
            if reply is not None:
                probe.send({"jsonrpc": "2.0", "id": msg["id"], **reply})
        elif isinstance(msg, dict) and msg.get("id") == until and "method" not in msg:
            return seen


def test_declared_failed_undeclared_works_and_silence(db: str) -> None:
    probe = StdioProbe(db, "--answer-timeout", "0.5")
    probe.send(
        initialize("2025-11-25", {"roots": {}, "elicitation": {"form": {}}}, {"name": "scripted", "version": "1"})
    )
    probe.read()
    probe.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    answers = {
        "roots/list": {"error": {"code": -32603, "message": "broken"}},  # declared, fails
        "sampling/createMessage": {
            "result": {"role": "assistant", "content": {"type": "text", "text": "ok"}, "model": "x"}
        },
        "elicitation/create": None,  # declared, silent
        "elicitation/url": {"result": {"action": "accept"}},  # not declared, works
        "ping": {"result": {}},
        "tools/list": None,
    }
    probe.send({"jsonrpc": "2.0", "id": "first", "method": "tools/list"})  # a list that a change can make stale
    answer_scenarios(probe, answers, "first")
    probe.send({"jsonrpc": "2.0", "id": "go", "method": "tools/call", "params": {"name": "run_scenarios"}})
    seen = answer_scenarios(probe, answers, "go")
    notes = {m["method"] for m in seen if isinstance(m, dict) and "method" in m and "id" not in m}
    assert {"notifications/tools/list_changed", "notifications/message"} <= notes
    # no re-list inside the call, and still the call is held until every change went out (no --between-turns)
    assert seen[-1]["result"]["content"][0]["text"].startswith("Scenarios done")
    assert len([n for n in seen if str(n.get("method", "")).endswith("/list_changed")]) == 3
    probe.send({"jsonrpc": "2.0", "id": "list", "method": "tools/list"})  # after list_changed: a re-list
    answer_scenarios(probe, answers, "list")
    assert probe.close() == 0

    features = only_run(db).features
    assert (features["roots"].declared, features["roots"].observed) == (True, "declared-but-failed")
    assert features["roots"].detail == {"outcome": "error"}
    assert (features["sampling"].declared, features["sampling"].observed) == (False, "undeclared-but-works")
    assert (features["elicitation.form"].observed, features["elicitation.form"].detail) == (
        "declared-but-failed",
        {"outcome": "silence"},
    )
    assert features["elicitation.url"].observed == "undeclared-but-works"
    assert features["tools.listChanged"].observed == "supported"
    # the first listing, the notification, the answer to run_scenarios (the re-list came after it), the re-list
    assert len(features["tools.listChanged"].evidence) == 4
    assert features["tools.listChanged"].detail == {"outcome": "listed again once its tool call was answered"}
    assert features["ping"].observed == "supported"
    for feature in ("roots", "sampling", "elicitation.form", "tools.listChanged"):
        assert features[feature].evidence, feature


def test_list_changes_go_out_one_at_a_time(db: str) -> None:
    probe = StdioProbe(db, "--answer-timeout", "3.0")  # the client's window to list again, ample on a busy machine
    probe.send(initialize("2025-11-25", {}, {"name": "one-at-a-time", "version": "1"}))
    probe.read()
    probe.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    for kind in ("tools", "prompts", "resources"):  # hold every list, so that each change can be answered
        probe.send({"jsonrpc": "2.0", "id": kind, "method": f"{kind}/list"})
        probe.read_until(kind)
    incoming: queue.Queue[Any] = queue.Queue()
    stdout = probe.proc.stdout
    assert stdout is not None
    threading.Thread(target=lambda: [incoming.put(json.loads(line)) for line in stdout], daemon=True).start()
    probe.send({"jsonrpc": "2.0", "id": "go", "method": "tools/call", "params": {"name": "run_scenarios"}})

    def next_change() -> tuple[str, float]:
        while True:
            msg = incoming.get(timeout=30)
            if isinstance(msg, dict) and "method" in msg and "id" in msg:
                probe.send({"jsonrpc": "2.0", "id": msg["id"], "error": {"code": -32601, "message": "no"}})
            elif isinstance(msg, dict) and str(msg.get("method", "")).endswith("/list_changed"):
                return msg["method"].split("/")[1], time.monotonic()

    first, _ = next_change()
    # nothing else is announced while the client may still be answering the first change
    time.sleep(0.3)
    assert not any(str(m.get("method", "")).endswith("/list_changed") for m in list(incoming.queue)), first
    probe.send({"jsonrpc": "2.0", "id": "again", "method": f"{first}/list"})  # answer it: the next one follows
    second, _ = next_change()
    third, _ = next_change()  # the second was not answered: the third waited for the answer timeout
    assert sorted((first, second, third)) == ["prompts", "resources", "tools"]
    probe.close()
    rep = only_run(db)
    sent_at = [m.t for m in rep.messages if m.direction == "out" and "/list_changed" in m.raw]
    assert len(sent_at) == 3 and sent_at[2] - sent_at[1] >= 2.9, sent_at  # as the probe sent them
    features = rep.features
    assert features[f"{first}.listChanged"].observed == "supported"
    assert features[f"{second}.listChanged"].observed == "unsupported"


def test_a_list_change_the_client_leaves_unanswered_inside_run_scenarios_ends_the_call(db: str) -> None:
    """An agent may refresh its lists only between turns: the probe answers the call it is in, the change gets a
    second window, and the window ends early when the client calls run_scenarios again without listing (with
    --between-turns; without it the call is held through every change, as the other tests show)."""
    probe = StdioProbe(db, "--answer-timeout", "2.0", "--between-turns")
    probe.send(initialize("2025-11-25", {}, {"name": "between-turns", "version": "1"}))
    probe.read()
    probe.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    for kind in ("tools", "prompts", "resources"):
        probe.send({"jsonrpc": "2.0", "id": kind, "method": f"{kind}/list"})
        probe.read_until(kind)

    def call(id_: str, relist: bool = False) -> tuple[str, list[str], float]:
        """Call run_scenarios; its answer, the changes announced meanwhile (listed again at once if `relist`)
        and when the last one came."""
        probe.send({"jsonrpc": "2.0", "id": id_, "method": "tools/call", "params": {"name": "run_scenarios"}})
        changes, at = [], 0.0
        while True:
            msg = probe.read()
            if "method" in msg and "id" in msg:
                probe.send({"jsonrpc": "2.0", "id": msg["id"], "error": {"code": -32601, "message": "no"}})
            elif str(msg.get("method", "")).endswith("/list_changed"):
                changes.append(msg["method"].split("/")[1])
                at = time.monotonic()
                if relist:
                    probe.send({"jsonrpc": "2.0", "id": f"re-{changes[-1]}", "method": f"{changes[-1]}/list"})
            elif msg.get("id") == id_:
                return msg["result"]["content"][0]["text"], changes, at

    text, first, _ = call("one")  # the first change finds the client inside the call, which does not list again
    assert text.startswith("Scenarios under way") and len(first) == 1, (text, first)
    probe.send({"jsonrpc": "2.0", "id": "between", "method": f"{first[0]}/list"})  # between turns: a re-list
    probe.read_until("between")
    text, second, _ = call("two")  # the next change waited for that refresh; not answered in this call either
    assert text.startswith("Scenarios under way") and len(second) == 1, (text, second)
    answered_two = time.monotonic()
    text, third, third_at = call("three", relist=True)  # called again at once: the second change's window ends
    assert text.startswith("Scenarios done"), text
    assert len(third) == 1 and third_at - answered_two < 1.5, (third, third_at - answered_two)  # not 2 s later
    probe.close()

    features = only_run(db).features
    kinds = [*first, *second, *third]
    assert sorted(kinds) == ["prompts", "resources", "tools"]
    between = features[f"{kinds[0]}.listChanged"]
    assert between.observed == "supported"
    assert between.detail == {"outcome": "listed again once its tool call was answered"}
    assert features[f"{kinds[1]}.listChanged"].observed == "unsupported"
    assert (features[f"{kinds[2]}.listChanged"].observed, features[f"{kinds[2]}.listChanged"].detail) == (
        "supported",
        None,
    )


def test_nonces_progress_cancellation_subscribe_completion_and_apps(db: str) -> None:
    probe = StdioProbe(db, "--answer-timeout", "0.3")
    probe.send(initialize("2025-11-25", {"extensions": UI}, {"name": "thorough", "version": "1"}))
    nonce = probe.read()["result"]["instructions"].rsplit(" ", 1)[-1].rstrip(".")
    probe.send({"jsonrpc": "2.0", "id": 2, "method": "tools/list"})
    tools = {t["name"]: t for t in probe.read_until(2)["result"]["tools"]}
    # offered to any client from 2025-06-18
    assert tools["show_view"]["_meta"]["ui"]["resourceUri"].startswith("ui://")
    assert "outputSchema" in tools["structured_result"]
    calls: list[tuple[str, dict[str, Any]]] = [
        ("report_nonce", {"nonce": nonce}),
        ("failing_tool", {}),
        ("structured_result", {}),
        ("show_view", {}),
    ]
    results = []
    for n, (name, args) in enumerate(calls, start=10):
        probe.send({"jsonrpc": "2.0", "id": n, "method": "tools/call", "params": {"name": name, "arguments": args}})
        results.append(probe.read_until(n)["result"])
    err_nonce = results[1]["content"][0]["text"].rsplit(" ", 1)[-1]
    assert results[1]["isError"] is True
    struct_nonce = results[2]["structuredContent"]["nonce"]
    assert struct_nonce not in json.dumps(results[2]["content"])  # only in structuredContent
    for n, value in enumerate((err_nonce, struct_nonce), start=20):
        probe.send(
            {
                "jsonrpc": "2.0",
                "id": n,
                "method": "tools/call",
                "params": {"name": "report_nonce", "arguments": {"nonce": value}},
            }
        )
        assert probe.read_until(n)["result"]["isError"] is False
    probe.send(
        {
            "jsonrpc": "2.0",
            "id": 30,
            "method": "resources/read",
            "params": {"uri": tools["show_view"]["_meta"]["ui"]["resourceUri"]},
        }
    )
    assert probe.read_until(30)["result"]["contents"][0]["mimeType"] == "text/html;profile=mcp-app"
    probe.send(
        {
            "jsonrpc": "2.0",
            "id": 31,
            "method": "completion/complete",
            "params": {
                "ref": {"type": "ref/prompt", "name": "probe_prompt"},
                "argument": {"name": "topic", "value": "ro"},
            },
        }
    )
    assert probe.read_until(31)["result"]["completion"]["values"] == ["roots"]
    probe.send({"jsonrpc": "2.0", "id": 32, "method": "resources/subscribe", "params": {"uri": "probe://static/hello"}})
    probe.read_until(32)
    params = {"name": "slow_task", "arguments": {"seconds": 5}, "_meta": {"progressToken": "tok"}}
    probe.send({"jsonrpc": "2.0", "id": 40, "method": "tools/call", "params": params})
    progress = probe.read()
    assert progress["method"] == "notifications/progress" and progress["params"]["progressToken"] == "tok"
    probe.send({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 40}})
    probe.send({"jsonrpc": "2.0", "id": 41, "method": "ping"})
    later = []
    while True:
        msg = probe.read()
        later.append(msg)
        if msg.get("id") == 41:
            break
    assert not any(m.get("id") == 40 and "result" in m for m in later)  # a cancelled request gets no response
    started = time.monotonic()
    assert probe.close() == 0 and time.monotonic() - started < 4  # and its work stopped

    seen = {k: v.observed for k, v in only_run(db).features.items()}
    for feature in (
        "instructions",
        "tools.isError",
        "tools.structuredContent",
        "tools.outputSchema",
        "mcp-apps.render",
        "extensions.io.modelcontextprotocol/ui",
        "completions",
        "resources.subscribe",
        "progress",
        "cancellation",
        "resources",
    ):
        assert seen[feature] == "supported", feature


def modern(id_: int, method: str, caps: dict[str, Any], **params: Any) -> dict[str, Any]:
    meta = {
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": caps,
        "io.modelcontextprotocol/clientInfo": {"name": "c", "version": "1"},
    }
    return {"jsonrpc": "2.0", "id": id_, "method": method, "params": {**params, "_meta": meta}}


def test_stateless_judgements_from_a_transcript() -> None:
    # the same headers on both POSTs: right for the tools/list, wrong for the tools/call
    headers = {
        "headers": {"mcp-method": "tools/list", "mcp-protocol-version": "2026-07-28"},
        "http": {"method": "POST"},
    }
    messages = rows(
        ("in", modern(1, "tools/list", {}), headers),
        ("out", {"jsonrpc": "2.0", "id": 1, "result": {"tools": [], "resultType": "complete"}}, None),
        ("in", modern(2, "tools/call", {"roots": {}}, name="run_scenarios"), headers),
        (
            "out",
            {
                "jsonrpc": "2.0",
                "id": 2,
                "result": {"resultType": "input_required", "inputRequests": {"roots": {"method": "roots/list"}}},
            },
            None,
        ),
    )
    features = assess(messages, "streamable-http")
    assert features["stateless.request-meta"].observed == "supported"
    assert features["stateless.request-meta"].detail == {"requests": 2, "withCapabilities": 2, "changedAt": [2]}
    assert features["stateless.method-headers"].observed == "unsupported"
    assert features["stateless.method-headers"].evidence == [2]
    # asked for roots, never retried: the input request failed
    assert features["stateless.input-requests"].observed == "unsupported"
    assert (features["roots"].declared, features["roots"].observed) == (True, "declared-but-failed")
    assert features["stateless.server-discover"].observed == "not-exercised"


def test_a_client_that_only_initializes_is_judged_handshake_only() -> None:
    """No verdict from one run (the probe may have refused 2026-07-28, and a client may speak it on another transport),
    but the outcome says what the run showed, for kb/observed.py to read where the harness offered both eras."""
    done = {"jsonrpc": "2.0", "method": "notifications/initialized"}
    listing = {"jsonrpc": "2.0", "id": 2, "method": "tools/list"}
    for transport in ("stdio", "streamable-http"):
        features = assess(rows(("in", initialize(), None), ("in", done, None), ("in", listing, None)), transport)
        for feature in (
            "stateless.server-discover",
            "stateless.request-meta",
            "stateless.input-requests",
            "stateless.fallback",
        ):
            judged = features[feature]
            assert (judged.observed, judged.detail, judged.evidence) == (
                "not-exercised",
                {"outcome": HANDSHAKE_ONLY},
                [0],
            )
        headers = features["stateless.method-headers"]
        assert headers.detail == ({"outcome": HANDSHAKE_ONLY} if transport == "streamable-http" else None)
    # a discover before the initialize is the fallback's to judge, not a client that never tried the era
    discover = modern(1, "server/discover", {})
    refused = {"jsonrpc": "2.0", "id": 1, "error": {"code": -32601, "message": "no"}}
    tried = assess(rows(("in", discover, None), ("out", refused, None), ("in", initialize(id_=3), None)), "stdio")
    assert tried["stateless.server-discover"].observed == "supported"
    assert tried["stateless.request-meta"].detail != {"outcome": HANDSHAKE_ONLY}


def test_the_extensions_map_and_the_ui_extension_are_what_the_client_declares() -> None:
    """A client that declares no `extensions` has neither the map nor MCP Apps (a server offers views only to clients
    that declare them); one that declares the ui extension has the map, and the extension once it reads a view."""
    ui = f"extensions.{next(iter(UI))}"
    bare = assess(rows(("in", initialize(), None)), "stdio")
    for feature in ("extensions", ui):
        assert (bare[feature].observed, bare[feature].detail, bare[feature].evidence) == (
            "unsupported",
            {"outcome": "not declared"},
            [0],
        )
    assert bare["extensions.io.modelcontextprotocol/skills"].observed == "not-exercised"  # a server-side extension
    # a server must not answer with a task unless the client declared the tasks extension: undeclared, it has none
    tasks = "extensions.io.modelcontextprotocol/tasks"
    assert (bare[tasks].observed, bare[tasks].detail) == ("unsupported", {"outcome": "not declared"})
    with_tasks = assess(
        rows(("in", modern(1, "tools/list", {"extensions": {tasks.split(".", 1)[1]: {}}}), None)), "stdio"
    )
    assert (with_tasks[tasks].declared, with_tasks[tasks].observed) == (True, "not-exercised")  # no task offered yet
    declared = assess(rows(("in", initialize("2025-11-25", {"extensions": UI}), None)), "stdio")
    assert (declared["extensions"].observed, declared["extensions"].evidence) == ("supported", [0])
    assert declared[ui].observed == "not-exercised"  # declared, but no view was read in this run
    modern_only = assess(rows(("in", modern(1, "tools/list", {"extensions": UI}), None)), "stdio")
    assert modern_only["extensions"].observed == "supported" and modern_only[ui].observed == "not-exercised"
    nothing = assess(rows(("in", b"not json", None)), "stdio")  # no declaration seen: nothing to say
    assert nothing["extensions"].observed == nothing[ui].observed == "not-exercised"


def test_a_client_that_calls_a_views_tool_and_never_reads_the_view_renders_none() -> None:
    """A host that renders MCP Apps reads the view a tool names (resources/read of its ui:// URI): a client that called
    `show_view`, got its answer and went on to another tool call, or stayed longer than the answer timeout, without
    reading the view renders none; one that read it renders; one that left before the timeout passed with no further
    call, or never got an answer, says nothing."""
    call = {"jsonrpc": "2.0", "id": 5, "method": "tools/call", "params": {"name": "show_view", "arguments": {}}}
    answer = {"jsonrpc": "2.0", "id": 5, "result": {"content": [{"type": "text", "text": "view"}]}}
    notice = {"jsonrpc": "2.0", "method": "notifications/initialized"}  # filler: time passes
    read = {"jsonrpc": "2.0", "id": 6, "method": "resources/read", "params": {"uri": UI_URI}}

    def render(*after: tuple[str, Any, dict[str, Any] | None], answered: bool = True) -> Any:
        messages = rows(("in", initialize(), None), ("in", call, None), *([("out", answer, None)] * answered), *after)
        return assess(messages, "stdio", transcript=Transcript(messages, "stdio", answer_timeout=0.15))[
            "mcp-apps.render"
        ]

    stayed = render(("in", notice, None), ("in", notice, None))  # 0.2 s after the answer
    assert (stayed.observed, stayed.detail, stayed.evidence) == ("unsupported", {"outcome": VIEW_NOT_READ}, [1, 2])
    assert render(("in", read, None), ("in", notice, None)).observed == "supported"
    assert render().observed == "not-exercised"  # the session ended with the answer
    went_on = render(("in", {**call, "id": 7, "params": {"name": "dropped_stream", "arguments": {}}}, None))
    assert (went_on.observed, went_on.evidence) == ("unsupported", [1, 2, 3])  # left at once, after its next call
    assert render(("in", notice, None), ("in", notice, None), answered=False).observed == "not-exercised"


def test_a_client_without_sampling_has_no_sampling_with_tools_or_context() -> None:
    ask = {"jsonrpc": "2.0", "id": 1, "method": "sampling/createMessage", "params": {"messages": [], "maxTokens": 1}}
    refused = {"jsonrpc": "2.0", "id": 1, "error": {"code": -32601, "message": "no"}}
    none = assess(rows(("in", initialize(), None), ("out", ask, None), ("in", refused, None)), "stdio")
    for feature in ("sampling.tools", "sampling.context"):
        assert (none[feature].observed, none[feature].detail) == ("unsupported", {"outcome": NO_SAMPLING})
    declared = assess(
        rows(("in", initialize("2025-11-25", {"sampling": {}}), None), ("out", ask, None), ("in", refused, None)),
        "stdio",
    )
    assert declared["sampling"].observed == "declared-but-failed"
    assert declared["sampling.tools"].observed == "not-exercised"  # declared sampling that failed: no inference


def test_a_client_without_roots_has_no_roots_changes_to_announce() -> None:
    roots = {"jsonrpc": "2.0", "id": 1, "method": "roots/list"}
    refused = {"jsonrpc": "2.0", "id": 1, "error": {"code": -32601, "message": "no"}}
    none = assess(rows(("in", initialize(), None), ("out", roots, None), ("in", refused, None)), "stdio")
    listed = none["roots.listChanged"]
    assert (listed.observed, listed.detail, listed.evidence) == ("unsupported", {"outcome": NO_ROOTS}, [1, 2])
    # declared roots that failed, or a client that never answered, say nothing about announcing changes
    declared = assess(
        rows(("in", initialize("2025-11-25", {"roots": {}}), None), ("out", roots, None), ("in", refused, None)),
        "stdio",
    )
    assert declared["roots.listChanged"].observed == "not-exercised"
    silent = assess(rows(("in", initialize(), None), ("out", roots, None), ("in", initialize(id_=9), None)), "stdio")
    assert silent["roots.listChanged"].observed == "not-exercised"


def test_fallback_judgements() -> None:
    discover = modern(1, "server/discover", {})
    refused = {"jsonrpc": "2.0", "id": 1, "error": {"code": -32601, "message": "no"}}
    answered = {"jsonrpc": "2.0", "id": 1, "result": {"supportedVersions": ["2026-07-28"], "resultType": "complete"}}
    init = initialize()
    gave_up = assess(rows(("in", discover, None), ("out", refused, None)), "streamable-http")
    assert gave_up["stateless.fallback"].observed == "unsupported"
    # over stdio a client may start over with a new server process: this run cannot tell
    left = assess(rows(("in", discover, None), ("out", refused, None)), "stdio")["stateless.fallback"]
    assert (left.observed, left.detail) == (
        "not-exercised",
        {"discoverRefused": True, "outcome": "left after the refusal"},
    )
    ping = {"jsonrpc": "2.0", "id": 2, "method": "ping"}
    stayed = assess(rows(("in", discover, None), ("out", refused, None), ("in", ping, None)), "stdio")
    assert stayed["stateless.fallback"].observed == "unsupported"  # went on in the new era's way, no initialize
    fell_back = assess(rows(("in", discover, None), ("out", refused, None), ("in", init, None)), "stdio")
    assert fell_back["stateless.fallback"].observed == "supported"
    needless = assess(rows(("in", discover, None), ("out", answered, None), ("in", init, None)), "stdio")
    assert needless["stateless.fallback"].observed == "unsupported"  # fell back though the new era was offered


def test_what_the_client_answered_is_kept_beside_the_verdict() -> None:
    init, done = initialize(), {"jsonrpc": "2.0", "method": "notifications/initialized"}
    roots = {"jsonrpc": "2.0", "id": 1, "method": "roots/list"}
    form = {"jsonrpc": "2.0", "id": 2, "method": "elicitation/create", "params": {"mode": "form", "message": "m"}}
    url = {"jsonrpc": "2.0", "id": 3, "method": "elicitation/create", "params": {"mode": "url", "url": "u"}}
    features = assess(
        rows(
            ("in", init, None),
            ("in", done, None),
            ("out", roots, None),
            ("out", form, None),
            ("out", url, None),
            ("in", {"jsonrpc": "2.0", "id": 1, "result": {"roots": []}}, None),
            ("in", {"jsonrpc": "2.0", "id": 2, "result": {"action": "decline"}}, None),
            ("in", {"jsonrpc": "2.0", "id": 3, "result": {"action": "cancel"}}, None),
        ),
        "stdio",
    )
    # an empty list and a refusal are answers: the verdict says it works, the detail says what came back
    roots_result = (features["roots"].observed, features["roots"].detail)
    assert roots_result == ("undeclared-but-works", {"outcome": "answered", "roots": 0})
    assert features["elicitation.form"].detail == {"outcome": "answered", "actions": ["decline"]}
    assert features["elicitation.url"].detail == {"outcome": "answered", "actions": ["cancel"]}
    assert features["elicitation"].detail == {"outcome": "answered", "actions": ["cancel", "decline"]}
    # in the 2026-07-28 era the answer comes as an input response in the retried call
    asked = {"resultType": "input_required", "inputRequests": {"e": {"method": "elicitation/create", "params": {}}}}
    retried = modern(3, "tools/call", {}, name="run_scenarios", inputResponses={"e": {"action": "accept"}})
    stateless = assess(
        rows(
            ("in", modern(2, "tools/call", {}, name="run_scenarios"), None),
            ("out", {"jsonrpc": "2.0", "id": 2, "result": asked}, None),
            ("in", retried, None),
        ),
        "stdio",
    )
    assert stateless["elicitation.form"].detail == {"outcome": "answered", "actions": ["accept"]}


def test_only_a_listing_after_an_earlier_answered_one_is_a_re_list() -> None:
    listing = {"jsonrpc": "2.0", "id": 1, "method": "prompts/list"}
    changed = {"jsonrpc": "2.0", "method": "notifications/prompts/list_changed"}
    init, done = initialize(), {"jsonrpc": "2.0", "method": "notifications/initialized"}

    def judged(*messages: tuple[str, Any, dict[str, Any] | None]) -> Any:
        return assess(rows(("in", init, None), ("in", done, None), *messages), "stdio")["prompts.listChanged"]

    answer_1 = {"jsonrpc": "2.0", "id": 1, "result": {"prompts": []}}
    relisted = judged(
        ("in", listing, None), ("out", answer_1, None), ("out", changed, None), ("in", {**listing, "id": 2}, None)
    )
    assert (relisted.observed, relisted.evidence) == ("supported", [2, 4, 5])
    # listing for the first time after the notification is no answer to it: nothing was exercised
    late = judged(("out", changed, None), ("in", listing, None))
    assert (late.observed, late.evidence) == ("not-exercised", [2, 3])
    assert late.detail == {"outcome": "first listing after the notification"}
    ping = {"jsonrpc": "2.0", "id": 2, "method": "ping"}
    ignored = judged(("in", listing, None), ("out", answer_1, None), ("out", changed, None), ("in", ping, None))
    assert (ignored.observed, ignored.evidence) == ("unsupported", [2, 4])
    never = judged(("out", changed, None))
    assert (never.observed, never.evidence) == ("unsupported", [2])
    # the first listing still unanswered when the change was announced: the client holds a list newer than it
    in_flight = judged(("in", listing, None), ("out", changed, None), ("out", answer_1, None))
    assert (in_flight.observed, in_flight.evidence) == ("not-exercised", [3])
    assert in_flight.detail == {"outcome": "notified while the first listing was unanswered"}
    answered = judged(("in", listing, None), ("out", answer_1, None), ("out", changed, None))
    assert (answered.observed, answered.evidence) == ("unsupported", [2, 4])


def test_only_a_cancel_of_a_request_under_way_shows_cancellation() -> None:
    """opencode and Kimi Code send notifications/cancelled for each tool call the probe has already answered:
    letting go of a finished call shows nothing about cancelling work under way."""
    init, done = initialize(), {"jsonrpc": "2.0", "method": "notifications/initialized"}
    call = {"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {"name": "slow_task"}}
    answer = {"jsonrpc": "2.0", "id": 7, "result": {"content": []}}
    cancel = {"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 7}}

    def judged(*messages: tuple[str, Any, dict[str, Any] | None]) -> Any:
        return assess(rows(("in", init, None), ("in", done, None), *messages), "stdio")["cancellation"]

    under_way = judged(("in", call, None), ("in", cancel, None))
    assert (under_way.observed, under_way.evidence, under_way.detail) == ("supported", [2, 3], None)
    after = judged(("in", call, None), ("out", answer, None), ("in", cancel, None))
    assert (after.observed, after.evidence) == ("not-exercised", [2, 3, 4])
    assert after.detail == {"outcome": "cancelled only requests already answered"}
    second = {**call, "id": 8}
    both = judged(("in", call, None), ("out", answer, None), ("in", cancel, None), ("in", second, None),
                  ("in", {**cancel, "params": {"requestId": 8}}, None))  # fmt: skip
    assert (both.observed, both.evidence) == ("supported", [5, 6])


def test_a_re_list_counts_for_the_change_it_followed_when_changes_went_out_one_at_a_time() -> None:
    init, done = initialize(), {"jsonrpc": "2.0", "method": "notifications/initialized"}

    def listing(id_: int, kind: str) -> dict[str, Any]:
        return {"jsonrpc": "2.0", "id": id_, "method": f"{kind}/list"}

    def answer(id_: int, kind: str) -> dict[str, Any]:
        return {"jsonrpc": "2.0", "id": id_, "result": {kind: []}}

    def changed(kind: str) -> dict[str, Any]:
        return {"jsonrpc": "2.0", "method": f"notifications/{kind}/list_changed"}

    def judged(*timed: tuple[float, str, dict[str, Any]]) -> dict[str, Any]:
        start = [(0.0, "in", init), (0.0, "in", done)]
        start += [(0.1, "in", listing(1, "tools")), (0.1, "out", answer(1, "tools"))]
        start += [(0.1, "in", listing(2, "prompts")), (0.1, "out", answer(2, "prompts"))]
        messages = [MessageRow(n, t, d, json.dumps(o).encode(), {}) for n, (t, d, o) in enumerate(start + list(timed))]
        features = assess(messages, "stdio")
        return {kind: features[f"{kind}.listChanged"] for kind in ("tools", "prompts")}

    # the client refreshes both lists on the tools change: that answers the tools change only
    both_on_tools = judged(
        (1.0, "out", changed("tools")),
        (1.1, "in", listing(3, "tools")),
        (1.1, "in", listing(4, "prompts")),
        (1.2, "out", changed("prompts")),
    )
    assert (both_on_tools["tools"].observed, both_on_tools["prompts"].observed) == ("supported", "unsupported")
    # silent for three seconds after the tools change, then both lists right after the prompts change
    both_on_prompts = judged(
        (1.0, "out", changed("tools")),
        (4.0, "out", changed("prompts")),
        (4.1, "in", listing(3, "tools")),
        (4.1, "in", listing(4, "prompts")),
    )
    assert both_on_prompts["prompts"].observed == "supported"
    assert (both_on_prompts["tools"].observed, both_on_prompts["tools"].evidence) == ("not-exercised", [6, 7, 8])
    assert both_on_prompts["tools"].detail == {"outcome": "listed again only after the prompts list change"}
    # sent together (as older probes did): either re-list may answer either change, and each counts
    together = judged(
        (1.0, "out", changed("tools")),
        (1.0, "out", changed("prompts")),
        (1.1, "in", listing(3, "tools")),
        (1.1, "in", listing(4, "prompts")),
    )
    assert (together["tools"].observed, together["prompts"].observed) == ("supported", "supported")


# -- any transcript can be judged: a report must build for whatever a hostile client sent --------------------
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_KEYS = st.sampled_from(
    ["id", "method", "params", "result", "error", "requestId", "name", "uri", "arguments", "_meta", "roots", "action",
     "content", "inputResponses", "inputRequests", "resultType", "notifications", "resourceSubscriptions",
     "capabilities", "protocolVersion", "clientInfo", "progressToken", "level", "nonce", "io.modelcontextprotocol/"
     "protocolVersion", "io.modelcontextprotocol/clientCapabilities", "io.modelcontextprotocol/clientInfo"]
)  # fmt: skip
_METHODS = st.sampled_from(
    ["initialize", "server/discover", "tools/list", "tools/call", "resources/read", "resources/subscribe",
     "subscriptions/listen", "roots/list", "sampling/createMessage", "elicitation/create", "ping",
     "notifications/initialized", "notifications/cancelled", "notifications/tools/list_changed",
     "notifications/resources/updated", "logging/setLevel", "completion/complete"]
)  # fmt: skip
_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 3) | st.text(max_size=6) | _METHODS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_KEYS, inner, max_size=4),
    max_leaves=15,
)
_MESSAGES = st.lists(
    st.tuples(
        st.sampled_from(["in", "out"]),
        st.dictionaries(_KEYS, _VALUES, max_size=5) | st.fixed_dictionaries({"method": _METHODS, "params": _VALUES}),
        st.sampled_from([None, {"http": {"method": "POST"}}, {"http": {"method": "GET"}, "headers": {"last-event-id":
                         "x:0"}}, {"refused": 401}, {"oauth": "/oauth/authorize", "oauthParams": {"client_id": "c"}},
                         {"sse": {"priming": "x:0"}}, {"auth": "bearer"}]),
    ),
    max_size=12,
)  # fmt: skip


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_MESSAGES, st.sampled_from(["stdio", "streamable-http", "sse"]))
def test_any_transcript_can_be_judged(messages: list[tuple[str, Any, dict[str, Any] | None]], transport: str) -> None:
    features = assess(rows(*messages), transport)
    assert {"tools", "roots", "cancellation", "auth.oauth", "stateless.request-meta"} <= set(features)
    observed = {"supported", "undeclared-but-works", "declared-but-failed", "unsupported", "not-exercised"}
    for feature, result in features.items():
        assert result.observed in observed, feature
        # evidence points at messages of this transcript, and support is always shown by some
        assert all(0 <= i < len(messages) for i in result.evidence), feature
        assert result.observed != "supported" or result.evidence, feature


def test_a_model_that_was_not_shown_a_nonce_says_so_and_that_is_a_no() -> None:
    """The harness's scripted model reports `unseen:<kind>` for a nonce it never found in what the client sent
    it; that counts only after the probe answered the tool whose result carries the nonce."""
    init, done = initialize(), {"jsonrpc": "2.0", "method": "notifications/initialized"}

    def call(id_: int, name: str, args: dict[str, Any] | None = None) -> dict[str, Any]:
        return {"jsonrpc": "2.0", "id": id_, "method": "tools/call", "params": {"name": name, "arguments": args or {}}}

    def answer(id_: int) -> dict[str, Any]:
        return {"jsonrpc": "2.0", "id": id_, "result": {"content": [], "isError": True}}

    def judged(*messages: tuple[str, Any, dict[str, Any] | None]) -> dict[str, Any]:
        return assess(rows(("in", init, None), ("in", done, None), *messages), "stdio")

    unseen_err = call(9, "report_nonce", {"nonce": "unseen:err"})
    after = judged(("in", call(7, "failing_tool"), None), ("out", answer(7), None), ("in", unseen_err, None))
    assert (after["tools.isError"].observed, after["tools.isError"].evidence) == ("unsupported", [2, 3, 4])
    assert after["tools.isError"].detail == {"outcome": NOT_SHOWN}
    # before the tool was answered (or without a call) the model could not have seen it: no verdict
    before = judged(("in", call(7, "failing_tool"), None), ("in", unseen_err, None), ("out", answer(7), None))
    assert before["tools.isError"].observed == "not-exercised"
    alone = judged(("in", unseen_err, None), ("in", call(8, "report_nonce", {"nonce": "unseen:instr"}), None))
    assert alone["tools.isError"].observed == "not-exercised"
    # the instructions come with the handshake (or a discovery connection of the client's own), so an unseen
    # report alone is a verdict
    assert (alone["instructions"].observed, alone["instructions"].evidence) == ("unsupported", [3])
    # a nonce the probe never sent is no report, and the word of any other kind says nothing of this one
    made_up = judged(("in", call(8, "report_nonce", {"nonce": "cmcp-instr-00000000"}), None))
    assert made_up["instructions"].observed == "not-exercised"
    struct = judged(("in", call(7, "structured_result"), None), ("out", answer(7), None), ("in", unseen_err, None))
    assert struct["tools.structuredContent"].observed == "not-exercised"


def test_only_the_clients_own_get_and_delete_to_the_mcp_endpoint_count() -> None:
    """A sign-in's GETs (metadata, the authorization endpoint), a visit to the probe's page and the probe's 404 for a
    forgotten session (which names the method it answers) are no GET stream and no DELETE; a GET to /mcp is."""
    done = {"jsonrpc": "2.0", "method": "notifications/initialized"}
    oauth_get = {"http": {"method": "GET", "path": "/.well-known/oauth-authorization-server"}, "oauth": "metadata"}
    authorize = {"http": {"method": "GET", "path": "/oauth/authorize", "query": "x=1"}, "oauth": "/oauth/authorize"}
    page = {"http": {"method": "GET", "path": "/pages/elicitation"}, "page": "elicitation"}
    gone = {"http": {"status": 404, "method": "GET", "forgotten": True}}
    gone_delete = {"http": {"status": 404, "method": "DELETE", "forgotten": True}}
    noise = rows(
        ("in", b"", oauth_get),
        ("in", b"", authorize),
        ("in", initialize(), {"http": {"method": "POST", "path": "/mcp"}}),
        ("in", done, {"http": {"method": "POST", "path": "/mcp"}}),
        ("in", b"", page),
        ("out", b"", gone),
        ("out", b"", gone_delete),
    )
    features = assess(noise, "streamable-http")
    assert features["transport.streamable-http.get-stream"].observed == "unsupported"
    assert features["transport.streamable-http.delete"].observed == "unsupported"
    stream = rows(
        *((m.direction, m.raw, m.meta) for m in noise), ("in", b"", {"http": {"method": "GET", "path": "/mcp"}})
    )
    judged = assess(stream, "streamable-http")["transport.streamable-http.get-stream"]
    assert (judged.observed, judged.evidence) == ("supported", [7])


def test_a_client_whose_stream_was_closed_when_the_wait_ended_left_before_answering() -> None:
    """Over HTTP a client may drop its streams without a DELETE, and the run ends seconds later: a request it never
    answered, after which the probe's next message (sent as the wait ran out) found the stream closed, gets no
    verdict; the same silence with that message delivered is a "no"."""
    ping = {"jsonrpc": "2.0", "id": 1, "method": "ping"}
    later = {"jsonrpc": "2.0", "method": "notifications/message", "params": {"level": "info", "data": "x"}}

    def judged(delivered: bool, then_delivered: bool = False) -> Any:
        messages = [
            MessageRow(0, 0.0, "in", json.dumps(initialize()).encode(), {}),
            MessageRow(1, 1.0, "out", json.dumps(ping).encode(), {}),
            MessageRow(2, 4.0, "out", json.dumps(later).encode(), {} if delivered else {"undelivered": True}),
        ]
        if then_delivered:  # a stream of the client's was still open after all
            messages.append(MessageRow(3, 5.0, "out", json.dumps(later).encode(), {}))
        transcript = Transcript(messages, "streamable-http", left_at=9.0, answer_timeout=3.0)
        return assess(messages, "streamable-http", transcript=transcript)["ping"]

    gone = judged(delivered=False)
    assert (gone.observed, (gone.detail or {}).get("outcome")) == ("not-exercised", "left before answering")
    stayed = judged(delivered=True)
    assert (stayed.observed, (stayed.detail or {}).get("outcome")) == ("unsupported", "silence")
    reached_later = judged(delivered=False, then_delivered=True)
    assert (reached_later.observed, (reached_later.detail or {}).get("outcome")) == ("unsupported", "silence")


def test_ending_a_subscription_is_no_cancellation_of_work() -> None:
    listen = {"jsonrpc": "2.0", "id": "listen-1", "method": "subscriptions/listen", "params": {}}
    call = {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "slow_task", "arguments": {}}}

    def cancel(request_id: Any) -> dict[str, Any]:
        return {"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": request_id}}

    ended = assess(rows(("in", initialize(), None), ("in", listen, None), ("in", cancel("listen-1"), None)), "stdio")
    assert ended["cancellation"].observed == "not-exercised"
    assert ended["cancellation"].detail == {"outcome": ONLY_LISTEN}
    both = rows(("in", initialize(), None), ("in", listen, None), ("in", call, None), ("in", cancel(2), None))
    assert assess(both, "stdio")["cancellation"].observed == "supported"


def test_a_closed_stream_cancels_only_in_the_stateless_era() -> None:
    """2026-07-28 over Streamable HTTP: closing a request's response stream is the cancellation, and no notice is
    sent. A close the client went on talking after counts; one that was its last word may be its process ending;
    a subscriptions/listen stream ends so; and in the handshake eras a closed stream cancels nothing."""
    meta = {"io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {}}
    post = {"http": {"method": "POST", "path": "/mcp"}}

    def request(id_: int, method: str, **params: Any) -> dict[str, Any]:
        return {"jsonrpc": "2.0", "id": id_, "method": method, "params": {**params, "_meta": meta}}

    discover = request(1, "server/discover")
    call = request(2, "tools/call", name="slow_task", arguments={"seconds": 20})

    def closed(post_index: int) -> tuple[str, bytes, dict[str, Any]]:
        return "in", b"", {"http": {"closedBeforeAnswer": post_index}}

    echo = request(2, "tools/call", name="echo", arguments={"text": "after"})  # ids start again on a new POST

    def judged(*messages: tuple[str, Any, dict[str, Any] | None]) -> Any:
        return assess(rows(*messages), "streamable-http")["cancellation"]

    went_on = judged(("in", call, post), closed(0), ("in", echo, post))
    assert (went_on.observed, went_on.evidence, went_on.detail) == ("supported", [0, 1], {"closedStreams": 1})
    last_word = judged(("in", discover, post), ("in", call, post), closed(1))
    assert (last_word.observed, last_word.evidence) == ("not-exercised", [1, 2])
    assert last_word.detail == {"outcome": LEFT_OPEN}
    listen = request(3, "subscriptions/listen", notifications={})
    ended = judged(("in", listen, post), closed(0), ("in", echo, post))
    assert (ended.observed, ended.detail) == ("not-exercised", {"outcome": ONLY_LISTEN})
    handshake_call = {k: v for k, v in call.items() if k != "params"} | {"params": {"name": "slow_task"}}
    handshake = judged(("in", initialize(), post), ("in", handshake_call, post),
                       closed(1), ("in", {**handshake_call, "id": 3}, post))  # fmt: skip
    assert (handshake.observed, handshake.evidence) == ("not-exercised", [])


def test_a_new_sessions_initialize_needs_no_version_header() -> None:
    """After a 404 for its session a client initializes again: that POST carries no MCP-Protocol-Version (none is
    negotiated yet), and every later POST carries the version the new session negotiated."""
    post = {"http": {"method": "POST", "path": "/mcp"}}
    versioned = {**post, "headers": {"mcp-protocol-version": "2025-11-25"}}
    answer = {"jsonrpc": "2.0", "id": 1, "result": {"protocolVersion": "2025-11-25", "capabilities": {}}}
    again = {**answer, "id": 3}
    listing = {"jsonrpc": "2.0", "id": 2, "method": "tools/list"}
    done = {"jsonrpc": "2.0", "method": "notifications/initialized"}

    def judged(last: dict[str, Any]) -> Any:
        messages = rows(
            ("in", initialize(), post),
            ("out", answer, None),
            ("in", done, versioned),
            ("in", listing, versioned),
            ("out", b"", {"http": {"status": 404, "method": "POST", "forgotten": True}}),
            ("in", initialize(id_=3), post),
            ("out", again, None),
            ("in", {**listing, "id": 4}, last),
        )
        return assess(messages, "streamable-http")["transport.streamable-http.protocol-version-header"]

    assert judged(versioned).observed == "supported"
    forgot = judged(post)
    assert (forgot.observed, forgot.evidence) == ("unsupported", [7])


def test_progress_counts_a_token_on_a_tool_call_only() -> None:
    """A server's long-running tool can report progress only against a token its tools/call carried."""
    token = {"progressToken": "p1"}
    listing = {"jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": {"_meta": token}}
    bare_call = {"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "slow_task", "arguments": {}}}
    call = {**bare_call, "params": {**bare_call["params"], "_meta": token}}
    listed = assess(rows(("in", initialize(), None), ("in", listing, None), ("in", bare_call, None)), "stdio")
    assert listed["progress"].observed == "not-exercised"
    called = assess(rows(("in", initialize(), None), ("in", listing, None), ("in", call, None)), "stdio")
    assert (called["progress"].observed, called["progress"].evidence) == ("supported", [2])


def test_a_new_session_starts_its_ids_again() -> None:
    """A request of the old session (answered with a 404 for a session the probe forgot) is not answered by the
    new session's response that reuses its id."""
    listing = {"jsonrpc": "2.0", "id": 2, "method": "tools/list"}
    answer = {"jsonrpc": "2.0", "id": 2, "result": {"tools": []}}
    messages = rows(
        ("in", initialize(), None),
        ("in", listing, None),
        ("out", b"", {"http": {"status": 404, "method": "POST", "forgotten": True}}),
        ("in", initialize(), None),
        ("in", listing, None),
        ("out", answer, None),
    )
    t = Transcript(messages, "streamable-http")
    first, second = list(t.requests("tools/list"))
    assert t.response_to(first) is None
    found = t.response_to(second)
    assert found is not None and found.index == 5


def test_over_stdio_a_second_initialize_does_not_orphan_the_probes_earlier_requests() -> None:
    """On one stdio pipe the probe's request ids keep counting through a client's second initialize (Atomic Agents
    initializes the app's session again), so an answer the client sends after it still answers the probe's request;
    the client's own ids may start again, so its requests are still answered only within their session."""
    ping = {"jsonrpc": "2.0", "id": 1, "method": "ping"}
    again = {**initialize(), "id": 1}
    listing = {"jsonrpc": "2.0", "id": 0, "method": "tools/list"}
    messages = rows(
        ("in", initialize(), None),
        ("out", ping, None),
        ("in", listing, None),
        ("in", again, None),
        ("in", {"jsonrpc": "2.0", "id": 1, "result": {}}, None),
        ("out", {"jsonrpc": "2.0", "id": 0, "result": {"tools": []}}, None),
    )
    t = Transcript(messages, "stdio")
    sent = next(t.requests("ping", direction="out"))
    found = t.response_to(sent)
    assert found is not None and found.index == 4
    assert t.response_to(next(t.requests("tools/list"))) is None  # the answer after it belongs to the new session
    over_http = Transcript(messages, "streamable-http")
    assert over_http.response_to(next(over_http.requests("ping", direction="out"))) is None
