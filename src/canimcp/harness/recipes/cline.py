"""Cline CLI (npm `cline`): `cline mcp add`, a placeholder provider, then a short task."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="cline",
    package="npm:cline",
    bin="cline",
    setup={
        "stdio": (
            step("$bin mcp add probe --yes -- $probe_argv"),
            step("$bin auth -p openai -k dummy -m gpt-4o -b http://127.0.0.1:9/v1", may_fail=True),
        ),
    },
    transports=("stdio",),
    # it leaves a hub daemon running: the sandbox's PID namespace ends it with the run
    modes={"session": (step("$bin 'say hi' -t 15", timeout=60, may_fail=True),)},
)
