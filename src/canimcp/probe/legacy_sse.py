"""The legacy HTTP+SSE transport (2024-11-05): GET /sse opens a stream whose first event names the endpoint for
POSTs, and POST /sse/messages?sessionId=… is answered 202 while its answers go down that stream. The sessions, the
origin check, the size limit and the refusals are the Streamable HTTP side's (http.py), so both transports record
alike."""

from __future__ import annotations

import asyncio

from starlette.requests import Request
from starlette.responses import Response

from . import jsonrpc
from .http import HttpProbe, Reply, rpc_error
from .sse import SseResponse, SseStream


class LegacySse:
    """The two endpoints of the legacy transport, over the sessions of `http`."""

    def __init__(self, http: HttpProbe) -> None:
        self.http = http

    async def stream(self, request: Request) -> Reply:
        """GET /sse: a new session, its stream, and the endpoint event that tells the client where to POST."""
        http = self.http
        if not http.origin_ok(request):
            return rpc_error(403, jsonrpc.INVALID_REQUEST, "Forbidden: Origin not allowed")
        if http.probe.busy:
            return http.busy()
        session = await http.open("sse", request)
        await session.record("in", b"", http.meta(request))
        session_id = http.register(session)
        stream = SseStream(f"sse-{session_id[:8]}")
        session.push = stream
        endpoint = f"{request.scope.get('root_path', '')}/sse/messages?sessionId={session_id}"
        stream.put_raw(stream.event(endpoint.encode(), "endpoint"))
        session.on_close.append(stream.close)

        async def gone() -> None:
            await session.close("client closed the SSE stream")

        return SseResponse(stream, on_disconnect=gone)

    async def message(self, request: Request) -> Reply:
        """POST /sse/messages: recorded, accepted, and answered on the session's stream in the background."""
        http = self.http
        session_id = request.query_params.get("sessionId") or request.query_params.get("session_id") or ""
        session = http.sessions.get(session_id)
        if not http.origin_ok(request):
            return rpc_error(403, jsonrpc.INVALID_REQUEST, "Forbidden: Origin not allowed")
        if session is None or session.transport != "sse":
            return await http.gone(request, session_id)
        body = await http.body_or_refusal(session, request)
        if not isinstance(body, bytes):
            return body
        received = await session.receive(body, http.meta(request))
        task = asyncio.ensure_future(session.reply(received, session.push))
        http.background.add(task)
        task.add_done_callback(http.background.discard)
        return Response("Accepted", 202)
