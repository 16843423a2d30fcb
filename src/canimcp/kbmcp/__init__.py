"""The knowledge base as an MCP server: `canimcp mcp` (stdio) and `/kb/mcp` under `canimcp serve`.

    server = create_kb_server()              # an mcp.server.MCPServer over the bundled knowledge base
    server.run("stdio")
    app = kb_http_app(LiveKB(data_dir))      # Streamable HTTP: a Starlette app whose lifespan must run

Tools: can, which_clients_support, client_profile, search_research (structured results, with outputSchema).
Resources: canimcp://research/<id>, canimcp://clients/<id>, canimcp://features/<id> (the markdown twins).
"""

from .server import KnowledgeBaseServer, create_kb_server, kb_http_app, kb_route
from .source import LiveKB

__all__ = ["KnowledgeBaseServer", "LiveKB", "create_kb_server", "kb_http_app", "kb_route"]
