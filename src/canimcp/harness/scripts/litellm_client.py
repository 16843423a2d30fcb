"""LiteLLM's proxy (its AI gateway) as a server author meets it: a gateway configured with the server under
`mcp_servers:`, which connects to it as an MCP client, and an app in front of the gateway that lists and calls the
server's tools through the gateway's own MCP endpoint.

    python litellm_client.py stdio CMD ARGS...   |   python litellm_client.py http|sse URL
It writes the gateway's config file (the probe as its one MCP server `probe`, with defaults: no sampling or
elicitation allowed, the protocol version left to `auto`; a master key, since a gateway without one takes any
caller), starts `litellm --config ...` (the executable beside this interpreter) on loopback, and waits until it
answers its health check (litellm_gateway.py, shared with litellm_client_1x.py). A stdio server needs
LITELLM_ENABLE_MCP_STDIO=true on the gateway, its documented switch (stdio servers are refused without it), and a
command on its allowlist, which LITELLM_MCP_STDIO_EXTRA_COMMANDS extends (here with the probe's interpreter); the
script sets both for stdio runs only.

The app is a client of the official Python SDK (the `mcp` 2.x the gateway itself runs on, in the same virtual
environment) connecting to the gateway's Streamable HTTP endpoint `/mcp` with the master key, in the handshake mode
so that the gateway holds a session for it (its stateful path, where calls share an upstream session). It is written
as a rich client would be: it names itself (`canimcp-gateway-app`) and declares roots, sampling and elicitation with
handlers that answer (one root, a canned sampling answer, a decline), so the runs show whether any of that reaches
the server through the gateway. Each handler and each notification that reaches the app is printed to stderr. It
lists tools, resources and prompts, calls the probe's tools of one era (late_calls.py; the gateway names each tool
`probe-<name>`), `dropped_stream` when listed, and `run_scenarios` until its result reads as done (at most four
calls), holds the connection for CANIMCP_HOLD_SECONDS, then stops the gateway five seconds after the app has left
(the gateway opens an upstream session of its own as the app leaves). The gateway's own log goes to
`litellm-proxy.log` in the working folder; its errors are printed at the end.

For runs made by hand (not by the harness), three variables change the setup, each a documented option of the
gateway's (read by litellm_gateway.py) or a call a richer app makes: CANIMCP_LITELLM_SERVER, a JSON object merged
into the server's config entry (`{"protocol_version": "2026-07-28"}`, `{"allow_sampling": true, "allow_elicitation":
true}`); CANIMCP_MODEL_URL, which adds the scripted model (harness/model.py) as the gateway's one model, the one it
samples with; and CANIMCP_LITELLM_APP=rich, which has the app also set a log level, list resource templates, ask for
a completion, get the prompt, read and subscribe to a resource, read the view `show_view` names, and call
`slow_task` with a progress callback and a one-second read timeout (then a two-second pause, so that a cancellation
has time to arrive).
"""

import asyncio
import os
import sys
from typing import Any

import httpx2
from front_app import front_app, say  # beside this script (the recipe's script_helpers)
from litellm_gateway import KEY, PORT, SERVER, list_and_call, run
from mcp import Client, types
from mcp.client.streamable_http import streamable_http_client

HOLD = float(os.environ.get("CANIMCP_HOLD_SECONDS", "8"))


async def app() -> None:
    prefix = f"{SERVER}-"
    async with (
        httpx2.AsyncClient(headers={"Authorization": f"Bearer {KEY}"}, timeout=httpx2.Timeout(30, read=300)) as http,
        Client(
            streamable_http_client(f"http://127.0.0.1:{PORT}/mcp", http_client=http), mode="legacy",
            **front_app("canimcp-gateway-app"),
        ) as client,
    ):  # fmt: skip
        say(f"initialized with {client.server_info} at {client.protocol_version}")
        say(f"the server's instructions reached the app: {client.instructions!r}"[:300])
        tools = await list_and_call(client)
        if os.environ.get("CANIMCP_LITELLM_APP") == "rich":
            await rich_app(client, prefix, tools.tools)
        await asyncio.sleep(HOLD)
    say("closed")


async def rich_app(client: Client, prefix: str, tools: list[types.Tool]) -> None:
    """What a desktop host does beyond listing and calling, each step printed with what came back."""

    async def progressed(progress: float, total: float | None, message: str | None) -> None:
        say(f"progress reached the app: {progress}/{total}")

    view = next((t.meta or {}).get("ui", {}).get("resourceUri") for t in tools if t.name == prefix + "show_view")
    prompt = types.PromptReference(type="ref/prompt", name=prefix + "probe_prompt")
    steps: list[tuple[str, Any]] = [
        ("logging/setLevel", lambda: client.set_logging_level("debug")),
        ("resources/templates/list", client.list_resource_templates),
        ("completion/complete", lambda: client.complete(prompt, {"name": "topic", "value": "t"})),
        ("prompts/get", lambda: client.get_prompt(prefix + "probe_prompt", {"topic": "tools"})),
        ("resources/read", lambda: client.read_resource("probe://static/hello")),
        ("resources/subscribe", lambda: client.subscribe_resource("probe://static/hello")),
        ("show_view", lambda: client.call_tool(prefix + "show_view", {})),
        ("the view", lambda: client.read_resource(view or "ui://none")),
        ("slow_task", lambda: client.call_tool(prefix + "slow_task", {"seconds": 6}, 1.0, progressed)),
    ]
    for name, step in steps:
        try:
            say(f"{name}: {str(await step())[:240]}")
        except Exception as exc:
            say(f"{name} failed: {exc!r}"[:300])
    await asyncio.sleep(2)


if __name__ == "__main__":
    run(app, sys.argv[1:], stdio_switch=True)  # these releases serve stdio servers only with LITELLM_ENABLE_MCP_STDIO
