"""Markdown twins of client and feature pages: clean markdown an agent can read instead of the HTML.
A note's twin is the note file itself (front matter and body), exactly as written."""

from __future__ import annotations

from ..model import Client, Feature
from .views import STATE_LABEL, Views, client_url, feature_url, note_url


def _evidence_lines(views: Views, evidence: list) -> list[str]:  # type: ignore[type-arg]
    from .views import evidence_link

    lines = []
    for ev in evidence:
        link = evidence_link(views.kb, ev)
        href = link.href.replace(".html", ".md") if link.kind == "note" else link.href
        detail = f" (`{link.detail}`)" if link.detail else ""
        lines.append(f"    - {link.kind}: [{_md_text(link.label)}]({href}){detail}")
    return lines


def _md_text(text: str) -> str:
    """Text that cannot open markdown syntax or HTML when placed inline."""
    out = text.replace("\\", "\\\\")
    for ch in "[]<>*_`|":
        out = out.replace(ch, "\\" + ch)
    return out.replace("\n", " ")


def client_twin(views: Views, client: Client) -> str:
    kb = views.kb
    out = [f"# {_md_text(client.title)}", ""]
    facts = [("id", f"`{client.id}`"), ("vendor", client.vendor), ("homepage", client.homepage)]
    facts += [("repository", client.repository), ("licence", client.license)]
    facts += [("packages", ", ".join(f"`{p.registry}:{p.name}`" for p in client.packages))]
    out += [f"- {k}: {_md_text(v) if k in ('vendor', 'licence') else v}" for k, v in facts if v]
    out += ["", client.body.strip(), "", "## Surfaces", ""]
    out += [
        f"- `{s.id}`: {_md_text(s.title)}" + (f" — {_md_text(s.description)}" if s.description else "")
        for s in client.surfaces
    ]
    out += ["", "## clientInfo names", ""]
    for ci in client.client_info:
        out.append(
            f"- `{ci.name}` (surface {ci.surface or 'all'}, mode {ci.mode})"
            + (f": version {_md_text(ci.version)}" if ci.version else "")
        )
        out += _evidence_lines(views, ci.evidence)
    out += ["", "## Support", ""]
    for cat in kb.ordered_categories():
        rows = [f for f in cat.features if kb.statements(client.id, f.id)]
        if not rows:
            continue
        out += [f"### {_md_text(cat.title)}", ""]
        for feature in rows:
            cell = views.cell(client.id, feature.id)
            summary = _md_text(cell.verdict.summary())
            out.append(f"- [{feature.id}]({feature_url(feature.id, '.md')}) — **{cell.state}**: {summary}")
            for st in kb.statements(client.id, feature.id):
                conds = [f"surface `{st.surface}`" if st.surface else "", f"since {st.since}" if st.since else ""]
                conds += [f"until {st.until}" if st.until else ""]
                conds += [
                    f"only with `{st.condition.flag}`" if st.condition and st.condition.flag else "default install"
                ]
                conds += ["declared" if st.declared else "not declared" if st.declared is False else ""]
                out.append(
                    f"  - {st.state} ({', '.join(c for c in conds if c)})"
                    + (f": {_md_text(st.notes)}" if st.notes else "")
                )
                out += ["  " + line for line in _evidence_lines(views, st.evidence)]
        out.append("")
    notes = kb.notes_about_client(client.id)
    out += ["## Research notes", ""] + [f"- [{_md_text(n.title)}]({note_url(n.id, '.md')})" for n in notes]
    out += ["", f"HTML: {client_url(client.id)}", ""]
    return "\n".join(out)


def feature_twin(views: Views, feature: Feature) -> str:
    kb = views.kb
    out = [f"# {_md_text(feature.title)}", "", f"- id: `{feature.id}`", f"- category: {feature.category}"]
    if feature.declared_as:
        out.append(f"- declared as: `capabilities.{feature.declared_as}`")
    for label in ("added", "in_practice", "deprecated", "removed"):
        link = getattr(feature, label)
        if link:
            out.append(f"- {label.replace('_', ' ')}: {link.revision}" + (f" ({link.url})" if link.url else ""))
    out += ["", _md_text(feature.description), ""]
    if feature.observe:
        out += ["## How the probe observes it", "", _md_text(feature.observe), ""]
    out += ["## Clients", ""]
    for client in views.clients:
        cell = views.cell(client.id, feature.id)
        head = f"- [{_md_text(client.title)}]({client_url(client.id, '.md')}): **{cell.state}**"
        out.append(
            f"{head} ({STATE_LABEL[cell.state]})" + (f" — {_md_text(cell.verdict.summary())}" if cell.marks else "")
        )
    notes = kb.notes_about_feature(feature.id)
    out += ["", "## Research notes", ""] + [f"- [{_md_text(n.title)}]({note_url(n.id, '.md')})" for n in notes]
    out += ["", f"HTML: {feature_url(feature.id)}", ""]
    return "\n".join(out)
