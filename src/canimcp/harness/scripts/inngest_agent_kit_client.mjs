// A plain client on Inngest's AgentKit (@inngest/agent-kit): an agent made with createAgent and the probe as its one
// entry of `mcpServers`, as AgentKit's MCP page shows it, with no model.
//   node inngest_agent_kit_client.mjs stdio CMD ARGS...   |   node inngest_agent_kit_client.mjs http|sse URL
// The server is named "probe", its transport { type: "stdio", command, args }, { type: "streamable-http", url } or
// { type: "sse", url }, nothing else. AgentKit opens its MCP connections only inside an agent's run(), before it
// looks for a model: a run with no model connects, lists the tools into the agent's public `tools` map (named
// probe-<tool>) and then stops with "No model provided to agent", which the script expects. It then calls the
// probe's run_scenarios through the handler AgentKit made for it, as an agent's tool call does (up to four calls in
// all, until one reads as done), stays a while, and exits: AgentKit has no way to close its MCP clients, so the
// process ends them (the stdio server's pipes would keep it alive).
// With CANIMCP_AUTH=1 (HTTP) the transport also gets an `authProvider`, which AgentKit hands to the TypeScript SDK's
// Streamable HTTP transport: an OAuthClientProvider kept in memory (oauth_memory.mjs, copied beside this script).
// The first connect is refused (AgentKit logs it and goes on without tools); the script finishes the sign-in with the
// SDK transport's finishAuth and makes a new agent with the same provider, which now holds a token.
import { createAgent } from "@inngest/agent-kit";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { memoryProvider } from "./oauth_memory.mjs";

const hold = Number(process.env.CANIMCP_HOLD_SECONDS || "8") * 1000;
const [kind, target, ...args] = process.argv.slice(2);
const authProvider =
  kind === "http" && process.env.CANIMCP_AUTH === "1" ? memoryProvider("canimcp-harness-inngest-agent-kit") : undefined;
const transport = kind === "stdio"
  ? { type: "stdio", command: target, args }
  : kind === "sse"
    ? { type: "sse", url: target }
    : { type: "streamable-http", url: target, ...(authProvider && { authProvider }) };

async function connected() {
  const agent = createAgent({ name: "canimcp-agent", system: "", mcpServers: [{ name: "probe", transport }] });
  try {
    await agent.run("");
  } catch (e) {
    if (!String(e).includes("No model provided")) { throw e; }
  }
  return agent;
}

let agent = await connected();
if (authProvider?.kept.code && !agent.tools.has("probe-run_scenarios")) {
  await new StreamableHTTPClientTransport(new URL(target), { authProvider }).finishAuth(authProvider.kept.code);
  agent = await connected();
}
const scenarios = agent.tools.get("probe-run_scenarios");
for (let i = 0; scenarios && i < 4; i++) {
  try {
    const result = await scenarios.handler({}, { agent });
    const text = JSON.stringify(result);
    console.error(text.slice(0, 300));
    if (text.includes("Scenarios done")) { break; }
  } catch (e) { console.error(String(e)); }
}
await new Promise((resolve) => setTimeout(resolve, hold));
process.exit(0);
