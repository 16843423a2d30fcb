"""The lint rules of `canimcp check`, one module per concern, found by name: a module `kbNNN_<name>.py`
with a `RULE` and a `check(ctx)`. To add one, copy a sibling with the next number."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ..findings import Finding
from .base import Context, Options, Rule


@dataclass(frozen=True)
class RegisteredRule:
    rule: Rule
    check: Callable[[Context], Iterator[Finding]]


def _discover() -> list[RegisteredRule]:
    names = sorted(m.name for m in pkgutil.iter_modules(__path__) if m.name.startswith("kb") and m.name[2:5].isdigit())
    modules = [importlib.import_module(f"{__name__}.{name}") for name in names]
    return [RegisteredRule(module.RULE, module.check) for module in modules]


RULES: list[RegisteredRule] = _discover()

__all__ = ["RULES", "Context", "Options", "RegisteredRule", "Rule"]
