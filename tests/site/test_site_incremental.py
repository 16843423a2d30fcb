"""Incremental builds: a rebuild writes only the pages that depend on what changed, removes the pages of
what is gone, and always ends with exactly what a fresh full build writes."""

from __future__ import annotations

import json
import os
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml
from sitecheck import check_links

from canimcp.kb import bundled_data_dir, read_kb
from canimcp.kb.loader import LoadCache
from canimcp.site import BuildStats, build_site, feeds
from canimcp.site.build import MANIFEST

from minikb import MiniKB

Snapshot = dict[str, tuple[int, bytes]]


def snapshot(out: Path) -> Snapshot:
    return {
        p.relative_to(out).as_posix(): (p.stat().st_mtime_ns, p.read_bytes())
        for p in out.rglob("*")
        if p.is_file() and p.name != MANIFEST
    }


def rebuild(data: Path, out: Path, cache: LoadCache | None = None) -> tuple[BuildStats, set[str]]:
    """Rebuild in place; the stats and the files whose modification time moved (what was written)."""
    before = snapshot(out)
    # make any rewrite visible in the modification time even on a coarse clock
    for path in out.rglob("*"):
        if path.is_file():
            os.utime(path, ns=(1, 1))
    before = {k: (1, v) for k, (_, v) in before.items()}
    stats = build_site(read_kb(data, cache=cache), out)
    after = snapshot(out)
    written = {k for k, (mtime, _) in after.items() if before.get(k, (0, b""))[0] != mtime}
    return stats, written


def assert_same_as_full_build(data: Path, out: Path, tmp: Path) -> None:
    fresh = tmp / f"fresh-{len(list(tmp.iterdir()))}"
    feeds._DATA_ENTRIES.clear()  # what this process kept from earlier builds: the fresh build makes its own
    build_site(read_kb(data), fresh)
    ours, theirs = snapshot(out), snapshot(fresh)
    assert sorted(ours) == sorted(theirs)
    stale = [path for path in ours if ours[path][1] != theirs[path][1]]
    assert stale == [], f"pages the incremental build left stale: {stale[:10]}"


@pytest.fixture
def copy(tmp_path: Path) -> tuple[Path, Path]:
    data = tmp_path / "data"
    shutil.copytree(bundled_data_dir(), data)
    out = tmp_path / "out"
    build_site(read_kb(data), out)
    return data, out


def note_dependents(data: Path, note_id: str) -> set[str]:
    """Every output that shows anything of the note: its own page, twin and API document, the pages of
    related notes, of the clients and features it is about, and the indexes, feed and llms.txt."""
    kb = read_kb(data).kb
    note = kb.notes[note_id]
    shown = {f"research/{note_id}", *(f"research/{n.id}" for n in kb.related_notes(note_id))}
    shown |= {f"clients/{c}" for c in note.clients} | {f"features/{f}" for f in note.capabilities}
    for client_id, file in kb.support.items():
        if any(e.note == note_id for sts in file.support.values() for s in sts for e in s.evidence):
            shown.add(f"clients/{client_id}")
    files = {f"{page}{suffix}" for page in shown for suffix in (".html", ".md")}
    files |= {f"api/{page}.json" for page in shown}
    return files | {"research/index.html", "feed.xml", "llms.txt"}


def test_nothing_changed_nothing_written(copy: tuple[Path, Path]) -> None:
    data, out = copy
    stats, written = rebuild(data, out)
    assert (stats.written, stats.removed, written) == (0, 0, set())
    assert stats.unchanged == len(snapshot(out))


def test_one_note_changed_rewrites_only_its_dependents(copy: tuple[Path, Path], tmp_path: Path) -> None:
    data, out = copy
    note_id = "opencode-declares-only-roots"
    path = data / "research" / f"{note_id}.md"
    path.write_text(path.read_text(encoding="utf-8") + "\nOne more sentence, added later.\n", encoding="utf-8")
    before = snapshot(out)
    stats, written = rebuild(data, out)
    assert stats.written == len(written)
    own = {f"research/{note_id}.html", f"research/{note_id}.md", f"api/research/{note_id}.json"}
    assert own <= written <= note_dependents(data, note_id)
    assert len(written) < len(before) / 5
    assert "One more sentence, added later." in (out / "research" / f"{note_id}.html").read_text(encoding="utf-8")
    assert (out / "research" / f"{note_id}.md").read_text(encoding="utf-8").endswith("added later.\n")
    after = snapshot(out)
    assert [p for p in before if p not in written and before[p][1] != after[p][1]] == []
    assert_same_as_full_build(data, out, tmp_path)


def test_a_retitled_note_is_retitled_everywhere(mini: MiniKB, tmp_path: Path) -> None:
    """A client page that cites a note as evidence shows its title, even when the note is not about it."""
    mini.write(
        "clients/beta.md",
        "---\nid: beta\ntitle: Beta Bot\n---\nBeta.\n",
    )
    mini.write(
        "support/beta.yaml",
        'client: beta\nsupport:\n  roots:\n    - state: "no"\n      evidence:\n        - note: alpha-roots\n',
    )
    out = tmp_path / "out"
    cache = LoadCache()
    build_site(read_kb(mini.root, cache=cache), out)
    assert "Alpha answers roots/list" in (out / "clients" / "beta.html").read_text(encoding="utf-8")
    mini.edit("research/alpha-roots.md", "title: Alpha answers roots/list", "title: Alpha lists its roots")
    _stats, written = rebuild(mini.root, out, cache)
    assert {"clients/beta.html", "clients/beta.md"} <= written
    assert "Alpha lists its roots" in (out / "clients" / "beta.html").read_text(encoding="utf-8")
    assert_same_as_full_build(mini.root, out, tmp_path)


def test_a_support_change_reaches_the_matrix_and_the_feed(copy: tuple[Path, Path], tmp_path: Path) -> None:
    """The feed's entry for a client's data gets a new id whenever a verdict changes, even when no evidence
    date does (a feed reader shows it as new), and keeps its id while nothing changes."""
    data, out = copy
    before = support_entry_id(out, "opencode")
    path = data / "support" / "opencode.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("state: 'yes'", "state: 'no'", 1), encoding="utf-8")
    _stats, written = rebuild(data, out)
    assert {"index.html", "api/matrix.json", "clients/opencode.html", "feed.xml"} <= written
    changed = support_entry_id(out, "opencode")
    assert changed != before and changed.startswith(before.rsplit("/", 1)[0])  # same newest date, new verdicts
    assert not any(p.startswith("research/") for p in written)
    assert_same_as_full_build(data, out, tmp_path)
    path.write_text(text, encoding="utf-8")
    rebuild(data, out)
    assert support_entry_id(out, "opencode") == before  # stable: the same data, the same id


def test_a_client_file_change_reaches_the_feed(copy: tuple[Path, Path], tmp_path: Path) -> None:
    """A client's main surface (the first in its file) decides its verdicts: putting another surface first
    changes its feed entry, as a full build would write it, with no support file touched."""
    data, out = copy
    before = support_entry_id(out, "claude-code")
    path = data / "clients" / "claude-code.md"
    _, front, body = path.read_text(encoding="utf-8").split("---\n", 2)
    client = yaml.safe_load(front)
    client["surfaces"].reverse()
    path.write_text(f"---\n{yaml.safe_dump(client, sort_keys=False, allow_unicode=True)}---\n{body}", encoding="utf-8")
    _stats, written = rebuild(data, out)
    assert "feed.xml" in written and support_entry_id(out, "claude-code") != before
    assert_same_as_full_build(data, out, tmp_path)


def support_entry_id(out: Path, client: str) -> str:
    atom = "{http://www.w3.org/2005/Atom}"
    root = ET.parse(out / "feed.xml").getroot()
    ids = [str(e.findtext(f"{atom}id")) for e in root.iter(f"{atom}entry")]
    found = [i for i in ids if i.startswith(f"tag:canimcp.io,2026:clients/{client}/")]
    assert len(found) == 1, ids
    return found[0]


def test_the_feeds_data_entries_are_made_again_only_when_their_data_changes(
    mini: MiniKB, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A retitled note rewrites the feed, whose client entries need every cell of the matrix (most of a `canimcp
    serve` rebuild on a large knowledge base): they are kept from the last build while the support data, runs and
    taxonomy are the same, and made again when any of those changes."""
    mini.write("support/beta.yaml", 'client: beta\nsupport:\n  roots:\n    - state: "no"\n      notes: read.\n')
    mini.write("clients/beta.md", "---\nid: beta\ntitle: Beta Bot\n---\nBeta.\n")
    out, cache = tmp_path / "out", LoadCache()
    build_site(read_kb(mini.root, cache=cache), out)
    made: list[str] = []
    make = feeds._support_entry
    monkeypatch.setattr(feeds, "_support_entry", lambda views, c, url: made.append(c.id) or make(views, c, url))
    mini.edit("research/alpha-roots.md", "title: Alpha answers roots/list", "title: Alpha lists its roots")
    _stats, written = rebuild(mini.root, out, cache)
    assert "feed.xml" in written and "Alpha lists its roots" in (out / "feed.xml").read_text(encoding="utf-8")
    assert made == []
    assert_same_as_full_build(mini.root, out, tmp_path)
    made.clear()
    mini.edit("support/beta.yaml", 'state: "no"', 'state: "yes"')
    _stats, written = rebuild(mini.root, out, cache)
    assert "feed.xml" in written and "beta" in made
    assert_same_as_full_build(mini.root, out, tmp_path)


def test_a_deleted_note_loses_its_pages(mini: MiniKB, tmp_path: Path) -> None:
    out = tmp_path / "out"
    build_site(read_kb(mini.root), out)
    assert (out / "research" / "alpha-elicitation.html").exists()
    (mini.root / "research" / "alpha-elicitation.md").unlink()
    mini.edit("research/alpha-roots.md", "related:\n  - alpha-elicitation\n", "related: []\n")
    mini.edit("research/alpha-roots.md", " See [the other note](/research/alpha-elicitation.md).", "")
    stats, _ = rebuild(mini.root, out)
    gone = ["research/alpha-elicitation.html", "research/alpha-elicitation.md", "api/research/alpha-elicitation.json"]
    assert stats.removed == len(gone)
    assert not [p for p in gone if (out / p).exists()]
    assert "alpha-elicitation" not in (out / "research" / "index.html").read_text(encoding="utf-8")
    assert "alpha-elicitation" not in (out / "llms.txt").read_text(encoding="utf-8")
    assert check_links(out).broken == []
    assert_same_as_full_build(mini.root, out, tmp_path)


def test_a_template_change_rebuilds_everything(copy: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    """The code and templates are part of every fingerprint."""
    from canimcp.site import build

    data, out = copy
    monkeypatch.setattr(build, "_code_digest", lambda: "another version of the code")
    stats, written = rebuild(data, out)
    assert stats.unchanged == 0 and len(written) == len(snapshot(out))


def test_a_retitled_client_is_retitled_on_its_run_pages_only(copy: tuple[Path, Path], tmp_path: Path) -> None:
    data, out = copy
    kb = read_kb(data).kb
    runs = {f"probes/{r.id}.html" for r in kb.probes.values() if r.harness and r.harness.client == "codex"}
    others = {f"probes/{r.id}.html" for r in kb.probes.values()} - runs
    assert runs and others
    path = data / "clients" / "codex.md"
    title = kb.clients["codex"].title
    path.write_text(path.read_text(encoding="utf-8").replace(f"title: {title}\n", "title: Codex Renamed\n", 1))
    _stats, written = rebuild(data, out)
    assert runs <= written and not others & written
    assert "Codex Renamed" in (out / sorted(runs)[0]).read_text(encoding="utf-8")
    assert_same_as_full_build(data, out, tmp_path)


def test_a_changed_probe_run_reaches_the_matrix_the_features_and_its_page(
    copy: tuple[Path, Path], tmp_path: Path
) -> None:
    """Statements derived from runs make up cells: a run's verdict changed by a re-judging reaches every page that
    shows the cell, as a full build would write it."""
    data, out = copy
    kb = read_kb(data).kb
    client, feature, report = next(
        (c, f, r)
        for c, derived in sorted(kb.observed.items())
        for f, statements in derived.items()
        if not (kb.support.get(c) and kb.support[c].support.get(f)) and statements[0].state == "yes"
        for r in kb.probes.values()
        if r.harness and r.harness.client == c and r.features.get(f) and r.features[f].observed == "supported"
    )
    path = next(data.glob(f"probes/**/{report.id}.json"))
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["features"][feature]["observed"] = "unsupported"
    path.write_text(json.dumps(doc, indent=1), encoding="utf-8")
    _stats, written = rebuild(data, out)
    assert {"index.html", "api/matrix.json", f"features/{feature}.html", f"clients/{client}.html"} <= written
    assert f"probes/{report.id}.html" in written
    assert_same_as_full_build(data, out, tmp_path)


def test_a_note_or_a_statement_newly_citing_a_run_reaches_its_page(copy: tuple[Path, Path], tmp_path: Path) -> None:
    data, out = copy
    kb = read_kb(data).kb
    note_id, probe_id = next(
        (n.id, s.url.rsplit("/", 1)[1].removesuffix(".json"))
        for n in kb.notes.values()
        for s in n.sources
        if s.url and "/api/probes/" in s.url
    )
    path = data / "research" / f"{note_id}.md"
    text = path.read_text(encoding="utf-8")
    title = text.split("\ntitle: ", 1)[1].split("\n", 1)[0]  # as written: quoted or not
    retitled = text.replace(f"title: {title}\n", "title: A new title for the note\n", 1)
    assert retitled != text
    path.write_text(retitled, encoding="utf-8")
    _stats, written = rebuild(data, out)
    assert f"probes/{probe_id}.html" in written
    assert "A new title for the note" in (out / "probes" / f"{probe_id}.html").read_text(encoding="utf-8")
    # a run no statement of a client cites yet, cited by a new one of that client's
    cited = {e.probe for f in kb.support.values() for sts in f.support.values() for s in sts for e in s.evidence}
    other = next(r for r in kb.probes.values() if r.id not in cited and r.harness and r.harness.client in kb.support)
    assert other.harness is not None
    support = data / "support" / f"{other.harness.client}.yaml"
    body = support.read_text(encoding="utf-8")
    feature = next(f for f in kb.features if f not in kb.support[other.harness.client].support)
    added = f"  {feature}:\n  - state: unknown\n    evidence:\n    - probe: {other.id}\n"
    support.write_text(body.replace("support:\n", "support:\n" + added, 1), encoding="utf-8")
    assert read_kb(data).kb.support[other.harness.client].support[feature]
    _stats, written = rebuild(data, out)
    assert f"probes/{other.id}.html" in written
    assert_same_as_full_build(data, out, tmp_path)


def test_a_scripts_run_filed_under_another_client_moves_on_the_index(copy: tuple[Path, Path], tmp_path: Path) -> None:
    """A run no harness made belongs to the client whose folder of probes/ holds it: moving the file (its content
    unchanged) moves the run on the index of runs and on its own page."""
    data, out = copy
    kb = read_kb(data).kb
    report = next(r for r in kb.probes.values() if r.harness is None)
    target = next(c for c in sorted(kb.clients) if c != kb.probe_folders[report.id])
    path = next(data.glob(f"probes/**/{report.id}.json"))
    (data / "probes" / target).mkdir(exist_ok=True)
    path.rename(data / "probes" / target / path.name)
    _stats, written = rebuild(data, out)
    assert {"probes/index.html", "api/probes.json", f"probes/{report.id}.html"} <= written
    entry = next(e for e in json.loads((out / "api" / "probes.json").read_bytes())["runs"] if e["id"] == report.id)
    assert entry["client"] == target
    assert f'href="/probes/#c-{target}"' in (out / "probes" / f"{report.id}.html").read_text(encoding="utf-8")
    assert_same_as_full_build(data, out, tmp_path)
