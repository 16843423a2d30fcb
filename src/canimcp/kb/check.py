"""`canimcp check`: load the knowledge base and run every lint rule over it."""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable
from multiprocessing.connection import Connection
from pathlib import Path

from .checkcache import CheckCache, cache_path
from .collector import can_fork, gc_paused
from .findings import Finding
from .loader import LoadResult, read_kb
from .rules import RULES, Context, Options


def check_kb(root: Path | str | None = None, options: Options | None = None) -> list[Finding]:
    """Every finding for the knowledge base at `root` (the bundled one by default), sorted by place. What an
    earlier check learnt of the same files with the same code is not worked out again (kb/checkcache.py)."""
    memo = CheckCache(cache_path())
    with gc_paused():  # the rules allocate as they walk a loaded heap the collector would rescan (see gc_paused)
        return run_rules(read_kb(root, memo=memo), options, memo)


def run_rules(result: LoadResult, options: Options | None = None, memo: CheckCache | None = None) -> list[Finding]:
    """Every finding of the lint rules on a loaded knowledge base, sorted by place; `memo`: the check's cache
    (KB019 keeps its judgements there), the user's by default."""
    found: set[Finding] = set()
    memo = memo or CheckCache(cache_path() if result.kb.probes or result.unread else None)
    ctx = Context(result, options or Options(), memo)
    for registered in RULES:
        found.update(registered.check(ctx))
    memo.save()
    return sorted(found, key=lambda f: (f.path, f.line, f.code, f.message))


def rules_in_background(result: LoadResult) -> Callable[[], list[Finding]]:
    """Start the lint rules on `result` in a forked process, so that the caller can go on meanwhile (the
    rules only read what was loaded, which the child shares copy-on-write); the function returned waits
    for the findings. Where a process cannot be forked, or the child fails, the rules run in this process."""
    if not can_fork():
        return lambda: run_rules(result)
    receiver, sender = multiprocessing.Pipe(duplex=False)
    child = multiprocessing.get_context("fork").Process(target=_send_findings, args=(result, sender), daemon=True)
    child.start()
    sender.close()

    def findings() -> list[Finding]:
        try:
            found: list[Finding] = receiver.recv()
        except EOFError:  # the child died before answering: run the rules here, where any error shows
            found = run_rules(result)
        receiver.close()
        child.join()
        return found

    return findings


def _send_findings(result: LoadResult, sender: Connection) -> None:
    sender.send(run_rules(result))
    sender.close()
