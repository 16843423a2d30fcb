"""LangChain's MCP adapters (PyPI `langchain-mcp-adapters`), driven by a few-line script."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="langchain-mcp-adapters",
    package="pypi:langchain-mcp-adapters",
    bin="python",
    script="langchain_mcp_adapters_client.py",
    agent_script="langchain_mcp_adapters_agent.py",  # `probe run --agent`: LangChain's create_agent on ChatOpenAI
    agent_packages=("langchain==1.5.2", "langchain-openai==1.7.4"),
    modes={"session": (step("$bin $script $transport $probe_target", timeout=60),)},
    transports=("stdio", "http", "sse"),
    script_helpers=("sdk_oauth.py",),  # the sign-in the script imports in a run with --auth
    auth=True,  # a connection's `auth` key takes an httpx.Auth, passed to the SDK: the SDK's OAuthClientProvider
)
