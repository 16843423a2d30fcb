"""`probe run CLIENT --like VERSION`: run a client's new release the way an earlier release was run, every setup
that release's stored reports show, so that the two can be compared setup by setup (wpt.fyi reruns the same
tests on each browser build; here the setups are the tests)."""

from __future__ import annotations

from dataclasses import dataclass

from ..model import ProbeReport
from ..versions import version_key
from .recipe import Mode, Transport
from .run import ProbeSetup

TRANSPORT_OPTION: dict[str, Transport] = {"stdio": "stdio", "streamable-http": "http", "sse": "sse"}


@dataclass(frozen=True)
class Plan:
    """One `probe run` of the earlier release: a setup and a mode, over the transports it was run on."""

    setup: ProbeSetup
    mode: Mode
    transports: tuple[Transport, ...]

    def __str__(self) -> str:
        return f"{', '.join(self.transports)}{self.setup.words} {self.mode}"


@dataclass(frozen=True)
class Repeat:
    plans: list[Plan]
    by_hand: list[str]  # ids of the release's reports that no harness run made: they are not repeated


def plans_like(reports: list[ProbeReport], client: str, version: str) -> Repeat:
    """The runs to repeat from the reports of `client` at `version`; a LookupError names the versions that have
    harness runs when this one has none."""
    groups: dict[tuple[ProbeSetup, Mode], set[Transport]] = {}
    by_hand = []
    for report in reports:
        h = report.harness
        if h is None:
            # a run by hand (probe serve, then a client configured by a person) has no harness block; its id says
            # whose and which version it is
            if report.id.startswith(f"{client}-{version}-"):
                by_hand.append(report.id)
            continue
        if h.version != version:
            continue
        setup = ProbeSetup(
            auth=h.auth, eras=h.eras, expire_after=h.expire_after, agent=h.agent, input_requests=h.input_requests
        )
        groups.setdefault((setup, h.mode), set()).add(TRANSPORT_OPTION[report.transport])
    if not groups:
        versions = {r.harness.version for r in reports if r.harness}
        known = ", ".join(sorted(versions, key=lambda v: version_key(v) or ())) or "none"
        raise LookupError(f"no harness runs of {client} {version} to repeat (versions with runs: {known})")
    order = list(TRANSPORT_OPTION.values())
    plans = [
        Plan(setup, mode, tuple(sorted(transports, key=order.index))) for (setup, mode), transports in groups.items()
    ]
    plans.sort(key=lambda p: (p.setup.label, p.mode, p.transports))
    return Repeat(plans, sorted(by_hand))
