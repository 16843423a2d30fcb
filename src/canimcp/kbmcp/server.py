"""The knowledge base as an MCP server (official SDK `MCPServer`): four tools with structured results, and
every note, client and feature page as a markdown resource."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Annotated, Any, TypeVar

from mcp.server.lowlevel.helper_types import ReadResourceContents
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ResourceNotFoundError, ToolError
from mcp.shared.exceptions import MCPError
from mcp_types import INTERNAL_ERROR, InputRequiredResult, Resource, ResourceTemplate, ToolAnnotations
from pydantic import AnyUrl, Field
from starlette.applications import Starlette
from starlette.routing import Route

from .. import __version__
from ..detect.answer import NotFound
from ..kb.loader import KBError
from ..model import KnowledgeBase
from ..site.twins import client_twin, feature_twin
from ..site.views import Views
from . import queries
from .results import CanAnswer, ClientProfileResult, FeatureSupport, SearchResult
from .source import KBSource, fixed

MARKDOWN = "text/markdown"
INSTRUCTIONS = (
    "canimcp knows which MCP features each MCP client really supports, with evidence (source pins, probe "
    "runs, research notes). Ask `can` for one client and feature, `which_clients_support` for a feature "
    "across clients, `client_profile` for everything about one client, `search_research` to find notes. "
    "Pages are resources: canimcp://clients/<id>, canimcp://features/<id>, canimcp://research/<id>."
)
READ_ONLY = ToolAnnotations(read_only_hint=True, open_world_hint=False)
T = TypeVar("T")

# bounded, so that a huge argument is refused before it reaches the nearest-name search
NAME = 200
ClientArg = Annotated[
    str, Field(max_length=NAME, description="Client id, alias, title or clientInfo name, e.g. openclaw.")
]
FeatureArg = Annotated[str, Field(max_length=NAME, description="Feature id or alias, e.g. elicitation.form.")]
VersionArg = Annotated[
    str | None, Field(max_length=NAME, description="Client release, e.g. 0.171.0 (default: the current one).")
]
RevisionArg = Annotated[str | None, Field(max_length=NAME, description="Spec revision, e.g. 2025-11-25.")]


def _answer(run: Callable[[], T]) -> T:
    """A name the knowledge base does not know becomes a tool error carrying the nearest known name."""
    try:
        return run()
    except (NotFound, queries.BadQuery, KBError) as exc:
        raise ToolError(str(exc)) from None


class KnowledgeBaseServer(MCPServer[Any]):
    """Resources are listed from the knowledge base of the moment (it may be re-read under `canimcp serve`)."""

    def __init__(self, source: KBSource) -> None:
        super().__init__(
            "canimcp", version=__version__, instructions=INSTRUCTIONS, website_url="https://canimcp.io",
            log_level="WARNING",
        )  # fmt: skip
        self.source = source
        self._views: Views | None = None
        self._register_tools()

    def views(self) -> Views:
        kb = self.current()
        if self._views is None or self._views.kb is not kb:
            self._views = Views(kb)
        return self._views

    def _register_tools(self) -> None:
        kb = self.source

        @self.tool(annotations=READ_ONLY)
        def can(
            client: ClientArg, feature: FeatureArg, version: VersionArg = None, revision: RevisionArg = None
        ) -> CanAnswer:
            """Can this client do this feature? The one-line answer of `canimcp can`, with its evidence."""
            return _answer(lambda: queries.can(kb(), client, feature, version, revision))

        @self.tool(annotations=READ_ONLY)
        def which_clients_support(feature: FeatureArg, revision: RevisionArg = None) -> FeatureSupport:
            """Every client's answer for one feature (optionally within a spec revision), supporters first."""
            return _answer(lambda: queries.which_clients_support(kb(), feature, revision))

        @self.tool(annotations=READ_ONLY)
        def client_profile(client: ClientArg, version: VersionArg = None) -> ClientProfileResult:
            """One client: its surfaces, the clientInfo names it sends, its support for every feature the
            knowledge base covers for it, and the research notes about it."""
            return _answer(lambda: queries.client_profile(kb(), client, version))

        @self.tool(annotations=READ_ONLY)
        def search_research(
            query: Annotated[str, Field(max_length=1000, description="Words to look for, e.g. 'openclaw apps'.")],
            limit: Annotated[int, Field(ge=1, le=50, description="At most this many notes.")] = 10,
        ) -> SearchResult:
            """Research notes that match the words, best first, each with its resource URI."""
            return _answer(lambda: queries.search_research(kb(), query, limit))

    def current(self) -> KnowledgeBase:
        try:
            return self.source()
        except KBError as exc:  # a broken knowledge base under `canimcp serve`: say so, keep serving
            raise MCPError(code=INTERNAL_ERROR, message=str(exc)) from None

    async def list_resources(self) -> list[Resource]:
        kb = self.current()
        out = [
            Resource(uri=queries.note_uri(n.id), name=f"research/{n.id}", title=n.title, description=n.summary,
                     mime_type=MARKDOWN)
            for n in kb.notes.values()
        ]  # fmt: skip
        out += [
            Resource(uri=queries.client_uri(c.id), name=f"clients/{c.id}", title=c.title, mime_type=MARKDOWN)
            for c in kb.clients.values()
        ]
        out += [
            Resource(uri=queries.feature_uri(f.id), name=f"features/{f.id}", title=f.title, mime_type=MARKDOWN)
            for f in kb.features.values()
        ]
        return out

    async def list_resource_templates(self) -> list[ResourceTemplate]:
        return [
            ResourceTemplate(uri_template=f"{queries.SCHEME}{kind}/{{+id}}", name=kind, title=title, mime_type=MARKDOWN)
            for kind, title in (("research", "Research note"), ("clients", "Client page"), ("features", "Feature page"))
        ]

    async def read_resource(
        self, uri: AnyUrl | str, context: Context[Any, Any] | None = None
    ) -> Iterable[ReadResourceContents] | InputRequiredResult:
        text = self.page(str(uri))
        if text is None:
            raise ResourceNotFoundError(f"no such page: {uri}")
        return [ReadResourceContents(content=text, mime_type=MARKDOWN)]

    def page(self, uri: str) -> str | None:
        """The markdown twin behind a canimcp:// URI, or None."""
        kind, _, ident = uri.removeprefix(queries.SCHEME).partition("/")
        if not uri.startswith(queries.SCHEME) or not ident:
            return None
        views = self.views()
        kb = views.kb
        if kind == "research" and ident in kb.notes:
            return _note_text(kb, ident)
        if kind == "clients" and ident in kb.clients:
            return client_twin(views, kb.clients[ident])
        if kind == "features" and ident in kb.features:
            return feature_twin(views, kb.features[ident])
        return None


def _note_text(kb: KnowledgeBase, note_id: str) -> str:
    """A note's twin is its file, exactly as written."""
    path = kb.root / "research" / f"{note_id}.md"
    if path.is_file():
        return path.read_text(encoding="utf-8")
    note = kb.notes[note_id]  # loaded from somewhere without the file: title, summary and body still tell it
    return f"# {note.title}\n\n{note.summary}\n\n{note.body}"


def create_kb_server(kb: KnowledgeBase | KBSource | None = None) -> KnowledgeBaseServer:
    """The server over a knowledge base, or over a source that returns the current one (default: bundled)."""
    if kb is None:
        from ..kb import load_kb

        kb = load_kb()
    return KnowledgeBaseServer(fixed(kb) if isinstance(kb, KnowledgeBase) else kb)


def kb_http_app(
    kb: KnowledgeBase | KBSource | None = None, *, path: str = "/kb/mcp", host: str = "127.0.0.1"
) -> Starlette:
    """Streamable HTTP at `path` (stateless: no server-to-client requests here). The app's lifespan runs the
    SDK's session manager: whoever mounts it must run that lifespan (`canimcp serve` does)."""
    server = create_kb_server(kb)
    return server.streamable_http_app(streamable_http_path=path, stateless_http=True, json_response=True, host=host)


def kb_route(kb: KnowledgeBase | KBSource | None = None, *, path: str = "/kb/mcp", host: str = "127.0.0.1") -> Route:
    """A route answering exactly `path` (a Mount would redirect `/kb/mcp` to `/kb/mcp/`)."""
    return Route(path, endpoint=kb_http_app(kb, path=path, host=host))
