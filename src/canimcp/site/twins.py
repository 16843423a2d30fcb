"""Markdown twins of client and feature pages: clean markdown an agent can read instead of the HTML.
A note's twin is the note file itself (front matter and body), as written: only raw HTML and script links
in the prose are made inert."""

from __future__ import annotations

import html
import re
from functools import lru_cache
from pathlib import Path

from markdown_it import MarkdownIt

from ..kb.yamlfile import YamlError, split_front_matter
from ..model import Client, Feature
from .markdown import safe_url
from .views import STATE_LABEL, Provenance, Views, client_url, feature_url, note_url

# the start of raw HTML in CommonMark: a tag, a closing tag, a comment, a declaration or an instruction
# (an autolink such as <https://x> has a colon after its first word, so it is left alone)
_HTML_START = re.compile(r"<(?=/?[A-Za-z][A-Za-z0-9-]*(?:[\s/>]|$)|!|\?)")
_CODE_SPAN = re.compile(r"(`+)(?:.|\n)*?(?<!`)\1(?!`)")
_LINK_TARGET = re.compile(r"\]\(\s*<?([^\s)>]*)")
_AUTOLINK = re.compile(r"<([A-Za-z][A-Za-z0-9.+-]{1,31}:[^\s<>]*)>")
_REFERENCE = re.compile(r"^( {0,3})\[([^\]\n]+)\]:[ \t]*<?([^\s>]*)", re.MULTILINE)
_blocks = MarkdownIt("commonmark")


def inert_prose(text: str) -> str:
    """Markdown prose as written, except that raw HTML reads as text and a link with a script scheme is
    no link, so that a renderer with HTML enabled shows it as it shows on the site. Code is untouched."""
    links = [m[1] for m in _LINK_TARGET.finditer(text)] + [m[1] for m in _AUTOLINK.finditer(text)]
    links += [m[3] for m in _REFERENCE.finditer(text)]
    if not _HTML_START.search(text) and not any(_unsafe(link) for link in links):
        return text  # nothing to make inert (most prose): no need to find the code blocks
    code: set[int] = set()
    for token in _blocks.parse(text):
        if token.type in ("fence", "code_block") and token.map:
            code.update(range(*token.map))
    out: list[str] = []
    chunk: list[str] = []
    for number, line in enumerate(text.splitlines(keepends=True)):
        if number in code:
            out.append(_inert("".join(chunk)))
            chunk.clear()
            out.append(line)
        else:
            chunk.append(line)
    out.append(_inert("".join(chunk)))
    return "".join(out)


def _inert(text: str) -> str:
    out, at = [], 0
    for span in _CODE_SPAN.finditer(text):
        out += [_escape(text[at : span.start()]), span.group()]
        at = span.end()
    out.append(_escape(text[at:]))
    return "".join(out)


def _unsafe(url: str) -> bool:
    return safe_url(html.unescape(url)) == "#"


def _escape(text: str) -> str:
    text = _HTML_START.sub(r"\\<", text)
    text = _AUTOLINK.sub(lambda m: "\\" + m.group() if _unsafe(m[1]) else m.group(), text)
    text = _REFERENCE.sub(lambda m: m[1] + "\\" + m.group()[len(m[1]) :] if _unsafe(m[3]) else m.group(), text)
    return _LINK_TARGET.sub(lambda m: "]\\(" + m.group()[2:] if _unsafe(m[1]) else m.group(), text)


def note_twin(path: Path) -> str:
    """A note's twin: the note file itself, front matter and body, with the body made inert."""
    text = path.read_text(encoding="utf-8")
    try:
        _, body, _ = split_front_matter(text)
    except YamlError:
        return inert_prose(text)
    return text[: len(text) - len(body)] + inert_prose(body)


def _evidence_lines(views: Views, evidence: list) -> list[str]:  # type: ignore[type-arg]
    lines = []
    for ev in evidence:
        link = views.link(ev)
        href = link.href.replace(".html", ".md") if link.kind == "note" else link.href
        detail = f" ({md_code(link.detail)})" if link.detail else ""
        lines.append(f"    - {link.kind}: [{md_text(link.label)}]({href}){detail}")
    return lines


def md_code(text: str) -> str:
    """Text as an inline code span, fenced with more backticks than it contains."""
    text = text.replace("\n", " ")
    fence = "`" * (max((len(run) for run in re.findall("`+", text)), default=0) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def md_text(text: str) -> str:
    """Text that cannot open markdown syntax or HTML when placed inline."""
    out = text.replace("\\", "\\\\")
    for ch in "[]<>*_`|&":
        out = out.replace(ch, "\\" + ch)
    return out.replace("\n", " ")


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


def client_twin(views: Views, client: Client) -> str:
    kb = views.kb
    out = [f"# {md_text(client.title)}", ""]
    facts = [("id", md_code(client.id)), ("vendor", client.vendor), ("homepage", client.homepage)]
    facts += [("repository", client.repository), ("licence", client.license)]
    facts += [("packages", ", ".join(md_code(f"{p.registry}:{p.name}") for p in client.packages))]
    out += [f"- {k}: {v if k in ('id', 'packages') else md_text(v)}" for k, v in facts if v]
    out += ["", inert_prose(client.body.strip()), "", "## Surfaces", ""]
    out += [
        f"- {md_code(s.id)}: {md_text(s.title)}" + (f" — {md_text(s.description)}" if s.description else "")
        for s in client.surfaces
    ]
    out += ["", "## clientInfo names", ""]
    for ci in client.client_info:
        out.append(
            f"- {md_text(ci.name) if ci.name_from_configuration else md_code(ci.name)}"
            f" (surface {md_text(ci.surface or 'all')}, mode {ci.mode})"
            + (f": version {md_text(ci.version)}" if ci.version else "")
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
            summary = md_text(cell.summary)
            out.append(f"- [{feature.id}]({feature_url(feature.id, '.md')}) — **{cell.state}**: {summary}")
            for st in kb.statements(client.id, feature.id):
                conds = [
                    f"surface {md_code(st.surface)}" if st.surface else "",
                    f"since {md_text(st.since)}" if st.since else "",
                ]
                conds += [f"until {md_text(st.until)}" if st.until else ""]
                cond = st.condition
                if cond and cond.flag:
                    more = f" ({md_text(cond.notes)})" if cond.notes else ""
                    conds.append(f"only with {md_code(str(cond.flag))}{more}")
                if cond and cond.install:
                    conds.append(md_text(cond.installed))
                elif not (cond and cond.flag):
                    conds.append("default install")
                conds += ["declared" if st.declared else "not declared" if st.declared is False else ""]
                out.append(
                    f"  - {st.state} ({', '.join(c for c in conds if c)})"
                    + (f": {md_text(st.notes)}" if st.notes else "")
                )
                out += ["  " + line for line in _evidence_lines(views, st.evidence)]
        out.append("")
    notes = views.notes_about_client(client.id)
    out += ["## Research notes", ""] + [f"- [{md_text(n.title)}]({note_url(n.id, '.md')})" for n in notes]
    out += ["", f"HTML: {client_url(client.id)}", ""]
    return "\n".join(out)


@lru_cache(maxsize=4096)
def _client_link(client_id: str, title: str) -> str:
    """A client's link as every feature twin lists it (made once per client)."""
    return f"- [{md_text(title)}]({client_url(client_id, '.md')})"


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
                + (f" ({md_text(link.url)})" if link.url else "")
            )
    out += ["", md_text(feature.description), ""]
    if feature.observe:
        out += ["## How the probe observes it", "", md_text(feature.observe), ""]
    out += ["## Clients", ""]
    for client in views.clients:
        cell = views.cell(client.id, feature.id)
        head = f"{_client_link(client.id, client.title)}: **{cell.state}**"
        out.append(f"{head} ({STATE_LABEL[cell.state]})" + (f" — {md_text(cell.summary)}" if cell.marks else ""))
    notes = views.notes_about_feature(feature.id)
    out += ["", "## Research notes", ""] + [f"- [{md_text(n.title)}]({note_url(n.id, '.md')})" for n in notes]
    out += ["", f"HTML: {feature_url(feature.id)}", ""]
    return "\n".join(out)
