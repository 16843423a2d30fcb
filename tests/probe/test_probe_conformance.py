"""The official conformance suite (`@modelcontextprotocol/conformance`, on the node 22 that .ci/setup.d/20-probe.sh
installs) runs its server scenarios against `canimcp probe serve --conformance`: every active scenario passes."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
from probe_support import http_probe, node_modules, runs

SUITE = "@modelcontextprotocol/conformance"


@pytest.mark.skipif(
    node_modules() is None or not (node_modules() / SUITE).is_dir(),  # type: ignore[operator]
    reason="npm packages not installed (.ci/setup.d/20-probe.sh)",
)
def test_conformance_server_scenarios(db: str, tmp_path: Path) -> None:
    modules = node_modules()
    assert modules is not None
    env = {**os.environ, "PATH": f"{modules / '.bin'}{os.pathsep}{os.environ['PATH']}"}  # node 22 first
    results = tmp_path / "results"
    with http_probe(db, "--conformance") as base:
        done = subprocess.run(
            ["conformance", "server", "--url", base + "/mcp", "-o", str(results)],
            env=env,
            capture_output=True,
            text=True,
            timeout=600,
        )
    checks = [check for path in results.glob("*/checks.json") for check in json.loads(path.read_text())]
    failed = [f"{c['id']}: {c.get('errorMessage')}" for c in checks if c["status"] not in ("SUCCESS", "INFO")]
    assert done.returncode == 0 and not failed, done.stdout[-3000:] + "\n" + "\n".join(failed)
    assert len({path.parent.name.rsplit("-", 6)[0] for path in results.glob("*/checks.json")}) >= 30
    assert len(checks) >= 39
    # the probe recorded the suite like any other client
    assert {r.fields.get("clientInfo", {}).get("name") for r in runs(db)} - {None}
