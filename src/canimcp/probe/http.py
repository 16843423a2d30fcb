"""The probe over HTTP: Streamable HTTP at /mcp and the legacy HTTP+SSE transport at /sse (legacy_sse.py), as one
Starlette app.

`create_app(store)` is all a host needs: `canimcp probe serve` runs it under uvicorn, and `canimcp serve` can
mount it beside the site (`Mount("/probe", app=create_app(store))` gives /probe/mcp and /probe/sse).
"""

from __future__ import annotations

import asyncio
import json
import secrets
import time
from collections import OrderedDict
from typing import Any

from starlette.applications import Starlette
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route
from starlette.types import Receive, Scope, Send

from ..model.probe import STARTED_OVER
from ..store import RunStore
from . import jsonrpc
from .config import HANDSHAKE_VERSIONS, STATELESS_VERSIONS, ProbeConfig
from .oauth import AuthServer, base_url
from .polling import DroppedStreams
from .session import Probe, ProbeSession, Received
from .sse import SseResponse, SseStream
from .transcript import META_CLIENT_INFO, META_PROTOCOL_VERSION

SESSION_HEADER = "mcp-session-id"
REDACTED = ("authorization", "proxy-authorization", "cookie")
LOOPBACK_HOSTS = ("localhost", "127.0.0.1", "[::1]")
STATELESS_GAP = 30.0  # seconds without a request after which a stateless client's next request starts a new run
PAGE = (
    "<!doctype html><html lang=en><head><meta charset=utf-8><title>canimcp probe</title></head>"
    "<body><p>canimcp's probe recorded that this page was opened. You can close it.</p></body></html>"
)
KEEP_EXPIRED = 1024  # closed sessions remembered, so a request for one is recorded in its run (with the 404)


Reply = Response | SseResponse


def recorded_headers(request: Request) -> dict[str, str]:
    """Request headers as received (lower-cased names, repeats joined), credentials redacted."""
    headers: dict[str, str] = {}
    for key, value in request.headers.items():
        value = "[redacted]" if key in REDACTED else value
        headers[key] = f"{headers[key]}, {value}" if key in headers else value
    return headers


def rpc_error(status: int, code: int, message: str, headers: dict[str, str] | None = None) -> Response:
    return Response(jsonrpc.encode(jsonrpc.error(None, code, message)), status, headers, "application/json")


class TooLarge(Exception):
    def __init__(self, head: bytes, size: int) -> None:
        self.head, self.size = head, size


class HttpProbe:
    """Sessions of both HTTP transports, by session id; stateless clients grouped into runs."""

    def __init__(self, probe: Probe) -> None:
        self.probe = probe
        self.config = probe.config
        self.sessions: dict[str, ProbeSession] = {}
        self.expired: OrderedDict[str, ProbeSession] = OrderedDict()
        self.forgotten: set[str] = set()  # of those, the ids the probe dropped on purpose (expire_after)
        self.stateless: dict[tuple[str, ...], ProbeSession] = {}
        self.get_streams: dict[str, SseStream] = {}
        self.background: set[asyncio.Future[None]] = set()
        self.keys: dict[str, tuple[str, ...]] = {}  # session id → client key
        self.posts: dict[str, int] = {}  # session id → POSTs seen (for expire_after)
        self.reinit: dict[tuple[str, ...], tuple[ProbeSession, float]] = {}  # sessions the probe expired
        self.dropped = DroppedStreams(self.background)  # answers whose stream the probe cut, until resumed
        self.auth = AuthServer(self) if self.config.auth else None

    # --- shared pieces -------------------------------------------------------------------------------------
    def origin_ok(self, request: Request) -> bool:
        origin = request.headers.get("origin")
        if origin is None or origin in self.config.allowed_origins:
            return True
        scheme, _, rest = origin.partition("://")
        host = rest.rsplit(":", 1)[0] if not rest.endswith("]") else rest
        return scheme in ("http", "https") and host in LOOPBACK_HOSTS

    async def read_body(self, request: Request) -> bytes:
        limit = self.config.limits.max_message_bytes
        declared = request.headers.get("content-length", "")
        chunks, size = [], 0
        async for chunk in request.stream():
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:
                head = b"".join(chunks)[:limit]
                raise TooLarge(head, int(declared) if declared.isdigit() else size)
        return b"".join(chunks)

    def meta(self, request: Request, **extra: Any) -> dict[str, Any]:
        http: dict[str, Any] = {"method": request.method, "path": request.url.path}
        if request.url.query:
            http["query"] = request.url.query
        if self.auth is not None and self.auth.authorized(request):
            extra = {"auth": "bearer", **extra}  # the header itself is redacted; that it held a valid token is kept
        return {"http": http, "headers": recorded_headers(request), **extra}

    async def open(self, transport: str, request: Request) -> ProbeSession:
        client = request.client
        session = await self.probe.open_session(
            transport,
            remote=f"{client.host}:{client.port}" if client else None,
            userAgent=request.headers.get("user-agent"),
        )
        session.page_base = base_url(request)
        return session

    async def page(self, request: Request) -> Reply:
        """A page the probe pointed the client at (a URL-mode elicitation): the visit goes into the run that got
        the link. The page shows nothing from the request."""
        token = request.path_params["token"]
        owner = next((s for s in self.probe.sessions.values() if s.knows_nonce(token)), None)
        if owner is None:
            return Response("Not found", 404, media_type="text/plain")
        await owner.record("in", b"", self.meta(request, page=request.path_params["name"]))
        return HTMLResponse(PAGE)

    def register(self, session: ProbeSession, key: tuple[str, ...] | None = None) -> str:
        session_id = secrets.token_hex(16)
        self.sessions[session_id] = session
        if key is not None:
            self.keys[session_id] = key
        session.on_close.append(lambda: self._expire(session_id))
        return session_id

    def forget(self, session_id: str, session: ProbeSession) -> None:
        """`expire_after`: the session id stops working (404) while the run goes on; a new initialize from the same
        client resumes it."""
        key = self.keys.get(session_id, ("",))
        self._expire(session_id)
        self.forgotten.add(session_id)
        session.push = None
        session.expired_by_probe = True
        self.reinit[key] = (session, time.monotonic())

    def _expire(self, session_id: str) -> None:
        self.keys.pop(session_id, None)
        self.posts.pop(session_id, None)
        session = self.sessions.pop(session_id, None)
        stream = self.get_streams.pop(session_id, None)
        if stream is not None:
            stream.close()
        if session is not None:
            self.expired[session_id] = session
            while len(self.expired) > KEEP_EXPIRED:
                self.forgotten.discard(self.expired.popitem(last=False)[0])

    async def body_or_refusal(self, session: ProbeSession | None, request: Request) -> bytes | Reply:
        """The POST body, or the answer for one over the size limit (recorded, session closed) or cut off."""
        try:
            return await self.read_body(request)
        except TooLarge as exc:
            return await self.too_large(session, exc, request)
        except ClientDisconnect:
            return Response(status_code=400)

    async def too_large(self, session: ProbeSession | None, exc: TooLarge, request: Request) -> Reply:
        limit = self.config.limits.max_message_bytes
        if session is not None:
            await session.record("in", exc.head, self.meta(request, truncated=True, size=exc.size))
            await session.close("message over the size limit")
        message = f"message larger than the limit of {limit} bytes"
        return rpc_error(413, jsonrpc.INVALID_REQUEST, message, {"connection": "close"})

    def busy(self) -> Response:
        cap = self.config.limits.max_sessions
        message = f"Server busy: the probe holds its maximum of {cap} concurrent sessions; retry later"
        return rpc_error(503, jsonrpc.SERVER_BUSY, message, {"retry-after": "5"})

    # --- Streamable HTTP ---------------------------------------------------------------------------------
    async def mcp(self, request: Request) -> Reply:
        if request.method == "POST":
            return await self.mcp_post(request)
        session_id = request.headers.get(SESSION_HEADER)
        session = self.sessions.get(session_id or "")
        if not self.origin_ok(request):
            if session is not None:
                await session.record("in", b"", self.meta(request, status=403))
            return rpc_error(403, jsonrpc.INVALID_REQUEST, "Forbidden: Origin not allowed")
        if session is None:
            return await self.gone(request, session_id)
        if self.auth is not None and not self.auth.authorized(request):
            return await self.auth.refuse(request, b"", session)
        if request.method == "DELETE":
            await session.record("in", b"", self.meta(request))
            await session.close("client sent DELETE")
            return Response(status_code=200)
        return await self.mcp_get(request, session_id or "", session)

    async def gone(self, request: Request, session_id: str | None) -> Reply:
        if not session_id:
            return rpc_error(400, jsonrpc.INVALID_REQUEST, "Bad Request: Mcp-Session-Id header required")
        old = self.expired.get(session_id)
        if old is not None:  # recorded in the run it belonged to: does the client start over after the 404?
            body = b""
            if request.method == "POST":
                try:
                    body = await self.read_body(request)
                except (TooLarge, ClientDisconnect):
                    body = b""
            await old.record("in", body, self.meta(request, status=404))
            # `forgotten`: the probe dropped the id on purpose (expire_after), not a session the client ended
            answer = {"status": 404, "method": request.method, "forgotten": session_id in self.forgotten}
            await old.record("out", b"", {"http": answer})
        return rpc_error(404, jsonrpc.INVALID_REQUEST, "Session not found")

    async def mcp_get(self, request: Request, session_id: str, session: ProbeSession) -> Reply:
        if "text/event-stream" not in request.headers.get("accept", ""):
            await session.record("in", b"", self.meta(request, status=405))
            return Response("GET needs Accept: text/event-stream", 405, {"allow": "POST, DELETE"})
        await session.record("in", b"", self.meta(request))
        if session_id not in self.sessions:  # forgotten (expire_after) while the GET was being recorded
            refused = {"status": 404, "method": "GET", "forgotten": session_id in self.forgotten}
            await session.record("out", b"", {"http": refused})
            return rpc_error(404, jsonrpc.INVALID_REQUEST, "Session not found")
        last = request.headers.get("last-event-id")
        resumed = self.dropped.resume(session, last, {"mcp-session-id": session_id}) if last else None
        if resumed is not None:
            return resumed
        previous = self.get_streams.get(session_id)
        if last and previous is not None and not previous.closed and last.rpartition(":")[0] != previous.stream_id:
            # a stream the probe keeps nothing of (a POST's answer), while the GET stream is open: taking that over
            # would leave the client two GET loops that close each other (TS SDK 1.x comes back for a POST stream
            # that ended with an error answer). Refused as the SDK's server refuses a second GET stream
            conflict = {"status": 409, "method": "GET", "unresumable": last}
            await session.record("out", b"", {"http": conflict})
            return rpc_error(409, jsonrpc.INVALID_REQUEST, "Conflict: stream not resumable; the GET stream is open")
        stream = SseStream(f"get-{session_id[:8]}", keep=256)
        if previous is not None:
            if last:
                for frame in previous.replay_after(last):
                    stream.put_raw(frame)
                stream.history, stream.sent, stream.stream_id = previous.history, previous.sent, previous.stream_id
            previous.close()
        self.get_streams[session_id] = stream
        session.push = stream
        if session.initialized and self.config.auto_scenarios and session.era == "handshake":
            session.start_scenarios(stream)

        def gone() -> None:
            if self.get_streams.get(session_id) is stream:
                session.push = None

        return SseResponse(stream, {"mcp-session-id": session_id}, on_disconnect=gone)

    async def mcp_post(self, request: Request) -> Reply:
        session_id = request.headers.get(SESSION_HEADER)
        session = self.sessions.get(session_id) if session_id else None
        if not self.origin_ok(request):
            if session is not None:
                await session.record("in", b"", self.meta(request, status=403))
            return rpc_error(403, jsonrpc.INVALID_REQUEST, "Forbidden: Origin not allowed")
        if session_id and session is None:
            return await self.gone(request, session_id)
        body = await self.body_or_refusal(session, request)
        if not isinstance(body, bytes):
            return body
        if self.auth is not None and not self.auth.authorized(request):
            return await self.auth.refuse(request, body, session)
        new_id = None
        if session is None:
            session, new_id, refused = await self.session_for(request, body)
            if session is None:
                return refused or self.busy()
        received = await session.receive(body, self.meta(request))
        reply = await self.answer(request, session, received, new_id)
        current = new_id or session_id
        limit = self.config.expire_after
        if current and limit and not session.expired_by_probe:
            self.posts[current] = self.posts.get(current, 0) + 1
            if self.posts[current] >= limit:
                self.forget(current, session)
        return reply

    async def session_for(
        self, request: Request, body: bytes
    ) -> tuple[ProbeSession | None, str | None, Response | None]:
        """A POST without a session id: initialize starts a session; anything else is stateless (or a client
        that skipped initialize), grouped by client into a run."""
        items, init = _parsed(body)
        key = self.client_key(request, items, init)
        if self.auth is not None:
            # refused until now, or signed in before connecting: it came back with a token, same run
            waiting = self.auth.waiting_run(key) or self.auth.signed_in_run(request)
            if waiting is not None and init is not None:
                return waiting, self.register(waiting, key), None
            if waiting is not None:
                self.stateless[key] = waiting
        grouped = self.stateless.get(key)
        idle = grouped is not None and not grouped.listens and time.monotonic() - grouped.last_activity > STATELESS_GAP
        if grouped is not None and (grouped.closed or idle):  # a client still listening is not idle
            self.stateless.pop(key, None)
            await grouped.close("stateless client idle")  # its next request starts a new run
            grouped = None
        if init is not None and self.config.eras != "stateless":
            expired, when = self.reinit.pop(key, (None, 0.0))
            if expired is not None and not expired.closed and time.monotonic() - when <= STATELESS_GAP:
                if grouped is not None and grouped.era != "handshake":
                    # it tried the 2026-07-28 era again first (Claude Code does): that try's run ends here, saying
                    # where its initialize went, so that it is not judged a client that gave up after a refusal
                    self.stateless.pop(key, None)
                    await grouped.close(STARTED_OVER)
                return expired, self.register(expired, key), None  # the client started over after the 404
            if grouped is not None and grouped.era != "handshake":
                # the same client just tried the stateless era (e.g. server/discover): one run shows the fallback
                self.stateless.pop(key, None)
                return grouped, self.register(grouped, key), None
            if self.probe.busy:
                return None, None, self.busy()
            session = await self.open("streamable-http", request)
            return session, self.register(session, key), None
        if grouped is None:
            if self.probe.busy:
                return None, None, self.busy()
            grouped = await self.open("streamable-http", request)
            self.stateless[key] = grouped
        return grouped, None, None

    def key_of(self, request: Request, body: bytes) -> tuple[str, ...]:
        return self.client_key(request, *_parsed(body))

    def client_key(self, request: Request, items: list[Any], init: dict[str, Any] | None) -> tuple[str, ...]:
        info: Any = None
        if init is not None and isinstance(init.get("params"), dict):
            info = init["params"].get("clientInfo")
        for item in items:
            params = item.get("params") if isinstance(item, dict) else None
            meta = params.get("_meta") if isinstance(params, dict) else None
            if info is None and isinstance(meta, dict) and META_PROTOCOL_VERSION in meta:
                info = meta.get(META_CLIENT_INFO)
        host = request.client.host if request.client else ""
        return host, request.headers.get("user-agent", ""), json.dumps(info, sort_keys=True)

    async def answer(self, request: Request, session: ProbeSession, received: Received, new_id: str | None) -> Reply:
        headers = {"mcp-session-id": new_id} if new_id else {}
        if not received.requests:
            if received.replies:
                body = received.replies if received.batch else received.replies[0]
                await session.send(body, None, {"http": {"status": 400}})
                return Response(jsonrpc.encode(body), 400, headers, "application/json")
            return Response(status_code=202, headers=headers)
        version = request.headers.get("mcp-protocol-version")
        if version is not None and version not in (*HANDSHAKE_VERSIONS, *STATELESS_VERSIONS):
            error = jsonrpc.error(None, jsonrpc.INVALID_REQUEST, f"Bad Request: unsupported protocol version {version}")
            await session.send(error, None, {"http": {"status": 400}})
            return Response(jsonrpc.encode(error), 400, headers, "application/json")
        accepts_sse = "text/event-stream" in request.headers.get("accept", "")
        methods = {r.method for r in received.requests}
        if "subscriptions/listen" in methods and not accepts_sse:  # its answer is a stream, nothing else
            error = jsonrpc.error(None, jsonrpc.INVALID_REQUEST, "Not Acceptable: subscriptions/listen needs SSE")
            await session.send(error, None, {"http": {"status": 406}})
            return Response(jsonrpc.encode(error), 406, headers, "application/json")
        streaming = accepts_sse and bool(methods & {"tools/call", "subscriptions/listen"})
        if streaming and self.dropped.applies(session, received):
            return await self.dropped.answer(session, received, headers)
        if streaming:
            return self.stream_answers(session, received, headers)
        channel = session.push
        work = asyncio.gather(*(session.handle(r, channel) for r in received.requests))
        answers = await (self.unless_closed(request, session, received, work) if "tools/call" in methods else work)
        if answers is None:  # nobody is left to read an answer
            return Response(status_code=204, headers=headers)
        replies = [*received.replies, *(a for a in answers if a is not None)]
        if not replies:
            return Response(status_code=202, headers=headers)
        body = replies if received.batch else replies[0]
        data = jsonrpc.encode(body)
        await session.record("out", data, {"http": {"status": 200}})
        session.sent(body)
        return Response(data, 200, headers, "application/json")

    async def unless_closed(
        self, request: Request, session: ProbeSession, received: Received, work: asyncio.Future[list[Any]]
    ) -> list[Any] | None:
        """The answers `work` gives, or None if the client closed the connection first: recorded as for a response
        stream closed before its answer, which in 2026-07-28 is how a client cancels (a tool call may take long)."""
        seen = False

        async def closed() -> None:
            nonlocal seen
            while (await request.receive())["type"] != "http.disconnect":
                pass
            seen = True
            if not work.done():  # recorded in the step that sees it, before anything the client sends next
                await session.record("in", b"", {"http": {"closedBeforeAnswer": received.index}})

        watch = asyncio.ensure_future(closed())
        either: set[asyncio.Future[Any]] = {work, watch}
        try:
            await asyncio.wait(either, return_when=asyncio.FIRST_COMPLETED)
        finally:
            if seen:
                work.cancel()
            else:  # still waiting for a disconnect; once one is seen, its record is allowed to finish
                watch.cancel()
            await asyncio.gather(work, watch, return_exceptions=True)
        return None if seen else work.result()

    def stream_answers(self, session: ProbeSession, received: Received, headers: dict[str, str]) -> Reply:
        """An SSE response: messages about the requests (progress, the scenarios' requests), then the answers."""
        stream = SseStream(f"post-{received.index}")
        answering = asyncio.Event()

        async def run() -> None:
            try:
                answers = await asyncio.gather(*(session.handle(r, stream) for r in received.requests))
                replies = [*received.replies, *(a for a in answers if a is not None)]
                if replies:
                    answering.set()
                    await session.send(replies if received.batch else replies[0], stream, {"http": {"status": 200}})
            finally:
                stream.close()

        task = asyncio.ensure_future(run())

        async def gone() -> None:
            # the client closed the stream before the answer: in 2026-07-28 that is how it cancels a request (the
            # cancellation scenario judges it), so it is recorded as an event naming the POST it answers
            if not answering.is_set():
                await session.record("in", b"", {"http": {"closedBeforeAnswer": received.index}})
            task.cancel()

        return SseResponse(stream, headers, on_disconnect=gone)


def _parsed(body: bytes) -> tuple[list[Any], dict[str, Any] | None]:
    """A POST body's messages, and its initialize request if it has one."""
    try:
        value = json.loads(body)
    except ValueError:
        value = None
    items = value if isinstance(value, list) else [value]
    init = next((m for m in items if isinstance(m, dict) and m.get("method") == "initialize"), None)
    return items, init


class _Endpoint:
    """A Starlette endpoint that never lets an exception reach the client as a crash."""

    def __init__(self, handler: Any) -> None:
        self.handler = handler

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        request = Request(scope, receive)
        response = await self.handler(request)
        await response(scope, receive, send)


def create_app(store: RunStore, config: ProbeConfig | None = None) -> Starlette:
    """The probe's ASGI app. The store opens on first use (so the app also works mounted inside another app,
    whose lifespan a mounted app does not get); `app.state.probe.close_all()` ends live sessions."""
    from .legacy_sse import LegacySse  # here: it imports this module

    probe = Probe(store, config)
    http = HttpProbe(probe)
    sse = LegacySse(http)
    app = Starlette(
        routes=[
            Route("/mcp", _Endpoint(http.mcp), methods=["GET", "POST", "DELETE"]),
            Route("/sse", _Endpoint(sse.stream), methods=["GET"]),
            Route("/sse/messages", _Endpoint(sse.message), methods=["POST"]),
            Route("/pages/{name}/{token}", _Endpoint(http.page), methods=["GET"]),
            *(http.auth.routes() if http.auth is not None else []),
        ],
        lifespan=_lifespan,
    )
    app.state.probe = probe
    app.state.http = http
    return app


def _lifespan(app: Starlette) -> Any:
    from contextlib import asynccontextmanager

    @asynccontextmanager
    async def span(app: Starlette) -> Any:
        probe: Probe = app.state.probe
        await probe.store.open()
        try:
            yield
        finally:
            await probe.close_all()
            await probe.store.close()

    return span(app)
