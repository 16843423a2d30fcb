"""OAuth (`canimcp probe serve --auth`): after a 401, does the client find the protected resource metadata,
register (or use a client ID metadata document), send resource indicators, and come back with a token?

Judged for runs the probe refused at least once, and for runs that began by signing in before any MCP request
(a client's login command); the exchanges with the probe's authorization server are in the run, marked `oauth`
(see oauth.py).
"""

from __future__ import annotations

from collections.abc import Iterable

from ..config import PRM_PATH
from ..transcript import Entry, Transcript
from .base import Rating, Scenario, plain

FEATURES = (
    "auth.oauth",
    "auth.protected-resource-metadata",
    "auth.dcr",
    "auth.client-id-metadata",
    "auth.resource-indicators",
)


def _params(entry: Entry) -> dict[str, str]:
    found = entry.meta.get("oauthParams")
    return found if isinstance(found, dict) else {}


class Authorization(Scenario):
    features = FEATURES

    def assess(self, t: Transcript) -> Iterable[Rating]:
        refused = [e for e in t.entries if e.direction == "in" and e.meta.get("refused")]
        asked = [e for e in t.entries if e.direction == "in" and e.meta.get("oauth")]
        if not refused and not asked:
            yield from (plain(feature, None) for feature in FEATURES)
            return
        started = refused or asked  # a client told to sign in by a 401, or one that signed in unasked

        def at(prefix: str) -> list[Entry]:
            return [e for e in asked if str(e.meta["oauth"]).startswith(prefix)]

        metadata, registered = at(PRM_PATH), at("/oauth/register")
        authorizing, tokens = at("/oauth/authorize"), at("/oauth/token")
        with_token = [e for e in t.entries if e.direction == "in" and e.meta.get("auth") == "bearer"]
        # a client that left before the answer timeout had no fair chance to finish: no verdict against it
        gave_up = None if t.cut_short(started[-1]) else False
        detail = {"outcome": "left before finishing"} if gave_up is None and not with_token else None

        yield plain(
            "auth.oauth", True if with_token else gave_up, [started[0], *tokens[:1], *with_token[:1]], detail=detail
        )
        yield plain("auth.protected-resource-metadata", True if metadata else gave_up, metadata[:2] or started[:1])

        client_ids = [_params(e).get("client_id", "") for e in authorizing]
        by_document = [e for e, cid in zip(authorizing, client_ids, strict=True) if cid.startswith("https://")]
        # registration is one way to a client_id and a metadata document the other; the probe offers both
        yield plain(
            "auth.dcr", True if registered else (None if by_document or not authorizing else False), registered[:1]
        )
        document = True if by_document else (False if registered else None)
        yield plain("auth.client-id-metadata", document, by_document[:1] or registered[:1])

        flows = authorizing + tokens
        resources = sorted({_params(e).get("resource", "(absent)") for e in flows})
        named = all("resource" in _params(e) for e in flows)
        yield plain(
            "auth.resource-indicators",
            named if flows else None,
            flows[:2],
            detail={"resource": resources} if flows else None,
        )
