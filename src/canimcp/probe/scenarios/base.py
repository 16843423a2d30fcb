"""What a scenario is: something the probe does to the client (`act`, optional) and how it judges the
transcript afterwards (`assess`, a pure function of the recorded messages)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Protocol

from ...model.probe import LISTED_BETWEEN_TURNS, NOT_SHOWN, FeatureResult
from ..transcript import Entry, Transcript

if TYPE_CHECKING:
    from ..jsonrpc import Message

Rating = tuple[str, FeatureResult]
ALONE = 1.0  # seconds a list change went out before the next: time enough for a client to answer it alone


class Act(Protocol):
    """The session as a scenario sees it while acting (handshake era, after `initialized`)."""

    timeout: float
    probe_undeclared: bool

    @property
    def version(self) -> str: ...

    def declared(self, path: str) -> bool: ...

    async def request(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any] | None:
        """Send a request to the client; its response object, or None after `timeout` of silence."""

    async def notify(self, method: str, params: dict[str, Any] | None = None) -> None: ...

    def page_url(self, name: str) -> str | None:
        """A page on the probe's own HTTP server that records who opens it; None without one (stdio)."""

    async def wait_for(
        self, accept: Callable[[Message], bool], timeout: float | None = None, *, earlier: bool = False
    ) -> Message | None:
        """The next message from the client that `accept` takes, or None after the timeout; with `earlier`, the
        first such message the client already sent, if any, before waiting."""

    async def announce_list_change(self, kind: str) -> None:
        """Send `notifications/<kind>/list_changed` once the client holds a `<kind>` list (or after `timeout`),
        and return once it lists `<kind>` again (or after `timeout`); other list changes wait meanwhile."""


class Scenario:
    """Subclass, set `features`, and override `assess` (and `act` when the probe must do something).
    Add the new module's class to `scenarios/__init__.py`."""

    features: tuple[str, ...] = ()
    #: order among the acts: requests the client must answer first, notifications that invite re-lists later
    order: int = 50

    @property
    def name(self) -> str:
        return type(self).__module__.rsplit(".", 1)[-1]

    async def act(self, act: Act) -> None:
        return None

    def assess(self, t: Transcript) -> Iterable[Rating]:
        raise NotImplementedError


def rate(
    feature: str,
    declared: bool,
    worked: bool | None,
    evidence: Iterable[Entry | int] = (),
    *,
    declarable: bool = True,
    **extra: Any,
) -> Rating:
    """worked None → not-exercised; True → supported / undeclared-but-works; False → declared-but-failed /
    unsupported. A feature the client cannot declare (declarable=False) reads 'supported' when it works."""
    if worked is None:
        observed = "not-exercised"
    elif worked:
        observed = "supported" if declared or not declarable else "undeclared-but-works"
    else:
        observed = "declared-but-failed" if declared else "unsupported"
    indexes = sorted({e if isinstance(e, int) else e.index for e in evidence})
    return feature, FeatureResult(declared=declared, observed=observed, evidence=indexes, **extra)


def plain(feature: str, worked: bool | None, evidence: Iterable[Entry | int] = (), **extra: Any) -> Rating:
    """A feature the client has no capability key for (server features, transports, utilities)."""
    return rate(feature, False, worked, evidence, declarable=False, **extra)


def reached_model(t: Transcript, kind: str, tool: str | None = None) -> tuple[bool | None, list[Entry], str | None]:
    """Did the probe's nonce of `kind` reach the client's model? True when the model reported it; False when the
    harness's scripted model said `unseen:<kind>` after the probe had answered a call of `tool` (the tool whose
    result carries that nonce; None for the instructions, sent before any call); None otherwise. Also the
    evidence, and the outcome for a False."""
    reports = t.nonce_reports(kind)
    if reports:
        return True, reports[:3], None
    for unseen in t.nonce_unseen(kind):
        if tool is None:
            return False, [unseen], NOT_SHOWN
        for call in t.requests("tools/call"):
            answer = t.response_to(call) if call.params.get("name") == tool else None
            if answer is not None and answer.index < unseen.index and answer.obj and "result" in answer.obj:
                return False, [call, answer, unseen], NOT_SHOWN
    return None, [], None


def outcome(t: Transcript, requests: list[Entry], valid: Callable[[Any], bool]) -> tuple[bool | None, list[Entry], str]:
    """Did the client answer any of the probe's `requests` with a result that `valid` accepts? None: none sent.
    The reason is "answered", "error", "invalid result", "silence", or "left before answering" (the session
    ended before the answer timeout ran out: no verdict)."""
    if not requests:
        return None, [], "not sent"
    evidence, reason = list(requests), "silence"
    for request in requests:
        response = t.response_to(request)
        if response is None or response.obj is None:
            continue
        evidence.append(response)
        if "result" in response.obj and valid(response.obj["result"]):
            return True, evidence, "answered"
        reason = "error" if "error" in response.obj else "invalid result"
    if reason == "silence" and all(t.cut_short(r) for r in requests):
        # the client left (a status command exits after listing tools) before it could answer: no verdict
        return None, evidence, "left before answering"
    return False, evidence, reason


def request_outcome(
    t: Transcript, method: str, *, valid: Callable[[Any], bool], requests: list[Entry] | None = None
) -> tuple[bool | None, list[Entry], str]:
    """`outcome` of the probe's `method` requests (handshake era) together with its 2026-07-28 input requests
    of that method (answered when the retried request carries a valid inputResponses entry)."""
    sent = list(t.requests(method, direction="out")) if requests is None else requests
    worked, evidence, reason = outcome(t, sent, valid)
    for asked, retry, answer in t.input_exchanges(method):
        evidence.append(asked)
        if retry is not None:
            evidence.append(retry)
        if retry is not None and valid(answer):
            worked, reason = True, "answered"
        elif worked is None:
            worked, reason = False, "invalid input response" if retry is not None else "no retry"
    return worked, evidence, reason


def answers(t: Transcript, method: str, requests: list[Entry] | None = None, inputs: bool = True) -> list[Any]:
    """The results the client gave to the probe's `method` requests (`requests`, or all of them), and with `inputs`
    its answers to 2026-07-28 input requests of that method: what it answered, where `outcome` says whether."""
    sent = list(t.requests(method, direction="out")) if requests is None else requests
    found = []
    for request in sent:
        response = t.response_to(request)
        if response is not None and response.obj is not None and "result" in response.obj:
            found.append(response.obj["result"])
    if inputs:
        found += [answer for _, retry, answer in t.input_exchanges(method) if retry is not None]
    return found


class ListChanged(Scenario):
    """Send `notifications/<kind>/list_changed` and see whether the client lists <kind> again.

    Only a listing that follows an earlier, answered one is a re-list: a client whose first `<kind>/list` comes
    after the notification may simply be listing late, and one whose first listing was still unanswered when the
    notification came holds a list newer than the change; either run exercises nothing. When another kind's
    change went out ALONE seconds or more later and the client listed `<kind>` again only after that one, the
    re-list may answer the other change (a client can refresh every list on any change): nothing is exercised
    either. Changes sent together (older runs) cannot be told apart, so there any later listing counts."""

    kind = ""
    order = 80

    async def act(self, act: Act) -> None:
        await act.announce_list_change(self.kind)

    def assess(self, t: Transcript) -> Iterable[Rating]:
        feature = f"{self.kind}.listChanged"
        sent = next(t.notifications(f"notifications/{self.kind}/list_changed", direction="out"), None)
        if sent is None:
            yield plain(feature, None)
            return
        listings = list(t.requests(f"{self.kind}/list"))
        before = next((e for e in listings if e.index < sent.index and _answered_before(t, e, sent)), None)
        after = next((e for e in listings if e.index > sent.index), None)
        if before is None and any(e.index < sent.index for e in listings):
            yield plain(feature, None, [sent], detail={"outcome": "notified while the first listing was unanswered"})
            return
        if after is not None and before is None:
            detail = {"outcome": "first listing after the notification"}
            yield plain(feature, None, [sent, after], detail=detail)
            return
        following = _next_change(t, sent)
        if after is not None and following is not None and after.index > following.index:
            other = (following.method or "").split("/")[1]
            detail = {"outcome": f"listed again only after the {other} list change"}
            yield plain(feature, None, [sent, following, after], detail=detail)
            return
        if after is None and t.cut_short(sent):
            yield plain(feature, None, [sent], detail={"outcome": "left before listing again"})
            return
        answered = _call_answered_between(t, sent, after) if after is not None else None
        between = {"outcome": LISTED_BETWEEN_TURNS} if answered else None
        evidence = [x for x in (before, sent, answered, after) if x is not None]
        yield plain(feature, after is not None, evidence, detail=between)


def _next_change(t: Transcript, sent: Entry) -> Entry | None:
    """The first list change of another kind sent after `sent`, if it went out ALONE seconds or more later."""
    later = [
        e
        for kind in ("tools", "prompts", "resources")
        for e in t.notifications(f"notifications/{kind}/list_changed", direction="out")
        if e.index > sent.index and e.method != sent.method
    ]
    following = min(later, key=lambda e: e.index, default=None)
    return following if following is not None and following.t - sent.t >= ALONE else None


def _call_answered_between(t: Transcript, sent: Entry, relist: Entry) -> Entry | None:
    """The probe's answer to a tool call the client was in when `sent` went out, if it went out before `relist`:
    the client listed again only between turns (see ProbeSession.announce_list_change)."""
    for call in t.requests("tools/call"):
        if call.index < sent.index:
            answer = t.response_to(call)
            if answer is not None and sent.index < answer.index < relist.index:
                return answer
    return None


def _answered_before(t: Transcript, request: Entry, moment: Entry) -> bool:
    answer = t.response_to(request)
    return answer is not None and answer.index < moment.index
