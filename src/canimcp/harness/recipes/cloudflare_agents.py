"""Cloudflare's Agents SDK (npm `agents`): its MCP client, `MCPClientManager`, is a capability of an Agent, a Durable
Object (`this.addMcpServer(name, url)`, then `this.mcp`), and keeps its servers in the object's SQLite storage. It
runs only in a Worker: the manager is installed into the Durable Object's lifecycle, whose module imports
`cloudflare:workers`, so no plain Node script can make one. The scripts therefore do what a developer does: write a
Worker project into the run's working folder (`wrangler.jsonc` with the Agent as a SQLite Durable Object and
`nodejs_compat`, and `src/server.ts`, an Agent written the way the SDK's "Connecting to MCP Servers" page shows, with
its defaults: `cloudflare_agents_worker.ts`, or `cloudflare_agents_agent_worker.ts` for `--agent`), start
`wrangler dev --local` on loopback (the workerd runtime from the registry; no account, no login, metrics and the
`Request.cf` download off) and drive the Agent with HTTP requests: connect, the session, a hold, a status request
(an Agent left idle may be evicted, and the request that wakes it then restores its stored connections), close
(`cloudflare_agents_client.mjs`). The plain session calls the probe's tools through `this.mcp.getAITools()`, the
tools an AI SDK model gets, and reads a resource and gets a prompt through `this.mcp`; the agent (`--agent`,
`cloudflare_agents_agent.mjs`) is the page's AI SDK example, one `generateText` turn with `tools:
this.mcp.getAITools()` on `@ai-sdk/openai` at the scripted model, given `stopWhen: stepCountIs(24)` (the AI SDK
stops after one step by default). With CANIMCP_ELICITATION_HANDLERS=1, which the harness never sets, the plain Agent
configures elicitation handlers shaped like the docs' example, its form handler filling in the requested name where
the example's returns empty content (the two reports made by hand against `canimcp probe serve`, `…-configured-0`).

Transports: Streamable HTTP (the code's default `transport.type`, "auto", though the docs' table names
"streamable-http", tries it first and falls back to the legacy transport on a 404 or 405) and the legacy HTTP+SSE
transport (`transport: { type: "sse" }`, which the SSE runs set).
There is no stdio: a Worker cannot start a process (its third transport, "rpc", reaches an MCP server in another
Durable Object through a binding). Sign-in is the SDK's own: an OAuth-protected server makes `addMcpServer` answer
`authenticating` with an authorization URL, for which the Agent's own OAuth provider has registered a client whose
redirect is the Agent's `/agents/<class>/<instance>/callback`; the script hands that URL to the harness's browser,
and the Agent's MCP client takes the callback, exchanges the code and connects by itself (`auth=True`).

`extra_packages`: `wrangler`, the command that runs a Worker locally (a Worker project's own dev dependency; 4.164.0
is its newest release, and its workerd 1.20261117.1 comes with it). The MCP client's peer
`@modelcontextprotocol/client` (exactly 2.4.0) and `zod` are required peers, which npm installs unasked.
`agent_packages`: `ai` 7.0.185 and `@ai-sdk/openai` 4.0.126, the newest releases (the SDK asks for `ai` 6 or 7), on
the same `@ai-sdk/provider` 4.0.39. `node="22"`: wrangler 4 needs Node 22.12 or newer."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="cloudflare-agents",
    package="npm:agents",
    bin="node",
    script="cloudflare_agents_client.mjs",
    agent_script="cloudflare_agents_agent.mjs",  # `probe run --agent`: generateText with getAITools() on @ai-sdk/openai
    agent_packages=("ai@7.0.185", "@ai-sdk/openai@4.0.126"),
    extra_packages=("wrangler@4.164.0",),
    # the Workers the scripts write into their project as src/server.ts
    script_helpers=("cloudflare_agents_worker.ts", "cloudflare_agents_agent_worker.ts"),
    node="22",
    # the clientInfo name is the Agent's class name (`MyAgent` in the scripts' Workers, as in the SDK's docs)
    surfaces={"session": "agent"},
    modes={"session": (step("$bin $script $transport $probe_target", timeout=120),)},
    transports=("http", "sse"),  # no stdio in a Worker; `transport: { type: "sse" }` for the legacy transport
    auth=True,  # addMcpServer's own OAuth flow, the authorization URL opened with $BROWSER
    timeout=240.0,
)
