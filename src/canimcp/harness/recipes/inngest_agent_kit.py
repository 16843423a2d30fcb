"""Inngest's AgentKit (npm `@inngest/agent-kit`), the TypeScript agent framework whose agents take MCP servers in
`mcpServers`, driven by a few-line script. The MCP client underneath is the official TypeScript SDK's (1.x), a
dependency; `inngest` and `zod`, its peers, come with it in a default npm install.

AgentKit opens its MCP connections only inside an agent's `run()`, before it looks for a model, so the plain script
runs an agent with no model (which stops after connecting and listing) and then calls the tool handlers AgentKit
made. The agent script runs outside an Inngest function, where AgentKit posts to its model's URL itself: its own
`openai` adapter (Chat Completions) at the scripted model, in a one-agent network whose code router hands the turn
back to the agent while it calls tools (an agent's `run()` alone makes one model call)."""

from ..recipe import Recipe, step

RECIPE = Recipe(
    id="inngest-agent-kit",
    package="npm:@inngest/agent-kit",
    bin="node",
    script="inngest_agent_kit_client.mjs",
    script_helpers=("oauth_memory.mjs",),  # the sign-in of a run with --auth
    agent_script="inngest_agent_kit_agent.mjs",  # `probe run --agent`: its openai adapter (@inngest/ai, a dependency)
    # the agent's name is the clientInfo name a server sees
    surfaces={"session": "agent-mcp-servers"},
    modes={"session": (step("$bin $script $transport $probe_target", timeout=90),)},
    transports=("stdio", "http", "sse"),  # `type: "sse"` in a server's transport (and "ws", which the probe lacks)
    auth=True,  # the streamable-http transport's `authProvider` goes to the TypeScript SDK's transport
)
