"""`canimcp serve`: the built site, its API and live endpoints in one Starlette app.

The site is built into a directory at start and rebuilt (incrementally) when a data file changes;
`/research/<id>` and other clean URLs answer with the page's `.html`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import BaseRoute, Mount, Route

from ..kb.findings import is_error
from ..kb.loader import LoadCache, bundled_data_dir, read_kb
from .build import build_site

log = logging.getLogger("canimcp.serve")
MEDIA = {".md": "text/markdown; charset=utf-8", ".txt": "text/plain; charset=utf-8", ".xml": "application/atom+xml"}


class SiteState:
    """The data directory, the output directory, and a rebuild that re-reads only changed files."""

    def __init__(self, data: Path | None, out: Path, base_url: str) -> None:
        self.data, self.out, self.base_url = data, out, base_url
        self.root = data if data is not None else bundled_data_dir()
        self.cache = LoadCache()
        self.stamp: tuple[tuple[str, int, int], ...] = ()
        self.errors: list[str] = []

    def _scan(self) -> tuple[tuple[str, int, int], ...]:
        stamps = []
        for path in sorted(self.root.rglob("*")):
            if path.is_file():
                st = path.stat()
                stamps.append((str(path), st.st_mtime_ns, st.st_size))
        return tuple(stamps)

    def rebuild_if_changed(self) -> bool:
        stamp = self._scan()
        if stamp == self.stamp:
            return False
        result = read_kb(self.root, cache=self.cache)
        self.errors = [str(f) for f in result.findings if f.severity == "error"]
        if not is_error(result.findings):
            stats = build_site(result, self.out, self.base_url)
            log.info("built: %d written, %d unchanged, %d removed", stats.written, stats.unchanged, stats.removed)
        else:
            log.warning("not rebuilt, the knowledge base has errors:\n%s", "\n".join(self.errors))
        self.stamp = stamp
        return True


def _resolve(out: Path, path: str) -> Path | None:
    """The file for a URL path: exact, then `.html` (clean URLs), then `index.html` of a folder."""
    rel = path.lstrip("/")
    if ".." in Path(rel).parts:
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
        target = _resolve(out, request.url.path)
        if target is None:
            return FileResponse(out / "404.html", status_code=404, media_type="text/html; charset=utf-8")
        return FileResponse(target, media_type=MEDIA.get(target.suffix))

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        async def watch() -> None:
            while True:
                await asyncio.sleep(poll_seconds)
                try:
                    await asyncio.to_thread(state.rebuild_if_changed)
                except Exception:  # keep serving the last good build whatever a bad edit does
                    log.exception("rebuild failed")

        task = asyncio.create_task(watch())
        try:
            yield
        finally:
            task.cancel()

    routes: list[BaseRoute] = [*(extra_routes or []), Route("/{path:path}", page, methods=["GET", "HEAD"])]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.site = state
    return app


def mount(path: str, app: Callable[..., Any]) -> Mount:
    return Mount(path, app=app)
