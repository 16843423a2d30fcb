"""A run's messages, parsed once, with the look-ups the scenarios judge by. Pure data: a report can be rebuilt
from the stored messages alone."""

from __future__ import annotations

import json
from bisect import bisect_left, bisect_right
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from ..store import MessageRow
from .jsonrpc import valid_id

META_PROTOCOL_VERSION = "io.modelcontextprotocol/protocolVersion"
META_CLIENT_CAPABILITIES = "io.modelcontextprotocol/clientCapabilities"
META_CLIENT_INFO = "io.modelcontextprotocol/clientInfo"


# how long after an answer timeout ran out the probe's next message can take to go out, and still tell that the
# client was gone before the wait was over (it goes out at once: 0.00-0.01 s in the recorded runs)
GONE_GRACE = 0.5


@dataclass
class Entry:
    """One JSON-RPC object (a batch gives several entries with the same index), or an HTTP event (obj None)."""

    index: int
    t: float
    direction: str
    obj: dict[str, Any] | None
    meta: dict[str, Any] = field(default_factory=dict)
    batch: bool = False  # part of a JSON array of messages
    # worked out once: judging a knowledge base's reports asks for them millions of times
    method: str | None = field(init=False, repr=False, compare=False)
    is_request: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        method = self.obj.get("method") if self.obj else None
        self.method = method if isinstance(method, str) else None
        # as jsonrpc.classify: a method with an id that is not a string or an integer was an invalid message
        self.is_request = self.method is not None and self.obj is not None and valid_id(self.obj.get("id"))

    @property
    def is_response(self) -> bool:
        return self.obj is not None and self.method is None and ("result" in self.obj or "error" in self.obj)

    @property
    def params(self) -> dict[str, Any]:
        params = self.obj.get("params") if self.obj else None
        return params if isinstance(params, dict) else {}

    @property
    def meta_params(self) -> dict[str, Any]:
        meta = self.params.get("_meta")
        return meta if isinstance(meta, dict) else {}

    @property
    def headers(self) -> dict[str, str]:
        headers = self.meta.get("headers")
        return headers if isinstance(headers, dict) else {}

    @property
    def http_method(self) -> str | None:
        http = self.meta.get("http")
        return http.get("method") if isinstance(http, dict) else None


def _parse(raw: bytes) -> Any:
    try:
        return json.loads(raw.decode("utf-8"))
    except ValueError:
        return None


class Transcript:
    def __init__(
        self,
        messages: list[MessageRow],
        transport: str = "stdio",
        left_at: float | None = None,
        answer_timeout: float | None = None,
        started_over: bool = False,
    ) -> None:
        self.transport = transport
        # the probe ended the run because the client's initialize went to another run (model.probe.STARTED_OVER)
        self.started_over = started_over
        # when the session ended (seconds from its start) and how long the probe waited for answers: a request
        # sent less than `answer_timeout` before the end got no fair chance to be answered
        self.left_at = left_at
        self.answer_timeout = answer_timeout
        # when the probe found the client's stream closed for good: the first of the messages it could not deliver
        # after the client's last word with none delivered after them. The client was gone by then (over HTTP a
        # client can drop its streams without a DELETE, and the run ends seconds later)
        last_in = max((m.t for m in messages if m.direction == "in"), default=0.0)
        self.gone_by: float | None = None
        for message in messages:
            if message.direction != "out" or message.t < last_in:
                continue
            if message.meta.get("undelivered"):
                self.gone_by = message.t if self.gone_by is None else self.gone_by
            else:
                self.gone_by = None  # a later message went through: a stream was still open
        self.entries: list[Entry] = []
        for message in messages:
            if message.meta.get("undelivered"):
                continue  # the client never saw it: nothing to judge it by
            # OAuth traffic and requests refused for want of a token are kept (the authorization scenario reads
            # them) but are not JSON-RPC the client sent in its session
            plain = message.raw and not message.meta.get("oauth") and not message.meta.get("refused")
            value = _parse(message.raw) if plain else None
            objs = value if isinstance(value, list) else [value]
            for obj in objs:
                self.entries.append(
                    Entry(
                        message.seq,
                        message.t,
                        message.direction,
                        obj if isinstance(obj, dict) else None,
                        message.meta,
                        batch=isinstance(value, list),
                    )
                )
        self._index_entries()
        self.initialize = next(self.requests("initialize"), None)
        self.modern = [e for e in self.entries if e.direction == "in" and META_PROTOCOL_VERSION in e.meta_params]
        # the message whose capabilities a verdict resting on the declaration cites: initialize, else the first
        # 2026-07-28 request
        self.declaring = self.initialize or (self.modern[0] if self.modern else None)

    def _index_entries(self) -> None:
        """The look-ups below, indexed once: the scenarios ask for requests, notifications and answers by
        method and id over and over, and scanning every message each time made judging a run quadratic."""
        self._requests: dict[tuple[str, str | None], list[Entry]] = {}
        self._notifications: dict[tuple[str, str], list[Entry]] = {}
        self._answers: dict[tuple[str, type, Any], list[int]] = {}  # (direction, id's type, id) -> positions
        self._initializes: list[int] = []  # positions of the client's initialize requests
        self._indexes = [e.index for e in self.entries]
        for position, entry in enumerate(self.entries):
            if entry.is_request:
                self._requests.setdefault((entry.direction, entry.method), []).append(entry)
                self._requests.setdefault((entry.direction, None), []).append(entry)
                if entry.method == "initialize" and entry.direction == "in":
                    self._initializes.append(position)
            elif entry.method is not None and entry.obj is not None and "id" not in entry.obj:
                self._notifications.setdefault((entry.direction, entry.method), []).append(entry)
            if entry.is_response and entry.obj is not None:
                got = entry.obj.get("id")
                if _hashable(got):
                    self._answers.setdefault((entry.direction, type(got), got), []).append(position)
        # messages are stored in order, so positions follow indexes; should they not, look-ups scan as before
        self._in_order = all(a <= b for a, b in zip(self._indexes, self._indexes[1:], strict=False))
        self._sent: list[tuple[int, str]] | None = None  # the probe's messages as JSON text, made when first asked
        self._reported: list[tuple[str, Entry]] | None = None

    def cut_short(self, request: Entry) -> bool:
        """Did the session end before `request` had its full answer timeout? For a run with no recorded end (a
        stdio client that killed the probe on its way out), its last message is all that is known of its end.
        A client whose stream the probe found closed once the wait for `request` was over (its next message,
        sent at once, was never delivered) may have left at any moment of that wait: no fair chance either."""
        if self.answer_timeout is None:
            return False
        end = self.left_at if self.left_at is not None else max((e.t for e in self.entries), default=request.t)
        if self.gone_by is not None and request.t < self.gone_by <= request.t + self.answer_timeout + GONE_GRACE:
            return True
        return end - request.t < self.answer_timeout

    # --- what the client declared --------------------------------------------------------------------------
    @property
    def era(self) -> str:
        return "stateless" if self.modern and self.initialize is None else "handshake"

    @property
    def capabilities(self) -> dict[str, Any] | None:
        if self.initialize is not None:
            caps = self.initialize.params.get("capabilities")
            return caps if isinstance(caps, dict) else None
        for entry in self.modern:
            caps = entry.meta_params.get(META_CLIENT_CAPABILITIES)
            if isinstance(caps, dict):
                return caps
        return None

    @property
    def client_info(self) -> dict[str, Any] | None:
        if self.initialize is not None:
            info = self.initialize.params.get("clientInfo")
            return info if isinstance(info, dict) else None
        for entry in self.modern:
            info = entry.meta_params.get(META_CLIENT_INFO)
            if isinstance(info, dict):
                return info
        return None

    @property
    def protocol_version(self) -> str | None:
        """What the client asked for (not what was negotiated)."""
        if self.initialize is not None:
            version = self.initialize.params.get("protocolVersion")
            return version if isinstance(version, str) else None
        for entry in self.modern:
            version = entry.meta_params.get(META_PROTOCOL_VERSION)
            if isinstance(version, str):
                return version
        return None

    @property
    def negotiated_version(self) -> str | None:
        if self.initialize is None:
            return self.protocol_version
        return self.negotiated_by(self.initialize)

    def negotiated_by(self, initialize: Entry) -> str | None:
        """The protocol version the probe's answer to an initialize gave (None: unanswered, or no version)."""
        response = self.response_to(initialize)
        value = response.obj.get("result") if response and response.obj else None
        version = value.get("protocolVersion") if isinstance(value, dict) else None
        return version if isinstance(version, str) else None

    def declared(self, path: str) -> bool:
        """Is `path` (a feature's `declaredAs`, dotted) present in any declared capabilities? Keys holding dots
        or slashes (extension ids) are matched whole."""
        sources = (
            [self.capabilities]
            if self.initialize
            else [e.meta_params.get(META_CLIENT_CAPABILITIES) for e in self.modern]
        )
        return any(_has_path(caps, path) for caps in sources if isinstance(caps, dict))

    def capability(self, key: str) -> Any:
        caps = self.capabilities or {}
        return caps.get(key)

    # --- look-ups ------------------------------------------------------------------------------------------
    def requests(self, method: str | None = None, direction: str = "in") -> Iterator[Entry]:
        return iter(self._requests.get((direction, method), ()))

    def notifications(self, method: str, direction: str = "in") -> Iterator[Entry]:
        return iter(self._notifications.get((direction, method), ()))

    def response_to(self, request: Entry) -> Entry | None:
        """The first answer with the request's id after it, unless the client initialized a new session first."""
        if request.obj is None:
            return None
        wanted = request.obj.get("id")
        direction = "out" if request.direction == "in" else "in"
        # over stdio the probe's own ids run on through the one pipe, so a second initialize on it (Atomic Agents'
        # tool factory initializes the app's session again) does not orphan the probe's earlier requests
        one_pipe = self.transport == "stdio" and request.direction == "out"
        if self._in_order and _hashable(wanted):
            start = bisect_right(self._indexes, request.index)  # the first message after the request's
            answers = self._answers.get((direction, type(wanted), wanted), [])
            found = bisect_left(answers, start)
            if found == len(answers):
                return None
            if not one_pipe:
                restart = bisect_left(self._initializes, start)
                if restart < len(self._initializes) and self._initializes[restart] < answers[found]:
                    return None  # a new session (after a 404 for the old one): its ids start again
            return self.entries[answers[found]]
        for entry in self.entries:
            if entry.index <= request.index:
                continue
            if entry.method == "initialize" and entry.direction == "in" and entry.is_request and not one_pipe:
                return None  # a new session (after a 404 for the old one): its ids start again
            if entry.direction == direction and entry.is_response:
                got = entry.obj.get("id") if entry.obj else None
                if got == wanted and type(got) is type(wanted):
                    return entry
        return None

    def http_events(self, method: str) -> Iterator[Entry]:
        """The client's bodiless requests of `method` (GET, DELETE) to the MCP endpoint: not the probe's answers
        (a 404 for a forgotten session names the method it answers), and not a sign-in's requests to the OAuth
        endpoints or a visit to a page the probe served, which are GETs too."""
        return (
            e
            for e in self.entries
            if e.obj is None
            and e.direction == "in"
            and e.http_method == method
            and not e.meta.get("oauth")
            and not e.meta.get("page")
        )

    def closed_before_answer(self) -> Iterator[tuple[Entry, list[Entry]]]:
        """Each response stream the client closed before the probe's answer (an event recorded over Streamable
        HTTP), with the requests of the POST it belonged to."""
        for event in self.entries:
            http = event.meta.get("http") if event.obj is None and event.direction == "in" else None
            index = http.get("closedBeforeAnswer") if isinstance(http, dict) else None
            if isinstance(index, int):
                yield event, [e for e in self.entries if e.index == index and e.is_request]

    def tool_listings(self) -> Iterator[tuple[Entry, list[Any]]]:
        """Each tools/list answer the client got, with the tools it listed."""
        for request in self.requests("tools/list"):
            response = self.response_to(request)
            result = response.obj.get("result") if response is not None and isinstance(response.obj, dict) else None
            tools = result.get("tools") if isinstance(result, dict) else None
            if response is not None and isinstance(tools, list):
                yield response, tools

    def after(self, index: int) -> Iterator[Entry]:
        return (e for e in self.entries if e.index > index)

    def input_exchanges(self, method: str) -> list[tuple[Entry, Entry | None, Any]]:
        """2026-07-28 input requests of `method` the probe asked for (in an input_required result), each with the
        client's retried request carrying the answer (or None) and that answer."""
        found: list[tuple[Entry, Entry | None, Any]] = []
        for entry in self.entries:
            result = entry.obj.get("result") if entry.direction == "out" and entry.obj else None
            if not (isinstance(result, dict) and result.get("resultType") == "input_required"):
                continue
            asked = result.get("inputRequests")
            for key, value in asked.items() if isinstance(asked, dict) else ():
                if not (isinstance(value, dict) and value.get("method") == method):
                    continue
                retry = next(
                    (
                        e
                        for e in self.requests()
                        if e.index > entry.index
                        and isinstance(e.params.get("inputResponses"), dict)
                        and key in e.params["inputResponses"]
                    ),
                    None,
                )
                found.append((entry, retry, retry.params["inputResponses"][key] if retry else None))
        return found

    def nonce_reports(self, kind: str) -> list[Entry]:
        """tools/call report_nonce calls carrying a nonce of `kind` that the probe really sent earlier."""
        return [
            call
            for nonce, call in self._nonce_calls()
            if nonce.startswith(f"cmcp-{kind}-") and self._sent_before(nonce, call.index)
        ]

    def nonce_unseen(self, kind: str) -> list[Entry]:
        """report_nonce calls saying `unseen:<kind>`: the request the harness's scripted model was answering, the
        whole conversation so far, held no nonce of `kind` (harness/context_checks.py)."""
        return self.model_said(f"unseen:{kind}")

    def model_said(self, marker: str) -> list[Entry]:
        """report_nonce calls carrying `marker`, what the harness's scripted model tells the probe in place of a
        nonce (`unseen:<kind>`, `called:<tool>`: harness/context_checks.py)."""
        return [call for nonce, call in self._nonce_calls() if nonce == marker]

    def _nonce_calls(self) -> list[tuple[str, Entry]]:
        """The client's report_nonce calls in order, each with what it carries (made once: every scenario that
        asks what reached the model reads them)."""
        if self._reported is None:
            self._reported = []
            for call in self.requests("tools/call"):
                args = call.params.get("arguments") if call.params.get("name") == "report_nonce" else None
                nonce = args.get("nonce") if isinstance(args, dict) else None
                if isinstance(nonce, str):
                    self._reported.append((nonce, call))
        return self._reported

    def _sent_before(self, text: str, index: int) -> bool:
        if self._sent is None:
            self._sent = [(e.index, json.dumps(e.obj)) for e in self.entries if e.direction == "out" and e.obj]
        if not self._in_order:  # as before the index: up to the first message at or after `index`
            for entry in self.entries:
                if entry.index >= index:
                    return False
                if entry.direction == "out" and entry.obj is not None and text in json.dumps(entry.obj):
                    return True
            return False
        for at, sent in self._sent:
            if at >= index:
                return False
            if text in sent:
                return True
        return False


def _hashable(value: Any) -> bool:
    try:
        hash(value)
    except TypeError:  # an id sent as an object or array
        return False
    return True


def _has_path(node: Any, path: str) -> bool:
    if path == "":
        return node is not None and node is not False
    if not isinstance(node, dict):
        return False
    # the longest key that is a prefix of the remaining path, e.g. "io.modelcontextprotocol/ui"
    for key in sorted((k for k in node if path == k or path.startswith(k + ".")), key=len, reverse=True):
        if _has_path(node[key], path[len(key) + 1 :]):
            return True
    return False
