"""One harness run: a client at one version, each transport x mode in its own sandbox, each connection
the probe saw turned into a report with the `harness` block."""

from __future__ import annotations

import asyncio
import datetime as dt
import itertools
import json
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..model import HarnessInfo, ProbeReport
from ..model.probe import setup_words
from ..probe.config import Eras
from .install import Installed
from .recipe import Context, Mode, Recipe, Transport
from .sandbox import Isolation, environment

SCRIPTS = Path(__file__).parent / "scripts"
HTTP_PORT = 8765  # inside the run's own network namespace nothing else listens
MODEL_PORT = 8766  # the scripted model (harness/model.py), for recipes whose sessions use one


@dataclass(frozen=True)
class ProbeSetup:
    """How a run is set up beyond its transport: OAuth required (`probe run --auth`), the protocol eras the probe
    offers (`--era`), a Streamable HTTP session id it forgets after that many POSTs (`--expire-after`), to see
    whether the client starts a new session after the 404, a library run as an agent on the scripted model
    (`--agent`: the recipe's agent script instead of its plain one), and a run_scenarios that asks for no input in
    the 2026-07-28 era (`--no-input-requests`, for a client that never answers an input request)."""

    auth: bool = False
    eras: Eras = "both"
    expire_after: int | None = None
    agent: bool = False
    input_requests: bool = True

    @property
    def label(self) -> str:
        """What a run's label adds to its transport: `-auth`, `-handshake` / `-stateless`, `-expiry`, `-no-input`,
        `-agent`."""
        era = "" if self.eras == "both" else f"-{self.eras}"
        expiry = "-expiry" * bool(self.expire_after)
        return "-auth" * self.auth + era + expiry + "-no-input" * (not self.input_requests) + "-agent" * self.agent

    @property
    def words(self) -> str:
        """The setup as progress lines and `--like` plans say it: " with OAuth, stateless era only", or ""."""
        return " with OAuth" * self.auth + setup_words(self.eras, self.expire_after, self.agent, self.input_requests)

    def probe_options(self) -> list[str]:
        """The options of `canimcp probe serve` beyond the common ones (the stdio probe has neither)."""
        return ["--auth"] * self.auth + (["--expire-after", str(self.expire_after)] if self.expire_after else [])


PLAIN = ProbeSetup()  # both eras, no sign-in, sessions kept


@dataclass
class ModeRun:
    transport: Transport
    mode: Mode
    reports: list[ProbeReport] = field(default_factory=list)
    steps: list[dict[str, Any]] = field(default_factory=list)
    error: str | None = None
    seconds: float = 0.0
    setup: ProbeSetup = PLAIN

    @property
    def label(self) -> str:
        """The transport as reports and tables name it: `http-auth` when the probe required OAuth, `stdio-handshake`
        when it offered only the handshake era, `http-handshake-expiry` when it also forgot the session once."""
        return self.transport + self.setup.label

    @property
    def connected(self) -> bool:
        return any(r.client_info is not None or r.messages for r in self.reports)


ANSWER_TIMEOUT = 3.0  # seconds the probe waits for the client in a harness run
# how long a harness script keeps its connection open after its own calls: the probe's requests (one answer
# timeout), its three list changes one at a time (one each), and time to see an answer to the last
SCRIPT_HOLD = 5 * ANSWER_TIMEOUT


def probe_argv(
    transport: Transport, db: Path, port: int, setup: ProbeSetup = PLAIN, between_turns: bool = False
) -> list[str]:
    common = ["--db", f"sqlite:///{db}", "--answer-timeout", str(ANSWER_TIMEOUT), "--era", setup.eras]
    common += ["--between-turns"] * between_turns + ["--no-input-requests"] * (not setup.input_requests)
    if transport == "stdio":
        return [sys.executable, "-m", "canimcp", "probe", "stdio", *common, "--idle-timeout", "120"]
    return [sys.executable, "-m", "canimcp", "probe", "serve", "--port", str(port), *common, *setup.probe_options()]


def _signing_in(root: Path) -> dict[str, str]:
    """What a run that must sign in adds to the client's environment: CANIMCP_AUTH for the SDK scripts, and a
    browser (`$BROWSER`, which xdg-open hands the URL to) that approves the sign-in as a person would."""
    browser = root / "bin" / "browser"
    browser.parent.mkdir(parents=True, exist_ok=True)
    command = shlex.join([sys.executable, str(SCRIPTS / "browser.py")])
    browser.write_text(f'#!/bin/sh\nexec {command} "$@"\n')
    browser.chmod(0o755)
    return {"CANIMCP_AUTH": "1", "BROWSER": str(browser)}


def _report_id(client: str, version: str, transport: str, mode: str, index: int) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "-", f"{client}-{version}-{transport}-{mode}-{index}")


async def _read_reports(db: Path) -> list[ProbeReport]:
    from ..probe.report import build_report
    from ..store import open_store

    if not db.exists():
        return []
    store = open_store(f"sqlite:///{db}")
    await store.open()
    try:
        reports = []
        for row in reversed(await store.list_runs(limit=1000)):  # oldest first
            got = await store.get_run(row.id)
            if got is not None:
                reports.append(build_report(*got))
        return reports
    finally:
        await store.close()


def run_mode(
    installed: Installed, transport: Transport, mode: Mode, isolation: Isolation, keep: Path | None = None,
    setup: ProbeSetup = PLAIN,
) -> ModeRun:  # fmt: skip
    """One transport x mode in a fresh sandbox. `setup.auth`: the HTTP probe requires OAuth, and the recipe's script
    is told (CANIMCP_AUTH=1) to sign in, approving at the probe's authorization server as a person would.
    `setup.eras`: the protocol eras the probe offers (`both`, or `handshake` / `stateless` alone).
    `setup.expire_after`: the HTTP probe forgets the session id after that many POSTs (does the client start over?).
    `setup.agent`: the recipe's agent script runs instead of its plain one, with the scripted model listening."""
    recipe = installed.recipe
    auth = setup.auth
    result = ModeRun(transport, mode, setup=setup)
    root = Path(tempfile.mkdtemp(prefix=f"canimcp-{recipe.id}-"))
    try:
        own = {"CANIMCP_HOLD_SECONDS": str(SCRIPT_HOLD), **recipe.env, **(_signing_in(root) if auth else {})}
        model_url = f"http://127.0.0.1:{MODEL_PORT}"
        on_model = (recipe.model is not None or setup.agent) and mode == "session"
        if on_model:  # an agent script, or a library's plain script whose recipe has a model, finds it here
            own["CANIMCP_MODEL_URL"] = model_url
        env = environment(root, installed.path_prefix, own)
        work = root / "work"
        work.mkdir()
        db = root / "runs.sqlite3"
        # an agent on the scripted model calls run_scenarios again when a list change ended a call early
        stdio_probe = probe_argv("stdio", db, HTTP_PORT, setup, between_turns=on_model)  # (OAuth, expiry: HTTP only)
        script = ""
        chosen = recipe.agent_script if setup.agent else recipe.script
        helpers = list(recipe.script_helpers)
        if setup.agent and recipe.script:
            helpers.append(recipe.script)  # an agent script may take its connection code from the plain one
        if chosen:
            # next to the installed packages, so that the script's imports resolve there
            for helper in helpers:
                shutil.copyfile(SCRIPTS / helper, installed.folder / helper)
            target = installed.folder / Path(chosen).name
            shutil.copyfile(SCRIPTS / chosen, target)
            script = str(target)
        ctx = Context(
            bin=installed.bin, home=Path(env["HOME"]), work=work, probe_argv=stdio_probe,
            probe_url=f"http://127.0.0.1:{HTTP_PORT}/{'sse' if transport == 'sse' else 'mcp'}", script=script,
            transport=transport, model_url=model_url,
        )  # fmt: skip
        recipe.write_files(ctx)
        steps = recipe.steps(mode, transport, auth)
        services: dict[str, object] = {}
        if transport != "stdio":  # one HTTP probe serves both Streamable HTTP and the legacy SSE transport
            services["probe"] = {"argv": probe_argv(transport, db, HTTP_PORT, setup, on_model), "port": HTTP_PORT}
        if on_model:
            model_argv = [sys.executable, "-m", "canimcp.harness.model", str(MODEL_PORT), str(root / "model.jsonl")]
            services["model"] = {"argv": model_argv, "port": MODEL_PORT}
        spec = {
            "namespaced": isolation.namespaces, "env": env, "cwd": str(work), "results": str(root / "results.json"),
            "steps": [
                {"argv": s.expand(ctx), "timeout": s.timeout, "env": {k: ctx.fill(v) for k, v in s.env.items()},
                 "may_fail": s.may_fail}
                for s in steps
            ],
            "services": services,
        }  # fmt: skip
        (root / "spec.json").write_text(json.dumps(spec, indent=1))
        argv = isolation.wrap([sys.executable, "-m", "canimcp.harness.inside", str(root / "spec.json")])
        started = dt.datetime.now()
        process = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   start_new_session=True)  # fmt: skip
        try:
            _, err = process.communicate(timeout=recipe.timeout)
        except subprocess.TimeoutExpired:
            from .sandbox import kill_group

            kill_group(process)
            _, err = process.communicate()
            result.error = f"timed out after {recipe.timeout:.0f} s"
        result.seconds = (dt.datetime.now() - started).total_seconds()
        if (root / "results.json").exists():
            result.steps = json.loads((root / "results.json").read_text())["steps"]
        elif result.error is None:
            result.error = f"the sandbox did not run: {err.decode(errors='replace').strip()[-400:]}"
        result.reports = asyncio.run(_read_reports(db))
        for index, report in enumerate(result.reports):
            report.harness = HarnessInfo(
                client=recipe.id, package=recipe.package, version=installed.version, mode=mode, recipe=recipe.id,
                auth=auth, eras=setup.eras, expire_after=setup.expire_after, surface=recipe.surfaces.get(mode),
                pins=list(recipe.pins), agent=setup.agent, input_requests=setup.input_requests,
            )  # fmt: skip
            setattr(report, "run", report.id)  # the probe's own run id, kept beside the stable one  # noqa: B010
            report.id = _report_id(recipe.id, installed.version, result.label, mode, index)
        if keep is not None:  # the sandbox's folder (HOME, work folder, results.json, the model's log) as it was
            shutil.copytree(root, keep / f"{result.label}-{mode}", dirs_exist_ok=True)
        return result
    finally:
        shutil.rmtree(root, ignore_errors=True)


def run_client(
    recipe: Recipe, installed: Installed, transports: list[Transport], modes: list[Mode], isolation: Isolation,
    progress: Callable[[str], None] = lambda _: None, setup: ProbeSetup = PLAIN, keep: Path | None = None,
) -> list[ModeRun]:  # fmt: skip
    """Each transport x mode of the recipe in `setup`; `keep`: copy each run's sandbox folder to
    KEEP/<client>-<version>/<label>-<mode> (the run's label: its transport and setup, as in http-handshake-session)."""
    runs = []
    kept = keep / f"{recipe.id}-{installed.version}" if keep is not None else None
    for transport in transports:
        # OAuth and session expiry are the probe's over Streamable HTTP only
        if transport not in recipe.transports or ((setup.auth or setup.expire_after) and transport != "http"):
            continue
        for mode in modes:
            if mode not in recipe.modes:
                continue
            progress(f"{recipe.id}@{installed.version}: {transport}{setup.words} {mode}")
            runs.append(run_mode(installed, transport, mode, isolation, keep=kept, setup=setup))
    return runs


def write_reports(runs: list[ModeRun], out: Path, client: str) -> list[Path]:
    """Each report as OUT/<client>/<id>.json. A run of a version and setup already in the folder takes the next
    free connection numbers (its reports' ids follow), so that running again adds evidence and replaces none."""
    folder = out / client
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for run in runs:
        for report in run.reports:
            path = folder / f"{report.id}.json"
            if path.exists():
                stem = report.id.rsplit("-", 1)[0]
                index = next(i for i in itertools.count() if not (folder / f"{stem}-{i}.json").exists())
                report.id = f"{stem}-{index}"
                path = folder / f"{report.id}.json"
            path.write_text(report.model_dump_json(by_alias=True, indent=1), encoding="utf-8")
            written.append(path)
    return written
