"""One client connection: records every message as it arrives, answers requests, runs the scenarios.

Transport-agnostic: stdio, Streamable HTTP and HTTP+SSE feed bytes in through `receive` and hand a `Channel`
for whatever the probe sends back.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol

from ..store import MessageRow, RunRow, RunStore
from . import jsonrpc
from .clock import now_iso
from .config import ProbeConfig
from .jsonrpc import Message, RpcError
from .subscriptions import close_listens
from .tool_tasks import ToolTasks
from .transcript import META_CLIENT_CAPABILITIES, META_CLIENT_INFO, META_PROTOCOL_VERSION, _has_path
from .url_gate import UrlGate

if TYPE_CHECKING:
    from .scenarios.base import Scenario

log = logging.getLogger("canimcp.probe")

LIST_METHODS = frozenset({"tools/list", "prompts/list", "resources/list"})  # what a list_changed asks to redo
LIST_GRACE = 0.05  # seconds between sending a list and announcing that it changed
LIST_QUIET = 0.5  # seconds without a listing that end a client's refresh (see announce_list_change)


class Channel(Protocol):
    """Somewhere the probe can write one encoded JSON-RPC message (stdout, an SSE stream...)."""

    async def write(self, data: bytes) -> None: ...


def new_run_id() -> str:
    return f"{dt.datetime.now(dt.UTC):%Y%m%dT%H%M%S}-{secrets.token_hex(4)}"


@dataclass
class Received:
    """What one incoming message asks of the transport: requests to answer, replies ready now."""

    requests: list[Message] = field(default_factory=list)
    replies: list[dict[str, Any]] = field(default_factory=list)
    batch: bool = False
    index: int = -1


class Probe:
    """The probe server: its settings, its store and the live sessions, shared by every transport."""

    def __init__(self, store: RunStore, config: ProbeConfig | None = None) -> None:
        from .scenarios import all_scenarios

        self.store = store
        self.config = config or ProbeConfig()
        self.scenarios: list[Scenario] = all_scenarios()
        self.sessions: dict[str, ProbeSession] = {}

    @property
    def busy(self) -> bool:
        return len(self.sessions) >= self.config.limits.max_sessions

    async def open_session(self, transport: str, **fields: Any) -> ProbeSession:
        session = ProbeSession(self, transport)
        self.sessions[session.id] = session
        # the answer timeout tells a client that stayed silent from one that left before it could answer
        fields = {**fields, "answerTimeout": self.config.answer_timeout}
        await self.store.create_run(RunRow(session.id, session.started, transport, "handshake", fields=fields))
        return session

    async def close_all(self, reason: str = "probe shutting down") -> None:
        for session in list(self.sessions.values()):
            await session.close(reason)


class ProbeSession:
    def __init__(self, probe: Probe, transport: str) -> None:
        self.probe = probe
        self.config = probe.config
        self.transport = transport
        self.id = new_run_id()
        self.started = now_iso()
        self._t0 = time.monotonic()
        self.last_activity = self._t0
        self.messages: list[MessageRow] = []
        self.era: str | None = None
        self.requested_version: str | None = None
        self.version: str | None = None  # negotiated
        self.capabilities: dict[str, Any] | None = None
        self.client_info: dict[str, Any] | None = None
        self.initialized = False
        self.push: Channel | None = None  # stdout, the SSE stream, or the Streamable HTTP GET stream
        self.page_base: str | None = None  # HTTP transports: where the probe serves pages (`/pages/...`)
        self.closed = False
        self.close_reason: str | None = None
        self.on_close: list[Callable[[], None]] = []
        self._next_id = 0
        self._pending: dict[Any, asyncio.Future[dict[str, Any]]] = {}
        self._waiters: list[tuple[Callable[[Message], bool], asyncio.Future[Message]]] = []
        self._tasks: dict[Any, asyncio.Task[Any]] = {}
        self.listens: dict[Any, Channel] = {}  # open subscriptions/listen streams by request id
        self.listen_tested: set[tuple[str, str | None]] = set()  # notifications sent on them (method, uri)
        self._listed: dict[str, asyncio.Event] = {}  # tools/list, prompts/list...: set once an answer went out
        self._list_answers: dict[str | int, str] = {}  # request id → list method, for answers not yet sent
        self._announcing = asyncio.Lock()  # one list change at a time (see announce_list_change)
        self.announcing: set[asyncio.Future[Any]] = set()  # change notifications under way on listen streams
        self._turns: set[asyncio.Future[None]] = set()  # handshake-era run_scenarios calls waiting (scenarios_turn)
        self._battery: asyncio.Task[None] | None = None
        self._nonces: dict[str, str] = {}
        self.tool_tasks = ToolTasks()  # 2025-11-25: the tasks its task-augmented tool calls created
        self.url_gate = UrlGate()  # 2025-11-25: url_gate's URL elicitation, refused until complete
        self.inputs_asked: set[str] = set()  # 2026-07-28 input requests run_scenarios has asked for (rounds)
        self.log_level: str | None = None
        self.expired_by_probe = False  # Streamable HTTP, expire_after: its session id was forgotten once
        self._watchdog = asyncio.get_running_loop().call_later(self._next_check(), self._check_limits)

    # --- recording -----------------------------------------------------------------------------------------
    async def record(self, direction: str, raw: bytes, meta: dict[str, Any] | None = None) -> int:
        """Write one message to the store before anything acts on it (so a crash cannot lose it)."""
        message = MessageRow(len(self.messages), round(time.monotonic() - self._t0, 6), direction, raw, meta or {})
        self.messages.append(message)
        if direction == "in":
            self.last_activity = time.monotonic()
        # what arrives is stored before anything acts on it; what the probe sends is queued in order
        await self.probe.store.append(self.id, message, wait=direction == "in")
        return message.seq

    async def send(self, obj: Any, channel: Channel | None, meta: dict[str, Any] | None = None) -> int:
        data = jsonrpc.encode(obj)
        if getattr(channel, "closed", False):  # the stream went away: kept, but marked as never delivered
            meta = {**(meta or {}), "undelivered": True}
        index = await self.record("out", data, meta)
        if channel is not None:
            await channel.write(data)
        self.sent(obj)
        return index

    def sent(self, obj: Any) -> None:
        """`obj` (a message or a batch) has gone out: a list answer in it wakes whoever waits in `wait_listed`."""
        if not self._list_answers:
            return
        for item in obj if isinstance(obj, list) else [obj]:
            if isinstance(item, dict) and "result" in item and jsonrpc.valid_id(item.get("id")):
                method = self._list_answers.pop(item["id"], None)
                if method is not None:
                    self.listed_event(method).set()

    def nonce(self, kind: str) -> str:
        if kind not in self._nonces:
            self._nonces[kind] = f"cmcp-{kind}-{secrets.token_hex(4)}"
        return self._nonces[kind]

    def page_url(self, name: str, token: str | None = None) -> str | None:
        """A page on the probe's own HTTP server that records who opens it (`token`: a nonce of this session's, by
        default its `page` one); None without one (stdio)."""
        return f"{self.page_base}/pages/{name}/{token or self.nonce('page')}" if self.page_base else None

    def knows_nonce(self, value: object) -> bool:
        return value in self._nonces.values()

    # --- incoming ------------------------------------------------------------------------------------------
    async def receive(self, raw: bytes, meta: dict[str, Any] | None = None) -> Received:
        """Record `raw` exactly, then sort it: replies to send now, requests to answer (`handle`)."""
        index = await self.record("in", raw, meta)
        out = Received(index=index)
        try:
            value = jsonrpc.parse(raw)
        except ValueError as exc:
            out.replies.append(jsonrpc.error(None, jsonrpc.PARSE_ERROR, f"Parse error: {exc}"))
            return out
        if isinstance(value, list):
            if not value:  # JSON-RPC: an empty array is answered with one error, not an array
                out.replies.append(jsonrpc.error(None, jsonrpc.INVALID_REQUEST, "Invalid Request: empty batch"))
                return out
            out.batch = True
            items = value
        else:
            items = [value]
        for item in items:
            msg = jsonrpc.classify(item)
            await self._offer(msg)
            if msg.kind == "invalid":
                out.replies.append(jsonrpc.error(msg.id, jsonrpc.INVALID_REQUEST, f"Invalid Request: {msg.problem}"))
            elif msg.kind == "request":
                out.requests.append(msg)
            elif msg.kind == "response":
                future = self._pending.pop(msg.id, None)  # classify gives no id where it names nothing
                if future is not None and not future.done():
                    future.set_result(msg.obj)
            else:
                await self._notification(msg)
        return out

    async def _offer(self, msg: Message) -> None:
        for accept, future in list(self._waiters):
            if not future.done() and accept(msg):
                future.set_result(msg)

    async def _notification(self, msg: Message) -> None:
        params = msg.params if isinstance(msg.params, dict) else {}
        if msg.method == "notifications/initialized":
            self.initialized = True
            if self.config.auto_scenarios and self.push is not None and self.era == "handshake":
                self.start_scenarios(self.push)
        elif msg.method == "notifications/cancelled":
            request_id = params.get("requestId")
            if not jsonrpc.valid_id(request_id):
                return  # names no request this probe could have (a list, an object...): nothing to cancel
            self.listens.pop(request_id, None)  # now: the session may end before the task unwinds
            task = self._tasks.get(request_id)
            if task is not None:
                task.cancel()

    async def reply(self, received: Received, channel: Channel | None) -> None:
        """Answer what one incoming message asked, on `channel`, for a transport whose answers all go down one
        channel (stdio, the legacy SSE stream): a batch gets one array back; a single message, the reply ready
        for it or its request's answer."""
        answers = await asyncio.gather(*(self.handle(r, channel) for r in received.requests))
        replies = [*received.replies, *(a for a in answers if a is not None)]
        if received.batch and replies:
            await self.send(replies, channel)
        elif not received.batch:
            for reply in replies:
                await self.send(reply, channel)

    async def handle(self, msg: Message, channel: Channel | None) -> dict[str, Any] | None:
        """Answer one request (the caller sends the answer); None when it was cancelled."""
        from .handlers import Call, dispatch

        if msg.id in self._tasks:
            # ids must be unique among requests in flight: a reused one would take over the first one's cancel
            return jsonrpc.error(msg.id, jsonrpc.INVALID_REQUEST, f"request id {msg.id!r} is already in use")
        call = Call(self, msg, channel)
        task = asyncio.current_task()
        if task is not None:
            self._tasks[msg.id] = task
        try:
            answer = jsonrpc.result(msg.id, await dispatch(call))
            if msg.method in LIST_METHODS and jsonrpc.valid_id(msg.id):
                self._list_answers[msg.id] = msg.method  # the caller sends it; `sent` marks the list as held
            return answer
        except RpcError as exc:
            return jsonrpc.error(msg.id, exc.code, exc.message, exc.data)
        except asyncio.CancelledError:
            if self.closed:
                raise
            uncancel = getattr(task, "uncancel", None)
            if uncancel is not None:
                uncancel()
            return None  # cancelled by the client: no response, as the spec says
        except Exception as exc:  # no client input may take the probe down: answer and go on
            log.exception("handler for %s failed", msg.method)
            return jsonrpc.error(msg.id, jsonrpc.INTERNAL_ERROR, f"internal error: {type(exc).__name__}")
        finally:
            self._tasks.pop(msg.id, None)

    async def note_client(self, version: str | None, caps: Any, info: Any, era: str) -> None:
        """Keep what the client declared (once, from initialize or the first modern request) in the run."""
        if self.era == "handshake" or (era == "stateless" and self.era is not None):
            return
        self.era = era
        self.requested_version = version
        self.capabilities = caps if isinstance(caps, dict) else None
        self.client_info = info if isinstance(info, dict) else None
        await self.probe.store.update_run(
            self.id,
            era=self.era,
            fields={"protocolVersion": version, "clientInfo": info, "capabilities": caps},
        )

    def modern_meta(self, msg: Message) -> dict[str, Any] | None:
        params = msg.params if isinstance(msg.params, dict) else {}
        meta = params.get("_meta")
        if isinstance(meta, dict) and META_PROTOCOL_VERSION in meta:
            return meta
        return None

    async def note_modern(self, meta: dict[str, Any]) -> None:
        if self.era is None:
            await self.note_client(
                meta.get(META_PROTOCOL_VERSION),
                meta.get(META_CLIENT_CAPABILITIES),
                meta.get(META_CLIENT_INFO),
                "stateless",
            )
            self.version = str(meta.get(META_PROTOCOL_VERSION))

    def declared(self, path: str) -> bool:
        return _has_path(self.capabilities, path)

    # --- server → client -----------------------------------------------------------------------------------
    async def request(
        self, method: str, params: dict[str, Any] | None, channel: Channel | None, timeout: float
    ) -> dict[str, Any] | None:
        self._next_id += 1
        request_id = self._next_id
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._pending[request_id] = future
        await self.send(jsonrpc.request(request_id, method, params), channel)
        try:
            return await asyncio.wait_for(future, timeout)
        except TimeoutError:
            return None
        finally:
            self._pending.pop(request_id, None)

    def listed_event(self, method: str) -> asyncio.Event:
        return self._listed.setdefault(method, asyncio.Event())

    async def wait_listed(self, method: str, timeout: float) -> bool:
        """Wait until the probe has answered one `method` request (tools/list...); False after `timeout`.

        A list-changed notification is only a test once the client holds a list to refresh: sent earlier, the
        client's first listing would pass for a re-list. The wait ends when the answer has been written; over
        HTTP the notification travels on another stream than the answer, so LIST_GRACE lets the answer arrive."""
        try:
            await asyncio.wait_for(self.listed_event(method).wait(), timeout)
        except TimeoutError:
            return False
        await asyncio.sleep(LIST_GRACE)
        return True

    async def announce_list_change(self, kind: str, notification: dict[str, Any], channel: Channel | None) -> None:
        """Send `notification` (a `<kind>` list change) once the client holds a `<kind>` list, then give it the
        answer timeout to list `<kind>` again before the next list change goes out.

        One change at a time, because a client may refresh more than it was told about (fast-agent's tools
        refresh also lists resources): sent together, every notification would seem answered. After a re-list
        the next change waits until the client has listed nothing for LIST_QUIET seconds, so that a refresh of
        every list in turn is over before the next change can be taken for its cause.

        An agent may refresh its lists only between turns. With `between_turns` set, when the change finds the
        client inside the probe's `run_scenarios` and it does not list again, the call is answered
        (`scenarios_turn`) and the change gets a second answer timeout, which ends early when the client calls
        `run_scenarios` again without listing."""
        timeout = self.config.answer_timeout
        await self.wait_listed(f"{kind}/list", timeout)
        async with self._announcing:
            relisted = await self._until_relisted(kind, timeout, partial(self.send, notification, channel))
            if relisted is None and self._turns and self.config.between_turns:
                relisted = await self._until_relisted(kind, timeout, self._end_turns, or_call=True)
                if relisted is not None and relisted.method == "tools/call":
                    relisted = None  # called again without listing
            if relisted is not None:  # let the client finish refreshing before the next change goes out
                deadline = time.monotonic() + timeout
                while time.monotonic() < deadline:
                    quiet = min(LIST_QUIET, deadline - time.monotonic())
                    if await self.wait_for(lambda m: m.kind == "request" and m.method in LIST_METHODS, quiet) is None:
                        break

    async def _until_relisted(
        self, kind: str, timeout: float, then: Callable[[], Awaitable[object]], or_call: bool = False
    ) -> Message | None:
        """Do `then`, and return the client's next `<kind>/list` request (or, `or_call`, its next `run_scenarios`
        call), or None after `timeout`. The waiter is in place before `then` runs, so no quick answer is missed."""

        def accept(m: Message) -> bool:
            if m.kind != "request":
                return False
            return m.method == f"{kind}/list" or (or_call and m.method == "tools/call" and _calls_run_scenarios(m))

        waiter = asyncio.ensure_future(self.wait_for(accept, timeout))
        try:
            await asyncio.sleep(0)  # let the waiter register
            await then()
            return await waiter
        finally:
            waiter.cancel()  # no-op once done; a send that failed (the session ended) leaves no waiter behind

    async def _end_turns(self) -> None:
        for turn in self._turns:
            if not turn.done():
                turn.set_result(None)

    async def scenarios_turn(self, channel: Channel) -> bool:
        """What a handshake-era `run_scenarios` call waits for: the scenarios run once per session (True once they
        are over), or a list change that finds the client inside this call and not listing again (False: the
        call is answered so that the client can refresh between turns, see announce_list_change)."""
        battery = self.start_scenarios(channel)
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._turns.add(turn)
        try:
            await asyncio.wait((battery, turn), return_when=asyncio.FIRST_COMPLETED)
        finally:
            self._turns.discard(turn)
            turn.cancel()
        if not battery.done():
            return False
        battery.result()  # a battery that failed or was cancelled fails the call, as awaiting it did
        return True

    async def announced(self) -> None:
        """Once the change notifications under way on `subscriptions/listen` streams have gone out, each with its
        time for an answer; the 2026-07-28 `run_scenarios` holds its answers until then, so that an agent does
        not end the session (fast-agent leaves once it gives up on an input request) before the changes reach it."""
        if self.announcing:
            await asyncio.gather(*self.announcing, return_exceptions=True)

    def received(self, accept: Callable[[Message], bool]) -> Message | None:
        """The first message the client sent so far that `accept` takes (read back from the record: rare)."""
        for row in self.messages:
            if row.direction != "in" or row.meta.get("oauth") or row.meta.get("refused"):
                continue  # as the transcript does: sign-in traffic and requests refused for want of a token
            try:
                parsed = jsonrpc.parse(row.raw)
            except ValueError:
                continue
            for item in parsed if isinstance(parsed, list) else [parsed]:
                msg = jsonrpc.classify(item)
                if accept(msg):
                    return msg
        return None

    async def wait_for(self, accept: Callable[[Message], bool], timeout: float) -> Message | None:
        future: asyncio.Future[Message] = asyncio.get_running_loop().create_future()
        entry = (accept, future)
        self._waiters.append(entry)
        try:
            return await asyncio.wait_for(future, timeout)
        except TimeoutError:
            return None
        finally:
            self._waiters.remove(entry)

    def start_scenarios(self, channel: Channel) -> asyncio.Task[None]:
        """Run every scenario's act once per session, on `channel`."""
        if self._battery is None:
            from .scenarios import run_acts

            self._battery = asyncio.create_task(run_acts(self, channel))
        return self._battery

    @property
    def scenarios_started(self) -> bool:
        return self._battery is not None

    # --- limits and the end --------------------------------------------------------------------------------
    def _next_check(self) -> float:
        limits = self.config.limits
        return max(0.05, min(limits.idle_timeout, limits.total_timeout) / 4)

    def _check_limits(self) -> None:
        if self.closed:
            return
        now = time.monotonic()
        limits = self.config.limits
        reason = None
        if now - self._t0 > limits.total_timeout:
            reason = f"total time limit ({limits.total_timeout:g} s) reached"
        elif now - self.last_activity > limits.idle_timeout:
            reason = f"idle time limit ({limits.idle_timeout:g} s) reached"
        if reason is not None:
            asyncio.get_running_loop().create_task(self.close(reason))
        else:
            self._watchdog = asyncio.get_running_loop().call_later(self._next_check(), self._check_limits)

    async def close(self, reason: str = "closed") -> None:
        """End the run: cancel what is still running and mark the run ended."""
        if self.closed:
            return
        self.closed = True
        self.close_reason = reason
        self._watchdog.cancel()
        self.probe.sessions.pop(self.id, None)
        await close_listens(self)
        current = asyncio.current_task()
        for task in [*self._tasks.values(), *([self._battery] if self._battery else [])]:
            if task is not current and not task.done():
                task.cancel()
        self.url_gate.close()
        for future in self._pending.values():
            future.cancel()
        for callback in self.on_close:
            callback()
        # the report's features are judged from the stored messages when a report is built (show, --report),
        # so ending a run costs one small write
        try:
            await self.probe.store.update_run(self.id, ended=now_iso(), fields={"closeReason": reason})
        except Exception:
            log.exception("could not finish run %s", self.id)


def _calls_run_scenarios(msg: Message) -> bool:
    params = msg.params if isinstance(msg.params, dict) else {}
    return params.get("name") == "run_scenarios"
