"""`probe outdated`: which clients have a release newer than the newest one their stored runs show, so that each
new release gets its runs (`probe run CLIENT --like NEWEST`), as wpt.fyi runs every new browser build."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from ..versions import version_key
from .drift import load_reports
from .install import InstallError, is_platform_package, resolve_version
from .recipe import Recipe
from .recipes import RECIPES

LOOKUPS = 8  # registry lookups at once: each is a subprocess (npm view, pip index) that mostly waits


@dataclass(frozen=True)
class Standing:
    """One client: the newest version its stored harness runs have, and the registry's latest release."""

    client: str
    probed: str | None  # None: no harness runs
    latest: str | None  # None: the registry could not say (`error`)
    error: str = ""
    lacking: str = ""  # the latest release cannot be installed here: the package carrying its program, missing

    @property
    def runnable(self) -> bool:
        """Behind, with a release that installs here."""
        return self.behind and not self.lacking

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
        if self.lacking:
            return f"behind, not installable: the registry has no {self.lacking}"
        return "behind" if self.behind else "current"


def newest_probed(runs: Path, client: str) -> str | None:
    """The newest version among the client's harness runs under `runs` (reports made by hand do not count)."""
    versions = {r.harness.version for r in load_reports(runs / client) if r.harness is not None}
    return max(versions, key=lambda v: version_key(v) or (), default=None)


def lacking_platform_package(recipe: Recipe, version: str) -> str:
    """For an npm release whose program comes in a package named for each platform: that package (`name@version`)
    when the registry lacks it for this machine, so that the release cannot run here (npm would skip it without a
    word); else ""."""
    if recipe.registry != "npm":
        return ""
    view = ["npm", "view", f"{recipe.name}@{version}", "optionalDependencies", "--json"]
    done = subprocess.run(view, capture_output=True, text=True, timeout=120)
    optional = json.loads(done.stdout) if done.returncode == 0 and done.stdout.strip() else {}
    for name, wanted in optional.items() if isinstance(optional, dict) else ():
        if is_platform_package(name):
            found = subprocess.run(
                ["npm", "view", f"{name}@{wanted}", "version", "--json"], capture_output=True, text=True, timeout=120
            )
            if found.returncode != 0 or not found.stdout.strip():
                return f"{name}@{wanted}"
    return ""


def _standing(runs: Path, client: str) -> Standing:
    probed = newest_probed(runs, client)
    try:
        found = Standing(client, probed, resolve_version(RECIPES[client], None))
        if found.behind and found.latest is not None:
            recipe = RECIPES[client].for_version(found.latest)
            found = Standing(client, probed, found.latest, lacking=lacking_platform_package(recipe, found.latest))
        return found
    except (InstallError, OSError, subprocess.SubprocessError, ValueError) as exc:  # ValueError: npm's JSON
        return Standing(client, probed, None, str(exc).splitlines()[0][:120])


def standings(runs: Path, clients: list[str], done: Callable[[Standing], None] = lambda _: None) -> list[Standing]:
    """Each client's standing, in the order given (`done` is told of each as its lookup ends)."""

    def look(client: str) -> Standing:
        found = _standing(runs, client)
        done(found)
        return found

    with ThreadPoolExecutor(LOOKUPS) as pool:
        return list(pool.map(look, clients))
