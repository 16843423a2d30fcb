"""Streamable HTTP behaviour: the GET stream, DELETE at the end, the MCP-Protocol-Version header, Last-Event-ID
resumption (also of a stream the probe cut, see polling.py), batches, and what the client does after a 404 for
its session."""

from __future__ import annotations

from collections.abc import Iterable

from ..transcript import Entry, Transcript
from .base import Rating, Scenario, plain

PREFIX = "transport.streamable-http"


def _posts(t: Transcript) -> list[Entry]:
    return [e for e in t.entries if e.direction == "in" and e.http_method == "POST"]


def _negotiated(t: Transcript) -> list[tuple[int, str | None]]:
    """(index of the probe's answer, the protocol version it gave) for every initialize answered, in order."""
    found = []
    for request in t.requests("initialize"):
        answer = t.response_to(request)
        if answer is not None:
            found.append((answer.index, t.negotiated_by(request)))
    return sorted(found, key=lambda pair: pair[0])


def _version_at(sessions: list[tuple[int, str | None]], index: int) -> str | None:
    """The version negotiated by the last initialize answered before message `index`."""
    return next((version for at, version in reversed(sessions) if at < index), None)


class HttpTransport(Scenario):
    features = tuple(
        f"{PREFIX}.{x}"
        for x in ("get-stream", "delete", "protocol-version-header", "resumption", "batching", "session-expiry")
    )

    def assess(self, t: Transcript) -> Iterable[Rating]:
        # arrays of messages are recorded on any transport; the rest is Streamable HTTP only
        batches = [e for e in t.entries if e.direction == "in" and e.batch]
        yield plain(f"{PREFIX}.batching", True if batches else None, batches[:3])
        if t.transport != "streamable-http":
            return
        handshake_done = next(t.notifications("notifications/initialized"), None) is not None
        gets = list(t.http_events("GET"))
        yield plain(f"{PREFIX}.get-stream", True if gets else (False if handshake_done else None), gets[:3])
        deletes = list(t.http_events("DELETE"))
        yield plain(f"{PREFIX}.delete", True if deletes else (False if handshake_done else None), deletes[:1])
        yield self._version_header(t)
        yield self._resumption(t, gets)
        yield self._expiry(t)

    def _resumption(self, t: Transcript, gets: list[Entry]) -> Rating:
        """Passive: any GET that resumes with Last-Event-ID. Active: when the probe cut a stream after priming it, or
        before 2025-11-25 after its first event (the dropped_stream tool), did the client come back for that
        stream?"""
        feature = f"{PREFIX}.resumption"
        resumed = [e for e in gets if "last-event-id" in e.headers]
        primed = [e for e in t.entries if e.direction == "out" and _cut_after(e)]
        if not primed:
            return plain(feature, True if resumed else None, resumed[:3])
        cut = {_stream_of(_cut_after(e)) for e in primed}
        back = [e for e in resumed if _stream_of(e.headers["last-event-id"]) in cut]
        detail = {"cut": len(cut), "resumed": len({_stream_of(e.headers["last-event-id"]) for e in back})}
        if back:
            return plain(feature, True, [primed[0], *back[:2]], detail=detail)
        if t.cut_short(primed[-1]):
            return plain(feature, None, primed[:1], detail={**detail, "outcome": "left before resuming"})
        return plain(feature, False, primed[:3], detail=detail)

    def _version_header(self, t: Transcript) -> Rating:
        feature = f"{PREFIX}.protocol-version-header"
        if t.era == "stateless":
            posts = [e for e in t.modern if e.http_method == "POST"]
            wrong = [e for e in posts if e.headers.get("mcp-protocol-version") != t.protocol_version]
        else:
            start = t.response_to(t.initialize) if t.initialize else None
            if start is None:
                return plain(feature, None)
            # an initialize needs no header (a client starting a new session after a 404 sends one); every other
            # POST carries the version its own session negotiated
            posts = [e for e in _posts(t) if e.index > start.index and e.method != "initialize"]
            sessions = _negotiated(t)
            wrong = [e for e in posts if e.headers.get("mcp-protocol-version") != _version_at(sessions, e.index)]
        if not posts:
            return plain(feature, None)
        values = sorted({e.headers.get("mcp-protocol-version", "(absent)") for e in posts})
        if values == ["(absent)"] and (t.negotiated_version or "") < "2025-06-18":
            return plain(feature, None, detail={"values": values})  # not required before 2025-06-18
        return plain(feature, not wrong, (wrong or posts)[:3], detail={"values": values})

    def _expiry(self, t: Transcript) -> Rating:
        feature = f"{PREFIX}.session-expiry"
        # the probe's 404 for a session id it forgot on purpose (`--expire-after`), not for one the client ended with
        # DELETE and went on using; a DELETE refused so asks for nothing more
        gone = [
            e
            for e in t.entries
            if e.direction == "out"
            and e.meta.get("http", {}).get("forgotten")
            and e.meta["http"].get("method") != "DELETE"
        ]
        if not gone:
            return plain(feature, None)
        again = next((e for e in t.requests("initialize") if e.index > gone[0].index), None)
        if again is None:
            return plain(feature, False, gone[:3])
        # the first refusal, and the last one before the new initialize (the one it answered, often not the GET's)
        last = max((e for e in gone if e.index < again.index), key=lambda e: e.index)
        return plain(feature, True, [gone[0], *([last] if last is not gone[0] else []), again])


def _stream_of(event_id: str) -> str:
    """The stream an SSE event id names (the probe's ids are `<stream>:<n>`)."""
    return event_id.rpartition(":")[0]


def _cut_after(e: Entry) -> str:
    """The id of the event after which the probe cut this stream: its priming event (2025-11-25 on) or, before
    that, the message it sent first; "" for any other entry."""
    sse = e.meta.get("sse") or {}
    return str(sse.get("priming") or sse.get("cut") or "")
