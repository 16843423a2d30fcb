"""The `dropped_stream` tool over Streamable HTTP: does the client resume a stream the server closed?

From 2025-11-25 a server may prime a POST's SSE answer (an event with an id and no data, plus `retry`) and
close the connection before the answer is ready; the client is to reconnect with a GET carrying
`Last-Event-ID` and receive the rest there (SEP-1699, "SSE polling"). The probe does exactly that for calls to
`dropped_stream`: it primes the stream, ends it, keeps the answer, and hands it to the GET that resumes. The
`http_transport` scenario then judges `transport.streamable-http.resumption` from the transcript.
"""

from __future__ import annotations

import asyncio
from typing import Any

from .fixtures import primes_streams
from .session import ProbeSession, Received
from .sse import ResumableAnswer, SseResponse, SseStream

TOOL = "dropped_stream"
RETRY_MS = 250  # how long the client is asked to wait before reconnecting
MAX_KEPT = 16  # answers a session may leave waiting for a resume; beyond that calls are answered in place


class DroppedStreams:
    """The answers waiting for a resuming GET, by stream id."""

    def __init__(self, background: set[asyncio.Future[None]]) -> None:
        self.waiting: dict[str, tuple[ProbeSession, ResumableAnswer]] = {}
        self.background = background

    def applies(self, session: ProbeSession, received: Received) -> bool:
        """A single call of the tool, from a handshake-era session at 2025-11-25 or later (earlier revisions do
        not define priming events, and 2026-07-28 has no resumption)."""
        if received.batch or len(received.requests) != 1 or session.era != "handshake":
            return False
        if not primes_streams(session.version):
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
        stream.put_raw(stream.priming(RETRY_MS))
        priming = {"priming": f"{stream.stream_id}:0", "retry": RETRY_MS, "closed": True}
        await session.record("out", b"", {"http": {"status": 200}, "sse": priming})
        stream.close()  # the response ends after the priming event: the answer waits for the client to resume

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
