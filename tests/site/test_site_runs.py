"""A probe run's page: the report made readable, every verdict linked to the messages it rests on, the evidence
on client pages leading to it, and its twin-side counterpart (the report's JSON) linked from the client's twin."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

from sitecheck import HOSTILE_TITLE, PWN, outline, screenshot

from canimcp.harness.drift import version_steps
from canimcp.kb import read_kb
from canimcp.model import ProbeReport
from canimcp.site.runs import OBSERVED, owner
from canimcp.site.views import Views, anchor
from canimcp.site.wire import layout as pretty

MESSAGE = re.compile(r'<li id="m-(\d+)"[^>]*>(.*?)</li>', re.DOTALL)
BODY = re.compile(r'<pre class="wire body"><code>(.*?)</code></pre>', re.DOTALL)


def row_of(page: str, feature_id: str) -> str:
    """The verdict table's row of one feature."""
    table = page.split('<table class="plain verdicts">')[1].split("</table>")[0]
    (row,) = [r for r in table.split("<tr>") if f"<code>{feature_id}</code></td>" in r]
    return row


def _said(detail: dict[str, Any] | None) -> bool:
    return any(v not in (None, "", [], {}) for v in (detail or {}).values())


def test_every_run_has_a_page_with_each_verdict_and_message(bundled_site: Path) -> None:
    kb = read_kb().kb
    reports = kb.probes
    assert len(reports) > 100
    for report in reports.values():
        page = (bundled_site / "probes" / f"{report.id}.html").read_text(encoding="utf-8")
        idle = page.split('<details class="idle">')[1] if '<details class="idle">' in page else ""
        for feature_id, result in report.features.items():
            words = OBSERVED[result.observed]
            if result.observed == "not-exercised" and not result.evidence and not _said(result.detail):
                assert f"<code>{feature_id}</code>" in idle, (report.id, feature_id)
                continue
            row = row_of(page, feature_id)
            feature = kb.features.get(feature_id)
            declarable = result.declared or feature is None or feature.declared_as is not None
            declared = ("yes" if result.declared else "no") if declarable else "—"
            assert words in row and f"<td>{declared}</td>" in row, (report.id, feature_id)
            assert re.findall(r'href="#m-(\d+)"', row) == [str(i) for i in result.evidence], (report.id, feature_id)
        shown = MESSAGE.findall(page)
        assert [int(i) for i, _ in shown] == list(range(len(report.messages))), report.id
        for (_, body), message in zip(shown, report.messages, strict=True):
            shown_body = BODY.findall(body)
            if message.raw:  # the message as sent, laid out
                assert html.unescape(shown_body[0]) == pretty(message.raw), report.id
                if pretty(message.raw) != message.raw:  # laid out, and still the same JSON
                    assert json.loads(html.unescape(shown_body[0])) == json.loads(message.raw), report.id
            direction = "client → probe" if message.direction == "in" else "probe → client"
            assert f"<strong>{direction}</strong>" in body, report.id


def test_a_run_page_names_the_run_and_links_its_client_and_report(bundled_site: Path) -> None:
    kb = read_kb().kb
    report = next(
        r
        for r in kb.probes.values()
        if r.harness
        and r.harness.client == "codex"
        and not r.harness.auth
        and r.harness.eras == "both"
        and r.id.endswith("-0")
    )
    assert report.harness is not None
    o = outline(bundled_site / "probes" / f"{report.id}.html")
    title = kb.clients["codex"].title
    assert o.headings[0] == (1, f"{title} {report.harness.version}: {report.harness.mode} over {report.transport}")
    links = {u for _, _, u in o.links}
    assert {"/clients/codex.html", f"/api/probes/{report.id}.json"} <= links
    assert {f"/features/{f}.html" for f in report.features if f in kb.features} <= links


def test_probe_evidence_opens_the_run_page_and_the_twin_links_the_report(bundled_site: Path) -> None:
    kb = read_kb().kb
    cited = [
        (client_id, e.probe)
        for client_id, file in kb.support.items()
        for statements in file.support.values()
        for s in statements
        for e in s.evidence
        if e.probe
    ]
    assert cited
    for client_id, probe_id in cited[:50]:
        page = (bundled_site / "clients" / f"{client_id}.html").read_text(encoding="utf-8")
        twin = (bundled_site / "clients" / f"{client_id}.md").read_text(encoding="utf-8")
        assert f'href="/probes/{probe_id}.html"' in page
        assert f"](/api/probes/{probe_id}.json)" in twin
        assert f"/api/probes/{probe_id}.json" not in page.split('<h2 id="history">')[0]


def test_a_client_twin_lists_what_each_version_declared(bundled_site: Path) -> None:
    views = Views(read_kb().kb)
    for client_id in ("codex", "typescript-sdk", "gemini-cli"):
        runs = views.probes_of(client_id)
        assert runs
        twin = (bundled_site / "clients" / f"{client_id}.md").read_text(encoding="utf-8")
        section = twin.split("## What each version declared\n")[1].split("\n## ")[0]
        lines = [line for line in section.splitlines() if line.startswith("- ")]
        assert len(lines) == len(runs)
        for line, report in zip(lines, runs, strict=True):  # newest version first, as on the page
            assert report.harness is not None
            assert line.startswith(f"- [{report.harness.version} ({report.harness.mode}, {report.transport}")
            assert f"(/api/probes/{report.id}.json)" in line
            assert f"capabilities `{json.dumps(report.capabilities, ensure_ascii=False)}`" in line


def test_a_hostile_run_shows_as_text(hostile_site: Path, hostile_server: Any, page: Any) -> None:
    path = hostile_site / "probes" / "evil-run-1.html"
    text = path.read_text(encoding="utf-8")
    assert HOSTILE_TITLE not in text and "<img src=x" not in text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text
    page.goto(hostile_server.url + "/probes/evil-run-1")
    assert page.evaluate("typeof window.__pwned") == "undefined"
    assert page.locator("script:not([src]), img, svg, iframe, b, [onmouseover]").count() == 0
    # a line break in a header value cannot pass for a header of its own
    page.locator("#m-1 details summary").click()
    assert page.locator("#m-1 details pre").inner_text().splitlines() == [
        f"<b onmouseover={PWN}>: <script>{PWN}</script>\\nx-fake: header"
    ]
    declared = page.locator("#declared + h3 + pre").inner_text()
    assert json.loads(declared)["name"] == HOSTILE_TITLE  # what the client sent, exactly, as text


def test_a_message_is_laid_out_without_changing_a_token() -> None:
    assert pretty("not json {") == "not json {"
    assert pretty('{"b":1,"a":"é"}') == '{\n  "b": 1,\n  "a": "é"\n}'  # order and characters as sent
    assert pretty("") == ""
    assert pretty('{"a":NaN}') == '{"a":NaN}'  # not JSON: never shown as null
    assert pretty('{"id":123456789012345678901234567890}') == '{\n  "id": 123456789012345678901234567890\n}'
    # numbers and escapes as spelled, empty containers on one line
    assert pretty('{"n":1e2,"s":"\\u003c","e":[],"o":{},"l":[1, {"x":null}]}') == (
        '{\n  "n": 1e2,\n  "s": "\\u003c",\n  "e": [],\n  "o": {},\n'
        '  "l": [\n    1,\n    {\n      "x": null\n    }\n  ]\n}'
    )
    assert pretty('{"a":1,"a":2}') == '{"a":1,"a":2}'  # a repeated key: parsing would hide one value
    assert pretty("[" * 40 + "]" * 40) == "[" * 40 + "]" * 40  # too deep to indent usefully: as sent
    # a right-to-left override or a control character shows as an escape (in a JSON string, the same string)
    shown = pretty('{"name":"\u202eexe.txt"}'.replace("\\u202e", "\u202e"))
    assert "\u202e" not in shown and json.loads(shown) == {"name": "\u202eexe.txt"}
    assert pretty("a\u202eb\x00c") == "a\\u202eb\\u0000c"


def test_a_forgotten_sessions_404_reads_as_an_answer(bundled_site: Path) -> None:
    kb = read_kb().kb
    report = next(r for r in kb.probes.values() if any((m.http or {}).get("forgotten") for m in r.messages))
    page = (bundled_site / "probes" / f"{report.id}.html").read_text(encoding="utf-8")
    for i, message in enumerate(report.messages):
        http = message.http or {}
        if http.get("forgotten"):
            (item,) = [body for n, body in MESSAGE.findall(page) if int(n) == i]
            assert f"<code>HTTP 404 to a {http['method']}</code>" in item
            assert "<strong>probe → client</strong>" in item and "forgotten this session on purpose" in item


def test_evidence_message_numbers_out_of_range_are_not_linked() -> None:
    from canimcp.site.runs import verdict_rows

    kb = read_kb().kb
    report = ProbeReport.model_validate(
        {
            "id": "x",
            "started": "2026-11-01T10:00:00Z",
            "ended": "2026-11-01T10:00:01Z",
            "transport": "stdio",
            "era": "handshake",
            "protocolVersion": "2025-11-25",
            "clientInfo": None,
            "capabilities": None,
            "messages": [{"t": 0, "direction": "in", "raw": "{}"}],
            "features": {"roots": {"declared": False, "observed": "unsupported", "evidence": [0, 5, -1]}},
        }
    )
    (row,) = verdict_rows(Views(kb), report)
    assert row.evidence == [0] and row.title == kb.features["roots"].title and row.linked


def test_a_cell_leads_to_its_run_and_the_run_to_the_messages_behind_a_verdict(site_server: Any, page: Any) -> None:
    kb = read_kb().kb
    views = Views(kb)
    client, feature, probe_id = next(
        (c.id, f.id, e.probe)
        for c in views.clients
        for f in kb.features.values()
        for s in kb.statements(c.id, f.id)[:1]
        for e in s.evidence
        if e.probe and f.id in kb.probes[e.probe].features and kb.probes[e.probe].features[f.id].evidence
    )
    page.goto(site_server.url + f"/clients/{client}.html#{anchor(feature)}")
    page.locator(f"#{anchor(feature)} a[href='/probes/{probe_id}.html']").first.click()
    page.wait_for_url(f"**/probes/{probe_id}.html")
    report = kb.probes[probe_id]
    first = report.features[feature].evidence[0]
    row = page.locator("table.verdicts tr", has=page.locator(f"code:text-is('{feature}')"))
    row.locator(f"a[href='#m-{first}']").click()
    page.wait_for_function(f"location.hash === '#m-{first}'")
    message = page.locator(":target")
    assert message.get_attribute("id") == f"m-{first}"
    assert json.loads(message.locator("pre").first.inner_text()) == json.loads(report.messages[first].raw)
    page.wait_for_function(
        "(() => { const r = document.querySelector(':target').getBoundingClientRect();"
        " return r.top >= 0 && r.top < innerHeight / 2; })()"
    )
    screenshot(page, "run-message")


def test_a_run_page_names_the_claims_and_notes_that_rest_on_it(bundled_site: Path) -> None:
    kb = read_kb().kb
    claims: dict[str, set[tuple[str, str]]] = {}
    names: dict[str, set[str]] = {}  # runs that evidence a clientInfo name
    for client in kb.clients.values():
        for info in client.client_info:
            for e in info.evidence:
                if e.probe:
                    names.setdefault(e.probe, set()).add(client.id)
        for feature_id in kb.features:
            for st in kb.statements(client.id, feature_id):
                for e in st.evidence:
                    if e.probe:
                        claims.setdefault(e.probe, set()).add((client.id, feature_id))
    cited_by_notes = {
        s.url.rsplit("/", 1)[1].removesuffix(".json"): n.id
        for n in kb.notes.values()
        for s in n.sources
        if s.url and "/api/probes/" in s.url
    }
    assert claims and cited_by_notes
    for probe_id in kb.probes:
        page = (bundled_site / "probes" / f"{probe_id}.html").read_text(encoding="utf-8")
        section = page.split('<h2 id="cited">')[1].split("</section>")[0]
        linked = set(re.findall(r'href="/clients/([^".]+)\.html#([^"]+)"', section))
        expected = {(c, anchor(f)) for c, f in claims.get(probe_id, set())}
        assert linked == expected | {(c, "identity") for c in names.get(probe_id, set())}, probe_id
        if probe_id in cited_by_notes:
            assert f'href="/research/{cited_by_notes[probe_id]}.html"' in section, probe_id
        if not linked and probe_id not in cited_by_notes:
            assert "No statement or note cites this run" in section


def test_a_run_no_harness_made_is_titled_by_its_client_and_what_it_sent(bundled_site: Path) -> None:
    kb = read_kb().kb
    views = Views(kb)
    report = next(p for p in kb.probes.values() if p.harness is None and len(views.citations(p.id)) == 1)
    (client_id,) = views.citations(report.id)
    o = outline(bundled_site / "probes" / f"{report.id}.html")
    title = kb.clients[client_id].title
    assert o.headings[0] == (1, f"{title} over {report.transport}: run {report.id}")
    assert f"/clients/{client_id}.html" in {u for _, _, u in o.links}


def test_every_run_has_a_title_of_its_own(bundled_site: Path) -> None:
    """Runs of one version differ in how the harness set them up (OAuth, one era, an expiring session, an agent)
    or in which connection of the run they were: the title says which."""
    titles: dict[str, str] = {}
    for page in sorted((bundled_site / "probes").glob("*.html")):
        if page.name == "index.html":
            continue
        title = outline(page).title
        assert title not in titles, (page.name, titles.get(title))
        titles[title] = page.name
    assert len(titles) == len(read_kb().kb.probes)


SECTION = re.compile(r'<section aria-labelledby="([^"]+)">(.*?)</section>', re.DOTALL)
ROW = re.compile(r'<tr><td[^>]*><a href="/probes/([^"]+)\.html"[^>]*>.*?</tr>', re.DOTALL)
COUNTS = re.compile(r'<span class="vh">(\d+) working, (\d+) not supported, (\d+) declared then failed</span>')


def counted(report: ProbeReport) -> tuple[int, int, int]:
    observed = [r.observed for r in report.features.values()]
    works = sum(o in ("supported", "undeclared-but-works") for o in observed)
    return works, observed.count("unsupported"), observed.count("declared-but-failed")


def test_the_index_of_runs_lists_every_run_once_under_the_client_it_belongs_to(bundled_site: Path) -> None:
    kb = read_kb().kb
    views = Views(kb)
    page = (bundled_site / "probes" / "index.html").read_text(encoding="utf-8")
    seen: list[str] = []
    for section_id, body in SECTION.findall(page):
        rows = ROW.findall(body)
        assert rows, section_id
        for row in re.findall(r"<tr><td.*?</tr>", body, re.DOTALL):
            (probe_id,) = ROW.findall(row)
            report = kb.probes[probe_id]
            # a harness's run is its client's; a script's is the client whose folder it is filed in
            belongs = report.harness.client if report.harness else kb.probe_folders[probe_id]
            assert section_id == (f"c-{belongs}" if belongs in kb.clients else "other-runs"), probe_id
            assert COUNTS.findall(row) == [tuple(str(n) for n in counted(report))], probe_id
            assert probe_id.replace("-", "-<wbr>") in row
            version = html.escape(report.harness.version) if report.harness else "script run"
            assert f'aria-label="{version}, run {probe_id}">{version}</a>' in row  # each link named apart
            if report.harness:
                assert f"<td>{report.harness.mode}</td>" in row
            assert ("never closed" in row) is (not report.complete), probe_id
        if section_id.startswith("c-"):  # a client's harness runs in its history's order, newest version first
            harness = [i for i in rows if kb.probes[i].harness]
            assert harness == [r.id for r in views.probes_of(section_id[2:])]
        seen += rows
    assert sorted(seen) == sorted(kb.probes)  # every run once
    assert {f"c-{kb.probe_folders[i]}" for i in kb.probes} <= {s for s, _ in SECTION.findall(page)}
    clients = {owner(views, r) for r in kb.probes.values()} & set(kb.clients)
    assert f"{len(kb.probes)} runs of {len(clients)} clients" in page
    # a run's page leads back to its client's list of runs, and the list names how many it has
    report = next(r for r in kb.probes.values() if r.harness and r.harness.client == "codex")
    o = outline(bundled_site / "probes" / f"{report.id}.html")
    assert "/probes/#c-codex" in {u for _, _, u in o.links}
    assert "/probes/#c-codex" in {u for _, _, u in outline(bundled_site / "clients" / "codex.html").links}
    assert "c-codex" in outline(bundled_site / "probes" / "index.html").ids
    count = sum(1 for r in kb.probes.values() if owner(views, r) == "codex")
    title = re.escape(kb.clients["codex"].title)
    assert re.search(rf'<a href="#c-codex">{title}</a> <span class="muted">{count}<span class="vh"> runs</span>', page)


def test_the_list_of_runs_as_json_matches_the_reports(bundled_site: Path) -> None:
    kb = read_kb().kb
    views = Views(kb)
    doc = json.loads((bundled_site / "api" / "probes.json").read_bytes())
    entries = {e["id"]: e for e in doc["runs"]}
    assert len(entries) == len(doc["runs"]) == len(kb.probes)
    for report in kb.probes.values():
        entry = entries[report.id]
        h = report.harness
        assert entry["harness"] is (h is not None)
        assert entry["client"] == (owner(views, report) or None)
        assert (entry["package"], entry["version"], entry["mode"]) == (
            (h.package, h.version, h.mode) if h else (None,) * 3
        )
        assert (entry["transport"], entry["era"], entry["started"]) == (report.transport, report.era, report.started)
        assert entry["protocolVersion"] == report.protocol_version
        assert entry["complete"] is report.complete
        assert ("OAuth required" in entry["setup"]) is bool(h and h.auth), report.id
        assert (bundled_site / entry["report"].lstrip("/")).is_file() and (
            bundled_site / entry["page"].lstrip("/")
        ).is_file()
        shown = ProbeReport.model_validate_json((bundled_site / entry["report"].lstrip("/")).read_bytes())
        assert (entry["working"], entry["unsupported"], entry["failed"]) == counted(shown), report.id


def noted(kb: Any, feature_id: str, key: str, kind: type) -> tuple[ProbeReport, Any]:
    """A run whose verdict on a feature noted `key` with a value of `kind`, shown in the verdict table."""
    for report in kb.probes.values():
        result = report.features.get(feature_id)
        value = (result.detail or {}).get(key) if result else None
        if isinstance(value, kind) and value not in ("", []):
            return report, value
    raise AssertionError(f"no run noted {key} on {feature_id}")


def test_a_stream_closed_before_its_answer_reads_as_an_event(bundled_site: Path) -> None:
    """The probe's record of a response stream the client closed (its cancellation in 2026-07-28) names the POST."""
    kb = read_kb().kb
    report = next(r for r in kb.probes.values() if any((m.http or {}).get("closedBeforeAnswer") for m in r.messages))
    page = (bundled_site / "probes" / f"{report.id}.html").read_text(encoding="utf-8")
    for i, message in enumerate(report.messages):
        closed = (message.http or {}).get("closedBeforeAnswer")
        if closed is not None:
            (item,) = [body for n, body in MESSAGE.findall(page) if int(n) == i]
            assert "<strong>client → probe</strong>" in item
            assert f"closed the response stream of message #{closed} before its answer" in item


def test_what_the_probe_noted_beside_a_verdict_reads_as_words(bundled_site: Path) -> None:
    """Detail keys read as words, yes/no for true/false, a list of names as a list: the JSON keeps them as recorded."""
    kb = read_kb().kb
    for feature_id, key, kind, words in [
        ("ping", "clientPings", int, lambda v: f"client pings: {v}"),
        ("stateless.server-discover", "first", bool, lambda v: f"first: {'yes' if v else 'no'}"),
        ("tools", "listOrder", list, lambda v: "list order: " + ", ".join(v)),
    ]:
        report, value = noted(kb, feature_id, key, kind)
        page = (bundled_site / "probes" / f"{report.id}.html").read_text(encoding="utf-8")
        row = html.unescape(row_of(page, feature_id))
        assert words(value) in row, (report.id, feature_id)
        assert key == key.lower() or key not in row, (report.id, feature_id)  # clientPings, not as recorded


def test_from_the_navigation_to_a_clients_runs_and_back(site_server: Any, page: Any) -> None:
    """Runs in the site's navigation opens the index; a client's entry in the jump list scrolls to its runs, a row
    opens that run, and the run page's link back lands on the same client's runs."""
    kb = read_kb().kb
    views = Views(kb)
    report = views.probes_of("gemini-cli")[0]  # the newest version's first run
    page.goto(site_server.url + "/clients/gemini-cli.html")
    page.get_by_role("navigation", name="Site").get_by_role("link", name="Runs").click()
    page.wait_for_url("**/probes/")
    assert page.locator("nav[aria-label='Site'] a[aria-current='page']").inner_text() == "Runs"
    page.get_by_role("navigation", name="Clients with runs").get_by_role(
        "link", name=kb.clients["gemini-cli"].title
    ).click()
    page.wait_for_function("location.hash === '#c-gemini-cli'")
    section = page.locator("section", has=page.locator("h2#c-gemini-cli"))
    link = section.get_by_role("link", name=f"{report.harness.version}, run {report.id}")  # type: ignore[union-attr]
    assert link.is_visible()
    link.click()
    page.wait_for_url(f"**/probes/{report.id}.html")
    assert page.locator("h1").inner_text().startswith(f"{kb.clients['gemini-cli'].title} {report.harness.version}")  # type: ignore[union-attr]
    page.get_by_role("link", name="Probe runs").click()
    page.wait_for_function("location.hash === '#c-gemini-cli'")
    page.wait_for_function(
        "(() => { const r = document.getElementById('c-gemini-cli').getBoundingClientRect();"
        " return r.top >= 0 && r.top < innerHeight / 2; })()"
    )
    screenshot(page, "runs-index")


def test_a_client_page_says_what_changed_from_version_to_version(bundled_site: Path) -> None:
    """The feed's drift entries link here: each probed version against the one before it, newest first, on the page
    and in its twin."""
    kb = read_kb().kb
    views = Views(kb)
    several = [c for c, runs in views.harness_runs.items() if len({r.harness.version for r in runs if r.harness}) > 1]
    assert several
    for client_id in several:
        steps = version_steps(views.probes_of(client_id))
        page = (bundled_site / "clients" / f"{client_id}.html").read_text(encoding="utf-8")
        section = html.unescape(page.split('<h3 id="changes">')[1].split("</ul></li></ul>")[0].split("</section>")[0])
        shown = re.findall(r'<strong class="nowrap">(.*?) → (.*?)</strong>', section)
        assert shown == [(before, version) for before, version, _ in steps], client_id
        for _, _, lines in steps:
            if lines is None:
                assert "nothing to compare" in section
            for line in lines or []:
                assert f"<li>{line.replace(' -> ', ' → ')}</li>" in section, (client_id, line)
        twin = (bundled_site / "clients" / f"{client_id}.md").read_text(encoding="utf-8")
        listed = twin.split("## What changed from version to version\n")[1].split("\n## ")[0]
        assert [m for m in re.findall(r"^- (\S+) → (\S+):", listed, re.M)] == [(b, v) for b, v, _ in steps]
    single = next(c for c, runs in views.harness_runs.items() if c not in several)
    assert 'id="changes"' not in (bundled_site / "clients" / f"{single}.html").read_text(encoding="utf-8")
