"""A site built with relative links (`canimcp build --relative-links`) works opened from disk and from any
folder of any host: every page, twin and llms.txt links to the very file it means, relative to itself, and
the 404 page, which a host shows at any depth, keeps its links from the root."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from sitecheck import check_links, markdown_links, outline, screenshot

from canimcp.kb import read_kb
from canimcp.site import build_site
from canimcp.site.mount import Mount
from canimcp.site.views import anchor

from minikb import MiniKB

BASE = "https://example.org"


@pytest.fixture(scope="module")
def relative_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("relative-site")
    build_site(read_kb(), out, BASE, mount=Mount.of(BASE, relative=True))
    return out


def site_links(file: Path) -> list[str]:
    """The links of a page, twin or llms.txt that are not to another host or a fragment of the same page."""
    if file.suffix == ".html":
        links = [url for _, _, url in outline(file).links]
    else:
        links = markdown_links(file.read_text(encoding="utf-8"))
    return [h for h in links if not re.match(r"[a-z][a-z0-9+.-]*:|#", h)]


def test_every_link_names_its_file_from_disk_and_from_any_folder(relative_site: Path) -> None:
    kb = read_kb().kb
    for base in ("https://example.org", "https://example.org/any/folder"):
        report = check_links(relative_site, base, from_disk=True)
        # the 404 page alone links from the root, and a folder served from disk has no index: its links break
        assert report.broken and all(b.split(": ")[0].endswith("/404.html") for b in report.broken), report.broken[:5]
        assert report.checked > 20 * (len(kb.clients) + len(kb.features) + len(kb.notes))


def test_no_page_but_the_404_page_links_from_the_root(relative_site: Path) -> None:
    files = [relative_site / "llms.txt", *relative_site.rglob("*.html"), *relative_site.rglob("*.md")]
    for file in files:
        links = site_links(file)
        if file.name == "404.html":
            assert {"/", "/static/style.css", "/clients/"} <= set(links)
            assert all(h.startswith("/") for h in links), links
        else:
            assert not [h for h in links if h.startswith("/")], file
    # a page two folders down (a feature whose id has a slash) climbs two
    deep = next(relative_site.glob("features/*/*.html"))
    assert "../../static/style.css" in site_links(deep)
    assert "../../index.html" in site_links(deep)


def test_relative_links_in_a_folder_of_the_host_keep_the_404_under_the_path(tmp_path: Path, mini: MiniKB) -> None:
    out = tmp_path / "site"
    build_site(read_kb(mini.root), out, BASE + "/docs", mount=Mount.of(BASE + "/docs", relative=True))
    links = site_links(out / "404.html")
    assert "/docs/static/style.css" in links and all(h.startswith("/docs/") for h in links)
    assert "../static/style.css" in site_links(out / "clients" / "alpha.html")


def test_switching_to_relative_links_rewrites_every_page(mini: MiniKB, tmp_path: Path) -> None:
    result = read_kb(mini.root)
    out = tmp_path / "site"
    first = build_site(result, out)
    at_root = check_links(out, BASE)
    relative = build_site(result, out, mount=Mount.of(BASE, relative=True))
    assert relative.written == first.written and relative.unchanged == 0
    assert build_site(result, out, mount=Mount.of(BASE, relative=True)).written == 0
    from_disk = check_links(out, BASE, from_disk=True)
    # the same links, each now naming its file: none was lost or added on the way
    assert from_disk.checked == at_root.checked > 100
    assert all(b.split(": ")[0] == "/404.html" for b in from_disk.broken) and from_disk.broken
    # served links from the root do not name files: read from disk they break
    build_site(result, out)
    assert len(check_links(out, BASE, from_disk=True).broken) > len(from_disk.broken) * 3


def test_what_becomes_relative() -> None:
    mount = Mount("", relative=True)
    html = (
        '<a href="/">home</a> <a href="/research/">notes</a> <a href="/probes/#opencode">runs</a>'
        ' <a href="//cdn.example/x">other host</a> <img src="/static/a.svg" alt="">'
        ' <a href="#main">skip</a> <p>href=&#34;/clients/x&#34; written in a note</p>'
    )
    assert mount.html(html, "../").decode() == (
        '<a href="../index.html">home</a> <a href="../research/index.html">notes</a>'
        ' <a href="../probes/index.html#opencode">runs</a> <a href="//cdn.example/x">other host</a>'
        ' <img src="../static/a.svg" alt=""> <a href="#main">skip</a>'
        " <p>href=&#34;/clients/x&#34; written in a note</p>"
    )
    assert mount.html('<a href="/clients/a.html">a</a>', "").decode() == '<a href="clients/a.html">a</a>'
    markdown = (
        "[a](/clients/a.md) `[b](/c)` [e\\](/x) [r](/research/)\n\n```md\n[c](/clients/c.md)\n```\n\n[d]: /d.md\n"
    )
    assert mount.markdown(markdown, "../../") == (
        "[a](../../clients/a.md) `[b](/c)` [e\\](/x) [r](../../research/index.html)\n\n"
        "```md\n[c](/clients/c.md)\n```\n\n[d]: ../../d.md\n"
    )
    # which way up each file is, from where it is written
    page = mount.rebased("features/extensions.x/ui.html", lambda: '<a href="/">home</a>')
    assert page() == b'<a href="../../index.html">home</a>'
    assert mount.rebased("404.html", lambda: '<a href="/">home</a>')() == '<a href="/">home</a>'
    assert mount.rebased("llms.txt", lambda: "[a](/clients/a.md)")() == "[a](clients/a.md)"


def test_the_command_line_builds_relative_links(mini: MiniKB, tmp_path: Path) -> None:
    out = tmp_path / "site"
    command = ["build", "--data", str(mini.root), "--out", str(out), "--relative-links"]
    done = subprocess.run([sys.executable, "-m", "canimcp", *command], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert "../static/style.css" in site_links(out / "clients" / "alpha.html")
    broken = check_links(out, from_disk=True).broken
    assert broken and all(b.startswith("/404.html: ") for b in broken)


def test_a_person_opens_the_built_site_from_disk(relative_site: Path, page: Any) -> None:
    views_kb = read_kb().kb
    page.goto((relative_site / "index.html").as_uri())
    # the style sheet and the script arrived from disk: the page is styled and the filter form is shown
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(251, 250, 247)"
    assert page.locator("#filters").is_visible()
    # the filter works, and remembers its choice in the page's address, as it does when served
    page.select_option("select[name=client]", "opencode")
    shown = page.eval_on_selector_all(
        "th[data-client]", "els => [...new Set(els.filter(e => e.offsetParent).map(e => e.dataset.client))]"
    )
    assert shown == ["opencode"]
    assert page.url.endswith("index.html?client=opencode")
    screenshot(page, "from-disk-matrix")
    feature = next(iter(views_kb.features))
    page.locator(f"tr[data-feature='{feature}'] td a[href='clients/opencode.html#{anchor(feature)}']").click()
    page.wait_for_url(f"file://**/clients/opencode.html#{anchor(feature)}")
    assert page.locator("h1").inner_text() == views_kb.clients["opencode"].title
    twin = page.get_by_role("link", name="this page as markdown")
    assert twin.get_attribute("href") == "../clients/opencode.md"
    page.get_by_role("navigation", name="Site").get_by_role("link", name="Research").click()
    page.wait_for_url("file://**/research/index.html")
    assert page.locator("h1").inner_text() == "Research notes"
    page.locator(".note-index a").first.click()
    page.wait_for_url("file://**/research/*.html")
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(251, 250, 247)"
    screenshot(page, "from-disk-note")
