"""Loading and linting the knowledge base in `data/`."""

from .check import check_kb
from .findings import Finding
from .loader import KBError, LoadResult, bundled_data_dir, load_kb, read_kb
from .rules import RULES, Options

__all__ = ["RULES", "Finding", "KBError", "LoadResult", "Options", "bundled_data_dir", "check_kb", "load_kb", "read_kb"]
