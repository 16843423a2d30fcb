"""BeeAI Framework (PyPI `beeai-framework`) and its `MCPTool`, driven by a few-line script. The framework keeps the
MCP SDK in its `mcp` extra (which asks for the SDK 1.x); the app opens the SDK's transport and hands it over."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="beeai-framework",
    package="pypi:beeai-framework",
    bin="python",
    script="beeai_framework_client.py",
    agent_script="beeai_framework_agent.py",  # `probe run --agent`: RequirementAgent on its OpenAI model (Chat)
    extra_packages=("beeai-framework[mcp]==$version",),  # the extra brings the MCP SDK (below 2)
    script_helpers=("scenario_calls.py",),  # the calls of run_scenarios the plain script makes
    modes={"session": (step("$bin $script $transport $probe_target", timeout=120),)},
    transports=("stdio", "http", "sse"),  # whichever SDK transport the app opens
)
