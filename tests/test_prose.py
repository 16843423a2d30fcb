"""One parse of each body, shared by the body-links rule and the site's renderer: rendering must leave the
shared tokens as parsed, or the next lint (or rebuild in the same `canimcp serve`) reads the page's hrefs."""

from __future__ import annotations

from canimcp.kb import prose
from canimcp.site.markdown import to_html

BODY = """\
# A note

See [the client](/clients/alpha.md#roots), [a note](/research/other.md) and ![a shot](/shot.png "title").

| client | link |
|---|---|
| alpha | [feature](/features/roots.md?x=1) |
"""


def test_rendering_leaves_the_shared_parse_as_parsed() -> None:
    before = [(t.type, t.attrs, [(c.type, dict(c.attrs)) for c in t.children or []]) for t in prose.tokens(BODY)]
    first = to_html(BODY, drop_title=True)
    assert to_html(BODY, drop_title=True) == first
    assert prose.tokens(BODY) is prose.tokens(BODY)  # the same cached parse, read twice
    after = [(t.type, t.attrs, [(c.type, dict(c.attrs)) for c in t.children or []]) for t in prose.tokens(BODY)]
    assert after == before
    # lint after a render still sees the hrefs as written, the page links to pages
    assert [href for _, href in prose.links(BODY)] == [
        "/clients/alpha.md#roots",
        "/research/other.md",
        "/features/roots.md?x=1",
    ]
    assert '<a href="/clients/alpha.html#roots">the client</a>' in first
    assert '<a href="/features/roots.html?x=1">feature</a>' in first
    assert '<img src="/shot.png" alt="a shot" title="title" />' in first
    assert "<h1>" not in first
    assert '<a href="/clients/alpha.md#roots">' in to_html(BODY, twins_to_pages=False)


def test_links_have_their_line_within_the_body() -> None:
    assert list(prose.links(BODY)) == [
        (2, "/clients/alpha.md#roots"),
        (2, "/research/other.md"),
        (6, "/features/roots.md?x=1"),
    ]


def test_no_raw_html_and_no_script_links() -> None:
    hostile = "<script>x()</script>\n\n[a](javascript:x()) [b](VBScript:x) [c](data:text/html,x)"
    hostile += ' <img src=x onerror="x()"> [d](ftp://x) [e](%6A%61vascript:x())'
    html = to_html(hostile)
    assert "<script" not in html and "<img" not in html
    assert "href" not in html
    assert list(prose.links(hostile)) == []
