"""What the pages show, computed once per build from the knowledge base: matrix cells, tallies, links."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from urllib.parse import urlsplit

from markupsafe import Markup

from ..kb.verdict import Verdict, verdict
from ..model import Client, Evidence, Feature, KnowledgeBase, Note, ProbeReport
from ..versions import VersionKey, version_key

STATE_SYMBOL = {"yes": "✓", "partial": "◐", "no": "✕", "unknown": "?"}
STATE_LABEL = {"yes": "Supported", "partial": "Partial support", "no": "Not supported", "unknown": "Unknown"}
NOT_OBSERVED = "declared but not observed working"  # what the ≠ mark stands for
DEFAULT_REVISION = "2025-11-25"  # the latest handshake revision: what almost every client speaks today


def esc(value: object) -> str:
    """What Jinja's autoescape writes for a value (markupsafe's five replacements), as a plain str: for HTML
    written in Python on the hot paths, where building a `Markup` per value cost more than the page."""
    return (
        str(value)
        .replace("&", "&amp;")
        .replace(">", "&gt;")
        .replace("<", "&lt;")
        .replace("'", "&#39;")
        .replace('"', "&#34;")
    )


# a probe run as a note's source gives it: its report, or its page (with or without the suffix), on this site
PROBE_PATH = re.compile(r"^(?:/api/probes/([^/]+)\.json|/probes/([^/]+?)(?:\.html)?)$")
SITE_HOSTS = ("", "canimcp.io")


def _probe_cited(url: str) -> re.Match[str] | None:
    parts = urlsplit(url)
    return PROBE_PATH.match(parts.path) if parts.netloc in SITE_HOSTS else None


CODE_SPAN = re.compile(r"`([^`\n]+)`")  # the one piece of markdown the short texts use


def inline(value: object) -> str:
    """Escaped text with its `code spans` as <code>: the one piece of markdown that the short texts in the data
    (statement notes, surface descriptions, summaries) use. Escaping comes first, so a span holds only text."""
    text = esc(value)
    return CODE_SPAN.sub(r"<code>\1</code>", text) if "`" in text else text


def plain(value: object) -> str:
    """Text with the backticks of its code spans taken out, for where no markup can go (a page's <title>,
    its description); autoescape still escapes the result."""
    text = str(value)
    return CODE_SPAN.sub(r"\1", text) if "`" in text else text


def anchor(feature_id: str) -> str:
    return "f-" + re.sub(r"[^A-Za-z0-9_-]", "-", feature_id)


def client_url(client_id: str, suffix: str = ".html") -> str:
    return f"/clients/{client_id}{suffix}"


def feature_url(feature_id: str, suffix: str = ".html") -> str:
    return f"/features/{feature_id}{suffix}"


def note_url(note_id: str, suffix: str = ".html") -> str:
    return f"/research/{note_id}{suffix}"


def probe_url(probe_id: str, suffix: str = ".html") -> str:
    """A probe run's page; its report as JSON is `api_probe_url`."""
    return f"/probes/{probe_id}{suffix}"


def api_probe_url(probe_id: str) -> str:
    return f"/api/probes/{probe_id}.json"


def matrix_url(revision: str) -> str:
    return "/" if revision == DEFAULT_REVISION else f"/matrix/{revision}.html"


@dataclass(frozen=True)
class EvidenceLink:
    kind: str
    label: str
    href: str
    detail: str = ""


def evidence_link(kb: KnowledgeBase, ev: Evidence) -> EvidenceLink:
    if ev.note:
        title = kb.notes[ev.note].title if ev.note in kb.notes else ev.note
        return EvidenceLink("note", title, note_url(ev.note))
    if ev.probe:
        return EvidenceLink("probe", f"probe run {ev.probe}", probe_url(ev.probe))
    src = ev.source
    assert src is not None
    pin = (src.commit or "")[:12] or (src.package or "")
    detail = " · ".join(x for x in (pin, src.path or "", src.date.isoformat()) if x)
    return EvidenceLink("source", src.title, src.permalink(), detail)


@dataclass(frozen=True)
class Provenance:
    """Where a client's statements come from, feature by feature: written by hand (citing sources, notes or
    runs), derived from its probe runs (kb/observed.py), or not stated at all. Worked out from the data, so a
    client page can never say less than its support file holds."""

    by_hand: list[str]
    from_runs: list[str]
    unstated: list[str]

    @property
    def total(self) -> int:
        return len(self.by_hand) + len(self.from_runs) + len(self.unstated)


@dataclass
class Cell:
    client: Client
    feature: Feature
    verdict: Verdict
    # what every page and document showing the cell reads; worked out when the cell is made (see Verdict)
    summary: str = field(init=False)
    marks: list[str] = field(init=False)

    def __post_init__(self) -> None:
        self.summary = self.verdict.summary()
        self.marks = self._marks()

    @property
    def state(self) -> str:
        return self.verdict.state

    def _marks(self) -> list[str]:
        """Short markers for conditional support: ⚑ flag, ◇ surface, ↕ version range, ≠ declared not observed."""
        marks: list[str] = []
        variants = self.verdict.variants
        if not variants:  # most cells: only the one mark that is no variant can apply
            return ["≠"] if self.verdict.declared_not_observed else marks
        if any(v.statement.condition and v.statement.condition.flag for v in variants):
            marks.append("⚑")
        if any(v.statement.surface for v in variants if "on " in v.why):
            marks.append("◇")
        if any(v.statement.since or v.statement.until for v in variants):
            marks.append("↕")
        if self.verdict.declared_not_observed:
            marks.append("≠")
        return marks

    @property
    def details(self) -> str:
        """What the marks stand for, in words: the summary of the variants, and a declaration not seen working
        (which is no variant, so the summary cannot say it); "" for a cell without marks."""
        parts = [self.summary] if self.verdict.variants else []
        if "≠" in self.marks:
            parts.append(NOT_OBSERVED)
        return "; ".join(parts)

    @property
    def title(self) -> str:
        said = [self.summary, NOT_OBSERVED] if "≠" in self.marks else [self.summary]
        return f"{self.client.title} · {self.feature.id}: {'; '.join(said)}"

    def matrix_html(self) -> str:
        """The cell as a matrix `<td>`: written here rather than in the template because a large matrix has
        hundreds of thousands of cells, and each cell is the same on every revision's page. Kept to two
        elements: the state as the link's accessible name, no per-cell client id (the filter finds a client's
        column by its position) and a tooltip only where a mark says more than the state; a 500-client
        page took 5 s to load in Chromium with four elements and three attributes more per cell."""
        state, marks = self.state, self.marks
        label = STATE_LABEL[state] + (f", conditional: {self.summary}" if self.verdict.variants else "")
        if "≠" in marks:  # the one mark that is no variant: the summary does not say it
            label += f", {NOT_OBSERVED}"
        tip = f' title="{esc(self.title)}"' if marks else ""
        sup = f'<sup aria-hidden="true">{"".join(marks)}</sup>' if marks else ""
        return (
            f'<td class="s-{state}"><a href="{esc(self.href)}" aria-label="{esc(label)}"{tip}>'
            f"{STATE_SYMBOL[state]}{sup}</a></td>"
        )

    @property
    def href(self) -> str:
        return f"{client_url(self.client.id)}#{anchor(self.feature.id)}"


@dataclass
class Views:
    kb: KnowledgeBase
    _cells: dict[tuple[str, str], Cell] = field(default_factory=dict)
    _rows: dict[str, Markup] = field(default_factory=dict)
    _links: dict[int, EvidenceLink] = field(default_factory=dict)
    _tallies: dict[str, dict[str, int]] = field(default_factory=dict)

    def link(self, ev: Evidence) -> EvidenceLink:
        """`evidence_link`, worked out once per evidence item (a page and its twin both show it). Keyed by
        identity, as the models are not hashable; they live in `kb` as long as these views do."""
        found = self._links.get(id(ev))
        if found is None:
            found = self._links[id(ev)] = evidence_link(self.kb, ev)
        return found

    def cell(self, client_id: str, feature_id: str) -> Cell:
        key = (client_id, feature_id)
        if key not in self._cells:
            client, feature = self.kb.clients[client_id], self.kb.features[feature_id]
            self._cells[key] = Cell(client, feature, verdict(self.kb.statements(client_id, feature_id), client))
        return self._cells[key]

    def provenance(self, client_id: str) -> Provenance:
        file = self.kb.support.get(client_id)
        observed = self.kb.observed.get(client_id, {})
        by_hand, from_runs, unstated = [], [], []
        for feature_id in self.kb.features:
            if file and file.support.get(feature_id):
                by_hand.append(feature_id)
            elif observed.get(feature_id):
                from_runs.append(feature_id)
            else:
                unstated.append(feature_id)
        return Provenance(by_hand, from_runs, unstated)

    def prepare(self) -> None:
        """Work out every cell up front, with what the pages and documents read of it. Called before the
        worker processes of a full build are forked: each would otherwise work out the same cells again
        (the matrix, its export and every feature page need all of them)."""
        for feature_id in self.kb.features:
            for client in self.clients:
                self.cell(client.id, feature_id)

    def matrix_cells(self, feature_id: str) -> Markup:
        """Every client's cell of one feature's matrix row, rendered once for all revisions' pages."""
        if feature_id not in self._rows:
            self._rows[feature_id] = Markup("".join(self.cell(c.id, feature_id).matrix_html() for c in self.clients))
        return self._rows[feature_id]

    # -- indexes: the knowledge base's "notes about X" questions, answered for every X in one pass -----
    def _index(self, named: Callable[[Note], list[str]]) -> dict[str, list[Note]]:
        """Every note under each id it names (once per note, in note order)."""
        found: dict[str, list[Note]] = {}
        for note in self.kb.notes.values():
            for target in dict.fromkeys(named(note)):
                found.setdefault(target, []).append(note)
        return found

    @cached_property
    def _notes_by_client(self) -> dict[str, list[Note]]:
        return self._index(lambda note: note.clients)

    @cached_property
    def _notes_by_feature(self) -> dict[str, list[Note]]:
        return self._index(lambda note: note.capabilities)

    @cached_property
    def _listed_by(self) -> dict[str, list[Note]]:
        return self._index(lambda note: note.related)

    def notes_about_client(self, client_id: str) -> list[Note]:
        """As `KnowledgeBase.notes_about_client`, from an index."""
        return self._notes_by_client.get(client_id, [])

    def notes_about_feature(self, feature_id: str) -> list[Note]:
        return self._notes_by_feature.get(feature_id, [])

    def related_notes(self, note_id: str) -> list[Note]:
        """As `KnowledgeBase.related_notes` (listed by the note, or listing it), from an index."""
        notes = self.kb.notes
        ids = dict.fromkeys([*notes[note_id].related, *(n.id for n in self._listed_by.get(note_id, []))])
        return [notes[i] for i in ids if i in notes and i != note_id]

    @cached_property
    def clients(self) -> list[Client]:
        return sorted(self.kb.clients.values(), key=lambda c: c.title.lower())

    @cached_property
    def order(self) -> list[str]:
        return self.kb.revision_order

    def features_in(self, revision: str) -> list[Feature]:
        return [f for f in self.kb.features.values() if f.in_revision(revision, self.order)]

    def categories_in(self, revision: str) -> list[tuple[str, str, list[Feature]]]:
        """(category id, title, features in this revision) in taxonomy order, empty categories left out."""
        inside = {f.id for f in self.features_in(revision)}
        out = []
        for cat in self.kb.ordered_categories():
            features = [f for f in cat.features if f.id in inside and f.id in self.kb.features]
            if features:
                out.append((cat.category, cat.title, features))
        return out

    def tally(self, features: list[Feature]) -> dict[str, int]:
        """Every client's states over `features`; each feature counted once, shared by every revision's page."""
        counts = dict.fromkeys(STATE_SYMBOL, 0)
        for f in features:
            for state, n in self._feature_tally(f.id).items():
                counts[state] += n
        return counts

    def _feature_tally(self, feature_id: str) -> dict[str, int]:
        found = self._tallies.get(feature_id)
        if found is None:
            found = self._tallies[feature_id] = dict.fromkeys(STATE_SYMBOL, 0)
            for c in self.clients:
                found[self.cell(c.id, feature_id).state] += 1
        return found

    def revisions_of(self, feature: Feature) -> list[str]:
        return [r for r in self.order if feature.in_revision(r, self.order)]

    def notes_newest_first(self) -> list[Note]:
        return self._newest_first

    @cached_property
    def _newest_first(self) -> list[Note]:
        return sorted(self.kb.notes.values(), key=lambda n: (n.last_updated, n.id), reverse=True)

    @cached_property
    def harness_runs(self) -> dict[str, list[ProbeReport]]:
        """Each client's harness runs, newest version first (then newest first within a version)."""
        found: dict[str, list[ProbeReport]] = {}
        for report in self.kb.probes.values():
            if report.harness:
                found.setdefault(report.harness.client, []).append(report)
        return {c: sorted(runs, key=_version_and_start, reverse=True) for c, runs in found.items()}

    @cached_property
    def probed_features(self) -> frozenset[str]:
        """The features some scenario of the probe judges; the rest rest on reading code and documents alone."""
        from ..probe.scenarios import SCENARIOS  # the probe's own list: a new scenario shows on the feature pages

        return frozenset(f for scenario in SCENARIOS for f in scenario.features)

    def probes_of(self, client_id: str) -> list[ProbeReport]:
        return self.harness_runs.get(client_id, [])

    @cached_property
    def feature_order(self) -> dict[str, int]:
        """Every feature of the taxonomy by its place in it (categories in order, features in file order)."""
        ordered = (f.id for cat in self.kb.ordered_categories() for f in cat.features if f.id in self.kb.features)
        return {feature_id: i for i, feature_id in enumerate(ordered)}

    @cached_property
    def _citations(self) -> dict[str, dict[str, list[str]]]:
        """probe run -> client -> the features whose shown statements cite the run ("" for a clientInfo name
        the run evidences), clients in page order, features in taxonomy order."""
        found: dict[str, dict[str, dict[str, None]]] = {}
        for client in self.clients:
            cited = [("", e.probe) for info in client.client_info for e in info.evidence if e.probe]
            for feature_id in self.feature_order:
                statements = self.kb.statements(client.id, feature_id)
                cited += [(feature_id, e.probe) for st in statements for e in st.evidence if e.probe]
            for feature_id, probe_id in cited:
                found.setdefault(probe_id, {}).setdefault(client.id, {})[feature_id] = None
        return {p: {c: list(fs) for c, fs in by.items()} for p, by in found.items()}

    def citations(self, probe_id: str) -> dict[str, list[str]]:
        """Which clients' claims rest on a probe run, and for which features (see `_citations`)."""
        return self._citations.get(probe_id, {})

    @cached_property
    def _notes_citing(self) -> dict[str, list[Note]]:
        found: dict[str, list[Note]] = {}
        for note in self.kb.notes.values():
            ids = (m[1] or m[2] for s in note.sources if s.url and (m := _probe_cited(s.url)))
            for probe_id in dict.fromkeys(ids):
                found.setdefault(probe_id, []).append(note)
        return found

    def notes_citing(self, probe_id: str) -> list[Note]:
        """The notes that give a probe run (its report or its page on this site) as a source."""
        return self._notes_citing.get(probe_id, [])


def _version_and_start(report: ProbeReport) -> tuple[VersionKey | tuple[()], str]:
    """Sort key of a client's runs: by version (1.10 after 1.9), then by start; pages list them in reverse."""
    version = report.harness.version if report.harness else ""
    return version_key(version) or (), report.started
