"""mcp-client-cli (PyPI `mcp-client-cli`, by Adhika Setya Pramudita; command `llm`): a one-shot terminal prompt that
runs a LangGraph ReAct agent (LangChain's `init_chat_model`) with the tools of the MCP servers in its JSON config,
through the official Python SDK's low-level `ClientSession` over stdio, its only transport (a server entry is a
`command` with `args` and `env`; there is no URL key). The config is the documented `~/.llm/config.json` (a
`mcp-server-config.json` in the working folder would win), with the scripted model (harness/model.py) as its
`openai` provider at `base_url` (Chat Completions). `llm --list-tools` connects and lists (health); the session is
`llm --no-confirmations --text-only hi`: `--no-confirmations` is the flag its README gives for skipping the
confirmation of tools named in `requires_confirmation` (none are, so nothing would ask anyway), and `--text-only`
prints plain text instead of a full-screen Rich view, which is meant for a terminal, not a log file.

The tool list is cached on disk (`~/.llm/mcp-tools/`, keyed by the server's command line, for 24 hours): each run
here has a fresh HOME and a probe command with a fresh path in it, so every run lists the tools itself.

Pins, both because a default install of 1.0.5 (which asks for `mcp>=1.6.0` and any anyio) cannot run a tool:
- `mcp<2` (1.30.0): beside the SDK 2.3.0 a default install chooses, converting the first listed tool fails (the
  client reads the tool's `inputSchema` attribute, which 2.x renamed `input_schema`), and `llm` exits after the
  listing;
- `anyio<4.14` (4.13.0): the client enters each server's stdio connection inside a task of an anyio task group and
  leaves it open when the task ends; from anyio 4.14.0 on every such task runs in a cancel scope of its own, which
  then fails on exit ("Attempted to exit a cancel scope that isn't the current tasks's current cancel scope"), and
  `llm` exits after the listing. anyio 4.12.0 was the newest when 1.0.5 was published (2025-12-02)."""

from ..recipe import Context, Recipe, step


def config(ctx: Context) -> dict[str, object]:
    llm = {"provider": "openai", "model": "scripted", "api_key": "dummy", "base_url": f"{ctx.model_url}/v1"}
    server = {"command": ctx.probe_argv[0], "args": ctx.probe_argv[1:]}
    settings = {"systemPrompt": "You are a helpful assistant.", "llm": llm, "mcpServers": {"probe": server}}
    return {"$home/.llm/config.json": settings}


RECIPE = Recipe(
    id="mcp-client-cli",
    package="pypi:mcp-client-cli",
    bin="llm",
    python="3.12",  # 1.0.5 requires Python >= 3.12
    pins=("mcp<2", "anyio<4.14"),
    files=config,
    transports=("stdio",),
    surfaces={"health": "list-tools", "session": "prompt"},
    modes={
        "health": (step("$bin --list-tools", timeout=60),),
        "session": (step("$bin --no-confirmations --text-only hi", timeout=120, may_fail=True),),
    },
    model="openai",
)
