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
