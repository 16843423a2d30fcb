"""Where a built site lives on its host: at the root, or under a path (a project's GitHub Pages, say).

Pages, twins and llms.txt are made with root-absolute links (`/clients/x.html`). A site built for a path
(`--base-url https://example.org/canimcp`) gets those links moved under it as each file is written, so
the pages and templates know nothing of it, and a site at the root (the default, and `canimcp serve`)
pays nothing. Root-absolute links rather than relative ones keep the 404 page working at any depth.

A site built with relative links (`canimcp build --relative-links`) works from any folder of any host and
opened from disk: each page's links are made relative to its own folder, and a link to a folder names its
`index.html`, as nothing serves a folder's index from disk. The 404 page keeps root-absolute links (under
the prefix): a host shows it at any depth.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from urllib.parse import urlsplit

# a root-absolute link in our own markup: templates quote every attribute with ", and text from data is
# escaped (a " in it becomes &#34;), so this cannot match inside anything a data file says;
# `//host/...` is a link to another host and stays
_HTML_LINK = re.compile(rb'(\s(?:href|src|action)=")/(?!/)([^"#?]*)')
# in markdown: a code span (text, left as it is: `[a](/b)` written in one shows those characters), or a link's
# target, inline `](/x)` (a `]` escaped as `\]` by twins.md_text closes no link) or in a reference definition
# `[x]: /x`; a code span ends at its paragraph
_MD_INLINE = re.compile(
    r"(?P<code>(?<![\\`])(?P<ticks>`+)(?!`)(?:(?!\n[ \t]*\n).)*?(?<!`)(?P=ticks)(?!`))"
    r"|(?P<lead>(?<!\\)(?:\\\\)*\]\(<?|^ {0,3}\[[^\]\n]+\]:[ \t]*<?)/(?!/)(?P<path>[^\s)>#?]*)",
    re.MULTILINE | re.DOTALL,
)
# fenced code blocks show text, not links: left as they are
_MD_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})[^\n]*\n.*?(?:^ {0,3}\1[ \t]*$|\Z)", re.MULTILINE | re.DOTALL)
# a site path goes into attributes and markdown link targets as it is: only characters that need no escaping there
_PREFIX = re.compile(r"(/[A-Za-z0-9._~%-]+)+")


class Mount:
    """The path prefix of the site on its host: "" at the root, else "/a/b" (no slash at the end); with
    `relative`, the links of every page but the 404 page are relative to the page instead."""

    def __init__(self, prefix: str = "", relative: bool = False) -> None:
        if prefix and (not _PREFIX.fullmatch(prefix) or {".", ".."} & set(prefix.split("/"))):
            raise ValueError(f"a site path is segments of letters, digits and -._~% (/docs/canimcp), not {prefix!r}")
        self.prefix = prefix
        self.relative = relative
        # what the links of a build depend on (part of every page's fingerprint)
        self.key = prefix + (" relative" if relative else "")

    @classmethod
    def of(cls, base_url: str, relative: bool = False) -> Mount:
        """The mount a public base URL names (`https://example.org/canimcp` → `/canimcp`)."""
        parts = urlsplit(base_url)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise ValueError(f"a base URL is like https://example.org or https://example.org/path, not {base_url!r}")
        if parts.query or parts.fragment:
            raise ValueError(f"a base URL has no query or fragment: {base_url!r}")
        return cls(parts.path.rstrip("/"), relative)

    def url(self, path: str) -> str:
        """A root-absolute path of the site (`/api/x.json`) as its host serves it (JSON documents name
        documents this way with relative links too: JSON has no base to resolve a relative one against)."""
        return self.prefix + path

    def rebased(self, path: str, render: Callable[[], str | bytes]) -> Callable[[], str | bytes]:
        """`render` of the file at `path` (from the site's root, `clients/x.html`), with its links moved under
        the prefix, or made relative to it, where the file is HTML or markdown (JSON documents make their
        links with `url`; the feed's links are absolute)."""
        # the way up from the file to the site's root, for relative links; None: links under the prefix
        up = "../" * path.count("/") if self.relative and path != "404.html" else None
        if up is None and not self.prefix:
            return render
        if path.endswith(".html"):
            return lambda: self.html(render(), up)
        if path.endswith((".md", ".txt")):
            return lambda: self.markdown(render(), up)
        return render

    def html(self, content: str | bytes, up: str | None = None) -> bytes:
        """The page's root-absolute links under the prefix, or, given the way `up` from the page to the
        site's root (`../`, or "" at the root), relative to the page."""
        raw = content.encode() if isinstance(content, str) else content
        if up is None:
            return _HTML_LINK.sub(rb"\1" + self.prefix.encode() + rb"/\2", raw)
        way = up.encode()
        return _HTML_LINK.sub(lambda m: m[1] + way + _file(m[2].decode()).encode(), raw)

    def markdown(self, content: str | bytes, up: str | None = None) -> str:
        text = content.decode() if isinstance(content, bytes) else content
        out, last = [], 0
        for fence in _MD_FENCE.finditer(text):
            out += [self._md_links(text[last : fence.start()], up), fence.group()]
            last = fence.end()
        out.append(self._md_links(text[last:], up))
        return "".join(out)

    def _md_links(self, text: str, up: str | None) -> str:
        if up is None:
            return _MD_INLINE.sub(lambda m: m["code"] or m["lead"] + self.prefix + "/" + m["path"], text)
        return _MD_INLINE.sub(lambda m: m["code"] or m["lead"] + up + _file(m["path"]), text)


def _file(path: str) -> str:
    """A link's path as a file: a folder (`research/`, or the root, "") by its index page."""
    return path + "index.html" if not path or path.endswith("/") else path


ROOT = Mount()
