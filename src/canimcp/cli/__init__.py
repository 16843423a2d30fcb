"""The `canimcp` command line: one small module per command group."""

from __future__ import annotations

import typer

from .. import __version__
from . import can as _can
from . import check as _check
from . import harness as _harness
from . import kbmcp as _mcp
from . import pins as _pins
from . import probe as _probe
from . import site as _site

app = typer.Typer(
    name="canimcp",
    help="Which MCP features does each MCP client really support? Answers with evidence.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"canimcp {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Show the version."),
) -> None:
    """canimcp: a knowledge base of MCP client support, the site built from it, a probe and a harness."""


_check.register(app)
_pins.register(app)
_probe.register(app)
_site.register(app)
_can.register(app)
_mcp.register(app)
_harness.register(app)


def main() -> None:
    from ..kb import KBError

    try:
        app()
    except KBError as exc:  # a --data directory that does not load: its findings, never a traceback
        typer.echo(f"error: {exc}", err=True)
        raise SystemExit(2) from None
