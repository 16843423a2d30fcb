"""The official Python SDK's client (`mcp` on PyPI), driven by a few-line script.

The 1.x releases have another client API (2.0.0a1 brought `Client`): a transport context manager (`stdio_client`,
`streamable_http_client`, `sse_client`) whose streams a `ClientSession` runs on after `initialize()`, as the 1.x
documentation shows. They run `python_sdk_client_1x.py`, which makes the same calls (1.28.1, the last release before
the 2026-07-28 revision, was run). `streamable_http_client` came with 1.24.0 (before it, only `streamablehttp_client`),
so that script does not import under releases before 1.24.0."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="python-sdk",
    package="pypi:mcp",
    bin="python",
    script="python_sdk_client.py",
    modes={"session": (step("$bin $script $transport $probe_target", timeout=60),)},
    transports=("stdio", "http", "sse"),
    script_helpers=("sdk_oauth.py", "late_calls.py", "python_sdk_calls.py"),  # the sign-in (--auth), the calls
    auth=True,
    earlier=(("2.0.0a1", {"script": "python_sdk_client_1x.py"}),),
)
