"""`canimcp build`: the static site, its markdown twins and the data exports, written incrementally.

Every output file is a `Page` with a fingerprint of what it shows (digests of the data files it
depends on, plus the templates and code). A build writes only the pages whose fingerprint changed
since the last build into the same directory, and removes pages that no longer exist.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, partial
from pathlib import Path

from jinja2 import BytecodeCache, Environment, PackageLoader, select_autoescape
from jinja2.bccache import Bucket
from markupsafe import Markup

from .. import __version__
from ..harness.drift import version_steps
from ..kb.collector import gc_paused
from ..kb.loader import LoadResult
from ..model import NOTE_KINDS, NOTE_STATUSES, Client, Feature, Note, ProbeReport
from . import exports, feeds, fragments, runs
from .facets import Facets, digest
from .markdown import safe_url, to_html
from .mount import Mount
from .twins import UNPROBED, client_twin, feature_twin, note_twin
from .views import (
    DEFAULT_REVISION,
    STATE_LABEL,
    Views,
    anchor,
    api_probe_url,
    client_url,
    feature_url,
    inline,
    matrix_url,
    note_url,
    plain,
    probe_url,
)
from .wire import layout, visible
from .writer import Page, files_under, in_parallel, write_pages

MANIFEST = ".canimcp-build.json"
STATIC = Path(__file__).parent / "static"


@dataclass
class BuildStats:
    written: int
    unchanged: int
    removed: int


@cache
def _code_digest() -> str:
    """Templates, static files and this package's version: a change to any rebuilds every page."""
    h = hashlib.blake2b(__version__.encode(), digest_size=12)
    for folder in (Path(__file__).parent / "templates", STATIC, Path(__file__).parent):
        for path in sorted(folder.glob("*.*")):
            h.update(path.name.encode() + path.read_bytes())
    return h.hexdigest()


class _CompiledTemplates(BytecodeCache):
    """Compiled templates kept in memory for the process (keyed by name and source checksum), so that each
    build's Environment (`canimcp serve` makes one per rebuild) does not compile them again."""

    def __init__(self) -> None:
        self.store: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        if bucket.key in self.store:
            bucket.bytecode_from_string(self.store[bucket.key])

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.store[bucket.key] = bucket.bytecode_to_string()


_COMPILED = _CompiledTemplates()


def _env() -> Environment:
    env = Environment(
        loader=PackageLoader("canimcp.site", "templates"),
        autoescape=select_autoescape(["html", "xml"], default_for_string=True),
        trim_blocks=True,
        lstrip_blocks=True,
        bytecode_cache=_COMPILED,
        auto_reload=False,  # an Environment lasts one build: no need to stat the templates on every page
    )
    env.globals.update(
        labels=STATE_LABEL,
        anchor=anchor,
        client_url=client_url,
        feature_url=feature_url,
        note_url=note_url,
        matrix_url=matrix_url,
        probe_url=probe_url,
        api_probe_url=api_probe_url,
        run_setup=runs.setup,
        run_tally=runs.tally,
        run_id=runs.breakable,
        no_change=runs.NO_CHANGE,
        nothing_to_compare=runs.NOTHING_TO_COMPARE,
    )
    env.filters["change_words"] = runs.change_words
    env.filters["visible"] = visible  # what a client sent, with unseen characters shown (see wire.visible)
    env.globals["badge"] = lambda state: Markup(fragments.BADGE[state])  # the same markup as every table row
    env.filters["safe_url"] = safe_url
    env.filters["anchor"] = anchor
    env.filters["code_spans"] = lambda text: Markup(inline(text))  # escapes first: see views.inline
    env.filters["plain"] = plain
    # a client's own JSON as it reads (not `tojson`, which writes ' and < as \u escapes for <script> blocks);
    # autoescape escapes it for the page
    env.filters["json_text"] = lambda value: json.dumps(value, ensure_ascii=False)
    return env


class SiteBuilder:
    def __init__(self, result: LoadResult, base_url: str = "https://canimcp.io", mount: Mount | None = None) -> None:
        self.result = result
        self.kb = result.kb
        self.views = Views(self.kb)
        self.docs = exports.Documents(self.views)
        self.base_url = base_url.rstrip("/")
        self.mount = Mount.of(self.base_url) if mount is None else mount
        self.env = _env()
        self.env.globals["evidence_list"] = lambda items: Markup(fragments.evidence_list(items, self.views.link))
        self.client_titles = {c.id: c.title for c in self.kb.clients.values()}
        self.env.globals["matrix_cells"] = self.views.matrix_cells
        self.env.globals["tally"] = self.views.tally
        # the base URL is in the feed and the notes' documents, and the mount in every link: a build for
        # another address rewrites every page
        self.code = digest(_code_digest(), self.base_url, self.mount.key)
        self.facets = Facets(result)

    # -- fingerprints ------------------------------------------------------------------------------
    def _fp(self, *parts: str) -> str:
        return digest(self.code, *parts)

    def _runs_fp(self, client_id: str) -> str:
        """The client's probe runs (the statements derived from them, and its history table, follow them)."""
        return ",".join(f"{p.id}={self.facets.file('probe', p.id)}" for p in self.views.probes_of(client_id))

    # -- rendering ---------------------------------------------------------------------------------
    def html(self, template: str, **context: object) -> str:
        return self.env.get_template(template).render(base_url=self.base_url, **context)

    def pages(self) -> list[Page]:
        kb, views, facets = self.kb, self.views, self.facets
        matrix_fp = (facets.taxonomy, facets.support)
        pages = [
            Page("static/style.css", self._fp("css"), lambda: (STATIC / "style.css").read_text()),
            Page("static/site.js", self._fp("js"), lambda: (STATIC / "site.js").read_text()),
            Page("static/favicon.svg", self._fp("icon"), lambda: (STATIC / "favicon.svg").read_text()),
            Page("404.html", self._fp("404"), lambda: self.html("404.html", title="Not found")),
            Page("index.html", self._fp("matrix", *matrix_fp), self._matrix(DEFAULT_REVISION), "matrix"),
        ]
        for rev in views.order:
            if rev != DEFAULT_REVISION:
                pages.append(
                    Page(f"matrix/{rev}.html", self._fp("matrix", rev, *matrix_fp), self._matrix(rev), "matrix")
                )
        pages.append(Page("api/matrix.json", self._fp("api-matrix", *matrix_fp), self.matrix_json, "matrix.json"))
        pages += self.client_pages()
        pages += self.feature_pages()
        pages += self.note_pages()
        notes_fp = (facets.every_listing, facets.client_names)
        pages.append(Page("research/index.html", self._fp("research", *notes_fp), self.research_index))
        pages.append(Page("clients/index.html", self._fp("clients", facets.client_names), self.client_index))
        pages.append(Page("features/index.html", self._fp("features", facets.taxonomy), self.feature_index))
        # a client's support entry is made of its verdicts (its file's main surface counts) and its title
        feed_fp = self._fp("feed", *notes_fp, facets.support)  # probe runs included: drift entries and derived data
        pages.append(Page("feed.xml", feed_fp, self.feed))
        pages.append(Page("llms.txt", self._fp("llms", *notes_fp, facets.taxonomy), self.llms))
        for name in exports.SCHEMAS:
            pages.append(Page(f"api/schema/{name}.schema.json", self._fp("schema", name), self._schema(name)))
        # the index of runs shows every run and whose it is: a script's run belongs to the client whose folder holds it
        runs_fp = (facets.support, facets.filing)
        pages.append(Page("probes/index.html", self._fp("runs", *runs_fp), self.run_index))
        runs_json = partial(exports.runs_json, views, self.mount)
        pages.append(Page("api/probes.json", self._fp("api-runs", *runs_fp), runs_json))
        for probe_id, report in kb.probes.items():
            fp = self._fp("probe", self.facets.file("probe", probe_id))
            pages.append(
                Page(f"api/probes/{probe_id}.json", fp, partial(report.model_dump_json, by_alias=True, indent=1))
            )
            # the page also shows the titles of its client and of the clients whose statements cite it (their
            # files, and their runs: statements derived from runs cite them), and links the features it names
            belongs = runs.owner(views, report)
            shown = dict.fromkeys([belongs] if belongs else [])
            shown.update(dict.fromkeys(views.citations(probe_id)))
            clients = (f"{c}={facets.file('client', c)}={facets.file('support', c)}={self._runs_fp(c)}" for c in shown)
            notes = facets.listed([n.id for n in views.notes_citing(probe_id)])
            page_fp = self._fp("probe-page", fp, *clients, notes, facets.taxonomy)
            pages.append(Page(f"probes/{probe_id}.html", page_fp, partial(self.probe_html, report)))
        return pages

    @staticmethod
    def _trio(
        section: str,
        entity_id: str,
        fp: str,
        html: Callable[[], str],
        twin: Callable[[], str],
        api: Callable[[], str | bytes],
    ) -> list[Page]:
        """Every client, feature and note has a page, its markdown twin and its API document, built together."""
        return [
            Page(f"{section}/{entity_id}.html", fp, html),
            Page(f"{section}/{entity_id}.md", fp, twin),
            Page(f"api/{section}/{entity_id}.json", fp, api),
        ]

    def _note_json(self, note: Note) -> str:
        return exports.note_export(self.views, note, self.base_url).model_dump_json(by_alias=True)

    def _matrix(self, revision: str) -> Callable[[], str]:
        return lambda: self.matrix(revision)

    def _schema(self, name: str) -> Callable[[], str]:
        return lambda: json.dumps(exports.schema(name, self.mount), indent=1)

    def matrix(self, revision: str) -> str:
        views = self.views
        categories = views.categories_in(revision)
        return self.html(
            "matrix.html",
            title=f"MCP client support matrix ({revision})",
            section="matrix",
            revision=revision,
            revisions=[self.kb.revisions[r] for r in views.order],
            clients=views.clients,
            categories=categories,
            feature_count=sum(len(f) for _, _, f in categories),
        )

    def matrix_json(self) -> bytes:
        return exports.matrix_json(self.views)

    def client_pages(self) -> list[Page]:
        pages = []
        facets, views = self.facets, self.views
        for client in self.kb.clients.values():
            fp = self._fp(
                "client",
                facets.file("client", client.id),
                facets.file("support", client.id),
                facets.taxonomy,
                facets.listed([n.id for n in views.notes_about_client(client.id)]),
                facets.listed(facets.notes_cited_by(client.id)),
                self._runs_fp(client.id),
            )
            pages += self._trio(
                "clients",
                client.id,
                fp,
                partial(self.client_html, client),
                partial(client_twin, self.views, client),
                partial(self.docs.client, client),
            )
        return pages

    def client_html(self, client: Client) -> str:
        support = []
        for cat in self.kb.ordered_categories():
            rows = [(self.views.cell(client.id, f.id), self.kb.statements(client.id, f.id)) for f in cat.features]
            support.append((cat.category, cat.title, fragments.support_rows(rows, self.views.link)))
        probes = self.views.probes_of(client.id)
        versions = list(dict.fromkeys(p.harness.version for p in probes if p.harness))
        return self.html(
            "client.html",
            title=client.title,
            section="clients",
            client=client,
            support=support,
            provenance=self.views.provenance(client.id),
            body_html=to_html(client.body, drop_title=True),
            notes=self.views.notes_about_client(client.id),
            probes=probes,
            versions=versions,
            changes=version_steps(probes),
            twin=client_url(client.id, ".md"),
        )

    def feature_pages(self) -> list[Page]:
        pages = []
        facets = self.facets
        for feature in self.kb.features.values():
            about = facets.listed([n.id for n in self.views.notes_about_feature(feature.id)])
            probed = "probed" if feature.id in self.views.probed_features else "unprobed"
            fp = self._fp("feature", facets.taxonomy, facets.support, about, probed)
            pages += self._trio(
                "features",
                feature.id,
                fp,
                partial(self.feature_html, feature),
                partial(feature_twin, self.views, feature),
                partial(self.docs.feature, feature),
            )
        return pages

    def feature_html(self, feature: Feature) -> str:
        steps = [("Added", feature.added), ("Used in practice", feature.in_practice)]
        steps += [("Deprecated", feature.deprecated), ("Removed", feature.removed)]
        timeline = [(label, link) for label, link in steps if link]
        category = self.kb.categories.get(feature.category)
        return self.html(
            "feature.html",
            title=feature.title,
            section="features",
            feature=feature,
            timeline=timeline,
            category_title=category.title if category else feature.category,
            in_revisions=self.views.revisions_of(feature),
            client_rows=fragments.client_rows(self.views.cell(c.id, feature.id) for c in self.views.clients),
            probed=feature.id in self.views.probed_features,
            unprobed=UNPROBED,
            notes=self.views.notes_about_feature(feature.id),
            twin=feature_url(feature.id, ".md"),
        )

    def note_pages(self) -> list[Page]:
        pages = []
        facets = self.facets
        for note in self.kb.notes.values():
            related = self.views.related_notes(note.id)
            fp = self._fp(
                "note", facets.file("note", note.id), facets.client_names, facets.listed([n.id for n in related])
            )
            origin = self.result.origins[("note", note.id)]
            pages += self._trio(
                "research",
                note.id,
                fp,
                partial(self.note_html, note, related),
                partial(note_twin, origin.path),
                partial(self._note_json, note),
            )
        return pages

    def note_html(self, note: Note, related: list[Note]) -> str:
        return self.html(
            "note.html",
            title=note.title,
            section="research",
            note=note,
            related=related,
            body_html=to_html(note.body, drop_title=True, drop_meta=True),
            canonical=note.canonical,
            twin=note_url(note.id, ".md"),
            client_titles=self.client_titles,
        )

    def probe_html(self, report: ProbeReport) -> str:
        citations = self.views.citations(report.id)
        client = self.kb.clients.get(runs.owner(self.views, report))
        rows = runs.verdict_rows(self.views, report)
        return self.html(
            "probe.html",
            title=runs.run_title(report, client.title if client else None),
            section="runs",
            report=report,
            client=client,
            citations=[(self.kb.clients[c], features) for c, features in citations.items()],
            features=self.kb.features,
            notes=self.views.notes_citing(report.id),
            client_info=layout(json.dumps(report.client_info, ensure_ascii=False)),
            capabilities=layout(json.dumps(report.capabilities, ensure_ascii=False)),
            exercised=[r for r in rows if not r.bare],
            idle=[r for r in rows if r.bare],
            connection=runs.connection(report),
            answer_timeout=(report.model_extra or {}).get("answerTimeout"),
            messages=runs.message_views(report),
        )

    def run_index(self) -> str:
        groups = runs.run_groups(self.views)
        every = [r for g in groups for r in g.runs]
        return self.html(
            "runs.html",
            title="Probe runs",
            section="runs",
            groups=groups,
            total=len(every),
            newest=max((r.started[:10] for r in every), default=""),
        )

    def research_index(self) -> str:
        notes = self.views.notes_newest_first()
        return self.html(
            "research_index.html",
            title="Research notes",
            section="research",
            notes=notes,
            kinds=NOTE_KINDS,
            statuses=NOTE_STATUSES,
            clients=self.views.clients,
            capabilities=sorted({c for n in notes for c in n.capabilities}),
            client_titles=self.client_titles,
        )

    def client_index(self) -> str:
        items = [(client_url(c.id), c.title, c.vendor or "") for c in self.views.clients]
        intro = "Every MCP client in the knowledge base."
        return self.html("list.html", title="Clients", section="clients", intro=intro, groups=[("", items)])

    def feature_index(self) -> str:
        groups = [
            (cat.title, [(feature_url(f.id), f.title, f.id) for f in cat.features])
            for cat in self.kb.ordered_categories()
        ]
        return self.html(
            "list.html",
            title="Features",
            section="features",
            intro="The MCP feature taxonomy across every spec revision.",
            groups=groups,
        )

    def feed(self) -> str:
        facets = self.facets  # the client entries are made of the support data and runs, in the taxonomy's order
        data_key = digest(self.code, facets.support, facets.taxonomy, facets.filing, facets.client_names)
        entries, updated = feeds.feed_entries(self.views, self.base_url, data_key)
        return self.html("feed.xml", entries=entries, updated=updated)

    def llms(self) -> str:
        return feeds.llms_txt(self.views)


def build_site(
    result: LoadResult,
    out: Path,
    base_url: str = "https://canimcp.io",
    before_writing: Callable[[], None] | None = None,
    mount: Mount | None = None,
) -> BuildStats:
    """Write the site into `out`, re-rendering only pages whose fingerprint changed. `before_writing` is
    called once the pages to write are known and their shared parts worked out, before anything is written:
    it may raise to stop the build (`canimcp build` waits there for the lint rules it runs meanwhile).
    The site's links are under the path of `base_url` unless `mount` says where it is served (`canimcp
    serve` serves it at the root whatever its public address); a base URL that is not http(s) with a
    host, or whose path cannot be a site's, raises ValueError."""
    with gc_paused():
        return _build_site(SiteBuilder(result, base_url, mount), out, before_writing)


def _build_site(builder: SiteBuilder, out: Path, before_writing: Callable[[], None] | None) -> BuildStats:
    manifest_path = out / MANIFEST
    try:
        old: dict[str, str] = json.loads(manifest_path.read_text())
    except (OSError, ValueError):
        old = {}
    present = files_under(out)  # one walk instead of a stat per page: a page deleted by hand is rewritten
    new: dict[str, str] = {}
    todo = []
    for page in builder.pages():
        new[page.path] = page.fingerprint
        if old.get(page.path) != page.fingerprint or page.path not in present:
            page.render = builder.mount.rebased(page.path, page.render)
            todo.append(page)
    if in_parallel(len(todo)):
        builder.views.prepare()  # once here, not once in every worker
    if before_writing is not None:
        before_writing()
    out.mkdir(parents=True, exist_ok=True)
    written = write_pages(todo, out, present)
    unchanged = len(new) - written
    removed = 0
    for path in set(old) - set(new):
        (out / path).unlink(missing_ok=True)
        removed += 1
    manifest_path.write_text(json.dumps(new, separators=(",\n", ":"), sort_keys=True))  # no indent: the C encoder
    return BuildStats(written, unchanged, removed)
