"""The JSON API: typed export documents, their JSON Schemas, and how to fill them from the views."""

from __future__ import annotations

from typing import Any

import orjson
from pydantic import BaseModel, ConfigDict, Field

from ..model import Client, Feature, Note, ProbeReport, Revision, State, Statement
from .views import Cell, Views


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


def matrix_export(views: Views) -> MatrixExport:
    """The matrix as a typed document (what `matrix_json` writes, and what its schema describes)."""
    return MatrixExport.model_validate_json(matrix_json(views))


def matrix_json(views: Views) -> bytes:
    """api/matrix.json, written straight from the cells: a large matrix has hundreds of thousands of cells
    (every client × feature × revision), too many to build a model object, or even a dict, for each. The
    cells of one client × feature are the same in every revision but for the revision itself, so each is
    encoded once and the document is assembled from those bytes."""
    kb = views.kb
    tails: dict[tuple[str, str], bytes] = {}  # the encoded cell after its client, feature and revision
    ids = {c.id: orjson.dumps(c.id) for c in views.clients}
    cells = []
    for revision in views.order:
        rev = orjson.dumps(revision)
        for feature in views.features_in(revision):
            # joined, not %-formatted: an id is data, and a `%` in it is no format code
            middle = b',"feature":' + orjson.dumps(feature.id) + b',"revision":' + rev + b","
            for client in views.clients:
                tail = tails.get((client.id, feature.id))
                if tail is None:
                    tail = tails[client.id, feature.id] = _cell_tail(views.cell(client.id, feature.id))
                cells.append(b'{"client":' + ids[client.id] + middle + tail)
    doc = {
        "revisions": [kb.revisions[r].model_dump(mode="json", by_alias=True) for r in views.order],
        "clients": [c.id for c in views.clients],
        "features": list(kb.features),
        "cells": [],
    }
    return _compact(doc)[: -len(b"[]}")] + b"[" + b",".join(cells) + b"]}"


def _cell_tail(cell: Cell) -> bytes:
    verdict = cell.verdict
    doc = {"state": cell.state, "conditional": verdict.conditional, "summary": cell.summary}
    doc["evidence"] = verdict.evidence_ids
    return orjson.dumps(doc)[1:]  # without its `{`: it follows the client, feature and revision


class Documents:
    """The client and feature documents, as plain dicts in the shape of `ClientExport` / `FeatureExport`.

    Every client × feature verdict appears twice (in its client's document and its feature's), and a large
    knowledge base has hundreds of thousands of statements: each verdict is turned into JSON-ready data once,
    without building a model object per verdict (the schemas above still describe, and tests validate, the
    result)."""

    def __init__(self, views: Views) -> None:
        self.views = views
        self._verdicts: dict[tuple[str, str], dict[str, Any]] = {}

    def verdict(self, client_id: str, feature_id: str) -> dict[str, Any]:
        key = (client_id, feature_id)
        found = self._verdicts.get(key)
        if found is None:
            cell = self.views.cell(client_id, feature_id)
            v = cell.verdict
            statements = self.views.kb.statements(client_id, feature_id)
            found = self._verdicts[key] = {
                "state": v.state, "summary": cell.summary, "evidence": v.evidence_ids,
                "statements": [s.model_dump(mode="json", by_alias=True) for s in statements],
            }  # fmt: skip
        return found

    def client(self, client: Client) -> bytes:
        views, kb = self.views, self.views.kb
        doc = {
            "client": client.model_dump(mode="json", by_alias=True),
            "support": {f: self.verdict(client.id, f) for f in kb.features if kb.statements(client.id, f)},
            "notes": [n.id for n in views.notes_about_client(client.id)],
            "probes": [p.id for p in views.probes_of(client.id)],
        }
        return _compact(doc)

    def feature(self, feature: Feature) -> bytes:
        views = self.views
        doc = {
            "feature": feature.model_dump(mode="json", by_alias=True),
            "revisions": views.revisions_of(feature),
            "clients": {c.id: self.verdict(c.id, feature.id) for c in views.clients},
            "notes": [n.id for n in views.notes_about_feature(feature.id)],
        }
        return _compact(doc)


def _compact(doc: object) -> bytes:
    # orjson: these documents add up to hundreds of MiB on a large knowledge base; the json module's
    # encoder took most of the time spent on the API
    return orjson.dumps(doc)


def note_export(views: Views, note: Note, base_url: str) -> NoteExport:
    return NoteExport(
        note=note, related=[n.id for n in views.related_notes(note.id)], url=f"{base_url}/research/{note.id}"
    )
