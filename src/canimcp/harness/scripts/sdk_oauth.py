"""Signing in with the official Python SDK's OAuth provider, for harness scripts of libraries that hand an
`httpx.Auth` (or the SDK's handlers) through to the SDK. A recipe lists it in `script_helpers`; a script imports
it only in a run with CANIMCP_AUTH=1, so runs without OAuth never load it.

The provider does the whole flow (protected resource metadata, registration or a metadata document, PKCE,
resource indicators); tokens and registration are kept in memory for the run. The person at the browser is
`approve`: it opens the authorization URL at the probe (which approves at once) and reads code and state off the
redirect to the client's callback, which is never contacted. Works with mcp 1.x and 2.x.
"""

import asyncio
import urllib.error
import urllib.request
from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import parse_qs, urlparse

REDIRECT = "http://127.0.0.1:9/callback"  # never contacted: the code is read off the redirect


class Memory:
    """Where an app keeps its tokens and registration (here: in memory, for one run)."""

    def __init__(self) -> None:
        self.tokens: Any = None
        self.info: Any = None

    async def get_tokens(self) -> Any:
        return self.tokens

    async def set_tokens(self, tokens: Any) -> None:
        self.tokens = tokens

    async def get_client_info(self) -> Any:
        return self.info

    async def set_client_info(self, client_info: Any) -> None:
        self.info = client_info


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, req, fp, code, msg, headers, newurl):  # type: ignore[no-untyped-def]
        return None


def approve(authorization_url: str) -> tuple[str, str]:
    """The browser: open the authorization URL and read code and state off the redirect."""
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}), _NoRedirect())
    try:
        with opener.open(authorization_url, timeout=20) as page:
            raise RuntimeError(f"the authorization server answered {page.status} without a redirect")
    except urllib.error.HTTPError as answer:
        query = parse_qs(urlparse(answer.headers.get("location") or "").query)
    if "code" not in query:
        raise RuntimeError("the authorization server redirected without a code")
    return query["code"][0], query.get("state", [""])[0]


def handlers() -> tuple[Callable[[str], Awaitable[None]], Callable[[], Awaitable[Any]]]:
    """The provider's redirect and callback handlers: the callback answers (code, state) with mcp 1.x and an
    AuthorizationCodeResult with 2.x."""
    from mcp.shared import auth

    seen: dict[str, str] = {}

    async def open_browser(authorization_url: str) -> None:
        seen["code"], seen["state"] = await asyncio.to_thread(approve, authorization_url)

    async def come_back() -> Any:
        if hasattr(auth, "AuthorizationCodeResult"):
            return auth.AuthorizationCodeResult(code=seen["code"], state=seen["state"])
        return seen["code"], seen["state"]

    return open_browser, come_back


def signing_in(url: str, client_name: str) -> Any:
    """The SDK's `OAuthClientProvider` for `url` (an `httpx.Auth`; with mcp 2.x an `httpx2.Auth`)."""
    from mcp.client.auth import OAuthClientProvider
    from mcp.shared.auth import OAuthClientMetadata

    metadata = OAuthClientMetadata(client_name=client_name, redirect_uris=[REDIRECT])
    return OAuthClientProvider(url, metadata, Memory(), *handlers())
