"""mcp-use's client (PyPI `mcp-use`), driven by a few-line script."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="mcp-use",
    package="pypi:mcp-use",
    bin="python",
    script="mcp_use_client.py",
    agent_script="mcp_use_agent.py",  # `probe run --agent`: MCPAgent on ChatOpenAI
    agent_packages=("langchain-openai==1.7.4",),
    modes={"session": (step("$bin $script $transport $probe_target", timeout=60),)},
    transports=("stdio", "http", "sse"),  # sse: reached only as its fallback when Streamable HTTP fails on the URL
    auth=True,  # "auth": {} opens the browser through Python's webbrowser module, i.e. $BROWSER
)
