"""Amp (npm `@ampcode/cli`, formerly `@sourcegraph/amp`): `amp mcp doctor` with a placeholder key
(without one it starts a login)."""

import shlex
import sys
from pathlib import Path

from ..recipe import Recipe, step

SIGN_IN = Path(__file__).resolve().parent.parent / "scripts" / "amp_sign_in.py"  # the person at its sign-in prompt

RECIPE = Recipe(
    id="amp",
    package="npm:@ampcode/cli",
    bin="amp",
    post_install=("node install.cjs",),  # npm may skip the postinstall that puts the platform binary in place
    setup={
        "stdio": (step("$bin mcp add probe -- $probe_argv"),),
        # a URL server: Streamable HTTP first, then SSE when that fails (the probe's /sse refuses the POST)
        "sse": (step("$bin mcp add probe $probe_url"),),
        "http": (step("$bin mcp add probe $probe_url"),),  # the same URL server, at the probe's /mcp (OAuth runs)
    },
    transports=("stdio", "sse", "http"),
    notes="The wrapper's platform binary package can lag behind it in the registry; run a version that has both.",
    modes={"health": (step("$bin mcp doctor", timeout=60, may_fail=True, AMP_API_KEY="dummy"),)},
    auth=True,
    # on a 401 it signs in through the SDK's OAuth flow (registering itself). `mcp doctor` on a desktop terminal
    # leaves the flow pending without opening a browser; without a terminal it prints the authorization URL and asks
    # for the URL the browser lands on to be pasted back: a helper (scripts/amp_sign_in.py) does what that prompt
    # asks, and the tokens Amp stores serve the mode's own doctor run
    sign_in=(
        step(f"{shlex.quote(sys.executable)} {shlex.quote(str(SIGN_IN))} $bin mcp doctor", 60, AMP_API_KEY="dummy"),
    ),
)
