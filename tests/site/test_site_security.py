"""Hostile data renders as text everywhere: pages, markdown twins, feed.xml, the JSON API, and no script
of its own runs in Chromium."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import httpx
from markdown_it import MarkdownIt
from sitecheck import HOSTILE_TITLE, PWN, outline

ATOM = "{http://www.w3.org/2005/Atom}"
ESCAPED_TITLE = "&lt;script&gt;alert(1)&lt;/script&gt;"
SCRIPT_LINK = re.compile(r"^\s*(?:javascript|vbscript|data):", re.IGNORECASE)


def html_pages(out: Path) -> list[Path]:
    return sorted(out.rglob("*.html"))


def test_pages_show_the_hostile_title_as_text(hostile_site: Path) -> None:
    showing = [p for p in html_pages(hostile_site) if ESCAPED_TITLE in p.read_text(encoding="utf-8")]
    expected = {"index.html", "clients/evil.html", "research/evil-note.html", "research/index.html"}
    expected |= {"clients/index.html", "features/roots.html", "probes/evil-run-1.html"}
    assert expected <= {p.relative_to(hostile_site).as_posix() for p in showing}
    for page in html_pages(hostile_site):
        text = page.read_text(encoding="utf-8")
        assert HOSTILE_TITLE not in text, page
        assert "<img src=x" not in text and "<svg" not in text and "<iframe" not in text, page


def test_pages_hold_no_script_but_the_site_script_and_no_script_links(hostile_site: Path) -> None:
    for page in html_pages(hostile_site):
        o = outline(page)
        assert [(a.get("src"), body.strip()) for a, body in o.scripts] == [("/static/site.js", "")], page
        assert o.event_handlers == [], page
        assert [u for _, _, u in o.links if SCRIPT_LINK.match(u)] == [], page
        assert "iframe" not in o.tags and "svg" not in o.tags and "img" not in o.tags, page


def test_hostile_links_in_note_prose_are_text(hostile_site: Path) -> None:
    page = (hostile_site / "research" / "evil-note.html").read_text(encoding="utf-8")
    # the markdown stays readable as text instead of becoming a link
    assert "[plain link](javascript:alert(1))" in page
    assert "&lt;a href=&quot;javascript:" in page
    # a safe link in the same prose still works
    assert '<a href="/clients/evil.html">the client</a>' in page


def test_twins_render_as_text_in_a_renderer_that_allows_html(hostile_site: Path) -> None:
    """An agent or a consumer may render a twin with raw HTML on (CommonMark's default)."""
    render = MarkdownIt("commonmark", {"html": True})
    render.validateLink = lambda url: True  # type: ignore[method-assign]  # as permissive as a renderer gets
    twins = [*sorted(hostile_site.rglob("*.md")), hostile_site / "llms.txt"]
    assert len(twins) > 50
    for twin in twins:
        # a note's twin is rendered whole: a renderer reads its front matter as a paragraph like any other
        o = outline_of(render.render(twin.read_text(encoding="utf-8")))
        assert o.scripts == [] and o.event_handlers == [], twin
        assert not {"img", "svg", "iframe", "script"} & set(o.tags), twin
        assert [u for _, _, u in o.links if SCRIPT_LINK.match(u)] == [], twin
    client = render.render((hostile_site / "clients" / "evil.md").read_text(encoding="utf-8"))
    assert "<h1>&lt;script&gt;alert(1)&lt;/script&gt;</h1>" in client
    # the note's title shows as text; its exact value is in the note's JSON document
    note = render.render((hostile_site / "research" / "evil-note.md").read_text(encoding="utf-8"))
    assert "title: '&lt;script&gt;alert(1)&lt;/script&gt;'" in note
    assert (
        json.loads((hostile_site / "api" / "research" / "evil-note.json").read_bytes())["note"]["title"]
        == HOSTILE_TITLE
    )


def outline_of(html: str) -> Any:
    from sitecheck import _OutlineParser

    parser = _OutlineParser()
    parser.feed(html)
    return parser.out


def test_feed_is_xml_with_the_title_as_text(hostile_site: Path) -> None:
    root = ET.parse(hostile_site / "feed.xml").getroot()
    assert root.tag == f"{ATOM}feed"
    entries = root.findall(f"{ATOM}entry")
    titles = {e.findtext(f"{ATOM}id"): e.find(f"{ATOM}title") for e in entries}
    title = titles["tag:canimcp.io,2026:research/evil-note"]
    assert title is not None and title.text == HOSTILE_TITLE and list(title) == []
    summary = next(e for e in entries if e.findtext(f"{ATOM}id") == "tag:canimcp.io,2026:research/evil-note")
    assert summary.findtext(f"{ATOM}summary", "").startswith(f'<img src=x onerror="{PWN}">')
    assert any(t is not None and t.text and t.text.startswith(HOSTILE_TITLE) for t in titles.values() if t is not title)
    ids = [e.findtext(f"{ATOM}id") for e in entries]
    assert len(ids) == len(set(ids))


def test_api_gives_the_exact_text_to_consumers(hostile_site: Path, hostile_server: Any) -> None:
    client = json.loads((hostile_site / "api" / "clients" / "evil.json").read_bytes())
    assert client["client"]["title"] == HOSTILE_TITLE
    note = json.loads((hostile_site / "api" / "research" / "evil-note.json").read_bytes())
    assert note["note"]["title"] == HOSTILE_TITLE
    probe = json.loads((hostile_site / "api" / "probes" / "evil-run-1.json").read_bytes())
    assert probe["clientInfo"]["name"] == HOSTILE_TITLE
    # served as JSON, never as something a browser would render as HTML
    for path in ("/api/clients/evil.json", "/api/research/evil-note.json", "/api/probes/evil-run-1.json"):
        answer = httpx.get(hostile_server.url + path)
        assert answer.status_code == 200
        assert answer.headers["content-type"].startswith("application/json")
    twin = httpx.get(hostile_server.url + "/clients/evil.md")
    assert twin.headers["content-type"].startswith("text/markdown")


def test_no_script_runs_in_chromium(hostile_server: Any, page: Any) -> None:
    paths = ["/", "/clients/evil", "/research/evil-note", "/research/", "/clients/", "/features/roots"]
    paths += ["/clients/evil.html#f-roots", "/matrix/2026-07-28.html"]
    for path in paths:
        page.goto(hostile_server.url + path)
        page.wait_for_load_state("load")
        assert page.evaluate("typeof window.__pwned") == "undefined", path
        assert page.locator("img, svg, iframe, [onerror], [onload], a[href^='javascript' i]").count() == 0, path
    page.goto(hostile_server.url + "/clients/evil")
    assert page.locator("h1").inner_text() == HOSTILE_TITLE
    assert page.title().startswith(HOSTILE_TITLE)
    # clicking the neutralised homepage link goes nowhere and runs nothing
    page.get_by_role("link", name=f"javascript:{PWN}", exact=True).click()
    page.goto(hostile_server.url + "/research/evil-note")
    assert page.locator("h1").inner_text() == HOSTILE_TITLE
    page.get_by_text("the client").click()
    page.wait_for_url("**/clients/evil.html")
    assert page.evaluate("typeof window.__pwned") == "undefined"
    assert page.dialogs == []
