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


def test_a_statement_says_what_was_installed_beside_the_client_not_default_install() -> None:
    """A statement from a run with `mcp<2` pinned beside the client names the pin where others say "default
    install", on the page and in its twin; a flag and a pin are both named."""
    from canimcp.model import Condition, Flag, Statement
    from canimcp.site.fragments import statement

    def page(st: Statement) -> str:
        return statement(st, lambda e: None)  # type: ignore[arg-type,return-value]

    plain = Statement(state="no")
    pinned = Statement(state="no", condition=Condition(install="mcp<2"))
    both = Statement(state="yes", condition=Condition(flag=Flag(key="model_client"), install="mcp<2"))
    assert "default install" in page(plain) and "installed beside" not in page(plain)
    assert "with mcp&lt;2 installed beside it" in page(pinned) and "default install" not in page(pinned)
    assert "only with <code>model_client=true</code>" in page(both) and "installed beside it" in page(both)
