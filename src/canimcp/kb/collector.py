"""Working on a large loaded knowledge base: pausing the cyclic garbage collector, and whether the process may
fork workers that share what was loaded."""

from __future__ import annotations

import contextlib
import gc
import os
import threading
from collections.abc import Iterator


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector. Loading (or building from) a large knowledge base allocates
    millions of objects and no garbage cycles; CPython 3.11's collector would walk the growing heap again
    and again (loading 5,000 notes and 500 support tables took 5x as long with it running)."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def can_fork() -> bool:
    """May this process fork workers? Only where fork exists and no other thread runs: forking a process that
    runs other threads (a server, say) can copy a lock held mid-operation."""
    return hasattr(os, "fork") and threading.active_count() == 1


def usable_cores() -> int:
    """The cores this process may run on (its affinity where the platform tells it)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1
