"""Running one or many clients: resolve, install, run each transport x mode, write and store the
reports, and compare with the client's previous version."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from pathlib import Path

from rich.console import Console
from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

from ..model import ProbeReport
from .drift import diff_versions, load_reports, previous_version
from .install import InstallError, NoSuchVersion, install, resolve_version
from .recipe import Mode, Transport
from .recipes import RECIPES
from .run import PLAIN, ModeRun, ProbeSetup, run_client, write_reports
from .sandbox import SandboxUnavailable, isolation


class SweepError(RuntimeError):
    """A usage-level failure: unknown version, no sandbox. Exit code 2."""


@dataclass
class Summary:
    rows: list[tuple[str, ...]] = field(default_factory=list)
    drift: list[str] = field(default_factory=list)
    all_connected: bool = True


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
        failed = next((s for s in run.steps if s.get("rc") not in (0, None) or s.get("timed_out")), None)
        verdict = run.error or (f"no connection (rc {failed['rc']})" if failed else "no connection")
    protocol = (first.protocol_version or "-") if first else "-"
    return (client, version, run.label, run.mode, str(len(run.reports)), protocol, info, verdict)


def run_targets(
    targets: list[tuple[str, str | None]], transports: list[Transport], modes: list[Mode], out: Path,
    db: str | None, allow_network_fallback: bool, console: Console, setup: ProbeSetup = PLAIN,
) -> Summary:  # fmt: skip
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
                continue
            runs = run_client(recipe, installed, transports, modes, sandbox,
                              lambda text: bar.update(task, description=text), setup=setup)  # fmt: skip
            write_reports(runs, out, client)
            reports = [r for run in runs for r in run.reports]
            if reports:
                asyncio.run(store_reports(db, reports))
            for run in runs:
                summary.rows.append(_row(client, version, run))
                summary.all_connected &= run.connected
            history = load_reports(out / client)
            before = previous_version(history, version)
            if before:
                try:
                    changes = diff_versions(history, before, version)
                except LookupError:  # no connection of this version sent clientInfo: nothing to compare
                    continue
                summary.drift += [f"drift {client} {before} -> {version}: {c}" for c in changes] or [
                    f"drift {client} {before} -> {version}: none"
                ]
    return summary
