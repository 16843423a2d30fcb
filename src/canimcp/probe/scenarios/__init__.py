"""The probe's scenarios: one small module each. To add one, copy a sibling, then list its class below."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .authorization import Authorization
from .base import Scenario
from .cancellation import Cancellation
from .completion import Completion
from .declaration import Declaration
from .discovery import Discovery
from .elicitation import Elicitation
from .http_transport import HttpTransport
from .instructions import Instructions
from .log_messages import Logging
from .mcp_apps import McpApps
from .param_headers import ParamHeaders
from .ping import Ping
from .progress import Progress
from .prompts_list_changed import PromptsListChanged
from .resources_list_changed import ResourcesListChanged
from .resources_subscribe import ResourcesSubscribe
from .roots import Roots
from .sampling import Sampling
from .skills import Skills
from .stateless import Stateless
from .structured_output import StructuredOutput
from .tasks import Tasks
from .tool_error import ToolError
from .tool_tasks import ToolTasks
from .tools_list_changed import ToolsListChanged
from .url_gate import UrlGate

if TYPE_CHECKING:
    from ..jsonrpc import Message
    from ..session import Channel, ProbeSession

SCENARIOS: tuple[type[Scenario], ...] = (
    Declaration,
    Discovery,
    Ping,
    Roots,
    Sampling,
    Elicitation,
    Tasks,
    ToolsListChanged,
    PromptsListChanged,
    ResourcesListChanged,
    ResourcesSubscribe,
    Logging,
    Progress,
    Cancellation,
    Instructions,
    StructuredOutput,
    ToolError,
    ToolTasks,
    UrlGate,
    McpApps,
    Skills,
    Completion,
    HttpTransport,
    Stateless,
    ParamHeaders,
    Authorization,
)

log = logging.getLogger("canimcp.probe")


def all_scenarios() -> list[Scenario]:
    return [cls() for cls in SCENARIOS]


class SessionAct:
    """The `Act` a scenario gets: the session, the channel to the client, and the answer timeout."""

    def __init__(self, session: ProbeSession, channel: Channel) -> None:
        self.session = session
        self.channel = channel
        self.timeout = session.config.answer_timeout
        self.probe_undeclared = session.config.probe_undeclared

    @property
    def version(self) -> str:
        return self.session.version or ""

    def declared(self, path: str) -> bool:
        return self.session.declared(path)

    async def request(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any] | None:
        return await self.session.request(method, params, self.channel, self.timeout)

    async def notify(self, method: str, params: dict[str, Any] | None = None) -> None:
        from ..jsonrpc import notification

        await self.session.send(notification(method, params), self.channel)

    async def wait_for(
        self, accept: Callable[[Message], bool], timeout: float | None = None, *, earlier: bool = False
    ) -> Message | None:
        if earlier and (seen := self.session.received(accept)) is not None:
            return seen
        return await self.session.wait_for(accept, self.timeout if timeout is None else timeout)

    async def announce_list_change(self, kind: str) -> None:
        from ..jsonrpc import notification

        await self.session.announce_list_change(kind, notification(f"notifications/{kind}/list_changed"), self.channel)

    def page_url(self, name: str) -> str | None:
        return self.session.page_url(name)


async def run_acts(session: ProbeSession, channel: Channel) -> None:
    """Every scenario that acts, in `order` groups: requests the client must answer first, then the
    notifications that invite it to re-list (so a re-list is not mistaken for the client's first list)."""
    acting = [s for s in session.probe.scenarios if type(s).act is not Scenario.act]
    for order in sorted({s.order for s in acting}):
        group = [s for s in acting if s.order == order]
        results = await asyncio.gather(*(s.act(SessionAct(session, channel)) for s in group), return_exceptions=True)
        for scenario, result in zip(group, results, strict=True):
            if isinstance(result, Exception):
                log.warning("scenario %s failed: %r", scenario.name, result)
