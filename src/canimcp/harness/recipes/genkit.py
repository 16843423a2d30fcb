"""Genkit's MCP plugin (npm `@genkit-ai/mcp`, with `genkit` as its peer), driven by a few-line script."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="genkit",
    package="npm:@genkit-ai/mcp",
    bin="node",
    script="genkit_client.mjs",
    surfaces={"session": "mcp-host"},
    modes={"session": (step("$bin $script $transport $probe_target", timeout=90),)},
)
