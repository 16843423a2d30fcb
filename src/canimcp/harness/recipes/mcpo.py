"""mcpo (PyPI `mcpo`, Open WebUI's MCP-to-OpenAPI proxy): an MCP client on the official Python SDK 1.x's
`ClientSession` that connects to one server (or to each server of a config file) while it starts and offers each of
the server's tools as a `POST` endpoint of a FastAPI app, with the OpenAPI spec generated from the tool schemas. It is
the way Open WebUI, an OpenAPI tool consumer, uses MCP servers, so what reaches the model behind it is what mcpo puts
in the spec and in each endpoint's HTTP answer.

It is driven the way its README shows: `mcpo_client.py` starts `mcpo --host 127.0.0.1 --port P -- <stdio command>`, or
`--server-type streamable-http` / `--server-type sse` with the probe's URL (the README's remote forms), and, for a run
that must sign in, a `--config` file whose entry has an `oauth` object (mcpo's only sign-in, through the SDK's OAuth
provider: it opens the browser with Python's `webbrowser`, i.e. `$BROWSER`, and waits on a loopback callback server
at port 3030). The script then plays the OpenAPI consumer: it fetches `/openapi.json`, calls the tool endpoints,
reports the probe's nonces it received as the scripted model would, calls `run_scenarios` until done, and holds.

Why `pins=("mcp<2", "fastapi<0.145")`: a default install of mcpo 0.0.20 cannot start. It asks for `mcp>=1.17.0` and
`fastapi>=0.115.12` with no upper bounds, so pip brings the SDK 2.x, whose `mcp.client.streamable_http` no longer has
`streamablehttp_client` (mcpo fails at import), and FastAPI 0.145.0 or newer, whose `FastAPI()` no longer takes
arbitrary keyword arguments, while mcpo passes it `ssl_certfile` and `ssl_keyfile` (mcpo fails with a TypeError
before it connects to anything). 0.144.0 is the last FastAPI that still takes them. Every derived statement names
both pins.
"""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="mcpo",
    package="pypi:mcpo",
    bin="python",
    script="mcpo_client.py",
    script_helpers=("late_calls.py", "scenario_calls.py", "loopback_http.py"),
    pins=("mcp<2", "fastapi<0.145"),
    surfaces={"session": "proxy"},  # the clientInfo is the SDK's default (`mcp`), which says nothing of mcpo
    transports=("stdio", "http", "sse"),  # sse: `--server-type sse`, or `"type": "sse"` in a config entry
    modes={"session": (step("$bin $script $transport $probe_target", timeout=150),)},
    timeout=210,
    auth=True,  # a config entry's `oauth` object: the SDK's provider, the browser opened through `webbrowser`
)
