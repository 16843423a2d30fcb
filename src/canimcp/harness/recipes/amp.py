"""Amp (npm `@ampcode/cli`, formerly `@sourcegraph/amp`): `amp mcp doctor` with a placeholder key
(without one it starts a login)."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="amp",
    package="npm:@ampcode/cli",
    bin="amp",
    post_install=("node install.cjs",),  # npm may skip the postinstall that puts the platform binary in place
    setup={
        "stdio": (step("$bin mcp add probe -- $probe_argv"),),
        # a URL server: Streamable HTTP first, then SSE when that fails (the probe's /sse refuses the POST)
        "sse": (step("$bin mcp add probe $probe_url"),),
    },
    transports=("stdio", "sse"),
    notes="The wrapper's platform binary package can lag behind it in the registry; run a version that has both.",
    modes={"health": (step("$bin mcp doctor", timeout=60, may_fail=True, AMP_API_KEY="dummy"),)},
)
