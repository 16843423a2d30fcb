"""Genkit's MCP plugin (npm `@genkit-ai/mcp`, with `genkit` as its peer), driven by a few-line script."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="genkit",
    package="npm:@genkit-ai/mcp",
    bin="node",
    script="genkit_client.mjs",
    script_helpers=("oauth_memory.mjs",),
    agent_script="genkit_agent.mjs",  # `probe run --agent`: ai.generate with the host's tools
    agent_packages=("@genkit-ai/compat-oai@1.42.0",),
    surfaces={"session": "mcp-host"},
    modes={"session": (step("$bin $script $transport $probe_target", timeout=90),)},
    auth=True,  # its URL config passes an authProvider through to the official SDK's transport
)
