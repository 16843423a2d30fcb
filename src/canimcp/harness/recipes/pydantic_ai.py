"""Pydantic AI's MCP client (PyPI `pydantic-ai-slim`), driven by a few-line script."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="pydantic-ai",
    package="pypi:pydantic-ai-slim",
    bin="python",
    script="pydantic_ai_client.py",
    agent_script="pydantic_ai_agent.py",  # `probe run --agent`: Agent on OpenAIChatModel with its MCP toolset
    agent_packages=("pydantic-ai-slim[openai]",),
    extra_packages=("pydantic-ai-slim[mcp]",),  # the MCP client is an extra; pip holds it to the same version
    modes={"session": (step("$bin $script $transport $probe_target", timeout=60),)},
    transports=("stdio", "http", "sse"),
    auth=True,  # auth="oauth" is fastmcp's OAuth: it opens the browser through Python's webbrowser, i.e. $BROWSER
)
