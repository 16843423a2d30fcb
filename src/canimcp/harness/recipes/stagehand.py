"""Stagehand (npm `@browserbasehq/stagehand`), Browserbase's browser-automation agent SDK, and the MCP client of its
3.x line: `connectToMCPServer`, which returns a connected client of the official TypeScript SDK (1.32.2 in a default
install of 3.7.3, under the clientInfo name `Stagehand`), and the agent's `integrations` option, which takes such
clients or server URLs and offers their tools to the agent's model beside its browser tools. The plain script
(`stagehand_client.mjs`) connects with the helper as the MCP integrations page shows it and calls the probe's tools
through the returned client, as the agent's tool wrappers do; the agent (`--agent`, `stagehand_agent.mjs`) is
`stagehand.agent({ integrations })` on a local Chromium (the system's `/usr/bin/chromium`, headless; no Browserbase
account) with an `openai/` model at the scripted model's URL (the AI SDK's OpenAI provider, the Responses API, which
3.7.3 ships as an optional dependency: no `agent_packages`).

Release 4.0.0 (August 2026) rewrote the package as a browser extension runtime with no agent and no MCP client (its
`dist/index.mjs` names neither `connectToMCPServer` nor `integrations`; the v4 MCP page says so), so 4.4.0, the newest
release, has nothing to run: `client_removed_in` makes the newest release before 4.0.0 the client's latest (3.7.3,
published after 4.0.0), which the runs install and `probe outdated` compares with. Transports: a command (the SDK's
stdio transport) or a URL (its Streamable HTTP transport); there is no SSE option, so no `sse` runs. Stagehand has no
sign-in of its own, but the helper's object form hands `requestOptions` to the SDK transport unchanged: a run with
`--auth` passes an SDK `authProvider` there (`oauth_memory.mjs`) and finishes the sign-in the way the SDK has an app
do it."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="stagehand",
    package="npm:@browserbasehq/stagehand",
    bin="node",
    client_removed_in="4.0.0",  # 4.x is an extension runtime with no agent and no MCP client
    script="stagehand_client.mjs",
    script_helpers=("oauth_memory.mjs",),  # the sign-in of a run with --auth
    agent_script="stagehand_agent.mjs",  # `probe run --agent`: stagehand.agent({ integrations }) with a local Chromium
    # the clientInfo name, `Stagehand`, is the helper's for both ways in (a client made first, or a URL the agent
    # connects): one surface
    surfaces={"session": "mcp-integrations"},
    modes={"session": (step("$bin $script $transport $probe_target", timeout=150),)},
    transports=("stdio", "http"),  # a command or a URL; no SSE transport
    auth=True,  # connectToMCPServer({serverUrl, requestOptions}) passes an authProvider through to the SDK's transport
)
