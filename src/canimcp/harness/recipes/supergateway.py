"""Supergateway (npm `supergateway`, Supercorp's bridge between stdio and SSE / WebSocket / Streamable HTTP) in the
direction where it is an MCP client: `supergateway --streamableHttp URL` or `supergateway --sse URL` is a stdio server
to a local app and, on the official TypeScript SDK 1.x's `Client` (`@modelcontextprotocol/sdk` 1.30.0, a dependency of
4.0.0), a client of the remote server at URL, over Streamable HTTP or the legacy HTTP+SSE transport.

It is driven the way its README configures Claude Desktop and Cursor for it (there with `--sse URL`; `--streamableHttp
URL` is the same command line with the other option): the app spawns `supergateway --streamableHttp URL` (or `--sse
URL`) as its stdio server, and the probe records supergateway's own session upstream. The app
(`supergateway_client.mjs`) is a stdio host on the TypeScript SDK 1.30.0 that supergateway installs beside itself,
written like the plain SDK scripts (list, the tools of one era, `dropped_stream`, `run_scenarios` until done, hold the
connection) but as a rich host: it names itself (`canimcp-proxied-app`) and declares roots (with listChanged),
sampling and elicitation (form and url) with handlers that answer, so the reports show what of the app reaches the
server and the step's output (each handler prints to stderr) what of the server's requests and notifications reaches
the app.

No stdio transport: in this direction supergateway serves stdio downstream and never spawns a stdio server. Its other
direction (`--stdio CMD`) spawns a stdio server and serves it over SSE, WebSocket or Streamable HTTP, a server role the
harness does not run. No `--auth`: it has no OAuth flow, only a fixed bearer token (`--oauth2Bearer`) and `--header`.
"""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="supergateway",
    package="npm:supergateway",
    bin="node",
    script="supergateway_client.mjs",
    transports=("http", "sse"),
    surfaces={"session": "remote-to-stdio"},  # the clientInfo is the app's, passed on: it does not name supergateway
    modes={"session": (step("$bin $script $transport $probe_target", timeout=90),)},
    timeout=150,
)
