"""`canimcp probe run | diff | review | rejudge`: real clients against the probe, and what their runs show."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.table import Table

from .probe import EraOption, checked_era
from .probe import probe as probe_app

if TYPE_CHECKING:
    from ..harness.sweep import Summary

console = Console(stderr=True)


def _split(target: str) -> tuple[str, str | None]:
    client, _, version = target.partition("@")
    return client, version or None


@probe_app.command("run")
def run(
    target: Annotated[str | None, typer.Argument(help="CLIENT or CLIENT@VERSION (a recipe id).")] = None,
    transport: Annotated[
        str, typer.Option("--transport", help="stdio, http (Streamable HTTP), sse (legacy HTTP+SSE) or all.")
    ] = "all",
    mode: Annotated[str, typer.Option("--mode", help="health, session or all.")] = "all",
    out: Annotated[Path, typer.Option("--out", help="Where reports go: OUT/<client>/<report-id>.json.")] = Path(
        "canimcp-runs"
    ),
    db: Annotated[str | None, typer.Option("--db", help="Also store the runs here (default run store).")] = None,
    all_clients: Annotated[bool, typer.Option("--all", help="Every recipe, latest versions.")] = False,
    allow_network_fallback: Annotated[
        bool, typer.Option("--allow-network-fallback", help="Run without a network namespace if none can be made.")
    ] = False,
    auth: Annotated[
        bool,
        typer.Option(
            "--auth", help="HTTP only: the probe requires OAuth, and the client signs in at its authorization server."
        ),
    ] = False,
    era: EraOption = "both",
    expire_after: Annotated[
        int | None,
        typer.Option(
            "--expire-after",
            min=1,
            help="Streamable HTTP only: the probe forgets the session after N POSTs (404 from then on), to see "
            "whether the client starts a new one; needs sessions, so the handshake era (--era handshake).",
        ),
    ] = None,
    agent: Annotated[
        bool,
        typer.Option(
            "--agent",
            help="Libraries: run the recipe's agent script (the framework's own agent on a scripted model) instead of "
            "its plain script, to see what of the server's instructions and tool results reaches a model.",
        ),
    ] = False,
    no_input_requests: Annotated[
        bool,
        typer.Option(
            "--no-input-requests",
            help="The probe's run_scenarios completes at once in the 2026-07-28 era instead of asking for roots, "
            "sampling and elicitation: for a client that never answers an input request, to see what it does next.",
        ),
    ] = False,
    keep: Annotated[
        Path | None,
        typer.Option(
            "--keep",
            metavar="DIR",
            file_okay=False,  # refused before anything runs, not after a run whose reports would then be lost
            help="Keep a copy of each run's sandbox (its HOME and work folder, every step's output in results.json, "
            "the scripted model's log) in DIR/<client>-<version>/<setup>-<mode> (stdio-session, http-handshake-health, "
            "…), to see what the client did.",
        ),
    ] = None,
    like: Annotated[
        str | None,
        typer.Option(
            "--like",
            metavar="VERSION",
            help="Run the client (at the version given, else its latest release) in every setup that its runs of "
            "this earlier VERSION under --out had (transports, modes, eras, sign-in, expiry, input requests, agent), "
            "then say what changed between the two.",
        ),
    ] = None,
) -> None:
    """Install a real client, sandbox it, point it at the probe: one report per connection."""
    from ..harness.recipes import RECIPES, UNRUNNABLE
    from ..harness.run import ProbeSetup
    from ..harness.sweep import SweepError, repeat_runs, run_targets

    if transport not in ("stdio", "http", "sse", "all") or mode not in ("health", "session", "all"):
        raise typer.BadParameter("--transport is stdio, http, sse or all; --mode is health, session or all")
    if all_clients == (target is not None):
        raise typer.BadParameter("give one CLIENT[@VERSION], or --all")
    eras = checked_era(era)
    chosen = [flag for flag, given in (("--all", all_clients), ("--transport", transport != "all"),
              ("--mode", mode != "all"), ("--auth", auth), ("--era", era != "both"),
              ("--expire-after", expire_after), ("--agent", agent), ("--no-input-requests", no_input_requests))
              if given]  # fmt: skip
    if like and chosen:
        typer.echo(f"error: --like repeats the setups of the earlier runs; it takes no {', '.join(chosen)}", err=True)
        raise typer.Exit(2)
    if auth and transport == "stdio":
        raise typer.BadParameter("--auth is for the HTTP transport: OAuth has no part in stdio")
    if auth and transport == "sse":
        raise typer.BadParameter("--auth is for the Streamable HTTP transport: the probe asks for sign-in only there")
    if expire_after and transport in ("stdio", "sse"):
        raise typer.BadParameter(f"--expire-after is for the Streamable HTTP transport: {transport} has no session id")
    if no_input_requests and eras == "handshake":
        raise typer.BadParameter(
            "--no-input-requests is for the 2026-07-28 era: the handshake era has no input requests"
        )
    if agent and mode == "health":
        raise typer.BadParameter("--agent runs a library's agent script, a session: there is no health check of it")
    if agent and auth:
        raise typer.BadParameter("--agent and --auth: the agent scripts do not sign in (the plain scripts do)")
    wanted = [c for c in RECIPES if (RECIPES[c].auth or not auth) and (RECIPES[c].agent_script or not agent)]
    targets = [(c, None) for c in wanted] if all_clients else [_split(target or "")]
    for client, _ in targets:
        if client not in RECIPES:
            why = f": {UNRUNNABLE[client].reason}" if client in UNRUNNABLE else f"; known: {', '.join(sorted(RECIPES))}"
            typer.echo(f"error: no recipe for '{client}'{why}", err=True)
            raise typer.Exit(2)
        if agent and not RECIPES[client].agent_script:
            can = ", ".join(sorted(c for c, r in RECIPES.items() if r.agent_script))
            typer.echo(f"error: the recipe for '{client}' has no agent script (--agent works for: {can})", err=True)
            raise typer.Exit(2)
        if auth and not RECIPES[client].auth:
            can = ", ".join(sorted(c for c, r in RECIPES.items() if r.auth))
            typer.echo(f"error: the recipe for '{client}' cannot sign in inside the sandbox (--auth works for: {can})",
                       err=True)  # fmt: skip
            raise typer.Exit(2)
    if like:
        client, version = targets[0]
        try:
            summary, repeat = repeat_runs(client, version, like, out, db, allow_network_fallback, console, keep)
        except SweepError as exc:
            typer.echo(f"error: {exc}", err=True)
            raise typer.Exit(2) from None
        _print(summary)
        for report_id in repeat.by_hand:
            typer.echo(f"not repeated, made by hand: {report_id}")
        raise typer.Exit(0 if summary.all_connected else 1)
    only_http = auth or expire_after
    transports = ["http"] if only_http else ["stdio", "http", "sse"] if transport == "all" else [transport]
    modes = ["session"] if agent else ["health", "session"] if mode == "all" else [mode]
    if not all_clients:  # one client asked for by name: say so when it has nothing of what was asked
        recipe = RECIPES[targets[0][0]]
        for asked, has, what in ((modes, recipe.modes, "mode"), (transports, recipe.transports, "transport")):
            if not set(asked) & set(has):
                typer.echo(f"error: the recipe for '{recipe.id}' has no {' or '.join(asked)} {what} "
                           f"(it has: {', '.join(has)})", err=True)  # fmt: skip
                raise typer.Exit(2)
    try:
        setup = ProbeSetup(
            auth=auth, eras=eras, expire_after=expire_after, agent=agent, input_requests=not no_input_requests
        )
        summary = run_targets(targets, transports, modes, out, db, allow_network_fallback, console, setup, keep=keep)  # type: ignore[arg-type]
    except SweepError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from None
    _print(summary)
    raise typer.Exit(0 if summary.all_connected else 1)


def _print(summary: Summary) -> None:
    table = Table("client", "version", "transport", "mode", "connections", "protocol", "clientInfo", "result")
    for row in summary.rows:
        table.add_row(*row)
    Console(width=max(Console().width, 150)).print(table)
    for line in summary.said:
        typer.echo(line)
    for line in summary.drift:
        typer.echo(line)


@probe_app.command("diff")
def diff(
    client: Annotated[str, typer.Argument(help="Client id.")],
    v1: Annotated[str, typer.Argument(help="Older version.")],
    v2: Annotated[str, typer.Argument(help="Newer version.")],
    out: Annotated[Path, typer.Option("--out", help="Where the reports are.")] = Path("canimcp-runs"),
) -> None:
    """What changed between two versions' runs: capabilities, clientInfo, protocol version, behaviour."""
    from ..harness.drift import diff_versions, load_reports

    reports = load_reports(out / client)
    try:
        changes = diff_versions(reports, v1, v2)
    except LookupError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from None
    for line in changes or [f"{client}: no change between {v1} and {v2}"]:
        typer.echo(line)


@probe_app.command("outdated")
def outdated(
    clients: Annotated[list[str] | None, typer.Argument(help="Client ids (default: every recipe).")] = None,
    data: Annotated[Path | None, typer.Option("--data", help="Knowledge base directory.", file_okay=False)] = None,
) -> None:
    """Clients whose registry has a release newer than their newest stored runs, each with the command that runs it
    the way its newest release was run. Exit 1 when any is behind with a release that installs here."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    from ..harness.outdated import standings
    from ..harness.recipes import RECIPES
    from ..kb.loader import bundled_data_dir

    wanted = clients or sorted(RECIPES)
    unknown = [c for c in wanted if c not in RECIPES]
    if unknown:
        named = ", ".join(map(repr, unknown))
        typer.echo(f"error: no recipe for {named}; known: {', '.join(sorted(RECIPES))}", err=True)
        raise typer.Exit(2)
    runs = (data or bundled_data_dir()) / "probes"
    if not runs.is_dir():
        typer.echo(f"error: no probe runs folder at {runs}", err=True)
        raise typer.Exit(2)
    columns = (TextColumn("registries"), BarColumn(), MofNCompleteColumn())
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task("", total=len(wanted))
        found = standings(runs, wanted, lambda _: bar.advance(task))
    table = Table("client", "newest run", "latest release", "status")
    for standing in found:
        table.add_row(standing.client, standing.probed or "-", standing.latest or "-", standing.status)
    Console(width=max(Console().width, 120)).print(table)
    runnable = [s for s in found if s.runnable]
    for standing in runnable:
        typer.echo(f"canimcp probe run {standing.client} --like {standing.probed} --out {runs}")
    raise typer.Exit(1 if runnable else 0)


@probe_app.command("review")
def review(
    data: Annotated[Path | None, typer.Option("--data", help="Knowledge base directory.")] = None,
    output_format: Annotated[str, typer.Option("--format", help="text or json.")] = "text",
) -> None:
    """Where probe runs disagree with hand-written support statements."""
    from ..harness.evidence import disagreements
    from ..kb import load_kb

    items = disagreements(load_kb(data))
    if output_format == "json":
        typer.echo(json.dumps([i.as_dict() for i in items], indent=2))
    else:
        for item in items:
            typer.echo(str(item))
        typer.echo(f"{len(items)} disagreement(s)", err=True)


@probe_app.command("rejudge")
def rejudge(
    paths: Annotated[
        list[Path] | None, typer.Argument(help="Report files or folders (default: the probes/ of --data).")
    ] = None,
    data: Annotated[Path | None, typer.Option("--data", help="Knowledge base directory.", file_okay=False)] = None,
    write: Annotated[bool, typer.Option("--write", help="Rewrite the verdicts in the files that changed.")] = False,
) -> None:
    """Judge stored reports again from their messages, with today's scenarios. Exit 1 when a verdict changed
    and was not written."""
    from ..kb.loader import bundled_data_dir
    from ..model import ProbeReport
    from ..probe.rejudge import changes, rejudged, rewrite_features

    roots = paths or [(data or bundled_data_dir()) / "probes"]
    missing = [str(root) for root in roots if not root.exists()]
    if missing:
        typer.echo(f"error: no such file or folder: {', '.join(missing)}", err=True)
        raise typer.Exit(2)
    files = sorted({f for root in roots for f in ([root] if root.is_file() else root.rglob("*.json"))})
    if not files:
        typer.echo(f"error: no report files in {', '.join(map(str, roots))}", err=True)
        raise typer.Exit(2)
    changed = 0
    for path in files:
        try:
            report = ProbeReport.model_validate_json(path.read_bytes())
        except ValueError as exc:
            typer.echo(f"error: {path}: not a probe report ({str(exc).splitlines()[0]})", err=True)
            raise typer.Exit(2) from None
        new = rejudged(report)
        lines = changes(report.features, new)
        if not lines:
            continue
        changed += 1
        typer.echo(f"{path}:")
        for line in lines:
            typer.echo(f"  {line}")
        if write:
            rewrite_features(path, new)
    done = "rewritten" if write else "would change (--write rewrites them)"
    typer.echo(
        f"{len(files)} report(s), {changed} {done}" if changed else f"{len(files)} report(s), all current", err=True
    )
    raise typer.Exit(1 if changed and not write else 0)


def register(app: typer.Typer) -> None:
    """The commands attach to the `probe` group when this module is imported."""
