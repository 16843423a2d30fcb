"""The seed note, copied unchanged into a copy of the bundled data, builds with `canimcp build`, and its
links to /clients/openclaw.md and /research/<id>.md work in the built site."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from sitecheck import check_links, markdown_links, outline, resolve

from canimcp.kb import bundled_data_dir, read_kb
from canimcp.kb.yamlfile import parse_yaml, split_front_matter

SEED = Path(__file__).resolve().parents[3] / "shared" / "seeds" / "000_4e60abd5e67bc623.txt"


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, str]:
    if not SEED.exists():
        pytest.skip(f"the seed note is not beside this checkout ({SEED})")
    data = tmp_path_factory.mktemp("seeded") / "data"
    shutil.copytree(bundled_data_dir(), data)
    text = SEED.read_text(encoding="utf-8")
    note_id = parse_yaml(split_front_matter(text)[0])[0]["id"]
    (data / "research" / f"{note_id}.md").write_bytes(SEED.read_bytes())  # unchanged, byte for byte
    out = data.parent / "site"
    done = subprocess.run(
        [sys.executable, "-m", "canimcp", "build", "--data", str(data), "--out", str(out)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return data, out, note_id


def test_the_seed_note_builds_as_written(seeded: tuple[Path, Path, str]) -> None:
    data, out, note_id = seeded
    note = read_kb(data).kb.notes[note_id]
    page = outline(out / "research" / f"{note_id}.html")
    assert [text for level, text in page.headings if level == 1] == [note.title]
    # the twin is the note file as written
    assert (out / "research" / f"{note_id}.md").read_bytes() == SEED.read_bytes()


def test_the_seed_notes_links_work(seeded: tuple[Path, Path, str]) -> None:
    _, out, note_id = seeded
    twin_links = markdown_links(SEED.read_text(encoding="utf-8"))
    assert "/clients/openclaw.md" in twin_links
    research = [h for h in twin_links if h.startswith("/research/")]
    assert len(research) >= 3
    for href in ["/clients/openclaw.md", *research]:
        target = resolve(out, href)
        assert target is not None and target.suffix == ".md", href
    # on the HTML page the same links lead to the HTML pages
    page_links = {u for tag, _, u in outline(out / "research" / f"{note_id}.html").links if tag == "a"}
    assert "/clients/openclaw.html" in page_links
    for href in research:
        html = href.removesuffix(".md") + ".html"
        assert html in page_links and resolve(out, html) is not None
    assert check_links(out).broken == []
