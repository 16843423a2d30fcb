"""The fast markdown engine (markdown-it-pyrs) and the checked one (markdown-it-py with the link allow-list)
give the site the same HTML; where a target fails the allow-list the checked one decides, so the link is text."""

from __future__ import annotations

import itertools

import pytest

from canimcp.kb import bundled_data_dir, read_kb
from canimcp.site import markdown
from canimcp.site.markdown import _checked_html, to_html

CASES = [
    "# T\n\ntext", "Title\n=====\n\ntext", "## h2 first\n\n# then h1", "# T with [link](/clients/a.md)\n\nx",
    "*em* **strong** `code` ~~strike~~", "- a\n- b\n  - nested\n\n1. one\n2. two", "> quote\n> > nested",
    "```ts\nconst x = '<b>';\n```", "    indented code <i>", "---\n\n***", "a  \nhard break\\\nbackslash",
    '[ref][r]\n\n[r]: /research/n.md "T"', "<https://example.org/x?a=1&b=2>", "<mailto:a@b.c>",
    "[q](/research/n.md#frag) [r](/clients/x.md?a=1) [s](/features/f.md) [t](/other/x.md) [u](clients/x.md)",
    '![img](/static/x.png "t") ![alt *em*](https://x/y.png)', "| a | b |\n|---|:-:|\n| `c` | [d](/clients/x.md) |",
    "&amp; &copy; &#35; &#x22; &nonsense;", "\\* not em \\[not link\\]", "<script>alert(1)</script>\n\n<div>x</div>",
    "inline <b onclick=x>b</b> and <!-- c -->", "[a](JaVaScRiPt:x) [c](vbscript:x) [d](ftp://x) [e](data:x)",
    "[x](%6A%61vascript:alert(1))", "[x](<javascript:x>) [y](java\nscript:x)", '[p](/a%20b "t") [q](/a b)',
    "[unicode](/clients/é.md) [sp](</clients/a b.md>)", "line1\nline2\r\nline3", "* a\n\n  para in item\n\n* b",
    "1) x\n2) y", "Setext\n---", "a | b\n--|--\n1 | 2", "", "[empty]()", "[](/clients/a.md)",
    "**[bold link](/research/r.md)**", "`<code>` & \"quotes\" 'single'", "[x](/clients/a.md)[y](ftp://z)",
    "# T\n\nKind: x · Status: y\n\nBody", "# T\n\nKind: [a](javascript:x)\n\nBody", "Kind: x\n\nBody",
]  # fmt: skip


@pytest.mark.parametrize("text", CASES)
def test_both_engines_render_the_same(text: str) -> None:
    for twins, drop, meta in itertools.product((True, False), repeat=3):
        assert to_html(text, twins, drop, meta) == _checked_html(text, twins, drop, meta)


def test_every_bundled_body_renders_the_same() -> None:
    kb = read_kb(bundled_data_dir()).kb
    bodies = [c.body for c in kb.clients.values()] + [n.body for n in kb.notes.values()]
    assert len(bodies) > 10
    for body in bodies:
        assert to_html(body, drop_title=True) == _checked_html(body, True, True)
        assert to_html(body, drop_title=True, drop_meta=True) == _checked_html(body, True, True, True)


def test_a_target_outside_the_allow_list_is_text_not_a_link(monkeypatch: pytest.MonkeyPatch) -> None:
    checked: list[str] = []
    real = markdown._checked_html
    monkeypatch.setattr(markdown, "_checked_html", lambda *a: checked.append(a[0]) or real(*a))
    page = to_html("[ok](/clients/a.md) and [d](ftp://host/x) and [x](%6A%61vascript:alert(1))")
    assert checked, "the fast engine's output was not handed to the checked engine"
    assert 'href="ftp:' not in page and 'href="%6A' not in page and "[d](ftp://host/x)" in page
    assert '<a href="/clients/a.html">ok</a>' in page
    checked.clear()
    assert to_html("[ok](/clients/a.md#x)") == '<p><a href="/clients/a.html#x">ok</a></p>\n' and not checked
