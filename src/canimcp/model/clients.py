"""MCP client products: identity, surfaces and the clientInfo names they send."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from .common import Strict
from .sources import Evidence

Mode = Literal["session", "health", "any"]


class Package(Strict):
    registry: str  # npm, pypi, vscode, ...
    name: str


class Surface(Strict):
    """One MCP client inside a product (an agent runtime, a node host, a status command...)."""

    id: str
    title: str
    description: str = ""


class ClientInfoMark(Strict):
    """A clientInfo field other than the name, and a text its value holds, that tell this product's entry from
    another product's entry of the same name."""

    field: str
    contains: str


class ClientInfoName(Strict):
    """A clientInfo.name the product sends, on which surface and in which mode."""

    name: str
    surface: str | None = None
    mode: Mode = "any"
    version: str | None = Field(default=None, description="where clientInfo.version comes from, in words")
    # the constant this entry always sends as clientInfo.version: seeing it says nothing of the release
    fixed_version: str | None = Field(default=None, alias="fixedVersion")
    # the version sent is never a release of the client, whatever its value (n8n sends the version of the node type
    # that connects): seeing it says nothing of the release, as with a fixed version
    version_names_no_release: bool = Field(default=False, alias="versionNamesNoRelease")
    # the name is a prefix the client completes (e.g. with the server's configured name)
    name_is_prefix: bool = Field(default=False, alias="nameIsPrefix")
    # the whole name is whatever the application configures (e.g. the server's key): `name` says so in words, and
    # detection and look-ups by name leave the entry out
    name_from_configuration: bool = Field(default=False, alias="nameFromConfiguration")
    # the name is the default of another client this product builds on (an SDK, or the product it was forked from),
    # so it does not identify this product: detection and look-ups by name leave the entry to that client
    inherited_from: str | None = Field(default=None, alias="inheritedFrom")
    # another product sends the same name, and this field of clientInfo tells the two apart (mcp-use's TypeScript
    # edition names TypeScript in its `description`; the Python edition sends none): detection gives the name to this
    # product only when the clientInfo carries the mark, and otherwise leaves it to the other
    told_by: ClientInfoMark | None = Field(default=None, alias="toldBy")
    notes: str | None = None
    evidence: list[Evidence] = Field(default_factory=list)

    @property
    def identifies(self) -> bool:
        """Whether seeing this name says it is this client: not another client's default, not a configured name."""
        return not (self.inherited_from or self.name_from_configuration)


class Client(Strict):
    id: str
    title: str
    vendor: str | None = None
    homepage: str | None = None
    repository: str | None = None
    license: str | None = None
    aliases: list[str] = Field(default_factory=list)
    packages: list[Package] = Field(default_factory=list)
    surfaces: list[Surface] = Field(default_factory=list)
    client_info: list[ClientInfoName] = Field(default_factory=list, alias="clientInfo")
    body: str = ""
