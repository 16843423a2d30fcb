"""Fixtures for the site tests: built sites (the bundled knowledge base, and a copy with hostile data),
a real uvicorn server for each, and headless Debian Chromium driven through Playwright."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sitecheck import HOSTILE_TITLE, Server, add_hostile_entries, start_server, stop_server

from canimcp.kb import bundled_data_dir, read_kb
from canimcp.kb.findings import is_error
from canimcp.site import build_site

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="session")
def bundled_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site built from the bundled knowledge base."""
    result = read_kb()
    assert not is_error(result.findings), [str(f) for f in result.findings if f.severity == "error"]
    out = tmp_path_factory.mktemp("bundled-site")
    build_site(result, out)
    return out


@pytest.fixture(scope="session")
def hostile_data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the bundled data plus a client and a note whose titles and prose are hostile markup."""
    data = tmp_path_factory.mktemp("hostile") / "data"
    shutil.copytree(bundled_data_dir(), data)
    add_hostile_entries(data)
    return data


@pytest.fixture(scope="session")
def hostile_site(hostile_data: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    result = read_kb(hostile_data)
    assert not is_error(result.findings), [str(f) for f in result.findings if f.severity == "error"]
    assert result.kb.clients["evil"].title == HOSTILE_TITLE
    out = tmp_path_factory.mktemp("hostile-site")
    build_site(result, out)
    return out


@pytest.fixture(scope="session")
def site_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The bundled knowledge base served as `canimcp serve` serves it."""
    server, running = start_server(None, tmp_path_factory.mktemp("served"))
    yield server
    stop_server(running)


@pytest.fixture(scope="session")
def hostile_server(hostile_data: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    server, running = start_server(hostile_data, tmp_path_factory.mktemp("hostile-served"))
    yield server
    stop_server(running)


@pytest.fixture(scope="module")
def browser_context(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """Debian's Chromium, headless, with a fresh profile; skipped only where Chromium is not installed. One per
    module: Playwright's sync API keeps an event loop running in this thread while it is open, and tests that
    run later (the harness's, which call asyncio.run) must not find one."""
    if not CHROMIUM.exists():
        pytest.skip("Debian chromium is not installed (.ci/setup.d/10-site.sh installs it)")
    from playwright.sync_api import sync_playwright

    profile = tmp_path_factory.mktemp("chromium-profile")
    with sync_playwright() as p:
        # a persistent context is how Playwright takes an explicit --user-data-dir
        context = p.chromium.launch_persistent_context(
            str(profile),
            executable_path=str(CHROMIUM),
            headless=True,
            args=CHROMIUM_FLAGS,
            viewport={"width": 1280, "height": 900},
        )
        try:
            yield context
        finally:
            context.close()


@pytest.fixture
def page(browser_context: Any) -> Iterator[Any]:
    """A fresh tab that records every dialog (alert, confirm...) a page opens, and dismisses it."""
    tab = browser_context.new_page()
    tab.dialogs = []

    def on_dialog(dialog: Any) -> None:
        tab.dialogs.append(dialog.message)
        dialog.dismiss()

    tab.on("dialog", on_dialog)
    yield tab
    tab.close()
