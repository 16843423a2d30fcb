"""Microsoft AutoGen's MCP client (PyPI `autogen-ext`, its `mcp` extra), driven by a few-line script."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="autogen-ext",
    package="pypi:autogen-ext",
    bin="python",
    script="autogen_ext_client.py",
    agent_script="autogen_ext_agent.py",  # `probe run --agent`: AssistantAgent with McpWorkbench
    agent_packages=("autogen-agentchat==0.7.5", "autogen-ext[openai]==0.7.5"),
    extra_packages=("autogen-ext[mcp]",),  # the MCP client is an extra; pip holds it to the same version
    # the extra asks for any `mcp` >= 1.11, and 0.7.5 fails to import beside mcp 2.x (its actor imports
    # mcp.shared.context.RequestContext, gone in 2.0): a default install of today does not run at all
    pins=("mcp<2",),
    modes={"session": (step("$bin $script $transport $probe_target", timeout=90),)},
    transports=("stdio", "http", "sse"),
)
