"""Strands Agents (PyPI `strands-agents`) and its `MCPClient`, driven by a few-line script."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="strands-agents",
    package="pypi:strands-agents",
    bin="python",
    script="strands_agents_client.py",
    agent_script="strands_agents_agent.py",  # `probe run --agent`: Agent on its OpenAI model provider
    agent_packages=("openai==2.54.0",),
    modes={"session": (step("$bin $script $transport $probe_target", timeout=60),)},
    transports=("stdio", "http", "sse"),
    script_helpers=("sdk_oauth.py",),  # the sign-in the script imports in a run with --auth
    auth=True,  # the script signs in through `auth_provider` (the MCP SDK's OAuthClientProvider)
)
