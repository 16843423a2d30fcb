"""`canimcp serve` under a real uvicorn: clean URLs, the 404 page, the API, and a rebuild when a data
file changes (the last good build stays up while the data is broken)."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest
from sitecheck import Server, free_port, start_server, stop_server

from canimcp.kb import bundled_data_dir

NOTE = "opencode-declares-only-roots"


@pytest.fixture
def live(tmp_path: Path) -> Iterator[Server]:
    """A server on its own copy of the data, polling for changes quickly."""
    data = tmp_path / "data"
    shutil.copytree(bundled_data_dir(), data)
    server, running = start_server(data, tmp_path / "out", poll_seconds=0.1)
    yield server
    stop_server(running)


def eventually(check: Callable[[], bool], seconds: float = 15) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.05)
    return False


def test_clean_urls_answer_with_the_html_page(site_server: Server) -> None:
    clean = httpx.get(f"{site_server.url}/research/{NOTE}")
    assert clean.status_code == 200 and clean.headers["content-type"].startswith("text/html")
    assert clean.text == (site_server.out / "research" / f"{NOTE}.html").read_text(encoding="utf-8")
    assert f'<link rel="canonical" href="https://canimcp.io/research/{NOTE}">' in clean.text
    assert httpx.get(f"{site_server.url}/research/{NOTE}.html").text == clean.text
    twin = httpx.get(f"{site_server.url}/research/{NOTE}.md")
    assert twin.status_code == 200 and twin.headers["content-type"].startswith("text/markdown")
    assert twin.text.startswith("---\nid: " + NOTE)
    for folder in ("/research/", "/research", "/clients/", "/features/", "/probes/", "/"):
        answer = httpx.get(site_server.url + folder)
        assert answer.status_code == 200 and "<h1" in answer.text, folder
    runs = httpx.get(f"{site_server.url}/probes/").text
    assert runs == (site_server.out / "probes" / "index.html").read_text(encoding="utf-8")
    assert httpx.get(f"{site_server.url}/api/probes.json").json()["runs"]
    api = httpx.get(f"{site_server.url}/api/matrix.json")
    assert api.status_code == 200 and api.json()["cells"]
    assert httpx.get(f"{site_server.url}/feed.xml").headers["content-type"].startswith("application/atom+xml")
    assert httpx.get(f"{site_server.url}/llms.txt").headers["content-type"].startswith("text/plain")
    head = httpx.head(f"{site_server.url}/research/{NOTE}")
    assert head.status_code == 200 and head.text == ""


def test_unknown_paths_get_the_404_page(site_server: Server) -> None:
    for path in ("/research/no-such-note", "/nope", "/clients/nobody.md", "/static/missing.css"):
        answer = httpx.get(site_server.url + path)
        assert answer.status_code == 404, path
        assert answer.headers["content-type"].startswith("text/html")
        assert "<h1>Not found</h1>" in answer.text


def test_no_path_leaves_the_site_directory(site_server: Server) -> None:
    """A raw request with `..` segments (httpx would normalise them away) gets the 404 page."""
    host, port = site_server.url.removeprefix("http://").split(":")
    for target in ("/../../../etc/passwd", "/static/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd"):
        with socket.create_connection((host, int(port)), timeout=5) as conn:
            conn.sendall(f"GET {target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
            reply = b""
            while chunk := conn.recv(65536):
                reply += chunk
        status = reply.split(b"\r\n", 1)[0]
        assert b" 404 " in status or b" 400 " in status, (target, status)
        assert b"root:" not in reply
    # the build's own files are not part of the site
    assert (site_server.out / ".canimcp-build.json").is_file()
    assert httpx.get(f"{site_server.url}/.canimcp-build.json").status_code == 404


def test_a_data_change_is_picked_up(live: Server) -> None:
    url = f"{live.url}/research/{NOTE}"
    before = httpx.get(url)
    assert before.status_code == 200
    path = live.data / "research" / f"{NOTE}.md"
    original = path.read_text(encoding="utf-8")
    title = original.split("\ntitle: ", 1)[1].split("\n", 1)[0]
    path.write_text(original.replace(f"title: {title}", "title: Retitled while serving", 1), encoding="utf-8")
    assert eventually(lambda: "Retitled while serving" in httpx.get(url).text)
    # the pages that show the title follow: the research index and the client page
    assert "Retitled while serving" in httpx.get(f"{live.url}/research/").text
    assert "Retitled while serving" in httpx.get(f"{live.url}/clients/opencode").text

    # a new note appears at its clean URL
    new = live.data / "research" / "served-later.md"
    new.write_text(
        original.replace(f"id: {NOTE}", "id: served-later", 1)
        .replace("title: Retitled while serving", "title: A note added while serving", 1)
        .replace(f"/research/{NOTE}", "/research/served-later"),
        encoding="utf-8",
    )
    assert eventually(lambda: httpx.get(f"{live.url}/research/served-later").status_code == 200)

    # a broken edit keeps the last good build up; fixing it rebuilds
    path.write_text("---\nid: [broken\n---\n", encoding="utf-8")
    assert eventually(lambda: bool(live.app.state.site.errors))
    kept = httpx.get(url)
    assert kept.status_code == 200 and "Retitled while serving" in kept.text
    path.write_text(original, encoding="utf-8")
    assert eventually(lambda: "Retitled while serving" not in httpx.get(url).text)
    assert live.app.state.site.errors == []
    assert httpx.get(url).text.count("<h1>") == 1

    # a deleted note is gone from the site
    new.unlink()
    assert eventually(lambda: httpx.get(f"{live.url}/research/served-later").status_code == 404)


def test_canimcp_serve_command(tmp_path: Path) -> None:
    """The console command itself: it builds into a temporary directory, binds 127.0.0.1, answers clean URLs,
    and removes its build when it is stopped with SIGTERM."""
    port = free_port()
    temp = tmp_path / "temp"
    temp.mkdir()
    proc = subprocess.Popen(
        [sys.executable, "-m", "canimcp", "serve", "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env={**os.environ, "TMPDIR": str(temp)},
    )
    try:

        def up() -> bool:
            assert proc.poll() is None, proc.stdout.read().decode() if proc.stdout else ""
            try:
                return httpx.get(f"http://127.0.0.1:{port}/research/{NOTE}").status_code == 200
            except httpx.TransportError:
                return False

        assert eventually(up, seconds=60)
        [build] = temp.glob("canimcp-site-*")
        assert (build / "index.html").exists()
        assert httpx.get(f"http://127.0.0.1:{port}/missing").status_code == 404
    finally:
        proc.terminate()
        proc.wait(timeout=20)
    assert proc.returncode == 128 + signal.SIGTERM
    assert list(temp.iterdir()) == []


def test_pages_are_whole_while_a_rebuild_rewrites_them(live: Server) -> None:
    """Each answer is one complete version of a page, however often the data changes under it."""
    path = live.data / "research" / f"{NOTE}.md"
    original = path.read_text(encoding="utf-8")
    url = f"{live.url}/research/{NOTE}"
    answers = 0
    with httpx.Client() as client:
        deadline = time.monotonic() + 4
        edit = 0
        while time.monotonic() < deadline:
            edit += 1
            path.write_text(original + "\n" + "More words. " * (edit % 7 * 50) + "\n", encoding="utf-8")
            for _ in range(10):
                answer = client.get(url)
                answers += 1
                assert answer.status_code == 200
                assert answer.text.rstrip().endswith("</html>"), answer.text[-200:]
                assert answer.text.count("<h1>") == 1
    assert answers >= 50


def test_a_knowledge_base_broken_from_the_start_is_explained_until_fixed(tmp_path: Path) -> None:
    """Nothing can be built: every URL answers 503 with the findings (escaped), not a server error; the
    site appears once the file is fixed."""
    data = tmp_path / "data"
    shutil.copytree(bundled_data_dir(), data)
    client = data / "clients" / "cline.md"
    original = client.read_text(encoding="utf-8")
    client.write_text(original.replace("\nvendor: ", "\nvendor:\n- <b>oops</b>\nx: ", 1), encoding="utf-8")
    server, running = start_server(data, tmp_path / "out", poll_seconds=0.1)
    try:
        for path in ("/", "/clients/cline", "/no/such/page"):
            answer = httpx.get(server.url + path)
            assert answer.status_code == 503 and answer.headers["content-type"].startswith("text/html")
            assert "cline.md:" in answer.text and "KB002" in answer.text, path
            # the finding quotes the data's text, escaped
            assert "&lt;b&gt;oops" in answer.text and "<b>oops" not in answer.text
        client.write_text(original, encoding="utf-8")
        assert eventually(lambda: httpx.get(server.url + "/clients/cline").status_code == 200)
        assert server.app.state.site.errors == []
    finally:
        stop_server(running)


def test_a_build_that_fails_is_tried_once_per_change(live: Server, caplog: pytest.LogCaptureFixture) -> None:
    """A build that raises (not a finding in the data: here the output folder of the notes has become a file) is
    reported once and tried again only when the data changes; the last good build stays up meanwhile."""
    research = live.out / "research"
    shutil.rmtree(research)
    research.write_text("in the way", encoding="utf-8")
    note = live.data / "research" / f"{NOTE}.md"
    note.write_text(note.read_text(encoding="utf-8") + "\nOne more line.\n", encoding="utf-8")
    failed = lambda: [r for r in caplog.records if r.getMessage().startswith("the build failed")]  # noqa: E731
    assert eventually(lambda: bool(failed()))
    time.sleep(1)  # ten polls
    assert len(failed()) == 1
    assert live.app.state.site.errors[0].startswith("the build failed: ")
    assert httpx.get(f"{live.url}/clients/opencode").status_code == 200  # the last good build
    research.unlink()
    note.write_text(note.read_text(encoding="utf-8") + "\nAnd another.\n", encoding="utf-8")
    assert eventually(lambda: "And another." in httpx.get(f"{live.url}/research/{NOTE}").text)
    assert live.app.state.site.errors == []
