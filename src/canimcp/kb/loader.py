"""Reads `data/` into a KnowledgeBase, collecting findings instead of stopping at the first problem."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from ..model import (
    Category,
    Client,
    Feature,
    KnowledgeBase,
    Note,
    ProbeReport,
    Revision,
    Statement,
    SupportFile,
)
from .findings import Finding, Severity, display_path, is_error
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


@dataclass
class LoadResult:
    kb: KnowledgeBase
    findings: list[Finding] = field(default_factory=list)
    entities: list[Entity] = field(default_factory=list)
    origins: dict[tuple[str, ...], Origin] = field(default_factory=dict)
    # ids of entities whose files are broken: references to them are not also reported as dangling
    broken: dict[str, set[str]] = field(default_factory=dict)

    def known(self, kind: str, entity_id: str) -> bool:
        pools: dict[str, Any] = {
            "client": self.kb.clients,
            "note": self.kb.notes,
            "feature": self.kb.features,
            "revision": self.kb.revisions,
            "probe": self.kb.probes,
        }
        return entity_id in pools[kind] or entity_id in self.broken.get(kind, set())

    def add(self, path: Path, line: int, code: str, message: str, severity: Severity = "error") -> None:
        self.findings.append(Finding(display_path(path), line, code, severity, message))

    def at(self, key: tuple[str, ...], *loc: str | int) -> tuple[Path, int]:
        origin = self.origins[key]
        return origin.path, origin.line(*loc)


def bundled_data_dir() -> Path:
    """The knowledge base shipped with the package (or the repository's `data/` in a checkout)."""
    here = Path(__file__).resolve().parent.parent
    packaged = here / "data"
    if packaged.is_dir():
        return packaged
    return here.parent.parent / "data"


class _Reader:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.result = LoadResult(KnowledgeBase(root=root))
        self.body_line = 0

    # -- generic steps ---------------------------------------------------------------------------
    def parse(self, path: Path, front_matter: bool = False, expect: type = dict) -> tuple[Any, LineMap, str] | None:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            self.result.add(path, 1, SYNTAX, f"cannot read file: {exc}")
            return None
        body = ""
        try:
            if front_matter:
                text, body, body_line = split_front_matter(text)
                data, lines = parse_yaml(text, offset=1)
                self.body_line = body_line
            else:
                data, lines = parse_yaml(text)
        except YamlError as exc:
            self.result.add(path, exc.line, SYNTAX, exc.message)
            return None
        for line, key in lines.duplicates:
            self.result.add(path, line, SYNTAX, f"duplicate key '{key}' (the later value would win silently)")
        if not isinstance(data, expect):
            what = "a mapping of fields" if expect is dict else "a list"
            self.result.add(path, lines.line(), SCHEMA, f"expected {what} at the top level")
            return None
        return data, lines, body

    def validate(self, model: type[M], data: Any, origin: Origin) -> M | None:
        try:
            return model.model_validate(data)
        except ValidationError as exc:
            for error in exc.errors():
                self._schema_finding(origin, tuple(error["loc"]), error["type"], error["msg"], error.get("input"))
            return None

    def _schema_finding(self, origin: Origin, loc: tuple[str | int, ...], kind: str, msg: str, given: object) -> None:
        where = ".".join(str(p) for p in loc) or "(top level)"
        if kind == "extra_forbidden":
            message = f"unknown field '{where}'"
        elif kind == "missing":
            message = f"missing required field '{where}'"
        elif kind in _DATE_ERRORS:
            self.result.add(origin.path, origin.line(*loc), DATES, f"{where}: not an ISO date (YYYY-MM-DD): {given!r}")
            return
        else:
            message = f"{where}: {msg.removeprefix('Value error, ')} (got {_short(given)})"
        line = origin.line(*loc[:-1]) if kind == "missing" else origin.line(*loc)
        self.result.add(origin.path, line, SCHEMA, message)

    def register(self, kind: str, key: tuple[str, ...], entity_id: str, origin: Origin) -> bool:
        """Record an entity; return False when its key is already taken (a duplicate)."""
        self.result.entities.append(Entity(kind, entity_id, origin))
        if key in self.result.origins:
            return False
        self.result.origins[key] = origin
        return True

    # -- the parts of data/ ----------------------------------------------------------------------
    def revisions(self) -> None:
        path = self.root / "revisions.yaml"
        if not path.is_file():
            self.result.add(path, 1, SCHEMA, "missing file: the spec revisions table")
            return
        parsed = self.parse(path, expect=list)
        if not parsed:
            return
        items, lines, _ = parsed
        for index, item in enumerate(items):
            origin = Origin(path, lines, (index,))
            revision = self.validate(Revision, item, origin)
            if revision and self.register("revision", ("revision", revision.id), revision.id, origin):
                self.result.kb.revisions[revision.id] = revision

    def features(self) -> None:
        for path in sorted((self.root / "features").glob("*.yaml")):
            parsed = self.parse(path)
            if not parsed:
                continue
            data, lines, _ = parsed
            items = data.pop("features", None)
            category = self.validate(Category, data, Origin(path, lines))
            if category is None:
                continue
            self.register("category", ("category", category.category), category.category, Origin(path, lines))
            self.result.kb.categories.setdefault(category.category, category)
            if not isinstance(items, list):
                self.result.add(path, lines.line("features"), SCHEMA, "features: expected a list of features")
                continue
            for index, item in enumerate(items):
                origin = Origin(path, lines, ("features", index))
                feature = self.validate(Feature, item, origin)
                if feature is None:
                    if isinstance(item, dict) and "id" in item:
                        self.result.broken.setdefault("feature", set()).add(str(item["id"]))
                    continue
                feature.category = category.category
                category.features.append(feature)
                if self.register("feature", ("feature", feature.id), feature.id, origin):
                    self.result.kb.features[feature.id] = feature

    def documents(self, folder: str, model: type[Client] | type[Note], kind: str) -> None:
        for path in sorted((self.root / folder).glob("*.md")):
            parsed = self.parse(path, front_matter=True)
            if not parsed:
                self.result.broken.setdefault(kind, set()).add(path.stem)
                continue
            data, lines, body = parsed
            data["body"] = body
            origin = Origin(path, lines, body_line=self.body_line)
            entity = self.validate(model, data, origin)
            if entity is None:
                self.result.broken.setdefault(kind, set()).add(str(data.get("id", path.stem)))
                continue
            if self.register(kind, (kind, entity.id), entity.id, origin):
                target: dict[str, Any] = self.result.kb.clients if kind == "client" else self.result.kb.notes
                target[entity.id] = entity

    def support(self) -> None:
        for path in sorted((self.root / "support").glob("*.yaml")):
            parsed = self.parse(path)
            if not parsed:
                continue
            data, lines, _ = parsed
            table = data.pop("support", None)
            origin = Origin(path, lines)
            head = self.validate(SupportFile, data, origin)
            if head is None:
                continue
            if not self.register("support", ("support", head.client), head.client, origin):
                continue
            self.result.kb.support[head.client] = head
            if not isinstance(table, dict):
                self.result.add(
                    path, lines.line("support"), SCHEMA, "support: expected a mapping of feature id -> statements"
                )
                continue
            for feature_id, statements in table.items():
                self._statements(head, path, lines, str(feature_id), statements)

    def _statements(self, head: SupportFile, path: Path, lines: LineMap, feature_id: str, items: Any) -> None:
        if not isinstance(items, list):
            self.result.add(
                path, lines.line("support", feature_id), SCHEMA, f"support.{feature_id}: expected a list of statements"
            )
            return
        kept: list[Statement] = []
        for index, item in enumerate(items):
            origin = Origin(path, lines, ("support", feature_id, index))
            statement = self.validate(Statement, item, origin)
            if statement is not None:
                self.result.origins[("statement", head.client, feature_id, str(len(kept)))] = origin
                kept.append(statement)
        head.support[feature_id] = kept

    def probes(self) -> None:
        for path in sorted((self.root / "probes").rglob("*.json")):
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
            except json.JSONDecodeError as exc:
                self.result.add(path, exc.lineno, SYNTAX, f"JSON syntax: {exc.msg}")
                continue
            except (OSError, UnicodeDecodeError) as exc:
                self.result.add(path, 1, SYNTAX, f"cannot read file: {exc}")
                continue
            origin = Origin(path, LineMap(None))
            report = self.validate(ProbeReport, data, origin)
            if report and self.register("probe", ("probe", report.id), report.id, origin):
                self.result.kb.probes[report.id] = report


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def read_kb(root: Path | str | None = None) -> LoadResult:
    """Load everything that can be loaded, with a finding for everything that cannot."""
    reader = _Reader(Path(root) if root is not None else bundled_data_dir())
    if not reader.root.is_dir():
        reader.result.add(reader.root, 1, SYNTAX, "not a directory: no knowledge base here")
        return reader.result
    reader.revisions()
    reader.features()
    reader.documents("clients", Client, "client")
    reader.support()
    reader.documents("research", Note, "note")
    reader.probes()
    return reader.result


class KBError(Exception):
    """The knowledge base has errors; `findings` lists each with its file and line."""

    def __init__(self, findings: Iterable[Finding]) -> None:
        self.findings = sorted(findings)
        shown = "\n".join(str(f) for f in self.findings[:20])
        more = f"\n... and {len(self.findings) - 20} more" if len(self.findings) > 20 else ""
        super().__init__(f"the knowledge base has {len(self.findings)} error(s):\n{shown}{more}")


def load_kb(path: Path | str | None = None) -> KnowledgeBase:
    """The typed, cross-linked knowledge base; raises KBError (file:line for each) if any file is broken."""
    result = read_kb(path)
    if is_error(result.findings):
        raise KBError(f for f in result.findings if f.severity == "error")
    return result.kb
