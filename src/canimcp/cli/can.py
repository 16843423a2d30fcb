"""`canimcp can CLIENT FEATURE` and `canimcp detect FILE.json`: answers for server authors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from .check import DataOption


def can(
    client: Annotated[str, typer.Argument(help="Client id, name, alias or clientInfo name.")],
    feature: Annotated[str, typer.Argument(help="Feature id or alias, e.g. elicitation.form.")],
    version: Annotated[str | None, typer.Option("--version", help="Client version.")] = None,
    revision: Annotated[str | None, typer.Option("--revision", help="Spec revision, e.g. 2025-11-25.")] = None,
    output_format: Annotated[str, typer.Option("--format", help="text or json.")] = "text",
    data: DataOption = None,
) -> None:
    """Can CLIENT do FEATURE? One line with its evidence. Exit 0 yes/partial, 1 no, 3 unknown."""
    from ..detect.answer import NotFound, answer
    from ..kb import load_kb

    if output_format not in ("text", "json"):
        raise typer.BadParameter("--format is text or json")
    try:
        result = answer(load_kb(data), client, feature, version=version, revision=revision)
    except NotFound as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from None
    typer.echo(json.dumps(result.as_dict(), indent=2) if output_format == "json" else result.line)
    raise typer.Exit(result.exit_code)


def detect(
    file: Annotated[Path, typer.Argument(help="initialize params (or a 2026-07-28 request's params/_meta) as JSON.")],
    feature: Annotated[list[str] | None, typer.Option("--feature", help="Only these features.")] = None,
    data: DataOption = None,
) -> None:
    """Profile a client from a captured initialize request: who it is, and what it really supports."""
    from ..detect import detect as run_detect
    from ..kb import load_kb

    try:
        params = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        typer.echo(f"error: {file}: {exc}", err=True)
        raise typer.Exit(2) from None
    if isinstance(params, dict) and "params" in params and "method" in params:
        params = params["params"]  # a whole JSON-RPC message was given
    kb = load_kb(data)
    profile = run_detect(params, kb=kb)
    ids = feature or list(kb.features)
    support = {}
    for feature_id in ids:
        try:
            s = profile.support(feature_id)
        except ValueError as exc:
            typer.echo(f"error: {exc}", err=True)
            raise typer.Exit(2) from None
        support[feature_id] = {"state": s.state, "declared": s.declared, "basis": s.basis, "evidence": s.evidence}
    typer.echo(json.dumps({"profile": profile.as_dict(), "support": support}, indent=2))


def register(app: typer.Typer) -> None:
    app.command()(can)
    app.command()(detect)
