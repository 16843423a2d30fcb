"""`canimcp pins verify`: check source pins against local git clones."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..kb.pins import verify_pins, write_pins
from .check import DataOption

pins = typer.Typer(help="Source pins: verify them against local git clones.", no_args_is_help=True)


def _parse_repos(values: list[str]) -> dict[str, Path]:
    clones = {}
    for value in values:
        repo, sep, path = value.partition("=")
        if not sep or repo.count("/") != 1 or not path:
            raise typer.BadParameter(f"'{value}' is not OWNER/NAME=PATH", param_hint="--repo")
        if not Path(path).exists():
            raise typer.BadParameter(f"'{path}' does not exist", param_hint="--repo")
        clones[repo] = Path(path)
    return clones


@pins.command()
def verify(
    data: DataOption = None,
    repo: Annotated[list[str] | None, typer.Option("--repo", help="OWNER/NAME=PATH of a local clone.")] = None,
    write: Annotated[bool, typer.Option("--write", help="Move holding and moved pins to the clone's HEAD.")] = False,
) -> None:
    """Does each pinned line range still stand at the clone's HEAD? holds / moved / changed / gone."""
    try:
        results = verify_pins(data, _parse_repos(repo or []))
    except LookupError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from None
    for result in results:
        typer.echo(str(result))
    counts = {s: sum(r.status == s for r in results) for s in ("holds", "moved", "changed", "gone", "unchecked")}
    typer.echo(", ".join(f"{n} {s}" for s, n in counts.items()), err=True)
    if write:
        typer.echo(f"rewrote {write_pins(results)} pin(s) to HEAD", err=True)
    raise typer.Exit(1 if counts["moved"] or counts["changed"] or counts["gone"] else 0)


def register(app: typer.Typer) -> None:
    app.add_typer(pins, name="pins")
