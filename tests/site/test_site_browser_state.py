"""The built site in headless Chromium, past the first use: tallies that follow the filters, filters that
survive Back and a reload, a cell reached with the keyboard kept clear of the sticky headers, and pages that
fit a phone's width."""

from __future__ import annotations

from typing import Any

from sitecheck import screenshot

from canimcp.kb import read_kb
from canimcp.site.views import DEFAULT_REVISION, Views

VISIBLE_FEATURES = "rows => rows.filter(r => r.offsetParent !== null).map(r => r.dataset.feature)"


def visible_rows(page: Any) -> list[str]:
    return [str(f) for f in page.eval_on_selector_all("tr[data-feature]", VISIBLE_FEATURES)]


def tally_of(page: Any, category: str) -> str:
    return str(page.locator(f"details[data-category='{category}'] .tally [aria-hidden]").text_content())


def shown(counts: dict[str, int]) -> str:
    return f"✓ {counts['yes']} · ◐ {counts['partial']} · ✕ {counts['no']} · ? {counts['unknown']}"


def a_mixed_client(views: Views, features: list[str]) -> str:
    """A client with both supported and other features, so that filtering by state has work to do."""
    return next(
        c.id for c in views.clients if 0 < sum(views.cell(c.id, f).state == "yes" for f in features) < len(features)
    )


def test_tallies_count_the_cells_in_view(site_server: Any, page: Any) -> None:
    views = Views(read_kb().kb)
    categories = views.categories_in(DEFAULT_REVISION)
    features = [f.id for _, _, fs in categories for f in fs]
    client = a_mixed_client(views, features)
    page.goto(site_server.url + "/")
    for cat_id, _, cat_features in categories:
        assert tally_of(page, cat_id) == shown(views.tally(cat_features))  # every client, every feature

    page.select_option("select[name=client]", client)
    for cat_id, _, cat_features in categories:
        counts = dict.fromkeys(("yes", "partial", "no", "unknown"), 0)
        for f in cat_features:
            counts[views.cell(client, f.id).state] += 1
        assert tally_of(page, cat_id) == shown(counts) + " in view", cat_id
    said = str(page.locator(f"details[data-category='{categories[0][0]}'] .tally .vh").text_content())
    assert said.endswith("among the cells in view") and "supported" in said

    # with a state as well: only the rows where that client's cell has it, so only that state is counted
    page.select_option("select[name=state]", "yes")
    for cat_id, _, cat_features in categories:
        yes = sum(views.cell(client, f.id).state == "yes" for f in cat_features)
        if yes:
            assert tally_of(page, cat_id) == f"✓ {yes} · ◐ 0 · ✕ 0 · ? 0 in view"
    page.select_option("select[name=state]", "")
    page.select_option("select[name=client]", "")
    for cat_id, _, cat_features in categories:
        assert tally_of(page, cat_id) == shown(views.tally(cat_features))


def test_filters_survive_back_and_a_reload(site_server: Any, page: Any) -> None:
    views = Views(read_kb().kb)
    features = [f.id for _, _, fs in views.categories_in(DEFAULT_REVISION) for f in fs]
    client = a_mixed_client(views, features)
    page.goto(site_server.url + "/")
    page.select_option("select[name=client]", client)
    page.fill("input[name=q]", "elicitation")
    expected = [
        f.id
        for _, cat_title, fs in views.categories_in(DEFAULT_REVISION)
        for f in fs
        if any("elicitation" in text.lower() for text in (cat_title, f.id, f.title))
    ]
    assert expected and visible_rows(page) == expected
    assert f"client={client}" in page.url and "q=elicitation" in page.url  # the view can be shared

    page.locator(f"tr[data-feature='{expected[0]}'] td a:visible").first.click()
    page.wait_for_url("**/clients/**")
    page.go_back()
    page.wait_for_function("document.querySelector('#filters output').value.length > 0")
    assert page.input_value("input[name=q]") == "elicitation"
    assert page.input_value("select[name=client]") == client
    assert visible_rows(page) == expected  # what the form says is what the table shows
    assert page.locator("#filters output").inner_text() == f"{len(expected)} of {len(features)} features shown"

    # a page the browser brings back with its fields restored but no input event (the back/forward cache,
    # or form restoration after the script ran): `pageshow` applies what the fields say
    page.evaluate("""() => {
      const form = document.getElementById('filters');
      form.q.value = ''; form.client.value = '';
      window.dispatchEvent(new PageTransitionEvent('pageshow', {persisted: true}));
    }""")
    assert visible_rows(page) == features
    page.evaluate(
        """(client) => {
      const form = document.getElementById('filters');
      form.q.value = 'elicitation'; form.client.value = client;
      window.dispatchEvent(new PageTransitionEvent('pageshow', {persisted: true}));
    }""",
        client,
    )
    assert visible_rows(page) == expected

    page.reload()
    assert visible_rows(page) == expected
    page.fill("input[name=q]", "")
    page.select_option("select[name=client]", "")
    assert "?" not in page.url and visible_rows(page) == features

    # a choice the list does not have is left out, and out of the address
    page.goto(site_server.url + "/?client=no-such-client&state=maybe&q=roots")
    assert page.input_value("select[name=client]") == "" and page.input_value("select[name=state]") == ""
    assert page.evaluate("document.querySelector('select[name=client]').selectedIndex") == 0
    assert page.url.endswith("/?q=roots")

    # the research index keeps its choices the same way
    notes = read_kb().kb.notes.values()
    page.goto(site_server.url + f"/research/?client={client}")
    about = sum(1 for n in notes if client in n.clients)
    assert page.input_value("select[name=client]") == client
    assert page.locator(".note-index > li:visible").count() == about


CELL_CLEAR = """(el) => {
  const cell = el.getBoundingClientRect(), scroll = el.closest('.scroll');
  const row = el.closest('tr').querySelector('th').getBoundingClientRect();
  const head = scroll.querySelector('thead').getBoundingClientRect();
  const right = scroll.getBoundingClientRect().right;
  return [cell.left >= row.right - 1, cell.top >= head.bottom - 1, cell.right <= right + 1];
}"""


def test_a_cell_reached_with_the_keyboard_is_clear_of_the_sticky_headers(site_server: Any, page: Any) -> None:
    """Tabbing back from the last cell of a row walks the row leftwards: every cell it lands on is scrolled
    clear of the sticky feature column and client row, not under them (WCAG 2.4.11)."""
    views = Views(read_kb().kb)
    feature = next(f.id for f in views.categories_in(DEFAULT_REVISION)[1][2])
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 800})
        page.goto(site_server.url + "/")
        cells = page.locator(f"tr[data-feature='{feature}'] td a")
        cells.last.focus()
        for step in range(min(12, cells.count() - 1)):
            page.keyboard.press("Shift+Tab")
            focused = page.evaluate_handle("document.activeElement")
            assert page.evaluate("el => el.closest('td') !== null", focused)
            assert page.evaluate(CELL_CLEAR, focused) == [True, True, True], (width, step)
        screenshot(page, f"matrix-keyboard-{width}")


VERDICTS_WIDTH = """(() => { const t = document.querySelector('table.verdicts');
  return t ? t.scrollWidth - t.parentElement.clientWidth : 0; })()"""


def test_no_page_scrolls_sideways_on_a_phone(site_server: Any, page: Any) -> None:
    kb = read_kb().kb
    paths = ["/", "/research/", "/clients/", "/features/", "/probes/"]
    paths += [f"/clients/{c}.html" for c in kb.clients] + [f"/research/{n}.html" for n in kb.notes]
    paths += [f"/features/{f}.html" for f in kb.features]
    # each client's run with the most messages (the widest messages and verdicts)
    largest: dict[str, tuple[int, str]] = {}
    for report in kb.probes.values():
        client = report.harness.client if report.harness else ""
        largest[client] = max(largest.get(client, (0, "")), (len(report.messages), report.id))
    paths += [f"/probes/{probe_id}.html" for _, probe_id in largest.values()]
    page.set_viewport_size({"width": 375, "height": 800})
    wide = []
    for path in paths:
        page.goto(site_server.url + path)
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > 375:
            wide.append((path, width))
        # a run's verdicts fit the phone too, not only within a box that scrolls sideways
        verdicts = page.evaluate(VERDICTS_WIDTH) if path.startswith("/probes/") else 0
        if verdicts > 0:
            wide.append((path, verdicts))
    assert wide == []


def test_a_click_on_a_cell_half_under_the_sticky_column_opens_it(site_server: Any, page: Any) -> None:
    """The part of a cell that shows beside the sticky column is a working link (the column sits above the
    cells, and nothing moves the cell away under the pointer)."""
    views = Views(read_kb().kb)
    feature = next(f.id for f in views.categories_in(DEFAULT_REVISION)[1][2])
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(site_server.url + "/")
    page.locator(f"tr[data-feature='{feature}'] th").scroll_into_view_if_needed()
    cell = page.locator(f"tr[data-feature='{feature}'] td a").nth(5)
    href = cell.get_attribute("href")
    # scroll the table so that the cell's left part is under the sticky feature column
    x = page.evaluate(
        """(el) => {
          const scroll = el.closest('.scroll'), th = el.closest('tr').querySelector('th');
          scroll.scrollLeft += el.getBoundingClientRect().left - (th.getBoundingClientRect().right - 40);
          return el.getBoundingClientRect().right - 20;
        }""",
        cell.element_handle(),
    )
    box = cell.bounding_box()
    assert box is not None
    page.mouse.click(x, box["y"] + box["height"] / 2)
    page.wait_for_url(f"**{href}")
