"""How the pages and twins put the data's words: code spans as code (never as stray backticks), a note's
metadata line shown once, a declaration not seen working named where it is the only mark, and a client's
runs in version order with its own JSON as it reads."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from canimcp.kb import read_kb
from canimcp.site import build_site
from canimcp.site.markdown import to_html
from canimcp.site.twins import md_inline, md_text
from canimcp.versions import version_key

from minikb import MiniKB


@pytest.fixture
def mini_site(tmp_path: Path) -> Path:
    kb = MiniKB(tmp_path / "data")
    kb.edit("research/alpha-roots.md", "title: Alpha answers roots/list", "title: Alpha answers `roots/list`")
    kb.edit("support/alpha.yaml", "  elicitation:\n    - state: unknown", ELICITATION_NOT_SEEN)
    out = tmp_path / "site"
    build_site(read_kb(kb.root), out)
    return out


ELICITATION_NOT_SEEN = """\
  elicitation:
    - state: "no"
      declared: true
      observed: false
      notes: declares `elicitation` and never answers elicitation/create
      evidence:
        - note: alpha-elicitation"""


def test_code_spans_in_titles_are_code_on_pages_and_plain_in_the_title_bar(mini_site: Path) -> None:
    page = (mini_site / "research" / "alpha-roots.html").read_text()
    assert "<h1>Alpha answers <code>roots/list</code></h1>" in page
    assert "<title>Alpha answers roots/list · Can I MCP?</title>" in page
    client = (mini_site / "clients" / "alpha.html").read_text()
    assert '<a href="/research/alpha-roots.html">Alpha answers <code>roots/list</code></a>' in client
    assert "`" not in re.sub(r"<code>.*?</code>", "", client)  # no stray backtick anywhere on the page
    index = (mini_site / "research" / "index.html").read_text()
    assert "Alpha answers <code>roots/list</code>" in index
    # the twins keep the span as markdown code, with the rest escaped
    assert "[Alpha answers `roots/list`](/research/alpha-roots.md)" in (mini_site / "clients" / "alpha.md").read_text()
    assert "- [Alpha answers `roots/list`](/research/alpha-roots.md): " in (mini_site / "llms.txt").read_text()


def test_a_note_page_shows_its_metadata_once(mini_site: Path) -> None:
    page = (mini_site / "research" / "alpha-roots.html").read_text()
    assert "Kind: behaviour" not in page  # the line under the title, which the facts list above already says
    assert "<dt>Kind</dt><dd>behaviour</dd>" in page and "<p>Text. See" in page
    # the twin is the note as written, line included
    twin = (mini_site / "research" / "alpha-roots.md").read_text()
    assert "Kind: behaviour · Clients: [alpha](/clients/alpha.md)" in twin


def test_the_metadata_line_goes_on_either_renderer() -> None:
    body = "# T\n\nKind: x · Status: y\n\nBody [a](/clients/a.md)\n"
    assert to_html(body, drop_title=True, drop_meta=True) == '<p>Body <a href="/clients/a.html">a</a></p>\n'
    # a refused link sends the body to the checked renderer, which drops the line too
    refused = body.replace("/clients/a.md", "javascript:alert(1)")
    assert to_html(refused, drop_title=True, drop_meta=True) == "<p>Body [a](javascript:alert(1))</p>\n"
    assert "Kind: x" in to_html(body, drop_title=True)  # only when asked
    assert "Kind:" in to_html("# T\n\nText first.\n\nKind: x\n", drop_title=True, drop_meta=True)  # only right under


def test_a_declaration_not_seen_working_is_said_where_it_is_the_only_mark(mini_site: Path) -> None:
    feature = (mini_site / "features" / "elicitation.html").read_text()
    row = feature[feature.index('<a href="/clients/alpha.html#f-elicitation">') :]
    row = row[: row.index("</tr>")]
    assert '<span class="mark" aria-hidden="true">≠</span>' in row
    assert "<td>declared but not observed working</td>" in row
    twin = (mini_site / "features" / "elicitation.md").read_text()
    assert "**no** (Not supported) — declared but not observed working" in twin
    matrix = (mini_site / "index.html").read_text()
    cell = re.search(r'<td class="s-no"><a href="/clients/alpha.html#f-elicitation"([^>]*)>', matrix)
    assert cell, "alpha's elicitation cell"
    attributes = html.unescape(cell[1])
    assert 'aria-label="Not supported, declared but not observed working"' in attributes  # not "conditional: no"
    assert 'title="Alpha Agent · elicitation: no; declared but not observed working"' in attributes
    # on the client page the statement's notes show their code span as code
    client = (mini_site / "clients" / "alpha.html").read_text()
    assert "declares <code>elicitation</code> and never answers" in client


def test_md_inline_keeps_code_spans_and_escapes_the_rest() -> None:
    assert md_inline("set `a_b` and *c*") == r"set `a_b` and \*c\*"
    assert md_inline("`<script>` <b>") == r"`<script>` \<b\>"  # inside a span markdown opens nothing
    assert md_inline("a lone ` tick [x]") == md_text("a lone ` tick [x]")
    assert md_inline("no spans") == "no spans"


def test_client_pages_list_runs_newest_version_first(bundled_site: Path) -> None:
    kb = read_kb().kb
    probed = {r.harness.client for r in kb.probes.values() if r.harness}
    assert probed
    for client in probed:
        page = (bundled_site / "clients" / f"{client}.html").read_text()
        versions = re.search(r"<dt>Versions probed</dt><dd>([^<]*)</dd>", page)
        assert versions, client
        listed = [html.unescape(v) for v in versions[1].split(", ")]
        keys = [version_key(v) or () for v in listed]
        assert keys == sorted(keys, reverse=True), (client, listed)
        history = page[page.index('id="history"') :]
        rows = re.findall(r'<tr><td><span class="nowrap">([^<]*)</span>', history)
        assert len(rows) == sum(1 for r in kb.probes.values() if r.harness and r.harness.client == client)
        row_keys = [version_key(html.unescape(v)) or () for v in rows]
        assert row_keys == sorted(row_keys, reverse=True), client
        # a client's own JSON as it reads: no \\u escapes
        for shown in re.findall(r"<td><code>(\{.*?\})</code></td>", history):
            assert "\\u00" not in shown
            json.loads(html.unescape(shown))


def test_a_client_twin_has_one_title(bundled_site: Path) -> None:
    """The twin writes the client's title; the prose's own `# title` is left out (as the page does)."""
    for twin in sorted((bundled_site / "clients").glob("*.md")):
        titles = [line for line in twin.read_text(encoding="utf-8").splitlines() if line.startswith("# ")]
        assert len(titles) == 1, (twin.name, titles)


def test_client_twins_give_urls_as_they_are(bundled_site: Path) -> None:
    """A URL in a twin is an autolink with the URL itself, not markdown-escaped text (`llama\\_index`)."""
    kb = read_kb().kb
    checked = 0
    for client in kb.clients.values():
        twin = (bundled_site / "clients" / f"{client.id}.md").read_text(encoding="utf-8")
        for label, url in (("homepage", client.homepage), ("repository", client.repository)):
            if url:
                assert f"- {label}: <{url}>" in twin, (client.id, label)
                checked += "_" in url
    assert checked  # the bundled data has URLs that markdown escaping would have changed


def test_a_feature_no_probe_scenario_judges_says_so(bundled_site: Path) -> None:
    """A feature page says how the probe observes a feature only where one of its scenarios judges it; elsewhere the
    page and the twin say that what is said of it comes from reading code."""
    from canimcp.probe.scenarios import SCENARIOS

    judged = {f for scenario in SCENARIOS for f in scenario.features}
    kb = read_kb().kb
    unjudged = [f for f in kb.features if f not in judged]
    assert unjudged and judged & set(kb.features)
    for feature_id in kb.features:
        page = (bundled_site / "features" / f"{feature_id}.html").read_text(encoding="utf-8")
        twin = (bundled_site / "features" / f"{feature_id}.md").read_text(encoding="utf-8")
        said = "The probe has no scenario for this feature yet"
        assert (said in page) is (said in twin) is (feature_id in unjudged), feature_id
        if kb.features[feature_id].observe:
            heading = "How it could be observed" if feature_id in unjudged else "How the probe observes it"
            assert f"<h3>{heading}</h3>" in page and f"## {heading}" in twin, feature_id


def test_a_note_about_many_clients_gives_their_number_in_the_index_and_folds_them_on_its_page(
    bundled_site: Path,
) -> None:
    kb = read_kb(None).kb
    many = max(kb.notes.values(), key=lambda note: len(note.clients))
    few = min((note for note in kb.notes.values() if note.clients), key=lambda note: len(note.clients))
    assert len(many.clients) > 12 and len(few.clients) <= 6
    index = (bundled_site / "research" / "index.html").read_text()
    entries = {
        m.group(1): m.group(0)
        for m in re.finditer(r'<li data-kind.*?href="/research/([^".]+)\.html".*?</li>', index, re.S)
    }
    assert f"· {len(many.clients)} clients</p>" in entries[many.id]
    assert kb.clients[many.clients[0]].title not in entries[many.id]
    assert all(html.escape(kb.clients[c].title, quote=False) in entries[few.id] for c in few.clients)
    page = (bundled_site / "research" / f"{many.id}.html").read_text()
    folded = re.search(r"<dt>Clients</dt><dd><details><summary>(\d+) clients</summary>(.*?)</details></dd>", page, re.S)
    assert folded and int(folded.group(1)) == len(many.clients)
    assert folded.group(2).count('<a href="/clients/') == len(many.clients)  # every link is still there, folded
    small = (bundled_site / "research" / f"{few.id}.html").read_text()
    assert "<dt>Clients</dt><dd><a href=" in small
