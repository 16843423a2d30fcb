"""The JSON API: typed export documents, their JSON Schemas, and how to fill them from the views."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from ..model import Client, Feature, Note, Revision, State, Statement
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


SCHEMAS: dict[str, type[Export]] = {
    "matrix": MatrixExport,
    "client": ClientExport,
    "feature": FeatureExport,
    "research": NoteExport,
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
    kb = views.kb
    cells = []
    for revision in views.order:
        for feature in views.features_in(revision):
            for client in views.clients:
                cell = views.cell(client.id, feature.id)
                cells.append(
                    MatrixCell(
                        client=client.id, feature=feature.id, revision=revision, state=cell.state,
                        conditional=cell.verdict.conditional, summary=cell.verdict.summary(),
                        evidence=cell.verdict.evidence_ids,
                    )
                )  # fmt: skip
    return MatrixExport(
        revisions=[kb.revisions[r] for r in views.order], clients=[c.id for c in views.clients],
        features=list(kb.features), cells=cells,
    )  # fmt: skip


def client_export(views: Views, client: Client) -> ClientExport:
    kb = views.kb
    support = {f: _verdict(views, client.id, f) for f in kb.features if kb.statements(client.id, f)}
    return ClientExport(
        client=client, support=support, notes=[n.id for n in kb.notes_about_client(client.id)],
        probes=[p.id for p in views.probes_of(client.id)],
    )  # fmt: skip


def feature_export(views: Views, feature: Feature) -> FeatureExport:
    kb = views.kb
    return FeatureExport(
        feature=feature, revisions=views.revisions_of(feature),
        clients={c.id: _verdict(views, c.id, feature.id) for c in views.clients},
        notes=[n.id for n in kb.notes_about_feature(feature.id)],
    )  # fmt: skip


def note_export(views: Views, note: Note, base_url: str) -> NoteExport:
    return NoteExport(
        note=note, related=[n.id for n in views.kb.related_notes(note.id)], url=f"{base_url}/research/{note.id}"
    )


def dump(doc: BaseModel) -> str:
    return doc.model_dump_json(by_alias=True, indent=1)
