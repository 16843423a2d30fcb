"""What the harness says when npm cannot install a release: the dependency the registry has no release of is named.
npm runs for real, against a registry served on loopback that knows one package at one version."""

from __future__ import annotations

import json
import shutil
import subprocess
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from canimcp.harness.install import unreleased_dependencies

PACKUMENT = {
    "name": "@acme/cli",
    "dist-tags": {"latest": "1.0.0"},
    "versions": {"1.0.0": {"name": "@acme/cli", "version": "1.0.0", "dist": {"tarball": "http://127.0.0.1/x.tgz"}}},
}


class _Registry(BaseHTTPRequestHandler):
    def do_GET(self) -> None:  # the name http.server calls
        known = self.path.lower() in ("/@acme%2fcli", "/@acme/cli")
        body = json.dumps(PACKUMENT if known else {"error": "Not found"}).encode()
        self.send_response(200 if known else 404)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def registry() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Registry)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()


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
