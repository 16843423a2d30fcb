"""The JSON API: every export validates against its published JSON Schema, and says what the pages say."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from canimcp.kb import bundled_data_dir, read_kb
from canimcp.model import Statement
from canimcp.site.exports import matrix_json
from canimcp.site.views import Views

SCHEMA_OF = {"clients": "client", "features": "feature", "research": "research", "probes": "probe"}


def schema_name(out: Path, doc: Path) -> str:
    rel = doc.relative_to(out / "api")
    whole = {"matrix.json": "matrix", "probes.json": "probes"}  # the documents of their own, not of a folder
    return whole.get(rel.as_posix()) or SCHEMA_OF[rel.parts[0]]


def validators(out: Path) -> dict[str, jsonschema.Draft202012Validator]:
    found = {}
    for path in sorted((out / "api" / "schema").glob("*.schema.json")):
        schema = json.loads(path.read_text(encoding="utf-8"))
        jsonschema.Draft202012Validator.check_schema(schema)
        found[path.name.removesuffix(".schema.json")] = jsonschema.Draft202012Validator(schema)
    return found


def exports(out: Path) -> list[Path]:
    return [p for p in sorted((out / "api").rglob("*.json")) if "schema" not in p.relative_to(out / "api").parts]


def has_null(value: object) -> bool:
    if isinstance(value, dict):
        return any(v is None or has_null(v) for v in value.values())
    return isinstance(value, list) and any(has_null(v) for v in value)


@pytest.mark.parametrize("which", ["bundled_site", "hostile_site"])
def test_every_export_validates_against_its_schema(which: str, request: pytest.FixtureRequest) -> None:
    out: Path = request.getfixturevalue(which)
    checks = validators(out)
    assert set(checks) == {"matrix", "client", "feature", "research", "probe", "probes"}
    docs = exports(out)
    kinds = {schema_name(out, d) for d in docs}
    assert kinds >= {"matrix", "client", "feature", "research", "probes"}
    for doc in docs:
        errors = [e.message for e in checks[schema_name(out, doc)].iter_errors(json.loads(doc.read_bytes()))]
        assert errors == [], f"{doc.relative_to(out)}: {errors[:3]}"
    if which == "hostile_site":
        assert "probe" in kinds


def test_the_schemas_reject_what_they_should(bundled_site: Path) -> None:
    """The schemas constrain: a wrong state, a missing key or a wrong type fails validation."""
    checks = validators(bundled_site)
    matrix = json.loads((bundled_site / "api" / "matrix.json").read_bytes())
    bad_state: Any = json.loads(json.dumps(matrix))
    bad_state["cells"][0]["state"] = "maybe"
    missing: Any = json.loads(json.dumps(matrix))
    del missing["cells"][0]["evidence"]
    wrong_type: Any = json.loads(json.dumps(matrix))
    wrong_type["clients"] = "all"
    for doc in (bad_state, missing, wrong_type):
        assert list(checks["matrix"].iter_errors(doc))
    client = json.loads((bundled_site / "api" / "clients" / "opencode.json").read_bytes())
    client["client"]["surfaces"] = [{"id": 1}]
    assert list(checks["client"].iter_errors(client))
    # a probe report has every key of CONTRACTS.md, timestamps included
    report = json.loads(next((bundled_site / "api" / "probes").glob("*.json")).read_bytes())
    assert list(checks["probe"].iter_errors(report)) == []
    for key in ("messages", "features", "clientInfo", "capabilities", "started"):
        assert list(checks["probe"].iter_errors({k: v for k, v in report.items() if k != key})), key
    started = checks["probe"].schema["properties"]["started"]
    assert started.get("format") == "date-time"


def test_matrix_export_holds_every_cell_as_the_pages_show_it(bundled_site: Path) -> None:
    kb = read_kb().kb
    views = Views(kb)
    matrix = json.loads((bundled_site / "api" / "matrix.json").read_bytes())
    assert [r["id"] for r in matrix["revisions"]] == kb.revision_order
    assert {"2025-11-25", "2026-07-28"} <= {r["id"] for r in matrix["revisions"]}
    expected = {(c.id, f.id, r) for r in views.order for f in views.features_in(r) for c in views.clients}
    shown = {(c["client"], c["feature"], r) for c in matrix["cells"] for r in c["revisions"]}
    assert shown == expected
    cells = {(c["client"], c["feature"]): c for c in matrix["cells"]}
    assert len(cells) == len(matrix["cells"]), "one cell per client × feature"
    assert set(cells) == {(c.id, f) for c in views.clients for f in kb.features}  # every one of them
    for (client, feature), cell in cells.items():
        verdict = views.cell(client, feature).verdict
        assert cell["state"] == verdict.state
        assert cell["evidence"] == verdict.evidence_ids
        assert cell["revisions"] == [r for r in views.order if (client, feature, r) in expected]
    # a cell with evidence names it by id, and the ids point at things that exist
    roots = cells[("opencode", "roots")]
    assert "2025-11-25" in roots["revisions"]
    assert roots["state"] == "yes" and roots["evidence"]
    for ref in (e for c in matrix["cells"] for e in c["evidence"]):
        kind, _, rest = ref.partition(":")
        assert kind in {"note", "probe", "source"}
        if kind == "note":
            assert rest in kb.notes


def test_client_feature_and_note_exports_match_the_knowledge_base(bundled_site: Path) -> None:
    kb = read_kb().kb
    views = Views(kb)
    for client_id, client in kb.clients.items():
        doc = json.loads((bundled_site / "api" / "clients" / f"{client_id}.json").read_bytes())
        assert doc["client"]["title"] == client.title
        assert set(doc["notes"]) == {n.id for n in kb.notes_about_client(client_id)}
        # null keys are left out of the statements, and nothing else: read back, they are the data's
        for feature_id, verdict in doc["support"].items():
            statements = [Statement.model_validate(s) for s in verdict["statements"]]
            assert statements == kb.statements(client_id, feature_id)
            assert not has_null(verdict["statements"])
    for feature_id in kb.features:
        doc = json.loads((bundled_site / "api" / "features" / f"{feature_id}.json").read_bytes())
        assert set(doc["clients"]) == set(kb.clients)
        for client_id, verdict in doc["clients"].items():
            assert verdict["state"] == views.cell(client_id, feature_id).state
    for note_id, note in kb.notes.items():
        doc = json.loads((bundled_site / "api" / "research" / f"{note_id}.json").read_bytes())
        assert doc["note"]["title"] == note.title
        assert doc["url"] == f"https://canimcp.io/research/{note_id}"
        assert set(doc["related"]) == {n.id for n in kb.related_notes(note_id)}


def test_matrix_export_takes_ids_as_data_even_with_a_percent_sign(tmp_path: Path) -> None:
    """`canimcp serve` builds whatever loads (the lint rules judge ids, not the loader): an id with `%` in it
    must come out as written, not be read as a format code."""
    data = tmp_path / "data"
    shutil.copytree(bundled_data_dir(), data)
    taxonomy = data / "features" / "client-capabilities.yaml"
    taxonomy.write_text(taxonomy.read_text().replace("- id: roots\n", "- id: roots%b\n", 1))
    kb = read_kb(data).kb
    assert "roots%b" in kb.features
    doc = json.loads(matrix_json(Views(kb)))
    assert {c["feature"] for c in doc["cells"] if c["feature"].startswith("roots%")} == {"roots%b"}


def test_a_client_history_row_says_when_the_run_signed_in_or_was_offered_one_era(bundled_site: Path) -> None:
    kb = read_kb().kb
    runs = [p for p in kb.probes.values() if p.harness]
    special = [p for p in runs if p.harness and (p.harness.auth or p.harness.eras != "both")]
    assert {p.harness.eras for p in special if p.harness} >= {"both", "handshake"}  # the bundled data has both kinds
    for report in runs:
        assert report.harness is not None
        page = (bundled_site / "clients" / f"{report.harness.client}.html").read_text()
        history = page.split('<h2 id="history">')[1]  # evidence lists above link to the same reports
        (row,) = [r for r in history.split("<tr>") if f"/probes/{report.id}.html" in r]
        assert ("OAuth required" in row) == report.harness.auth
        assert (f"{report.harness.eras} era only" in row) == (report.harness.eras != "both")


def test_a_client_history_row_names_the_package_when_the_client_was_published_under_several(bundled_site: Path) -> None:
    """The TypeScript SDK's client moved to another npm name at 2.0.0: each row says which one was installed."""
    kb = read_kb().kb
    runs = [p for p in kb.probes.values() if p.harness and p.harness.client == "typescript-sdk"]
    assert {p.harness.package for p in runs if p.harness} == {
        "npm:@modelcontextprotocol/sdk",
        "npm:@modelcontextprotocol/client",
    }
    history = (bundled_site / "clients" / "typescript-sdk.html").read_text().split('<h2 id="history">')[1]
    for report in runs:
        assert report.harness is not None
        (row,) = [r for r in history.split("<tr>") if f"/probes/{report.id}.html" in r]
        version = f'<span class="nowrap">{report.harness.version}</span>'
        assert f'{version} <span class="muted">({report.harness.package})</span>' in row
    single = (bundled_site / "clients" / "codex.html").read_text().split('<h2 id="history">')[1]
    assert "npm:@openai/codex" not in single  # one package name: nothing to tell apart
