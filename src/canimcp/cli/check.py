"""`canimcp check`: lint the knowledge base."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from ..kb import RULES, Options, check_kb
from ..kb.findings import is_error
from ..kb.rules.base import DEFAULT_BASE_URL, DEFAULT_STALE_DAYS

DataOption = Annotated[
    Path | None,
    typer.Option("--data", help="Knowledge base directory (default: the bundled one).", file_okay=False),
]


def _parse_day(value: str | None) -> dt.date | None:
    if value is None:
        return None
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise typer.BadParameter(f"'{value}' is not a date (YYYY-MM-DD)") from None


def check(
    data: DataOption = None,
    output_format: Annotated[str, typer.Option("--format", help="text or json.")] = "text",
    today: Annotated[str | None, typer.Option("--today", help="Check dates as of YYYY-MM-DD.")] = None,
    stale_days: Annotated[
        int, typer.Option("--stale-days", min=1, help="Age after which a note is stale.")
    ] = DEFAULT_STALE_DAYS,
    base_url: Annotated[str, typer.Option("--base-url", help="Site base of canonical URLs.")] = DEFAULT_BASE_URL,
    list_rules: Annotated[bool, typer.Option("--list-rules", help="List the rules and exit.")] = False,
) -> None:
    """Lint the knowledge base: one line per finding, PATH:LINE: CODE: message.

    What a check learns of each file is kept for the next in the user's cache (CANIMCP_CHECK_CACHE: a folder or off)."""
    if output_format not in ("text", "json"):
        raise typer.BadParameter("--format is text or json")
    if list_rules:
        _print_rules()
        return
    day = _parse_day(today) or dt.date.today()
    findings = check_kb(data, Options(today=day, stale_days=stale_days, base_url=base_url))
    if output_format == "json":
        typer.echo(json.dumps([f.as_dict() for f in findings], indent=2))
    else:
        for finding in findings:
            typer.echo(str(finding))
        errors = sum(f.severity == "error" for f in findings)
        summary = f"{errors} error(s), {len(findings) - errors} warning(s)" if findings else "clean: no findings"
        typer.echo(summary, err=True)
    raise typer.Exit(1 if is_error(findings) else 0)


def _print_rules() -> None:
    table = Table("code", "name", "severity", "checks")
    for registered in RULES:
        rule = registered.rule
        table.add_row(rule.code, rule.name, rule.severity, rule.summary)
    Console().print(table)


def register(app: typer.Typer) -> None:
    app.command()(check)
