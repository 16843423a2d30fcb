"""Judging stored reports again. A report keeps every message the run exchanged, so when a scenario learns to
judge better, each report's verdicts are worked out anew from those messages: the evidence stays as recorded,
only its reading changes (as the probe's own `build_report` reads a run from the store, with the same transcript)."""

from __future__ import annotations

import json
from pathlib import Path

from ..model import FeatureResult, ProbeReport
from ..store import MessageRow, RunRow
from .report import assess, transcript_of

WIRE_KEYS = ("t", "direction", "raw")


def stored_run(report: ProbeReport) -> tuple[RunRow, list[MessageRow]]:
    """The run and messages a report was built from, as the store held them."""
    messages = []
    for seq, message in enumerate(report.messages):
        dumped = message.model_dump(by_alias=True, exclude_none=True)
        meta = {key: value for key, value in dumped.items() if key not in WIRE_KEYS}
        messages.append(MessageRow(seq, message.t, message.direction, message.raw.encode(), meta))
    extra = report.model_extra or {}
    # what the scenarios read from the run besides its messages: its answer timeout, and why it closed (a run whose
    # client started over in the run of its forgotten session did not give up on the new era)
    fields = {"answerTimeout": extra.get("answerTimeout"), "closeReason": report.close_reason}
    # a run cut short has no end of its own: its report's `ended` is only its last message
    run = RunRow(
        report.id, report.started, report.transport, report.era, report.ended if report.complete else None, fields
    )
    return run, messages


def rejudged(report: ProbeReport) -> dict[str, FeatureResult]:
    """The verdicts today's scenarios reach on the report's messages (only those: no report is rebuilt)."""
    run, messages = stored_run(report)
    return assess(messages, run.transport, transcript=transcript_of(run, messages))


def changes(old: dict[str, FeatureResult], new: dict[str, FeatureResult]) -> list[str]:
    """One line per feature whose verdict differs, `feature: observed → observed`: changed verdicts first, then
    features judged by one reading only, then changes of evidence or detail alone."""
    ranked = []
    for feature in sorted(set(old) | set(new)):
        before, after = old.get(feature), new.get(feature)
        if before == after:
            continue
        if before is None or after is None:
            was, now = before.observed if before else "absent", after.observed if after else "absent"
            ranked.append((1, f"{feature}: {was} → {now}"))
        elif before.observed != after.observed:
            ranked.append((0, f"{feature}: {before.observed} → {after.observed}"))
        else:
            ranked.append((2, f"{feature}: {after.observed}, evidence or detail changed"))
    return [line for _, line in sorted(ranked, key=lambda pair: pair[0])]


def rewrite_features(path: Path, features: dict[str, FeatureResult]) -> None:
    """Replace the verdicts in the report file at `path`, leaving the rest of the file as it was."""
    data = json.loads(path.read_text(encoding="utf-8"))
    data["features"] = {k: v.model_dump(mode="json", by_alias=True) for k, v in features.items()}
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False), encoding="utf-8")
