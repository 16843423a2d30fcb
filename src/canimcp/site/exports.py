"""The JSON API: typed export documents, their JSON Schemas, and how to fill them from the views."""

from __future__ import annotations

from typing import Any

import orjson
from pydantic import BaseModel, ConfigDict, Field

from ..model import Client, Feature, Note, ProbeReport, Revision, State, Statement
from . import runs
from .mount import ROOT, Mount
from .views import Views, api_probe_url, probe_url


class Export(BaseModel):
    model_config = ConfigDict(populate_by_name=True)


class MatrixCell(Export):
    client: str
    feature: str
    revisions: list[str] = Field(
        description="the spec revisions whose matrix shows this cell (those that have the feature), oldest first; "
        "a client's support of a feature is one verdict, the same in every revision that has the feature"
    )
    state: State
    conditional: bool
    summary: str
    evidence: list[str] = Field(description="evidence ids: note:<id>, probe:<id> or source:<repo>@<pin>:<path>")


class MatrixExport(Export):
    revisions: list[Revision]
    clients: list[str]
    features: list[str]
    cells: list[MatrixCell] = Field(description="one per client × feature of any revision, clients within features")


class Verdict(Export):
    state: State
    summary: str
    evidence: list[str]


class VerdictExport(Verdict):
    statements: list[Statement] = Field(
        description="every support statement with its conditions and evidence; keys whose value is null are left out"
    )


class ClientExport(Export):
    client: Client
    support: dict[str, VerdictExport]
    notes: list[str]
    probes: list[str]


class FeatureExport(Export):
    feature: Feature
    revisions: list[str]
    clients: dict[str, Verdict] = Field(
        description="every client's verdict; the statements behind it are in api/clients/<client>.json"
    )
    notes: list[str]


class NoteExport(Export):
    note: Note
    related: list[str] = Field(description="related notes either way")
    url: str


class RunEntry(Export):
    id: str
    client: str | None = Field(
        description="the client the run belongs to: the one the harness installed, else the one whose folder of "
        "probes/ holds the report, else the one client whose claims cite the run; null for none of these"
    )
    harness: bool = Field(description="installed from its registry and run by the harness; false: driven by a script")
    package: str | None = Field(description="<registry>:<name> as installed, for a harness run")
    version: str | None = Field(description="the version installed, for a harness run")
    mode: str | None = Field(description="health (the client's status command) or session, for a harness run")
    setup: str = Field(
        description="how the harness set the run up beyond its transport, as the run's page says it (OAuth "
        "required, handshake era only, an expiring session, no input requests, as an agent on the scripted model); "
        "empty for none"
    )
    transport: str
    era: str
    protocol_version: str | None = Field(alias="protocolVersion", description="what the client asked for")
    started: str = Field(json_schema_extra={"format": "date-time"})
    complete: bool = Field(description="false: the probe stopped before the client closed the connection")
    working: int = Field(description="features the run showed working (supported, or working undeclared)")
    unsupported: int = Field(description="features the run showed the client does not support")
    failed: int = Field(description="features the client declared and the run showed failing")
    report: str = Field(description="the report's path, /api/probes/<id>.json")
    page: str = Field(description="the run's page, /probes/<id>.html")


class RunsExport(Export):
    runs: list[RunEntry] = Field(description="every recorded run, grouped by client in the order of the site")


SCHEMAS: dict[str, type[BaseModel]] = {
    "matrix": MatrixExport,
    "client": ClientExport,
    "feature": FeatureExport,
    "research": NoteExport,
    "probe": ProbeReport,  # api/probes/<id>.json: the recorded report as the probe wrote it
    "probes": RunsExport,  # api/probes.json: the index of runs
}


def schema(name: str, mount: Mount = ROOT) -> dict[str, Any]:
    doc = SCHEMAS[name].model_json_schema(by_alias=True, mode="serialization")
    doc["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    doc["$id"] = mount.url(f"/api/schema/{name}.schema.json")
    return doc


def matrix_json(views: Views) -> bytes:
    """api/matrix.json, written straight from the cells: a large matrix has tens of thousands of cells (every
    client × feature), too many to build a model object for each."""
    kb = views.kb
    cells = []
    for feature in kb.features.values():
        revisions = views.revisions_of(feature)  # none for a feature of no revision: its cells are listed all the same
        # joined, not %-formatted: an id is data, and a `%` in it is no format code
        middle = b',"feature":' + orjson.dumps(feature.id) + b',"revisions":' + orjson.dumps(revisions) + b","
        for client in views.clients:
            cell = views.cell(client.id, feature.id)
            tail = {"state": cell.state, "conditional": cell.verdict.conditional, "summary": cell.summary}
            tail["evidence"] = cell.verdict.evidence_ids
            cells.append(b'{"client":' + orjson.dumps(client.id) + middle + orjson.dumps(tail)[1:])
    doc = {
        "revisions": [kb.revisions[r].model_dump(mode="json", by_alias=True) for r in views.order],
        "clients": [c.id for c in views.clients],
        "features": list(kb.features),
        "cells": [],
    }
    return _compact(doc)[: -len(b"[]}")] + b"[" + b",".join(cells) + b"]}"


class Documents:
    """The client and feature documents, as plain dicts in the shape of `ClientExport` / `FeatureExport`.

    A large knowledge base has hundreds of thousands of statements: each verdict is turned into JSON-ready
    data without building a model object for it (the schemas above still describe, and tests validate, the
    result)."""

    def __init__(self, views: Views) -> None:
        self.views = views

    def verdict(self, client_id: str, feature_id: str) -> dict[str, Any]:
        cell = self.views.cell(client_id, feature_id)
        return {"state": cell.state, "summary": cell.summary, "evidence": cell.verdict.evidence_ids}

    def client(self, client: Client) -> bytes:
        views, kb = self.views, self.views.kb
        doc = {
            "client": client.model_dump(mode="json", by_alias=True, exclude_none=True),
            "support": {f: self._with_statements(client.id, f) for f in kb.features if kb.statements(client.id, f)},
            "notes": [n.id for n in views.notes_about_client(client.id)],
            "probes": [p.id for p in views.probes_of(client.id)],
        }
        return _compact(doc)

    def _with_statements(self, client_id: str, feature_id: str) -> dict[str, Any]:
        doc = self.verdict(client_id, feature_id)
        statements = self.views.kb.statements(client_id, feature_id)
        doc["statements"] = [s.model_dump(mode="json", by_alias=True, exclude_none=True) for s in statements]
        return doc

    def feature(self, feature: Feature) -> bytes:
        views = self.views
        doc = {
            "feature": feature.model_dump(mode="json", by_alias=True, exclude_none=True),
            "revisions": views.revisions_of(feature),
            "clients": {c.id: self.verdict(c.id, feature.id) for c in views.clients},
            "notes": [n.id for n in views.notes_about_feature(feature.id)],
        }
        return _compact(doc)


def _compact(doc: object) -> bytes:
    # orjson: these documents add up to hundreds of MiB on a large knowledge base; the json module's
    # encoder took most of the time spent on the API
    return orjson.dumps(doc)


def runs_json(views: Views, mount: Mount = ROOT) -> bytes:
    entries = []
    for group in runs.run_groups(views):
        for report in group.runs:
            h, counts = report.harness, runs.tally(report)
            entries.append(
                {
                    "id": report.id,
                    "client": group.client.id if group.client else (h.client if h else None),
                    "harness": h is not None,
                    "package": h.package if h else None,
                    "version": h.version if h else None,
                    "mode": h.mode if h else None,
                    "setup": runs.setup(report).removeprefix(", "),
                    "transport": report.transport,
                    "era": report.era,
                    "protocolVersion": report.protocol_version,
                    "started": report.started,
                    "complete": report.complete,
                    "working": counts["works"],
                    "unsupported": counts["unsupported"],
                    "failed": counts["failed"],
                    "report": mount.url(api_probe_url(report.id)),
                    "page": mount.url(probe_url(report.id)),
                }
            )
    return _compact({"runs": entries})


def note_export(views: Views, note: Note, base_url: str) -> NoteExport:
    return NoteExport(
        note=note, related=[n.id for n in views.related_notes(note.id)], url=f"{base_url}/research/{note.id}"
    )
