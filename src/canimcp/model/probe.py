"""Probe reports: what one client connection declared and did (shape fixed in CONTRACTS.md)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

Observed = Literal["supported", "unsupported", "declared-but-failed", "undeclared-but-works", "not-exercised"]
# a list-changed verdict's outcome when the client listed again only once the tool call it was in had returned: it
# picks a change up between turns (the judging writes it, statements derived from runs repeat it)
LISTED_BETWEEN_TURNS = "listed again once its tool call was answered"
# the close reason of a stateless run whose client then initialized and was given the run of the session the probe
# had forgotten (`--expire-after`): its fallback, if any, is in that run. Also the outcome judged from it
STARTED_OVER = "started over: its initialize went to the run of the session the probe forgot"
# the outcome of an "unsupported" instructions / isError / structuredContent verdict: the request the harness's
# scripted model was answering, the whole conversation so far, held no nonce of that kind (harness/context_checks.py)
NOT_SHOWN = "the scripted model never saw the probe's nonce"
# the outcome of the 2026-07-28 features in a run where the client opened with initialize and never used that era
HANDSHAKE_ONLY = "opened with initialize; no request in the 2026-07-28 form"
# the outcome of an "unsupported" feature that the declaration alone negotiates (the extensions map, MCP Apps)
NOT_DECLARED = "not declared"
# the outcome of the task features of a client whose answer to tasks/get for a made-up task was "method not found"
NO_TASK_METHODS = "no tasks/get (method not found)"
# the outcome of roots.listChanged for a client that declares no roots and refuses roots/list
NO_ROOTS = "no roots (roots/list refused)"
# the outcome of sampling.tools and sampling.context for a client that declares no sampling and refuses the request
NO_SAMPLING = "no sampling (sampling/createMessage refused)"
# the outcome of an "unsupported" mcp-apps.render: the client called the tool that names a view and never read the view
VIEW_NOT_READ = "called the tool that names a view; never read the view"
# the outcomes of an "unsupported" elicitation.url-completion: refused with -32042 for want of a URL elicitation, the
# client never called the tool again, did only before the elicitation was complete (probe/scenarios/url_gate.py) ...
GATE_NO_RETRY = "did not call again after the -32042"
GATE_TOO_EARLY = "called again only before the elicitation was complete"
# ... or called again after it was complete with nothing to show it was ever put to anyone: no URL elicitation
# declared, the probe's page never opened, the model never shown it (a retry on a timer, CrewAI's for any error)
GATE_BLIND_RETRY = "called again on its own, with no URL elicitation declared and the URL shown to no one"
# the outcome of a not-exercised skills extension: the probe declared it, and the client called a tool without ever
# asking for skills (skills/list or skills/get) in that connection
NEVER_ASKED_FOR_SKILLS = "offered the skills extension; called a tool, never asked for skills"


def setup_words(eras: str, expire_after: int | None, agent: bool = False, input_requests: bool = True) -> str:
    """How a run was set beyond OAuth, in the words of drift lines, derived statements and progress: ", handshake era
    only", ", session forgotten after 2 POSTs", ", no input requests", ", as an agent on the scripted model",
    several, or ""."""
    era = "" if eras == "both" else f", {eras} era only"
    forgotten = f", session forgotten after {expire_after} POSTs" if expire_after else ""
    asked = "" if input_requests else ", no input requests"
    return era + forgotten + asked + ", as an agent on the scripted model" * agent


class Open(BaseModel):
    """Reports may carry more keys than the contract names; keep them."""

    model_config = ConfigDict(extra="allow", populate_by_name=True)


class WireMessage(Open):
    t: float
    direction: Literal["in", "out"]
    raw: str
    headers: dict[str, str] | None = None
    # HTTP only: method and path of a request, status of a response (raw is "" for a GET or DELETE)
    http: dict[str, Any] | None = None
    # a message over the size limit: raw holds its first bytes, size its length
    truncated: bool | None = None
    size: int | None = None
    # sent by the probe on a stream the client had already closed
    undelivered: bool | None = None
    # an SSE priming event the probe sent (no message): its event id, its retry (ms), whether the probe then
    # closed the stream
    sse: dict[str, Any] | None = None
    # --auth: an exchange with the probe's authorization server (its path) and the parameters judged; an MCP
    # request refused for want of a token (the status); a request that carried a valid bearer token
    oauth: str | None = None
    oauth_params: dict[str, str] | None = Field(default=None, alias="oauthParams")
    refused: int | None = None
    auth: str | None = None
    # a visit to a page the probe served (its name: "elicitation" for the URL-mode elicitation's page)
    page: str | None = None


class FeatureResult(Open):
    declared: bool
    observed: Observed
    evidence: list[int] = Field(default_factory=list)
    detail: dict[str, Any] | None = None


class HarnessInfo(Open):
    client: str
    package: str
    version: str
    mode: Literal["health", "session"]
    recipe: str
    auth: bool = False  # the probe required OAuth (`probe run --auth`) and the recipe approved the sign-in
    # the protocol eras the probe offered (`probe run --era`): "handshake" refuses server/discover, so a client of
    # the 2026-07-28 era shows what it sends to a server of an earlier revision
    eras: Literal["both", "handshake", "stateless"] = "both"
    # `probe run --expire-after N`: the probe forgot the Streamable HTTP session id after N POSTs (a 404 from then on),
    # to see whether the client starts a new session
    expire_after: int | None = Field(default=None, alias="expireAfter")
    # the client surface the recipe's mode runs (`claude -p` is Claude Code's print surface); None: the one whose
    # clientInfo name and mode the run saw
    surface: str | None = None
    # requirements the harness installed beside the client that a default install would not choose (an older
    # SDK for a release that fails to import beside the newest): statements derived from the run carry them as their
    # condition's `install`
    pins: list[str] = Field(default_factory=list)
    # `probe run --agent`: the recipe's agent script ran the library as an agent on the harness's scripted model (a
    # library's plain script has no model), so the run shows what of the server's words reaches a model
    agent: bool = False
    # `probe run --no-input-requests`: in the 2026-07-28 era the probe's run_scenarios completed at once instead of
    # asking for roots, sampling and elicitation, so that a client which never answers an input request went on
    input_requests: bool = Field(default=True, alias="inputRequests")

    @property
    def offered(self) -> str:
        return setup_words(self.eras, self.expire_after, self.agent, self.input_requests)


class ProbeReport(Open):
    # the published schema (api/schema/probe.schema.json) lists every key a report always has as required,
    # defaults included: the probe writes them all
    model_config = ConfigDict(extra="allow", populate_by_name=True, json_schema_serialization_defaults_required=True)

    id: str
    started: str = Field(json_schema_extra={"format": "date-time"})
    ended: str = Field(json_schema_extra={"format": "date-time"})
    transport: Literal["stdio", "streamable-http", "sse"]
    era: Literal["handshake", "stateless"]
    protocol_version: str | None = Field(alias="protocolVersion")
    client_info: dict[str, Any] | None = Field(alias="clientInfo")
    capabilities: dict[str, Any] | None
    messages: list[WireMessage] = Field(default_factory=list)
    features: dict[str, FeatureResult] = Field(default_factory=dict)
    harness: HarnessInfo | None = None
    # what the probe answered (protocolVersion is what the client asked for)
    negotiated_version: str | None = Field(default=None, alias="negotiatedVersion")
    user_agent: str | None = Field(default=None, alias="userAgent")
    # false while the run is open, or when the probe died before ending it (kill -9)
    complete: bool = True
    close_reason: str | None = Field(default=None, alias="closeReason")
