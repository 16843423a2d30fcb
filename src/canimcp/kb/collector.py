"""Pausing the cyclic garbage collector while a large knowledge base is loaded, checked or built."""

from __future__ import annotations

import contextlib
import gc
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
