"""mcp-use's client (PyPI `mcp-use`), driven by a few-line script.

Release 1.7.0 (published 2026-03-17, the last before the 2026-07-28 revision) asks for `mcp>=1.24.0` with no upper
bound, so a fresh install of it today gets the SDK 2.x, beside which it no longer imports (its connectors import
`RequestContext` from `mcp.shared.context`, gone in `mcp` 2). Release 1.7.1 capped it below 2. Releases before 1.7.1
were all published before `mcp` 2.0.0 (2026-07-28), when a default install resolved a 1.x, so they run with `mcp<2`
beside them, which today gives them 1.30.0 rather than the older 1.x they got then. Only 1.7.0 was run this way (with
the same scripts: `MCPClient.from_dict`, `create_session` and `MCPAgent` are in it too); whether the older releases
import beside 1.30.0 is untested."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="mcp-use",
    package="pypi:mcp-use",
    bin="python",
    script="mcp_use_client.py",
    agent_script="mcp_use_agent.py",  # `probe run --agent`: MCPAgent on ChatOpenAI
    agent_packages=("langchain-openai==1.7.4",),
    modes={"session": (step("$bin $script $transport $probe_target", timeout=60),)},
    transports=("stdio", "http", "sse"),  # sse: reached only as its fallback when Streamable HTTP fails on the URL
    auth=True,  # "auth": {} opens the browser through Python's webbrowser module, i.e. $BROWSER
    # releases before 1.7.1 with the SDK 1.x (a default install resolved a 1.x when they were published)
    earlier=(("1.7.1", {"pins": ("mcp<2",)}),),
)
