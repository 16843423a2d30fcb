"""The site's feeds: the Atom feed of note and data changes, and llms.txt, the index of the markdown twins."""

from __future__ import annotations

import datetime as dt
import hashlib

from ..model import Client
from .runs import NO_CHANGE
from .twins import md_inline, md_text
from .views import STATE_LABEL, Views, client_url, feature_url, note_url

FEED_ENTRIES = 200
# a step between two probed versions that share no transport x mode run
NO_COMMON_RUN = "no run of the same transport, mode and setup as the version before it: nothing to compare"
# the entries made from support data and runs, under a key of what they are made of, kept across builds: `canimcp
# serve` rebuilds the feed whenever a note's title changes, and working out every cell again took most of that
_DATA_ENTRIES: dict[str, list[dict[str, str]]] = {}


def feed_entries(views: Views, base_url: str, data_key: str = "") -> tuple[list[dict[str, str]], str]:
    """The feed's entries, newest first, and the time of the newest: the newest notes, each client's support data,
    and what changed between each client's probed versions. `data_key` digests what the last two are made of (the
    support data, the runs, the taxonomy); given, they are worked out once for it."""
    entries = []
    for note in views.notes_newest_first()[:FEED_ENTRIES]:
        entries.append(
            {
                "title": note.title,
                "id": f"tag:canimcp.io,2026:research/{note.id}",
                "link": f"{base_url}{note_url(note.id, '')}",
                "updated": f"{note.last_updated}T00:00:00Z",
                "summary": note.summary,
            }
        )
    key = f"{data_key}\0{base_url}"
    data_entries = _DATA_ENTRIES.get(key) if data_key else None
    if data_entries is None:
        data_entries = [e for e in (_support_entry(views, c, base_url) for c in views.clients) if e]
        data_entries += _drift_entries(views, base_url)
        if data_key:
            _DATA_ENTRIES.clear()  # only the newest is asked for again
            _DATA_ENTRIES[key] = data_entries
    entries += data_entries
    entries.sort(key=lambda e: (e["updated"], e["id"]), reverse=True)
    updated = entries[0]["updated"] if entries else f"{dt.date.today()}T00:00:00Z"
    return entries, updated


def _support_entry(views: Views, client: Client, base_url: str) -> dict[str, str] | None:
    """The client's support data as one entry whose id changes whenever a verdict does (a statement
    edited, a run that changes what is derived from it), and stays the same while none does."""
    kb = views.kb
    dates, verdicts = [], hashlib.blake2b(digest_size=6)
    counts = dict.fromkeys(STATE_LABEL, 0)
    for feature_id in kb.features:
        statements = kb.statements(client.id, feature_id)
        if not statements:
            continue
        cell = views.cell(client.id, feature_id)
        counts[cell.state] += 1
        verdicts.update(f"{feature_id}\0{cell.summary}\0{' '.join(cell.marks)}\n".encode())
        for ev in (e for st in statements for e in st.evidence):
            if ev.source:
                dates.append(ev.source.date.isoformat())
            elif ev.probe and ev.probe in kb.probes:
                dates.append(kb.probes[ev.probe].started[:10])
    if not dates:
        return None
    newest = max(dates)
    states = ", ".join(f"{n} {state}" for state, n in counts.items() if n)
    return {
        "title": f"{client.title}: support data as of {newest}",
        "id": f"tag:canimcp.io,2026:clients/{client.id}/{newest}/{verdicts.hexdigest()}",
        "link": f"{base_url}{client_url(client.id)}",
        "updated": f"{newest}T00:00:00Z",
        "summary": f"Support statements for {client.title}, with evidence up to {newest}: {states}.",
    }


def _drift_entries(views: Views, base_url: str) -> list[dict[str, str]]:
    """One entry per client and pair of consecutive probed versions: what their runs show changed."""
    from ..harness.drift import version_steps

    entries = []
    for client_id, reports in sorted(views.harness_runs.items()):
        for before, version, changes in version_steps(reports):
            newest = max(r.started for r in reports if r.harness and r.harness.version == version)
            if changes is None:
                title, summary = f"{client_id} {version}: nothing to compare with {before}", NO_COMMON_RUN
            else:
                title = f"{client_id} {version}: {len(changes)} change(s) since {before}"
                summary = "; ".join(changes) or NO_CHANGE
            entries.append(
                {
                    "title": title,
                    "id": f"tag:canimcp.io,2026:drift/{client_id}/{before}..{version}",
                    "link": f"{base_url}{client_url(client_id)}#changes",
                    "updated": newest[:19] + "Z",
                    "summary": summary,
                }
            )
    return entries


def llms_txt(views: Views) -> str:
    lines = [
        "# Can I MCP?",
        "",
        "> Which MCP features each MCP client really supports, with evidence for every claim.",
        "",
    ]
    lines += [
        # links, not text, so that they follow the site to where it is served
        "Every page below is clean markdown. The JSON API starts at [api/matrix.json](/api/matrix.json).",
        "Every run of a real client against canimcp's probe is listed in [api/probes.json](/api/probes.json);",
        "each run's report, the evidence that statements cite as `probe:<id>`, is api/probes/<id>.json beside it.",
        "",
        "## Clients",
        "",
    ]
    lines += [f"- [{md_text(c.title)}]({client_url(c.id, '.md')}): {md_text(c.vendor or '')}" for c in views.clients]
    lines += ["", "## Features", ""]
    lines += [f"- [{md_text(f.title)}]({feature_url(f.id, '.md')}): `{f.id}`" for f in views.kb.features.values()]
    lines += ["", "## Research notes", ""]
    lines += [
        f"- [{md_inline(n.title)}]({note_url(n.id, '.md')}): {md_inline(n.summary)}" for n in views.notes_newest_first()
    ]
    return "\n".join(lines) + "\n"
