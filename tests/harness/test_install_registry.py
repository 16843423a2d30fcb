"""What the harness says when npm cannot install a release: the dependency the registry has no release of is named;
a recipe's npm flags reach the install; an install script's idea of "the project" is the install folder. npm runs for
real, against registries served on loopback that know one package at one version."""

from __future__ import annotations

import dataclasses
import io
import json
import shutil
import subprocess
import tarfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from canimcp.harness.install import NoSuchVersion, install, npm_install_argv, resolve_version, unreleased_dependencies
from canimcp.harness.recipe import Recipe, step

PACKUMENT = {
    "name": "@acme/cli",
    "dist-tags": {"latest": "1.0.0"},
    "versions": {"1.0.0": {"name": "@acme/cli", "version": "1.0.0", "dist": {"tarball": "http://127.0.0.1/x.tgz"}}},
}


class _Registry(BaseHTTPRequestHandler):
    def do_GET(self) -> None:  # the name http.server calls
        known = self.path.lower() in ("/@acme%2fcli", "/@acme/cli")
        body = json.dumps(PACKUMENT if known else {"error": "Not found"}).encode()
        self.send(200 if known else 404, "application/json", body)

    def send(self, status: int, kind: str, body: bytes) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@contextmanager
def _serving(handler: type[BaseHTTPRequestHandler]) -> Iterator[str]:
    """The registry's URL while it is served on loopback."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()


@pytest.fixture
def registry() -> Iterator[str]:
    with _serving(_Registry) as url:
        yield url


@pytest.mark.skipif(shutil.which("npm") is None, reason="npm is not installed")
def test_an_unreleased_version_is_named_from_what_npm_printed(registry: str, tmp_path: Path) -> None:
    argv = ["npm", "install", "--prefix", str(tmp_path), "--no-audit", "--no-fund", "--registry", registry]
    done = subprocess.run([*argv, "@acme/cli@2.0.0"], capture_output=True, text=True, timeout=120)
    assert done.returncode != 0
    assert unreleased_dependencies(done.stderr) == ["@acme/cli@2.0.0"]


def test_an_install_script_that_runs_npm_names_each_missing_binary_once() -> None:
    # the shape of Kilo 7.8.1's failure: its postinstall step runs npm, whose errors npm prints prefixed again
    printed = "\n".join(
        [
            "npm error code 1",
            "npm error command sh -c node ./postinstall.mjs",
            "npm error npm error code ETARGET",
            "npm error npm error notarget No matching version found for @kilocode/cli-linux-x64@7.8.1.",
            "npm error npm error notarget No matching version found for @kilocode/cli-linux-x64-musl@7.8.1.",
            "npm error npm error notarget No matching version found for @kilocode/cli-linux-x64@7.8.1.",
        ]
    )
    assert unreleased_dependencies(printed) == ["@kilocode/cli-linux-x64@7.8.1", "@kilocode/cli-linux-x64-musl@7.8.1"]
    assert unreleased_dependencies("npm error code E404\nnpm error 404 Not Found - GET x") == []


def _tarball(package_json: dict[str, object]) -> bytes:
    data = json.dumps(package_json).encode()
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w:gz") as tar:
        info = tarfile.TarInfo("package/package.json")
        info.size = len(data)
        tar.addfile(info, io.BytesIO(data))
    return out.getvalue()


@contextmanager
def _registry_of(name: str, scripts: dict[str, str]) -> Iterator[str]:
    """A registry that knows `name` 1.0.0, a package with nothing but these npm scripts."""
    version: dict[str, object] = {"name": name, "version": "1.0.0", "scripts": scripts}
    tarball = _tarball(version)

    class Handler(_Registry):
        def do_GET(self) -> None:
            port = self.server.server_address[1]
            if self.path.endswith(".tgz"):
                self.send(200, "application/octet-stream", tarball)
                return
            version["dist"] = {"tarball": f"http://127.0.0.1:{port}/package-1.0.0.tgz"}
            packument = {"name": name, "dist-tags": {"latest": "1.0.0"}, "versions": {"1.0.0": version}}
            self.send(200, "application/json", json.dumps(packument).encode())

    with _serving(Handler) as url:
        yield url


@pytest.fixture
def registry_with_failing_install_script() -> Iterator[str]:
    """A registry that knows `@acme/fetcher` 1.0.0, whose install script fails (as one that downloads from outside the
    registries does here)."""
    with _registry_of("@acme/fetcher", {"install": "exit 3"}) as url:
        yield url


@pytest.mark.skipif(shutil.which("npm") is None, reason="npm is not installed")
def test_a_recipes_npm_flags_reach_the_install(registry_with_failing_install_script: str, tmp_path: Path) -> None:
    # Cipher's case: a dependency's install script cannot run here, and the client runs without what it builds
    plain = Recipe(id="fetcher", package="npm:@acme/fetcher", bin="fetcher", modes={"session": (step("x"),)})
    flagged = dataclasses.replace(plain, npm_flags=("--ignore-scripts",))
    for recipe, folder in ((plain, tmp_path / "plain"), (flagged, tmp_path / "flagged")):
        argv = [*npm_install_argv(recipe, "1.0.0", folder), "--registry", registry_with_failing_install_script]
        argv += ["--cache", str(tmp_path / "npm-cache")]
        done = subprocess.run(argv, capture_output=True, text=True, timeout=120)
        installed = (folder / "node_modules" / "@acme" / "fetcher" / "package.json").exists()
        if recipe is plain:
            assert done.returncode != 0 and "exit 3" in done.stderr, done.stderr[-400:]
        else:
            assert done.returncode == 0 and installed, done.stderr[-400:]


@pytest.mark.skipif(shutil.which("npm") is None, reason="npm is not installed")
def test_an_install_script_writing_into_the_project_writes_into_the_install_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # @ax-llm/ax's postinstall copies files into $INIT_CWD/.claude/skills: npm's INIT_CWD is where npm was started,
    # which must be the client's own install folder and never the folder canimcp runs in
    writes = "node -e \"require('fs').writeFileSync(require('path').join(process.env.INIT_CWD, 'touched'), '')\""
    started_in = tmp_path / "checkout"
    started_in.mkdir()
    monkeypatch.chdir(started_in)
    monkeypatch.setenv("CANIMCP_CLIENT_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("npm_config_cache", str(tmp_path / "npm-cache"))
    recipe = Recipe(id="writer", package="npm:@acme/writer", bin="writer", modes={"session": (step("x"),)})
    with _registry_of("@acme/writer", {"postinstall": writes}) as url:
        monkeypatch.setenv("npm_config_registry", url)
        installed = install(recipe, "1.0.0")
    assert (installed.folder / "touched").exists()
    assert list(started_in.iterdir()) == []


class _HandRegistry(_Registry):
    """Knows `@acme/hand` in four releases; the newest, like Stagehand's 4.x, no longer has the MCP client."""

    def do_GET(self) -> None:
        versions = {
            v: {"name": "@acme/hand", "version": v, "dist": {"tarball": "http://127.0.0.1/x.tgz"}}
            for v in ("3.9.0", "3.10.0", "4.0.0", "4.4.0")
        }
        packument = {"name": "@acme/hand", "dist-tags": {"latest": "4.4.0"}, "versions": versions}
        self.send(200, "application/json", json.dumps(packument).encode())


@pytest.mark.skipif(shutil.which("npm") is None, reason="npm is not installed")
def test_a_client_removed_in_a_release_resolves_to_the_newest_release_before_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    recipe = Recipe(id="hand", package="npm:@acme/hand", bin="node", modes={"session": (step("x"),)})
    removed = dataclasses.replace(recipe, client_removed_in="4.0.0")
    with _serving(_HandRegistry) as url:
        monkeypatch.setenv("npm_config_registry", url)
        monkeypatch.setenv("npm_config_cache", str(tmp_path / "npm-cache"))
        assert resolve_version(recipe, None) == "4.4.0"
        assert resolve_version(removed, None) == "3.10.0"  # by version, not by the order npm prints them in
        assert resolve_version(removed, "3.9.0") == "3.9.0"
        with pytest.raises(NoSuchVersion, match="has no MCP client"):
            resolve_version(removed, "4.4.0")
