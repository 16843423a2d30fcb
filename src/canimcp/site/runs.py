"""A probe run as a page: what the client declared, what the probe observed, and every message on the wire.

The report's JSON (api/probes/<id>.json) is the evidence itself; this page is the same report made readable,
with each verdict linked to the messages it rests on. Values are passed to the template as text: autoescape
escapes whatever a client sent (a hostile clientInfo name included)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import orjson

from ..model import KnowledgeBase, ProbeReport, WireMessage

# an observed verdict's words, and the state colour it takes on the page
OBSERVED: dict[str, tuple[str, str]] = {
    "supported": ("supported", "yes"),
    "undeclared-but-works": ("works, not declared", "yes"),
    "declared-but-failed": ("declared, then failed", "no"),
    "unsupported": ("not supported", "no"),
    "not-exercised": ("not exercised", "unknown"),
}


@dataclass(frozen=True)
class VerdictRow:
    feature_id: str
    title: str  # the feature's title, or its id when the taxonomy does not have it
    linked: bool  # whether the feature has a page
    declared: bool
    observed: str
    state: str
    detail: str
    evidence: list[int]


@dataclass(frozen=True)
class MessageView:
    index: int
    t: float
    sender: str  # "client → probe" or "probe → client"
    http: str  # "POST /mcp", "HTTP 202", ""
    notes: list[str]  # truncated, undelivered, SSE priming, OAuth…
    body: str  # pretty JSON when it parses, the raw text otherwise
    headers: str  # one "name: value" line per HTTP header, "" when there were none


def pretty(raw: str) -> str:
    """A message as JSON laid out for reading (keys in the order sent, non-ASCII as it was), or as sent when
    it is not JSON (garbage from a client, an SSE priming event, a truncated message)."""
    try:  # the standard parser keeps every integer exact; NaN and Infinity are not JSON: shown as sent
        value = json.loads(raw, parse_constant=_not_json)
    except ValueError:
        return raw
    try:  # orjson lays out as json.dumps(indent=2) does, in C: a run's page shows hundreds of messages
        return orjson.dumps(value, option=orjson.OPT_INDENT_2).decode()
    except TypeError:  # an integer beyond 64 bits
        return json.dumps(value, indent=2, ensure_ascii=False)


def _not_json(constant: str) -> Any:
    raise ValueError(f"{constant} is not JSON")


def _detail(detail: dict[str, Any] | None) -> str:
    if not detail:
        return ""
    words = []
    for key, value in detail.items():
        shown = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
        words.append(f"{key}: {shown}")
    return " · ".join(words)


def verdict_rows(kb: KnowledgeBase, report: ProbeReport) -> list[VerdictRow]:
    """The report's verdicts in taxonomy order (features the taxonomy does not know last, by id)."""
    order = {f.id: i for i, f in enumerate(f for cat in kb.ordered_categories() for f in cat.features)}
    rows = []
    for feature_id, result in sorted(report.features.items(), key=lambda kv: (order.get(kv[0], len(order)), kv[0])):
        feature = kb.features.get(feature_id)
        words, state = OBSERVED.get(result.observed, (result.observed, "unknown"))
        rows.append(
            VerdictRow(
                feature_id,
                feature.title if feature else feature_id,
                feature is not None,
                result.declared,
                words,
                state,
                _detail(result.detail),
                [i for i in result.evidence if 0 <= i < len(report.messages)],
            )
        )
    return rows


def _notes(message: WireMessage) -> list[str]:
    notes = []
    if message.truncated:
        notes.append(f"truncated: the first {len(message.raw):,} of {message.size or 0:,} bytes")
    if message.undelivered:
        notes.append("not delivered: the client had closed the stream")
    if message.sse:
        notes.append("SSE priming event " + json.dumps(message.sse, ensure_ascii=False))
    if message.oauth:
        notes.append(f"authorization server: {message.oauth}")
    if message.refused:
        notes.append(f"refused with HTTP {message.refused} for want of a token")
    if message.auth:
        notes.append(f"bearer token: {message.auth}")
    if message.page:
        notes.append(f"visited the probe's {message.page} page")
    return notes


def _http(message: WireMessage) -> str:
    http = message.http or {}
    if "method" in http:
        return f"{http['method']} {http.get('path', '')}".strip()
    if "status" in http:
        return f"HTTP {http['status']}"
    return ""


def message_views(report: ProbeReport) -> list[MessageView]:
    return [
        MessageView(
            i,
            m.t,
            "client → probe" if m.direction == "in" else "probe → client",
            _http(m),
            _notes(m),
            pretty(m.raw),
            "".join(f"{k}: {v}\n" for k, v in (m.headers or {}).items()),
        )
        for i, m in enumerate(report.messages)
    ]


def run_title(report: ProbeReport, client_title: str | None) -> str:
    """ "Codex 0.144.0: session over streamable-http", or the run's id for a run no harness made."""
    h = report.harness
    if h is None:
        return f"Probe run {report.id}"
    return f"{client_title or h.client} {h.version}: {h.mode} over {report.transport}"
