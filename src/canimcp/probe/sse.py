"""Server-sent event streams as Channels: the legacy /sse stream, Streamable HTTP's GET stream and the SSE
responses to POSTs."""

from __future__ import annotations

import asyncio
import contextlib
import inspect
from collections import deque
from collections.abc import AsyncIterator, Callable

from starlette.types import Receive, Scope, Send

KEEPALIVE = 15.0  # seconds between comment frames on an idle stream, so a gone client is noticed


class SseStream:
    """A queue of SSE frames; `write` is the Channel side, `frames` the HTTP side. Event ids are
    `<stream>:<n>`, and the last `keep` events stay for Last-Event-ID replays."""

    def __init__(self, stream_id: str, keep: int = 0) -> None:
        self.stream_id = stream_id
        self.queue: asyncio.Queue[bytes | None] = asyncio.Queue()
        self.sent = 0
        self.history: deque[tuple[int, bytes]] = deque(maxlen=keep or None)
        self.keep = keep
        self.closed = False

    def event(self, data: bytes, event: str = "message") -> bytes:
        self.sent += 1
        frame = b"id: %s:%d\nevent: %s\ndata: %s\n\n" % (self.stream_id.encode(), self.sent, event.encode(), data)
        if self.keep:
            self.history.append((self.sent, frame))
        return frame

    def priming(self, retry_ms: int) -> bytes:
        """The event that makes a stream resumable (2025-11-25): an id, no data, and how long to wait before
        reconnecting. It is event 0: what follows is numbered from 1 (a resume after 0 replays all of it)."""
        return b"id: %s:0\nretry: %d\ndata: \n\n" % (self.stream_id.encode(), retry_ms)

    def opening(self, data: bytes) -> bytes:
        """Event 0 carrying a message, where priming is not defined (before 2025-11-25): it still gives the client
        an id to resume from, and what follows is numbered from 1 as after priming."""
        return b"id: %s:0\ndata: %s\n\n" % (self.stream_id.encode(), data)

    async def write(self, data: bytes) -> None:
        if not self.closed:
            self.queue.put_nowait(self.event(data))

    def put_raw(self, frame: bytes) -> None:
        if not self.closed:
            self.queue.put_nowait(frame)

    def replay_after(self, last_event_id: str) -> list[bytes]:
        stream, _, number = last_event_id.rpartition(":")
        if stream != self.stream_id or not number.isdigit():
            return []
        return [frame for n, frame in self.history if n > int(number)]

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.queue.put_nowait(None)

    async def frames(self) -> AsyncIterator[bytes]:
        while True:
            try:
                frame = await asyncio.wait_for(self.queue.get(), KEEPALIVE)
            except TimeoutError:
                yield b": keep-alive\n\n"
                continue
            if frame is None:
                return
            yield frame


class ResumableAnswer:
    """The channel of a POST whose SSE answer the probe cut after its priming event: every event is kept, and a
    GET that resumes it (`Last-Event-ID: <stream>:<n>`) gets those after n, then the rest as they come."""

    def __init__(self, stream_id: str, keep: int = 256) -> None:
        self.log = SseStream(stream_id, keep=keep)
        self.live: SseStream | None = None
        self.done = False
        self.closed = False  # a Channel that is never "gone": what it is given waits for the client to resume

    async def write(self, data: bytes) -> None:
        frame = self.log.event(data)
        if self.live is not None:
            self.live.put_raw(frame)

    def resume(self, last_event_id: str) -> SseStream:
        live = SseStream(self.log.stream_id)
        for frame in self.log.replay_after(last_event_id):
            live.put_raw(frame)
        if self.live is not None:
            self.live.close()
        self.live = live
        if self.done:
            live.close()
        return live

    def finish(self) -> None:
        """The answer is complete: the resumed stream ends once it has sent it."""
        self.done = True
        if self.live is not None:
            self.live.close()


class SseResponse:
    """Streams `frames` and notices a client that goes away even while nothing is being sent."""

    def __init__(
        self,
        stream: SseStream,
        headers: dict[str, str] | None = None,
        on_disconnect: Callable[[], object] | None = None,
    ) -> None:
        self.stream = stream
        self.headers = {"cache-control": "no-cache", "content-type": "text/event-stream", **(headers or {})}
        self.on_disconnect = on_disconnect

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        raw_headers = [(k.encode("latin-1"), v.encode("latin-1")) for k, v in self.headers.items()]
        await send({"type": "http.response.start", "status": 200, "headers": raw_headers})

        async def pump() -> None:
            async for frame in self.stream.frames():
                await send({"type": "http.response.body", "body": frame, "more_body": True})

        gone = False

        async def listen() -> None:
            nonlocal gone
            while (await receive())["type"] != "http.disconnect":
                pass
            # acted on at once, in the step that saw the disconnect: what the probe records about it then comes
            # before any message the client sends next (a 2026-07-28 client cancels a call this way, then goes on)
            gone = True
            self.stream.closed = True
            if self.on_disconnect is not None:
                outcome = self.on_disconnect()
                if inspect.isawaitable(outcome):
                    await outcome

        sending = asyncio.ensure_future(pump())
        listening = asyncio.ensure_future(listen())
        try:
            await asyncio.wait({sending, listening}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            sending.cancel()
            if not gone:  # still waiting for a disconnect; once one is seen, what it does is allowed to finish
                listening.cancel()
            await asyncio.gather(sending, listening, return_exceptions=True)
        self.stream.closed = True
        if not gone:
            with contextlib.suppress(OSError):
                await send({"type": "http.response.body", "body": b"", "more_body": False})
