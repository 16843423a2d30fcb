"""`canimcp mcp`: the knowledge base as an MCP server over stdio (a client spawns it)."""

from __future__ import annotations

import typer

from .check import DataOption


def serve_mcp(data: DataOption = None) -> None:
    """The knowledge base as an MCP server over stdio: tools can, which_clients_support, client_profile,
    search_research; every client, feature and note page as a markdown resource."""
    from ..kb import KBError, load_kb
    from ..kbmcp import create_kb_server

    try:
        kb = load_kb(data)
    except KBError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(1) from None
    create_kb_server(kb).run("stdio")


def register(app: typer.Typer) -> None:
    app.command("mcp")(serve_mcp)
