"""`canimcp serve`: the built site, its API and live endpoints in one Starlette app.

The site is built into a directory at start and rebuilt (incrementally) when a data file changes;
`/research/<id>` and other clean URLs answer with the page's `.html`.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import html
import logging
import mimetypes
import threading
from collections.abc import AsyncIterator
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from ..kb.loader import LoadCache, Stamp, bundled_data_dir, data_stamp, read_kb
from .build import build_site
from .mount import ROOT

log = logging.getLogger("canimcp.serve")
MEDIA = {".md": "text/markdown; charset=utf-8", ".txt": "text/plain; charset=utf-8", ".xml": "application/atom+xml"}


class SiteState:
    """The data directory, the output directory, and a rebuild that re-reads only changed files."""

    def __init__(self, data: Path | None, out: Path, base_url: str) -> None:
        self.data, self.out, self.base_url = data, out, base_url
        self.root = data if data is not None else bundled_data_dir()
        self.cache = LoadCache()
        self.stamp: Stamp = ()
        self.errors: list[str] = []
        self.built = False
        # cleared while a rebuild rewrites a served build: a request waits for the whole rebuild, so a reader who
        # has seen one rewritten page never gets an older version of another (the index after the note it lists)
        self.idle = threading.Event()
        self.idle.set()

    def _scan(self) -> Stamp:
        return data_stamp(self.root)

    def rebuild_if_changed(self) -> bool:
        """Rebuild if a data file changed since the last try. A try that fails (errors in the data, or a build
        that raised) is reported once and not repeated until the data changes again; the last good build
        stays in place meanwhile."""
        stamp = self._scan()
        if stamp == self.stamp:
            return False
        first, had_errors = not self.stamp, bool(self.errors)
        self.stamp = stamp
        result = read_kb(self.root, cache=self.cache)
        self.errors = [str(f) for f in result.findings if f.severity == "error"]
        if self.errors:
            if not first:  # at start the command reports them itself
                log.warning("not rebuilt, the knowledge base has errors:\n%s", "\n".join(self.errors))
        else:
            try:
                gate = self.idle.clear if self.built else None  # no earlier build a reader could mix it with
                # served here at the root, whatever path the public base URL has
                stats = build_site(result, self.out, self.base_url, before_writing=gate, mount=ROOT)
                self.built = True
            except Exception as exc:
                self.errors = [f"the build failed: {type(exc).__name__}: {exc}"]
                log.exception("the build failed; serving the last good build until the data changes")
                return True
            finally:
                self.idle.set()
            said = "built: %d written, %d unchanged, %d removed"
            # after errors the person fixing them wants to hear that it worked: louder than the routine line
            (log.warning if had_errors else log.info)(said, stats.written, stats.unchanged, stats.removed)
        # what the cache holds now lives as long as the server: keep the collector from walking it again and
        # again (a full collection over a large knowledge base takes seconds; refcounting still frees it)
        gc.freeze()
        return True


def _resolve(out: Path, path: str) -> Path | None:
    """The file for a URL path: exact, then `.html` (clean URLs), then `index.html` of a folder."""
    rel = path.lstrip("/")
    if any(part.startswith(".") for part in Path(rel).parts):  # `..`, and the build's own files (its manifest)
        return None
    base = out / rel
    for candidate in (base, base.with_name(base.name + ".html") if rel else base, base / "index.html"):
        if candidate.is_file():
            return candidate
    return None


def create_app(
    data: Path | None, out: Path, base_url: str = "https://canimcp.io", poll_seconds: float = 1.0,
    extra_routes: list[BaseRoute] | None = None,
) -> Starlette:  # fmt: skip
    state = SiteState(data, out, base_url)
    state.rebuild_if_changed()

    async def page(request: Request) -> Response:
        # read each file whole, in one open: a rebuild replaces files while they are being served, and a
        # streamed response could mix two versions (or end short of the length it announced)
        if not (out / "404.html").is_file():  # nothing built yet: the knowledge base had errors from the start
            return _not_built(state.errors)
        if not state.idle.is_set():  # a rebuild is writing pages (bounded: a stuck rebuild must not hang pages)
            await asyncio.to_thread(state.idle.wait, 60)
        target = _resolve(out, request.url.path)
        status = 200
        if target is None:
            target, status = out / "404.html", 404
        try:
            body = await asyncio.to_thread(target.read_bytes)
        except OSError:  # removed by a rebuild since it was found
            body, status, target = await asyncio.to_thread((out / "404.html").read_bytes), 404, out / "404.html"
        media = MEDIA.get(target.suffix) or mimetypes.guess_type(target.name)[0] or "application/octet-stream"
        if media.startswith("text/html"):
            media = "text/html; charset=utf-8"
        return Response(b"" if request.method == "HEAD" else body, status, media_type=media, headers=_length(body))

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        async def watch() -> None:
            while True:
                await asyncio.sleep(poll_seconds)
                try:
                    await asyncio.to_thread(state.rebuild_if_changed)
                except Exception:  # keep serving the last good build whatever a bad edit does
                    log.exception("rebuild failed")

        async with contextlib.AsyncExitStack() as stack:
            # Starlette does not run the lifespan of an app behind a route (an MCP session manager's): run it here
            for sub in _sub_apps(extra_routes or []):
                await stack.enter_async_context(sub.router.lifespan_context(sub))
            task = asyncio.create_task(watch())
            try:
                yield
            finally:
                task.cancel()

    routes: list[BaseRoute] = [*(extra_routes or []), Route("/{path:path}", page, methods=["GET", "HEAD"])]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.site = state
    return app


def _sub_apps(routes: list[BaseRoute]) -> list[Starlette]:
    """The Starlette apps behind `routes` (a Mount's app, or a Route whose endpoint is an app), each once."""
    apps: list[Starlette] = []
    for route in routes:
        app = getattr(route, "app", None)
        if isinstance(app, Starlette) and all(app is not seen for seen in apps):
            apps.append(app)
    return apps


def _not_built(errors: list[str]) -> Response:
    """503 with the findings that stop the first build (`path:line: code: message`), as the terminal has them."""
    items = "".join(f"<li><code>{html.escape(e)}</code></li>" for e in errors) or "<li>the build has not run yet</li>"
    body = (
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not built · Can I MCP?</title></head>'
        "<body><main><h1>The site is not built</h1><p>The knowledge base has errors; the site is built as soon as "
        f"they are fixed (the files are watched).</p><ul>{items}</ul></main></body></html>"
    ).encode()
    return Response(body, 503, media_type="text/html; charset=utf-8", headers=_length(body))


def _length(body: bytes) -> dict[str, str]:
    return {"content-length": str(len(body)), "x-content-type-options": "nosniff"}
