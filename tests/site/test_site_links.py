"""No broken internal link anywhere in the built site: HTML pages, markdown twins and llms.txt."""

from __future__ import annotations

import shutil
from pathlib import Path

from sitecheck import check_links, markdown_links, outline, resolve

from canimcp.kb import read_kb


def test_every_internal_link_resolves(bundled_site: Path) -> None:
    report = check_links(bundled_site)
    assert report.broken == []
    kb = read_kb().kb
    # every client, feature and note page links somewhere: far more links than pages were followed
    assert report.checked > 20 * (len(kb.clients) + len(kb.features) + len(kb.notes))


def test_every_internal_link_resolves_with_hostile_data(hostile_site: Path) -> None:
    assert check_links(hostile_site).broken == []


def test_the_checker_finds_a_broken_link_and_a_missing_anchor(bundled_site: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    shutil.copytree(bundled_site, site)
    page = site / "clients" / "opencode.html"
    text = page.read_text(encoding="utf-8")
    text = text.replace(
        "</main>", '<a href="/clients/nobody.html">x</a><a href="/features/roots.html#f-nope">y</a></main>'
    )
    page.write_text(text, encoding="utf-8")
    twin = site / "research" / "opencode-declares-only-roots.md"
    twin.write_text(twin.read_text(encoding="utf-8") + "\n[gone](/research/gone.md)\n", encoding="utf-8")
    broken = check_links(site).broken
    assert len(broken) == 3
    assert any("/clients/nobody.html" in b for b in broken)
    assert any("f-nope" in b for b in broken)
    assert any("/research/gone.md" in b for b in broken)


def test_clean_urls_and_folders_resolve_like_the_server(bundled_site: Path) -> None:
    note = "opencode-declares-only-roots"
    assert resolve(bundled_site, f"/research/{note}") == bundled_site / "research" / f"{note}.html"
    assert resolve(bundled_site, f"/research/{note}.md") == bundled_site / "research" / f"{note}.md"
    assert resolve(bundled_site, "/research/") == bundled_site / "research" / "index.html"
    assert resolve(bundled_site, "/") == bundled_site / "index.html"
    assert resolve(bundled_site, "/research/nothing-here") is None


def test_twins_link_twins_and_pages_link_pages(bundled_site: Path) -> None:
    """An agent reading a twin stays on twins; a person reading a page stays on pages."""
    twin = (bundled_site / "clients" / "opencode.md").read_text(encoding="utf-8")
    site_links = [h for h in markdown_links(twin) if h.startswith(("/clients/", "/features/", "/research/"))]
    assert site_links and all(h.split("#")[0].endswith(".md") for h in site_links)
    page = outline(bundled_site / "clients" / "opencode.html")
    hrefs = [u for tag, _, u in page.links if tag == "a" and u.startswith(("/clients/", "/features/", "/research/"))]
    # the one markdown link on a page is to its own twin ("this page as markdown")
    assert hrefs and [h for h in hrefs if h.split("#")[0].endswith(".md")] == ["/clients/opencode.md"]


def test_llms_txt_indexes_every_twin(bundled_site: Path) -> None:
    kb = read_kb().kb
    links = set(markdown_links((bundled_site / "llms.txt").read_text(encoding="utf-8")))
    expected = {f"/clients/{c}.md" for c in kb.clients} | {f"/features/{f}.md" for f in kb.features}
    expected |= {f"/research/{n}.md" for n in kb.notes}
    assert expected <= links


def test_a_pinned_clients_twin_names_the_pin_where_others_say_default_install(bundled_site: Path) -> None:
    """smolagents runs only with mcp<2 beside it: its twin's statements say so, and never "default install"."""
    statements = [
        line
        for line in (bundled_site / "clients" / "smolagents.md").read_text(encoding="utf-8").splitlines()
        if line.startswith("  - ") and "observed by the probe" in line
    ]
    assert statements and all("with mcp\\<2 installed beside it" in s for s in statements), statements[:2]
    assert not any("default install" in s for s in statements)
