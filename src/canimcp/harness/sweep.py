"""Running one or many clients: resolve, install, run each transport x mode, write and store the
reports, and compare with the client's previous version."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

from ..model import ProbeReport
from .drift import diff_versions, load_reports, previous_version
from .install import InstallError, NoSuchVersion, install, resolve_version
from .recipe import Mode, Transport
from .recipes import RECIPES
from .repeat import Repeat, plans_like
from .run import PLAIN, ModeRun, ProbeSetup, run_client, write_reports
from .sandbox import SandboxUnavailable, isolation


class SweepError(RuntimeError):
    """A usage-level failure: unknown version, no sandbox. Exit code 2."""


@dataclass
class Summary:
    rows: list[tuple[str, ...]] = field(default_factory=list)
    drift: list[str] = field(default_factory=list)
    # for each run with no connection, what the client printed last: a status command may say why it did not connect
    said: list[str] = field(default_factory=list)
    all_connected: bool = True
    install_failed: bool = False


async def store_reports(db: str | None, reports: list[ProbeReport]) -> None:
    """Copy reports into the run store, so `canimcp probe list/show` finds harness runs too."""
    from ..probe.rejudge import stored_run
    from ..store import RunRow, open_store

    store = open_store(db)
    await store.open()
    try:
        for report in reports:
            fields = report.model_dump(
                by_alias=True, exclude={"id", "started", "ended", "transport", "era", "messages"}
            )
            fields["report"] = report.id
            # the probe's own run id is unique per run; the report id is stable across re-runs of a version
            run_id = str(getattr(report, "run", None) or report.id)
            await store.create_run(RunRow(run_id, report.started, report.transport, report.era, report.ended, fields))
            for message in stored_run(report)[1]:  # every message as the probe stored it, HTTP and SSE marks included
                await store.append(run_id, message)
    finally:
        await store.close()


def _row(client: str, version: str, run: ModeRun) -> tuple[str, ...]:
    first = next((r for r in run.reports if r.client_info is not None), None)
    info = f"{first.client_info.get('name')} {first.client_info.get('version')}" if first and first.client_info else "-"
    if run.connected:
        verdict = "connected"
    else:
        failed = _failed_step(run)
        verdict = run.error or (f"no connection (rc {failed['rc']})" if failed else "no connection")
    protocol = (first.protocol_version or "-") if first else "-"
    return (client, version, run.label, run.mode, str(len(run.reports)), protocol, info, verdict)


def _failed_step(run: ModeRun) -> dict[str, Any] | None:
    """The first step that exited with an error or timed out."""
    return next((s for s in run.steps if s.get("rc") not in (0, None) or s.get("timed_out")), None)


def said_without_connecting(client: str, version: str, run: ModeRun, limit: int = 400) -> str | None:
    """The end of what the client printed in a run in which it made no connection (the step that failed, else its
    last step), on one line with control characters left out; None when it connected or printed nothing."""
    if run.connected or not run.steps:
        return None
    step = _failed_step(run) or run.steps[-1]
    text = " ".join(f"{step.get('stdout') or ''} {step.get('stderr') or ''}".split())
    text = "".join(ch for ch in text if ch.isprintable())
    if not text:
        return None
    shown = text if len(text) <= limit else "…" + text[-limit:]
    return f"{client}@{version} {run.label} {run.mode}, no connection; it printed: {shown}"


def run_targets(
    targets: list[tuple[str, str | None]], transports: list[Transport], modes: list[Mode], out: Path,
    db: str | None, allow_network_fallback: bool, console: Console, setup: ProbeSetup = PLAIN, compare: bool = True,
    keep: Path | None = None,
) -> Summary:  # fmt: skip
    """Each target's transport x mode runs in `setup`; `compare`: then what changed since its previous version;
    `keep`: where each run's sandbox folder is copied (see run_client)."""
    try:
        sandbox = isolation(allow_network_fallback)
    except SandboxUnavailable as exc:
        raise SweepError(str(exc)) from None
    summary = Summary()
    single = len(targets) == 1
    with Progress(SpinnerColumn(), TextColumn("{task.description}"), TimeElapsedColumn(), console=console) as bar:
        task = bar.add_task("starting", total=None)
        for client, wanted in targets:
            recipe = RECIPES[client]
            try:
                bar.update(task, description=f"{client}: resolving version")
                version = resolve_version(recipe, wanted)
                recipe = recipe.for_version(version)
                bar.update(task, description=f"{client}@{version}: installing")
                installed = install(recipe, version, agent=setup.agent)
            except NoSuchVersion as exc:
                if single:
                    raise SweepError(str(exc)) from None
                summary.rows.append((client, wanted or "?", "-", "-", "0", "-", "-", str(exc)))
                summary.all_connected = False
                continue
            except InstallError as exc:
                summary.rows.append((client, wanted or "?", "-", "-", "0", "-", "-", f"install failed: {exc}"[:200]))
                summary.all_connected = False
                summary.install_failed = True
                continue
            runs = run_client(recipe, installed, transports, modes, sandbox,
                              lambda text: bar.update(task, description=text), setup=setup, keep=keep)  # fmt: skip
            write_reports(runs, out, client)
            reports = [r for run in runs for r in run.reports]
            if reports:
                asyncio.run(store_reports(db, reports))
            for run in runs:
                summary.rows.append(_row(client, version, run))
                summary.all_connected &= run.connected
                if (said := said_without_connecting(client, version, run)) is not None:
                    summary.said.append(said)
            if compare:
                summary.drift += drift_lines(out, client, version)
    return summary


def repeat_runs(
    client: str, wanted: str | None, like: str, out: Path, db: str | None, allow_network_fallback: bool,
    console: Console, keep: Path | None = None,
) -> tuple[Summary, Repeat]:  # fmt: skip
    """Run `client` at `wanted` (default: its latest release) in every setup of its runs of version `like` under
    `out` (`probe run --like`), then compare the two versions."""
    repeat = _plans(out, client, like)
    try:
        version = resolve_version(RECIPES[client], wanted)
    except NoSuchVersion as exc:
        raise SweepError(str(exc)) from None
    if version == like:
        raise SweepError(f"{client} {version} is the version --like names: give another to compare with it")
    summary = Summary()
    for number, plan in enumerate(repeat.plans, 1):
        console.print(f"{client}@{version} like {like}, {number}/{len(repeat.plans)}: {plan}")
        done = run_targets([(client, version)], list(plan.transports), [plan.mode], out, db, allow_network_fallback,
                           console, plan.setup, compare=False, keep=keep)  # fmt: skip
        summary.rows += done.rows
        summary.said += done.said
        summary.all_connected &= done.all_connected
        if done.install_failed:  # the same release fails to install for every setup: say it once
            break
    summary.drift = drift_lines(out, client, version, before=like)
    return summary, repeat


def _plans(out: Path, client: str, like: str) -> Repeat:
    try:
        return plans_like(load_reports(out / client), client, like)
    except LookupError as exc:
        raise SweepError(f"{exc} in {out / client}") from None


def drift_lines(out: Path, client: str, version: str, before: str | None = None) -> list[str]:
    """What changed in the client's runs under `out` from `before` (default: its previous version with runs) to
    `version`, one line each; nothing when there is no earlier version or no connection to compare."""
    history = load_reports(out / client)
    before = before or previous_version(history, version)
    if not before:
        return []
    try:
        changes = diff_versions(history, before, version)
    except LookupError:  # no connection of one of the versions sent clientInfo: nothing to compare
        return []
    return [f"drift {client} {before} -> {version}: {c}" for c in changes] or [
        f"drift {client} {before} -> {version}: none"
    ]
