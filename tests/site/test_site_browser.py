"""The built site in headless Chromium, as a person uses it: the matrix filters and search, a cell to its
evidence, a note to a related note, the keyboard; screenshots go to build/screenshots/."""

from __future__ import annotations

from typing import Any

from sitecheck import contrast, screenshot

from canimcp.kb import read_kb
from canimcp.model import Source
from canimcp.site.views import DEFAULT_REVISION, Views, anchor, client_url


def visible_rows(page: Any) -> list[str]:
    return [str(f) for f in page.eval_on_selector_all("tr[data-feature]", VISIBLE_FEATURES)]


VISIBLE_FEATURES = "rows => rows.filter(r => r.offsetParent !== null).map(r => r.dataset.feature)"


def test_matrix_filters_hide_rows_and_columns(site_server: Any, page: Any) -> None:
    kb = read_kb().kb
    views = Views(kb)
    categories = views.categories_in(DEFAULT_REVISION)
    all_features = [f.id for _, _, features in categories for f in features]
    page.goto(site_server.url + "/")
    assert page.locator("#filters").is_visible()  # the script shows the filter form
    assert visible_rows(page) == all_features
    assert page.locator("#filters output").inner_text() == f"{len(all_features)} of {len(all_features)} features shown"
    screenshot(page, "matrix")

    # category: only that category's rows and section remain
    cat_id, _cat_title, cat_features = categories[1]
    page.select_option("select[name=category]", cat_id)
    assert visible_rows(page) == [f.id for f in cat_features]
    assert page.locator(f"details[data-category='{cat_id}']").is_visible()
    assert page.locator(f"details[data-category='{categories[0][0]}']").is_hidden()
    assert page.locator("#filters output").inner_text() == f"{len(cat_features)} of {len(all_features)} features shown"
    screenshot(page, "matrix-category")
    page.select_option("select[name=category]", "")

    # client: one column left in every table, header included
    # a client whose column has supported and unsupported features, so that the state filter has work to do
    client = next(
        c
        for c in views.clients
        if 0 < sum(views.cell(c.id, f).state == "yes" for f in all_features) < len(all_features)
    )
    page.select_option("select[name=client]", client.id)
    shown_headers = page.eval_on_selector_all(
        "th[data-client]", "els => [...new Set(els.filter(e => e.offsetParent).map(e => e.dataset.client))]"
    )
    assert shown_headers == [client.id]
    other = next(c for c in views.clients if c.id != client.id)
    assert page.locator(f"th[data-client='{other.id}']").first.is_hidden()
    # the cells left in each row are that client's: one per row, linking to its page
    shown_cells = page.eval_on_selector_all(
        "tr[data-feature] > td", "tds => tds.filter(td => td.offsetParent).map(td => td.querySelector('a').pathname)"
    )
    assert shown_cells == [client_url(client.id)] * len(all_features)

    # state, with the client column: exactly the rows where that client's cell has the state
    page.select_option("select[name=state]", "yes")
    expected = [f for f in all_features if views.cell(client.id, f).state == "yes"]
    assert expected and len(expected) < len(all_features)
    assert visible_rows(page) == expected
    screenshot(page, "matrix-client-state")
    page.select_option("select[name=state]", "")
    page.select_option("select[name=client]", "")
    assert visible_rows(page) == all_features


def test_matrix_search_box(site_server: Any, page: Any) -> None:
    kb = read_kb().kb
    views = Views(kb)
    all_features = [f for _, _, fs in views.categories_in(DEFAULT_REVISION) for f in fs]
    page.goto(site_server.url + "/")
    page.fill("input[name=q]", "elicitation")
    shown = visible_rows(page)
    expected = [f.id for f in all_features if "elicitation" in (f.id + " " + f.title).lower()]
    assert shown == expected and 0 < len(shown) < len(all_features)
    screenshot(page, "matrix-search")
    page.fill("input[name=q]", "no feature is called this")
    assert visible_rows(page) == []
    assert page.locator("details.category:visible").count() == 0
    assert page.locator("#filters output").inner_text().startswith("0 of")
    page.fill("input[name=q]", "")
    assert len(visible_rows(page)) == len(all_features)


def test_matrix_without_javascript_shows_everything(browser_context: Any, site_server: Any) -> None:
    kb = read_kb().kb
    views = Views(kb)
    browser = browser_context.browser
    context = browser.new_context(java_script_enabled=False) if browser else None
    if context is None:  # a persistent context has no browser object: open a no-JS page through CDP
        tab = browser_context.new_page()
        cdp = browser_context.new_cdp_session(tab)
        cdp.send("Emulation.setScriptExecutionDisabled", {"value": True})
    else:
        tab = context.new_page()
    try:
        tab.goto(site_server.url + "/")
        assert tab.locator("#filters").is_hidden()  # the filter form needs the script, so it stays hidden
        rows = len(visible_rows(tab))
        assert rows == sum(len(f) for _, _, f in views.categories_in(DEFAULT_REVISION))
        assert tab.locator("tr[data-feature] > td:visible").count() == rows * len(views.clients)
    finally:
        tab.close()


def pinned_cell(views: Views) -> tuple[str, str, Source]:
    """A supported cell of the default matrix whose first statement cites a source pinned to a commit and lines."""
    for _, _, features in views.categories_in(DEFAULT_REVISION):
        for feature in features:
            for client in views.clients:
                statements = views.kb.statements(client.id, feature.id)
                if views.cell(client.id, feature.id).state != "yes" or not statements:
                    continue
                for ev in statements[0].evidence:
                    if ev.source and ev.source.commit and ev.source.line_range and ev.source.repo:
                        return client.id, feature.id, ev.source
    raise AssertionError("no supported cell with pinned evidence in the bundled data")


def test_a_cell_opens_its_evidence(site_server: Any, page: Any) -> None:
    kb = read_kb().kb
    views = Views(kb)
    client, feature, source = pinned_cell(views)
    page.goto(site_server.url + "/")
    link = page.locator(f"tr[data-feature='{feature}'] td a[href='{client_url(client)}#{anchor(feature)}']")
    assert link.get_attribute("aria-label").startswith("Supported")  # what a screen reader says for the state
    link.click()
    page.wait_for_url(f"**/clients/{client}.html#{anchor(feature)}")
    target = page.locator(f"#{anchor(feature)}")
    assert page.evaluate("document.querySelector(':target').id") == anchor(feature)
    assert target.is_visible() and target.locator(".statement").count() == len(kb.statements(client, feature))
    # the evidence: a pinned source links to the file at its commit, with the line range
    permalink = source.permalink()
    assert source.commit and f"/blob/{source.commit}/" in permalink and "#L" in permalink
    assert target.locator(f"a[href='{permalink}']").count() >= 1
    # scrolled into view (the scroll may be smooth: wait for it to arrive)
    page.wait_for_function(
        "(() => { const r = document.querySelector(':target').getBoundingClientRect();"
        " return r.top >= 0 && r.top < innerHeight / 2; })()"
    )
    screenshot(page, "cell-evidence")


def test_a_note_leads_to_a_related_note_and_back(site_server: Any, page: Any) -> None:
    kb = read_kb().kb
    note = kb.notes["openclaw-declares-nothing-unless-mcp-apps-is-on"]
    related = kb.related_notes(note.id)
    page.goto(site_server.url + f"/research/{note.id}")
    assert page.locator("h1").inner_text() == note.title
    links = page.locator("#related a")
    assert links.count() == len(related) > 0
    first = related[0]
    page.locator("#related a", has_text=first.title).click()
    page.wait_for_url(f"**/research/{first.id}.html")
    assert page.locator("h1").inner_text() == first.title
    assert page.locator("#related a", has_text=note.title).count() == 1  # related both ways
    canonical = page.locator("link[rel=canonical]").get_attribute("href")
    assert canonical == f"https://canimcp.io/research/{first.id}"
    screenshot(page, "related-note")


def test_research_index_filters(site_server: Any, page: Any) -> None:
    kb = read_kb().kb
    page.goto(site_server.url + "/research/")
    items = page.locator(".note-index > li")
    assert items.count() == len(kb.notes)
    page.select_option("select[name=client]", "opencode")
    expected = sum(1 for n in kb.notes.values() if "opencode" in n.clients)
    assert 0 < page.locator(".note-index > li:visible").count() == expected < len(kb.notes)
    screenshot(page, "research-index")


FOCUS_STYLE = """(() => {
  const el = document.activeElement, s = getComputedStyle(el), r = el.getBoundingClientRect();
  // the colour under the ring (2px to 5px outside the box) before it was drawn
  const x = r.left > 8 ? r.left - 4 : r.right + 4, y = r.top + r.height / 2;
  let behind = "rgb(255, 255, 255)";
  for (const e of document.elementsFromPoint(x, y)) {
    if (e === el || el.contains(e)) continue;
    const c = getComputedStyle(e).backgroundColor;
    if (c !== "rgba(0, 0, 0, 0)" && c !== "transparent") { behind = c; break; }
  }
  return [el.tagName, s.outlineStyle, parseFloat(s.outlineWidth), s.outlineColor, behind];
})()"""


def rgb(css: str) -> str:
    parts = [int(float(p)) for p in css[css.index("(") + 1 : css.index(")")].split(",")[:3]]
    return "#" + "".join(f"{p:02x}" for p in parts)


def test_keyboard_focus_is_visible(site_server: Any, page: Any) -> None:
    page.goto(site_server.url + "/")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.className") == "skip"
    box = page.locator("a.skip").bounding_box()
    assert box is not None and box["x"] >= 0 and box["y"] >= 0  # the skip link comes on screen
    seen = []
    for _ in range(30):
        tag, style, width, colour, behind = page.evaluate(FOCUS_STYLE)
        seen.append(tag)
        assert style != "none" and width >= 2, (tag, style, width)
        # WCAG 1.4.11: the focus ring stands out from what it is drawn on by 3:1 at least
        assert contrast(rgb(colour), rgb(behind)) >= 3, (tag, colour, behind)
        if len(seen) == 3:
            screenshot(page, "keyboard-focus")
        page.keyboard.press("Tab")
    assert {"A", "INPUT", "SELECT", "SUMMARY"} <= set(seen)
    # Enter on the skip link moves focus into the main content
    page.goto(site_server.url + "/")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "main"


def test_pages_screenshots(site_server: Any, page: Any) -> None:
    kb = read_kb().kb
    client = next(iter(kb.clients))
    shots = {
        "client": f"/clients/{client}",
        "feature": "/features/roots",
        "note": f"/research/{next(iter(kb.notes))}",
        "stateless-matrix": "/matrix/2026-07-28.html",
        "not-found": "/no/such/page",
    }
    for name, path in shots.items():
        page.goto(site_server.url + path)
        assert page.locator("h1").count() == 1
        screenshot(page, name)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site_server.url + "/")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # the page itself does not scroll sideways
    screenshot(page, "matrix-phone")
