"""An MCP server that adapts to the client that connects, using what canimcp knows about that client.

It serves a few notes as resources and adapts in two ways:

- a client that does not use resources (or is not known to) also gets a `read_resource` tool, so its model
  can still reach the notes;
- `delete_note` asks for confirmation with an elicitation form only when the client really answers one. A
  client that declares elicitation but is known not to answer (canimcp's knowledge base says so) is not
  asked: it must pass `confirm: true` instead, and the call does not hang waiting for an answer.

Run it over stdio (`python examples/adaptive_server.py`) or Streamable HTTP on loopback
(`python examples/adaptive_server.py --http 8010`, endpoint http://127.0.0.1:8010/mcp).
"""

from __future__ import annotations

import argparse
from typing import Any

import anyio
import mcp_types as types
from mcp.server import Server, ServerRequestContext
from mcp.server.stdio import stdio_server
from mcp.shared.exceptions import MCPError
from mcp_types.version import MODERN_PROTOCOL_VERSIONS

from canimcp.detect.sdk import attach_profiles, profile_of

NOTES = {
    "welcome": "Welcome. These notes are served as MCP resources under notes://.",
    "release-plan": "Release on Thursday; freeze on Tuesday.",
}
CONFIRM_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"confirm": {"type": "boolean", "title": "Delete it?"}},
    "required": ["confirm"],
}

READ_RESOURCE = types.Tool(
    name="read_resource",
    description="Read one of this server's resources (for clients that do not read resources themselves).",
    input_schema={"type": "object", "properties": {"uri": {"type": "string"}}, "required": ["uri"]},
)


def delete_tool(asks: bool) -> types.Tool:
    how = "Asks you to confirm." if asks else "Pass confirm: true to delete."
    return types.Tool(
        name="delete_note",
        description=f"Delete a note. {how}",
        input_schema={
            "type": "object",
            "properties": {"name": {"type": "string"}, "confirm": {"type": "boolean", "default": False}},
            "required": ["name"],
        },
    )


def uses_resources(ctx: ServerRequestContext[Any, Any]) -> bool:
    return profile_of(ctx).support("resources") == "yes"


def answers_elicitation(ctx: ServerRequestContext[Any, Any]) -> bool:
    # "yes": by what it declared and what is known of this client and version, it answers form elicitation
    return profile_of(ctx).support("elicitation.form") == "yes"


def text(message: str, *, error: bool = False) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(type="text", text=message)], is_error=error)


async def ask(
    ctx: ServerRequestContext[Any, Any], params: types.CallToolRequestParams, message: str
) -> types.ElicitResult | types.InputRequiredResult:
    """Handshake era: an elicitation/create request. 2026-07-28: an input_required result, answered on retry."""
    if ctx.protocol_version not in MODERN_PROTOCOL_VERSIONS:
        return await ctx.session.elicit_form(message, CONFIRM_SCHEMA, related_request_id=ctx.request_id)
    answer = (params.input_responses or {}).get("confirm")
    if isinstance(answer, types.ElicitResult):
        return answer
    form = types.ElicitRequestFormParams(message=message, requested_schema=CONFIRM_SCHEMA)
    return types.InputRequiredResult(input_requests={"confirm": types.ElicitRequest(params=form)})


def create_server(notes: dict[str, str] | None = None) -> Server[Any]:
    """The server, over its own copy of the notes."""
    notes = dict(NOTES if notes is None else notes)

    async def list_tools(ctx: ServerRequestContext[Any, Any], params: types.PaginatedRequestParams | None) -> Any:
        tools = [delete_tool(answers_elicitation(ctx))]
        if not uses_resources(ctx):
            tools.append(READ_RESOURCE)
        return types.ListToolsResult(tools=tools)

    async def call_tool(ctx: ServerRequestContext[Any, Any], params: types.CallToolRequestParams) -> Any:
        args = params.arguments or {}
        if params.name == "read_resource":
            name = str(args.get("uri", "")).removeprefix("notes://")
            return text(notes[name]) if name in notes else text(f"no such resource: {args.get('uri')}", error=True)
        if params.name != "delete_note":
            return text(f"unknown tool: {params.name}", error=True)
        name = str(args.get("name", ""))
        if name not in notes:
            return text(f"no such note: {name}", error=True)
        confirmed = args.get("confirm") is True
        if not confirmed and answers_elicitation(ctx):
            answer = await ask(ctx, params, f"Delete the note {name!r}?")
            if isinstance(answer, types.InputRequiredResult):
                return answer
            confirmed = answer.action == "accept" and (answer.content or {}).get("confirm") is True
            if not confirmed:
                return text(f"kept {name}: not confirmed")
        if not confirmed:
            return text(f"kept {name}: this client cannot answer a confirmation prompt; pass confirm: true", error=True)
        del notes[name]
        return text(f"deleted {name}")

    async def list_resources(ctx: ServerRequestContext[Any, Any], params: types.PaginatedRequestParams | None) -> Any:
        listed = [types.Resource(uri=f"notes://{n}", name=n, mime_type="text/plain") for n in notes]
        return types.ListResourcesResult(resources=listed)

    async def read_resource(ctx: ServerRequestContext[Any, Any], params: types.ReadResourceRequestParams) -> Any:
        name = str(params.uri).removeprefix("notes://")
        if name not in notes:
            raise MCPError(code=types.INVALID_PARAMS, message=f"no such resource: {params.uri}")
        contents = [types.TextResourceContents(uri=params.uri, text=notes[name], mime_type="text/plain")]
        return types.ReadResourceResult(contents=contents)

    server: Server[Any] = Server(
        "adaptive-notes",
        version="1.0.0",
        on_list_tools=list_tools,
        on_call_tool=call_tool,
        on_list_resources=list_resources,
        on_read_resource=read_resource,
    )
    attach_profiles(server)
    return server


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--http", type=int, metavar="PORT", help="serve Streamable HTTP on 127.0.0.1:PORT")
    args = parser.parse_args()
    server = create_server()
    if args.http is not None:
        import uvicorn

        uvicorn.run(server.streamable_http_app(), host="127.0.0.1", port=args.http, log_level="warning")
        return

    async def run_stdio() -> None:
        async with stdio_server() as (read, write):
            await server.run(read, write, server.create_initialization_options())

    anyio.run(run_stdio)


if __name__ == "__main__":
    main()
