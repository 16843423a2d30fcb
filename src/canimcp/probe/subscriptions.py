"""`subscriptions/listen` (2026-07-28): the one stream on which a stateless client hears about changes.

It replaced both `resources/subscribe` and the Streamable HTTP GET stream. The probe acknowledges the part
of the client's filter it honours (all of it: the probe advertises every change notification), then sends
one notification of each honoured kind, stamped with the subscription id and once per session, so that the
list-changed and subscription scenarios can judge whether the client lists or reads again (a list change
waits until the client has listed that kind, so that its first listing does not pass for a re-list, and goes
out alone, so that a re-list shows which change it answered). The stream then
stays open until the client leaves it (closes the HTTP response, or cancels the request on stdio); when the
session ends first, `close_listens` ends each stream gracefully with its result, as the spec asks.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING, Any, NoReturn

from . import jsonrpc
from .jsonrpc import INVALID_PARAMS, INVALID_REQUEST, METHOD_NOT_FOUND, RpcError

if TYPE_CHECKING:
    from .handlers import Call
    from .session import Channel, ProbeSession

SUBSCRIPTION_ID = "io.modelcontextprotocol/subscriptionId"
LIST_FLAGS = {"toolsListChanged": "tools", "promptsListChanged": "prompts", "resourcesListChanged": "resources"}
UPDATED = "notifications/resources/updated"
MAX_NOTIFIED_URIS = 3  # resources/updated sent per session: enough to see a re-read, not a flood
MAX_OPEN = 64  # streams one session may hold open: each is a task and a queue on the probe's side


def honoured_filter(requested: dict[str, Any]) -> dict[str, Any]:
    """The filter to acknowledge: each flag the client set to true, and the resource URIs that are strings."""
    honoured: dict[str, Any] = {flag: True for flag in LIST_FLAGS if requested.get(flag) is True}
    uris = requested.get("resourceSubscriptions")
    if isinstance(uris, list):
        kept = [uri for uri in uris if isinstance(uri, str)]
        if kept:
            honoured["resourceSubscriptions"] = kept
    return honoured


def change_notifications(session: ProbeSession, honoured: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """One notification of each honoured kind that this session has not been sent yet (method, params)."""
    lists = [f"notifications/{LIST_FLAGS[flag]}/list_changed" for flag in LIST_FLAGS if flag in honoured]
    fresh: list[tuple[str, dict[str, Any]]] = [(m, {}) for m in lists if (m, None) not in session.listen_tested]
    updated = sum(method == UPDATED for method, _ in session.listen_tested)
    new_uris = [u for u in honoured.get("resourceSubscriptions", []) if (UPDATED, u) not in session.listen_tested]
    fresh += [(UPDATED, {"uri": uri}) for uri in new_uris[: max(0, MAX_NOTIFIED_URIS - updated)]]
    session.listen_tested.update((method, params.get("uri")) for method, params in fresh)
    return fresh


async def listen(call: Call) -> dict[str, Any]:
    if not call.modern:
        raise RpcError(METHOD_NOT_FOUND, "Method not found: subscriptions/listen is a 2026-07-28 method")
    requested = call.params.get("notifications")
    if not isinstance(requested, dict):
        raise RpcError(INVALID_PARAMS, "subscriptions/listen needs a notifications filter (an object)")
    channel = call.channel
    if channel is None:
        raise RpcError(INVALID_REQUEST, "subscriptions/listen needs a stream: send it with Accept: text/event-stream")
    session = call.session
    if len(session.listens) >= MAX_OPEN:
        raise RpcError(INVALID_REQUEST, f"too many open subscriptions/listen streams (at most {MAX_OPEN})")
    session.listens[call.msg.id] = channel  # counted at once: listens sent together cannot all pass the check
    try:
        honoured = honoured_filter(requested)
        meta = {SUBSCRIPTION_ID: call.msg.id}
        ack = {"notifications": honoured, "_meta": meta}
        await session.send(jsonrpc.notification("notifications/subscriptions/acknowledged", ack), channel)
        if session.config.auto_scenarios and not session.config.conformance:
            sends = asyncio.gather(
                *(
                    _announce(session, channel, m, {**p, "_meta": meta})
                    for m, p in change_notifications(session, honoured)
                )
            )
            session.announcing.add(sends)
            try:
                await sends
            finally:
                session.announcing.discard(sends)
        await _forever()
    finally:
        session.listens.pop(call.msg.id, None)


async def _announce(session: ProbeSession, channel: Channel, method: str, params: dict[str, Any]) -> None:
    """Send one change notification; a list change as `ProbeSession.announce_list_change` does (once the client
    has listed that kind, one kind at a time), so that each re-list shows which notification it answered."""
    if method.endswith("/list_changed"):
        await session.announce_list_change(method.split("/")[1], jsonrpc.notification(method, params), channel)
    else:
        await session.send(jsonrpc.notification(method, params), channel)


async def _forever() -> NoReturn:
    """Until the task is cancelled: the client left the stream, or the session ended (see `close_listens`)."""
    await asyncio.get_running_loop().create_future()
    raise AssertionError("a future nobody sets was set")


async def close_listens(session: ProbeSession) -> None:
    """The session is ending: close each open stream with the listen result (`resultType` complete)."""
    for request_id, channel in list(session.listens.items()):
        result = {"resultType": "complete", "_meta": {SUBSCRIPTION_ID: request_id}}
        with contextlib.suppress(Exception):  # the client may be gone already; the run still ends
            await session.send(jsonrpc.result(request_id, result), channel)
