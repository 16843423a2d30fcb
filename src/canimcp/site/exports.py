"""The JSON API: typed export documents, their JSON Schemas, and how to fill them from the views."""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from ..model import Client, Feature, Note, ProbeReport, Revision, State, Statement
from .views import Views


class Export(BaseModel):
    model_config = ConfigDict(populate_by_name=True)


class MatrixCell(Export):
    client: str
    feature: str
    revision: str
    state: State
    conditional: bool
    summary: str
    evidence: list[str] = Field(description="evidence ids: note:<id>, probe:<id> or source:<repo>@<pin>:<path>")


class MatrixExport(Export):
    revisions: list[Revision]
    clients: list[str]
    features: list[str]
    cells: list[MatrixCell]


class VerdictExport(Export):
    state: State
    summary: str
    evidence: list[str]
    statements: list[Statement]


class ClientExport(Export):
    client: Client
    support: dict[str, VerdictExport]
    notes: list[str]
    probes: list[str]


class FeatureExport(Export):
    feature: Feature
    revisions: list[str]
    clients: dict[str, VerdictExport]
    notes: list[str]


class NoteExport(Export):
    note: Note
    related: list[str] = Field(description="related notes either way")
    url: str


SCHEMAS: dict[str, type[BaseModel]] = {
    "matrix": MatrixExport,
    "client": ClientExport,
    "feature": FeatureExport,
    "research": NoteExport,
    "probe": ProbeReport,  # api/probes/<id>.json: the recorded report as the probe wrote it
}


def schema(name: str) -> dict[str, Any]:
    doc = SCHEMAS[name].model_json_schema(by_alias=True, mode="serialization")
    doc["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    doc["$id"] = f"/api/schema/{name}.schema.json"
    return doc


def _verdict(views: Views, client_id: str, feature_id: str) -> VerdictExport:
    cell = views.cell(client_id, feature_id)
    v = cell.verdict
    return VerdictExport(
        state=v.state,
        summary=v.summary(),
        evidence=v.evidence_ids,
        statements=views.kb.statements(client_id, feature_id),
    )


def matrix_export(views: Views) -> MatrixExport:
    """The matrix as a typed document (what `matrix_json` writes, and what its schema describes)."""
    return MatrixExport.model_validate_json(matrix_json(views))


def matrix_json(views: Views) -> str:
    """api/matrix.json, written straight from the cells: a large matrix has hundreds of thousands of cells
    (every client × feature × revision), too many to build a model object for each. The cells of one
    client × feature are the same in every revision but for the revision itself."""
    kb = views.kb
    same: dict[tuple[str, str], dict[str, Any]] = {}
    cells = []
    for revision in views.order:
        for feature in views.features_in(revision):
            for client in views.clients:
                key = (client.id, feature.id)
                if key not in same:
                    cell = views.cell(client.id, feature.id)
                    same[key] = {
                        "state": cell.state, "conditional": cell.verdict.conditional, "summary": cell.summary,
                        "evidence": cell.verdict.evidence_ids,
                    }  # fmt: skip
                cells.append({"client": client.id, "feature": feature.id, "revision": revision, **same[key]})
    doc = {
        "revisions": [kb.revisions[r].model_dump(mode="json", by_alias=True) for r in views.order],
        "clients": [c.id for c in views.clients],
        "features": list(kb.features),
        "cells": cells,
    }
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":"))


def client_export(views: Views, client: Client) -> ClientExport:
    kb = views.kb
    support = {f: _verdict(views, client.id, f) for f in kb.features if kb.statements(client.id, f)}
    return ClientExport(
        client=client, support=support, notes=[n.id for n in views.notes_about_client(client.id)],
        probes=[p.id for p in views.probes_of(client.id)],
    )  # fmt: skip


def feature_export(views: Views, feature: Feature) -> FeatureExport:
    return FeatureExport(
        feature=feature, revisions=views.revisions_of(feature),
        clients={c.id: _verdict(views, c.id, feature.id) for c in views.clients},
        notes=[n.id for n in views.notes_about_feature(feature.id)],
    )  # fmt: skip


def note_export(views: Views, note: Note, base_url: str) -> NoteExport:
    return NoteExport(
        note=note, related=[n.id for n in views.related_notes(note.id)], url=f"{base_url}/research/{note.id}"
    )


def dump(doc: BaseModel) -> str:
    return doc.model_dump_json(by_alias=True, indent=1)
