"""Haystack's MCP integration (PyPI `mcp-haystack`, deepset): `MCPToolset`, driven by a few-line script."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="mcp-haystack",
    package="pypi:mcp-haystack",
    bin="python",
    script="mcp_haystack_client.py",
    agent_script="mcp_haystack_agent.py",  # `probe run --agent`: Haystack's Agent on its OpenAIChatGenerator
    modes={"session": (step("$bin $script $transport $probe_target", timeout=150),)},
    transports=("stdio", "http", "sse"),  # sse: `SSEServerInfo`, a server description of its own
)
