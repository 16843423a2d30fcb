"""`canimcp can` and `canimcp detect` as a user runs them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from minikb import MiniKB


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "canimcp", *args], capture_output=True, text=True, timeout=60)


def test_flagged_support_is_the_answer_with_its_flag() -> None:
    done = run("can", "openclaw", "extensions.io.modelcontextprotocol/ui")
    assert done.returncode == 0
    line = done.stdout.strip()
    assert line.startswith("openclaw · extensions.io.modelcontextprotocol/ui: yes, only with mcp.apps.enabled=true (")
    assert line.endswith("; no by default")


def test_a_flag_of_an_older_release_is_not_the_answer_for_a_newer_one() -> None:
    # the TypeScript SDK's task store exists in 1.x only: 2.x says no, with or without a flag
    latest = run("can", "typescript-sdk", "tasks.requests.sampling.createMessage")
    assert latest.returncode == 1
    assert latest.stdout.startswith("typescript-sdk · tasks.requests.sampling.createMessage: no (2.4.0, ")
    assert "yes with ClientOptions.taskStore=" in latest.stdout and "from 1.24.0 until 2.0.0" in latest.stdout
    older = run("can", "typescript-sdk", "tasks.requests.sampling.createMessage", "--version", "1.32.2")
    assert older.returncode == 0
    assert older.stdout.startswith("typescript-sdk · tasks.requests.sampling.createMessage: yes, only with ")
    assert "by default" not in older.stdout  # 1.32.2 has no statement without the flag


def test_what_else_a_condition_needs_follows_its_flag() -> None:
    # Semantic Kernel samples with auto-approval, or a consent callback, and only through a kernel's chat service
    done = run("can", "semantic-kernel", "sampling")
    assert done.returncode == 0
    assert done.stdout.startswith(
        "semantic-kernel · sampling: yes, only with sampling_auto_approve=true (or a sampling_consent_callback"
    )
    assert "a kernel with a chat completion service) (1.45.0, source 2026-11-30); no by default" in done.stdout


def test_the_release_named_is_the_clients_own() -> None:
    # pydantic-ai's sampling statement cites Pydantic AI 2.68.0 and fastmcp 4.2.3 pins of the same date: the
    # line names the client's own release, never that of the library it builds on
    done = run("can", "pydantic-ai", "sampling")
    assert done.returncode == 0
    assert "(2.68.0, source 2026-11-30)" in done.stdout and "4.2.3" not in done.stdout


def test_no_exits_1_and_json_carries_evidence() -> None:
    done = run("can", "cline", "sampling", "--format", "json")
    assert done.returncode == 1
    doc = json.loads(done.stdout)
    assert doc["state"] == "no" and doc["evidence"]


def test_aliases_and_clientinfo_names_resolve() -> None:
    by_info = run("can", "codex-mcp-client", "elicitation.form", "--format", "json")
    assert json.loads(by_info.stdout)["client"] == "codex"


def test_revision_outside_the_feature() -> None:
    done = run("can", "codex", "elicitation.url", "--revision", "2025-06-18")
    assert done.returncode == 1 and "not part of revision 2025-06-18" in done.stdout


def test_unknown_exits_3(mini: MiniKB) -> None:
    # a small knowledge base of its own: the bundled one's unknown cells are filled as research goes on
    done = run("can", "alpha", "elicitation", "--data", str(mini.root))
    assert done.returncode == 3 and done.stdout.startswith("alpha · elicitation: unknown")


def test_typos_get_the_nearest_name() -> None:
    done = run("can", "openclw", "roots")
    assert done.returncode == 2 and "did you mean 'OpenClaw'" in done.stderr
    done = run("can", "openclaw", "elicitaton.form")
    assert done.returncode == 2 and "did you mean 'elicitation.form'" in done.stderr
    # a name too short to be a near miss, yet a whole word of one client's names (of several: no suggestion)
    done = run("can", "kernel", "roots")
    assert done.returncode == 2 and "unknown client 'kernel'; did you mean 'semantic-kernel'?" in done.stderr
    for unrelated in ("nonexistent", "qqq"):  # a few shared letters are no reason to suggest a name
        done = run("can", unrelated, "roots")
        assert done.returncode == 2 and f"unknown client '{unrelated}'" in done.stderr
        assert "did you mean" not in done.stderr


def test_a_word_of_several_clients_names_suggests_none_of_them() -> None:
    from canimcp.detect.answer import _only_one_named_with
    from canimcp.kb import read_kb
    from canimcp.kb.loader import bundled_data_dir

    kb = read_kb(bundled_data_dir()).kb
    assert _only_one_named_with(kb, "VS") == "vscode"
    assert _only_one_named_with(kb, "pi") is None  # Pi's own client and the pi-mcp-adapter extension
    assert _only_one_named_with(kb, "sdk") is None  # the Python SDK, the TypeScript SDK, the Go SDK...
    assert _only_one_named_with(kb, "p") is None  # part of a word is not a word


def test_detect_from_a_captured_initialize(tmp_path: Path) -> None:
    message = {
        "jsonrpc": "2.0", "id": 0, "method": "initialize",
        "params": {"protocolVersion": "2025-06-18", "clientInfo": {"name": "codex-mcp-client", "version": "0.171.0"},
                   "capabilities": {"elicitation": {"form": {}, "url": {}}}},
    }  # fmt: skip
    capture = tmp_path / "init.json"
    capture.write_text(json.dumps(message))
    done = run("detect", str(capture), "--feature", "elicitation.form", "--feature", "roots")
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    assert doc["profile"]["client"] == "codex" and doc["profile"]["release"] == "0.171.0"
    assert (
        doc["support"]["elicitation.form"]["state"] == "yes" and doc["support"]["elicitation.form"]["declared"] is True
    )
    assert doc["support"]["roots"]["state"] == "no"
    capture.write_text("{not json")
    assert run("detect", str(capture)).returncode == 2


def test_an_answer_says_what_was_installed_beside_the_client() -> None:
    # AutoGen 0.7.5 runs only with mcp<2 beside it: its answers say so, the flagged one as well as the plain one
    flagged = run("can", "autogen-ext", "sampling")
    assert flagged.returncode == 0
    assert flagged.stdout.startswith("autogen-ext · sampling: yes, only with McpWorkbench(model_client)=")
    assert flagged.stdout.strip().endswith("(with mcp<2 installed beside it); no by default")
    plain = run("can", "autogen-ext", "roots")
    assert plain.returncode == 1 and plain.stdout.strip().endswith("(with mcp<2 installed beside it)")


def test_a_knowledge_base_that_does_not_load_is_named_not_a_traceback(mini: MiniKB) -> None:
    mini.edit("clients/alpha.md", "aliases: [alpha-cli]", "aliases: [alpha-cli")
    done = run("can", "alpha", "roots", "--data", str(mini.root))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert f"{mini.root / 'clients' / 'alpha.md'}:5: KB001: YAML syntax" in done.stderr
