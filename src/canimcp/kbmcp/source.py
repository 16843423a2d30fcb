"""Where the knowledge base server gets its knowledge base: a fixed one, or a data directory that is re-read
(only the changed files) when it changes, as under `canimcp serve`."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from pathlib import Path

from ..kb.findings import is_error
from ..kb.loader import KBError, LoadCache, Stamp, bundled_data_dir, data_stamp, read_kb
from ..model import KnowledgeBase

KBSource = Callable[[], KnowledgeBase]
log = logging.getLogger("canimcp.kbmcp")


def fixed(kb: KnowledgeBase) -> KBSource:
    return lambda: kb


class LiveKB:
    """The knowledge base in `root`, looked at again at most every `interval` seconds; a broken edit keeps
    the last good knowledge base in service (and is logged). Calling it raises KBError while there has
    never been a good one."""

    def __init__(self, root: Path | None = None, interval: float = 1.0) -> None:
        self.root = root if root is not None else bundled_data_dir()
        self.interval = interval
        self._cache = LoadCache()
        self._lock = threading.Lock()
        self._stamp: Stamp = ()
        self._checked = float("-inf")
        self._kb: KnowledgeBase | None = None
        self.errors: list[str] = []
        try:
            self()  # read it now rather than inside the first request
        except KBError as exc:  # served as errors until an edit fixes it, as the site is
            log.warning("%s", exc)

    def _scan(self) -> Stamp:
        return data_stamp(self.root)

    def __call__(self) -> KnowledgeBase:
        with self._lock:
            now = time.monotonic()
            if self._kb is None or now - self._checked >= self.interval:
                self._checked = now
                self._refresh()
            assert self._kb is not None
            return self._kb

    def _refresh(self) -> None:
        stamp = self._scan()
        if stamp == self._stamp and self._kb is not None:
            return
        result = read_kb(self.root, cache=self._cache)
        errors = [f for f in result.findings if f.severity == "error"]
        self.errors = [str(f) for f in errors]
        if is_error(errors):
            if self._kb is None:
                raise KBError(errors)
            log.warning("knowledge base not reloaded, it has errors:\n%s", "\n".join(self.errors))
        else:
            self._kb = result.kb
        self._stamp = stamp
