"""Markdown prose made inert for renderers that allow raw HTML: what the markdown twins hold.

Raw HTML reads as text and a link with a script scheme is no link, so that such a renderer shows the
prose as the site does. Three steps, from the lightest touch:

1. Prose with no `<` and nothing that spells a script scheme (entities and escapes decoded) can hold no
   raw HTML and no script link: it stays byte for byte as written (most prose).
2. Otherwise raw HTML starts and script links are escaped outside code, code spans found the way
   CommonMark finds them; the result is parsed again as a renderer with raw HTML on parses it, and kept
   only if that parse has no HTML and no script link in it (an escape can change the blocks around it).
3. Where it still does, every `<` and `[` becomes an entity: with neither, markdown has no raw HTML and
   no link at all. Code shows the entities too; only hostile or very odd prose gets here.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Iterator

from markdown_it import MarkdownIt
from markdown_it.token import Token

from .markdown import safe_url

# the start of raw HTML in CommonMark: a tag, a closing tag, a comment, a declaration or an instruction
# (an autolink such as <https://x> has a colon after its first word, so it is left alone)
_HTML_START = re.compile(r"<(?=/?[A-Za-z][A-Za-z0-9-]*(?:[\s/>]|$)|!|\?)")
_LINK_TARGET = re.compile(r"\]\(\s*<?([^\s)>]*)")
AUTOLINK_TARGET = r"[A-Za-z][A-Za-z0-9.+-]{1,31}:[^\s<>]*"  # what CommonMark takes for an autolink's URL
_AUTOLINK = re.compile(f"<({AUTOLINK_TARGET})>")
# a `<` that no backslash escapes already (an even run of them before it escapes only themselves)
_OPEN_HTML = re.compile(r"(?<!\\)((?:\\\\)*)" + _HTML_START.pattern)
_OPEN_AUTOLINK = re.compile(r"(?<!\\)((?:\\\\)*)" + _AUTOLINK.pattern)
_REFERENCE = re.compile(r"^( {0,3})\[([^\]\n]+)\]:[ \t]*<?([^\s>]*)", re.MULTILINE)
# a script scheme where a link target can start, once entities, backslashes, spaces and controls are gone
_SCRIPT_SCHEME = re.compile(r"(?<![a-z0-9+.-])(?:javascript|vbscript|data):")
_UNSEEN = re.compile(r"[\x00-\x20\x7f\\]")
# raw HTML on, and any link target taken: the renderer to fear (its blocks are any CommonMark renderer's)
_permissive = MarkdownIt("commonmark")
_permissive.validateLink = lambda url: True  # type: ignore[method-assign]


def inert_prose(text: str) -> str:
    """Markdown prose as written, with raw HTML and script links made inert outside code."""
    if "<" not in text and not _spells_a_script_scheme(text):
        return text
    escaped = _escaped(text)
    if _inert(escaped):
        return escaped
    return text.replace("<", "&lt;").replace("[", "&#91;")


def _spells_a_script_scheme(text: str) -> bool:
    lowered = text.lower()
    if "&" not in text and "script" not in lowered and "data" not in lowered:
        return False  # no entity can spell one, and no plain spelling is there (the common case, made cheap)
    return bool(_SCRIPT_SCHEME.search(_UNSEEN.sub("", html.unescape(text)).lower()))


def _inert(markdown: str) -> bool:
    """No raw HTML and no link or image with a script target, as a renderer with raw HTML on reads it."""
    for token in _walk(_permissive.parse(markdown)):
        if token.type in ("html_block", "html_inline"):
            return False
        target = token.attrs.get("href") or token.attrs.get("src")
        if target is not None and _unsafe(str(target)):
            return False
    return True


def _walk(tokens: Iterable[Token]) -> Iterator[Token]:
    for token in tokens:
        yield token
        if token.children:
            yield from _walk(token.children)


def _escaped(text: str) -> str:
    """Raw HTML starts and script links escaped outside code blocks and code spans."""
    code: set[int] = set()
    block_of: dict[int, int] = {}  # line -> first line of the block of inline text it belongs to
    for token in _permissive.parse(text):
        if not token.map:
            continue
        if token.type in ("fence", "code_block"):
            code.update(range(*token.map))
        elif token.type == "inline":
            block_of.update(dict.fromkeys(range(*token.map), token.map[0]))
    lines = text.split("\n")  # markdown-it's lines (a mismatch elsewhere is caught by the parse after)
    lines = [line + "\n" for line in lines[:-1]] + [lines[-1]]
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
    return safe_url(html.unescape(url)) == "#" or bool(_SCRIPT_SCHEME.match(_UNSEEN.sub("", url).lower()))


def _escape(text: str) -> str:
    text = _OPEN_HTML.sub(r"\1\\<", text)
    text = _OPEN_AUTOLINK.sub(lambda m: m[1] + "\\" + m.group()[len(m[1]) :] if _unsafe(m[2]) else m.group(), text)
    text = _REFERENCE.sub(lambda m: m[1] + "\\" + m.group()[len(m[1]) :] if _unsafe(m[3]) else m.group(), text)
    return _LINK_TARGET.sub(lambda m: "]\\(" + m.group()[2:] if _unsafe(m[1]) else m.group(), text)
