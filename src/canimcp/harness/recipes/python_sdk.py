"""The official Python SDK's client (`mcp` on PyPI), driven by a few-line script."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="python-sdk",
    package="pypi:mcp",
    bin="python",
    script="python_sdk_client.py",
    modes={"session": (step("$bin $script $transport $probe_target", timeout=60),)},
    transports=("stdio", "http", "sse"),
    script_helpers=("sdk_oauth.py", "late_calls.py"),  # the sign-in (a run with --auth), the tools of one era
    auth=True,
)
