"""LastMile AI's mcp-agent (PyPI `mcp-agent`): an `Agent` on an `MCPApp`, driven by a few-line script."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="mcp-agent",
    package="pypi:mcp-agent",
    bin="python",
    script="mcp_agent_client.py",
    agent_script="mcp_agent_agent.py",  # `probe run --agent`: Agent with OpenAIAugmentedLLM
    agent_packages=("mcp-agent[openai]==0.2.6",),
    # 0.2.6 asks for mcp>=1.20.0 with no upper bound, and `mcp_agent.app` fails to import beside mcp 2.x (it
    # imports FastMCP from mcp.server.fastmcp, which 2.0 renamed): a default install of today does not run at all
    pins=("mcp<2",),
    modes={"session": (step("$bin $script $transport $probe_target", timeout=90),)},
    transports=("stdio", "http", "sse"),
)
