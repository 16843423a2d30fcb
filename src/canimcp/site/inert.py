"""Markdown prose made inert for renderers that allow raw HTML: what the markdown twins hold.

Raw HTML reads as text and a link with a script scheme is no link, so that such a renderer shows the
prose as the site does; code blocks and code spans stay as written. Code spans are found the way
CommonMark finds them, one block at a time (a span never crosses a block), skipping backslash-escaped
backticks and autolinks: taking text for code that a renderer does not would let HTML through.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator

from markdown_it import MarkdownIt

from .markdown import safe_url

# the start of raw HTML in CommonMark: a tag, a closing tag, a comment, a declaration or an instruction
# (an autolink such as <https://x> has a colon after its first word, so it is left alone)
_HTML_START = re.compile(r"<(?=/?[A-Za-z][A-Za-z0-9-]*(?:[\s/>]|$)|!|\?)")
_LINK_TARGET = re.compile(r"\]\(\s*<?([^\s)>]*)")
_AUTOLINK = re.compile(r"<([A-Za-z][A-Za-z0-9.+-]{1,31}:[^\s<>]*)>")
# a `<` that no backslash escapes already (an even run of them before it escapes only themselves)
_OPEN_HTML = re.compile(r"(?<!\\)((?:\\\\)*)" + _HTML_START.pattern)
_OPEN_AUTOLINK = re.compile(r"(?<!\\)((?:\\\\)*)" + _AUTOLINK.pattern)
_REFERENCE = re.compile(r"^( {0,3})\[([^\]\n]+)\]:[ \t]*<?([^\s>]*)", re.MULTILINE)
_blocks = MarkdownIt("commonmark")


def inert_prose(text: str) -> str:
    """Markdown prose as written, with raw HTML and script links made inert outside code."""
    links = [m[1] for m in _LINK_TARGET.finditer(text)] + [m[1] for m in _AUTOLINK.finditer(text)]
    links += [m[3] for m in _REFERENCE.finditer(text)]
    if not _HTML_START.search(text) and not any(_unsafe(link) for link in links):
        return text  # nothing to make inert (most prose): no need to find the blocks
    code: set[int] = set()
    block_of: dict[int, int] = {}  # line -> first line of the block of inline text it belongs to
    for token in _blocks.parse(text):
        if not token.map:
            continue
        if token.type in ("fence", "code_block"):
            code.update(range(*token.map))
        elif token.type == "inline":
            block_of.update(dict.fromkeys(range(*token.map), token.map[0]))
    lines = text.splitlines(keepends=True)
    out: list[str] = []
    n = 0
    while n < len(lines):
        if n in code:
            out.append(lines[n])
            n += 1
        elif n in block_of:
            end = n
            while end < len(lines) and block_of.get(end) == block_of[n] and end not in code:
                end += 1
            out.append(_inert_block("".join(lines[n:end])))
            n = end
        else:  # raw HTML blocks, reference definitions, rules, blank lines: no code span here
            out.append(_escape(lines[n]))
            n += 1
    return "".join(out)


def _inert_block(text: str) -> str:
    out, at = [], 0
    for start, end in _code_spans(text):
        out += [_escape(text[at:start]), text[start:end]]
        at = end
    out.append(_escape(text[at:]))
    return "".join(out)


def _code_spans(text: str) -> Iterator[tuple[int, int]]:
    """(start, end) of each code span in one block's text: a run of backticks that no backslash escapes,
    closed by the next run of the same length (inside a span a backslash escapes nothing). An autolink is
    read whole first, as CommonMark does: a backtick inside it opens nothing."""
    i, n = 0, len(text)
    while i < n:
        char = text[i]
        if char == "\\":
            i += 2
            continue
        if char == "<":
            link = _AUTOLINK.match(text, i)
            i = link.end() if link and not _unsafe(link[1]) else i + 1  # an unsafe one is escaped into text
            continue
        if char != "`":
            i += 1
            continue
        opened = _run_end(text, i)
        close = _closing(text, opened, opened - i)
        if close is None:
            i = opened  # no closing run: the backticks are text
            continue
        yield i, close
        i = close


def _run_end(text: str, at: int) -> int:
    while at < len(text) and text[at] == "`":
        at += 1
    return at


def _closing(text: str, at: int, length: int) -> int | None:
    """The end of the first run of exactly `length` backticks from `at`, or None."""
    while (at := text.find("`", at)) >= 0:
        end = _run_end(text, at)
        if end - at == length:
            return end
        at = end
    return None


def _unsafe(url: str) -> bool:
    return safe_url(html.unescape(url)) == "#"


def _escape(text: str) -> str:
    text = _OPEN_HTML.sub(r"\1\\<", text)
    text = _OPEN_AUTOLINK.sub(lambda m: m[1] + "\\" + m.group()[len(m[1]) :] if _unsafe(m[2]) else m.group(), text)
    text = _REFERENCE.sub(lambda m: m[1] + "\\" + m.group()[len(m[1]) :] if _unsafe(m[3]) else m.group(), text)
    return _LINK_TARGET.sub(lambda m: "]\\(" + m.group()[2:] if _unsafe(m[1]) else m.group(), text)
