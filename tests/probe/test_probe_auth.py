"""`canimcp probe serve --auth`: the official Python SDK's OAuth client (`OAuthClientProvider`) through the whole
flow against the probe's authorization server, with registration and with a client ID metadata document; then
plain HTTP clients that ignore the 401, send a wrong PKCE verifier or a made-up token."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import json
import time
from typing import Any
from urllib.parse import parse_qs, urlparse

import httpx
import httpx2
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mcp import Client
from mcp.client.auth import OAuthClientProvider
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.auth import AuthorizationCodeResult, OAuthClientInformationFull, OAuthClientMetadata, OAuthToken
from probe_support import http_probe, initialize, only_run, report, runs

from canimcp.model import ProbeReport

REDIRECT = "http://127.0.0.1:9/callback"  # never contacted: the test's "browser" reads the code off the redirect


class Memory:
    """Token storage as an app keeps it (in memory)."""

    def __init__(self) -> None:
        self.tokens: OAuthToken | None = None
        self.info: OAuthClientInformationFull | None = None

    async def get_tokens(self) -> OAuthToken | None:
        return self.tokens

    async def set_tokens(self, tokens: OAuthToken) -> None:
        self.tokens = tokens

    async def get_client_info(self) -> OAuthClientInformationFull | None:
        return self.info

    async def set_client_info(self, client_info: OAuthClientInformationFull) -> None:
        self.info = client_info


async def app(url: str, mode: str, metadata_url: str | None = None) -> tuple[list[str], Memory]:
    """An app with the SDK's OAuth provider; its browser step follows nothing and reads the code off the redirect."""
    got: dict[str, Any] = {}

    async def redirect(authorization_url: str) -> None:
        answer = httpx.get(authorization_url, follow_redirects=False)
        assert answer.status_code == 302
        query = parse_qs(urlparse(answer.headers["location"]).query)
        got["code"], got["state"] = query["code"][0], query["state"][0]

    async def callback() -> AuthorizationCodeResult:
        return AuthorizationCodeResult(code=got["code"], state=got["state"])

    storage = Memory()
    metadata = OAuthClientMetadata(client_name="canimcp-test", redirect_uris=[REDIRECT])
    provider = OAuthClientProvider(url, metadata, storage, redirect, callback, client_metadata_url=metadata_url)
    async with (
        httpx2.AsyncClient(auth=provider) as http,
        Client(streamable_http_client(url, http_client=http), mode=mode) as client,
    ):
        names = [tool.name for tool in (await client.list_tools()).tools]
    return names, storage


def seen(rep: ProbeReport) -> dict[str, str]:
    return {k: v.observed for k, v in rep.features.items() if k.startswith("auth.")}


def test_sdk_registers_authorizes_and_comes_back_in_one_run(db: str) -> None:
    with http_probe(db, "--auth", "--answer-timeout", "1") as base:
        names, storage = asyncio.run(app(base + "/mcp", "legacy"))
    assert "echo" in names and storage.tokens is not None
    rep = only_run(db)  # refused, the OAuth exchanges, and the session after: one run
    assert (rep.era, rep.protocol_version) == ("handshake", "2025-11-25")
    assert seen(rep) == {
        "auth.oauth": "supported",
        "auth.protected-resource-metadata": "supported",
        "auth.dcr": "supported",
        "auth.client-id-metadata": "unsupported",  # offered, and the client registered instead
        "auth.resource-indicators": "supported",
    }
    assert rep.features["auth.resource-indicators"].detail == {"resource": [base + "/mcp"]}
    steps = [m.oauth or ("refused" if m.refused else m.auth) for m in rep.messages if m.direction == "in"][:6]
    assert steps == [
        "refused",
        "/.well-known/oauth-protected-resource/mcp",
        "/.well-known/oauth-authorization-server",
        "/oauth/register",
        "/oauth/authorize",
        "/oauth/token",
    ]
    # the tokens and one-time secrets never reach the run store
    stored = " ".join(m.raw + str(m.http) for m in rep.messages)
    assert storage.tokens.access_token not in stored and storage.tokens.refresh_token not in stored  # type: ignore[operator]
    assert "code_verifier=%28secret%29" in stored
    redirects = [
        m.headers["location"] for m in rep.messages if m.direction == "out" and "location" in (m.headers or {})
    ]
    assert redirects and all("code=%28secret%29" in location for location in redirects)
    # the refused initialize is kept as sent, but judged as nothing the session said
    assert rep.messages[0].raw.startswith('{"jsonrpc":"2.0","id":1,"method":"initialize"')
    assert rep.features["transport.streamable-http.protocol-version-header"].observed == "supported"


def test_sdk_with_a_client_id_metadata_document_skips_registration(db: str) -> None:
    document = "https://app.example/canimcp-client.json"  # accepted by form: the probe cannot fetch it
    with http_probe(db, "--auth", "--answer-timeout", "1") as base:
        names, storage = asyncio.run(app(base + "/mcp", "auto", document))
    assert "echo" in names and storage.tokens is not None
    rep = only_run(db)
    assert rep.era == "stateless"
    assert seen(rep)["auth.client-id-metadata"] == seen(rep)["auth.oauth"] == "supported"
    assert seen(rep)["auth.dcr"] == "not-exercised"
    assert not [m for m in rep.messages if m.oauth == "/oauth/register"]


def s256(verifier: str) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()


def test_metadata_looked_up_before_the_first_request_stays_in_its_run(db: str) -> None:
    """mcp-remote reads the metadata with one HTTP stack before its first request, sent with another (another
    User-Agent): the lookups, the 401 and what follows are one run."""
    with http_probe(db, "--auth", "--answer-timeout", "0.3") as base:
        looked_up = httpx.get(base + "/.well-known/oauth-protected-resource/mcp", headers={"user-agent": "node"})
        assert looked_up.status_code == 200
        refused = httpx.post(base + "/mcp", json=initialize(), headers={"user-agent": "undici"})
        assert refused.status_code == 401
        time.sleep(0.5)  # past the answer timeout: the client had its chance to go on
    rep = only_run(db)
    steps = [m.oauth or ("refused" if m.refused else None) for m in rep.messages if m.direction == "in"]
    assert steps == ["/.well-known/oauth-protected-resource/mcp", "refused"]
    assert seen(rep)["auth.oauth"] == "unsupported"  # it never came back with a token
    assert seen(rep)["auth.protected-resource-metadata"] == "supported"


def test_exchanges_from_another_host_never_land_in_a_refused_run(db: str) -> None:
    """Client A (127.0.0.1) is refused and goes quiet; client B, from another address (127.0.0.2), then looks
    the metadata up. B's lookup is B's: A's run must not show a protected resource metadata A never fetched."""
    with http_probe(db, "--auth", "--answer-timeout", "0.3") as base:
        assert httpx.post(base + "/mcp", json=initialize(info={"name": "a", "version": "0"})).status_code == 401
        other_host = httpx.HTTPTransport(local_address="127.0.0.2")
        with httpx.Client(transport=other_host) as b:
            assert b.get(base + "/.well-known/oauth-protected-resource/mcp").status_code == 200
        time.sleep(0.5)
    reports = [report(db, r.id) for r in runs(db)]
    assert len(reports) == 2
    (a,) = [r for r in reports if any(m.refused for m in r.messages)]
    assert not [m for m in a.messages if m.oauth]
    assert seen(a)["auth.protected-resource-metadata"] == "unsupported"


def test_a_client_that_signs_in_before_connecting_gets_one_run(db: str) -> None:
    """A login command (`codex mcp login`) discovers and signs in before any MCP request, so there is no 401 to
    hang the run on: its exchanges open a run of their own, and its first MCP request with the token joins it.
    Here the login is done by hand with a metadata document as client_id and a browser with another agent; the
    session after it is the real Python SDK with the token in a header."""
    document = "https://app.example/login-first.json"
    cli, browser = {"user-agent": "login-first-cli/1.0"}, {"user-agent": "a-browser/1.0"}
    with http_probe(db, "--auth", "--answer-timeout", "1") as base:
        prm = httpx.get(base + "/.well-known/oauth-protected-resource/mcp", headers=cli).json()
        assert prm["authorization_servers"] == [base]
        assert httpx.get(base + "/.well-known/oauth-authorization-server", headers=cli).status_code == 200
        query = {"response_type": "code", "client_id": document, "redirect_uri": REDIRECT, "state": "s"}
        query |= {"code_challenge": s256("v"), "code_challenge_method": "S256", "resource": base + "/mcp"}
        location = httpx.get(base + "/oauth/authorize", params=query, headers=browser).headers["location"]
        form = {"grant_type": "authorization_code", "client_id": document, "code_verifier": "v"}
        form |= {"code": parse_qs(urlparse(location).query)["code"][0], "resource": base + "/mcp"}
        token = httpx.post(base + "/oauth/token", data=form, headers=cli).json()["access_token"]

        async def session() -> list[str]:
            headers = {"authorization": f"Bearer {token}"}
            async with (
                httpx2.AsyncClient(headers=headers) as http,
                Client(streamable_http_client(base + "/mcp", http_client=http), mode="legacy") as client,
            ):
                names = [tool.name for tool in (await client.list_tools()).tools]
                # while this session is open, another client looking the metadata up gets a run of its own
                async with httpx2.AsyncClient(headers={"user-agent": "another-client/2.0"}) as other_client:
                    looked_up = await other_client.get(base + "/.well-known/oauth-protected-resource/mcp")
                assert looked_up.status_code == 200
                return names

        assert "echo" in asyncio.run(session())
    reports = [report(db, r.id) for r in runs(db)]
    assert len(reports) == 2
    rep = next(r for r in reports if r.client_info)  # the sign-in and the session: one run
    (other,) = [r for r in reports if r is not rep]
    assert [m.oauth for m in other.messages if m.direction == "in"] == ["/.well-known/oauth-protected-resource/mcp"]
    steps = [m.oauth or m.auth for m in rep.messages if m.direction == "in"]
    assert steps[:5] == [
        "/.well-known/oauth-protected-resource/mcp",
        "/.well-known/oauth-authorization-server",
        "/oauth/authorize",
        "/oauth/token",
        "bearer",
    ]
    assert rep.client_info is not None and rep.protocol_version == "2025-11-25"
    assert seen(rep) == {
        "auth.oauth": "supported",
        "auth.protected-resource-metadata": "supported",  # found without being pointed at it by a 401
        "auth.dcr": "not-exercised",
        "auth.client-id-metadata": "supported",
        "auth.resource-indicators": "supported",
    }


def test_plain_clients_that_ignore_or_fake_it(db: str) -> None:
    with http_probe(db, "--auth", "--answer-timeout", "0.3") as base:
        refused = httpx.post(base + "/mcp", json=initialize(info={"name": "ignores-401", "version": "0"}))
        assert refused.status_code == 401
        pointer = f'Bearer resource_metadata="{base}/.well-known/oauth-protected-resource/mcp"'
        assert refused.headers["www-authenticate"] == pointer
        same = initialize(info={"name": "ignores-401", "version": "0"})
        faked = httpx.post(base + "/mcp", json=same, headers={"authorization": "Bearer made-up"})
        assert faked.status_code == 401
        # a real registration and code, then the wrong verifier: no token
        client_id = httpx.post(base + "/oauth/register", json={"redirect_uris": [REDIRECT]}).json()["client_id"]
        query = {"response_type": "code", "client_id": client_id, "redirect_uri": REDIRECT, "state": "s"}
        no_pkce = httpx.get(base + "/oauth/authorize", params=query)
        assert no_pkce.status_code == 400 and no_pkce.json()["error"] == "invalid_request"
        query |= {"code_challenge": s256("the-right-verifier"), "code_challenge_method": "S256"}
        code = parse_qs(urlparse(httpx.get(base + "/oauth/authorize", params=query).headers["location"]).query)["code"]
        form = {"grant_type": "authorization_code", "client_id": client_id, "code": code[0], "redirect_uri": REDIRECT}
        wrong = httpx.post(base + "/oauth/token", data={**form, "code_verifier": "another-verifier"})
        assert wrong.status_code == 400 and wrong.json()["error"] == "invalid_grant"
        again = httpx.post(base + "/oauth/token", data={**form, "code_verifier": "the-right-verifier"})
        assert again.status_code == 400  # the code was spent by the failed attempt
        huge = httpx.post(base + "/oauth/register", content=b"{" + b" " * (5 * 1024 * 1024) + b"}")
        assert huge.status_code == 413  # over the probe's message limit: refused, not read into memory
        time.sleep(0.5)  # past the answer timeout: the client that ignored the 401 had its chance
    rep = only_run(db)
    assert seen(rep)["auth.oauth"] == seen(rep)["auth.protected-resource-metadata"] == "unsupported"
    assert seen(rep)["auth.dcr"] == "supported"  # it registered (by hand, here), and never got a token


def test_without_auth_nothing_is_refused(db: str) -> None:
    with http_probe(db) as base:
        assert httpx.post(base + "/mcp", json=initialize()).status_code == 200
        assert httpx.get(base + "/.well-known/oauth-protected-resource/mcp").status_code == 404
    assert set(seen(only_run(db)).values()) == {"not-exercised"}


def test_tokens_by_hand_access_refresh_and_their_limits(db: str) -> None:
    with http_probe(db, "--auth") as base:
        client_id = httpx.post(base + "/oauth/register", json={"redirect_uris": [REDIRECT]}).json()["client_id"]
        query = {"response_type": "code", "client_id": client_id, "redirect_uri": REDIRECT, "state": "s"}
        query |= {"code_challenge": s256("v"), "code_challenge_method": "S256", "resource": base + "/mcp"}
        location = httpx.get(base + "/oauth/authorize", params=query).headers["location"]
        code = parse_qs(urlparse(location).query)["code"][0]
        form = {"grant_type": "authorization_code", "client_id": client_id, "code": code, "code_verifier": "v"}
        tokens = httpx.post(base + "/oauth/token", data=form).json()
        assert tokens["token_type"] == "Bearer" and tokens["access_token"] != tokens["refresh_token"]

        def bearer(token: str) -> int:
            headers = {"authorization": f"Bearer {token}", "accept": "application/json, text/event-stream"}
            return httpx.post(base + "/mcp", json=initialize(), headers=headers).status_code

        assert bearer(tokens["access_token"]) == 200
        assert bearer(tokens["refresh_token"]) == 401  # a refresh token is not an access token
        refresh = {"grant_type": "refresh_token", "client_id": client_id, "refresh_token": tokens["refresh_token"]}
        renewed = httpx.post(base + "/oauth/token", data=refresh)
        assert renewed.status_code == 200 and bearer(renewed.json()["access_token"]) == 200
        assert httpx.post(base + "/oauth/token", data=refresh).status_code == 400  # each refresh token works once


def test_redirect_uris_are_the_registered_ones(db: str) -> None:
    """A code goes only to a registered redirect URI (a loopback one on any port: RFC 8252 §7.3), and a token
    request that names a redirect URI must name the one the code went to."""
    with http_probe(db, "--auth") as base:
        client_id = httpx.post(base + "/oauth/register", json={"redirect_uris": [REDIRECT]}).json()["client_id"]

        def authorize(redirect: str) -> httpx.Response:
            query = {"response_type": "code", "client_id": client_id, "redirect_uri": redirect, "state": "s"}
            query |= {"code_challenge": s256("v"), "code_challenge_method": "S256"}
            return httpx.get(base + "/oauth/authorize", params=query)

        for elsewhere in ("http://127.0.0.1:9/other", "http://example.com:9/callback", "https://127.0.0.1:9/callback"):
            refused = authorize(elsewhere)
            assert refused.status_code == 400 and "location" not in refused.headers, elsewhere
            assert "registered" in refused.json()["error_description"]
        another_port = "http://127.0.0.1:51234/callback"
        assert urlparse(authorize(another_port).headers["location"]).port == 51234

        def token(redirect: str | None) -> httpx.Response:
            code = parse_qs(urlparse(authorize(REDIRECT).headers["location"]).query)["code"][0]
            form = {"grant_type": "authorization_code", "client_id": client_id, "code": code, "code_verifier": "v"}
            return httpx.post(base + "/oauth/token", data=form | ({"redirect_uri": redirect} if redirect else {}))

        mismatch = token(another_port)
        assert mismatch.status_code == 400 and mismatch.json()["error"] == "invalid_grant"
        assert token(REDIRECT).status_code == 200
        assert token(None).status_code == 200  # not sent: nothing to compare


PARAMS = ["response_type", "client_id", "redirect_uri", "state", "code_challenge", "code_challenge_method", "resource"]
as_json = st.dictionaries(st.text(max_size=12), st.text(max_size=20)) | st.fixed_dictionaries(
    {"redirect_uris": st.lists(st.text(max_size=20), max_size=2)}
)
bodies = st.binary(max_size=300) | as_json.map(lambda d: json.dumps(d).encode())
queries = st.dictionaries(st.sampled_from(PARAMS), st.sampled_from(["code", "S256", "https://x.example/c"]) | st.text())


def test_garbage_at_the_authorization_server_gets_answers_not_crashes(db: str) -> None:
    with http_probe(db, "--auth") as base, httpx.Client(base_url=base, timeout=10) as client:

        @settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
        @given(bodies, queries)
        def one(body: bytes, query: dict[str, str]) -> None:
            assert client.post("/oauth/register", content=body).status_code in (201, 400)
            form = {"content-type": "application/x-www-form-urlencoded"}
            assert client.post("/oauth/token", content=body, headers=form).status_code == 400
            assert client.get("/oauth/authorize", params=query).status_code in (302, 400)

        one()
        assert client.get("/.well-known/oauth-authorization-server").json()["issuer"] == base
        assert client.post("/mcp", json=initialize()).status_code == 401  # still up, still guarding
