"""Installing clients: one cache folder per package@version, reused across runs; Node from the npm
registry where a client needs a newer one; a virtual environment per PyPI client."""

from __future__ import annotations

import json
import os
import platform
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from platformdirs import user_cache_dir

from ..versions import version_key
from .recipe import Recipe


class InstallError(RuntimeError):
    pass


class NoSuchVersion(InstallError):
    pass


def cache_root() -> Path:
    return Path(os.environ.get("CANIMCP_CLIENT_CACHE") or user_cache_dir("canimcp")) / "clients"


def _safe(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "_", name)


def _run(argv: list[str], cwd: Path | None = None, timeout: float = 900) -> str:
    done = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, timeout=timeout)
    if done.returncode != 0:
        raise InstallError(f"{' '.join(argv[:4])}... failed: {(done.stderr or done.stdout).strip()[-600:]}")
    return done.stdout


def resolve_version(recipe: Recipe, version: str | None) -> str:
    """The exact version to install: `version` when the registry has it, else the latest (under the client's
    newest package name)."""
    recipe = recipe.for_version(version) if version else recipe.newest
    removed = recipe.client_removed_in
    if version and removed and (version_key(version) or ()) >= (version_key(removed) or ()):
        raise NoSuchVersion(f"{recipe.name} {version} has no MCP client (it was removed in {removed})")
    if recipe.registry == "npm":
        spec = f"{recipe.name}@{version}" if version else recipe.name
        if not version and removed:
            spec = f"{recipe.name}@<{removed}"
        done = subprocess.run(["npm", "view", spec, "version", "--json"], capture_output=True, text=True, timeout=120)
        out = done.stdout.strip()
        if done.returncode != 0 or not out:
            raise NoSuchVersion(f"npm has no {spec}")
        found = json.loads(out)
        return str(max(found, key=lambda v: version_key(v) or ()) if isinstance(found, list) else found)
    if recipe.registry == "pypi":
        # pip lists only the releases the interpreter can install, so ask with the one the client will run on
        python = python_for(recipe.python) if recipe.python else sys.executable
        done = subprocess.run(
            [python, "-m", "pip", "index", "versions", recipe.name], capture_output=True, text=True, timeout=120
        )
        m = re.search(r"Available versions: (.*)", done.stdout)
        available = [v.strip() for v in m.group(1).split(",")] if m else []
        if not available:
            raise NoSuchVersion(f"PyPI has no {recipe.name}")
        if version is None:
            if removed:
                available = [v for v in available if (version_key(v) or ()) < (version_key(removed) or ())]
                if not available:
                    raise NoSuchVersion(f"PyPI has no {recipe.name} before {removed}")
            return available[0]
        if version not in available:
            raise NoSuchVersion(f"PyPI has no {recipe.name}=={version}")
        return version
    raise InstallError(f"unknown registry {recipe.registry!r}")


@dataclass(frozen=True)
class Installed:
    recipe: Recipe
    version: str
    folder: Path
    bin: str  # path of the executable (or interpreter) the steps run
    path_prefix: list[str]  # PATH entries to put first (node, the install's bin folder)


def node_for(version: str) -> Path:
    """A Node.js of the given major version from the npm registry (package `node`), cached."""
    folder = cache_root() / f"node@{version}"
    binary = folder / "node_modules" / ".bin"
    if not (binary / "node").exists():
        folder.mkdir(parents=True, exist_ok=True)
        _run(["npm", "install", "--prefix", str(folder), "--no-audit", "--no-fund", f"node@{version}"])
    return binary


def python_for(version: str) -> str:
    """An interpreter of the given Python minor version ("3.13"): on PATH, else one of pyenv's installs."""
    candidates = [found] if (found := shutil.which(f"python{version}")) else []
    pyenv_root = Path(os.environ.get("PYENV_ROOT") or Path.home() / ".pyenv")
    candidates += [str(p) for p in sorted((pyenv_root / "versions").glob(f"{version}.*/bin/python{version}"))[::-1]]
    for candidate in candidates:  # a pyenv shim is on PATH even when its version is not selected: try each
        done = subprocess.run([candidate, "-c", "import sys; print(sys.executable)"], capture_output=True, text=True)
        if done.returncode == 0 and done.stdout.strip():
            return done.stdout.strip()
    raise InstallError(f"no Python {version} here (install it, e.g. with pyenv, or put python{version} on PATH)")


def is_platform_package(name: str) -> bool:
    """Whether an npm package is the one named for this machine's platform, as `@ampcode/cli-linux-x64` is."""
    arch = {"x86_64": "x64", "aarch64": "arm64"}.get(platform.machine(), platform.machine())
    return name.endswith(f"-{sys.platform}-{arch}")


def missing_platform_package(package_dir: Path) -> str | None:
    """The optional dependency `name@version` of an npm package that carries its binary for this machine (named for
    the platform, as `@ampcode/cli-linux-x64`), when npm left it out; npm skips an optional dependency the registry
    lacks without a word, and the client then fails at its first run."""
    meta = json.loads((package_dir / "package.json").read_text(encoding="utf-8"))
    for name, wanted in (meta.get("optionalDependencies") or {}).items():
        if not is_platform_package(name):
            continue
        # npm puts it beside the package, or inside it when versions clash
        places = [package_dir.parents[meta["name"].count("/")] / name, package_dir / "node_modules" / name]
        if not any((place / "package.json").exists() for place in places):
            return f"{name}@{wanted}"
    return None


_NO_SUCH_VERSION = re.compile(r"No matching version found for (\S+)")


def unreleased_dependencies(npm_stderr: str) -> list[str]:
    """Each `name@version` npm found no release of, in the order named, once: npm's own or that of an npm run by a
    package's install script."""
    return list(dict.fromkeys(m.rstrip(".") for m in _NO_SUCH_VERSION.findall(npm_stderr)))


def _not_in_registry(recipe: Recipe, version: str, missing: list[str]) -> InstallError:
    return InstallError(
        f"{recipe.name}@{version} needs {', '.join(missing)}, which the npm registry does not have: "
        "try an earlier version"
    )


def npm_install_argv(recipe: Recipe, version: str, folder: Path, extra: tuple[str, ...] = ()) -> list[str]:
    """The `npm install` command line of the client at `version` into `folder`, with its extra packages, pins and
    npm flags."""
    argv = ["npm", "install", "--prefix", str(folder), "--no-audit", "--no-fund", "--omit=dev"]
    argv += [f"{recipe.name}@{version}", *(p.replace("$version", version) for p in extra)]
    return [*argv, *recipe.pins, *recipe.npm_flags]


def install(recipe: Recipe, version: str, agent: bool = False) -> Installed:
    """The client at `version`, installed once into the cache; with `agent`, beside its agent packages (a folder of
    its own, so that the client's plain runs keep a default install)."""
    pinned = "".join(f"+{_safe(pin)}" for pin in recipe.pins)  # an install with pins is another install
    extra = (*recipe.extra_packages, *(recipe.agent_packages if agent else ()))
    pinned += "+agent" * bool(agent and recipe.agent_packages)
    folder = cache_root() / f"{_safe(recipe.name)}@{_safe(version)}{pinned}"
    marker = folder / ".installed"
    prefix: list[str] = []
    if recipe.node:
        prefix.append(str(node_for(recipe.node)))
    if recipe.registry == "npm":
        bin_dir = folder / "node_modules" / ".bin"
        if not marker.exists():
            folder.mkdir(parents=True, exist_ok=True)
            env_path = ":".join([*prefix, os.environ.get("PATH", "")])
            argv = npm_install_argv(recipe, version, folder, extra)
            # run from the install folder: npm hands install scripts that folder as INIT_CWD, "the project", which
            # some write into (@ax-llm/ax copies its Claude Code skills to $INIT_CWD/.claude/skills)
            done = subprocess.run(
                argv, cwd=folder, capture_output=True, text=True, timeout=1200, env=os.environ | {"PATH": env_path}
            )
            if done.returncode != 0:
                if unreleased := unreleased_dependencies(done.stderr):
                    # a postinstall step that fetches the platform binary itself fails this way (Kilo 7.8.1)
                    raise _not_in_registry(recipe, version, unreleased)
                raise InstallError(f"npm install {recipe.name}@{version} failed: {done.stderr.strip()[-600:]}")
            package_dir = folder / "node_modules" / recipe.name
            if missing := missing_platform_package(package_dir):
                # a wrapper can be published before its platform binaries
                raise _not_in_registry(recipe, version, [missing])
            for command in recipe.post_install:
                subprocess.run(command, shell=True, cwd=package_dir, capture_output=True, timeout=600,
                               env=os.environ | {"PATH": env_path})  # fmt: skip
            marker.write_text(version)
        prefix.append(str(bin_dir))
        executable = recipe.bin if recipe.bin in ("node",) else str(bin_dir / recipe.bin)
    else:
        bin_dir = folder / "bin"
        if not marker.exists():
            if folder.exists():
                shutil.rmtree(folder)
            _run([python_for(recipe.python) if recipe.python else sys.executable, "-m", "venv", str(folder)])
            _run(
                [
                    str(bin_dir / "python"),
                    "-m",
                    "pip",
                    "install",
                    "-q",
                    f"{recipe.name}=={version}",
                    *(p.replace("$version", version) for p in extra),
                    *recipe.pins,
                ]
            )
            marker.write_text(version)
        prefix.append(str(bin_dir))
        executable = str(bin_dir / recipe.bin)
    return Installed(recipe, version, folder, executable, prefix)
