"""Drift: what a client's runs show changed from one version to the next."""

from __future__ import annotations

import json
from collections.abc import Iterable
from itertools import pairwise
from pathlib import Path
from typing import Any

from ..model import ProbeReport
from ..versions import version_key


def load_reports(folder: Path) -> list[ProbeReport]:
    if not folder.is_dir():
        return []
    return [ProbeReport.model_validate_json(p.read_text(encoding="utf-8")) for p in sorted(folder.glob("*.json"))]


def _key(report: ProbeReport) -> tuple[str, str]:
    h = report.harness
    # a run that had to sign in first, was offered one era only, had its session forgotten or ran the library as an
    # agent is compared only with other such runs
    offered = h.offered if h else ""
    return (report.transport + (" with OAuth" if h and h.auth else "") + offered, h.mode if h else "?")


Runs = dict[tuple[str, str], ProbeReport]  # per transport x mode, the run compared


def _main(reports: Iterable[ProbeReport], version: str) -> Runs:
    """Per transport x mode, the first connection that sent clientInfo (the one a server sees)."""
    chosen: dict[tuple[str, str], ProbeReport] = {}
    for report in reports:
        if report.harness and report.harness.version == version and report.client_info is not None:
            chosen.setdefault(_key(report), report)
    return chosen


def _flatten(value: Any, prefix: str = "") -> dict[str, Any]:
    """Every key path of a JSON object: leaves with their values, objects as `{}` (so that `roots: {}` becoming
    `roots: {listChanged: true}` reads as one key added, not as `roots` gone and `roots.listChanged` new)."""
    out: dict[str, Any] = {}
    if isinstance(value, dict):
        if prefix:
            out[prefix] = {}
        for k, v in value.items():
            out |= _flatten(v, f"{prefix}.{k}" if prefix else str(k))
    elif prefix:
        out[prefix] = value
    return out


def compare(old: ProbeReport, new: ProbeReport) -> list[str]:
    changes = []
    if old.protocol_version != new.protocol_version:
        changes.append(f"protocolVersion {old.protocol_version} -> {new.protocol_version}")
    a, b = _flatten(old.client_info or {}), _flatten(new.client_info or {})
    for key in sorted(set(a) | set(b)):
        if key != "version" and a.get(key) != b.get(key):
            changes.append(f"clientInfo.{key}: {json.dumps(a.get(key))} -> {json.dumps(b.get(key))}")
    a, b = _flatten(old.capabilities or {}), _flatten(new.capabilities or {})
    changes += [f"capabilities + {k}" for k in sorted(set(b) - set(a))]
    changes += [f"capabilities - {k}" for k in sorted(set(a) - set(b))]
    changes += [
        f"capabilities {k}: {json.dumps(a[k])} -> {json.dumps(b[k])}" for k in sorted(set(a) & set(b)) if a[k] != b[k]
    ]
    for feature in sorted(set(old.features) | set(new.features)):
        x, y = old.features.get(feature), new.features.get(feature)
        before, after = (x.observed if x else "absent"), (y.observed if y else "absent")
        if before != after and "not-exercised" not in (before, after):
            changes.append(f"{feature}: {before} -> {after}")
    return changes


def diff_versions(reports: list[ProbeReport], v1: str, v2: str, common_only: bool = False) -> list[str]:
    """What changed from v1 to v2, per transport x mode. `common_only`: leave out the transport x mode runs that
    only one of the versions has (a gap in what was run, not a change in the client: the site's feed)."""
    old, new = _main(reports, v1), _main(reports, v2)
    if not old:
        raise LookupError(f"no runs of version {v1}")
    if not new:
        raise LookupError(f"no runs of version {v2}")
    return _diff(old, new, v1, v2, common_only)


def _diff(old: Runs, new: Runs, v1: str, v2: str, common_only: bool) -> list[str]:
    lines = []
    for key in sorted(set(old) | set(new)):
        where = f"{key[0]} {key[1]}"
        if key not in old or key not in new:
            if common_only:
                continue
            lines.append(f"{where}: only in {v2 if key in new else v1}")
            continue
        lines += [f"{where}: {change}" for change in compare(old[key], new[key])]
    return lines


def previous_version(reports: list[ProbeReport], version: str) -> str | None:
    """The newest version older than `version` that has runs."""
    here = version_key(version) or ()
    older = {r.harness.version for r in reports if r.harness and (version_key(r.harness.version) or ()) < here}
    return max(older, key=lambda v: version_key(v) or (), default=None)


def version_steps(reports: list[ProbeReport]) -> list[tuple[str, str, list[str] | None]]:
    """(older, newer, changes) for each pair of consecutive probed versions of one client, newest first; the changes
    are those of the transport x mode runs both versions have (see `diff_versions`), each read from the earliest
    connection of its version that sent clientInfo (the one a server sees first). None: the two versions have no
    such run in common, so nothing can be said of what changed."""
    reports = sorted(reports, key=lambda r: (r.started, r.id))
    # a version none of whose connections got as far as clientInfo has nothing to compare: it is passed over
    seen = {r.harness.version for r in reports if r.harness and r.client_info is not None}
    versions = sorted(seen, key=lambda v: version_key(v) or ())
    steps: list[tuple[str, str, list[str] | None]] = []
    for before, version in reversed(list(pairwise(versions))):
        old, new = _main(reports, before), _main(reports, version)
        steps.append((before, version, _diff(old, new, before, version, True) if set(old) & set(new) else None))
    return steps
