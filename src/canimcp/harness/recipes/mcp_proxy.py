"""mcp-proxy (PyPI `mcp-proxy`, Sergey Parfenyuk's bridge) in its client mode: `mcp-proxy URL` is a stdio server to a
local app and an MCP client, on the official Python SDK 1.x's `ClientSession`, of the remote server at URL, over
Streamable HTTP (`--transport streamablehttp`) or the legacy HTTP+SSE transport (the default, kept for backwards
compatibility).

It is driven the way a user runs it: a downstream app spawns `mcp-proxy URL` as its stdio server, and the probe records
mcp-proxy's own session upstream. The app is a stdio client of the same Python SDK, installed in the proxy's virtual
environment (`mcp_proxy_client.py`: mcp-proxy 0.13.0 asks for `mcp<2,>=1.27.1`, so 1.30.0), written like the Python
SDK's harness script (list, the tools of one era, `run_scenarios` until done, hold the connection), but as a rich
client: it names itself (`canimcp-proxied-app`) and declares roots (with listChanged), sampling and elicitation (form
and url) with handlers that answer (one root, a canned sampling answer, a decline), so the runs show whether any of
that reaches a server through the proxy. It does not: mcp-proxy opens and initializes its upstream session before it
reads its stdin, so the app's clientInfo, capabilities and protocol version never reach the server, and the server's
requests are answered by the proxy's own session. tests/probe/clients/mcp_proxy_app_client.py is a richer app for runs
made by hand against `probe serve` (log level, subscription, templates, completion, progress, a cancelled call, a
ui:// view).

No stdio transport: in this mode mcp-proxy serves stdio downstream but never spawns a stdio server itself (its other
mode, a command or named servers instead of a URL, spawns stdio servers and serves them over HTTP, a server role
the harness does not run). No `--auth`: its only sign-in is OAuth client credentials with a given token URL
(`--client-id`, `--client-secret`, `--token-url`), besides basic or digest auth and fixed headers.
"""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="mcp-proxy",
    package="pypi:mcp-proxy",
    bin="python",
    script="mcp_proxy_client.py",
    script_helpers=("front_app.py", "late_calls.py", "scenario_calls.py"),
    transports=("http", "sse"),
    surfaces={"session": "client-mode"},  # the clientInfo is the SDK's default, the same in its server mode
    modes={"session": (step("$bin $script $transport $probe_target", timeout=60),)},
)
