"""What one `canimcp check` learns about files that a later check of the same files needs not learn again.

Three things cost most of a check and are functions of a file's bytes and of this package's code alone (and of the
Python and pydantic that run it): KB019's judgement of a probe report, whether a probe report validates (and its
id), and whether a YAML text may be read by the fast parser (kb/yamldialect.py). Each is kept under the digest of
the file and of the code, so a hit is what doing the work again would give, and any change to a file or to the code
misses. Between two checks most files and the code rarely change.

The cache is a JSON file in the user's cache folder (`CANIMCP_CHECK_CACHE` names another folder, or `off`); a file
that cannot be read or written is no cache, never an error."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sys
import tempfile
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

CACHE_ENV = "CANIMCP_CHECK_CACHE"
FILE_NAME = "check.json"
KEPT = 50_000  # entries kept of each kind across knowledge bases (about 50 bytes each)
KINDS = ("judged", "reports", "dialect")  # KB019's changes; report ids of reports that validate; fast-path verdicts


def cache_path() -> Path | None:
    setting = os.environ.get(CACHE_ENV, "")
    if setting == "off":
        return None
    if setting:
        return Path(setting) / FILE_NAME
    try:  # not installed where the wheel's build hook checks the data: no cache there
        from platformdirs import user_cache_dir
    except ImportError:
        return None
    return Path(user_cache_dir("canimcp")) / FILE_NAME


@lru_cache(maxsize=1)
def code_digest() -> str:
    """A digest of every Python file of this package, and of the Python and pydantic versions that run it."""
    import pydantic

    package = Path(__file__).resolve().parent.parent
    digest = hashlib.blake2b(digest_size=16)
    digest.update(f"{sys.version_info[:3]} pydantic {pydantic.VERSION}".encode())
    for path in sorted(package.rglob("*.py")):
        digest.update(path.relative_to(package).as_posix().encode() + b"\0")
        digest.update(path.read_bytes())
    return digest.hexdigest()


def _lines(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(line, str) for line in value)


class CheckCache:
    """By the digest of a file: the changes KB019 found judging a report again (an empty list: none), the id of a
    report that validated, and the fast-path verdict of a YAML text. `CheckCache(None)` keeps nothing."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.stored: dict[str, dict[str, Any]] = {kind: {} for kind in KINDS}
        self.used: dict[str, dict[str, Any]] = {kind: {} for kind in KINDS}
        self.added = False
        if path is None:
            return
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return
        if isinstance(data, dict) and data.get("code") == code_digest():
            for kind in KINDS:
                if isinstance(data.get(kind), dict):
                    self.stored[kind] = data[kind]

    def _get(self, kind: str, digest: str | None, valid: Callable[[Any], bool]) -> Any:
        if self.path is None or not digest:
            return None
        found = self.stored[kind].get(digest)
        if found is None or not valid(found):
            return None
        self.used[kind][digest] = found
        return found

    def _put(self, kind: str, digest: str | None, value: object) -> None:
        if self.path is not None and digest:
            self.used[kind][digest] = value
            self.added = True

    def judged(self, digest: str | None) -> list[str] | None:
        found: list[str] | None = self._get("judged", digest, _lines)
        return found

    def put_judged(self, digest: str | None, changes: list[str]) -> None:
        self._put("judged", digest, changes)

    def report_id(self, digest: str | None) -> str | None:
        """The id of the report in a file of this digest, which validated against the model: None when not known."""
        found: str | None = self._get("reports", digest, lambda value: isinstance(value, str))
        return found

    def put_report(self, digest: str | None, report_id: str) -> None:
        self._put("reports", digest, report_id)

    def dialect(self, digest: str | None) -> bool | None:
        found: bool | None = self._get("dialect", digest, lambda value: isinstance(value, bool))
        return found

    def put_dialect(self, digest: str | None, fast: bool) -> None:
        self._put("dialect", digest, fast)

    def save(self) -> None:
        """Write what this check used or learnt and, up to KEPT of each kind, what earlier ones did; only when it
        learnt something."""
        if self.path is None or not self.added:
            return
        kept: dict[str, Any] = {"code": code_digest()}
        for kind in KINDS:
            entries = dict(self.used[kind])
            for key, value in self.stored[kind].items():
                if len(entries) >= KEPT:
                    break
                entries.setdefault(key, value)
            kept[kind] = entries
        with contextlib.suppress(OSError):
            self.path.parent.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=self.path.parent, prefix=".check-", suffix=".json")
            try:
                with os.fdopen(handle, "w", encoding="utf-8") as out:
                    json.dump(kept, out)
                os.replace(temporary, self.path)  # whole or not at all, whatever another check writes meanwhile
            finally:
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(temporary)
