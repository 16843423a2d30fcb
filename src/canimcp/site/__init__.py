"""The site and the data exports built from the knowledge base."""

from .build import BuildStats, build_site

__all__ = ["BuildStats", "build_site"]
