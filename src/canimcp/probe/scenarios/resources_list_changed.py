"""resources list_changed: after notifications/resources/list_changed, does the client send resources/list again?"""

from __future__ import annotations

from .base import ListChanged


class ResourcesListChanged(ListChanged):
    kind = "resources"
    features = ("resources.listChanged",)
