"""LangChain's MCP adapters (PyPI `langchain-mcp-adapters`), driven by a few-line script."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="langchain-mcp-adapters",
    package="pypi:langchain-mcp-adapters",
    bin="python",
    script="langchain_mcp_adapters_client.py",
    modes={"session": (step("$bin $script $transport $probe_target", timeout=60),)},
    transports=("stdio", "http", "sse"),
)
