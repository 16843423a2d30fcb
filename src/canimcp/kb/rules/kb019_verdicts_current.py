"""KB019 verdicts-current: a probe report's verdicts are what today's scenarios judge from its messages.

The messages are the evidence and never change; the verdicts are a reading of them. When a scenario learns to
judge better, every stored report must be judged again (`canimcp probe rejudge --write`), or the site and the
derived support statements would mix two readings.

Judging thousands of reports again is most of what `canimcp check` does. A report judged by an earlier check with
the same file and the same code is not judged again (kb/checkcache.py), nor then read. The rest are split between
forked worker processes when there are many: they share the loaded reports copy-on-write and send back only what
changed."""

from __future__ import annotations

import multiprocessing
from collections.abc import Iterator, Sequence

from ...model import ProbeReport
from ..collector import can_fork, usable_cores
from ..findings import Finding
from .base import Context, Rule

RULE = Rule("KB019", "verdicts-current", "error", "a probe report's verdicts differ from a fresh judgement of it")
SHOWN = 3  # changed features named in one finding
PARALLEL_FROM = 400  # reports to judge before worker processes pay for themselves (about 2 ms each)


def check(ctx: Context) -> Iterator[Finding]:
    for report_id, changed in _changes_by_report(ctx):
        more = f" and {len(changed) - SHOWN} more" if len(changed) > SHOWN else ""
        message = (
            f"{report_id}: judged again from its messages, {'; '.join(changed[:SHOWN])}{more}; "
            "run `canimcp probe rejudge --write`"
        )
        yield RULE.at(ctx, ("probe", report_id), "features", message=message)


def _changes_by_report(ctx: Context) -> list[tuple[str, list[str]]]:
    """(report id, the changes) for every report whose verdicts differ from today's judgement, in id order: what an
    earlier check found for the same file with the same code where the cache has it, judged again otherwise."""
    report_ids = ctx.result.report_ids()
    digests = {report_id: ctx.result.digests.get(("probe", report_id)) for report_id in report_ids}
    cached = {report_id: ctx.memo.judged(digests[report_id]) for report_id in report_ids}
    unjudged = [(report_id, ctx.result.report(report_id)) for report_id in report_ids if cached[report_id] is None]
    fresh = dict(judged_again(unjudged))
    found = []
    for report_id in report_ids:
        changed = cached[report_id]
        if changed is None:
            changed = fresh.get(report_id, [])
            ctx.memo.put_judged(digests[report_id], changed)
        if changed:
            found.append((report_id, changed))
    return found


def judged_again(reports: Sequence[tuple[str, ProbeReport]]) -> list[tuple[str, list[str]]]:
    """(report id, the changes) for every report whose stored verdicts differ from today's, in the given order."""
    workers = usable_cores()
    # a daemon process (the lint rules `canimcp build` runs beside itself) may not start processes of its own
    if workers < 2 or len(reports) < PARALLEL_FROM or not can_fork() or multiprocessing.current_process().daemon:
        return _changed(reports)
    global _REPORTS
    _REPORTS = reports
    step = -(-len(reports) // (workers * 4))  # a few chunks per worker, so that one slow chunk does not idle the rest
    try:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            found = pool.map(_changed_in, [(start, start + step) for start in range(0, len(reports), step)])
    finally:
        _REPORTS = ()
    return [item for chunk in found for item in chunk]


_REPORTS: Sequence[tuple[str, ProbeReport]] = ()  # what forked workers inherit


def _changed_in(span: tuple[int, int]) -> list[tuple[str, list[str]]]:
    return _changed(_REPORTS[span[0] : span[1]])


def _changed(reports: Sequence[tuple[str, ProbeReport]]) -> list[tuple[str, list[str]]]:
    from ...probe.rejudge import changes, rejudged  # the probe's scenarios load only when there are reports

    found = []
    for report_id, report in reports:
        changed = changes(report.features, rejudged(report))
        if changed:
            found.append((report_id, changed))
    return found
