"""The `dropped_stream` tool over Streamable HTTP: does the client resume a stream the server closed?

From 2025-11-25 a server may prime a POST's SSE answer (an event with an id and no data, plus `retry`) and
close the connection before the answer is ready; the client is to reconnect with a GET carrying
`Last-Event-ID` and receive the rest there (SEP-1699, "SSE polling"). The probe does exactly that for calls to
`dropped_stream`: it primes the stream, ends it, keeps the answer, and hands it to the GET that resumes. The
`http_transport` scenario then judges `transport.streamable-http.resumption` from the transcript.

2025-03-26 and 2025-06-18 have no priming events, but a client may resume a broken stream from the last event
id it received. There the stream's first event is a log message with an id, and the stream breaks after it,
as a lost connection would end it.
"""

from __future__ import annotations

import asyncio
from typing import Any

from . import jsonrpc
from .fixtures import cuts_streams, primes_streams
from .session import ProbeSession, Received
from .sse import ResumableAnswer, SseResponse, SseStream

TOOL = "dropped_stream"
RETRY_MS = 250  # how long the client is asked to wait before reconnecting
MAX_KEPT = 16  # answers a session may leave waiting for a resume; beyond that calls are answered in place
BREAK_NOTICE = {
    "level": "info",
    "logger": "canimcp-probe",
    "data": "The probe breaks this stream now; reconnect with Last-Event-ID to receive the tool's result.",
}


class DroppedStreams:
    """The answers waiting for a resuming GET, by stream id."""

    def __init__(self, background: set[asyncio.Future[None]]) -> None:
        self.waiting: dict[str, tuple[ProbeSession, ResumableAnswer]] = {}
        self.background = background

    def applies(self, session: ProbeSession, received: Received) -> bool:
        """A single call of the tool, from a handshake-era session at 2025-03-26 or later (2024-11-05 has no
        Streamable HTTP, and 2026-07-28 no resumption)."""
        if received.batch or len(received.requests) != 1 or session.era != "handshake":
            return False
        if not cuts_streams(session.version):
            return False
        msg = received.requests[0]
        params = msg.params if isinstance(msg.params, dict) else {}
        if msg.method != "tools/call" or params.get("name") != TOOL:
            return False  # checked first: this runs for every call, the count below only for this tool's
        return sum(1 for owner, _ in self.waiting.values() if owner is session) < MAX_KEPT

    async def answer(self, session: ProbeSession, received: Received, headers: dict[str, str]) -> SseResponse:
        stream = SseStream(f"post-{session.id[-8:]}-{received.index}")
        kept = ResumableAnswer(stream.stream_id)
        self.waiting[stream.stream_id] = (session, kept)

        def forget() -> None:
            self.waiting.pop(stream.stream_id, None)

        session.on_close.append(forget)
        if primes_streams(session.version):
            stream.put_raw(stream.priming(RETRY_MS))
            priming = {"priming": f"{stream.stream_id}:0", "retry": RETRY_MS, "closed": True}
            await session.record("out", b"", {"http": {"status": 200}, "sse": priming})
        else:
            body = jsonrpc.encode(jsonrpc.notification("notifications/message", BREAK_NOTICE))
            stream.put_raw(stream.opening(body))
            await session.record("out", body, {"http": {"status": 200}, "sse": {"cut": f"{stream.stream_id}:0"}})
        stream.close()  # the response ends after that event: the answer waits for the client to resume

        async def run() -> None:
            try:
                reply = await session.handle(received.requests[0], kept)
                if reply is not None:
                    await session.send(reply, kept, {"http": {"status": 200}})
            finally:
                kept.finish()

        task = asyncio.ensure_future(run())
        self.background.add(task)
        task.add_done_callback(self.background.discard)
        return SseResponse(stream, headers)

    def resume(self, session: ProbeSession, last_event_id: str, headers: dict[str, Any]) -> SseResponse | None:
        """The resumed stream for a GET with `Last-Event-ID` naming one of this session's waiting answers."""
        found = self.waiting.get(last_event_id.rpartition(":")[0])
        if found is None or found[0] is not session:
            return None  # another session's stream, or none: the GET gets the session's own stream instead
        return SseResponse(found[1].resume(last_event_id), headers)
