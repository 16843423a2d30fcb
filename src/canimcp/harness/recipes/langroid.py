"""Langroid (PyPI `langroid`) and its MCP tools (`langroid.agent.tools.mcp`, on the FastMCP client), driven by a
few-line script.

Langroid asks for any `fastmcp` from 2.2.5; a default install takes the newest FastMCP and the SDK 2.x, beside which
`langroid.agent.tools.mcp` does not import (it imports `McpError`, which the SDK 2.0 renamed). The recipe pins
`mcp<2`, with which pip chooses FastMCP 3.x, so the runs show what Langroid does where it loads."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="langroid",
    package="pypi:langroid",
    bin="python",
    script="langroid_client.py",
    agent_script="langroid_agent.py",  # `probe run --agent`: ChatAgent on its OpenAI-compatible model (Chat)
    pins=("mcp<2",),
    script_helpers=("scenario_calls.py",),  # the calls of run_scenarios the plain script makes
    modes={"session": (step("$bin $script $transport $probe_target", timeout=150),)},
    transports=("stdio", "http", "sse"),  # FastMCP reads a URL ending in /sse as the legacy transport
    auth=True,  # with CANIMCP_AUTH=1 the script hands Langroid a FastMCP transport with auth="oauth"
)
