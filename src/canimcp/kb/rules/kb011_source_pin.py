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
    url, commit, package, path = source.url, source.commit, source.package, source.path
    if not url.startswith(("https://", "http://")):
        yield "url", f"url '{url}' is not an http(s) URL"
    if commit is not None and not COMMIT.match(commit):
        yield "commit", f"commit '{commit}' is not 7-40 lowercase hex digits"
    if package is not None and not PACKAGE.match(package):
        yield "package", f"package '{package}' is not registry:name@version (npm, pypi or vscode)"
    if path is not None:
        m = PATH.match(path)
        if not m:
            yield "path", f"path '{path}' is not path, path:N or path:N-M"
        elif m["start"] and (int(m["start"]) < 1 or (m["end"] and int(m["end"]) < int(m["start"]))):
            yield "path", f"path '{path}' has an empty or reversed line range"
        if commit is None and package is None:
            yield "path", f"path '{path}' is not pinned: give the commit (or the package) it was read at"
    if commit is not None and source.repo is None:
        yield "repository", "a commit pin needs the repository: a GitHub url or 'repository: owner/name'"


def check(ctx: Context) -> Iterator[Finding]:
    for key, loc, source in ctx.sources():
        for field, message in problems(source):
            yield RULE.at(ctx, key, *loc, field, message=message)
