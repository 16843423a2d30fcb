"""Microsoft Agent Framework (PyPI `agent-framework-core`) and its MCP tools, driven by a few-line script."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="agent-framework",
    package="pypi:agent-framework-core",
    bin="python",
    script="agent_framework_client.py",
    agent_script="agent_framework_agent.py",  # `probe run --agent`: Agent on OpenAIChatClient (Responses API)
    agent_packages=("agent-framework-openai",),
    # the core declares the MCP SDK and tenacity (which its MCP tools need to connect) only under its `all` extra,
    # with every integration of the framework; that is what `pip install agent-framework` brings
    extra_packages=("mcp", "tenacity"),
    modes={"session": (step("$bin $script $transport $probe_target", timeout=120),)},
    transports=("stdio", "http"),  # no tool for the legacy HTTP+SSE transport
    script_helpers=("sdk_oauth.py", "late_calls.py"),  # the sign-in for a run with --auth; the tools called late
    auth=True,  # the script hands the tool an httpx2 client whose `auth` is the MCP SDK's OAuthClientProvider
)
