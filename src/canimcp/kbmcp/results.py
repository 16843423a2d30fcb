"""What the knowledge base server's tools return: each model is a tool's outputSchema and structured result."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from ..model import State


class _Result(BaseModel):
    model_config = ConfigDict(populate_by_name=True)


class Variant(_Result):
    state: State
    when: str = Field(description="The condition under which this state holds: a flag, a surface, a version range.")
    evidence: list[str]


class CanAnswer(_Result):
    """`canimcp can CLIENT FEATURE` as data: the same keys as `--format json`."""

    client: str
    feature: str
    state: State = Field(description="The answer: yes, partial, no or unknown.")
    answer: str = Field(description="The one-line answer with its provenance, as `canimcp can` prints it.")
    default: State = Field(description="What a default install of the current release does.")
    conditions: list[str]
    evidence: list[str] = Field(description="Evidence ids behind the default state.")
    variants: list[Variant]
    notes: list[str] = Field(description="Research notes about this client and feature (canimcp://research/<id>).")
    version: str | None = None
    revision: str | None = None


class ClientSupport(_Result):
    client: str
    title: str
    state: State
    answer: str
    conditions: list[str]
    evidence: list[str]


class FeatureSupport(_Result):
    feature: str
    title: str
    revision: str | None = None
    in_revision: bool = Field(alias="inRevision", description="Is the feature part of the revision asked about?")
    supported: list[str] = Field(description="Ids of the clients whose answer is yes or partial.")
    clients: list[ClientSupport] = Field(description="Every client, yes first, then partial, no and unknown.")


class ClientInfoEntry(_Result):
    name: str
    surface: str | None = None
    mode: str
    fixed_version: str | None = Field(default=None, alias="fixedVersion")
    version_names_no_release: bool = Field(default=False, alias="versionNamesNoRelease")
    # `name` describes a name the application configures rather than spelling one the client always sends
    name_from_configuration: bool = Field(default=False, alias="nameFromConfiguration")


class SurfaceEntry(_Result):
    id: str
    title: str


class FeatureState(_Result):
    feature: str
    state: State
    summary: str = Field(description="The state, then each condition that changes it.")
    evidence: list[str]


class NoteRef(_Result):
    id: str
    title: str
    uri: str


class ClientProfileResult(_Result):
    client: str
    title: str
    vendor: str | None = None
    homepage: str | None = None
    repository: str | None = None
    aliases: list[str]
    surfaces: list[SurfaceEntry]
    client_info: list[ClientInfoEntry] = Field(alias="clientInfo", description="clientInfo names it sends.")
    version: str | None = Field(default=None, description="The release the support states are for (None: current).")
    support: list[FeatureState] = Field(description="Every feature the knowledge base says something about.")
    unknown: list[str] = Field(description="Features the knowledge base says nothing about for this client.")
    notes: list[NoteRef]
    uri: str = Field(description="The client's markdown page as a resource.")


class NoteHit(_Result):
    id: str
    title: str
    kind: str
    status: str
    summary: str
    clients: list[str]
    capabilities: list[str]
    uri: str
    url: str = Field(description="Path of the note's page on the site.")
    score: float
    snippet: str


class SearchResult(_Result):
    query: str
    notes: list[NoteHit]
