"""Benchmark: the two largest pages of a large knowledge base in headless Chromium, as a person uses them.

The site is built from the synthetic knowledge base of `bench_site.py` (5,000 notes, 500 clients × 150
features) and served from 127.0.0.1. Measured, each on a fresh page and the median of `--runs`:

- the matrix (the default revision's page): loading it until its `load` event, then each filter step a
  person takes: typing a search, clearing it, choosing one client, going back to all clients, choosing a
  state and going back to any state, and scrolling a screen further;
- the research index: loading it, then choosing a kind of note and going back to any kind, and the same
  with a client;
- the named peer: Chromium loading a bare HTML table of the matrix's cells (the state symbol alone in each
  cell, no style sheet, no script), the least any page showing these cells can cost.

A step counts until Chromium has painted the frame after it.

    python bench/bench_browser.py [--notes 5000] [--clients 500] [--features 150] [--runs 3] [--write-docs]
"""

from __future__ import annotations

import datetime as dt
import functools
import platform
import statistics
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from bench_site import Shape, generate, replace_section, shape_arguments

from canimcp.kb import read_kb
from canimcp.site import build_site
from canimcp.site.views import DEFAULT_REVISION, STATE_SYMBOL, Views

CHROMIUM = "/usr/bin/chromium"
NEXT_FRAME = "() => new Promise(done => requestAnimationFrame(() => setTimeout(done)))"
STEP_GOAL_S = 1.0  # a step that takes longer breaks a person's flow (the RAIL guideline's 1 s)
SECTION = "## The largest pages in a browser"

# what made the page usable at this size (written into docs/benchmarks.md)
CHANGES = (
    "Before this benchmark existed, the same page (then 19 MiB, each cell four elements with a client id, a "
    "state and a tooltip) took 5.3 s to load, 5.1 s to come back from a search and 6.0 s to come back from "
    "one client's column, on this machine. Three changes brought it to the numbers above: a category out of "
    "view is not laid out until it scrolls near (`content-visibility: auto`); the client filter sets one "
    "style rule that hides the other columns by position instead of toggling a class on every cell; and a "
    "cell is two elements, its state given to screen readers as the link's `aria-label`, with a tooltip "
    "only where the cell is conditional (the page is half the size). On the research index, choosing one kind "
    "of note took 2 s: Chromium numbers list items again after each one hidden, so the items are now laid out "
    "as blocks (the list keeps its semantics)."
)


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextmanager
def served(root: Path) -> Iterator[str]:
    """`root` over HTTP on a free port of 127.0.0.1, for as long as the block runs."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_QuietHandler, directory=str(root)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def bare_table(views: Views) -> str:
    """The peer: every cell of the default revision's matrix as a bare table, nothing else."""
    head = "".join(f"<th>{c.id}</th>" for c in views.clients)
    rows = []
    for _, _, features in views.categories_in(DEFAULT_REVISION):
        for feature in features:
            cells = "".join(f"<td>{STATE_SYMBOL[views.cell(c.id, feature.id).state]}</td>" for c in views.clients)
            rows.append(f"<tr><th>{feature.id}</th>{cells}</tr>")
    table = f"<table><tr><th></th>{head}</tr>{''.join(rows)}</table>"
    return f"<!doctype html><meta charset=utf-8><title>bare</title>{table}"


def timed(page: Any, step: Callable[[], object]) -> float:
    """Seconds from starting `step` until the frame after it is painted."""
    start = time.perf_counter()
    step()
    page.evaluate(NEXT_FRAME)
    return time.perf_counter() - start


def load(browser: Any, url: str) -> tuple[Any, float]:
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    start = time.perf_counter()
    page.goto(url, wait_until="load", timeout=120_000)
    page.evaluate(NEXT_FRAME)
    return page, time.perf_counter() - start


def matrix_steps(page: Any, client_id: str) -> dict[str, float]:
    q, client, state = "#filters input[name=q]", "#filters select[name=client]", "#filters select[name=state]"
    return {
        "type a search (“samp”)": timed(page, lambda: page.fill(q, "samp")),
        "clear the search": timed(page, lambda: page.fill(q, "")),
        "choose one client": timed(page, lambda: page.select_option(client, client_id)),
        "back to all clients": timed(page, lambda: page.select_option(client, "")),
        "choose a state (supported)": timed(page, lambda: page.select_option(state, "yes")),
        "back to any state": timed(page, lambda: page.select_option(state, "")),
        "scroll a screen further": timed(page, lambda: page.mouse.wheel(0, 1000)),
    }


def index_steps(page: Any, client_id: str) -> dict[str, float]:
    kind, client = "#note-filters select[name=kind]", "#note-filters select[name=client]"
    return {
        "choose a kind of note": timed(page, lambda: page.select_option(kind, "bug")),
        "back to any kind": timed(page, lambda: page.select_option(kind, "")),
        "choose a client": timed(page, lambda: page.select_option(client, client_id)),
        "back to any client": timed(page, lambda: page.select_option(client, "")),
    }


def main() -> None:
    args = shape_arguments().parse_args()
    from playwright.sync_api import sync_playwright

    shape = Shape(notes=args.notes, clients=args.clients, features=args.features)
    with tempfile.TemporaryDirectory(prefix="canimcp-bench-ui-") as tmp:
        work = Path(tmp)
        generate(work / "data", shape)
        result = read_kb(work / "data")
        site = work / "site"
        build_site(result, site)
        views = Views(result.kb)
        (site / "bare.html").write_text(bare_table(views), encoding="utf-8")
        matrix_mib = (site / "index.html").stat().st_size / 2**20
        bare_mib = (site / "bare.html").stat().st_size / 2**20
        client_id = views.clients[len(views.clients) // 2].id

        loads: list[float] = []
        bare_loads: list[float] = []
        index_loads: list[float] = []
        steps: dict[str, list[float]] = {}
        index: dict[str, list[float]] = {}
        with served(site) as url, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            for _ in range(args.runs):
                page, seconds = load(browser, url + "/")
                loads.append(seconds)
                for name, took in matrix_steps(page, client_id).items():
                    steps.setdefault(name, []).append(took)
                page.close()
                page, seconds = load(browser, url + "/bare.html")
                bare_loads.append(seconds)
                page.close()
                page, seconds = load(browser, url + "/research/index.html")
                index_loads.append(seconds)
                for name, took in index_steps(page, client_id).items():
                    index.setdefault(name, []).append(took)
                page.close()
            browser.close()

    med = statistics.median
    features = sum(len(f) for _, _, f in views.categories_in(DEFAULT_REVISION))
    lines = [
        f"matrix of {len(views.clients)} clients × {features} features ({len(views.clients) * features:,} cells): "
        f"{matrix_mib:.1f} MiB of HTML; the bare table of the same cells (peer) {bare_mib:.1f} MiB",
        f"loading the matrix: median {med(loads):.2f} s (best {min(loads):.2f} s); the bare table: median "
        f"{med(bare_loads):.2f} s; **ratio matrix / bare table {med(loads) / med(bare_loads):.2f}×**",
    ]
    lines += [f"{name}: median {med(took):.2f} s" for name, took in steps.items()]
    lines.append(f"loading the research index ({len(result.kb.notes):,} notes): median {med(index_loads):.2f} s")
    lines += [f"{name}: median {med(took):.2f} s" for name, took in index.items()]
    slowest = max(med(v) for v in [*steps.values(), *index.values()])
    verdict = "met" if slowest <= STEP_GOAL_S else "not met"
    lines.append(f"slowest filter step {slowest:.2f} s (goal ≤ {STEP_GOAL_S:.0f} s: {verdict})")
    for line in lines:
        print(line)
    if args.write_docs:
        write_docs(lines, args.runs)


def write_docs(lines: list[str], runs: int) -> None:
    """Replace this benchmark's section of docs/benchmarks.md (other sections stay as they are)."""
    body = [
        SECTION,
        "",
        f"`python bench/bench_browser.py --write-docs` on {dt.date.today()}, headless Debian Chromium driven by "
        f"Playwright, Python {platform.python_version()}, median of {runs} fresh pages. The site is built from "
        "the synthetic knowledge base of the site benchmark and served from 127.0.0.1. A step is timed until "
        "the frame after it is painted. The peer is Chromium loading a bare table of the matrix's cells (the "
        "state symbol alone, no style sheet, no script). Goals: every filter step within 1 s (the RAIL guideline for "
        "keeping a person's flow), and loading within a small multiple of the bare table.",
        "",
        *[f"- {line}" for line in lines],
        "",
        CHANGES,
        "",
        "",
    ]
    replace_section(SECTION, body, before="## Probe")  # after the site build's section


if __name__ == "__main__":
    main()
