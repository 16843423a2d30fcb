"""The prose of the markdown twins is inert in a renderer that allows raw HTML (markdown-it's "commonmark"
preset, as an agent's or a viewer's renderer may be): no tag and no script link comes through, wherever the
markup sits, while code spans and code blocks stay as written."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt
from markdown_it.token import Token

from canimcp.site.inert import inert_prose
from canimcp.site.twins import note_twin

RENDERER = MarkdownIt("commonmark")  # raw HTML on
RENDERER.validateLink = lambda url: True  # type: ignore[method-assign]  # and any link target taken
PAYLOAD = "<img src=x onerror=alert(1)>"
SCRIPT = re.compile(r"(?:javascript|vbscript|data):", re.IGNORECASE)


def live(markdown: str) -> list[str]:
    """Raw HTML and script links that a renderer with raw HTML on makes of `markdown` (a browser drops
    spaces and controls around and inside a URL's scheme, so they are dropped here too)."""
    found = []
    for token in walk(RENDERER.parse(markdown)):
        if token.type in ("html_block", "html_inline"):
            found.append(token.content)
        target = token.attrs.get("href") or token.attrs.get("src")
        if target is not None and SCRIPT.match(re.sub(r"[\x00-\x20]", "", str(target))):
            found.append(str(target))
    return found


def walk(tokens: list[Token]) -> Iterator[Token]:
    for token in tokens:
        yield token
        yield from walk(token.children or [])


def test_the_reported_ways_past_the_code_span_check() -> None:
    cases = [
        f"Before \\`{PAYLOAD}` after\n",  # an escaped backtick opens no span
        f"# title `a\n{PAYLOAD} `b`\n",  # a span never crosses from a heading into the next block
        f"<http://a`b> {PAYLOAD} `c`\n",  # the backtick inside an autolink opens nothing
        f"a `x\n\n{PAYLOAD}\n\n` b\n",  # nor across a blank line
        f"> quote `a\n\n{PAYLOAD} `b`\n",
        f"- item `a\n- {PAYLOAD} `b`\n",
        # escaping changes the blocks: an HTML block's line becomes a paragraph that takes the next one in
        f"<!-- -->\n    {PAYLOAD}\n",
        f"<!-- ` -->\n`{PAYLOAD}`\n",
        f"x `\n<!-- -->\n`{PAYLOAD}`\n",
        # line breaks that Python splits at and markdown does not
        f"x\x0cy\n\n{PAYLOAD}\n```\ncode\n```\n",
        f"x\u2028y\n\n{PAYLOAD}\n```\ncode\n```\n",
        # backticks inside an e-mail autolink or a link's target or title open nothing
        f"<`@x.de>{PAYLOAD}`\n",
        f'[a](/ "`"){PAYLOAD}`\n',
        f"[a](/`){PAYLOAD}`\n",
        f"<http://a\xa0`>{PAYLOAD}`\n",
        # script links the link patterns did not see
        "<javascript:alert(1)//`>x`\n",
        "](/[b](javascript:alert(1))\n",
        "> [a]: javascript:alert(1)\n\n[a]\n",
        "- [a]: javascript:alert(1)\n\n[a]\n",
        "[a\nb]: javascript:alert(1)\n\n[a b]\n",
        "<javascript:alert(1)\xa0>\n",
        "[a](JAVA&#83;CRIPT:alert(1))\n",
    ]
    for text in cases:
        assert live(text), f"the case shows nothing to make inert: {text!r}"
        assert live(inert_prose(text)) == [], text


def test_code_stays_as_written() -> None:
    text = f"Use `{PAYLOAD}` or ``a ` b``.\n\n```html\n{PAYLOAD}\n```\n\n    {PAYLOAD}\n\nthen {PAYLOAD} here\n"
    out = inert_prose(text)
    assert f"Use `{PAYLOAD}` or ``a ` b``." in out and f"```html\n{PAYLOAD}\n```" in out and f"    {PAYLOAD}\n" in out
    assert "then \\<img" in out and live(out) == []


def test_prose_that_escaping_cannot_make_inert_loses_its_markup_instead() -> None:
    """Where escaping would change the blocks around it, every `<` and `[` becomes an entity: no tag and no
    link can be made of what is left, in any CommonMark renderer."""
    text = f"<!-- -->\n    {PAYLOAD}\n\nSee [the client](/clients/x.md).\n"
    out = inert_prose(text)
    assert "<" not in out and "[" not in out and live(out) == []
    assert "&lt;img src=x onerror=alert(1)&gt;" in RENDERER.render(out)  # shown as text, not lost


def test_a_note_twin_makes_its_front_matter_inert(tmp_path: Path) -> None:
    note = tmp_path / "evil.md"
    note.write_text(
        f"---\nid: evil\ntitle: <script>alert(1)</script>\nsummary: {PAYLOAD} `<b>`\n---\n\n# <script>x</script>\n\n"
        "[go](javascript:alert(1))\n",
        encoding="utf-8",
    )
    assert live(note.read_text()) != []
    twin = note_twin(note)
    assert live(twin) == []
    assert "summary: \\<img src=x onerror=alert(1)> `<b>`" in twin  # the span as written


PIECES = ["`", "``", "\\", "\\`", PAYLOAD, "<http://a`b>", "[x](javascript:alert(1))", "\n", "\n\n", "# ", "> "]
PIECES += [
    "- ",
    "    ",
    "word ",
    "<!-- c -->",
    "<div>",
    "```\n",
    "*",
    "_",
    "<javascript:alert(1)>",
    "[r]: javascript:x\n",
]
PIECES += ["[r]", "![i](javascript:alert(1))", "<", ">", "1. ", "---\n"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=14))
def test_nothing_comes_through_whatever_the_mix(parts: list[str]) -> None:
    assert live(inert_prose("".join(parts))) == []
