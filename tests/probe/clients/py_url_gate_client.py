"""The official Python SDK (`mcp`) as an app that gets through a tool refused for want of a URL elicitation
(-32042), with the SDK's own parts: the elicitations from the error (`UrlElicitationRequiredError.from_error`; the
client raises a plain MCPError), notifications/elicitation/complete through its message handler, then the same call
again. It declares elicitation (an elicitation callback, which declines the probe's own requests).

    python py_url_gate_client.py stdio COMMAND [ARGS...]   |   python py_url_gate_client.py http URL

Over HTTP it also opens the elicitation's page, as the person would. Prints one JSON line per step."""

from __future__ import annotations

import asyncio
import json
import sys
from typing import Any

import httpx
from mcp import Client, MCPError
from mcp.client.stdio import StdioServerParameters
from mcp.shared.exceptions import UrlElicitationRequiredError
from mcp_types import ElicitCompleteNotification, ElicitResult

TOOL = "url_gate"


def say(step: str, value: Any) -> None:
    print(json.dumps({"step": step, "value": value}, default=str), flush=True)


async def decline(context: Any, params: Any) -> ElicitResult:
    return ElicitResult(action="decline")


async def main(transport: str, *target: str) -> None:
    completed: dict[str, asyncio.Event] = {}

    def done(elicitation_id: str) -> asyncio.Event:
        return completed.setdefault(elicitation_id, asyncio.Event())

    async def on_message(message: Any) -> None:
        if isinstance(message, ElicitCompleteNotification):
            say("completed", message.params.elicitation_id)
            done(message.params.elicitation_id).set()

    server: Any = target[0] if transport == "http" else StdioServerParameters(command=target[0], args=list(target[1:]))
    async with Client(server, message_handler=on_message, elicitation_callback=decline) as client:
        try:
            await client.call_tool(TOOL, {})
            say("through", "at the first call")
            return
        except MCPError as exc:
            say("refused", exc.code)
            needed = UrlElicitationRequiredError.from_error(exc.error).elicitations
        for elicitation in needed:
            say("open", elicitation.url)  # what the app shows the person
            if transport == "http":
                async with httpx.AsyncClient() as browser:
                    say("page", (await browser.get(elicitation.url)).status_code)
        for elicitation in needed:
            await asyncio.wait_for(done(elicitation.elicitation_id).wait(), 10)
        result = await client.call_tool(TOOL, {})
        say("result", result.content[0].text)  # type: ignore[union-attr]


if __name__ == "__main__":
    asyncio.run(main(*sys.argv[1:]))
