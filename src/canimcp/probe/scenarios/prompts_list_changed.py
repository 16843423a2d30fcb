"""prompts list_changed: after notifications/prompts/list_changed, does the client send prompts/list again?"""

from __future__ import annotations

from .base import ListChanged


class PromptsListChanged(ListChanged):
    kind = "prompts"
    features = ("prompts.listChanged",)
