"""Every client recipe, by client id. To add a client: copy a sibling module, then list it here."""

from __future__ import annotations

from ..recipe import Recipe, Unrunnable
from . import (
    agno,
    ai_sdk,
    amp,
    auggie,
    autogen_ext,
    chuk_mcp_cli,
    claude_code,
    cline,
    codex,
    continue_cli,
    copilot_cli,
    crewai,
    fast_agent,
    fastmcp,
    gemini_cli,
    genkit,
    google_adk,
    gptme,
    inspector,
    kilo,
    kimi_code,
    langchain_mcp_adapters,
    langchainjs_mcp_adapters,
    llama_index_tools_mcp,
    mastra,
    mcp_agent,
    mcp_remote,
    mcp_use,
    nanocoder,
    openai_agents,
    openai_agents_js,
    openclaw,
    opencode,
    pydantic_ai,
    python_sdk,
    qwen_code,
    semantic_kernel,
    smolagents,
    strands_agents,
    typescript_sdk,
    wong2_mcp_cli,
)

RECIPES: dict[str, Recipe] = {
    module.RECIPE.id: module.RECIPE
    for module in (
        claude_code,
        codex,
        copilot_cli,
        gemini_cli,
        qwen_code,
        kimi_code,
        nanocoder,
        gptme,
        opencode,
        kilo,
        openclaw,
        continue_cli,
        cline,
        amp,
        auggie,
        inspector,
        mcp_remote,
        typescript_sdk,
        ai_sdk,
        mastra,
        langchainjs_mcp_adapters,
        genkit,
        python_sdk,
        fastmcp,
        mcp_use,
        fast_agent,
        openai_agents,
        openai_agents_js,
        pydantic_ai,
        langchain_mcp_adapters,
        llama_index_tools_mcp,
        google_adk,
        strands_agents,
        crewai,
        semantic_kernel,
        autogen_ext,
        mcp_agent,
        smolagents,
        agno,
        chuk_mcp_cli,
        wong2_mcp_cli,
    )
}

UNRUNNABLE: dict[str, Unrunnable] = {
    u.id: u
    for u in (
        Unrunnable("crush", "npm:@charmland/crush", "its install step downloads a binary from outside the registries"),
        Unrunnable(
            "mistral-vibe",
            "pypi:mistral-vibe",
            "its newest release, 3.0.3, pins certifi==2026.10.19, which the registry does not have (it has "
            "2026.10.19.post1), so pip cannot install it",
        ),
    )
}
