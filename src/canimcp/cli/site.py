"""`canimcp build` and `canimcp serve`: the site and the exports."""

from __future__ import annotations

import gc
import signal
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from .check import DataOption

if TYPE_CHECKING:
    from starlette.routing import BaseRoute

OutOption = Annotated[Path, typer.Option("--out", help="Output directory.", file_okay=False)]
BASE_URL_HELP = (
    "Public base URL of the site, for the feed's links and the notes' API documents (a note's canonical link is "
    "the one its front matter gives)."
)


def _base_url(value: str) -> str:
    from ..site.mount import Mount

    try:
        Mount.of(value)
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None
    return value


BaseUrlOption = Annotated[str, typer.Option("--base-url", help=BASE_URL_HELP, callback=_base_url)]
BuildBaseUrlOption = Annotated[
    str,
    typer.Option(
        "--base-url",
        help=BASE_URL_HELP + " A path in it is where the site is served from: every link of the built site is "
        "under it (https://example.org/canimcp makes /canimcp/clients/…).",
        callback=_base_url,
    ),
]


RelativeLinksOption = Annotated[
    bool,
    typer.Option(
        "--relative-links",
        help="Link pages to each other relative to where each one is (../clients/x.html), with folders by their "
        "index.html: the site then works from any folder of any host, and opened from disk. JSON documents and "
        "the 404 page keep links from the root (under --base-url's path), as a host shows the 404 page at any depth.",
    ),
]


def build(
    data: DataOption = None,
    out: OutOption = Path("build/site"),
    base_url: BuildBaseUrlOption = "https://canimcp.io",
    relative_links: RelativeLinksOption = False,
) -> None:
    """Build the static site, markdown twins, JSON API, feed and llms.txt."""
    from ..kb import read_kb
    from ..kb.check import rules_in_background
    from ..kb.collector import gc_paused
    from ..site import build_site
    from ..site.mount import Mount

    # one load for the check and the build (what `check_kb` does, without reading every file twice); the
    # collector stays paused throughout (see gc_paused), and what was loaded is frozen out of its reach for
    # good: this process only builds and exits, and the forked processes (the lint rules, then the workers
    # that render) inherit it as it is. The rules run while the build works out what to write; nothing is
    # written unless they find no error.
    with gc_paused():
        result = read_kb(data)
        gc.freeze()
        findings = rules_in_background(result)

        def stop_on_errors() -> None:
            errors = [f for f in findings() if f.severity == "error"]
            if errors:
                for finding in errors:
                    typer.echo(str(finding))
                typer.echo(f"not built: {len(errors)} error(s) in the knowledge base", err=True)
                raise typer.Exit(1)

        mount = Mount.of(base_url, relative=relative_links)
        stats = build_site(result, out, base_url, before_writing=stop_on_errors, mount=mount)
    typer.echo(f"built {out}: {stats.written} written, {stats.unchanged} unchanged, {stats.removed} removed", err=True)


def serve(
    data: DataOption = None,
    host: Annotated[str, typer.Option("--host", help="Address to bind (loopback by default).")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=0, max=65535)] = 8000,
    db: Annotated[str | None, typer.Option("--db", help="Run store URL for the live probe.")] = None,
    out: Annotated[Path | None, typer.Option("--out", help="Build here instead of a temporary directory.")] = None,
    base_url: BaseUrlOption = "https://canimcp.io",
) -> None:
    """Serve the site, the JSON API and the live probe on one port; rebuild when data changes."""
    import uvicorn

    from ..site.serve import create_app

    with tempfile.TemporaryDirectory(prefix="canimcp-site-") as tmp:
        target = out or Path(tmp)
        app = create_app(data, target, base_url, extra_routes=_live_routes(db, data, host))
        errors = app.state.site.errors
        if errors:
            for line in errors:
                typer.echo(line, err=True)
            typer.echo("serving without a build: fix the errors above (the site rebuilds when files change)", err=True)
        typer.echo(f"canimcp: site on http://{host}:{port}/", err=True)
        typer.echo("canimcp: knowledge base MCP server at /kb/mcp, live probe at /probe/mcp and /probe/sse", err=True)
        # uvicorn shuts down on SIGTERM and then raises the signal again; Python's default handler would end the
        # process there and leave the temporary build behind, so the signal becomes an exit that unwinds `with`
        signal.signal(signal.SIGTERM, _exit_on_signal)
        uvicorn.run(app, host=host, port=port, log_level="warning")


def _exit_on_signal(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)


def _live_routes(db: str | None, data: Path | None = None, host: str = "127.0.0.1") -> list[BaseRoute]:
    """Endpoints that live beside the site: the knowledge base MCP server at /kb/mcp (and the probe).
    `create_app` runs the lifespan of each one that is a Starlette app."""
    from starlette.routing import Mount

    from ..kbmcp import LiveKB, kb_route
    from ..probe.http import create_app as probe_app
    from ..store import open_store

    routes: list[BaseRoute] = [kb_route(LiveKB(data), path="/kb/mcp", host=host)]
    # the live probe: point your own client at /probe/mcp (Streamable HTTP) or /probe/sse (legacy SSE)
    routes.append(Mount("/probe", app=probe_app(open_store(db))))
    return routes


def register(app: typer.Typer) -> None:
    app.command()(build)
    app.command()(serve)
