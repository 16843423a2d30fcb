"""The markdown prose of clients and notes, parsed once for everything that reads its tokens: the body-links
lint rule and the site's checked renderer (`site.markdown`, used where the fast engine's output holds a
link the allow-list refuses) share one safe parser (no raw HTML, tables, a link allow-list) and one parse
of each body text."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache

from markdown_it import MarkdownIt
from markdown_it.token import Token

_SAFE_SCHEMES = re.compile(r"^(?:https?:|mailto:|/|#|\.{0,2}/|[^:/?#]+(?:[/?#]|$))", re.IGNORECASE)

# Bodies held at once: enough for every body of the largest knowledge base we measure (5,500 bodies of
# ~1 KB, 95 MB of tokens), since a sequential walk over more bodies than an LRU holds never hits. Keyed by
# the text rather than an id, an edited body simply misses and its old parse ages out: `canimcp serve`
# reuses each unchanged body across rebuilds and never renders a stale one. (The per-load alternative, a
# dict cleared on each load, would need a hook in the loader and lose exactly that reuse.)
CACHE_SIZE = 8192


def safe_link(url: str) -> bool:
    """Whether a link target may be a link: http(s), mailto or site-relative (an allow-list, so that an
    unknown or obfuscated scheme is no link either)."""
    # markdown-it already refuses javascript:, vbscript:, file: and most data:; keep to an allow-list anyway
    return bool(_SAFE_SCHEMES.match(url.strip()))


def _parser() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False})
    md.enable("table")
    md.validateLink = safe_link  # type: ignore[method-assign]
    return md


PARSER = _parser()


@lru_cache(maxsize=CACHE_SIZE)
def tokens(body: str) -> tuple[Token, ...]:
    """The block tokens of a body, shared by every caller: read them, never change them (render from a
    copy of what must differ)."""
    return tuple(PARSER.parse(body))


def links(body: str) -> Iterator[tuple[int, str]]:
    """(line within the body, href) for every link, ignoring code spans and blocks."""
    for token in tokens(body):
        if token.type != "inline" or not token.children:
            continue
        line = token.map[0] if token.map else 0
        for child in token.children:  # a paragraph spans lines: count its breaks
            if child.type in ("softbreak", "hardbreak"):
                line += 1
            elif child.type == "link_open":
                yield line, str(child.attrs.get("href", ""))
