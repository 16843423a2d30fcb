"""A plain client on LlamaIndex's MCP tools, as their documentation shows them: defaults only.

python llama_index_tools_mcp_client.py stdio CMD ARGS...   |   python llama_index_tools_mcp_client.py http|sse URL
It builds a `BasicMCPClient` (given the command and its arguments, or the URL: it has no transport option, and
takes a URL whose path ends in /sse for the legacy HTTP+SSE transport, any other for Streamable HTTP), wraps it in
`McpToolSpec`, turns the server's tools into LlamaIndex tools with `to_tool_list_async`, and calls the probe's
`run_scenarios` through the LlamaIndex tool (a server of the 2026-07-28 era asks for what was not declared one
round at a time and a refusal ends the call, so it calls again until one completes, at most four times).
`BasicMCPClient` holds no connection: every list and every call opens a session of its own and closes it when
done, so the hold at the end keeps only the process alive. No agent run: that would need a model.

With CANIMCP_AUTH=1 (HTTP) it signs in the way LlamaIndex documents, `BasicMCPClient.with_oauth(...)`, which builds
the official SDK's `OAuthClientProvider` from the handlers it is given and keeps the tokens in memory (its default).
The SDK it runs on (mcp 2.x) awaits both handlers and wants an `AuthorizationCodeResult` back, not the plain
(code, state) of the README's example, so the handlers here are written for it; the person at the browser is
this script, which opens the authorization URL and reads the code off the redirect.
"""

import asyncio
import os
import sys

from llama_index.tools.mcp import BasicMCPClient, McpToolSpec

HOLD = float(os.environ.get("CANIMCP_HOLD_SECONDS", "8"))


def signing_in(url: str) -> BasicMCPClient:
    from sdk_oauth import REDIRECT, handlers  # beside this script (the recipe's script_helpers)

    open_browser, come_back = handlers()
    return BasicMCPClient.with_oauth(
        url,
        client_name="canimcp-harness-llama-index-tools-mcp",
        redirect_uris=[REDIRECT],
        redirect_handler=open_browser,  # type: ignore[arg-type]
        callback_handler=come_back,  # type: ignore[arg-type]
    )


async def main() -> None:
    stdio = sys.argv[1] == "stdio"
    if sys.argv[1] == "http" and os.environ.get("CANIMCP_AUTH") == "1":
        client = signing_in(sys.argv[2])
    else:
        client = BasicMCPClient(sys.argv[2], args=sys.argv[3:]) if stdio else BasicMCPClient(sys.argv[2])
    tools = await McpToolSpec(client=client).to_tool_list_async()
    scenarios = next((tool for tool in tools if tool.metadata.name == "run_scenarios"), None)
    if scenarios is not None:
        for _ in range(4):  # at most one round each for roots, sampling and elicitation, then it completes
            try:
                await scenarios.acall()
                break
            except Exception as exc:  # what it does with input requests it cannot answer is on record
                print(f"run_scenarios: {exc}", file=sys.stderr)
    await asyncio.sleep(HOLD)


asyncio.run(main())
