"""How a plain script calls the probe's `run_scenarios` tool the way the library's agent would: once for each round
of the probe's input requests (at most four), until a result reads as done. Each result's start goes to stderr, where
the harness keeps a run's output."""

import sys
from collections.abc import Awaitable, Callable

ROUNDS = 4  # one round each for roots, sampling and elicitation, then the one that completes
DONE = "Scenarios done"  # how the probe's result starts once nothing is left to ask


async def call_until_done(call: Callable[[], Awaitable[object]]) -> None:
    """Make `call` (one call of run_scenarios, giving back what the model would read) until its result is done."""
    for _ in range(ROUNDS):
        result = str(await call())
        print(result[:300], file=sys.stderr)
        if DONE in result:
            return
