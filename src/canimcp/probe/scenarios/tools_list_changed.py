"""tools list_changed: after notifications/tools/list_changed, does the client send tools/list again?"""

from __future__ import annotations

from .base import ListChanged


class ToolsListChanged(ListChanged):
    kind = "tools"
    features = ("tools.listChanged",)
