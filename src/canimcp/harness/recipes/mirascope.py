"""Mirascope (PyPI `mirascope`) and its MCP client (`llm.mcp`), driven by a few-line script. Its `mcp` extra brings
the MCP SDK (which it asks for below 2)."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="mirascope",
    package="pypi:mirascope",
    bin="python",
    script="mirascope_client.py",
    agent_script="mirascope_agent.py",  # `probe run --agent`: an llm.call on its OpenAI provider (Chat Completions)
    extra_packages=("mirascope[mcp]==$version",),
    agent_packages=("mirascope[openai]==$version",),
    script_helpers=("scenario_calls.py",),  # the calls of run_scenarios the plain script makes
    modes={"session": (step("$bin $script $transport $probe_target", timeout=120),)},
    transports=("stdio", "http", "sse"),  # llm.mcp.stdio_client, streamable_http_client, sse_client
)
