"""The HTML written in Python on the hot paths escapes exactly as Jinja's autoescape does."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from markupsafe import escape

from canimcp.site.views import esc

HOSTILE = ["<script>alert(1)</script>", '"><svg onload="x">', "it's & <b>", "plain", "", "&amp;"]


def test_esc_matches_autoescape_on_hostile_text() -> None:
    for text in HOSTILE:
        assert esc(text) == str(escape(text))
    assert "<" not in esc(HOSTILE[0]) and '"' not in esc(HOSTILE[1])


@given(st.text())
def test_esc_matches_autoescape_on_any_text(text: str) -> None:
    assert esc(text) == str(escape(text))


def test_code_spans_become_code_after_escaping() -> None:
    from canimcp.site.views import inline

    assert inline("set `callback` or `roots`") == "set <code>callback</code> or <code>roots</code>"
    # escaping comes first: markup inside a span is text, and a lone backtick stays as it is
    assert inline("`<script>alert(1)</script>` & co") == "<code>&lt;script&gt;alert(1)&lt;/script&gt;</code> &amp; co"
    assert inline("it`s `a` b") == "it<code>s </code>a` b"
    assert inline("no spans <b>") == esc("no spans <b>")


@given(st.text())
def test_code_spans_never_let_markup_through(text: str) -> None:
    from canimcp.site.views import inline

    outside_tags = inline(text).replace("<code>", "").replace("</code>", "")
    assert "<" not in outside_tags and '"' not in outside_tags
