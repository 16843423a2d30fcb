"""URL elicitation required (2025-11-25), the probe's side. `url_gate` needs a URL-mode elicitation completed before
it runs: its calls are refused with URLElicitationRequiredError (-32042), which names one elicitation (on HTTP a page
of the probe's, which records who opens it), until the probe, in the part of the person who finished on that page,
sends notifications/elicitation/complete COMPLETE_AFTER seconds after the first refusal. From then on a call goes
through. A client that supports the flow calls again: on the notice, or when its user says the page is done.

The elicitationId is a probe nonce of kind `gate`, in the elicitation's URL too but not in the error's message: the
harness's scripted model reports it when the client passed the elicitation on to the model."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from . import fixtures, jsonrpc

if TYPE_CHECKING:
    from .session import ProbeSession

log = logging.getLogger(__name__)

URL_ELICITATION_REQUIRED = -32042
# seconds from the first refusal to the completion notice: short, since an agent whose model got the error goes on
# at once and may end the session soon after
COMPLETE_AFTER = 0.25
PAGE = "url-gate"
# recorded in place of the notice when there is no stream to send it on (Streamable HTTP without a GET stream)
NO_STREAM = "complete, with no stream open to send the notice on"


class UrlGate:
    """One session's gate: refused until complete, then open."""

    def __init__(self) -> None:
        self.elicitation_id = ""
        self.complete = False
        self._completing: asyncio.Task[None] | None = None

    def refusal(self, session: ProbeSession) -> jsonrpc.RpcError:
        """The -32042 for a call made before the elicitation is complete; the first one starts the clock."""
        if self._completing is None:
            self.elicitation_id = session.nonce("gate")
            self._completing = asyncio.create_task(self._complete(session))
        elicitation = {
            "mode": "url",
            "elicitationId": self.elicitation_id,
            "url": session.page_url(PAGE, self.elicitation_id)
            or f"http://127.0.0.1/canimcp-probe/{PAGE}/{self.elicitation_id}",
            "message": "canimcp probe: open this page, then call url_gate again.",
        }
        return jsonrpc.RpcError(URL_ELICITATION_REQUIRED, fixtures.URL_GATE_REFUSED, {"elicitations": [elicitation]})

    async def _complete(self, session: ProbeSession) -> None:
        await asyncio.sleep(COMPLETE_AFTER)
        self.complete = True
        if session.closed:
            return
        try:
            if session.push is None:
                await session.record("out", b"", {"urlGate": NO_STREAM})
            else:
                notice = {"elicitationId": self.elicitation_id}
                await session.send(jsonrpc.notification("notifications/elicitation/complete", notice), session.push)
        except Exception:  # the session ended meanwhile: nothing left to tell
            log.debug("completion notice not sent", exc_info=True)

    def close(self) -> None:
        if self._completing is not None:
            self._completing.cancel()
