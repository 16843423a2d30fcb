"""`probe outdated`: which clients have a release newer than the newest one their stored runs show, so that each
new release gets its runs (`probe run CLIENT --like NEWEST`), as wpt.fyi runs every new browser build."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from ..versions import version_key
from .drift import load_reports
from .install import InstallError, resolve_version
from .recipes import RECIPES

LOOKUPS = 8  # registry lookups at once: each is a subprocess (npm view, pip index) that mostly waits


@dataclass(frozen=True)
class Standing:
    """One client: the newest version its stored harness runs have, and the registry's latest release."""

    client: str
    probed: str | None  # None: no harness runs
    latest: str | None  # None: the registry could not say (`error`)
    error: str = ""

    @property
    def behind(self) -> bool:
        if self.probed is None or self.latest is None:
            return False
        return (version_key(self.latest) or ()) > (version_key(self.probed) or ())

    @property
    def status(self) -> str:
        if self.latest is None:
            return f"unknown: {self.error}"
        if self.probed is None:
            return "no runs"
        return "behind" if self.behind else "current"


def newest_probed(runs: Path, client: str) -> str | None:
    """The newest version among the client's harness runs under `runs` (reports made by hand do not count)."""
    versions = {r.harness.version for r in load_reports(runs / client) if r.harness is not None}
    return max(versions, key=lambda v: version_key(v) or (), default=None)


def _standing(runs: Path, client: str) -> Standing:
    probed = newest_probed(runs, client)
    try:
        return Standing(client, probed, resolve_version(RECIPES[client], None))
    except (InstallError, OSError, subprocess.SubprocessError) as exc:
        return Standing(client, probed, None, str(exc).splitlines()[0][:120])


def standings(runs: Path, clients: list[str], done: Callable[[Standing], None] = lambda _: None) -> list[Standing]:
    """Each client's standing, in the order given (`done` is told of each as its lookup ends)."""

    def look(client: str) -> Standing:
        found = _standing(runs, client)
        done(found)
        return found

    with ThreadPoolExecutor(LOOKUPS) as pool:
        return list(pool.map(look, clients))
