"""Semantic Kernel (PyPI `semantic-kernel`) and its MCP plugins, driven by a few-line script."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="semantic-kernel",
    package="pypi:semantic-kernel",
    bin="python",
    script="semantic_kernel_client.py",
    modes={"session": (step("$bin $script $transport $probe_target", timeout=90),)},
    transports=("stdio", "http", "sse"),
    script_helpers=("sdk_oauth.py", "late_calls.py"),  # the sign-in for a run with --auth; the tools called late
    auth=True,  # the script hands the plugin `auth=` (the MCP SDK's OAuthClientProvider), passed on to the SDK
)
