"""`canimcp probe stdio|serve|list|show`: the probe server and its stored runs."""

from __future__ import annotations

import asyncio
import json
import logging
from pathlib import Path
from typing import Annotated, Any

import typer

probe = typer.Typer(help="The probe: an MCP server that records what a client declares and does.", no_args_is_help=True)

DbOption = Annotated[
    str | None,
    typer.Option("--db", help="Run store: sqlite:///PATH or postgresql://... (default: a file in the user data dir)."),
]
EraOption = Annotated[
    str,
    typer.Option(
        "--era", help="both, handshake (legacy-only: refuse server/discover) or stateless (refuse initialize)."
    ),
]
TimeoutOption = Annotated[
    float, typer.Option("--answer-timeout", min=0.01, help="Seconds a scenario waits for the client.")
]
ConformanceOption = Annotated[
    bool, typer.Option("--conformance", help="Also expose the official conformance suite's fixtures.")
]
BetweenTurnsOption = Annotated[
    bool,
    typer.Option(
        "--between-turns",
        help="Answer a run_scenarios call early when a list change goes unanswered inside it, and give the change"
        " a second chance while an agent is between turns (for agents that call the tool again).",
    ),
]
NoInputRequestsOption = Annotated[
    bool,
    typer.Option(
        "--no-input-requests",
        help="2026-07-28: run_scenarios completes at once instead of asking for roots, sampling and elicitation"
        " (for a client that never answers an input request, so that what it does after the call is seen).",
    ),
]
MaxBytesOption = Annotated[int, typer.Option("--max-message-bytes", min=1024, help="Largest accepted message.")]
IdleOption = Annotated[float, typer.Option("--idle-timeout", min=0.01, help="Seconds of silence that end a session.")]
TotalOption = Annotated[float, typer.Option("--total-timeout", min=0.01, help="Seconds a session may last.")]


def checked_era(era: str) -> Any:
    """The `--era` value as the probe's `Eras`, or a usage error (`probe stdio | serve | run` share it)."""
    if era not in ("both", "handshake", "stateless"):
        raise typer.BadParameter("must be both, handshake or stateless", param_hint="--era")
    return era


def _config(
    era: str, answer_timeout: float, conformance: bool, between_turns: bool, no_input_requests: bool, **limits: Any
) -> Any:
    from ..probe.config import Limits, ProbeConfig

    origins = tuple(limits.pop("allowed_origins", ()))
    return ProbeConfig(
        limits=Limits(**limits),
        answer_timeout=answer_timeout,
        eras=checked_era(era),
        conformance=conformance,
        # the suite checks exact exchanges: the probe's own scenarios stay out of its way
        auto_scenarios=not conformance,
        between_turns=between_turns,
        input_requests=not no_input_requests,
        allowed_origins=origins,
    )


def _store(db: str | None) -> Any:
    from ..store import open_store

    try:
        return open_store(db)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--db") from None


@probe.command()
def stdio(
    db: DbOption = None,
    report: Annotated[Path | None, typer.Option("--report", help="Write the run's JSON report here.")] = None,
    era: EraOption = "both",
    answer_timeout: TimeoutOption = 10.0,
    conformance: ConformanceOption = False,
    between_turns: BetweenTurnsOption = False,
    no_input_requests: NoInputRequestsOption = False,
    max_message_bytes: MaxBytesOption = 4 * 1024 * 1024,
    idle_timeout: IdleOption = 600.0,
    total_timeout: TotalOption = 3600.0,
) -> None:
    """The probe as a stdio MCP server: point a client's server command at `canimcp probe stdio`."""
    from ..probe.session import Probe
    from ..probe.stdio import run_stdio

    logging.basicConfig(level=logging.WARNING, format="canimcp probe: %(message)s")  # stderr; stdout is the wire
    config = _config(
        era,
        answer_timeout,
        conformance,
        between_turns,
        no_input_requests,
        max_message_bytes=max_message_bytes,
        idle_timeout=idle_timeout,
        total_timeout=total_timeout,
    )
    run_id = asyncio.run(run_stdio(Probe(_store(db), config), report))
    typer.echo(f"canimcp probe: run {run_id} recorded", err=True)


@probe.command()
def serve(
    host: Annotated[str, typer.Option("--host", help="Address to bind.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port to listen on.")] = 8765,
    db: DbOption = None,
    era: EraOption = "both",
    answer_timeout: TimeoutOption = 10.0,
    conformance: ConformanceOption = False,
    between_turns: BetweenTurnsOption = False,
    no_input_requests: NoInputRequestsOption = False,
    max_message_bytes: MaxBytesOption = 4 * 1024 * 1024,
    idle_timeout: IdleOption = 600.0,
    total_timeout: TotalOption = 3600.0,
    max_sessions: Annotated[int, typer.Option("--max-sessions", min=1, help="Concurrent sessions.")] = 2048,
    allow_origin: Annotated[
        list[str] | None, typer.Option("--allow-origin", help="An Origin to accept besides loopback ones.")
    ] = None,
    expire_after: Annotated[
        int | None,
        typer.Option(
            "--expire-after", min=1, help="Answer 404 after N POSTs of a session (once), to see re-initialize."
        ),
    ] = None,
    auth: Annotated[
        bool, typer.Option("--auth", help="Require OAuth: /mcp answers 401 until the client gets a token here.")
    ] = False,
) -> None:
    """The probe over HTTP: Streamable HTTP at /mcp, legacy HTTP+SSE at /sse."""
    import uvicorn

    from ..probe.http import create_app

    config = _config(
        era,
        answer_timeout,
        conformance,
        between_turns,
        no_input_requests,
        max_message_bytes=max_message_bytes,
        idle_timeout=idle_timeout,
        total_timeout=total_timeout,
        max_sessions=max_sessions,
        allowed_origins=allow_origin or [],
    )
    if expire_after is not None or auth:
        import dataclasses

        config = dataclasses.replace(config, expire_after=expire_after, auth=auth)
    app = create_app(_store(db), config)
    typer.echo(
        f"canimcp probe: Streamable HTTP at http://{host}:{port}/mcp, HTTP+SSE at http://{host}:{port}/sse", err=True
    )
    if auth:
        typer.echo(f"canimcp probe: OAuth required; authorization server at http://{host}:{port}/oauth/", err=True)
    uvicorn.run(app, host=host, port=port, log_level="warning", lifespan="on")


@probe.command("list")
def list_runs(
    db: DbOption = None,
    limit: Annotated[int, typer.Option("--limit", min=1, help="How many runs, newest first.")] = 50,
    output_format: Annotated[str, typer.Option("--format", help="text or json.")] = "text",
) -> None:
    """Stored runs, newest first."""
    runs = asyncio.run(_list(_store(db), limit))
    if output_format == "json":
        typer.echo(json.dumps([_summary(r) for r in runs], indent=2, ensure_ascii=False))
        return
    if output_format != "text":
        raise typer.BadParameter("must be text or json", param_hint="--format")
    for run in runs:
        s = _summary(run)
        client = s["client"] or "(no clientInfo)"
        typer.echo(
            f"{s['id']}  {s['started']}  {s['transport']:<15} {s['era']:<9} {s['protocolVersion'] or '-':<10} {client}"
        )


def _summary(run: Any) -> dict[str, Any]:
    info = run.fields.get("clientInfo")
    name = f"{info.get('name')} {info.get('version', '')}".strip() if isinstance(info, dict) else None
    return {
        "id": run.id,
        "started": run.started,
        "ended": run.ended,
        "transport": run.transport,
        "era": run.era,
        "protocolVersion": run.fields.get("protocolVersion"),
        "client": name,
    }


async def _list(store: Any, limit: int) -> list[Any]:
    try:
        await store.open()
        return list(await store.list_runs(limit))
    finally:
        await store.close()


@probe.command()
def show(
    run_id: Annotated[str, typer.Argument(help="A run id (or a unique prefix of one).")],
    db: DbOption = None,
    output_format: Annotated[str, typer.Option("--format", help="text or json.")] = "text",
) -> None:
    """One stored run: its report (json) or a summary of it (text)."""
    from ..probe.report import build_report

    stored = asyncio.run(_get(_store(db), run_id))
    if stored is None:
        typer.echo(f"error: no run {run_id!r} (or the prefix is not unique)", err=True)
        raise typer.Exit(1)
    report = build_report(*stored)
    if output_format == "json":
        typer.echo(report.model_dump_json(by_alias=True, indent=2))
        return
    if output_format != "text":
        raise typer.BadParameter("must be text or json", param_hint="--format")
    info = report.client_info or {}
    typer.echo(f"run {report.id}  {report.transport}  {report.era}  asked for {report.protocol_version}")
    typer.echo(f"client: {json.dumps(info, ensure_ascii=False)}")
    typer.echo(f"capabilities: {json.dumps(report.capabilities, ensure_ascii=False)}")
    typer.echo(f"messages: {len(report.messages)}")
    for feature, result in report.features.items():
        evidence = ",".join(map(str, result.evidence))
        typer.echo(f"  {feature:<52} declared={str(result.declared).lower():<5} {result.observed:<22} [{evidence}]")


async def _get(store: Any, run_id: str) -> Any:
    try:
        await store.open()
        return await store.get_run(run_id)
    finally:
        await store.close()


def register(app: typer.Typer) -> None:
    app.add_typer(probe, name="probe")
