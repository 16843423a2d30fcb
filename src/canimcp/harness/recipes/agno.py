"""Agno's MCP toolkit (PyPI `agno` with its `mcp` extra), driven by a few-line script."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="agno",
    package="pypi:agno",
    bin="python",
    script="agno_client.py",
    agent_script="agno_agent.py",  # `probe run --agent`: Agent on OpenAIChat with MCPTools
    agent_packages=("openai==3.57.0",),
    extra_packages=("agno[mcp]",),  # the MCP client is an extra (mcp 2.x and fastmcp); pip holds agno to the version
    surfaces={"session": "mcp-tools"},
    modes={"session": (step("$bin $script $transport $probe_target", timeout=90),)},
    transports=("stdio", "http", "sse"),
)
