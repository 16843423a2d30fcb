"""A plain client on hideya's langchain-mcp-tools, used as its README shows it: one server, defaults only.

python langchain_mcp_tools_client.py stdio CMD ARGS... | python langchain_mcp_tools_client.py http|sse URL
`convert_mcp_to_langchain_tools({"probe": config})` connects every configured server, lists its tools and gives back
LangChain tools and a cleanup function. The config is the README's `mcpServers`-style entry: a `command` with `args` for
stdio, and for both HTTP transports just the `url`, the README's default (auto-detected) form, so the library picks the
transport itself (it posts a test `initialize` to the URL and opens Streamable HTTP on a 200, the legacy SSE transport
on a 4xx: the probe's `/sse` answers a POST with 405). The script then calls the probe's `run_scenarios` through its
LangChain tool (`ainvoke`) until a result reads as done (at most four calls), then the tools of late_calls.py that are
listed, each result to stderr; stays connected for a few seconds so the probe can send its requests and notifications;
and calls the cleanup function, as the README says an app must. No model here: langchain_mcp_tools_agent.py runs one.

With CANIMCP_AUTH=1 (HTTP) it signs in the way the README shows: the entry's `auth` key takes an `httpx.Auth`, the
official SDK's `OAuthClientProvider` (tokens in memory), with `"transport": "streamable_http"`, which the README asks
for with `auth` so that no transport is guessed; the person at the browser is sdk_oauth.py.
"""

import asyncio
import os
import sys
from typing import Any

from langchain_mcp_tools import convert_mcp_to_langchain_tools
from late_calls import call_late  # beside this script (the recipe's script_helpers)
from scenario_calls import call_until_done

HOLD = float(os.environ.get("CANIMCP_HOLD_SECONDS", "8"))


def servers() -> dict[str, Any]:
    """The probe as the one entry of the servers config (the agent script connects the same way)."""
    if sys.argv[1] == "stdio":
        return {"probe": {"command": sys.argv[2], "args": sys.argv[3:]}}
    entry: dict[str, Any] = {"url": sys.argv[2]}
    if sys.argv[1] == "http" and os.environ.get("CANIMCP_AUTH") == "1":
        from sdk_oauth import signing_in

        entry["transport"] = "streamable_http"
        entry["auth"] = signing_in(sys.argv[2], "canimcp-harness-langchain-mcp-tools")
    return {"probe": entry}


async def main() -> None:
    tools, cleanup = await convert_mcp_to_langchain_tools(servers())
    try:
        by_name = {tool.name: tool for tool in tools}

        async def call(name: str, arguments: dict[str, Any]) -> Any:
            result = await by_name[name].ainvoke(arguments)
            print(f"{name}: {str(result)[:300]}", file=sys.stderr)
            return result

        if "run_scenarios" in by_name:
            await call_until_done(lambda: by_name["run_scenarios"].ainvoke({}))
        await call_late(call, set(by_name))
        await asyncio.sleep(HOLD)
    finally:
        await cleanup()


if __name__ == "__main__":  # the agent script imports its connection code
    asyncio.run(main())
