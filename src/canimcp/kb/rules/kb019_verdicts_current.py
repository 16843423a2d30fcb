"""KB019 verdicts-current: a probe report's verdicts are what today's scenarios judge from its messages.

The messages are the evidence and never change; the verdicts are a reading of them. When a scenario learns to
judge better, every stored report must be judged again (`canimcp probe rejudge --write`), or the site and the
derived support statements would mix two readings."""

from __future__ import annotations

from collections.abc import Iterator

from ..findings import Finding
from .base import Context, Rule

RULE = Rule("KB019", "verdicts-current", "error", "a probe report's verdicts differ from a fresh judgement of it")
SHOWN = 3  # changed features named in one finding


def check(ctx: Context) -> Iterator[Finding]:
    from ...probe.rejudge import changes, rejudged  # the probe's scenarios load only when there are reports

    for report_id, report in sorted(ctx.kb.probes.items()):
        changed = changes(report.features, rejudged(report))
        if changed:
            more = f" and {len(changed) - SHOWN} more" if len(changed) > SHOWN else ""
            message = (
                f"{report_id}: judged again from its messages, {'; '.join(changed[:SHOWN])}{more}; "
                "run `canimcp probe rejudge --write`"
            )
            yield RULE.at(ctx, ("probe", report_id), "features", message=message)
