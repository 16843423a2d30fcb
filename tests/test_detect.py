"""detect(): profiles from real declarations recorded in the bundled knowledge base, and from odd input."""

from __future__ import annotations

import pytest

from canimcp import load_kb
from canimcp.detect import detect

from minikb import MiniKB

UI = "extensions.io.modelcontextprotocol/ui"
APPS = {"extensions": {"io.modelcontextprotocol/ui": {"mimeTypes": ["text/html;profile=mcp-app"]}}}


@pytest.fixture(scope="module")
def kb():  # type: ignore[no-untyped-def]
    return load_kb()


def params(name: str, version: str, caps: dict, revision: str = "2025-11-25") -> dict:  # type: ignore[type-arg]
    return {"protocolVersion": revision, "clientInfo": {"name": name, "version": version}, "capabilities": caps}


def test_openclaw_declaration_selects_the_flagged_statements(kb) -> None:  # type: ignore[no-untyped-def]
    with_apps = detect(params("openclaw-bundle-mcp", "0.0.0", APPS), kb=kb)
    assert (with_apps.client_id, with_apps.surface, with_apps.mode) == ("openclaw", "agent-runtime", "session")
    assert with_apps.release is None  # 0.0.0 is a constant, not a release
    ui = with_apps.support(UI)
    assert ui == "yes" and ui.declared is True and ui.evidence
    plain = detect(params("openclaw-bundle-mcp", "0.0.0", {}), kb=kb)
    assert plain.support(UI) == "no" and plain.support(UI).declared is False
    assert plain.support("roots") == "no"


def test_declared_but_known_not_to_work_and_the_reverse(mini: MiniKB) -> None:
    kb = load_kb(mini.root)
    # alpha declares nothing, yet the knowledge base knows it answers roots/list
    quiet = detect(params("alpha-mcp-client", "1.5.0", {}), kb=kb)
    assert quiet.support("roots") == "yes" and quiet.support("roots").basis == "not declared, but known to work"
    # outside the version range the statement does not apply: the declaration decides
    old = detect(params("alpha-mcp-client", "1.0.0", {}), kb=kb)
    assert old.support("roots") == "no" and old.support("roots").basis == "not declared"
    mini.edit("support/alpha.yaml", 'state: "yes"', 'state: "no"')
    broken = detect(params("alpha-mcp-client", "1.5.0", {"roots": {}}), kb=load_kb(mini.root))
    assert broken.support("roots") == "no" and broken.support("roots").basis == "declared, but known not to work"


def test_version_ranges_follow_the_release(kb) -> None:  # type: ignore[no-untyped-def]
    assert detect(params("opencode", "1.10.0", {}), kb=kb).support("roots") == "no"
    assert detect(params("opencode", "1.18.33", {"roots": {}}), kb=kb).support("roots") == "yes"


def test_a_health_identity_maps_to_its_surface(kb) -> None:  # type: ignore[no-untyped-def]
    profile = detect(params("mcp-test-client", "0.0.1", {}, "2025-06-18"), kb=kb)
    assert (profile.client_id, profile.surface, profile.mode) == ("gemini-cli", "mcp-list", "health")
    assert profile.support("roots") == "no"


def test_two_editions_that_send_one_name_are_told_apart_by_their_mark(kb) -> None:  # type: ignore[no-untyped-def]
    # mcp-use's Python and TypeScript editions both send `mcp-use`; only the TypeScript one describes itself
    def initialize(report_id: str) -> dict:  # type: ignore[type-arg]
        report = kb.probes[report_id]
        return {"protocolVersion": report.protocol_version, "clientInfo": report.client_info, "capabilities": {}}

    typescript = initialize("mcp-use-js-1.34.6-stdio-session-0")
    python = initialize("mcp-use-1.7.1-http-agent-session-0")
    assert typescript["clientInfo"]["name"] == python["clientInfo"]["name"] == "mcp-use"
    assert detect(typescript, kb=kb).client_id == "mcp-use-js"
    assert detect(python, kb=kb).client_id == "mcp-use"
    unmarked = {**typescript, "clientInfo": {"name": "mcp-use", "version": "1.34.6", "description": "an agent"}}
    assert detect(unmarked, kb=kb).client_id == "mcp-use"


def test_unknown_client_is_profiled_from_its_declaration(kb) -> None:  # type: ignore[no-untyped-def]
    profile = detect(params("brand-new-client", "1.0", {"roots": {"listChanged": True}, "sampling": {}}), kb=kb)
    assert not profile.known and profile.client_id is None
    assert profile.support("roots.listChanged") == "yes" and profile.support("roots.listChanged").basis.startswith(
        "declared"
    )
    assert profile.support("elicitation") == "no"
    assert profile.support("tools.listChanged") == "unknown"


def test_user_agent_identifies_when_client_info_is_missing(kb) -> None:  # type: ignore[no-untyped-def]
    profile = detect({"capabilities": {}}, headers={"User-Agent": "codex-mcp-client/0.171.0 (linux)"}, kb=kb)
    assert profile.client_id == "codex" and "no clientInfo" in profile.malformed


def test_stateless_meta(kb) -> None:  # type: ignore[no-untyped-def]
    meta = {
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientInfo": {"name": "gemini-cli-mcp-client", "version": "0.61.0"},
        "io.modelcontextprotocol/clientCapabilities": {"roots": {}},
    }
    for given in ({"_meta": meta, "name": "x"}, meta):
        profile = detect(given, kb=kb)
        assert (profile.era, profile.revision, profile.client_id) == ("stateless", "2026-07-28", "gemini-cli")
        assert profile.declares("roots")


@pytest.mark.parametrize(
    "bad",
    [None, [], "initialize", {"clientInfo": "codex"}, {"clientInfo": {"name": 42}}, {"capabilities": [1, 2]},
     {"clientInfo": {"name": "x" * 1_000_000}}, {"protocolVersion": {"a": 1}}],
)  # fmt: skip
def test_malformed_params_never_raise(kb, bad) -> None:  # type: ignore[no-untyped-def]
    profile = detect(bad, kb=kb)
    assert profile.malformed
    assert profile.support("roots") in ("no", "unknown")


def test_unknown_feature_is_a_value_error(kb) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError, match="unknown feature"):
        detect(params("opencode", "1", {}), kb=kb).support("teleportation")


def test_a_name_prefix_completed_by_the_server_name(kb) -> None:  # type: ignore[no-untyped-def]
    # Qwen Code names its session client after the server's configured name
    profile = detect(params("qwen-cli-mcp-client-my-docs", "0.0.1", {"roots": {}}), kb=kb)
    assert (profile.client_id, profile.surface, profile.mode) == ("qwen-code", "session", "session")
    assert detect(params("qwen-cli-mcp-clientX", "0.0.1", {}), kb=kb).client_id is None
    # the OpenAI Agents SDK for JavaScript names its client after the command or URL it connects to
    by_command = detect(params("stdio: /usr/local/bin/docs-server", "1.0.0", {}), kb=kb)
    assert (by_command.client_id, by_command.release) == ("openai-agents-js", None)  # 1.0.0 is a constant


def test_an_inherited_default_name_stays_with_the_sdk_that_sends_it(kb) -> None:  # type: ignore[no-untyped-def]
    # the OpenAI Agents SDK and Pydantic AI 1.x send the Python SDK's default clientInfo (`mcp` 0.1.0), and
    # Pydantic AI 2.x sends fastmcp's: those names identify the SDKs, as their entries' inheritedFrom says
    inherited = {
        (info.name, info.inherited_from)
        for client in kb.clients.values()
        for info in client.client_info
        if info.inherited_from
    }
    assert ("mcp", "python-sdk") in inherited and ("fastmcp", "fastmcp") in inherited
    assert detect(params("mcp", "0.1.0", {}, "2026-07-28"), kb=kb).client_id == "python-sdk"
    assert detect(params("fastmcp", "4.2.3", {}, "2026-07-28"), kb=kb).client_id == "fastmcp"
    assert kb.find_client("mcp").id == "python-sdk"


def test_a_name_the_application_configures_identifies_nobody(kb) -> None:  # type: ignore[no-untyped-def]
    # Mastra sends the server's configured key as its name: the entry says so in words and is never matched
    mastra = kb.clients["mastra"]
    (entry,) = mastra.client_info
    assert entry.name_from_configuration and entry.fixed_version == "1.0.0"
    assert kb.find_client(entry.name) is None
    assert detect(params(entry.name, "1.0.0", {}), kb=kb).client_id is None
    assert detect(params("probe", "1.0.0", {}), kb=kb).client_id is None  # what the runs saw
    assert kb.find_client("mastra") is mastra  # the id and aliases still find it


def test_every_build_of_vs_code_is_known_by_its_product_name(kb) -> None:  # type: ignore[no-untyped-def]
    # VS Code sends its product's long name: Microsoft's stable and Insiders builds and Coder's code-server are one
    # client, whose statements were read in VS Code 1.139.1's code and hold from that release on
    caps = {"roots": {"listChanged": True}, "sampling": {}, "elicitation": {"form": {}, "url": {}}, **APPS}
    for name in ("Visual Studio Code", "Visual Studio Code - Insiders", "code-server"):
        profile = detect(params(name, "1.140.0", caps), kb=kb)
        assert (profile.client_id, profile.surface, profile.release) == ("vscode", "workbench", "1.140.0"), name
        assert profile.support("sampling") == "yes" and profile.support("sampling").declared is True
        assert profile.support("transport.streamable-http.protocol-version-header") == "no"
    # a release older than the one read says nothing of support, whatever it declares
    older = detect(params("Visual Studio Code", "1.129.1", caps), kb=kb)
    assert older.client_id == "vscode"
    assert older.support("transport.streamable-http.protocol-version-header") == "unknown"


def test_a_version_that_names_no_release_leaves_the_release_open(kb) -> None:  # type: ignore[no-untyped-def]
    # n8n's MCP nodes send their node type and its type version (1.4 is not an n8n release): the profile keeps the
    # version as sent, takes no release from it, and answers from the statements of the release read
    entry = next(i for i in kb.clients["n8n"].client_info if i.name.endswith(".mcpClientTool"))
    assert entry.version_names_no_release and entry.fixed_version is None
    profile = detect(params(entry.name, "1.4", {}), kb=kb)
    assert (profile.client_id, profile.surface, profile.release) == ("n8n", "mcp-client-tool", None)
    assert profile.version == "1.4"
    assert profile.support("tools") == "yes" and profile.support("roots") == "no"
    # where the version is a release, the same check keeps it
    assert detect(params("Visual Studio Code", "1.4", {}), kb=kb).release == "1.4"
