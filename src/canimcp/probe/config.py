"""The probe's settings: limits that keep a hostile client from hurting it, and what it tries."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

HANDSHAKE_VERSIONS = ("2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25")
STATELESS_VERSIONS = ("2026-07-28",)
LATEST_HANDSHAKE = HANDSHAKE_VERSIONS[-1]

Eras = Literal["both", "handshake", "stateless"]

# where the probe (`--auth`) serves its OAuth metadata: oauth.py serves them, the authorization scenario reads them
PRM_PATH = "/.well-known/oauth-protected-resource"
AS_PATH = "/.well-known/oauth-authorization-server"


@dataclass(frozen=True)
class Limits:
    max_message_bytes: int = 4 * 1024 * 1024
    idle_timeout: float = 600.0  # seconds without a message before a session is closed
    total_timeout: float = 3600.0  # seconds a session may live at all
    max_sessions: int = 2048  # concurrent sessions; the next initialize gets 503


@dataclass(frozen=True)
class ProbeConfig:
    limits: Limits = field(default_factory=Limits)
    #: how long a scenario waits for the client (an answer to roots/list, a re-list after list_changed...)
    answer_timeout: float = 10.0
    #: which eras the probe speaks: "handshake" answers server/discover with an error (legacy-only server),
    #: "stateless" refuses initialize (modern-only server)
    eras: Eras = "both"
    #: run the scenarios by itself once the client is initialized (and a server→client channel exists)
    auto_scenarios: bool = True
    #: answer a run_scenarios call early when a list change goes unanswered inside it, and give the change a
    #: second chance while the client is between turns (see ProbeSession.announce_list_change): for agents that
    #: call the tool again; a client that calls it once and leaves would hear no later change
    between_turns: bool = False
    #: 2026-07-28: run_scenarios asks for roots, sampling and elicitation as input requests; off, it completes at
    #: once, for a client that never answers an input request (so that what it does after the call is seen)
    input_requests: bool = True
    #: also send requests the client did not declare (that is how undeclared-but-works is found)
    probe_undeclared: bool = True
    #: expose the fixture tools, resources and prompts of the official conformance suite
    conformance: bool = False
    #: Streamable HTTP: forget each session id after this many POSTs (once per run), answering 404 from then on,
    #: to see whether the client starts a new session; its new initialize continues the same run
    expire_after: int | None = None
    #: Origin values accepted besides loopback ones (http(s)://localhost|127.0.0.1|[::1][:port])
    allowed_origins: tuple[str, ...] = ()
    #: Streamable HTTP: require a bearer token from the probe's own OAuth authorization server (oauth.py)
    auth: bool = False
