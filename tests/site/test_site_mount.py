"""A site built for a base URL with a path (`--base-url https://example.org/docs/canimcp`, a project's GitHub
Pages say) is served under that path: every link, script, style sheet and API reference stays under it, in
Chromium as in the link checker, and the 404 page works at any depth."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sitecheck import check_links, markdown_links, outline, screenshot, start_app, stop_server
from starlette.applications import Starlette
from starlette.routing import Mount as Route
from starlette.staticfiles import StaticFiles

from canimcp.kb import read_kb
from canimcp.site import build_site
from canimcp.site.mount import ROOT, Mount
from canimcp.site.serve import SiteState

from minikb import MiniKB

BASE = "https://example.org/docs/canimcp"
PREFIX = "/docs/canimcp"


@pytest.fixture(scope="module")
def mounted_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("mounted-site")
    build_site(read_kb(), out, BASE)
    return out


@pytest.fixture(scope="module")
def static_host(mounted_site: Path) -> Iterator[str]:
    """The built folder as a plain static host serves it under the path (no clean URLs; its 404.html for a
    miss), under a real uvicorn on 127.0.0.1."""
    app = Starlette(routes=[Route(PREFIX, app=StaticFiles(directory=mounted_site, html=True))])
    url, running = start_app(app)
    yield url
    stop_server(running)


def test_every_link_stays_under_the_path_and_resolves(mounted_site: Path) -> None:
    report = check_links(mounted_site, BASE)
    assert report.broken == []
    kb = read_kb().kb
    assert report.checked > 20 * (len(kb.clients) + len(kb.features) + len(kb.notes))


def test_the_404_page_links_under_the_path_from_any_depth(mounted_site: Path) -> None:
    page = outline(mounted_site / "404.html")
    local = [url for _, _, url in page.links if not url.startswith(("http", "#"))]
    assert {"/docs/canimcp/", "/docs/canimcp/static/style.css", "/docs/canimcp/clients/"} <= set(local)
    assert all(url.startswith(PREFIX + "/") for url in local), local


def test_twins_and_llms_txt_link_under_the_path(mounted_site: Path) -> None:
    for file in (mounted_site / "llms.txt", mounted_site / "clients" / "opencode.md"):
        site_links = [h for h in markdown_links(file.read_text(encoding="utf-8")) if h.startswith("/")]
        assert site_links and all(h.startswith(PREFIX + "/") for h in site_links), file


def test_the_json_exports_name_documents_under_the_path(mounted_site: Path) -> None:
    runs = json.loads((mounted_site / "api" / "probes.json").read_text(encoding="utf-8"))["runs"]
    assert runs
    for run in runs:
        for key in ("report", "page"):
            assert run[key].startswith(PREFIX + "/"), run[key]
            assert (mounted_site / run[key].removeprefix(PREFIX + "/")).is_file()
    schema = json.loads((mounted_site / "api" / "schema" / "matrix.schema.json").read_text(encoding="utf-8"))
    assert schema["$id"] == f"{PREFIX}/api/schema/matrix.schema.json"
    # a probe report is kept as recorded: the paths a client sent are its own, not the site's
    some = mounted_site / "api" / "probes" / f"{runs[0]['id']}.json"
    assert PREFIX not in some.read_text(encoding="utf-8")


def test_the_feed_links_to_the_base_url(mounted_site: Path) -> None:
    feed = (mounted_site / "feed.xml").read_text(encoding="utf-8")
    assert f'<link rel="self" href="{BASE}/feed.xml"/>' in feed
    links = re.findall(r'<link[^>]* href="([^"]*)"', feed)
    assert len(links) > 100 and all(link.startswith(BASE + "/") for link in links)


def test_moving_the_site_rewrites_every_page(mini: MiniKB, tmp_path: Path) -> None:
    result = read_kb(mini.root)
    out = tmp_path / "site"
    first = build_site(result, out)
    assert build_site(result, out).written == 0
    at_root = check_links(out, "https://example.org")
    moved = build_site(result, out, BASE)
    assert moved.written == first.written and moved.unchanged == 0
    under_path = check_links(out, BASE)
    # the same links as at the root: none was lost or added on the way
    assert under_path.broken == [] and under_path.checked == at_root.checked > 100
    # and they did move: read as a site at the root, its links point under /docs/canimcp/, where nothing is
    assert len(check_links(out, "https://example.org").broken) > under_path.checked / 2
    feed = (out / "feed.xml").read_text(encoding="utf-8")
    assert f"{BASE}/clients/alpha.html" in feed
    back = build_site(result, out, "https://canimcp.io")
    assert back.written == first.written and check_links(out).broken == []


def test_served_at_the_root_whatever_the_base_url_says(mini: MiniKB, tmp_path: Path) -> None:
    """`canimcp serve` serves the site at `/`: its links stay there, while the feed names the public URL."""
    out = tmp_path / "site"
    state = SiteState(mini.root, out, BASE)  # what `canimcp serve --base-url …` builds with
    assert state.rebuild_if_changed() and state.errors == []
    assert check_links(out).broken == []
    assert f"{BASE}/clients/alpha.html" in (out / "feed.xml").read_text(encoding="utf-8")


def test_what_moves_is_only_a_link_of_our_own() -> None:
    mount = Mount(PREFIX)
    html = (
        '<a href="/">home</a> <a href="//cdn.example/x">other host</a> <img src="/static/a.svg" alt="">'
        ' <p>href=&#34;/clients/x&#34; written in a note</p> <a href="https://example.org/x">x</a>'
    )
    assert mount.html(html).decode() == (
        '<a href="/docs/canimcp/">home</a> <a href="//cdn.example/x">other host</a>'
        ' <img src="/docs/canimcp/static/a.svg" alt=""> <p>href=&#34;/clients/x&#34; written in a note</p>'
        ' <a href="https://example.org/x">x</a>'
    )
    # a code span or block shows its text, and a `]` escaped as twins escape the data's text closes no link
    markdown = (
        "[a](/clients/a.md) `[b](/c)` [e\\](/x) [f\\\\](/research/f.md)\n\n```md\n[c](/clients/c.md)\n```\n\n"
        "[d]: /research/d.md\n"
    )
    assert mount.markdown(markdown) == (
        "[a](/docs/canimcp/clients/a.md) `[b](/c)` [e\\](/x) [f\\\\](/docs/canimcp/research/f.md)\n\n"
        "```md\n[c](/clients/c.md)\n```\n\n[d]: /docs/canimcp/research/d.md\n"
    )
    assert ROOT.html(html) == html.encode() and ROOT.markdown(markdown) == markdown


@pytest.mark.parametrize(
    ("base_url", "said"),
    [
        ("example.org/docs", "a base URL is like https://example.org"),
        ("ftp://example.org", "a base URL is like https://example.org"),
        ("https://example.org/a?b=1", "no query or fragment"),
        ('https://example.org/a"onmouseover="x', "a site path is segments of letters"),
        ("https://example.org/a/../b", "a site path is segments of letters"),
    ],
)
def test_a_base_url_that_cannot_be_a_sites_is_refused(mini: MiniKB, tmp_path: Path, base_url: str, said: str) -> None:
    out = tmp_path / "site"
    command = ["build", "--data", str(mini.root), "--out", str(out), "--base-url", base_url]
    done = subprocess.run([sys.executable, "-m", "canimcp", *command], capture_output=True, text=True, check=False)
    assert done.returncode == 2
    assert said in " ".join(done.stderr.replace("│", " ").split()), done.stderr
    assert not out.exists()


def test_a_person_browses_the_site_under_its_path(static_host: str, page: Any) -> None:
    page.goto(f"{static_host}{PREFIX}/")
    # the style sheet and the script arrived: the page is styled, and the script showed the filter form
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(251, 250, 247)"
    assert page.locator("#filters").is_visible()
    screenshot(page, "mounted-matrix")
    page.locator("td a[href*='/clients/']").first.click()
    page.wait_for_url(f"**{PREFIX}/clients/*.html#*")
    twin = page.get_by_role("link", name="this page as markdown").get_attribute("href")
    assert twin.startswith(f"{PREFIX}/clients/") and twin.endswith(".md")
    fetched = page.request.get(static_host + twin)
    assert fetched.status == 200 and fetched.text().startswith("# ")

    missing = page.goto(f"{static_host}{PREFIX}/no/such/page/deep.html")
    assert missing is not None and missing.status == 404
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(251, 250, 247)"
    page.get_by_role("link", name="research notes", exact=True).click()
    page.wait_for_url(f"**{PREFIX}/research/")
    assert page.locator("h1").inner_text() == "Research notes"
    screenshot(page, "mounted-research")
