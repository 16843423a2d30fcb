"""Markdown to HTML for prose from the knowledge base: no raw HTML passes, no script links survive,
and links between markdown twins (`/clients/x.md`) become links between pages (`/clients/x.html`)."""

from __future__ import annotations

import re

from markdown_it import MarkdownIt
from markdown_it.token import Token

_SAFE_SCHEMES = re.compile(r"^(?:https?:|mailto:|/|#|\.{0,2}/|[^:/?#]+(?:[/?#]|$))", re.IGNORECASE)
_TWIN = re.compile(r"^(/(?:clients|research|features)/[^?#]+)\.md((?:[?#].*)?)$")


def _safe_link(url: str) -> bool:
    # markdown-it already refuses javascript:, vbscript:, file: and most data:; keep to an allow-list anyway
    return bool(_SAFE_SCHEMES.match(url.strip()))


def safe_url(url: object) -> str:
    """A URL from the data for an `href`: http(s), mailto or site-relative as given, anything else `#`
    (autoescape stops markup, not a `javascript:` link)."""
    text = str(url or "")
    return text if _safe_link(text) else "#"


def _renderer() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False})
    md.enable("table")
    md.validateLink = _safe_link  # type: ignore[method-assign]
    return md


_md = _renderer()


def to_html(text: str, twins_to_pages: bool = True, drop_title: bool = False) -> str:
    """Render markdown safely; optionally drop a leading `# title` (the page template shows it)."""
    tokens = _md.parse(text)
    if drop_title and len(tokens) >= 3 and tokens[0].type == "heading_open" and tokens[0].tag == "h1":
        tokens = tokens[3:]
    if twins_to_pages:
        _rewrite_links(tokens)
    return str(_md.renderer.render(tokens, _md.options, {}))


def _rewrite_links(tokens: list[Token]) -> None:
    for token in tokens:
        for child in token.children or []:
            if child.type == "link_open":
                href = str(child.attrs.get("href", ""))
                m = _TWIN.match(href)
                if m:
                    child.attrs["href"] = f"{m[1]}.html{m[2]}"
