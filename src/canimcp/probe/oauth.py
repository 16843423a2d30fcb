"""`canimcp probe serve --auth`: the probe as an OAuth-protected MCP server with its own authorization server.

Every /mcp request then needs a bearer token the probe issued. Without one it gets 401 and a
`WWW-Authenticate` pointer to the protected resource metadata (RFC 9728). The authorization server answers
on the same port:
- RFC 8414 metadata, advertising registration and client ID metadata documents;
- RFC 7591 registration;
- an authorization endpoint that approves at once (there is no user to ask) by redirecting with a code, to a
  redirect URI the client registered (a loopback one on any port, RFC 8252 §7.3);
- a token endpoint that checks PKCE S256, and that a redirect_uri sent there is the one the code went to.

Client ID metadata documents are accepted by form (an https URL as client_id) and not fetched: the probe
has no way out.

Each exchange is recorded in the run of the client it belongs to, marked `oauth` (or `refused`: an MCP
request turned away for want of a token), so the `authorization` scenario can judge discovery,
registration, resource indicators and the flow as a whole. The run starts at the first refused request and
goes on once the client comes back with a token, as one run.
"""

from __future__ import annotations

import base64
import hashlib
import json
import secrets
import time
from typing import TYPE_CHECKING, Any, TypeVar
from urllib.parse import parse_qsl, urlencode, urlsplit

from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from .config import AS_PATH, PRM_PATH
from .session import ProbeSession

if TYPE_CHECKING:
    from .http import HttpProbe

TOKEN_SECONDS = 3600
PENDING_SECONDS = 300.0  # how long a refused client's run waits for it to come back with a token
LOOKUP_SECONDS = 30.0  # a refused request from the same host joins metadata lookups this recent (any agent)
K = TypeVar("K")
V = TypeVar("V")
MAX_ISSUED = 4096  # codes and tokens kept: a client that loops on the flow cannot grow the probe without end
MAX_REDIRECT_URIS = 16  # kept per registered client


class AuthServer:
    def __init__(self, http: HttpProbe) -> None:
        self.http = http
        # client ids registered here, oldest first, with their redirect URIs (the rest of a registration is not kept)
        self.registered: dict[str, tuple[str, ...]] = {}
        self.codes: dict[str, dict[str, Any]] = {}  # authorization code → what the token request must match
        self.tokens: dict[str, str] = {}  # access token → client_id
        self.refresh_tokens: dict[str, str] = {}  # refresh token → client_id (not good as a bearer token)
        self.pending: dict[tuple[str, ...], tuple[ProbeSession, float]] = {}  # client key → run refused so far
        self.owners: dict[str, ProbeSession] = {}  # client_id → the run its exchanges go to
        # runs opened for clients that sign in before sending any MCP request (`codex mcp login`), by host and agent
        self.signing_in: dict[tuple[str, str], tuple[ProbeSession, float]] = {}

    # --- the MCP endpoint's side -------------------------------------------------------------------------------
    def authorized(self, request: Request) -> bool:
        return _bearer(request) in self.tokens

    def signed_in_run(self, request: Request) -> ProbeSession | None:
        """The run in which the client holding this request's token signed in, while that run has seen no MCP
        request yet: a client that signed in first (no 401 to answer) and now connects joins its sign-in."""
        run = self.owners.get(self.tokens.get(_bearer(request) or "", ""))
        if run is None or run.closed or run.era is not None:
            return None
        return run

    def waiting_run(self, key: tuple[str, ...]) -> ProbeSession | None:
        """The run of a client that was refused and now comes back with a token (taken off the waiting list)."""
        session, since = self.pending.pop(key, (None, 0.0))
        if session is None or session.closed or time.monotonic() - since > PENDING_SECONDS:
            return None
        return session

    async def refuse(self, request: Request, body: bytes, session: ProbeSession | None) -> Response:
        """401 for an MCP request without a valid token, recorded in the client's run (one is opened if needed)."""
        if session is None:
            key = self.http.key_of(request, body)
            session, _ = self.pending.get(key, (None, 0.0))
            if session is None or session.closed:
                # a client that looked up the metadata before its first request (mcp-remote does) goes on in
                # the run those lookups opened
                session = self._looked_up_first(request)
            if session is None or session.closed:
                if self.http.probe.busy:
                    return self.http.busy()
                self.pending = {k: v for k, v in self.pending.items() if not v[0].closed}  # ended runs go
                session = await self.http.open("streamable-http", request)
            self._bounded(self.pending)[key] = (session, time.monotonic())
        pointer = f"{base_url(request)}{PRM_PATH}{request.url.path}"
        error = {"error": "invalid_token", "error_description": "this probe runs with --auth: get a token first"}
        await session.record("in", body, self.http.meta(request, refused=401))
        await session.record("out", json.dumps(error).encode(), {"http": {"status": 401}, "refused": 401})
        return JSONResponse(error, 401, {"www-authenticate": f'Bearer resource_metadata="{pointer}"'})

    # --- the authorization server ------------------------------------------------------------------------------
    def routes(self) -> list[Route]:
        return [
            Route(PRM_PATH, self.resource_metadata, methods=["GET"]),
            Route(PRM_PATH + "/{path:path}", self.resource_metadata, methods=["GET"]),
            Route(AS_PATH, self.server_metadata, methods=["GET"]),
            Route("/.well-known/openid-configuration", self.server_metadata, methods=["GET"]),
            Route("/oauth/register", self.register, methods=["POST"]),
            Route("/oauth/authorize", self.authorize, methods=["GET"]),
            Route("/oauth/token", self.token, methods=["POST"]),
        ]

    async def resource_metadata(self, request: Request) -> Response:
        base = base_url(request)
        document = {"resource": f"{base}/mcp", "authorization_servers": [base], "bearer_methods_supported": ["header"]}
        return await self._answer(request, b"", None, 200, document, opens=True)

    async def server_metadata(self, request: Request) -> Response:
        base = base_url(request)
        document = {
            "issuer": base,
            "authorization_endpoint": f"{base}/oauth/authorize",
            "token_endpoint": f"{base}/oauth/token",
            "registration_endpoint": f"{base}/oauth/register",
            "response_types_supported": ["code"],
            "grant_types_supported": ["authorization_code", "refresh_token"],
            "code_challenge_methods_supported": ["S256"],
            "token_endpoint_auth_methods_supported": ["none"],
            "client_id_metadata_document_supported": True,
        }
        return await self._answer(request, b"", None, 200, document, opens=True)

    async def register(self, request: Request) -> Response:
        body = await self._body(request)
        if body is None:
            return JSONResponse(_error("invalid_request", "request too large"), 413)
        try:
            wanted = json.loads(body)
        except ValueError:
            wanted = None
        if not isinstance(wanted, dict) or not isinstance(wanted.get("redirect_uris"), list):
            return await self._answer(request, body, None, 400, _error("invalid_client_metadata", "redirect_uris"))
        client_id = f"cmcp-client-{secrets.token_hex(8)}"
        registration = {
            **wanted,
            "client_id": client_id,
            "client_id_issued_at": int(time.time()),
            "token_endpoint_auth_method": "none",
        }
        uris = tuple(str(u) for u in wanted["redirect_uris"][:MAX_REDIRECT_URIS])
        self._bounded(self.registered)[client_id] = uris
        return await self._answer(request, body, client_id, 201, registration, opens=True)

    async def authorize(self, request: Request) -> Response:
        q = request.query_params
        client_id, redirect = q.get("client_id", ""), q.get("redirect_uri", "")
        problem = None
        if q.get("response_type") != "code":
            problem = _error("unsupported_response_type", "only response_type=code")
        elif not self._known(client_id) or not redirect:
            problem = _error("invalid_request", "unknown client_id or no redirect_uri")
        elif client_id in self.registered and not _registered_redirect(redirect, self.registered[client_id]):
            problem = _error("invalid_request", "redirect_uri is none of the client's registered redirect URIs")
        elif q.get("code_challenge_method") != "S256" or not q.get("code_challenge"):
            problem = _error("invalid_request", "PKCE with S256 is required")
        shown = _shown_params(q)
        if problem is not None:
            return await self._answer(request, b"", client_id, 400, problem, params=shown)
        code = secrets.token_urlsafe(16)
        issued = {"client_id": client_id, "challenge": q["code_challenge"], "redirect": redirect}
        self._bounded(self.codes)[code] = issued
        state = {"state": q["state"]} if "state" in q else {}
        target = f"{redirect}{'&' if '?' in redirect else '?'}{urlencode({'code': code, **state})}"
        recorded = f"{redirect}{'&' if '?' in redirect else '?'}{urlencode({'code': '(secret)', **state})}"
        return await self._answer(request, b"", client_id, 302, None, RedirectResponse(target, 302), shown, recorded)

    async def token(self, request: Request) -> Response:
        body = await self._body(request)
        if body is None:
            return JSONResponse(_error("invalid_request", "request too large"), 413)
        form = dict(parse_qsl(body.decode("utf-8", "replace"), keep_blank_values=True))
        params = _shown_params(form)
        grant = form.get("grant_type")
        client_id = str(form.get("client_id") or "")
        problem = None
        if grant == "authorization_code":
            issued = self.codes.pop(str(form.get("code") or ""), None)
            verifier = str(form.get("code_verifier") or "")
            if issued is None or issued["client_id"] != client_id or issued["challenge"] != _s256(verifier):
                problem = _error("invalid_grant", "unknown code, another client's code, or a wrong code_verifier")
            elif form.get("redirect_uri", issued["redirect"]) != issued["redirect"]:
                # RFC 6749 §4.1.3: the redirect_uri of the authorization request, if the token request sends one
                problem = _error("invalid_grant", "redirect_uri is not the one the code was issued for")
        elif grant == "refresh_token":
            if self.refresh_tokens.pop(str(form.get("refresh_token") or ""), None) != client_id:  # used once
                problem = _error("invalid_grant", "unknown refresh_token")
        else:
            problem = _error("unsupported_grant_type", str(grant))
        body = _masked(body)
        if problem is not None:
            return await self._answer(request, body, client_id, 400, problem, params=params)
        access, refresh = secrets.token_urlsafe(24), secrets.token_urlsafe(24)
        self._bounded(self.tokens)[access] = client_id
        self._bounded(self.refresh_tokens)[refresh] = client_id
        document = {
            "access_token": access,
            "token_type": "Bearer",
            "expires_in": TOKEN_SECONDS,
            "refresh_token": refresh,
        }
        # the tokens themselves are not kept in the run: the report says a token was issued, not which
        shown = {**document, "access_token": "(issued)", "refresh_token": "(issued)"}
        return await self._answer(request, body, client_id, 200, shown, JSONResponse(document, 200), params)

    async def _body(self, request: Request) -> bytes | None:
        """The request body, or None past the probe's message size limit (a hostile client gets 413, not memory)."""
        from .http import TooLarge  # here: http imports this module

        try:
            return await self.http.read_body(request)
        except (TooLarge, ClientDisconnect):
            return None

    # --- recording -----------------------------------------------------------------------------------------
    async def _answer(
        self,
        request: Request,
        body: bytes,
        client_id: str | None,
        status: int,
        document: dict[str, Any] | None,
        response: Response | None = None,
        params: dict[str, str] | None = None,
        location: str | None = None,
        opens: bool = False,
    ) -> Response:
        owner = await self._owner(request, client_id, opens)
        if owner is not None:
            endpoint = request.url.path
            extra = {"oauth": endpoint, **({"oauthParams": params} if params else {})}
            await owner.record("in", body, self.http.meta(request, **extra))
            shown = json.dumps(document).encode() if document is not None else b""
            out_meta: dict[str, Any] = {"http": {"status": status}, "oauth": endpoint}
            if location is not None:  # the redirect as sent, its code masked
                out_meta["headers"] = {"location": location}
            await owner.record("out", shown, out_meta)
        return response or JSONResponse(document, status)

    async def _owner(self, request: Request, client_id: str | None, opens: bool = False) -> ProbeSession | None:
        """Whose run an exchange belongs to: the run its client_id was first seen in; else the run of a refused
        client with this User-Agent, else the run refused last (a browser step carries neither). A client that
        starts with discovery or registration while no run was refused signs in before connecting (a login
        command): with `opens` (metadata and registration requests, which come from the client itself) its
        exchanges get a run of their own, found again by host and agent (the browser step: the newest run still
        signing in), and joined later by the client's first MCP request with the token (`signed_in_run`)."""
        if client_id and client_id in self.owners and not self.owners[client_id].closed:
            return self.owners[client_id]
        who = (request.client.host if request.client else "", request.headers.get("user-agent", ""))
        # runs of other hosts are never candidates: one client's exchanges must not count for another
        here = [v for key, v in self.pending.items() if key[0] == who[0]]
        found = _newest([v for key, v in self.pending.items() if key[:2] == who]) or _newest(here)
        if found is None:
            mine = self.signing_in.get(who)
            # another agent's sign-in only while it is one (no MCP request yet): the browser step of a login
            still_signing_in = [v for (host, _), v in self.signing_in.items() if host == who[0] and v[0].era is None]
            found = _newest([mine] if mine else []) or _newest(still_signing_in)
            if found is None and opens:
                found = await self._sign_in_run(who, request)
        if found is not None and client_id and self._known(client_id):
            self._bounded(self.owners)[client_id] = found
        return found

    def _known(self, client_id: str) -> bool:
        """Registered here, or a client ID metadata document's URL (accepted by form: the probe cannot fetch it)."""
        return client_id in self.registered or client_id.startswith("https://")

    def _looked_up_first(self, request: Request) -> ProbeSession | None:
        """The run opened by this client's own metadata lookups, while it has seen no MCP request: the one of this
        host and agent, else the newest from this host in the last LOOKUP_SECONDS (mcp-remote looks the metadata
        up with one HTTP stack, agent "node", and sends its requests with another, "undici")."""
        host = request.client.host if request.client else ""
        mine, _ = self.signing_in.get((host, request.headers.get("user-agent", "")), (None, 0.0))
        if mine is not None and not mine.closed and mine.era is None:
            return mine
        now = time.monotonic()
        recent = [v for (h, _a), v in self.signing_in.items() if h == host and now - v[1] <= LOOKUP_SECONDS]
        return _newest([(run, since) for run, since in recent if run.era is None])

    async def _sign_in_run(self, who: tuple[str, str], request: Request) -> ProbeSession | None:
        if self.http.probe.busy:
            return None  # answered, not recorded: the probe holds as many runs as it may
        self.signing_in = {k: v for k, v in self.signing_in.items() if not v[0].closed}
        run = await self.http.open("streamable-http", request)
        self._bounded(self.signing_in)[who] = (run, time.monotonic())
        return run

    @staticmethod
    def _bounded(table: dict[K, V]) -> dict[K, V]:
        """`table`, its oldest entries dropped so that one more fits under MAX_ISSUED."""
        while len(table) >= MAX_ISSUED:
            del table[next(iter(table))]
        return table


def _newest(runs: list[tuple[ProbeSession, float]]) -> ProbeSession | None:
    """The open run among `runs` (each with when it began waiting) that began last."""
    open_runs = [(since, run) for run, since in runs if not run.closed]
    return max(open_runs, key=lambda pair: pair[0])[1] if open_runs else None


def _registered_redirect(redirect: str, registered: tuple[str, ...]) -> bool:
    """Is `redirect` one of the registered URIs, compared as strings (OAuth 2.1), except that a loopback IP
    literal's port may differ (RFC 8252 §7.3: a native client takes whatever port is free when it signs in)?"""
    if redirect in registered:
        return True
    try:
        wanted = urlsplit(redirect)
        if wanted.scheme != "http" or wanted.hostname not in _LOOPBACK:
            return False
        same_but_port = (wanted.scheme, wanted.hostname, wanted.path, wanted.query)
        return any((k.scheme, k.hostname, k.path, k.query) == same_but_port for k in map(urlsplit, registered))
    except ValueError:  # not a URL urlsplit can read (an unclosed IPv6 bracket)
        return False


_LOOPBACK = ("127.0.0.1", "::1")


def base_url(request: Request) -> str:
    return str(request.base_url).rstrip("/")


def _bearer(request: Request) -> str | None:
    """The token of an `Authorization: Bearer …` header, if the request has one."""
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" else None


def _error(code: str, description: str) -> dict[str, str]:
    return {"error": code, "error_description": description}


def _shown_params(values: Any) -> dict[str, str]:
    """The parameters of an authorization or token request that the scenario judges (codes and verifiers are
    one-time secrets and stay out of the run)."""
    keep = ("response_type", "grant_type", "client_id", "redirect_uri", "resource", "scope", "code_challenge_method")
    return {k: str(values[k]) for k in keep if k in values}


def _masked(form_body: bytes) -> bytes:
    """A token request as sent, its one-time code, verifier and refresh token replaced (the run keeps no
    secrets, as it keeps no Authorization header)."""
    secret = ("code", "code_verifier", "refresh_token", "client_secret")
    pairs = parse_qsl(form_body.decode("utf-8", "replace"), keep_blank_values=True)
    return urlencode([(k, "(secret)" if k in secret else v) for k, v in pairs]).encode()


def _s256(verifier: str) -> str:
    digest = hashlib.sha256(verifier.encode()).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()
