"""The official TypeScript SDK's client (npm `@modelcontextprotocol/sdk`, `@modelcontextprotocol/client` since 2.0.0),
driven by a few-line script."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="typescript-sdk",
    package="npm:@modelcontextprotocol/sdk",
    bin="node",
    script="ts_sdk_client.mjs",
    script_helpers=("oauth_memory.mjs",),
    modes={"session": (step("$bin $script $transport $probe_target", timeout=60),)},
    transports=("stdio", "http", "sse"),  # both package names ship SSEClientTransport
    auth=True,
    # "2.0.0-0", semver's first pre-release of 2.0.0: the new name was first published with 2.0.0-alpha.2
    renamed=("2.0.0-0", "npm:@modelcontextprotocol/client"),
)
