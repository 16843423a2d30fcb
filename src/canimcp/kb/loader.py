"""Reads `data/` into a KnowledgeBase, collecting findings instead of stopping at the first problem.

Each file is read on its own into a `FileResult` (what the file contributes: entities, findings,
origins), then the results are merged in a fixed order. A `LoadCache` keeps file results by
modification time, so that reloading after one file changed re-reads only that file. A `CheckCache`
(what `canimcp check` keeps between runs) spares validating a report that validated before, and
scanning the dialect of a YAML text scanned before: see `read_kb`.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from ..model import Category, Client, Feature, KnowledgeBase, Note, ProbeReport, Revision, Statement, SupportFile
from .checkcache import CheckCache
from .collector import gc_paused
from .findings import Finding, Severity, display_path, is_error
from .yamldialect import fast_path_safe
from .yamlfile import LineMap, YamlError, parse_yaml, split_front_matter

M = TypeVar("M", bound=BaseModel)

SYNTAX = "KB001"
SCHEMA = "KB002"
DATES = "KB008"
_DATE_ERRORS = {"date_parsing", "date_from_datetime_parsing", "date_from_datetime_inexact", "date_type"}


@dataclass
class Origin:
    """Where an entity was read: its file, and the location of the entity inside that file."""

    path: Path
    lines: LineMap
    loc: tuple[str | int, ...] = ()
    body_line: int = 0  # first line of the markdown body, for documents

    def line(self, *loc: str | int) -> int:
        return self.lines.line(*self.loc, *loc)


@dataclass
class Entity:
    kind: str  # revision, category, feature, client, support, note, probe
    id: str
    origin: Origin
    value: Any = None


@dataclass
class FileResult:
    """Everything one file contributes to the knowledge base."""

    digest: str = ""
    findings: list[Finding] = field(default_factory=list)
    entities: list[Entity] = field(default_factory=list)
    origins: dict[tuple[str, ...], Origin] = field(default_factory=dict)
    broken: list[tuple[str, str]] = field(default_factory=list)

    def add(self, path: Path, line: int, code: str, message: str, severity: Severity = "error") -> None:
        self.findings.append(Finding(display_path(path), line, code, severity, message))


@dataclass
class LoadResult:
    kb: KnowledgeBase
    findings: list[Finding] = field(default_factory=list)
    entities: list[Entity] = field(default_factory=list)
    origins: dict[tuple[str, ...], Origin] = field(default_factory=dict)
    # ids of entities whose files are broken: references to them are not also reported as dangling
    broken: dict[str, set[str]] = field(default_factory=dict)
    # content digest of each entity's file, for incremental builds
    digests: dict[tuple[str, str], str] = field(default_factory=dict)
    # reports known to validate (by a CheckCache) and so not read into kb.probes: id -> file; see report()
    unread: dict[str, Path] = field(default_factory=dict)

    def known(self, kind: str, entity_id: str) -> bool:
        """Is there an entity of `kind` with this id (loaded, or in a file too broken to load)?"""
        return (
            entity_id in getattr(self.kb, _TARGET[kind])
            or entity_id in self.broken.get(kind, ())
            or (kind == "probe" and entity_id in self.unread)
        )

    def report_ids(self) -> list[str]:
        """Every probe report's id, read or not, sorted."""
        return sorted([*self.kb.probes, *self.unread])

    def report(self, report_id: str) -> ProbeReport:
        """A probe report, read (and validated: it did before, by this code) now if the load left it unread."""
        if report_id not in self.kb.probes:
            self.kb.probes[report_id] = ProbeReport.model_validate_json(self.unread.pop(report_id).read_bytes())
        return self.kb.probes[report_id]


Reader = Callable[[Path, CheckCache | None], FileResult]


@dataclass
class LoadCache:
    """File results by path, valid while the file's size and modification time are unchanged."""

    files: dict[Path, tuple[int, int, FileResult]] = field(default_factory=dict)

    def get(self, path: Path, read: Reader, memo: CheckCache | None = None) -> FileResult:
        try:
            stat = path.stat()
        except OSError:
            return read(path, memo)
        hit = self.files.get(path)
        if hit and hit[0] == stat.st_mtime_ns and hit[1] == stat.st_size:
            return hit[2]
        result = read(path, memo)
        self.files[path] = (stat.st_mtime_ns, stat.st_size, result)
        return result


Stamp = tuple[tuple[str, int, int], ...]


def data_stamp(root: Path) -> Stamp:
    """(path, mtime, size) of every file under `root`: equal stamps mean nothing changed. Plain os.walk and
    strings, since watchers run this every second over thousands of files."""
    stamps = []
    for folder, _, files in os.walk(root):
        for name in files:
            path = os.path.join(folder, name)
            try:
                st = os.stat(path)
            except OSError:  # removed between the listing and the stat: the next scan sees it gone
                continue
            stamps.append((path, st.st_mtime_ns, st.st_size))
    return tuple(sorted(stamps))


def bundled_data_dir() -> Path:
    """The knowledge base shipped with the package (or the repository's `data/` in a checkout)."""
    here = Path(__file__).resolve().parent.parent
    packaged = here / "data"
    if packaged.is_dir():
        return packaged
    return here.parent.parent / "data"


# -- reading one file ------------------------------------------------------------------------------
def _read_text(path: Path, out: FileResult) -> str | None:
    raw = _read_bytes(path, out)
    return None if raw is None else _decoded(path, raw, out)


def _read_bytes(path: Path, out: FileResult) -> bytes | None:
    try:
        raw = path.read_bytes()
    except OSError as exc:
        out.add(path, 1, SYNTAX, f"cannot read file: {exc}")
        return None
    out.digest = hashlib.blake2b(raw, digest_size=12).hexdigest()
    return raw


def _decoded(path: Path, raw: bytes, out: FileResult) -> str | None:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        out.add(path, 1, SYNTAX, f"cannot read file: {exc}")
        return None


def _parse(
    path: Path, out: FileResult, memo: CheckCache | None, front_matter: bool = False, expect: type = dict
) -> tuple[Any, LineMap, str, int] | None:
    text = _read_text(path, out)
    if text is None:
        return None
    body, body_line, offset = "", 0, 0
    try:
        if front_matter:
            text, body, body_line = split_front_matter(text)
            offset = 1
        scanned = f"{out.digest}:{offset}"  # the same bytes as a YAML file and as a document are two texts
        fast = memo.dialect(scanned) if memo else None
        if memo and fast is None:
            fast = fast_path_safe(text)
            memo.put_dialect(scanned, fast)
        data, lines = parse_yaml(text, offset=offset, fast=fast)
    except YamlError as exc:
        out.add(path, exc.line, SYNTAX, exc.message)
        return None
    for line, key in lines.duplicates:
        out.add(path, line, SYNTAX, f"duplicate key '{key}' (the later value would win silently)")
    if not isinstance(data, expect):
        what = "a mapping of fields" if expect is dict else "a list"
        out.add(path, lines.line(), SCHEMA, f"expected {what} at the top level")
        return None
    return data, lines, body, body_line


def _validate(model: type[M], data: Any, origin: Origin, out: FileResult) -> M | None:
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        for error in exc.errors():
            _schema_finding(origin, tuple(error["loc"]), error["type"], error["msg"], error.get("input"), out)
        return None


def _schema_finding(
    origin: Origin, loc: tuple[str | int, ...], kind: str, msg: str, given: object, out: FileResult
) -> None:
    where = ".".join(str(p) for p in loc) or "(top level)"
    if kind == "extra_forbidden":
        message = f"unknown field '{where}'"
    elif kind == "missing":
        message = f"missing required field '{where}'"
    elif kind in _DATE_ERRORS:
        out.add(origin.path, origin.line(*loc), DATES, f"{where}: not an ISO date (YYYY-MM-DD): {given!r}")
        return
    else:
        message = f"{where}: {msg.removeprefix('Value error, ')} (got {_short(given)})"
    line = origin.line(*loc[:-1]) if kind == "missing" else origin.line(*loc)
    out.add(origin.path, line, SCHEMA, message)


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def read_revisions(path: Path, memo: CheckCache | None = None) -> FileResult:
    out = FileResult()
    parsed = _parse(path, out, memo, expect=list)
    if parsed:
        items, lines, _, _ = parsed
        for index, item in enumerate(items):
            origin = Origin(path, lines, (index,))
            revision = _validate(Revision, item, origin, out)
            if revision:
                out.entities.append(Entity("revision", revision.id, origin, revision))
    return out


def _with_head(
    path: Path, memo: CheckCache | None, model: type[M], kind: str, id_field: str, nested: str, expect: type, what: str
) -> tuple[FileResult, M | None, Any, LineMap | None]:
    """A file made of a head (validated as `model`) and one nested collection under `nested`, read apart so
    that one bad item costs only itself."""
    out = FileResult()
    parsed = _parse(path, out, memo)
    if not parsed:
        return out, None, None, None
    data, lines, _, _ = parsed
    items = data.pop(nested, None)
    head = _validate(model, data, Origin(path, lines), out)
    if head is None:
        return out, None, None, None
    out.entities.append(Entity(kind, str(getattr(head, id_field)), Origin(path, lines), head))
    if not isinstance(items, expect):
        out.add(path, lines.line(nested), SCHEMA, f"{nested}: expected {what}")
        return out, None, None, None
    return out, head, items, lines


def read_category(path: Path, memo: CheckCache | None = None) -> FileResult:
    out, category, items, lines = _with_head(
        path, memo, Category, "category", "category", "features", list, "a list of features"
    )
    if category is None or lines is None:
        return out
    for index, item in enumerate(items):
        origin = Origin(path, lines, ("features", index))
        feature = _validate(Feature, item, origin, out)
        if feature is None:
            if isinstance(item, dict) and "id" in item:
                out.broken.append(("feature", str(item["id"])))
            continue
        feature.category = category.category
        category.features.append(feature)
        out.entities.append(Entity("feature", feature.id, origin, feature))
    return out


def _read_document(path: Path, memo: CheckCache | None, model: type[Client] | type[Note], kind: str) -> FileResult:
    out = FileResult()
    parsed = _parse(path, out, memo, front_matter=True)
    if not parsed:
        out.broken.append((kind, path.stem))
        return out
    data, lines, body, body_line = parsed
    data["body"] = body
    origin = Origin(path, lines, body_line=body_line)
    entity = _validate(model, data, origin, out)
    if entity is None:
        out.broken.append((kind, str(data.get("id", path.stem))))
    else:
        out.entities.append(Entity(kind, entity.id, origin, entity))
    return out


def read_client(path: Path, memo: CheckCache | None = None) -> FileResult:
    return _read_document(path, memo, Client, "client")


def read_note(path: Path, memo: CheckCache | None = None) -> FileResult:
    return _read_document(path, memo, Note, "note")


def read_support(path: Path, memo: CheckCache | None = None) -> FileResult:
    what = "a mapping of feature id -> statements"
    out, head, table, lines = _with_head(path, memo, SupportFile, "support", "client", "support", dict, what)
    if head is None or lines is None:
        return out
    for feature_id, items in table.items():
        feature_id = str(feature_id)
        if not isinstance(items, list):
            out.add(
                path, lines.line("support", feature_id), SCHEMA, f"support.{feature_id}: expected a list of statements"
            )
            continue
        kept: list[Statement] = []
        for index, item in enumerate(items):
            origin = Origin(path, lines, ("support", feature_id, index))
            statement = _validate(Statement, item, origin, out)
            if statement is not None:
                out.origins[("statement", head.client, feature_id, str(len(kept)))] = origin
                kept.append(statement)
        head.support[feature_id] = kept
    return out


def read_probe(path: Path, memo: CheckCache | None = None) -> FileResult:
    """A probe report; one that `memo` knows validated (the same bytes, by the same code) is left unread: its
    entity has the id and no value (LoadResult.report reads it when asked)."""
    out = FileResult()
    raw = _read_bytes(path, out)
    if raw is None:
        return out
    origin = Origin(path, LineMap(None))
    known = memo.report_id(out.digest) if memo else None
    if known is not None:
        out.entities.append(Entity("probe", known, origin))
        return out
    text = _decoded(path, raw, out)
    if text is None:
        return out
    try:  # parsed and validated in one pass by pydantic's JSON reader: reports are most of the files
        report: ProbeReport | None = ProbeReport.model_validate_json(text)
    except ValidationError:  # read again the slow way, which says what is wrong and where
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            out.add(path, exc.lineno, SYNTAX, f"JSON syntax: {exc.msg}")
            return out
        report = _validate(ProbeReport, data, origin, out)
    if report:
        out.entities.append(Entity("probe", report.id, origin, report))
        if memo:
            memo.put_report(out.digest, report.id)
    return out


# -- merging ---------------------------------------------------------------------------------------
_TARGET = {
    "revision": "revisions", "category": "categories", "feature": "features", "client": "clients",
    "support": "support", "note": "notes", "probe": "probes",
}  # fmt: skip

_LAYOUT: list[tuple[str, str, Reader]] = [
    ("revisions.yaml", "", read_revisions),
    ("features", "*.yaml", read_category),
    ("clients", "*.md", read_client),
    ("support", "*.yaml", read_support),
    ("research", "*.md", read_note),
    ("probes", "**/*.json", read_probe),
]


def _merge(result: LoadResult, part: FileResult) -> None:
    result.findings.extend(part.findings)
    result.origins.update(part.origins)
    for kind, entity_id in part.broken:
        result.broken.setdefault(kind, set()).add(entity_id)
    for entity in part.entities:
        result.entities.append(entity)
        key = (entity.kind, entity.id)
        if key in result.origins:
            continue  # a duplicate: the first one stands, KB004 reports this one
        result.origins[key] = entity.origin
        result.digests[key] = part.digest
        if entity.kind == "probe" and entity.value is None:
            result.unread[entity.id] = entity.origin.path
        else:
            getattr(result.kb, _TARGET[entity.kind])[entity.id] = entity.value


def read_kb(
    root: Path | str | None = None, cache: LoadCache | None = None, memo: CheckCache | None = None
) -> LoadResult:
    """Load everything that can be loaded, with a finding for everything that cannot.

    With `memo`, a report it knows to validate is left unread (in `unread`, not in `kb.probes`: ask the result's
    `report()`), and what is learnt goes into it. Only `canimcp check` passes one: its rules never need most
    reports, while anything that reads `kb.probes` needs them all."""
    if cache is not None and memo is not None:  # a file result with an unread report would outlive this load
        raise ValueError("read_kb takes a LoadCache or a CheckCache, not both")
    with gc_paused():
        return _read_kb(root, cache, memo)


def _read_kb(root: Path | str | None, cache: LoadCache | None, memo: CheckCache | None) -> LoadResult:
    base = Path(root) if root is not None else bundled_data_dir()
    result = LoadResult(KnowledgeBase(root=base))
    if not base.is_dir():
        result.findings.append(
            Finding(display_path(base), 1, SYNTAX, "error", "not a directory: no knowledge base here")
        )
        return result
    cache = cache or LoadCache()
    for folder, pattern, read in _LAYOUT:
        if not pattern:
            path = base / folder
            if not path.is_file():
                result.findings.append(
                    Finding(display_path(path), 1, SCHEMA, "error", "missing file: the spec revisions table")
                )
                continue
            paths = [path]
        else:
            paths = sorted((base / folder).glob(pattern))
        for path in paths:
            _merge(result, cache.get(path, read, memo))
    for report_id in result.report_ids():
        parts = result.origins[("probe", report_id)].path.relative_to(base / "probes").parts
        if len(parts) > 1:
            result.kb.probe_folders[report_id] = parts[0]
    return result


class KBError(Exception):
    """The knowledge base has errors; `findings` lists each with its file and line."""

    def __init__(self, findings: Iterable[Finding]) -> None:
        self.findings = sorted(findings)
        shown = "\n".join(str(f) for f in self.findings[:20])
        more = f"\n... and {len(self.findings) - 20} more" if len(self.findings) > 20 else ""
        super().__init__(f"the knowledge base has {len(self.findings)} error(s):\n{shown}{more}")


def load_kb(path: Path | str | None = None) -> KnowledgeBase:
    """The typed, cross-linked knowledge base; raises KBError (file:line for each) if any file is broken.

    Without a path, the bundled knowledge base is read from its pre-compiled index when the wheel has one.
    """
    if path is None:
        from .index import INDEX_NAME, load_index

        root = bundled_data_dir()
        if (root / INDEX_NAME).is_file():
            return load_index(root / INDEX_NAME, root)
    result = read_kb(path)
    if is_error(result.findings):
        raise KBError(f for f in result.findings if f.severity == "error")
    return result.kb
