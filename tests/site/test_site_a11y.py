"""Accessibility checks that can be automated over every built page: one h1, heading levels in order,
landmarks, labelled form controls, image alternatives, and AA contrast for the colours in style.css."""

from __future__ import annotations

import itertools
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from sitecheck import contrast, outline

from canimcp.kb import read_kb
from canimcp.site.build import STATIC
from canimcp.site.views import DEFAULT_REVISION, STATE_LABEL, Views

AA_TEXT = 4.5


def pages(out: Path) -> list[Path]:
    return sorted(out.rglob("*.html"))


@pytest.mark.parametrize("which", ["bundled_site", "hostile_site"])
def test_every_page_has_one_h1_and_headings_in_order(which: str, request: pytest.FixtureRequest) -> None:
    out: Path = request.getfixturevalue(which)
    for page in pages(out):
        levels = [level for level, _ in outline(page).headings]
        assert levels.count(1) == 1 and levels[0] == 1, (page, levels)
        skips = [(a, b) for a, b in itertools.pairwise(levels) if b > a + 1]
        assert skips == [], (page.relative_to(out), skips)


def test_every_page_has_landmarks_a_language_and_a_title(bundled_site: Path) -> None:
    for page in pages(bundled_site):
        o = outline(page)
        for landmark in ("header", "nav", "main", "footer"):
            assert landmark in o.tags, (page, landmark)
        assert o.tags.count("main") == 1, page
        assert o.html_lang == "en", page
        assert o.title.strip().endswith("Can I MCP?") and len(o.title.strip()) > len(" · Can I MCP?"), page
        assert "main" in o.ids  # the skip link's target


def test_every_form_control_is_labelled_and_every_image_has_alt(bundled_site: Path) -> None:
    controls = 0
    for page in pages(bundled_site):
        o = outline(page)
        for control in o.controls:
            controls += 1
            assert control["labelled"] or control.get("id") in o.label_for, (page, control)
        for image in o.images:
            assert image.get("alt") is not None, (page, image)
    assert controls >= 8  # the matrix and research filters are there to be checked


def css_rules(css: str) -> list[tuple[str, dict[str, str]]]:
    rules = []
    for selector, body in re.findall(r"([^{}]+)\{([^{}]*)\}", re.sub(r"/\*.*?\*/", "", css, flags=re.S)):
        decls = dict(
            (k.strip(), v.strip()) for k, _, v in (d.partition(":") for d in body.split(";")) if k.strip() and v.strip()
        )
        rules.append((" ".join(selector.split()), decls))
    return rules


def custom_properties(css: str) -> dict[str, str]:
    root = next(decls for selector, decls in css_rules(css) if selector == ":root")
    return {k: v for k, v in root.items() if k.startswith("--")}


def colour(value: str, props: dict[str, str]) -> str | None:
    m = re.fullmatch(r"var\((--[\w-]+)\)", value.strip())
    if m:
        value = props.get(m[1], "")
    value = value.strip()
    return value if re.fullmatch(r"#(?:[0-9a-fA-F]{3}){1,2}", value) else None


def test_state_colours_meet_aa_contrast() -> None:
    css = (STATIC / "style.css").read_text(encoding="utf-8")
    props = custom_properties(css)
    states = ("yes", "partial", "no", "unknown")
    for state in states:
        fg, bg = props[f"--{state}"], props[f"--{state}-bg"]
        assert contrast(fg, bg) >= AA_TEXT, (state, fg, bg, contrast(fg, bg))
        # state colours also stand as text on the page and on panels
        for page_bg in (props["--paper"], props["--panel"]):
            assert contrast(fg, page_bg) >= AA_TEXT, (state, fg, page_bg)
        # the conditional-support marks are drawn in the accent colour on every cell colour
        assert contrast(props["--accent"], bg) >= AA_TEXT, (state, bg)
    for fg in ("--ink", "--muted", "--accent"):
        for bg in ("--paper", "--panel"):
            assert contrast(props[fg], props[bg]) >= AA_TEXT, (fg, bg)
    assert contrast(props["--accent-ink"], props["--accent"]) >= AA_TEXT


def test_every_rule_that_sets_both_colours_meets_aa() -> None:
    """Any rule in style.css with a text colour and a background, resolved through the custom properties."""
    css = (STATIC / "style.css").read_text(encoding="utf-8")
    props = custom_properties(css)
    checked = 0
    for selector, decls in css_rules(css):
        fg = colour(decls.get("color", ""), props)
        bg = colour(decls.get("background", decls.get("background-color", "")), props)
        if fg and bg:
            checked += 1
            assert contrast(fg, bg) >= AA_TEXT, (selector, fg, bg, round(contrast(fg, bg), 2))
    assert checked >= 8  # the four matrix cell colours and the four badges at least


def test_focus_ring_stands_out_on_every_background() -> None:
    """WCAG 1.4.11 non-text contrast (3:1) for the focus ring against the backgrounds it is drawn on."""
    css = (STATIC / "style.css").read_text(encoding="utf-8")
    props = custom_properties(css)
    ring = props["--focus-ring"]
    backgrounds = [props[p] for p in ("--paper", "--panel", "--yes-bg", "--partial-bg", "--no-bg", "--unknown-bg")]
    for bg in backgrounds:
        assert contrast(ring, bg) >= 3, (ring, bg)
    header_bg = next(colour(d["background"], props) for s, d in css_rules(css) if s == ".site-header")
    assert header_bg and contrast(props["--focus"], header_bg) >= 3


class _MatrixCells(HTMLParser):
    """Each matrix row's cells as (state class, link's aria-label, has a tooltip, marks), in column order."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: dict[str, list[tuple[str, str, bool, str]]] = {}
        self._row: list[tuple[str, str, bool, str]] | None = None
        self._td_class = ""
        self._in_sup = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "tr" and a.get("data-feature"):
            self._row = self.rows.setdefault(str(a["data-feature"]), [])
        elif tag == "td" and self._row is not None:
            self._td_class = a.get("class") or ""
        elif tag == "a" and self._row is not None and self._td_class:
            self._row.append((self._td_class, a.get("aria-label") or "", "title" in a, ""))
        elif tag == "sup" and self._row:
            self._in_sup = True

    def handle_data(self, data: str) -> None:
        if self._in_sup and self._row:
            state, label, tip, _ = self._row[-1]
            self._row[-1] = (state, label, tip, data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "sup":
            self._in_sup = False
        elif tag == "td":
            self._td_class = ""
        elif tag == "tr":
            self._row = None


def test_every_matrix_cell_names_its_state_for_screen_readers(bundled_site: Path) -> None:
    """The symbol is hidden from screen readers; the link's name says the state, and for a conditional cell
    what differs. The cells are in the client order of the header, which the client filter relies on."""
    views = Views(read_kb().kb)
    parser = _MatrixCells()
    parser.feed((bundled_site / "index.html").read_text(encoding="utf-8"))
    features = [f.id for _, _, fs in views.categories_in(DEFAULT_REVISION) for f in fs]
    assert list(parser.rows) == features
    conditional = not_observed = 0
    for feature in features:
        row = parser.rows[feature]
        assert len(row) == len(views.clients), feature
        for client, (state_class, label, tip, marks) in zip(views.clients, row, strict=True):
            cell = views.cell(client.id, feature)
            assert state_class == f"s-{cell.state}"
            assert label.startswith(STATE_LABEL[cell.state]), (client.id, feature, label)
            assert marks == "".join(cell.marks)
            # a cell is "conditional" where a flag, surface or version differs; every marked cell has a tooltip
            assert (", conditional: " + cell.summary in label) == cell.verdict.conditional
            assert ", conditional: no," not in label and ", conditional: yes," not in label
            assert tip == bool(cell.marks)
            # "declared but not observed" is no variant, so the summary cannot say it: the label does
            assert ("declared but not observed working" in label) == ("≠" in cell.marks)
            conditional += bool(cell.marks)
            not_observed += "≠" in cell.marks
    assert conditional > 0  # the bundled data has flagged and version-ranged cells to check
    assert not_observed > 0  # and cells declared but not observed working
