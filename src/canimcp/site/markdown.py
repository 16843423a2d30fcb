"""Markdown to HTML for prose from the knowledge base: no raw HTML passes, no script links survive,
and links between markdown twins (`/clients/x.md`) become links between pages (`/clients/x.html`).

Two engines, one result. markdown-it-pyrs (the Rust port of markdown-it, by markdown-it-py's maintainers)
renders a body about 25x faster, with the same CommonMark rules minus raw HTML; it has no hook for our
link allow-list, so its output is checked instead: when every link and image target in it passes the
allow-list, it stands (and matches markdown-it-py's output byte for byte, tested); otherwise the body is
rendered by markdown-it-py with the allow-list, which turns such a link into text.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence

import markdown_it_pyrs
from markdown_it.renderer import RendererHTML
from markdown_it.token import Token
from markdown_it.utils import EnvType, OptionsDict

from ..kb.prose import PARSER, safe_link, tokens

_TWIN = re.compile(r"^(/(?:clients|research|features)/[^?#]+)\.md((?:[?#].*)?)$")
# the CommonMark rules markdown-it-py's "commonmark" preset has, plus tables, minus html_block/html_inline
_FAST = markdown_it_pyrs.MarkdownIt("zero").enable_many(
    [
        *("blockquote", "code", "fence", "heading", "hr", "lheading", "list", "paragraph", "reference"),
        *("autolink", "backticks", "emphasis", "entity", "escape", "image", "link", "newline", "table"),
    ]
)
_TARGET = re.compile(r' (?:href|src)="([^"]*)"')  # attribute values are escaped: no `"` inside
_LINK_HREF = re.compile(r'<a href="([^"]*)"')
META_LINE = "Kind: "  # how a note's metadata line under its title starts


def safe_url(url: object) -> str:
    """A URL from the data for an `href`: http(s), mailto or site-relative as given, anything else `#`
    (autoescape stops markup, not a `javascript:` link)."""
    text = str(url or "")
    return text if safe_link(text) else "#"


class _Renderer(RendererHTML):
    """Renders the shared parse of `kb.prose` (lint reads it too, and `canimcp serve` keeps it across
    rebuilds) without changing a token: what must differ is rendered from a copy."""

    def image(self, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
        # the stock rule writes the alt text into the token; write it into a copy
        token = tokens[idx]
        alt = self.renderInlineAsText(token.children, options, env) if token.children else ""
        return self.renderToken([token.copy(attrs={**token.attrs, "alt": alt})], 0, options, env)


class _PageRenderer(_Renderer):
    """Also renders a link to a markdown twin as a link to its page."""

    def link_open(self, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
        token = tokens[idx]
        m = _TWIN.match(str(token.attrs.get("href", "")))
        if m:
            token = token.copy(attrs={**token.attrs, "href": f"{m[1]}.html{m[2]}"})
        return self.renderToken([token], 0, options, env)


_as_written = _Renderer()
_as_pages = _PageRenderer()


def to_html(text: str, twins_to_pages: bool = True, drop_title: bool = False, drop_meta: bool = False) -> str:
    """Render markdown safely; optionally drop a leading `# title` and, after it, a note's metadata line
    (`Kind: … · Status: …`, the seed note's format): the page template shows both from the front matter."""
    out = _FAST.render(text)
    if not all(safe_link(html.unescape(target)) for target in _TARGET.findall(out)):
        return _checked_html(text, twins_to_pages, drop_title, drop_meta)
    if drop_title and out.startswith("<h1>"):
        out = out[out.index("</h1>\n") + 6 :]
    if drop_meta and out.startswith(f"<p>{META_LINE}"):
        out = out[out.index("</p>\n") + 5 :]
    if twins_to_pages and ".md" in out:
        out = _LINK_HREF.sub(_page_href, out)
    return out


def _page_href(m: re.Match[str]) -> str:
    twin = _TWIN.match(m[1])
    return f'<a href="{twin[1]}.html{twin[2]}"' if twin else m[0]


def _checked_html(text: str, twins_to_pages: bool, drop_title: bool, drop_meta: bool = False) -> str:
    """markdown-it-py with the link allow-list: a link it refuses stays text."""
    parsed: Sequence[Token] = tokens(text)
    if drop_title and len(parsed) >= 3 and parsed[0].type == "heading_open" and parsed[0].tag == "h1":
        parsed = parsed[3:]
    meta = len(parsed) >= 3 and parsed[0].type == "paragraph_open" and parsed[1].content.startswith(META_LINE)
    if drop_meta and meta:
        parsed = parsed[3:]
    renderer = _as_pages if twins_to_pages else _as_written
    return renderer.render(parsed, PARSER.options, {})
