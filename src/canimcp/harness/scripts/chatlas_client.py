"""A plain app on chatlas's MCP support, as chatlas's MCP page shows it: a `Chat` that registers a server's tools.

python chatlas_client.py stdio CMD ARGS...   |   python chatlas_client.py http URL
`await chat.register_mcp_tools_stdio_async(command=..., args=...)` starts a stdio server; `await
chat.register_mcp_tools_http_stream_async(url=...)` connects over Streamable HTTP (chatlas has no other transport).
Either one opens the official Python SDK's `ClientSession` in a background task of chatlas's own, initializes it,
lists the tools once and turns each into a chatlas `Tool`, and keeps the session open for the chat's tool calls until
`await chat.cleanup_mcp_tools()`. No name, namespace or tool filter is given: defaults only (a run made by hand may set
CANIMCP_CHATLAS_NAMESPACE, below). The chat is `ChatOpenAI`, as on that page, with a placeholder key: this script asks
no model anything (chatlas_agent.py does).

The script lists the registered tools (`chat.get_tools()`) and calls the probe's through each `Tool`'s function, which
is what the chat runs for a model's tool call: `run_scenarios` until its result reads as done (at most four times),
then the tools of late_calls.py that are listed, then `dropped_stream` where listed (its stream is cut over HTTP:
does the session resume it?). What the chat would hand its model is printed to stderr: the call's value, or for a
call that raised, the text chatlas builds from the error. It stays connected for CANIMCP_HOLD_SECONDS so the probe can
send its requests and notifications, and cleans up as the page says.

With CANIMCP_AUTH=1 (HTTP) the app signs in the one way chatlas leaves open: `transport_kwargs` go to the SDK's
`streamable_http_client`, so the app hands it an httpx2 client carrying the SDK's `OAuthClientProvider`
(sdk_oauth.py, beside this script; tokens in memory). chatlas itself has no sign-in.
"""

import asyncio
import os
import sys
from typing import Any

from chatlas import ChatOpenAI, ContentToolResult
from late_calls import call_dropped_stream, call_late  # beside this script (the recipe's script_helpers)
from scenario_calls import call_until_done

HOLD = float(os.environ.get("CANIMCP_HOLD_SECONDS", "8"))
# not set by the harness: a run made by hand with CANIMCP_CHATLAS_NAMESPACE=probe registers the tools under the
# `namespace` chatlas's documentation suggests against name clashes (the model then sees `probe.<tool>`)
NAMESPACE = os.environ.get("CANIMCP_CHATLAS_NAMESPACE") or None


def transport_kwargs(url: str) -> dict[str, Any] | None:
    """None (chatlas's default), or, with CANIMCP_AUTH=1, an HTTP client that signs in with the SDK's provider."""
    if os.environ.get("CANIMCP_AUTH") != "1":
        return None
    import httpx2
    from sdk_oauth import signing_in  # beside this script (the recipe's script_helpers)

    # the timeouts the SDK gives its own HTTP client: a response stream may stay open for minutes
    http = httpx2.AsyncClient(auth=signing_in(url, "canimcp-harness-chatlas"), timeout=httpx2.Timeout(30, read=300))
    return {"http_client": http}


async def register(chat: Any) -> None:
    """Register the probe named on the command line with `chat` (the agent script connects the same way)."""
    kind, target = sys.argv[1], sys.argv[2:]
    if kind == "stdio":
        await chat.register_mcp_tools_stdio_async(command=target[0], args=target[1:], namespace=NAMESPACE)
    else:
        http = transport_kwargs(target[0])
        await chat.register_mcp_tools_http_stream_async(url=target[0], namespace=NAMESPACE, transport_kwargs=http)


async def main() -> None:
    chat = ChatOpenAI(model="gpt-4.1", api_key="canimcp-placeholder")  # never asked: no model in this script
    await register(chat)
    try:
        tools = {tool.name.removeprefix(f"{NAMESPACE}."): tool for tool in chat.get_tools()}
        print(f"listed: {sorted(tools)}", file=sys.stderr)

        async def call(name: str, arguments: dict[str, Any]) -> object:
            try:
                result = await tools[name].func(**arguments)
            except Exception as exc:  # the chat turns a raised error into this text for its model
                result = ContentToolResult(value=None, error=exc)
            seen = result.get_model_value() if isinstance(result, ContentToolResult) else result
            print(f"{name}: {str(seen)[:300]}", file=sys.stderr)
            return seen

        if "run_scenarios" in tools:
            await call_until_done(lambda: call("run_scenarios", {}))
        await call_late(call, set(tools))
        await call_dropped_stream(call, set(tools))
        await asyncio.sleep(HOLD)
    finally:
        await chat.cleanup_mcp_tools()


if __name__ == "__main__":  # the agent script imports its connection code
    asyncio.run(main())
