"""The harness end to end with real clients from the registries, in a real network namespace.

Pinned versions (read from the wire first, then written down): the official Python SDK (`mcp` 2.3.0)
and TypeScript SDK (`@modelcontextprotocol/sdk` 1.32.2), and two third-party CLIs: mcp-remote 0.15.1
and wong2's mcp-cli 2.0.0. Needs the npm registry and PyPI (CI has both) and root for `unshare`.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from canimcp.harness.context_checks import CALL_FIRST
from canimcp.harness.outdated import lacking_platform_package
from canimcp.harness.recipes import RECIPES
from canimcp.kb.loader import bundled_data_dir
from canimcp.probe.scenarios.declaration import TRANSPORTS as TRANSPORT_FEATURES

BUNDLED = bundled_data_dir() / "probes"

pytestmark = pytest.mark.skipif(
    os.geteuid() != 0 or not shutil.which("unshare") or not shutil.which("npm"),
    reason="needs root (network namespaces) and npm",
)


def run(*args: str, timeout: float = 900) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "canimcp", "probe", *args], capture_output=True, text=True,
                          timeout=timeout)  # fmt: skip


def reports(out: Path, client: str) -> list[dict]:  # type: ignore[type-arg]
    return [json.loads(p.read_text()) for p in sorted((out / client).glob("*.json"))]


@pytest.mark.parametrize(
    ("target", "transports", "client_info", "protocol"),
    [
        # and over the legacy HTTP+SSE transport, where it too negotiates the newest revision
        ("python-sdk@2.3.0", {"stdio", "streamable-http", "sse"}, {"name": "mcp", "version": "0.1.0"}, "2026-07-28"),
        ("typescript-sdk@1.32.2", {"stdio", "streamable-http", "sse"},
         {"name": "canimcp-harness-ts-sdk", "version": "1.0.0"}, "2025-11-25"),
        # published as @modelcontextprotocol/client since 2.0.0: the harness installs it under that name
        ("typescript-sdk@2.4.0", {"stdio", "streamable-http", "sse"},
         {"name": "canimcp-harness-ts-sdk", "version": "1.0.0"}, "2025-11-25"),
        # over SSE it first opens the stream twice without a word (its checks for a sign-in), then connects
        ("mcp-remote@0.15.1", {"streamable-http", "sse"}, {"name": "mcp-remote", "version": "0.15.1"}, "2025-11-25"),
        # `--url` on a Streamable HTTP URL (what runs with --auth use)
        ("wong2-mcp-cli@2.0.0", {"stdio", "streamable-http", "sse"},
         {"name": "mcp-cli", "version": "1.0.0"}, "2025-11-25"),
    ],
)  # fmt: skip
def test_real_clients_connect_and_leave_reports(tmp_path: Path, target: str, transports: set[str],
                                                client_info: dict[str, str], protocol: str) -> None:  # fmt: skip
    out, db = tmp_path / "runs", f"sqlite:///{tmp_path / 'store.sqlite3'}"
    done = run("run", target, "--out", str(out), "--db", db)
    assert done.returncode == 0, done.stdout + done.stderr
    client, version = target.split("@")
    found = reports(out, client)
    assert {r["transport"] for r in found} == transports
    first = [r for r in found if r["clientInfo"]]
    assert first and all(r["clientInfo"] == client_info for r in first)
    assert {r["protocolVersion"] for r in first} == {protocol}
    for r in found:
        assert r["harness"]["client"] == client and r["harness"]["version"] == version
        assert r["harness"]["package"] == RECIPES[client].for_version(version).package
        label = {"stdio": "stdio", "streamable-http": "http", "sse": "sse"}[r["transport"]]
        assert r["id"] == f"{client}-{version}-{label}-session-" + r["id"][-1]
        if r["clientInfo"]:  # a connection that said something was over the transport it ran on
            assert r["features"][TRANSPORT_FEATURES[r["transport"]]]["observed"] == "supported"
        # over SSE the first entry is the GET that opened the stream, and may be all there is
        sent = [m for m in r["messages"] if m["raw"]]
        assert sent or (r["transport"] == "sse" and not r["clientInfo"] and r["messages"][0]["http"]["method"] == "GET")
        assert all(json.loads(m["raw"]) for m in sent)  # the exact wire text
    listed = subprocess.run([sys.executable, "-m", "canimcp", "probe", "list", "--db", db], capture_output=True,
                            text=True, timeout=60)  # fmt: skip
    assert all(r["run"] in listed.stdout for r in found)
    if client == "python-sdk":  # its script calls run_scenarios until it completes: one round per refusal
        for r in found:
            asked = [
                sorted(json.loads(m["raw"])["result"]["inputRequests"])
                for m in r["messages"]
                if m["direction"] == "out" and '"input_required"' in m["raw"]
            ]
            assert asked == [["roots"], ["sampling"], ["elicitation"]]
            for feature in ("roots", "sampling", "elicitation"):
                assert r["features"][feature]["observed"] == "unsupported"
                assert r["features"][feature]["detail"] == {"outcome": "no retry"}
    if client == "wong2-mcp-cli":  # the same version again: new reports beside the first ones, in the store too
        before = {p.name: p.read_bytes() for p in (out / client).glob("*.json")}
        assert run("run", target, "--out", str(out), "--db", db).returncode == 0
        assert len(reports(out, client)) == 2 * len(found)
        assert all((out / client / name).read_bytes() == data for name, data in before.items())  # none replaced
        files = sorted((out / client).glob("*.json"))
        assert [json.loads(f.read_text())["id"] for f in files] == [f.stem for f in files]  # the ids follow the files
        again = subprocess.run([sys.executable, "-m", "canimcp", "probe", "list", "--db", db], capture_output=True,
                               text=True, timeout=60)  # fmt: skip
        assert again.stdout.count("mcp-cli 1.0.0") == 2 * len(found)


def test_a_probe_of_the_handshake_era_only_shows_the_fallback(tmp_path: Path) -> None:
    """`--era handshake`: the probe refuses server/discover as a server of an earlier revision does; the Python SDK
    (2026-07-28 first) falls back to initialize, and the run is named and labelled as offered one era only."""
    out = tmp_path / "runs"
    done = run("run", "python-sdk@2.3.0", "--transport", "stdio", "--era", "handshake", "--out", str(out))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "stdio-handshake" in done.stdout
    (found,) = reports(out, "python-sdk")
    assert found["id"] == "python-sdk-2.3.0-stdio-handshake-session-0"
    assert found["harness"]["eras"] == "handshake" and found["era"] == "handshake"
    wire = [json.loads(m["raw"]) for m in found["messages"]]
    assert wire[0]["method"] == "server/discover" and wire[1]["error"]["code"] == -32601
    assert wire[2]["method"] == "initialize" and found["protocolVersion"] == "2025-11-25"
    assert found["features"]["stateless.fallback"]["observed"] == "supported"
    assert run("run", "python-sdk@2.3.0", "--era", "legacy", "--out", str(out)).returncode == 2


def test_a_new_release_runs_the_way_the_earlier_one_did(tmp_path: Path) -> None:
    """`--like`: the Python SDK's 2.3.0 was run over stdio offered the handshake era only and over Streamable HTTP
    plainly; 2.2.0 is then run in exactly those two setups, and what changed between the two is said once."""
    out = tmp_path / "runs"
    for setup in (("--transport", "stdio", "--era", "handshake"), ("--transport", "http")):
        done = run("run", "python-sdk@2.3.0", *setup, "--out", str(out))
        assert done.returncode == 0, done.stdout + done.stderr
    keep = tmp_path / "kept"
    done = run("run", "python-sdk@2.2.0", "--like", "2.3.0", "--out", str(out), "--keep", str(keep))
    assert done.returncode == 0, done.stdout + done.stderr
    # each run's sandbox is kept, named by client, version and setup: its steps' output and the script it ran
    kept = {p.name for p in (keep / "python-sdk-2.2.0").iterdir()}
    assert kept == {"http-session", "stdio-handshake-session"}
    steps = json.loads((keep / "python-sdk-2.2.0" / "http-session" / "results.json").read_text())["steps"]
    assert steps and all(s["rc"] == 0 for s in steps)
    assert "python-sdk@2.2.0 like 2.3.0, 1/2: http session" in done.stderr
    assert "python-sdk@2.2.0 like 2.3.0, 2/2: stdio, handshake era only session" in done.stderr
    ids = {r["id"] for r in reports(out, "python-sdk") if r["harness"]["version"] == "2.2.0"}
    assert ids == {"python-sdk-2.2.0-http-session-0", "python-sdk-2.2.0-stdio-handshake-session-0"}
    drift = [line for line in done.stdout.splitlines() if line.startswith("drift ")]
    assert drift and all(line.startswith("drift python-sdk 2.3.0 -> 2.2.0: ") for line in drift)
    again = run("run", "python-sdk@2.3.0", "--like", "2.3.0", "--out", str(out))
    assert again.returncode == 2 and "python-sdk 2.3.0 is the version --like names" in again.stderr


def test_outdated_names_the_clients_whose_registry_has_a_newer_release(tmp_path: Path) -> None:
    """Runs of the Python SDK 2.2.0 are behind PyPI (2.3.0 at least); runs of a version no registry has yet are not;
    a client without runs says so; each one behind comes with the command that runs its new release."""
    stored = json.loads((BUNDLED / "python-sdk" / "python-sdk-2.3.0-stdio-session-0.json").read_text())
    for client, version in (("python-sdk", "2.2.0"), ("mcp-remote", "9999.0.0")):
        folder = tmp_path / "probes" / client
        folder.mkdir(parents=True)
        report = stored | {"id": f"{client}-{version}-stdio-session-0"}
        report["harness"] = stored["harness"] | {"client": client, "recipe": client, "version": version}
        (folder / f"{report['id']}.json").write_text(json.dumps(report))
    done = run("outdated", "python-sdk", "mcp-remote", "wong2-mcp-cli", "--data", str(tmp_path), timeout=300)
    assert done.returncode == 1, done.stdout + done.stderr
    rows = {line.split("│")[1].strip(): [c.strip() for c in line.split("│")[2:5]]
            for line in done.stdout.splitlines() if line.startswith("│")}  # fmt: skip
    assert rows["python-sdk"][0] == "2.2.0" and rows["python-sdk"][2] == "behind"
    assert rows["mcp-remote"][0] == "9999.0.0" and rows["mcp-remote"][2] == "current"
    assert rows["wong2-mcp-cli"][0] == "-" and rows["wong2-mcp-cli"][2] == "no runs"
    assert f"canimcp probe run python-sdk --like 2.2.0 --out {tmp_path / 'probes'}" in done.stdout
    assert "--like 9999.0.0" not in done.stdout
    assert run("outdated", "no-such-client", "--data", str(tmp_path)).returncode == 2
    missing = run("outdated", "python-sdk", "--data", str(tmp_path / "nowhere"))
    assert missing.returncode == 2 and missing.stderr.startswith("error: no probe runs folder at ")


def test_outdated_tells_a_release_whose_program_the_registry_lacks(tmp_path: Path) -> None:
    """Amp ships its program in a package per platform. As of 2026-12-07 the npm registry has the Linux x64 one of
    0.0.1790142911-g7618fb but not of 0.0.1790712063-gb89205: runs of the earlier release are behind the later one,
    yet there is nothing to run, and outdated says why instead of giving a command that fails at install."""
    older, newer = "0.0.1790142911-g7618fb", "0.0.1790712063-gb89205"
    assert lacking_platform_package(RECIPES["amp"], older) == ""
    assert lacking_platform_package(RECIPES["amp"], newer) == f"@ampcode/cli-linux-x64@{newer}"
    assert lacking_platform_package(RECIPES["python-sdk"], "2.3.0") == ""  # PyPI wheels are another matter
    folder = tmp_path / "probes" / "amp"
    folder.mkdir(parents=True)
    for stored in (BUNDLED / "amp").glob(f"amp-{older}-*.json"):
        shutil.copy(stored, folder)
    done = run("outdated", "amp", "--data", str(tmp_path), timeout=300)
    latest = done.stdout.split("│")[3].strip()
    if latest == newer:
        assert done.returncode == 0, done.stdout + done.stderr  # behind, but with nothing to run
        said = " ".join(done.stdout.replace("│", " ").split())  # the table wraps a long status over two lines
        assert f"behind, not installable: the registry has no @ampcode/cli-linux-x64@{newer}" in said
        assert "--like" not in done.stdout
    else:  # a later release has come out since: whether it installs, the command line says
        assert (done.returncode == 1) == ("--like" in done.stdout), done.stdout + done.stderr


@pytest.mark.parametrize(
    ("target", "protocol"),
    [
        ("python-sdk@2.3.0", "2026-07-28"),
        ("typescript-sdk@1.32.2", "2025-11-25"),
        ("mcp-remote@0.15.1", "2025-11-25"),
        ("fastmcp@4.2.3", "2026-07-28"),
    ],
)
def test_clients_sign_in_when_the_probe_requires_oauth(tmp_path: Path, target: str, protocol: str) -> None:
    """`--auth`: the probe answers 401 until the client has a token from its authorization server. The SDK
    scripts approve the sign-in themselves; mcp-remote (through xdg-open) and fastmcp (through Python's webbrowser)
    hand the authorization URL to the harness's browser. The run records each OAuth step."""
    out, db = tmp_path / "runs", f"sqlite:///{tmp_path / 'store.sqlite3'}"
    done = run("run", target, "--auth", "--out", str(out), "--db", db)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "http-auth" in done.stdout  # the summary table names the run as one that signed in
    client, version = target.split("@")
    (found,) = reports(out, client)  # HTTP only: OAuth has no part in stdio
    assert found["id"] == f"{client}-{version}-http-auth-session-0"
    assert found["transport"] == "streamable-http" and found["protocolVersion"] == protocol
    assert found["harness"]["auth"] is True
    assert {k: v["observed"] for k, v in found["features"].items() if k.startswith("auth.")} == {
        "auth.oauth": "supported",
        "auth.protected-resource-metadata": "supported",
        "auth.dcr": "supported",
        "auth.client-id-metadata": "unsupported",  # offered; with no metadata URL given, each registers
        "auth.resource-indicators": "supported",
    }
    inbound = [m for m in found["messages"] if m["direction"] == "in"]
    # refused first (mcp-remote looks the metadata up even before that), and back with a token
    first_mcp = next(m for m in inbound if not m.get("oauth"))
    assert first_mcp.get("refused") and any(m.get("auth") == "bearer" for m in inbound)
    steps = [m["oauth"] for m in inbound if (m.get("oauth") or "").startswith("/oauth/")]
    # in this order (fastmcp opens the authorization URL once itself, to check it, before the browser does)
    assert list(dict.fromkeys(steps)) == ["/oauth/register", "/oauth/authorize", "/oauth/token"]
    assert steps.count("/oauth/token") == 1


def test_claude_code_session_calls_the_probe_tool_through_the_scripted_model(tmp_path: Path) -> None:
    """`claude -p` with the scripted model as its Anthropic API: the agent calls run_scenarios, answers the input
    requests it declared (roots, elicitation) and abandons the call at the undeclared sampling; then the context
    checks find that it shows its model the server's instructions, an isError text and structuredContent."""
    out, db = tmp_path / "runs", f"sqlite:///{tmp_path / 'store.sqlite3'}"
    done = run("run", "claude-code@2.1.332", "--transport", "stdio", "--mode", "session", "--out", str(out), "--db", db)
    assert done.returncode == 0, done.stdout + done.stderr
    [report] = reports(out, "claude-code")
    assert report["capabilities"] == {"roots": {"listChanged": True}, "elicitation": {"form": {}, "url": {}}}
    calls = [json.loads(m["raw"]) for m in report["messages"] if m["direction"] == "in" and "tools/call" in m["raw"]]
    names = [c["params"]["name"] for c in calls]
    # and show_view last (dropped_stream is listed only to handshake sessions from 2025-03-26; this one is 2026-07-28),
    # after the header tools of 2026-07-28, of which Claude Code keeps all three (on stdio nothing is judged of them)
    headers = ["header_echo", "header_invalid", "header_number"]
    assert names[0] == "run_scenarios" and names[-4:] == [*headers, "show_view"], names
    assert set(names) == {"run_scenarios", *CALL_FIRST, "report_nonce", *headers, "show_view"}
    assert report["features"]["stateless.param-headers"]["observed"] == "not-exercised"
    reported = [c["params"]["arguments"]["nonce"] for c in calls if c["params"]["name"] == "report_nonce"]
    assert sorted(n.split("-")[1] for n in reported) == ["err", "instr", "struct"], reported  # found, none unseen
    features = report["features"]
    for feature in ("instructions", "tools.isError", "tools.structuredContent", "tools.outputSchema"):
        assert features[feature]["observed"] == "supported", feature
    assert features["stateless.input-requests"]["observed"] == "supported"
    assert features["stateless.input-requests"]["detail"] == {"answered": ["elicitation", "roots"]}
    assert features["roots"]["observed"] == features["elicitation.form"]["observed"] == "supported"
    sampling = features["sampling"]
    assert (sampling["observed"], sampling["detail"]) == ("unsupported", {"outcome": "no retry"})


def test_an_agent_gets_its_turns_back_while_list_changes_play_out(tmp_path: Path) -> None:
    """Handshake era, `claude -p` on the scripted model: a list change Claude Code leaves unanswered inside
    run_scenarios ends that call ("Scenarios under way"), the agent calls again, and the change is judged with the
    time between the calls included; the last call completes."""
    out, db = tmp_path / "runs", f"sqlite:///{tmp_path / 'store.sqlite3'}"
    done = run("run", "claude-code@2.1.332", "--era", "handshake", "--transport", "stdio", "--mode", "session",
               "--out", str(out), "--db", db)  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    [report] = reports(out, "claude-code")
    wire = [(m["direction"], json.loads(m["raw"])) for m in report["messages"]]
    calls = [
        m["id"]
        for way, m in wire
        if way == "in" and m.get("method") == "tools/call" and m["params"]["name"] == "run_scenarios"
    ]
    answers = [
        m["result"]["content"][0]["text"] for way, m in wire if way == "out" and "result" in m and m["id"] in calls
    ]
    assert len(calls) >= 2 and any(a.startswith("Scenarios under way") for a in answers[:-1]), answers
    assert answers[-1].startswith("Scenarios done"), answers
    changes = [m["method"] for _, m in wire if str(m.get("method", "")).endswith("/list_changed")]
    assert len(changes) == 3
    features = report["features"]
    assert {features[f"{k}.listChanged"]["observed"] for k in ("tools", "prompts", "resources")} <= {
        "supported",
        "unsupported",
    }


def test_a_probe_that_forgets_the_session_shows_who_starts_over(tmp_path: Path) -> None:
    """`--expire-after 3`: the probe drops the session id after three POSTs, so the next request gets a 404; the
    Python SDK's client raises the error to the application and starts no new session."""
    out = tmp_path / "runs"
    done = run("run", "python-sdk@2.3.0", "--transport", "http", "--era", "handshake", "--expire-after", "3",
               "--out", str(out))  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    (found,) = reports(out, "python-sdk")
    assert found["id"] == "python-sdk-2.3.0-http-handshake-expiry-session-0"
    assert found["harness"]["expireAfter"] == 3 and found["harness"]["eras"] == "handshake"
    refused = [m for m in found["messages"] if m["direction"] == "out" and (m["http"] or {}).get("status") == 404]
    assert refused and refused[0]["http"]["forgotten"] is True
    initializes = [m for m in found["messages"] if m["direction"] == "in" and '"method":"initialize"' in m["raw"]]
    expiry = found["features"]["transport.streamable-http.session-expiry"]
    assert expiry["observed"] == ("supported" if len(initializes) > 1 else "unsupported")
    for other in ("stdio", "sse"):
        done = run("run", "python-sdk@2.3.0", "--transport", other, "--expire-after", "3", "--out", str(out))
        assert done.returncode == 2 and "--expire-after is for the Streamable HTTP transport" in done.stderr


def test_a_run_without_input_requests_is_labelled_and_its_tool_asks_for_nothing(tmp_path: Path) -> None:
    """`--no-input-requests`: the stdio probe's run_scenarios completes at once in the 2026-07-28 era (for a client
    that never answers an input request); the report says so in its id and its harness block."""
    out = tmp_path / "runs"
    done = run("run", "python-sdk@2.3.0", "--transport", "stdio", "--mode", "session", "--era", "stateless",
               "--no-input-requests", "--out", str(out))  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    (found,) = reports(out, "python-sdk")
    assert found["id"] == "python-sdk-2.3.0-stdio-stateless-no-input-session-0"
    assert found["harness"]["inputRequests"] is False and found["era"] == "stateless"
    results = [json.loads(m["raw"]).get("result") for m in found["messages"] if m["direction"] == "out"]
    assert not [r for r in results if isinstance(r, dict) and r.get("resultType") == "input_required"]
    assert any(isinstance(r, dict) and "Scenarios done" in json.dumps(r) for r in results)
    done = run("run", "python-sdk@2.3.0", "--era", "handshake", "--no-input-requests", "--out", str(out))
    assert done.returncode == 2 and "--no-input-requests is for the 2026-07-28 era" in done.stderr


def test_auth_runs_need_http_and_a_recipe_that_can_sign_in(tmp_path: Path) -> None:
    done = run("run", "python-sdk@2.3.0", "--auth", "--transport", "stdio", "--out", str(tmp_path))
    assert done.returncode == 2 and "--auth is for the HTTP transport" in done.stderr
    done = run("run", "python-sdk@2.3.0", "--auth", "--transport", "sse", "--out", str(tmp_path))
    assert done.returncode == 2 and "--auth is for the Streamable HTTP transport" in done.stderr
    done = run("run", "gemini-cli", "--auth", "--out", str(tmp_path))
    assert done.returncode == 2 and "cannot sign in inside the sandbox" in done.stderr
    can = ", ".join(sorted(rid for rid, recipe in RECIPES.items() if recipe.auth))  # listed in test_harness_recipes
    assert f"(--auth works for: {can})" in done.stderr
    assert not (tmp_path / "gemini-cli").exists()


def test_keep_must_name_a_folder(tmp_path: Path) -> None:
    taken = tmp_path / "a-file"
    taken.write_text("")
    done = run("run", "python-sdk@2.3.0", "--keep", str(taken), "--out", str(tmp_path / "runs"))
    said = "".join(ch for ch in done.stderr if ch.isalnum())  # the error box wraps a long path across lines
    assert done.returncode == 2 and "keep" in said and "isafile" in said
    assert not (tmp_path / "runs").exists()  # refused before installing or running anything


def test_a_mode_the_recipe_lacks_is_a_usage_error(tmp_path: Path) -> None:
    """Nanocoder has no status command that connects: asking for its health mode says so instead of running
    nothing and printing an empty table."""
    done = run("run", "nanocoder", "--mode", "health", "--out", str(tmp_path))
    assert done.returncode == 2, done.stdout + done.stderr
    assert "error: the recipe for 'nanocoder' has no health mode (it has: session)" in done.stderr
    assert not (tmp_path / "nanocoder").exists()


def test_unknown_client_and_unpublished_version_are_usage_errors(tmp_path: Path) -> None:
    done = run("run", "no-such-client", "--out", str(tmp_path))
    assert done.returncode == 2 and done.stderr.strip().startswith("error: no recipe for 'no-such-client'")
    assert "Traceback" not in done.stderr
    done = run("run", "crush", "--out", str(tmp_path))
    assert done.returncode == 2 and "downloads a binary from outside the registries" in done.stderr
    done = run("run", "mcp-remote@0.0.0-never", "--out", str(tmp_path))
    assert done.returncode == 2 and "npm has no mcp-remote@0.0.0-never" in done.stderr
    assert not (tmp_path / "mcp-remote").exists()


def test_agent_runs_need_a_recipe_with_an_agent_script_and_a_session(tmp_path: Path) -> None:
    """`--agent` runs a library's agent script on the scripted model: a client without one (the Python SDK is a bare
    SDK; Claude Code is an agent already) is a usage error naming those that have one, and so are a health mode and a
    run that must sign in (the agent scripts do not)."""
    from canimcp.harness.recipes import RECIPES

    done = run("run", "python-sdk@2.3.0", "--agent", "--out", str(tmp_path))
    assert done.returncode == 2 and "error: the recipe for 'python-sdk' has no agent script" in done.stderr
    assert ", ".join(sorted(c for c, r in RECIPES.items() if r.agent_script)) in done.stderr
    done = run("run", "openai-agents", "--agent", "--mode", "health", "--out", str(tmp_path))
    assert done.returncode == 2 and "--agent runs a library's agent script, a session" in done.stderr
    done = run("run", "mcp-use", "--agent", "--auth", "--transport", "http", "--out", str(tmp_path))
    assert done.returncode == 2 and "the agent scripts do not sign in" in done.stderr
    assert not (tmp_path / "python-sdk").exists() and not (tmp_path / "openai-agents").exists()


def test_a_library_runs_as_an_agent_on_the_scripted_model(tmp_path: Path) -> None:
    """`--agent`: the OpenAI Agents SDK's own Agent and Runner, on its Chat Completions model pointed at the scripted
    model, with the probe as its MCP server. The scripted model has it call the probe's tools and says which of the
    probe's nonces it was shown, so the four model-facing features are judged, as for the agent clients."""
    out = tmp_path / "runs"
    done = run("run", "openai-agents@0.24.0", "--agent", "--transport", "stdio", "--out", str(out), timeout=900)
    assert done.returncode == 0, done.stdout + done.stderr
    (found,) = reports(out, "openai-agents")
    assert found["id"] == "openai-agents-0.24.0-stdio-agent-session-0" and found["harness"]["agent"] is True
    features = found["features"]
    judged = {f: features[f]["observed"] for f in ("instructions", "tools.structuredContent", "tools.isError")}
    assert set(judged.values()) <= {"supported", "unsupported"}, judged
    assert features["tools.outputSchema"]["observed"] == "supported"  # offered and called
    calls = [json.loads(m["raw"]) for m in found["messages"] if m["direction"] == "in" and "tools/call" in m["raw"]]
    called = [c["params"]["name"] for c in calls if c.get("method") == "tools/call"]
    assert {"run_scenarios", "failing_tool", "structured_result", "report_nonce"} <= set(called), called
