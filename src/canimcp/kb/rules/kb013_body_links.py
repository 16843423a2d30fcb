"""KB013 body-links: markdown links in prose to /clients/<id>.md, /research/<id>.md or
/features/<id>.md (with or without the suffix) name existing pages."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from ..findings import Finding
from ..loader import Origin
from .base import Context, Rule

RULE = Rule(
    "KB013", "body-links", "error", "a link in prose points to a client, note or feature page that does not exist"
)

SITE_LINK = re.compile(r"^/(?P<section>clients|research|features)/(?P<id>[^?#]+?)(?:\.md|\.html)?(?:[?#].*)?$")
KINDS = {"clients": "client", "research": "note", "features": "feature"}

# Where a site link can be in the text: its destination starts with `/<section>/` as written, unless an
# entity or a backslash escape spells it (then the text is not trusted). What follows is the id, then
# what ends the destination's path: `?` or `#`, or the end of the destination (`)`, a space or control
# character, the end of the text; only `>` inside `<...>`). Anything else (`(`, `%`, a letter outside
# ASCII, NUL which the parser turns into U+FFFD) might continue the path as the parser reads it.
# A destination starts after `(`, `<` or `:`, or after spaces and line breaks (`( /x`, `]:/x`): a match after
# any other character (`tests/probe/clients/x.py`) is inside a word or path and no site link's start.
_IN_TEXT = re.compile(r"/(clients|research|features)/([A-Za-z0-9._/-]*)")
_ENDS_PATH = frozenset("?#)") | frozenset(map(chr, range(1, 0x21))) | {"\x7f", ""}
_ENDS_ANGLED_PATH = frozenset("?#>")
_STARTS_DESTINATION = frozenset("(<:") | frozenset(map(chr, range(0, 0x21))) | {""}


def written_plainly(body: str, known: Callable[[str, str], bool]) -> bool:
    """True when the text alone shows that every site link the body can hold names an existing page, so
    that the markdown parse can be spared (most of this rule's time). False means: parse to be sure."""
    if "&" in body or "\\" in body:
        return False
    for m in _IN_TEXT.finditer(body):
        before = body[m.start() - 1 : m.start()]  # "" at the start of the body
        if before not in _STARTS_DESTINATION:
            continue
        after = body[m.end() : m.end() + 1]
        angled = before == "<"
        if after not in (_ENDS_ANGLED_PATH if angled else _ENDS_PATH):
            return False
        path = m[2]
        page = path[:-3] if path.endswith(".md") else path[:-5] if path.endswith(".html") else path
        if not page or not known(KINDS[m[1]], page):
            return False
    return True


def check(ctx: Context) -> Iterator[Finding]:
    documents = [("client", c.id, c.body) for c in ctx.kb.clients.values()]
    documents += [("note", n.id, n.body) for n in ctx.kb.notes.values()]
    for kind, doc_id, body in documents:
        if "/clients/" not in body and "/research/" not in body and "/features/" not in body:
            continue  # no site link can be in it
        if written_plainly(body, ctx.known):
            continue
        # the site's own parse (a link its pages do not render is no link to check), imported only when a body needs
        # it: markdown-it's import is a good part of a check's start, and most checks parse no body
        from ..prose import links

        origin: Origin = ctx.result.origins[(kind, doc_id)]
        for line, href in links(body):
            m = SITE_LINK.match(href)
            if m and not ctx.known(KINDS[m["section"]], m["id"]):
                yield RULE.here(origin, message=f"link '{href}' names no existing page", line=origin.body_line + line)
