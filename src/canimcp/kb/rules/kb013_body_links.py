"""KB013 body-links: markdown links in prose to /clients/<id>.md, /research/<id>.md or
/features/<id>.md (with or without the suffix) name existing pages."""

from __future__ import annotations

import re
from collections.abc import Iterator

from markdown_it import MarkdownIt

from ..findings import Finding
from ..loader import Origin
from .base import Context, Rule

RULE = Rule(
    "KB013", "body-links", "error", "a link in prose points to a client, note or feature page that does not exist"
)

SITE_LINK = re.compile(r"^/(?P<section>clients|research|features)/(?P<id>[^?#]+?)(?:\.md|\.html)?(?:[?#].*)?$")
_md = MarkdownIt("commonmark")


def links(body: str) -> Iterator[tuple[int, str]]:
    """(line within the body, href) for every link, ignoring code spans and blocks."""
    for token in _md.parse(body):
        if token.type != "inline" or not token.children:
            continue
        line = token.map[0] if token.map else 0
        for child in token.children:  # a paragraph spans lines: count its breaks
            if child.type in ("softbreak", "hardbreak"):
                line += 1
            elif child.type == "link_open":
                yield line, str(child.attrs.get("href", ""))


def check(ctx: Context) -> Iterator[Finding]:
    kinds = {"clients": "client", "research": "note", "features": "feature"}
    documents = [("client", c.id, c.body) for c in ctx.kb.clients.values()]
    documents += [("note", n.id, n.body) for n in ctx.kb.notes.values()]
    for kind, doc_id, body in documents:
        if not any(f"/{section}/" in body for section in kinds):
            continue  # no site link can be in it: spare the markdown parse (most of this rule's time)
        origin: Origin = ctx.result.origins[(kind, doc_id)]
        for line, href in links(body):
            m = SITE_LINK.match(href)
            if m and not ctx.result.known(kinds[m["section"]], m["id"]):
                yield RULE.here(origin, message=f"link '{href}' names no existing page", line=origin.body_line + line)
