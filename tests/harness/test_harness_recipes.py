"""Recipes as data: what a run with `--auth` adds to a recipe's steps, and which recipes may sign in."""

from __future__ import annotations

import json
import re
from pathlib import Path

from canimcp.harness.recipe import Context
from canimcp.harness.recipes import RECIPES


def context(transport: str) -> Context:
    return Context(bin="client", home=Path("/h"), work=Path("/w"), probe_argv=["probe", "stdio"],
                   probe_url="http://127.0.0.1:8765/mcp", transport=transport)  # type: ignore[arg-type]  # fmt: skip


def test_a_sign_in_runs_after_setup_and_before_the_session_only_with_auth() -> None:
    codex = RECIPES["codex"]
    plain, signing_in = codex.steps("session", "http"), codex.steps("session", "http", auth=True)
    assert signing_in == (*codex.sign_in, *plain) and codex.sign_in
    assert signing_in[0].expand(context("http")) == ["client", "mcp", "login", "probe"]
    assert signing_in[0].env["CODEX_HOME"] == "$home/.codex"  # the login stores its token where the session looks


def test_only_recipes_marked_for_it_sign_in() -> None:
    can = {rid for rid, recipe in RECIPES.items() if recipe.auth}
    assert can == {
        "agent-framework",
        "ai-sdk",
        "amp",
        "beeai-framework-js",  # the app's SDK transport takes an authProvider; the script's is oauth_memory.mjs
        "cecli",  # the SDK's provider given the server's origin: a run with OAuth required shows where it stops
        "chatlas",  # the SDK's OAuth provider on the httpx client its transport_kwargs hand the SDK's transport
        "chuk-mcp-cli",  # marked so that a run with OAuth required can show it never starts its sign-in
        "claude-code",
        "cloudflare-agents",  # addMcpServer's own OAuth flow; the script opens the authorization URL with $BROWSER
        "cline",
        "codex",
        "code-puppy",  # an http entry with "auth": "oauth", which its sign-in step adds
        "copilot-cli",
        "dspy",
        "fast-agent",
        "fastmcp",
        "genkit",
        "google-adk-js",  # through the SDK transport options its Streamable HTTP parameters pass on
        "google-genai",
        "hermes-agent",  # an entry with auth: oauth, `hermes mcp login` on a terminal with DISPLAY set
        "inngest-agent-kit",
        "inspector",
        "kilo",
        "kimi-code",
        "langchain-mcp-adapters",
        "langchain-mcp-tools",  # the entry's auth takes the SDK's OAuthClientProvider
        "langchainjs-mcp-adapters",
        "langroid",  # through a FastMCP transport with auth="oauth", which Langroid takes as a server
        "llama-index-tools-mcp",
        "llamaindex-tools-js",
        "mastra",
        "mcp-hub",  # it starts the sign-in itself; its script, the consumer, opens it (POST /api/servers/authorize)
        "mcp-remote",
        "mcpc",  # `mcpc login`, the browser through xdg-open
        "mcpo",  # an "oauth" entry in its config file
        "mcp-use",
        "mcp-use-js",  # through the OAuth provider the package ships, which the app wires to a server entry
        "mcporter",  # `mcporter auth <server>`; any HTTP server that answers 401 is switched to OAuth
        "omnicoreagent",  # "auth": {"method": "oauth"} on the entry: the SDK's provider, the browser by webbrowser
        "openai-agents",
        "openai-agents-js",
        "openclaw",
        "opencode",
        "openhands",  # its sign-in step re-adds the server with `openhands mcp add ... --auth oauth`
        "pi",  # `pi mcp login probe`, Pi's own OAuth flow, before the print-mode session
        "praisonaiagents",
        "pydantic-ai",
        "python-sdk",
        "qodercli",  # a server entry with oauth.enabled, whose question its sign-in step answers
        "qwen-code",
        "semantic-kernel",
        "smolagents",
        "stagehand",  # an SDK authProvider in the helper's requestOptions, the sign-in finished by the app
        "strands-agents",
        "strands-agents-js",
        "swarms",  # its own OAuth provider, which stops at the protected resource metadata (note the run)
        "typescript-sdk",
        "wong2-mcp-cli",
    }
    assert all(recipe.auth for recipe in RECIPES.values() if recipe.sign_in)  # a sign-in step implies auth
    assert all("http" in RECIPES[rid].transports for rid in can)  # OAuth is for HTTP


def test_the_surfaces_a_recipe_names_are_surfaces_of_its_client() -> None:
    from canimcp import load_kb

    kb = load_kb()
    named = {rid: dict(r.surfaces) for rid, r in RECIPES.items() if r.surfaces}
    assert named["claude-code"] == {"health": "mcp-list", "session": "print"}  # `claude mcp list`, `claude -p`
    for rid, surfaces in named.items():
        known = {s.id for s in kb.clients[rid].surfaces}
        assert set(surfaces.values()) <= known, rid
        assert set(surfaces) <= set(RECIPES[rid].modes), rid


def test_a_renamed_client_is_installed_under_the_name_each_release_was_published_as() -> None:
    ts = RECIPES["typescript-sdk"]
    assert ts.for_version("1.32.2").package == "npm:@modelcontextprotocol/sdk"
    assert ts.for_version("2.0.0-beta.1").package == "npm:@modelcontextprotocol/client"
    assert ts.for_version("2.4.0").name == "@modelcontextprotocol/client"
    assert ts.for_version("10.0.0").package == ts.newest.package == "npm:@modelcontextprotocol/client"
    codex = RECIPES["codex"]
    assert codex.for_version("0.1.0") is codex.newest is codex  # never renamed
    # Letta Code moved from npm to PyPI's `letta`, whose earlier releases are another product (the Letta server)
    letta = RECIPES["letta-code"]
    assert letta.for_version("0.16.8").package == "npm:@letta-ai/letta-code"
    assert letta.for_version("0.34.12").package == letta.newest.package == "pypi:letta"


def test_an_older_release_runs_with_the_steps_of_its_command_line() -> None:
    """Cline 2.x's `mcp add` took --type and no --yes, its task needed -y to call MCP tools, and it had no sign-in
    wizard: releases before 3.0.0 run with those steps, later ones with the recipe's own."""
    from pathlib import Path

    from canimcp.harness.recipe import Context

    cline = RECIPES["cline"]
    url = "http://127.0.0.1:1/mcp"
    ctx = Context(bin="cline", home=Path("/h"), work=Path("/w"), probe_argv=["probe"], probe_url=url, transport="http")
    old, new = cline.for_version("2.18.0"), cline.for_version("3.0.65")
    assert new is cline and cline.for_version("3.0.0") is cline
    assert old.steps("session", "http")[0].expand(ctx) == ["cline", "mcp", "add", "probe", "--type", "http", url]
    assert "--yes" in new.steps("session", "http")[0].argv and "--yes" not in old.steps("session", "stdio")[0].argv
    assert "-y" in old.steps("session", "http")[-1].argv and "-y" not in new.steps("session", "http")[-1].argv
    assert old.steps("session", "http", auth=True) == old.steps("session", "http")  # no wizard to sign in with
    assert len(new.steps("session", "http", auth=True)) == len(new.steps("session", "http")) + 1
    assert old.package == new.package and old.earlier == ()


def test_a_recipe_run_over_sse_points_its_client_at_the_sse_endpoint() -> None:
    """The legacy transport is opt-in per recipe; one that lists it must hand its client the /sse URL in a
    step or a config file (a recipe whose config only knows stdio and Streamable HTTP would send it to /mcp)."""
    import json

    sse_url = "http://127.0.0.1:8765/sse"
    ctx = Context(bin="client", home=Path("/h"), work=Path("/w"), probe_argv=["probe", "stdio"], probe_url=sse_url,
                  transport="sse", script="client-script")  # fmt: skip
    over_sse = [rid for rid, recipe in RECIPES.items() if "sse" in recipe.transports]
    assert "python-sdk" in over_sse
    for rid in over_sse:
        recipe = RECIPES[rid]
        steps = [s.expand(ctx) for mode in recipe.modes for s in recipe.steps(mode, "sse")]
        files = recipe.files(ctx) if recipe.files else {}
        told = json.dumps([steps, {path: value for path, value in files.items()}], default=str)
        # mcp-cli (chuk) is given the base address: it adds /sse itself and mishandles a URL that has it
        assert sse_url in told or (rid == "chuk-mcp-cli" and '"url": "http://127.0.0.1:8765"' in told), rid
        assert "127.0.0.1:8765/mcp" not in told, rid


def test_agent_scripts_are_shipped_and_run_in_a_session() -> None:
    """A recipe's agent script (`probe run --agent`) ships beside its plain script and replaces it in the session,
    so the recipe's session steps must name `$script`; it reaches the scripted model through CANIMCP_MODEL_URL."""
    from canimcp.harness.run import SCRIPTS

    with_agent = {c: r for c, r in RECIPES.items() if r.agent_script}
    assert len(with_agent) >= 10
    for client, recipe in with_agent.items():
        assert recipe.agent_script and (SCRIPTS / recipe.agent_script).is_file(), client
        assert recipe.script and "session" in recipe.modes, client
        steps = recipe.steps("session", "stdio")
        assert any("$script" in item for s in steps for item in s.argv), client
        text = (SCRIPTS / recipe.agent_script).read_text()
        assert "CANIMCP_MODEL_URL" in text, client
        # the plain script is shipped beside an agent script (and nothing else is): it may import only that one
        assert {f"{m}.py" for m in re.findall(r"^from (\w+_client) import", text, re.M)} <= {recipe.script}, client


def test_chuk_mcp_cli_is_given_the_streamable_http_url_as_it_is() -> None:
    """mcp-cli (chuk) reads a `url` without `transport` as Streamable HTTP, and appends /mcp only to a URL that does
    not end with it: the probe's /mcp URL goes in unchanged, while over SSE it gets the base address and `sse`."""
    chuk = RECIPES["chuk-mcp-cli"]
    assert chuk.files is not None and "http" in chuk.transports
    over_http = chuk.files(context("http"))["$work/server_config.json"]
    assert over_http == {"mcpServers": {"probe": {"url": "http://127.0.0.1:8765/mcp"}}}
    over_sse = chuk.files(context("sse"))["$work/server_config.json"]
    assert over_sse["mcpServers"]["probe"]["transport"] == "sse"  # type: ignore[index]


def test_every_json_argument_of_a_step_reaches_the_client_whole() -> None:
    """A step's words are split as a shell splits them, so JSON in a step must be quoted: unquoted, its own quotes go
    (wong2-mcp-cli's `--args {"text":"hi"}` reached the CLI as `{text:hi}`, and its first call never happened)."""
    found = 0
    for recipe in RECIPES.values():
        for mode in recipe.modes:
            for transport in recipe.transports:
                for auth in (False, True):
                    for step in recipe.steps(mode, transport, auth):
                        for word in step.expand(context(transport)):
                            if word.startswith(("{", "[")) and word.endswith(("}", "]")):
                                found += 1
                                json.loads(word)  # raises on a word that lost its quotes
    assert found  # the recipes do pass JSON (wong2-mcp-cli's tool arguments)
