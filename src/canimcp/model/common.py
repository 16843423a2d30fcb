"""Shared building blocks of the domain model."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class Strict(BaseModel):
    """Base for every model read from `data/`: unknown keys are an error, aliases and names both work."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True, frozen=False)
