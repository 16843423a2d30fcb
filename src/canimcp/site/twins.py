"""Markdown twins of client and feature pages: clean markdown an agent can read instead of the HTML.
A note's twin is the note file itself (front matter and body), as written but for raw HTML and script links,
which are made inert (see `inert`): a renderer reads the front matter as prose too. The JSON document of
the note keeps every value exactly."""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path
from urllib.parse import quote

from ..harness.drift import version_steps
from ..model import Client, Feature
from .inert import AUTOLINK_TARGET, inert_prose
from .markdown import safe_url
from .runs import NO_CHANGE, NOTHING_TO_COMPARE, change_words, setup
from .views import CODE_SPAN, STATE_LABEL, Provenance, Views, api_probe_url, client_url, feature_url, note_url


def note_twin(path: Path) -> str:
    """A note's twin: the note file itself, front matter and body, made inert as one markdown document (which
    is how a renderer reads it: the front matter becomes a paragraph under a rule)."""
    return inert_prose(path.read_text(encoding="utf-8"))


def _evidence_lines(views: Views, evidence: list) -> list[str]:  # type: ignore[type-arg]
    lines = []
    for ev in evidence:
        link = views.link(ev)
        # an agent reads a note's twin, and a probe run's report as the probe wrote it
        href = link.href
        if link.kind == "note":
            href = href.replace(".html", ".md")
        elif link.kind == "probe" and ev.probe:
            href = api_probe_url(ev.probe)
        detail = f" ({md_code(link.detail)})" if link.detail else ""
        lines.append(f"    - {link.kind}: [{md_inline(link.label)}]({md_target(href)}){detail}")
    return lines


def md_code(text: str) -> str:
    """Text as an inline code span, fenced with more backticks than it contains."""
    text = text.replace("\n", " ")
    fence = "`" * (max((len(run) for run in re.findall("`+", text)), default=0) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def md_url(url: str | None) -> str:
    """A URL from the data as an autolink (`<https://…>`, which an agent reads as the URL itself), or as
    escaped text where it is no link the site would make."""
    if not url:
        return ""
    return f"<{url}>" if safe_url(url) == url and _AUTOLINKABLE.fullmatch(url) else md_text(url)


def md_target(url: str) -> str:
    """A URL from the data as a link target: one the site would not link becomes `#`, as on the pages, and the
    characters that could end the target early (or open HTML after it) are percent-encoded, as a browser
    would send them anyway."""
    return _TARGET_BREAKERS.sub(lambda m: quote(m[0], safe=""), safe_url(url))


def md_text(text: str) -> str:
    """Text that cannot open markdown syntax or HTML when placed inline."""
    out = text.replace("\\", "\\\\")
    for ch in "[]<>*_`|&":
        out = out.replace(ch, "\\" + ch)
    return out.replace("\n", " ")


_TARGET_BREAKERS = re.compile(r"[\s()<>\\]")
_AUTOLINKABLE = re.compile(AUTOLINK_TARGET)


def md_inline(text: str) -> str:
    """`md_text`, keeping the text's `code spans` (the one piece of markdown the short texts in the data use,
    as `views.inline` does on pages): what is inside a code span is literal in markdown, so it opens nothing."""
    if "`" not in text:
        return md_text(text)
    parts = CODE_SPAN.split(text)  # text, span, text, span, ..., text
    return "".join(f"`{part}`" if i % 2 else md_text(part) for i, part in enumerate(parts))


def _provenance_line(pv: Provenance) -> str:
    hand = f" ({', '.join(md_code(f) for f in pv.by_hand)})" if pv.by_hand else ""
    left = (
        f"{len(pv.unstated)} {'has' if len(pv.unstated) == 1 else 'have'} no statement yet (unknown)"
        if pv.unstated
        else "none is left without a statement"
    )
    return (
        f"Of the {pv.total} features, {len(pv.from_runs)} are stated from canimcp's probe runs of this client's newest "
        f"version and {len(pv.by_hand)} are written by hand, each statement citing the pinned source, note or run "
        f"it rests on{hand}; {left}."
    )


def _without_title(body: str) -> str:
    """A client's prose without its own `# title`: the twin starts with one already."""
    first, _, rest = body.lstrip().partition("\n")
    return rest if first.startswith("# ") else body


def _run_lines(views: Views, client: Client) -> list[str]:
    """The client's probe runs, newest version first, as the page's table has them: one line each, linking the
    report (the evidence an agent can read whole)."""
    lines = []
    for report in views.probes_of(client.id):
        h = report.harness
        assert h is not None  # probes_of lists the runs a harness made
        said = f"{md_text(h.version)} ({h.mode}, {report.transport}{md_text(setup(report))}, {report.started[:10]})"
        lines.append(
            f"- [{said}]({md_target(api_probe_url(report.id))}): protocol {md_code(report.protocol_version or 'none')},"
            f" clientInfo {md_code(json.dumps(report.client_info, ensure_ascii=False))},"
            f" capabilities {md_code(json.dumps(report.capabilities, ensure_ascii=False))}"
        )
    return lines or ["No probe runs recorded for this client yet."]


def client_twin(views: Views, client: Client) -> str:
    kb = views.kb
    out = [f"# {md_text(client.title)}", ""]
    facts = [("id", md_code(client.id)), ("vendor", md_text(client.vendor or ""))]
    facts += [("homepage", md_url(client.homepage)), ("repository", md_url(client.repository))]
    facts += [("licence", md_text(client.license or ""))]
    facts += [("packages", ", ".join(md_code(f"{p.registry}:{p.name}") for p in client.packages))]
    out += [f"- {k}: {v}" for k, v in facts if v]
    out += ["", inert_prose(_without_title(client.body).strip()), "", "## Surfaces", ""]
    out += [
        f"- {md_code(s.id)}: {md_inline(s.title)}" + (f" — {md_inline(s.description)}" if s.description else "")
        for s in client.surfaces
    ]
    out += ["", "## clientInfo names", ""]
    for ci in client.client_info:
        out.append(
            f"- {md_text(ci.name) if ci.name_from_configuration else md_code(ci.name)}"
            f" (surface {md_text(ci.surface or 'all')}, mode {ci.mode})"
            + (f": version {md_inline(ci.version)}" if ci.version else "")
        )
        out += _evidence_lines(views, ci.evidence)
    out += ["", "## Support", "", _provenance_line(views.provenance(client.id)), ""]
    for cat in kb.ordered_categories():
        rows = [f for f in cat.features if kb.statements(client.id, f.id)]
        if not rows:
            continue
        out += [f"### {md_text(cat.title)}", ""]
        for feature in rows:
            cell = views.cell(client.id, feature.id)
            summary = md_text(cell.details or cell.summary)
            out.append(f"- [{feature.id}]({feature_url(feature.id, '.md')}) — **{cell.state}**: {summary}")
            for st in kb.statements(client.id, feature.id):
                conds = [
                    f"surface {md_code(st.surface)}" if st.surface else "",
                    f"since {md_text(st.since)}" if st.since else "",
                ]
                conds += [f"until {md_text(st.until)}" if st.until else ""]
                cond = st.condition
                if cond and cond.flag:
                    more = f" ({md_inline(cond.notes)})" if cond.notes else ""
                    conds.append(f"only with {md_code(str(cond.flag))}{more}")
                if cond and cond.install:
                    conds.append(md_text(cond.installed))
                elif not (cond and cond.flag):
                    conds.append("default install")
                conds += ["declared" if st.declared else "not declared" if st.declared is False else ""]
                out.append(
                    f"  - {st.state} ({', '.join(c for c in conds if c)})"
                    + (f": {md_inline(st.notes)}" if st.notes else "")
                )
                out += ["  " + line for line in _evidence_lines(views, st.evidence)]
        out.append("")
    notes = views.notes_about_client(client.id)
    out += ["## Research notes", ""] + [f"- [{md_inline(n.title)}]({note_url(n.id, '.md')})" for n in notes]
    out += ["", "## What each version declared", "", *_run_lines(views, client)]
    steps = version_steps(views.probes_of(client.id))
    if steps:
        out += ["", "## What changed from version to version", ""]
        out += [
            "Each probed version against the one before it, in the runs both have (same transport, mode and setup).",
            "",
        ]
        for before, version, lines in steps:
            if lines is None:
                said = NOTHING_TO_COMPARE
            else:
                said = "; ".join(md_text(change_words(line)) for line in lines) or NO_CHANGE
            out.append(f"- {md_text(before)} → {md_text(version)}: {said}")
    out += ["", f"HTML: {client_url(client.id)}", ""]
    return "\n".join(out)


@lru_cache(maxsize=4096)
def _client_link(client_id: str, title: str) -> str:
    """A client's link as every feature twin lists it (made once per client)."""
    return f"- [{md_text(title)}]({client_url(client_id, '.md')})"


# said of a feature no scenario of the probe judges, on its page and in its twin
UNPROBED = (
    "The probe has no scenario for this feature yet: what is said of it comes from reading each client's code and"
    " documentation."
)


def feature_twin(views: Views, feature: Feature) -> str:
    out = [
        f"# {md_text(feature.title)}",
        "",
        f"- id: {md_code(feature.id)}",
        f"- category: {md_text(feature.category)}",
    ]
    if feature.declared_as:
        out.append(f"- declared as: {md_code('capabilities.' + feature.declared_as)}")
    for label in ("added", "in_practice", "deprecated", "removed"):
        link = getattr(feature, label)
        if link:
            out.append(
                f"- {label.replace('_', ' ')}: {md_text(link.revision)}"
                + (f" ({md_url(link.url)})" if link.url else "")
            )
    out += ["", md_inline(feature.description), ""]
    probed = feature.id in views.probed_features
    if feature.observe:
        heading = "How the probe observes it" if probed else "How it could be observed"
        out += [f"## {heading}", "", md_inline(feature.observe), ""]
    if not probed:
        out += [UNPROBED, ""]
    out += ["## Clients", ""]
    for client in views.clients:
        cell = views.cell(client.id, feature.id)
        head = f"{_client_link(client.id, client.title)}: **{cell.state}**"
        out.append(f"{head} ({STATE_LABEL[cell.state]})" + (f" — {md_text(cell.details)}" if cell.marks else ""))
    notes = views.notes_about_feature(feature.id)
    out += ["", "## Research notes", ""] + [f"- [{md_inline(n.title)}]({note_url(n.id, '.md')})" for n in notes]
    out += ["", f"HTML: {feature_url(feature.id)}", ""]
    return "\n".join(out)
