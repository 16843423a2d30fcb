"""A probe run as a page: what the client declared, what the probe observed, and every message on the wire.

The report's JSON (api/probes/<id>.json) is the evidence itself; this page is the same report made readable,
with each verdict linked to the messages it rests on. Values are passed to the template as text: autoescape
escapes whatever a client sent (a hostile clientInfo name included)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qsl

from markupsafe import Markup, escape

from ..kb.observed import state_of
from ..model import Client, ProbeReport, WireMessage
from .views import Views
from .wire import layout, visible

# an observed verdict in words (its colour is the support state it speaks for: kb.observed.state_of)
OBSERVED: dict[str, str] = {
    "supported": "supported",
    "undeclared-but-works": "works, not declared",
    "declared-but-failed": "declared, then failed",
    "unsupported": "not supported",
    "not-exercised": "not exercised",
}


@dataclass(frozen=True)
class VerdictRow:
    feature_id: str
    title: str  # the feature's title, or its id when the taxonomy does not have it
    linked: bool  # whether the feature has a page
    declared: str  # "yes", "no", or "—" for a feature no capability declares
    observed: str
    state: str
    detail: str
    evidence: list[int]

    @property
    def bare(self) -> bool:
        """Not exercised, and nothing more to say: listed by id only, under the table."""
        return self.state == "unknown" and not self.detail and not self.evidence


@dataclass(frozen=True)
class MessageView:
    index: int
    t: float
    sender: str  # "client → probe" or "probe → client"
    http: str  # "POST /mcp", "HTTP 202", "HTTP 404 to a GET", ""
    notes: list[str]  # truncated, undelivered, SSE priming, part of a sign-in…
    body: str  # laid out when it is JSON (see wire.layout), as sent otherwise
    extra: str  # the query of a request, and the OAuth parameters the probe judged: "name = value" lines
    headers: str  # one "name: value" line per HTTP header, "" when there were none


def _words(key: str) -> str:
    """A detail's key as words: clientPings -> client pings."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", key).lower()


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list) and all(isinstance(v, str | int | float) and not isinstance(v, bool) for v in value):
        return ", ".join(str(v) for v in value)
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def _detail(detail: dict[str, Any] | None) -> str:
    """What the probe noted beside a verdict, in words ("client pings: 9 · page opened: no"); the JSON report has
    it as recorded."""
    words = [
        f"{_words(key)}: {_value(value)}" for key, value in (detail or {}).items() if value not in (None, "", [], {})
    ]
    return visible(" · ".join(words))


def verdict_rows(views: Views, report: ProbeReport) -> list[VerdictRow]:
    """The report's verdicts in taxonomy order (features the taxonomy does not know last, by id)."""
    kb, order = views.kb, views.feature_order
    rows = []
    for feature_id, result in sorted(report.features.items(), key=lambda kv: (order.get(kv[0], len(order)), kv[0])):
        feature = kb.features.get(feature_id)
        words, state = OBSERVED.get(result.observed, result.observed), state_of(result.observed)
        declarable = feature is None or feature.declared_as is not None
        rows.append(
            VerdictRow(
                feature_id,
                feature.title if feature else feature_id,
                feature is not None,
                ("yes" if result.declared else "no") if declarable or result.declared else "—",
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
        size = len(message.raw.encode())
        notes.append(f"truncated: the first {size:,} of {message.size or 0:,} bytes")
    if message.undelivered:
        notes.append("not delivered: the client had closed the stream")
    if message.sse:
        notes.append("SSE priming event " + json.dumps(message.sse, ensure_ascii=False))
    if message.oauth:
        notes.append("part of the sign-in")
    if message.refused:
        notes.append(f"refused with HTTP {message.refused}: no valid token")
    if message.auth:
        notes.append("carried a valid bearer token")
    if message.page:
        notes.append(f"a visit to the probe's {message.page} page")
    status = (message.model_extra or {}).get("status")
    if message.direction == "in" and status:
        notes.append(f"answered HTTP {status}")
    if (message.http or {}).get("forgotten"):
        notes.append("the probe had forgotten this session on purpose (--expire-after)")
    closed = (message.http or {}).get("closedBeforeAnswer")
    if isinstance(closed, int):
        notes.append(f"the client closed the response stream of message #{closed} before its answer")
    return [visible(n) for n in notes]


def _http(message: WireMessage) -> str:
    http = message.http or {}
    if "status" in http:  # a response; a 404 for a forgotten session names the method it answers
        return f"HTTP {http['status']}" + (f" to a {http['method']}" if "method" in http else "")
    if "method" in http:
        return visible(f"{http['method']} {http.get('path', '')}".strip())
    return ""


def _extra(message: WireMessage) -> str:
    lines = []
    query = (message.http or {}).get("query")
    if isinstance(query, str) and query:
        lines += [f"{k} = {v}" for k, v in parse_qsl(query, keep_blank_values=True)] or [query]
    if message.oauth_params:
        lines += [f"{k} = {v}" for k, v in message.oauth_params.items()]
    return visible("\n".join(lines))


def _headers(headers: dict[str, str]) -> str:
    """One line per header; a line break inside a name or value is shown as `\\n`, so that no value can pass
    for a header of its own."""
    return visible("".join(f"{k}: {v}".replace("\r", "\\r").replace("\n", "\\n") + "\n" for k, v in headers.items()))


def message_views(report: ProbeReport) -> list[MessageView]:
    return [
        MessageView(
            i,
            m.t,
            "client → probe" if m.direction == "in" else "probe → client",
            _http(m),
            _notes(m),
            layout(m.raw),
            _extra(m),
            _headers(m.headers or {}),
        )
        for i, m in enumerate(report.messages)
    ]


def setup(report: ProbeReport) -> str:
    """How the harness set the run up beyond its transport, as the history table, the title and the twin say it:
    ", OAuth required, handshake era only", or ""."""
    h = report.harness
    if h is None:
        return ""
    return (", OAuth required" if h.auth else "") + h.offered


def connection(report: ProbeReport) -> int | None:
    """Which connection of its run a harness's report is (a client may open several): the harness numbers them
    at the end of the id. None for a run the harness did not make."""
    last = report.id.rsplit("-", 1)[-1]
    return int(last) if report.harness and last.isdigit() else None


# the harness's transports, as its report ids name them, and what each is on the wire
WIRE = {"stdio": "stdio", "http": "streamable-http", "sse": "sse"}


def set_up_for(report: ProbeReport) -> str | None:
    """The transport the harness gave the client (from the report id, `<client>-<version>-<transport>-…`) where the
    client connected over another: a scanner given an SSE entry may reach a server over Streamable HTTP first."""
    h = report.harness
    prefix = f"{h.client}-{h.version}-" if h else None
    word = report.id[len(prefix) :].split("-", 1)[0] if prefix and report.id.startswith(prefix) else None
    return word if word in WIRE and WIRE[word] != report.transport else None


def run_title(report: ProbeReport, client_title: str | None) -> str:
    """Codex 0.144.0: session over streamable-http, OAuth required (connection 2). A run no harness made (a script
    of the project's driving a library) records no library version and no script: its id names both."""
    h = report.harness
    if h is not None:
        number = connection(report)
        nth = f" (connection {number + 1})" if number else ""
        given = set_up_for(report)
        wire = report.transport + (f" (set up for {given})" if given else "")
        return visible(f"{client_title or h.client} {h.version}: {h.mode} over {wire}{setup(report)}{nth}")
    info = report.client_info or {}
    name = client_title or (str(info["name"]) if isinstance(info.get("name"), str) and info["name"] else "A client")
    return visible(f"{name} over {report.transport}: run {report.id}")


@dataclass(frozen=True)
class RunGroup:
    """The runs of one client on the index of runs: a harness's, newest version first, then those of scripts."""

    client: Client | None  # None: runs of no client the knowledge base has (see `owner`)
    runs: list[ProbeReport]


def owner(views: Views, report: ProbeReport) -> str:
    """The client a run belongs to: the one the harness installed, else the one whose folder of probes/ it is filed
    in, else the one client whose claims cite it; "" for none of these."""
    if report.harness:
        return report.harness.client
    folder = views.kb.probe_folders.get(report.id, "")
    if folder in views.kb.clients:
        return folder
    citations = views.citations(report.id)
    return next(iter(citations)) if len(citations) == 1 else ""


def run_groups(views: Views) -> list[RunGroup]:
    """Every run once, grouped by the client it belongs to in page order; runs of no one client last."""
    scripted: dict[str, list[ProbeReport]] = {}
    for report in views.kb.probes.values():
        if report.harness is None:
            scripted.setdefault(owner(views, report), []).append(report)
    for reports in scripted.values():
        reports.sort(key=lambda r: (r.started, r.id), reverse=True)
    groups = []
    for client in views.clients:
        reports = views.probes_of(client.id) + scripted.pop(client.id, [])
        if reports:
            groups.append(RunGroup(client, reports))
    rest = [r for reports in scripted.values() for r in reports]  # a harness names clients; these name none known
    rest += [r for r in views.kb.probes.values() if r.harness and r.harness.client not in views.kb.clients]
    if rest:
        groups.append(RunGroup(None, sorted(rest, key=lambda r: (r.started, r.id), reverse=True)))
    return groups


def tally(report: ProbeReport) -> dict[str, int]:
    """How many features the run showed working, not supported, and declared but failing; it did not exercise the
    rest."""
    counts = {"works": 0, "unsupported": 0, "failed": 0}
    for result in report.features.values():
        if result.observed == "declared-but-failed":
            counts["failed"] += 1
        elif result.observed == "unsupported":
            counts["unsupported"] += 1
        elif state_of(result.observed) == "yes":
            counts["works"] += 1
    return counts


def breakable(run_id: str) -> Markup:
    """A run id that may break after its hyphens only, not inside a word (a table's narrow column broke it after
    every character)."""
    return Markup("-<wbr>").join(escape(part) for part in run_id.split("-"))


# what a step between two probed versions says when nothing changed, and when they share no run to compare (the
# client page and its twin; the feed words the second for a reader without the page around it)
NO_CHANGE = "no change in what it declares or does"
NOTHING_TO_COMPARE = "no run of the same transport, mode and setup: nothing to compare"


def change_words(line: str) -> str:
    """A drift line as the pages say it: an arrow for the command line's `->`."""
    return line.replace(" -> ", " → ")
