"""The HTML that repeats for every client × feature: support rows, statements, evidence lists, state badges.

A large knowledge base has hundreds of thousands of these (500 clients × 150 features), so they are written
here as plain string formatting instead of Jinja macros, whose per-call cost dominated the build. The page
frames around them stay in the templates, which reach this markup through the `badge` and `evidence_list`
globals. Every value from the data goes through `esc`, which escapes exactly as autoescape does.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache

from markupsafe import Markup

from ..model import Evidence, Statement
from .markdown import safe_url
from .views import STATE_LABEL, STATE_SYMBOL, Cell, EvidenceLink, anchor, esc, feature_url, inline

BADGE = {
    state: f'<span class="state s-{state}"><span aria-hidden="true">{STATE_SYMBOL[state]}</span> {label}</span>'
    for state, label in STATE_LABEL.items()
}


def evidence_list(items: Iterable[Evidence], link_of: Callable[[Evidence], EvidenceLink]) -> str:
    lines = []
    for ev in items:
        link = link_of(ev)
        detail = f" <code>{esc(link.detail)}</code>" if link.detail else ""
        lines.append(
            f'  <li class="ev-{link.kind}"><span class="ev-kind">{link.kind}</span> '
            f'<a href="{esc(safe_url(link.href))}">{inline(link.label)}</a>{detail}</li>\n'
        )
    return f'<ul class="evidence">\n{"".join(lines)}</ul>' if lines else ""


def _conditions(st: Statement) -> str:
    conds = []
    if st.surface:
        conds.append(f' <span class="cond">surface <code>{esc(st.surface)}</code></span>')
    if st.since or st.until:
        since = f"≥ {esc(st.since)}" if st.since else ""
        until = f"&lt; {esc(st.until)}" if st.until else ""
        conds.append(f' <span class="cond">version {since}{", " if since and until else ""}{until}</span>')
    if st.condition and st.condition.flag:
        more = f" ({inline(st.condition.notes)})" if st.condition.notes else ""
        conds.append(f' <span class="cond flag">only with <code>{esc(st.condition.flag)}</code>{more}</span>')
    if st.condition and st.condition.install:
        conds.append(f' <span class="cond">{esc(st.condition.installed)}</span>')
    elif not (st.condition and st.condition.flag):
        conds.append(' <span class="cond">default install</span>')
    if st.declared is not None:
        conds.append(f' <span class="cond">{"declared" if st.declared else "not declared"}</span>')
    if st.observed is not None:
        conds.append(f' <span class="cond">{"observed working" if st.observed else "not observed working"}</span>')
    return "".join(conds)


def statement(st: Statement, link_of: Callable[[Evidence], EvidenceLink]) -> str:
    notes = f'<p class="st-notes">{inline(st.notes)}</p>\n' if st.notes else ""
    return (
        f'<li class="statement s-{st.state}">\n  {BADGE[st.state]}\n  <span class="conds">{_conditions(st)}</span>\n'
        f"  {notes}{evidence_list(st.evidence, link_of)}\n</li>"
    )


@lru_cache(maxsize=4096)
def _row_start(feature_id: str, title: str) -> str:
    """The start of a feature's row, the same on every client page (so made once per feature)."""
    return (
        f'<li id="{esc(anchor(feature_id))}" class="support-row">\n  <p class="row-head">'
        f'<a href="{esc(feature_url(feature_id))}">{esc(title)}</a> <code>{esc(feature_id)}</code> '
    )


def support_row(cell: Cell, statements: list[Statement], link_of: Callable[[Evidence], EvidenceLink]) -> str:
    """One feature's row on a client page: its verdict, then every statement with conditions and evidence."""
    feature = cell.feature
    mark = f' <span class="mark" title="{esc(cell.details)}">{"".join(cell.marks)}</span>' if cell.marks else ""
    body = (
        f'<ul class="statements">{"".join(statement(st, link_of) for st in statements)}</ul>'
        if statements
        else '<p class="muted">No statement yet: unknown.</p>'
    )
    return f"{_row_start(feature.id, feature.title)}{BADGE[cell.state]}{mark}</p>\n{body}</li>\n"


def support_rows(rows: Iterable[tuple[Cell, list[Statement]]], link_of: Callable[[Evidence], EvidenceLink]) -> Markup:
    return Markup("".join(support_row(cell, statements, link_of) for cell, statements in rows))


def _marks(cell: Cell) -> str:
    return f' <span class="mark" aria-hidden="true">{"".join(cell.marks)}</span>' if cell.marks else ""


def client_rows(cells: Iterable[Cell]) -> Markup:
    """Every client's row on a feature page: the client, its state badge, and the conditions if any."""
    return Markup(
        "".join(
            f'<tr><th scope="row"><a href="{esc(cell.href)}">{esc(cell.client.title)}</a></th>'
            f"<td>{BADGE[cell.state]}{_marks(cell)}</td><td>{esc(cell.details)}</td></tr>"
            for cell in cells
        )
    )
