"""ContextForge MCP Gateway (PyPI `mcp-contextforge-gateway`, IBM; command `mcpgateway`): a gateway and registry that
federates upstream MCP servers (its "gateways") and offers their tools, resources and prompts again to its own
consumers, through a REST API (`/tools`, `/resources`, `/prompts`, JSON-RPC at `/rpc`) and through the MCP endpoints
of "virtual servers" that bundle them (`/servers/<id>/mcp`, `/servers/<id>/sse`). Its upstream side is an MCP client
on the official Python SDK 2.x (`mcp`), which is what the probe sees.

It is driven the way its README shows (`mcp_contextforge_gateway_app.py`): secrets from its own `init_secrets`, the
gateway started with its defaults (SQLite in the working folder, no Redis, 127.0.0.1:4444), an admin bearer token made
with its `create_jwt_token` utility, the probe registered with `POST /gateways`, then the script plays the consumer:
the REST API, then a virtual server holding everything the gateway took from the probe and an app on the Python SDK
connected to its Streamable HTTP endpoint with the initialize handshake (2025-11-25), which names itself and declares
roots, sampling and elicitation; last, each consumer cancels a call of `slow_task` (the app by its SDK's read timeout,
after which the SDK POSTs notifications/cancelled; the REST API by notifications/cancelled sent to /rpc), to see
which cancellation reaches the server.

Why the unusual choices:
- `python="3.12"`: release 1.1.0 requires Python 3.12 or 3.13.
- stdio: a gateway's transport is only SSE or STREAMABLEHTTP; a stdio server reaches the gateway through the package's
  own bridge, `python -m mcpgateway.translate --stdio CMD --expose-sse`, which the README shows for exactly this, so the
  probe's stdio peer is that bridge relaying the gateway's client.
- `SSRF_ALLOW_LOCALHOST=true`, the one setting changed from the code's default (false): the gateway's SSRF guard
  refuses to register a server on a loopback address, and the probe is one. The README's install copies the package's
  `.env.example`, whose local/dev block sets it to true; the script takes only this line of that block.
- secrets: the script takes every value `python -m mcpgateway.scripts.init_secrets --stdout` prints (the README's first
  step), since release 1.1.0 refuses to start with its placeholder JWT and encryption secrets and with placeholder
  platform-admin and default-user passwords (email sign-in is on by default); the admin API's token is the README's
  `create_jwt_token --username admin@example.com`.
- no `auth=True`: the gateway signs in to an upstream only through its own browser flow (a signed-in gateway user at
  `/oauth/authorize/<gateway id>`, with an `oauth_config` the operator writes), which this recipe does not drive; the
  gateway's OAuth is described from the package instead, and the script has no sign-in path.
"""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="mcp-contextforge-gateway",
    package="pypi:mcp-contextforge-gateway",
    bin="python",
    python="3.12",
    script="mcp_contextforge_gateway_app.py",
    script_helpers=("front_app.py", "late_calls.py", "scenario_calls.py"),
    surfaces={"session": "gateway"},  # the clientInfo is the SDK's default (`mcp`), which says nothing of ContextForge
    transports=("stdio", "http", "sse"),  # stdio: through mcpgateway.translate; sse: `"transport": "SSE"`
    modes={"session": (step("$bin $script $transport $probe_target", timeout=240),)},
    timeout=300,
)
