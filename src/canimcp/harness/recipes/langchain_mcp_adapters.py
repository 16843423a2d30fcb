"""LangChain's MCP adapters (PyPI `langchain-mcp-adapters`), driven by a few-line script.

Releases 0.0.11 to 0.3.1 ask for `mcp` with no upper bound, so a fresh install of one today gets the SDK 2.x, and
their modules no longer import beside it: from 0.2.0 on the callbacks module imports `RequestContext` from
`mcp.shared.context`, before that the client imports `streamablehttp_client` (to 0.1.11) or a module imports from
`mcp.shared.session` (0.1.12 to 0.1.14), all gone in `mcp` 2. Release 0.3.2's only change was to cap it below 2. Such
a release runs with `mcp<2` beside it: a default install resolved a 1.x until `mcp` 2.0.0 was published on 2026-07-28
(0.3.1, published 2026-07-27, was run this way). Older releases run as they install: 0.0.4 to 0.0.9 cap `mcp` below
1.7 themselves, and the client and tools modules of 0.0.2, 0.0.3 and 0.0.10 import beside `mcp` 2.3.0."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="langchain-mcp-adapters",
    package="pypi:langchain-mcp-adapters",
    bin="python",
    script="langchain_mcp_adapters_client.py",
    agent_script="langchain_mcp_adapters_agent.py",  # `probe run --agent`: LangChain's create_agent on ChatOpenAI
    agent_packages=("langchain==1.5.2", "langchain-openai==1.7.4"),
    modes={"session": (step("$bin $script $transport $probe_target", timeout=60),)},
    transports=("stdio", "http", "sse"),
    script_helpers=("sdk_oauth.py",),  # the sign-in the script imports in a run with --auth
    auth=True,  # a connection's `auth` key takes an httpx.Auth, passed to the SDK: the SDK's OAuthClientProvider
    # releases before 0.0.11 as they install; from 0.0.11 to 0.3.1 with the SDK 1.x they were published against
    earlier=(("0.0.11", {}), ("0.3.2", {"pins": ("mcp<2",)})),
)
