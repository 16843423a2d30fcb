"""PraisonAI Agents (PyPI `praisonaiagents`) and its `MCP` tool source, driven by a few-line script. The package keeps
the MCP SDK in its `mcp` extra, which its documentation installs; the session underneath is the Python SDK 1.x's."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="praisonaiagents",
    package="pypi:praisonaiagents",
    bin="python",
    script="praisonaiagents_client.py",
    agent_script="praisonaiagents_agent.py",  # `probe run --agent`: Agent on its own OpenAI client (Chat Completions)
    extra_packages=("praisonaiagents[mcp]==$version",),  # the extra brings the MCP SDK (below 2)
    modes={"session": (step("$bin $script $transport $probe_target", timeout=120),)},
    transports=("stdio", "http", "sse"),  # MCP(url) means the legacy transport when the URL ends in /sse
    # the app signs in with the package's MCPOAuthProvider and gives MCP the token as a header (MCP has no sign-in)
    auth=True,
)
