"""Probe reports (the contract's JSON shape) built from a stored run: features are re-judged from the messages."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from ..model import FeatureResult, ProbeReport, WireMessage
from ..model.probe import STARTED_OVER
from ..store import MessageRow, RunRow
from .clock import iso
from .scenarios import all_scenarios
from .scenarios.base import Scenario
from .transcript import Transcript


def assess(
    messages: list[MessageRow],
    transport: str,
    scenarios: Sequence[Scenario] | None = None,
    transcript: Transcript | None = None,
) -> dict[str, FeatureResult]:
    transcript = transcript or Transcript(messages, transport)
    features: dict[str, FeatureResult] = {}
    for scenario in scenarios or all_scenarios():
        for feature, result in scenario.assess(transcript):
            features[feature] = result
    return dict(sorted(features.items()))


def raw_text(raw: bytes) -> str:
    """The bytes as text; bytes that are not UTF-8 show as \\xNN escapes (the store keeps the exact bytes)."""
    return raw.decode("utf-8", errors="backslashreplace")


def left_at(run: RunRow) -> float | None:
    """Seconds from the start of the run to its end, when it ended (None for a run cut short)."""
    if run.ended is None:
        return None
    start = dt.datetime.fromisoformat(run.started.replace("Z", "+00:00"))
    return (dt.datetime.fromisoformat(run.ended.replace("Z", "+00:00")) - start).total_seconds()


# report keys worked out here from the messages and the run, whatever a stored run's fields hold for them (a
# report copied into the store by the harness brings them all)
SET_FROM_THE_RUN = (
    "protocolVersion", "negotiatedVersion", "clientInfo", "capabilities", "features", "closeReason", "harness",
    "userAgent", "complete",
)  # fmt: skip


def transcript_of(run: RunRow, messages: list[MessageRow]) -> Transcript:
    """The run's messages as the scenarios judge them, with when it ended and the answer timeout it ran with."""
    return Transcript(
        messages,
        run.transport,
        left_at=left_at(run),
        answer_timeout=run.fields.get("answerTimeout"),
        started_over=run.fields.get("closeReason") == STARTED_OVER,
    )


def build_report(run: RunRow, messages: list[MessageRow]) -> ProbeReport:
    transcript = transcript_of(run, messages)
    wire = []
    for message in messages:
        extra: dict[str, Any] = {k: v for k, v in message.meta.items() if k != "headers"}
        wire.append(
            WireMessage(
                t=message.t,
                direction=message.direction,
                raw=raw_text(message.raw),
                headers=message.meta.get("headers"),
                **extra,
            )
        )
    # a run still open (or cut short by a crash) ends, as far as anyone knows, at its last message
    last = messages[-1].t if messages else 0.0
    ended = run.ended or (dt.datetime.fromisoformat(run.started.replace("Z", "+00:00")) + dt.timedelta(seconds=last))
    fields = dict(run.fields)
    for key in SET_FROM_THE_RUN:
        fields.pop(key, None)
    return ProbeReport(
        id=run.id,
        started=run.started,
        ended=ended if isinstance(ended, str) else iso(ended),
        transport=run.transport,
        era=transcript.era,
        protocolVersion=transcript.protocol_version,
        negotiatedVersion=transcript.negotiated_version,
        clientInfo=transcript.client_info,
        capabilities=transcript.capabilities,
        messages=wire,
        features=assess(messages, run.transport, transcript=transcript),
        harness=run.fields.get("harness"),
        complete=run.ended is not None,
        closeReason=run.fields.get("closeReason"),
        userAgent=run.fields.get("userAgent"),
        **fields,
    )
