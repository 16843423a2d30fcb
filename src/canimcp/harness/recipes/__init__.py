"""Every client recipe, by client id. To add a client: copy a sibling module, then list it here."""

from __future__ import annotations

from ..recipe import Recipe, Unrunnable
from . import ai_sdk, claude_code, fastmcp, gemini_cli, mcp_use, python_sdk, typescript_sdk

RECIPES: dict[str, Recipe] = {
    module.RECIPE.id: module.RECIPE
    for module in (python_sdk, typescript_sdk, fastmcp, ai_sdk, mcp_use, gemini_cli, claude_code)
}

UNRUNNABLE: dict[str, Unrunnable] = {
    u.id: u
    for u in (
        Unrunnable("copilot-cli", "npm:@github/copilot", "needs a real GitHub login before it connects to any server"),
        Unrunnable("crush", "npm:@charmland/crush", "its install step downloads a binary from outside the registries"),
    )
}
