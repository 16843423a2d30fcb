"""The app a script puts in front of a program that stands between it and the probe (a gateway, a proxy): it names
itself and gives the SDK's session callbacks that answer roots (one root only this app would name), sampling (a
canned answer), elicitation (declines) and log messages, so its initialize declares roots, sampling and elicitation
as a rich client's would. Each callback, and every notification and session error that reaches the app, is printed
to stderr, so a step's output says what the program in between passed down. Works with the SDK 1.x `ClientSession`
and the 2.x `Client` alike (the same keyword arguments)."""

import sys
from typing import Any

from mcp import types


def say(what: str) -> None:
    print(f"app: {what}"[:600], file=sys.stderr, flush=True)


def front_app(name: str) -> dict[str, Any]:
    """The session's keyword arguments for the app `name` (e.g. `canimcp-gateway-app`): its clientInfo and callbacks."""
    root = f"file:///{name}/root"  # a root only this app would name, to tell it apart if it ever arrived
    short = name.removeprefix("canimcp-")

    async def roots(context: Any) -> types.ListRootsResult:
        say("roots/list reached the app")
        return types.ListRootsResult(roots=[types.Root(uri=root, name=short)])  # type: ignore[arg-type]

    async def sampling(context: Any, params: types.CreateMessageRequestParams) -> types.CreateMessageResult:
        say("sampling/createMessage reached the app")
        content = types.TextContent(type="text", text=f"canned answer of the {short.replace('-', ' ')}")
        return types.CreateMessageResult(role="assistant", content=content, model=f"{name}-model")

    async def elicitation(context: Any, params: Any) -> types.ElicitResult:
        say(f"elicitation/create reached the app ({getattr(params, 'mode', None) or 'form'})")
        return types.ElicitResult(action="decline")

    async def logged(params: types.LoggingMessageNotificationParams) -> None:
        say(f"log message reached the app: {params.level}")

    async def handled(message: Any) -> None:
        if isinstance(message, types.ServerNotification):
            notification = getattr(message, "root", message)  # the SDK 1.x wraps it in a root model
            say(f"notification reached the app: {getattr(notification, 'method', type(notification).__name__)}")
        elif isinstance(message, Exception):
            say(f"error from the session: {message!r}")

    return {
        "client_info": types.Implementation(name=name, version="1.0.0"),
        "list_roots_callback": roots,
        "sampling_callback": sampling,
        "elicitation_callback": elicitation,
        "logging_callback": logged,
        "message_handler": handled,
    }
