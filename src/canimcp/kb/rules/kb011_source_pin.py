"""KB011 source-pin: a source is pinned well: commit of 7-40 hex, path[:N[-M]], a package pin
registry:name@version, and a repository file never cited without a commit or package."""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...model import Source
from ..findings import Finding
from .base import Context, Rule

RULE = Rule("KB011", "source-pin", "error", "a source pin is malformed or missing")

COMMIT = re.compile(r"^[0-9a-f]{7,40}$")
PATH = re.compile(r"^(?P<file>[^\s:]+)(?::(?P<start>\d+)(?:-(?P<end>\d+))?)?$")
PACKAGE = re.compile(r"^(?P<registry>npm|pypi|vscode):(?P<name>@?[^@\s]+)@(?P<version>[^@\s]+)$")


def problems(source: Source) -> Iterator[tuple[str, str]]:
    """(field, message) for each thing wrong with one source."""
    if not source.url.startswith(("https://", "http://")):
        yield "url", f"url '{source.url}' is not an http(s) URL"
    if source.commit is not None and not COMMIT.match(source.commit):
        yield "commit", f"commit '{source.commit}' is not 7-40 lowercase hex digits"
    if source.package is not None and not PACKAGE.match(source.package):
        yield "package", f"package '{source.package}' is not registry:name@version (npm, pypi or vscode)"
    if source.path is not None:
        m = PATH.match(source.path)
        if not m:
            yield "path", f"path '{source.path}' is not path, path:N or path:N-M"
        elif m["start"] and (int(m["start"]) < 1 or (m["end"] and int(m["end"]) < int(m["start"]))):
            yield "path", f"path '{source.path}' has an empty or reversed line range"
        if source.commit is None and source.package is None:
            yield "path", f"path '{source.path}' is not pinned: give the commit (or the package) it was read at"
    if source.commit is not None and source.repo is None:
        yield "repository", "a commit pin needs the repository: a GitHub url or 'repository: owner/name'"


def check(ctx: Context) -> Iterator[Finding]:
    for key, loc, source in ctx.sources():
        for field, message in problems(source):
            yield RULE.at(ctx, key, *loc, field, message=message)
