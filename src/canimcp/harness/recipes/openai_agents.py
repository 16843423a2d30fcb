"""The OpenAI Agents SDK's MCP client (PyPI `openai-agents`), driven by a few-line script."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="openai-agents",
    package="pypi:openai-agents",
    bin="python",
    script="openai_agents_client.py",
    agent_script="openai_agents_agent.py",  # `probe run --agent`: Agent and Runner on OpenAIChatCompletionsModel
    modes={"session": (step("$bin $script $transport $probe_target", timeout=60),)},
    transports=("stdio", "http", "sse"),
    script_helpers=("sdk_oauth.py",),  # the sign-in the script imports in a run with --auth
    auth=True,  # the script signs in through the `auth` param (the MCP SDK's OAuthClientProvider)
)
