"""The knowledge base that ships with canimcp: clean, complete, and able to take the seed note unchanged."""

from __future__ import annotations

import datetime as dt
import os
import shutil
from pathlib import Path

import pytest

from canimcp import load_kb
from canimcp.kb import Options, bundled_data_dir, check_kb, read_kb
from canimcp.kb.rules.base import Context
from canimcp.model.probe import NO_TASK_METHODS, NOT_DECLARED, NOT_SHOWN

SHARED = Path(__file__).resolve().parents[2] / "shared"
SEED_NOTE = SHARED / "seeds" / "000_4e60abd5e67bc623.txt"

REQUIRED_CLIENTS = {"openclaw", "cline", "opencode", "claude-code", "codex", "gemini-cli"}
REQUIRED_NOTES = {
    "openclaw-declares-nothing-unless-mcp-apps-is-on",
    "cline-declares-no-client-capabilities",
    "opencode-declares-only-roots",
    "utilized-capability-declarations",
}


def newest_date(data: Path) -> dt.date:
    """The newest date the data names: "today" for a check that must not drift with the clock (KB009 warns with age)."""
    ctx = Context(read_kb(data), Options())
    dates = [note.last_updated for note in ctx.kb.notes.values()]
    return max(dates + [source.date for _, _, source in ctx.sources()])


def test_bundled_data_checks_without_errors() -> None:
    # the real clock: data read today must not be dated tomorrow, and a fixed date here goes stale with every read
    findings = check_kb(options=Options())
    assert [str(f) for f in findings if f.severity == "error"] == []


def test_bundled_data_has_no_warnings_either() -> None:
    # as of its own newest date, so that KB009 (stale) does not start failing as the clock moves on
    findings = check_kb(options=Options(today=newest_date(bundled_data_dir())))
    assert [str(f) for f in findings] == []


def test_bundled_data_has_the_required_content() -> None:
    kb = load_kb()
    assert set(kb.clients) >= REQUIRED_CLIENTS
    assert set(kb.notes) >= REQUIRED_NOTES
    assert set(kb.revisions) == {"2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28", "draft"}
    for client_id in REQUIRED_CLIENTS:
        assert kb.support.get(client_id), f"{client_id} has no support statements"
    # the taxonomy covers every client capability of every revision, and the ids the issue names
    for feature_id in (
        "roots", "roots.listChanged", "sampling", "sampling.tools", "elicitation.form", "elicitation.url",
        "tasks", "experimental", "extensions", "extensions.io.modelcontextprotocol/ui",
        "transport.streamable-http.delete", "stateless.server-discover", "auth.client-id-metadata",
    ):  # fmt: skip
        assert feature_id in kb.features, feature_id


def test_openclaw_apps_flag_is_a_conditional_statement() -> None:
    kb = load_kb()
    statements = kb.statements("openclaw", "extensions.io.modelcontextprotocol/ui")
    flagged = [s for s in statements if s.condition and s.condition.flag]
    assert any(s.condition.flag.key == "mcp.apps.enabled" and s.state == "yes" for s in flagged if s.condition)
    assert any(s.is_default and s.state == "no" for s in statements)
    assert {s.id for s in kb.clients["openclaw"].surfaces} >= {"node-host"} or len(kb.clients["openclaw"].surfaces) >= 2


@pytest.mark.skipif(not SEED_NOTE.exists(), reason="shared/seeds is not beside this checkout")
def test_seed_note_copied_unchanged_checks_clean(tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(bundled_data_dir(), data)
    target = data / "research" / "openclaw-declares-nothing-unless-mcp-apps-is-on.md"
    shutil.copyfile(SEED_NOTE, target)
    findings = check_kb(data, Options(today=newest_date(data)))
    assert [str(f) for f in findings] == []
    kb = load_kb(data)
    note = kb.notes["openclaw-declares-nothing-unless-mcp-apps-is-on"]
    assert note.kind == "idiosyncrasy" and note.status == "current"
    assert note.sources[0].commit == "a2d54319"
    assert note.body == SEED_NOTE.read_text(encoding="utf-8").split("---\n", 2)[2]


def test_the_wheel_ships_the_data(tmp_path: Path) -> None:
    """`pip install .` must carry data/ inside the package, since users have no checkout."""
    import subprocess
    import sys
    import zipfile

    root = Path(__file__).resolve().parents[1]
    if not (root / "pyproject.toml").exists():
        pytest.skip("not running from a source checkout")
    temp = tmp_path / "temp"
    temp.mkdir()
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(tmp_path),
            str(root),
        ],
        check=True,
        capture_output=True,
        env={**os.environ, "TMPDIR": str(temp)},
    )
    assert list(temp.glob("canimcp-index-*")) == []  # the build hook removes its scratch copy of the index
    wheel = next(tmp_path.glob("canimcp-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    expected = {f"canimcp/data/{p.relative_to(root / 'data')}" for p in (root / "data").rglob("*") if p.is_file()}
    assert expected and expected <= names
    assert "canimcp/data/index.json" in names  # the pre-compiled index load_kb() reads


def test_the_index_holds_exactly_the_knowledge_base(tmp_path: Path) -> None:
    from canimcp.kb import read_kb
    from canimcp.kb.index import compile_index, load_index

    index = tmp_path / "index.json"
    compile_index(bundled_data_dir(), index)
    from_index = load_index(index, bundled_data_dir())
    from_yaml = read_kb().kb
    assert from_index.model_dump() == from_yaml.model_dump()
    assert from_index.observed == from_yaml.observed and from_yaml.observed  # derived from the same runs
    assert from_index.find_client("openclaw-bundle-mcp") is not None


def test_an_index_is_refused_for_a_broken_knowledge_base(tmp_path: Path) -> None:
    from canimcp.kb import KBError
    from canimcp.kb.index import compile_index

    data = tmp_path / "data"
    shutil.copytree(bundled_data_dir(), data)
    (data / "research" / "broken.md").write_text("---\nid: [broken\n---\n")
    with pytest.raises(KBError, match="KB001"):
        compile_index(data, tmp_path / "index.json")


def test_every_recipe_client_is_in_the_knowledge_base_with_probe_evidence() -> None:
    from canimcp.harness.recipes import RECIPES

    kb = load_kb()
    probed = {r.harness.client for r in kb.probes.values() if r.harness}
    assert set(RECIPES) <= set(kb.clients)
    assert set(RECIPES) <= probed
    for client_id, recipe in RECIPES.items():
        assert kb.clients[client_id].client_info, client_id
        listed = {f"{p.registry}:{p.name}" for p in kb.clients[client_id].packages}
        assert {recipe.package, recipe.newest.package} <= listed, client_id  # every name the harness installs
        # every client's probe runs yield observed statements (a run in the stateless era may exercise none
        # of the server-to-client requests, but it still records the transport it used)
        assert kb.observed.get(client_id), client_id


def test_derived_statements_say_what_the_client_answered() -> None:
    """Codex's exec sessions answer every elicitation with decline and roots/list with an empty list: a bare "yes"
    would hide both, so the statements derived from its runs say so."""
    kb = load_kb()
    for feature, said in (("elicitation", "answered with decline"), ("roots", "answered with an empty roots list")):
        notes = [s.notes or "" for s in kb.observed["codex"][feature]]
        assert notes and all(said in n for n in notes), (feature, notes)
    # Copilot CLI listed tools again only once the tool call it was in had returned (its handshake-era runs)
    notes = [
        s.notes or "" for s in kb.observed["copilot-cli"]["tools.listChanged"] if "handshake era" in (s.notes or "")
    ]
    assert notes and all(", listed again once its tool call was answered (" in n for n in notes), notes
    # Continue CLI's model never saw the probe's instructions: the "no" says how that was found
    statements = kb.observed["continue-cli"]["instructions"]
    assert statements and all(s.state == "no" and NOT_SHOWN in (s.notes or "") for s in statements), statements
    # a "no" that rests on a missing declaration, or on the answer to a made-up tasks/get, says so
    for feature, why in (("extensions", NOT_DECLARED), ("tasks.cancel", NO_TASK_METHODS)):
        statements = kb.observed["gemini-cli"][feature]
        assert statements and all(s.state == "no" and f"unsupported, {why} (" in (s.notes or "") for s in statements)


def test_a_client_that_only_initializes_where_both_eras_were_offered_does_not_speak_2026_07_28() -> None:
    """Codex opened every stdio and Streamable HTTP session with initialize though the probe offered 2026-07-28: its
    stateless features derive "no", saying why (the fallback too: never trying the era, it has none to make). Runs
    over the legacy SSE transport and runs where the probe refused 2026-07-28 (`--era handshake`) derive nothing for
    them: Claude Code speaks the era on stdio and Streamable HTTP but keeps to the handshake over SSE, and a client
    may speak it and still fall back."""
    from canimcp.model.probe import HANDSHAKE_ONLY

    kb = load_kb()
    for feature in (
        "stateless.server-discover",
        "stateless.request-meta",
        "stateless.input-requests",
        "stateless.fallback",
    ):
        statements = kb.observed["codex"][feature]
        assert statements and all(s.state == "no" and "opened with initialize" in (s.notes or "") for s in statements)
        cited = {e.probe for s in statements for e in s.evidence}
        for report_id in cited:
            rep = kb.probes[report_id]
            assert rep.harness and rep.harness.eras == "both" and rep.transport != "sse", report_id
            assert rep.features[feature].detail == {"outcome": HANDSHAKE_ONLY}
    # Claude Code: modern on stdio and HTTP, handshake over SSE; the SSE run is judged so but derives no "no"
    sse = kb.probes["claude-code-2.1.332-sse-session-0"]
    assert sse.features["stateless.request-meta"].detail == {"outcome": HANDSHAKE_ONLY}
    states = {s.state for s in kb.observed["claude-code"]["stateless.request-meta"]}
    assert states == {"yes"}
    # with no fallback to make, the fallback's "no" says so
    fallback = kb.observed["codex"]["stateless.fallback"]
    assert all("has no fallback to make" in (s.notes or "") for s in fallback)


def test_a_pinned_install_is_on_record() -> None:
    """AutoGen 0.7.5, mcp-agent 0.2.6, smolagents 1.26.0, llm-tools-mcp 0.4, CAMEL 0.2.90, Qwen-Agent 0.0.34,
    Langroid 0.69.16, any-agent 1.18.0, Upsonic 0.77.3, mcp-client-cli 1.0.5, mcpo 0.0.20, Llama Stack 0.7.3, y-cli
    0.4.0 and MCP-Bridge 0.5.1 run with `mcp<2` installed beside them (none imports, connects or offers its tools beside
    mcp 2.x; mcp-client-cli also needs `anyio<4.14`, mcpo `fastapi<0.145`), Marvin 3.2.7 with
    `pydantic-ai<1.95` (it imports names 2.x removed, and its agents fail on 1.95 and later), and BeeAI Framework for
    TypeScript 0.1.30 with `zod@^3.25.76` (it fails to load beside zod 4): their reports carry the
    pins, every statement derived from them names them as its condition's `install` (still the baseline: no flag),
    and `canimcp can` repeats it; no other client's statements do."""
    from canimcp.detect.answer import answer
    from canimcp.harness.recipes import RECIPES

    kb = load_kb()
    pinned = {client: recipe.pins for client, recipe in RECIPES.items() if recipe.pins}
    pinned_clients = {
        "any-agent",
        "autogen-ext",
        "beeai-framework-js",
        "camel-ai",
        "langroid",
        "llama-stack",
        "llm-tools-mcp",
        "marvin",
        "mcp-agent",
        "mcp-bridge",
        "mcp-client-cli",
        "mcpo",
        "qwen-agent",
        "smolagents",
        "upsonic",
        "y-cli",
    }
    assert set(pinned) == pinned_clients
    for client, pins in pinned.items():
        runs = [r for r in kb.probes.values() if r.harness and r.harness.client == client]
        assert runs and all(r.harness and r.harness.pins == list(pins) for r in runs), client
        derived = [s for statements in kb.observed[client].values() for s in statements]
        assert derived and all(s.condition and s.condition.install == " and ".join(pins) for s in derived), client
        assert "mcp<2" in pins or pins in {("pydantic-ai<1.95",), ("zod@^3.25.76",)}, client
        assert all(s.condition and s.condition.flag is None for s in derived)
    unpinned = [s for c, f in kb.observed.items() if c not in pinned for ss in f.values() for s in ss]
    assert not any(s.condition for s in unpinned)
    said = answer(kb, "smolagents", "roots")
    assert said.state == "no" and said.line.endswith("(with mcp<2 installed beside it)"), said.line


def test_a_run_as_an_agent_speaks_only_to_what_reaches_the_model() -> None:
    """`probe run --agent` runs a library as an agent on the scripted model: statements derived from such a run cover
    the four model-facing features, the view read (or not) and the cut stream resumed (or not) under the model's last
    calls (the library's host and transport alone), and nothing else (its roots or list changes are the app's doing
    as much as the library's), and they say how the run was made."""
    from canimcp.kb.observed import AGENT_FEATURES, MODEL_FEATURES, derive

    kb = load_kb()
    plain = kb.probes["python-sdk-2.3.0-http-handshake-session-0"]
    assert plain.harness is not None
    harness = plain.harness.model_copy(update={"agent": True})
    features = dict(plain.features)
    resumption, render = "transport.streamable-http.resumption", "mcp-apps.render"
    for feature in ("instructions", "tools.isError", "roots", resumption, render):
        features[feature] = features[feature].model_copy(update={"observed": "supported", "evidence": [0]})
    agent = plain.model_copy(update={"id": "python-sdk-2.3.0-http-handshake-agent-session-0", "harness": harness,
                                     "features": features})  # fmt: skip
    derived = derive({agent.id: agent}, kb.clients)["python-sdk"]
    assert set(derived) == {"instructions", "tools.isError", resumption, render}
    assert set(derived) <= set(AGENT_FEATURES) and set(MODEL_FEATURES) < set(AGENT_FEATURES)
    assert all("as an agent on the scripted model" in (s.notes or "") for ss in derived.values() for s in ss)
    assert "roots" in derive({plain.id: plain}, kb.clients)["python-sdk"]  # the plain run still speaks to roots


def test_a_refused_url_gate_says_whether_the_elicitation_reached_the_model() -> None:
    """elicitation.url-completion: Codex and Claude Code both passed the -32042 to their model and never called again;
    the derived statements say so, and whether the elicitation's URL (a probe nonce) was in what the model saw."""
    kb = load_kb()
    for client, reached in (("codex", "reached"), ("claude-code", "never reached")):
        notes = [s.notes or "" for s in kb.observed[client]["elicitation.url-completion"]]
        assert any(
            f"did not call again after the -32042; the elicitation's URL {reached} the model" in n for n in notes
        ), notes
