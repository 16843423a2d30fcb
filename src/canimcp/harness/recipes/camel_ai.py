"""CAMEL (PyPI `camel-ai`) and its `MCPToolkit`, driven by a few-line script.

CAMEL asks for any `mcp` from 1.3.0, but its code is written for the SDK 1.x: beside the newest SDK, which a default
install chooses, `camel.toolkits` does not import (it imports `FastMCP` from `mcp.server`, gone in 2.0) and its
client's Streamable HTTP import fails. The recipe pins `mcp<2`, so the runs show what CAMEL does where it loads."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="camel-ai",
    package="pypi:camel-ai",
    bin="python",
    script="camel_ai_client.py",
    agent_script="camel_ai_agent.py",  # `probe run --agent`: ChatAgent on its OpenAI-compatible model class
    pins=("mcp<2",),
    script_helpers=("scenario_calls.py",),  # the calls of run_scenarios the plain script makes
    modes={"session": (step("$bin $script $transport $probe_target", timeout=120),)},
    transports=("stdio", "http", "sse"),  # a server's `type: "sse"`
)
