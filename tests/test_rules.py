"""Each rule fires on the one change that breaks its concern, at the right line, and not otherwise.

The clean fixture (test_minikb_clean) is every rule's baseline "does not fire" case; the near-miss
cases here show a rule staying quiet where a careless rule would not.
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from minikb import PIN, MiniKB

NOTE = "research/alpha-roots.md"


def only(findings: list, code: str) -> list:
    return [f for f in findings if f.code == code]


# KB001 yaml-syntax ---------------------------------------------------------------------------------
def test_kb001_fires_with_the_line_and_other_files_still_checked(mini: MiniKB) -> None:
    mini.edit("support/alpha.yaml", "      surface: runtime", "      surface: [runtime")
    mini.edit(NOTE, "canonical: https://canimcp.io/research/alpha-roots", "canonical: https://wrong.example/x")
    findings = mini.check()
    syntax = only(findings, "KB001")
    assert len(syntax) == 1 and syntax[0].path.endswith("support/alpha.yaml")
    assert syntax[0].line == 5 and "YAML syntax" in syntax[0].message  # where the bracket opens
    assert only(findings, "KB007"), "a broken file must not hide findings in the others"


def test_kb001_front_matter_and_duplicate_keys(mini: MiniKB) -> None:
    mini.write("research/no-front.md", "# just markdown\n")
    mini.edit("clients/alpha.md", "vendor: Alpha Inc.\n", "vendor: Alpha Inc.\nvendor: Beta\n")
    found = {(f.path.rsplit("/", 1)[-1], f.line) for f in mini.codes("KB001")}
    assert ("no-front.md", 1) in found
    assert ("alpha.md", 5) in found


def test_kb001_never_executes_tags(mini: MiniKB) -> None:
    mini.write("support/evil.yaml", "client: !!python/object/apply:os.system ['touch /tmp/canimcp-pwned']\n")
    findings = mini.codes("KB001")
    assert findings and findings[0].line == 1
    import os

    assert not os.path.exists("/tmp/canimcp-pwned")


def test_kb001_quiet_on_yes_no_strings(mini: MiniKB) -> None:
    # YAML 1.1 would turn a bare `no` into False; data files mean the word
    mini.edit("support/alpha.yaml", 'state: "yes"', "state: yes")
    assert mini.check() == []


# KB002 schema --------------------------------------------------------------------------------------
def test_kb002_unknown_field_wrong_type_missing_field(mini: MiniKB) -> None:
    mini.edit("clients/alpha.md", "vendor: Alpha Inc.", "vendor: Alpha Inc.\ncolour: blue")
    mini.edit("support/alpha.yaml", "declared: true", "declared: often")
    mini.edit(NOTE, "kind: behaviour\n", "")
    found = {(f.path.rsplit("/", 1)[-1], f.line, f.message.split(":")[0]) for f in mini.codes("KB002")}
    assert ("alpha.md", 5, "unknown field 'colour'") in found
    assert any(name == "alpha.yaml" and line == 8 and "declared" in msg for name, line, msg in found)
    assert any(name == "alpha-roots.md" and "missing required field 'kind'" in msg for name, _, msg in found)


def test_kb002_one_bad_statement_keeps_the_others(mini: MiniKB) -> None:
    from canimcp.kb import read_kb

    mini.edit("support/alpha.yaml", "    - state: unknown", "    - state: maybe")
    result = read_kb(mini.root)
    assert [f.code for f in result.findings] == ["KB002"]
    assert result.kb.statements("alpha", "roots")[0].state == "yes"


def test_kb002_quiet_on_aliases_of_field_names(mini: MiniKB) -> None:
    mini.edit("features/client-capabilities.yaml", "declaredAs: roots", "declared_as: roots")
    assert mini.codes("KB002") == []


# KB003 id-matches-file -----------------------------------------------------------------------------
def test_kb003_id_differs_from_file_name_or_is_not_a_slug(mini: MiniKB) -> None:
    mini.edit(NOTE, "id: alpha-roots", "id: alpha-root")
    mini.edit("clients/alpha.md", "id: alpha", "id: Alpha")
    found = mini.codes("KB003")
    assert {(f.path.rsplit("/", 1)[-1], f.line) for f in found} == {("alpha-roots.md", 2), ("alpha.md", 2)}


def test_kb003_quiet_on_dotted_and_slashed_feature_ids(mini: MiniKB) -> None:
    mini.edit(
        "features/client-capabilities.yaml", "  - id: elicitation\n", "  - id: extensions.io.modelcontextprotocol/ui\n"
    )
    mini.edit("support/alpha.yaml", "  elicitation:", "  extensions.io.modelcontextprotocol/ui:")
    mini.edit("research/alpha-elicitation.md", "  - elicitation", "  - extensions.io.modelcontextprotocol/ui")
    assert mini.codes("KB003") == []


# KB004 duplicate-id --------------------------------------------------------------------------------
def test_kb004_duplicate_feature_and_alias(mini: MiniKB) -> None:
    mini.write(
        "features/more.yaml",
        "category: more\ntitle: More\nfeatures:\n  - id: roots\n    title: Roots again\n    description: x\n",
    )
    mini.write("clients/beta.md", "---\nid: beta\ntitle: Beta\naliases: [alpha-cli]\n---\n")
    found = mini.codes("KB004")
    assert {(f.path.rsplit("/", 1)[-1], f.line) for f in found} == {("more.yaml", 4), ("beta.md", 4)}
    first = mini.root / "features/client-capabilities.yaml"
    (duplicate,) = [f.message for f in found if f.path.endswith("more.yaml")]
    assert duplicate.startswith("duplicate feature id 'roots' (first at ")
    assert duplicate.endswith(f"client-capabilities.yaml:{MiniKB.line_of(first, 'id: roots')})")


def test_kb004_quiet_on_same_id_in_different_kinds(mini: MiniKB) -> None:
    mini.write("clients/roots.md", "---\nid: roots\ntitle: A client called roots\n---\n")
    assert mini.codes("KB004") == []


def test_kb004_a_clientinfo_name_two_clients_send_must_say_whose_it_is(mini: MiniKB) -> None:
    beta = "---\nid: beta\ntitle: Beta\nclientInfo:\n  - name: Alpha-MCP-Client\n    mode: session\n---\n"
    mini.write("clients/beta.md", beta)
    (found,) = mini.codes("KB004")
    assert (found.path.rsplit("/", 1)[-1], found.line) == ("beta.md", 5)
    assert "'Alpha-MCP-Client' is also sent by client 'alpha'" in found.message
    # either side may settle it: the name comes from the other, or another field tells them apart
    mini.write("clients/beta.md", beta.replace("    mode: session", "    mode: session\n    inheritedFrom: alpha"))
    assert mini.codes("KB004") == []
    marked = "    mode: session\n    toldBy: {field: description, contains: Beta}"
    mini.write("clients/beta.md", beta.replace("    mode: session", marked))
    assert mini.codes("KB004") == []


# KB005 dangling-reference --------------------------------------------------------------------------
def test_kb005_every_kind_of_reference(mini: MiniKB) -> None:
    mini.edit(NOTE, "  - alpha-elicitation", "  - alpha-missing")
    mini.edit(NOTE, "clients:\n  - alpha", "clients:\n  - gamma")
    mini.edit("support/alpha.yaml", "        - note: alpha-roots", "        - probe: run-404")
    mini.edit("support/alpha.yaml", "      surface: runtime", "      surface: node-host")
    mini.edit("support/alpha.yaml", "  elicitation:", "  sampling:")
    mini.edit(
        "clients/alpha.md",
        "    surface: runtime\n    mode: session",
        "    surface: runtime\n    inheritedFrom: beta-sdk\n    mode: session",
    )
    messages = {f.message for f in mini.codes("KB005")}
    assert "related: no research note 'alpha-missing'" in messages
    assert "clients: no client 'gamma'" in messages
    assert "evidence: no probe report 'run-404' under probes/" in messages
    assert "surface: client 'alpha' has no surface 'node-host'" in messages
    assert "support: no feature 'sampling'" in messages
    assert "clientInfo: inheritedFrom names no client 'beta-sdk'" in messages


def test_kb005_quiet_when_the_probe_report_exists(mini: MiniKB) -> None:
    import json

    from canimcp.model import ProbeReport
    from canimcp.probe.rejudge import rejudged, rewrite_features

    report = {
        "id": "run-1",
        "started": "2026-11-30T00:00:00Z",
        "ended": "2026-11-30T00:00:01Z",
        "transport": "stdio",
        "era": "handshake",
        "protocolVersion": "2025-06-18",
        "clientInfo": {"name": "alpha-mcp-client"},
        "capabilities": {},
        "messages": [],
        "features": {},
    }
    path = mini.write("probes/run-1.json", json.dumps(report))
    rewrite_features(path, rejudged(ProbeReport.model_validate(report)))  # what no message shows: not exercised
    mini.edit("support/alpha.yaml", "        - note: alpha-roots", "        - probe: run-1")
    assert mini.check() == []


# KB006 capability-revision -------------------------------------------------------------------------
def test_kb006_capability_not_in_the_notes_revision(mini: MiniKB) -> None:
    mini.edit("research/alpha-elicitation.md", "  - 2025-11-25", "  - 2024-11-05")
    found = mini.codes("KB006")
    assert len(found) == 1 and found[0].line == 7
    assert "not defined in revision 2024-11-05 (added in 2025-06-18)" in found[0].message


def test_kb006_quiet_from_the_revision_that_adds_it(mini: MiniKB) -> None:
    mini.edit("research/alpha-elicitation.md", "  - 2025-11-25", "  - 2025-06-18\n  - 2025-11-25")
    assert mini.codes("KB006") == []


# KB007 canonical-url -------------------------------------------------------------------------------
def test_kb007_canonical(mini: MiniKB) -> None:
    mini.edit(NOTE, "https://canimcp.io/research/alpha-roots", "https://canimcp.io/notes/alpha-roots")
    found = mini.codes("KB007")
    assert len(found) == 1 and found[0].line == MiniKB.line_of(mini.root / NOTE, "canonical:")


def test_kb007_follows_the_configured_base(mini: MiniKB) -> None:
    assert len(mini.codes("KB007", base_url="https://mirror.example")) == 2
    assert mini.codes("KB007", base_url="https://canimcp.io/") == []


# KB008 dates ---------------------------------------------------------------------------------------
def test_kb008_not_iso_and_out_of_order(mini: MiniKB) -> None:
    mini.edit(NOTE, "lastVerified: 2026-10-01", "lastVerified: 2026-12-01")
    mini.edit("research/alpha-elicitation.md", "last-updated: 2026-11-01", "last-updated: 01/11/2026")
    found = mini.codes("KB008")
    messages = " | ".join(f.message for f in found)
    assert "lastVerified 2026-12-01 is after last-updated 2026-11-11" in messages
    assert "not an ISO date" in messages


def test_kb008_future_dates(mini: MiniKB) -> None:
    found = mini.codes("KB008", today=dt.date(2026, 11, 5))
    assert {f.message for f in found} == {"last-updated 2026-11-11 is after today (2026-11-05)"}


# KB009 stale ---------------------------------------------------------------------------------------
def test_kb009_stale_is_a_warning_with_a_configurable_age(mini: MiniKB) -> None:
    found = mini.codes("KB009", stale_days=30)
    assert [f.severity for f in found] == ["warning"]
    assert found[0].path.endswith("alpha-roots.md") and "60 days" in found[0].message
    assert mini.codes("KB009", stale_days=90) == []


def test_kb009_quiet_on_outdated_notes(mini: MiniKB) -> None:
    mini.edit(NOTE, "status: current", "status: outdated")
    assert mini.codes("KB009", stale_days=30) == []


# KB010 evidence-required ---------------------------------------------------------------------------
def test_kb010_statement_without_evidence(mini: MiniKB) -> None:
    mini.edit("support/alpha.yaml", "    - state: unknown", '    - state: "no"')
    found = mini.codes("KB010")
    assert len(found) == 1 and "alpha × elicitation" in found[0].message
    assert found[0].line == MiniKB.line_of(mini.root / "support/alpha.yaml", 'state: "no"')


# KB011 source-pin ----------------------------------------------------------------------------------
def test_kb011_malformed_pins(mini: MiniKB) -> None:
    mini.edit(NOTE, f"commit: {PIN[:8]}", "commit: main")
    mini.edit("clients/alpha.md", "path: src/mcp.ts:10-12", "path: src/mcp.ts:12-10")
    mini.edit("support/alpha.yaml", f"            commit: {PIN}\n", "")
    messages = {f.message for f in mini.codes("KB011")}
    assert "commit 'main' is not 7-40 lowercase hex digits" in messages
    assert "path 'src/mcp.ts:12-10' has an empty or reversed line range" in messages
    assert any("is not pinned" in m for m in messages)


def test_kb011_quiet_on_package_pins_and_threads(mini: MiniKB) -> None:
    mini.edit(
        "support/alpha.yaml",
        f"            commit: {PIN}\n",
        "            package: npm:@alpha/agent@1.2.3\n",
    )
    mini.edit(
        "research/alpha-elicitation.md",
        "sources: []",
        "sources:\n  - url: https://github.com/a/b/issues/1\n    title: issue\n    date: 2026-01-01",
    )
    assert mini.codes("KB011") == []


# KB012 related-reciprocated ------------------------------------------------------------------------
def test_kb012_one_way_related_is_a_warning(mini: MiniKB) -> None:
    mini.edit("research/alpha-elicitation.md", "related:\n  - alpha-roots", "related: []")
    found = mini.codes("KB012")
    assert [(f.severity, f.path.rsplit("/", 1)[-1]) for f in found] == [("warning", "alpha-roots.md")]


# KB013 body-links ----------------------------------------------------------------------------------
def test_kb013_links_to_missing_pages_with_their_line(mini: MiniKB) -> None:
    mini.edit(NOTE, "Text. See", "Text about [ghost](/clients/ghost.md).\nSee")
    found = mini.codes("KB013")
    assert [(f.line, f.message) for f in found] == [
        (MiniKB.line_of(mini.root / NOTE, "ghost"), "link '/clients/ghost.md' names no existing page")
    ]


def test_kb013_links_in_table_rows_keep_their_row_line(mini: MiniKB) -> None:
    table = "| a | b |\n|---|---|\n| x | y |\n| [ghost](/clients/ghost.md) | [n](/research/no-such.md) |\n"
    mini.edit(NOTE, "Text. See", f"Text.\n\n{table}\nSee")
    found = mini.codes("KB013")
    line = MiniKB.line_of(mini.root / NOTE, "ghost")
    assert [(f.line, f.message) for f in found] == [
        (line, "link '/clients/ghost.md' names no existing page"),
        (line, "link '/research/no-such.md' names no existing page"),
    ]


def test_kb013_reads_raw_html_lines_as_the_page_does(mini: MiniKB) -> None:
    # raw HTML is off on the site, so a link between HTML tags is a link on the page: it is checked
    mini.edit(NOTE, "Text. See", "Text.\n\n<div>\n[ghost](/clients/ghost.md)\n</div>\n\nSee")
    found = mini.codes("KB013")
    assert [(f.line, f.message) for f in found] == [
        (MiniKB.line_of(mini.root / NOTE, "ghost"), "link '/clients/ghost.md' names no existing page")
    ]


def test_kb013_links_spelled_so_the_text_hides_them(mini: MiniKB) -> None:
    # each names a page that does not exist, though the text up to a delimiter names one that does
    text = "[a](/clients/alpha\\-x.md) [b](/clients/alpha%2D.md) [c](/clients/alpha(x).md) [d](/clients/alphaé.md)"
    text += " [e](</clients/alpha x.md>) [f](</clients/alpha)x.md>) [g](&#47;research/x)"
    mini.edit(NOTE, "Text.", f"Text. {text}")
    found = {f.message for f in mini.codes("KB013")}
    hrefs = ["/clients/alpha-x.md", "/clients/alpha%2D.md", "/clients/alpha(x).md", "/clients/alpha%C3%A9.md"]
    hrefs += ["/clients/alpha%20x.md", "/clients/alpha)x.md", "/research/x"]
    assert found == {f"link '{href}' names no existing page" for href in hrefs}


SITE_TEXTS = [
    "[a](/clients/alpha.md) [b](/features/roots) [c](/research/alpha-roots.md#x) [d](/clients/alpha.html?x=1)",
    "[a]( /clients/alpha.md 'title')\n\n[r]: /clients/alpha.md\n\n[s]: </features/roots.md>",
    # inside a path or word: no destination starts there, whatever follows
    "`tests/probe/clients/x.py`; see probe/research/ghost, [b](x/features/ghost) [c](//clients/ghost)",
    "[a](\n/clients/ghost.md)",
    "[r]:\t/research/ghost",
    "[r]:/research/]:",  # no space needed after the colon: the destination is `/research/]:`
    "| [a](/clients/alpha.md) | `x /clients/ghost` |",  # a code span is no link, yet the text alone cannot tell
    "[a](/clients/ghost.md)",
    "[a](/clients/alpha.mdx)",
    "[a](/clients/alpha\u00e9.md)",
    "[a](/clients/alpha\x00.md)",
    "[a](/clients/alph&#97;.md) [b](&#47;clients/ghost.md)",
    "[a](/clients\\/ghost.md)",
    "[a](</clients/alpha x.md>) [b](</clients/alpha)x.md>)",
    "[a](/clients/alpha(x).md) [b](/clients/alpha%2D.md) [c](/clients/alpha>x)",
    "[a](/clients/.md) [b](/clients/) [c](/features/roots/)",
]


def test_kb013_spares_the_parse_only_where_the_text_shows_every_link() -> None:
    from canimcp.kb.prose import links
    from canimcp.kb.rules.kb013_body_links import KINDS, SITE_LINK, written_plainly

    pages = {("client", "alpha"), ("feature", "roots"), ("note", "alpha-roots")}

    def known(kind: str, page: str) -> bool:
        return (kind, page) in pages

    def broken(body: str) -> list[str]:
        matches = [SITE_LINK.match(href) for _, href in links(body)]
        return [m[0] for m in matches if m and not known(KINDS[m["section"]], m["id"])]

    spared = [body for body in SITE_TEXTS if written_plainly(body, known)]
    assert spared == SITE_TEXTS[:3]  # plain links to existing pages, paths that hold no link: no parse needed
    for body in SITE_TEXTS:
        assert not (written_plainly(body, known) and broken(body)), body


def test_kb013_quiet_on_code_spans_external_links_and_existing_pages(mini: MiniKB) -> None:
    mini.edit(NOTE, "Text.", "Text [spec](https://modelcontextprotocol.io/x) [f](/features/roots.md).")
    assert mini.codes("KB013") == []


# KB014 revision-order ------------------------------------------------------------------------------
def kb014_after(mini: MiniKB, line: str, then: str) -> list[str]:
    """KB014's messages once `then` is added after the feature's `line` (a revision line) in the mini taxonomy."""
    mini.edit("features/client-capabilities.yaml", line, f"{line}\n{then}")
    return [f.message for f in mini.codes("KB014")]


def test_kb014_removed_before_added(mini: MiniKB) -> None:
    found = kb014_after(mini, "    added: {revision: 2025-06-18}", "    removed: {revision: 2024-11-05}")
    assert found == ["removed in 2024-11-05 is not after added in 2025-06-18"]


def test_kb014_a_feature_may_arrive_deprecated_but_not_leave_as_it_arrives(mini: MiniKB) -> None:
    assert kb014_after(mini, "    added: {revision: 2025-06-18}", "    deprecated: {revision: 2025-06-18}") == []
    found = kb014_after(mini, "    deprecated: {revision: 2025-06-18}", "    removed: {revision: 2025-06-18}")
    assert found == ["removed in 2025-06-18 is not after deprecated in 2025-06-18"]


# KB015 version-range -------------------------------------------------------------------------------
def test_kb015_reversed_range(mini: MiniKB) -> None:
    mini.edit("support/alpha.yaml", 'until: "2.0.0"', 'until: "1.10.0"')
    assert mini.codes("KB015") == []  # 1.10.0 comes after 1.2.0: compared as numbers, not text
    mini.edit("support/alpha.yaml", 'until: "1.10.0"', 'until: "1.2.0"')
    assert len(mini.codes("KB015")) == 1


# KB016 unknown-with-evidence -----------------------------------------------------------------------
def test_kb016_unknown_citing_evidence(mini: MiniKB) -> None:
    mini.edit(
        "support/alpha.yaml",
        "    - state: unknown",
        "    - state: unknown\n      evidence:\n        - note: alpha-roots",
    )
    found = mini.codes("KB016")
    assert [f.severity for f in found] == ["warning"]
    # evidence that leaves the answer open is a reason for unknown, once the notes say why
    mini.edit(
        "support/alpha.yaml",
        "    - state: unknown\n",
        "    - state: unknown\n      notes: The note's run listed again only after the next turn began.\n",
    )
    assert mini.codes("KB016") == []


# KB017 note-heading --------------------------------------------------------------------------------
def test_kb017_body_must_open_with_the_title(mini: MiniKB) -> None:
    mini.edit(NOTE, "# Alpha answers roots/list", "# Something else")
    found = mini.codes("KB017")
    assert len(found) == 1 and found[0].severity == "warning"


# KB018 condition-names-a-flag -----------------------------------------------------------------------
def test_kb018_condition_without_a_flag(mini: MiniKB) -> None:
    mini.edit(
        "support/alpha.yaml",
        "      declared: true",
        "      condition:\n        notes: only in beta\n      declared: true",
    )
    found = mini.codes("KB018")
    assert [f.severity for f in found] == ["error"] and "names no flag" in found[0].message
    mini.edit(
        "support/alpha.yaml",
        "        notes: only in beta",
        "        flag: {key: beta, value: true}\n        notes: only in beta",
    )
    assert mini.codes("KB018") == []
    # a requirement installed beside the client (a pinned older SDK) is named as such, and is enough too
    mini.edit("support/alpha.yaml", "        flag: {key: beta, value: true}", "        install: mcp<2")
    assert mini.codes("KB018") == []


# KB019 verdicts-current ----------------------------------------------------------------------------
def test_kb019_verdicts_that_a_fresh_judgement_does_not_reach(mini: MiniKB) -> None:
    from canimcp.probe.rejudge import rewrite_features

    # an older reading: the re-list was missed
    stale = {"tools.listChanged": {"declared": False, "observed": "unsupported", "evidence": [1]}}
    report = _listing_report("run-1", stale)
    path = mini.write("probes/run-1.json", json.dumps(report))
    found = mini.codes("KB019")
    assert [f.severity for f in found] == ["error"]
    assert "tools.listChanged: unsupported → supported" in found[0].message and "more" in found[0].message
    from canimcp.model import ProbeReport
    from canimcp.probe.rejudge import rejudged

    rewrite_features(path, rejudged(ProbeReport.model_validate_json(path.read_text())))
    assert mini.codes("KB019") == []
    assert json.loads(path.read_text())["features"]["tools.listChanged"]["evidence"] == [0, 2, 3]


def test_kb019_keeps_its_judgements_between_checks(
    mini: MiniKB, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A report is judged again only when its file or the judging code changed since the last check; the findings
    are those of judging everything afresh, whatever the cache holds."""
    from canimcp.kb import checkcache
    from canimcp.kb.rules import kb019_verdicts_current as kb019

    monkeypatch.setenv("CANIMCP_CHECK_CACHE", str(tmp_path / "cache"))
    judging: list[str] = []
    real = kb019._changed

    def spy(part: list[tuple[str, object]]) -> list[tuple[str, list[str]]]:
        judging.extend(report_id for report_id, _ in part)
        return real(part)  # type: ignore[arg-type]

    monkeypatch.setattr(kb019, "_changed", spy)
    stale = {"tools.listChanged": {"declared": False, "observed": "unsupported", "evidence": [1]}}
    mini.write("probes/run-1.json", json.dumps(_listing_report("run-1", stale)))
    mini.write("probes/run-2.json", json.dumps(_listing_report("run-2", None)))
    first = mini.codes("KB019")
    assert [f.message.split(":")[0] for f in first] == ["run-1"] and judging == ["run-1", "run-2"]
    stored = json.loads((tmp_path / "cache" / checkcache.FILE_NAME).read_text())
    assert sorted(map(bool, stored["judged"].values())) == [False, True]  # run-2 is kept as "no change" too

    judging.clear()
    assert [str(f) for f in mini.codes("KB019")] == [str(f) for f in first] and judging == []
    # a report whose file changed is judged again, alone: here it is made stale
    mini.write("probes/run-2.json", json.dumps(_listing_report("run-2", stale)))
    assert [f.message.split(":")[0] for f in mini.codes("KB019")] == ["run-1", "run-2"] and judging == ["run-2"]
    # other judging code: every report again
    judging.clear()
    monkeypatch.setattr(checkcache, "code_digest", lambda: "other code")
    assert len(mini.codes("KB019")) == 2 and judging == ["run-1", "run-2"]
    # a cache file that is not one is no cache, and is written anew
    judging.clear()
    (tmp_path / "cache" / checkcache.FILE_NAME).write_text('{"code": "other code", "judged": [')
    assert len(mini.codes("KB019")) == 2 and judging == ["run-1", "run-2"]
    judging.clear()
    assert len(mini.codes("KB019")) == 2 and judging == []
    # off: every check judges everything
    monkeypatch.setenv("CANIMCP_CHECK_CACHE", "off")
    assert len(mini.codes("KB019")) == 2 and judging == ["run-1", "run-2"]


def test_a_check_reads_again_only_the_reports_that_changed(
    mini: MiniKB, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A report that validated in an earlier check (the same bytes, the same code) is left unread; the findings are
    those of a check that reads everything: its id still meets KB003, KB004 and KB005, and a report that does not
    validate is read, and found wrong, every time."""
    from canimcp.model import ProbeReport

    reading: list[str] = []
    real = ProbeReport.model_validate_json

    def spy(text: str | bytes, **kwargs: object) -> ProbeReport:
        reading.append(json.loads(text)["id"])
        return real(text, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(ProbeReport, "model_validate_json", spy)
    mini.write("probes/run-1.json", json.dumps(_listing_report("run-1", None)))
    mini.write("probes/misnamed.json", json.dumps(_listing_report("run-2", None)))  # KB003
    mini.write("probes/again/run-1.json", json.dumps(_listing_report("run-1", None)))  # KB004
    broken = _listing_report("run-3", None)
    del broken["transport"]
    mini.write("probes/run-3.json", json.dumps(broken))  # KB002
    cited = "- note: alpha-roots\n        - probe: run-1\n        - probe: run-9"
    mini.edit("support/alpha.yaml", "- note: alpha-roots", cited)
    monkeypatch.setenv("CANIMCP_CHECK_CACHE", "off")
    everything = [str(f) for f in mini.check()]
    assert {"KB002", "KB003", "KB004"} <= {f.split(": ")[1] for f in everything}
    assert (
        [f for f in everything if "KB005" in f and "probe report" in f]
        == [f for f in everything if "KB005" in f and "'run-9'" in f]
        != []
    )  # run-1 is known, read or not

    monkeypatch.setenv("CANIMCP_CHECK_CACHE", str(tmp_path / "cache"))
    reading.clear()
    assert [str(f) for f in mini.check()] == everything
    assert sorted(reading) == ["run-1", "run-1", "run-2", "run-3"]
    reading.clear()
    assert [str(f) for f in mini.check()] == everything
    assert reading == ["run-3"]  # the one that does not validate
    # a report whose file changed is read again, alone
    mini.write("probes/run-1.json", json.dumps(_listing_report("run-1", None), indent=1))
    reading.clear()
    assert [str(f) for f in mini.check()] == everything
    assert reading == ["run-1", "run-3"]


def test_a_check_scans_again_only_the_yaml_that_changed(
    mini: MiniKB, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Whether a YAML text may take the fast parser is worked out once for the same bytes and code; a file whose
    verdict is kept is read as before, its findings on their lines."""
    from canimcp.kb import loader

    scanned: list[str] = []
    real = loader.fast_path_safe

    def spy(text: str) -> bool:
        scanned.append(text)
        return real(text)

    monkeypatch.setattr(loader, "fast_path_safe", spy)
    monkeypatch.setenv("CANIMCP_CHECK_CACHE", str(tmp_path / "cache"))
    mini.edit("features/client-capabilities.yaml", "declaredAs: roots", "declaredAs: 0x1F")
    first = [str(f) for f in mini.check()]
    assert [f.split(": ", 2)[:2] for f in first] == [[f"{mini.root}/features/client-capabilities.yaml:8", "KB002"]]
    assert len(scanned) == len([*mini.root.rglob("*.yaml"), *mini.root.rglob("*.md")])
    scanned.clear()
    assert [str(f) for f in mini.check()] == first and scanned == []
    mini.edit("features/client-capabilities.yaml", "declaredAs: 0x1F", "declaredAs: roots")
    assert [str(f) for f in mini.check()] == [] and len(scanned) == 1 and "declaredAs: roots" in scanned[0]


# run in a process of its own: pytest's process may hold other threads (servers of earlier tests), where no worker
# is forked and the judging stays in one process
PARALLEL_RUN = """
import json, os, sys
from canimcp.kb import read_kb
from canimcp.kb.rules import kb019_verdicts_current as kb019

reports = sorted(read_kb(sys.argv[1]).kb.probes.items())
serial = kb019.judged_again(reports)
real = kb019._changed
kb019._changed = lambda part: [(f"{rid}@{os.getpid()}", changes) for rid, changes in real(part)]
kb019.PARALLEL_FROM = 2
print(json.dumps({"pid": os.getpid(), "serial": serial, "parallel": kb019.judged_again(reports)}))
"""


def test_kb019_judges_many_reports_in_worker_processes(mini: MiniKB) -> None:
    """Past PARALLEL_FROM reports the judging is split between forked workers; what they find is the same,
    in the same order."""
    import subprocess
    import sys

    from canimcp.kb.collector import usable_cores

    if usable_cores() < 2:
        pytest.skip("needs two cores")
    stale = {"tools.listChanged": {"declared": False, "observed": "unsupported", "evidence": [1]}}
    for n in range(6):
        mini.write(f"probes/run-{n}.json", json.dumps(_listing_report(f"run-{n}", stale if n % 2 else None)))
    done = subprocess.run([sys.executable, "-c", PARALLEL_RUN, str(mini.root)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    assert [rid for rid, _ in found["serial"]] == ["run-1", "run-3", "run-5"]
    assert [rid.split("@")[0] for rid, _ in found["parallel"]] == ["run-1", "run-3", "run-5"]
    assert [c for _, c in found["parallel"]] == [c for _, c in found["serial"]]
    assert all(int(rid.split("@")[1]) != found["pid"] for rid, _ in found["parallel"])  # judged in other processes


def _listing_report(report_id: str, features: dict[str, object] | None) -> dict[str, object]:
    """A stdio run that lists tools again after the probe said they changed; `features` as stored (None: as
    today's scenarios judge it)."""
    from canimcp.model import ProbeReport
    from canimcp.probe.rejudge import rejudged

    def wire(t: float, direction: str, message: dict[str, object]) -> dict[str, object]:
        return {"t": t, "direction": direction, "raw": json.dumps(message)}

    listing = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}
    report: dict[str, object] = {
        "id": report_id,
        "started": "2026-11-30T00:00:00Z",
        "ended": "2026-11-30T00:00:09Z",
        "transport": "stdio",
        "era": "handshake",
        "protocolVersion": "2025-11-25",
        "clientInfo": {"name": "alpha-mcp-client"},
        "capabilities": {},
        "messages": [
            wire(0.1, "in", listing),
            wire(0.15, "out", {"jsonrpc": "2.0", "id": 1, "result": {"tools": []}}),
            wire(0.2, "out", {"jsonrpc": "2.0", "method": "notifications/tools/list_changed"}),
            wire(0.3, "in", {**listing, "id": 2}),
        ],
        "features": {},
    }
    fresh = rejudged(ProbeReport.model_validate(report))
    report["features"] = features or {k: v.model_dump(by_alias=True, exclude_none=True) for k, v in fresh.items()}
    return report


def test_every_rule_has_a_test_here() -> None:
    from pathlib import Path

    from canimcp.kb import RULES

    text = Path(__file__).read_text()
    missing = [r.rule.code for r in RULES if f"test_{r.rule.code.lower()}_" not in text]
    assert missing == []


# KB020 feature-in-no-revision ------------------------------------------------------------------------
def test_kb020_a_feature_in_no_revision(mini: MiniKB) -> None:
    assert mini.codes("KB020") == []
    mini.edit("features/client-capabilities.yaml", "    added: {revision: 2025-06-18}\n", "")
    found = mini.codes("KB020")
    assert [(f.line, f.severity) for f in found] == [
        (mini.line_of(mini.root / "features/client-capabilities.yaml", "- id: elicitation"), "warning")
    ]
    assert "elicitation is in no revision" in found[0].message
    # a revision it is used with in practice is enough
    mini.edit(
        "features/client-capabilities.yaml",
        "    declaredAs: elicitation\n",
        "    declaredAs: elicitation\n    inPractice: {revision: 2025-11-25}\n",
    )
    assert mini.codes("KB020") == []


# KB021 default-statement -------------------------------------------------------------------------------
def test_kb021_a_feature_stated_only_behind_a_flag(mini: MiniKB) -> None:
    assert mini.codes("KB021") == []
    mini.edit(
        "support/alpha.yaml",
        "      declared: true",
        "      condition:\n        flag: {key: beta, value: true}\n      declared: true",
    )
    found = mini.codes("KB021")
    assert [(f.severity, f.line) for f in found] == [
        ("error", mini.line_of(mini.root / "support/alpha.yaml", "      condition:"))
    ]
    assert "alpha × roots" in found[0].message and "beta" in found[0].message
    # a default statement beside it settles the default verdict
    mini.edit(
        "support/alpha.yaml",
        "  roots:\n",
        '  roots:\n    - state: "no"\n      notes: Off unless beta is on.\n',
    )
    assert mini.codes("KB021") == []


# KB022 summary-length ----------------------------------------------------------------------------------
def test_kb022_a_summary_longer_than_an_abstract(mini: MiniKB) -> None:
    assert mini.codes("KB022") == []
    short = "Alpha declares roots and answers roots/list."
    eighty = " ".join(["word"] * (80 - len(short.split())))
    mini.edit(NOTE, f"summary: {short}", f"summary: {short} {eighty}")
    assert mini.codes("KB022") == []  # 80 words is the most
    mini.edit(NOTE, f"summary: {short} {eighty}", f"summary: {short} {eighty} more")
    found = mini.codes("KB022")
    assert [(f.severity, f.line) for f in found] == [("warning", mini.line_of(mini.root / NOTE, "summary:"))]
    assert "81 words" in found[0].message
