"""smolagents (PyPI `smolagents`, Hugging Face) and its `MCPClient`, driven by a few-line script."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="smolagents",
    package="pypi:smolagents",
    bin="python",
    script="smolagents_client.py",
    agent_script="smolagents_agent.py",  # `probe run --agent`: ToolCallingAgent on OpenAIServerModel
    agent_packages=("openai==3.57.0",),
    extra_packages=("smolagents[mcp]",),  # the MCP client is an extra (mcpadapt); pip holds it to the same version
    # the extra asks for mcp and mcpadapt with no upper bound, and mcpadapt fails to import beside mcp 2.x (it
    # imports streamablehttp_client, gone in 2.0): a default install of today does not run at all
    pins=("mcp<2",),
    modes={"session": (step("$bin $script $transport $probe_target", timeout=90),)},
    transports=("stdio", "http", "sse"),
    script_helpers=("sdk_oauth.py",),  # the sign-in the script imports in a run with --auth
    auth=True,  # the script's server dict carries an `auth` (the MCP SDK's OAuthClientProvider) through to the SDK
)
