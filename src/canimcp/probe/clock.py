"""The probe's timestamps, as its reports and task answers carry them: UTC, to the millisecond, with `Z`."""

from __future__ import annotations

import datetime as dt


def iso(moment: dt.datetime) -> str:
    return moment.isoformat(timespec="milliseconds").replace("+00:00", "Z")


def now_iso() -> str:
    return iso(dt.datetime.now(dt.UTC))
