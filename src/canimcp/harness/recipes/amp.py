"""Amp (npm `@sourcegraph/amp`): `amp mcp doctor` with a placeholder key (without one it starts a login)."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="amp",
    package="npm:@sourcegraph/amp",
    bin="amp",
    setup={"stdio": (step("$bin mcp add probe -- $probe_argv"),)},
    transports=("stdio",),
    modes={"health": (step("$bin mcp doctor", timeout=60, may_fail=True, AMP_API_KEY="dummy"),)},
)
