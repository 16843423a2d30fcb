"""The prose of the markdown twins is inert in a renderer that allows raw HTML (markdown-it's "commonmark"
preset, as an agent's or a viewer's renderer may be): no tag and no script link comes through, wherever the
markup sits, while code spans and code blocks stay as written."""

from __future__ import annotations

import re
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt

from canimcp.site.inert import inert_prose
from canimcp.site.twins import note_twin

RENDERER = MarkdownIt("commonmark")  # raw HTML on
PAYLOAD = "<img src=x onerror=alert(1)>"
LIVE = re.compile(r"<(?:img|script|div)\b|href=\"javascript:", re.IGNORECASE)


def live(markdown: str) -> list[str]:
    """Tags and script links a renderer with raw HTML on would write from `markdown`; only what is outside
    code counts (`<code>&lt;img…` is text)."""
    return LIVE.findall(RENDERER.render(markdown))


def test_the_reported_ways_past_the_code_span_check() -> None:
    cases = [
        f"Before \\`{PAYLOAD}` after\n",  # an escaped backtick opens no span
        f"# title `a\n{PAYLOAD} `b`\n",  # a span never crosses from a heading into the next block
        f"<http://a`b> {PAYLOAD} `c`\n",  # the backtick inside an autolink opens nothing
        f"a `x\n\n{PAYLOAD}\n\n` b\n",  # nor across a blank line
        f"> quote `a\n\n{PAYLOAD} `b`\n",
        f"- item `a\n- {PAYLOAD} `b`\n",
    ]
    for text in cases:
        assert live(text), f"the case shows nothing to make inert: {text!r}"
        assert live(inert_prose(text)) == [], text


def test_code_stays_as_written() -> None:
    text = f"Use `{PAYLOAD}` or ``a ` b``.\n\n```html\n{PAYLOAD}\n```\n\n    {PAYLOAD}\n\nthen {PAYLOAD} here\n"
    out = inert_prose(text)
    assert f"Use `{PAYLOAD}` or ``a ` b``." in out and f"```html\n{PAYLOAD}\n```" in out and f"    {PAYLOAD}\n" in out
    assert "then \\<img" in out and live(out) == []


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
