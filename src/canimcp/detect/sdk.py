"""Client profiles inside a server built on the official `mcp` SDK (the low-level `Server` or `MCPServer`).

    server = MCPServer("my-server")          # or mcp.server.Server("my-server", on_list_tools=...)
    attach_profiles(server)                  # detect() on each initialize and each 2026-07-28 request envelope

    @server.tool()
    async def delete(name: str, ctx: Context) -> str:
        if profile_of(ctx).support("elicitation.form") == "yes":
            ...                              # this client really answers: ask
        else:
            ...                              # it does not (or is known not to): don't wait for an answer

The profile is kept in the SDK's per-connection state, so it is worked out once per connection (handshake era)
or once per request (2026-07-28, where every request carries its own `_meta` envelope). This module imports
the SDK; `canimcp.detect` itself does not.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from mcp.server.context import CallNext, HandlerResult, ServerRequestContext
from mcp.server.lowlevel import Server
from mcp.server.mcpserver import Context, MCPServer
from mcp_types import CLIENT_CAPABILITIES_META_KEY, CLIENT_INFO_META_KEY

from . import ClientProfile, detect

if TYPE_CHECKING:
    from ..model import KnowledgeBase

__all__ = ["PROFILE_KEY", "ProfileMiddleware", "attach_profiles", "profile_of"]

PROFILE_KEY = "canimcp.profile"
log = logging.getLogger("canimcp.detect.sdk")


class ProfileMiddleware:
    """SDK middleware: profiles the client from what it declared (and, over HTTP, its headers) and keeps
    the profile with the connection, where `profile_of(ctx)` finds it."""

    def __init__(self, kb: KnowledgeBase | None = None) -> None:
        if kb is None:
            from ..kb import load_kb

            kb = load_kb()  # now, at server start: not inside the first initialize, which blocks the connection
        self.kb = kb

    async def __call__(self, ctx: ServerRequestContext[Any, Any], call_next: CallNext) -> HandlerResult:
        if ctx.method == "initialize" or _has_envelope(ctx.params):
            state = _connection_state(ctx)
            if state is not None:
                try:
                    state[PROFILE_KEY] = detect(ctx.params, headers=_headers(ctx), kb=self.kb)
                except Exception:  # whatever a client sent, its server keeps serving it
                    log.exception("canimcp: could not profile the client")
        return await call_next(ctx)


def attach_profiles(server: Server[Any] | MCPServer[Any], kb: KnowledgeBase | None = None) -> ProfileMiddleware:
    """Profile every client of `server` (a low-level `Server` or an `MCPServer`); returns the middleware added."""
    middleware = ProfileMiddleware(kb)
    server.middleware.append(middleware)
    return middleware


def profile_of(ctx: ServerRequestContext[Any, Any] | Context[Any, Any]) -> ClientProfile:
    """The profile of the client behind this request. `ctx` is a low-level handler's context or an
    `MCPServer` tool's `Context`. Without `attach_profiles` the profile is worked out here, from what the
    SDK kept of the declaration (it drops keys it does not model) and the bundled knowledge base."""
    request_ctx = ctx.request_context if isinstance(ctx, Context) else ctx
    state = _connection_state(request_ctx)
    profile = state.get(PROFILE_KEY) if state is not None else None
    if isinstance(profile, ClientProfile):
        return profile
    profile = detect(_declaration(request_ctx), headers=_headers(request_ctx))
    if state is not None:
        state[PROFILE_KEY] = profile
    return profile


def _has_envelope(params: Mapping[str, Any] | None) -> bool:
    meta = params.get("_meta") if isinstance(params, Mapping) else None
    return isinstance(meta, Mapping) and (CLIENT_INFO_META_KEY in meta or CLIENT_CAPABILITIES_META_KEY in meta)


def _connection_state(ctx: ServerRequestContext[Any, Any]) -> dict[str, Any] | None:
    """The SDK's per-connection scratch dict (`Connection.state`). mcp 2.3 reaches the connection only through
    the request's session; a later SDK that puts it on the context is looked for first."""
    connection = getattr(ctx, "connection", None) or getattr(ctx.session, "_connection", None)
    state = getattr(connection, "state", None)
    return state if isinstance(state, dict) else None


def _headers(ctx: ServerRequestContext[Any, Any]) -> Mapping[str, str] | None:
    headers = getattr(ctx.request, "headers", None)  # a Starlette request over HTTP, None on stdio
    return headers if isinstance(headers, Mapping) else None


def _declaration(ctx: ServerRequestContext[Any, Any]) -> dict[str, Any]:
    """initialize params as the SDK recorded them, for a connection the middleware did not see."""
    params = ctx.session.client_params
    if params is not None:
        return params.model_dump(by_alias=True, mode="json", exclude_unset=True)
    declared: dict[str, Any] = {"protocolVersion": ctx.protocol_version}
    capabilities = ctx.session.client_capabilities
    if capabilities is not None:
        declared["capabilities"] = capabilities.model_dump(by_alias=True, mode="json", exclude_unset=True)
    return declared
