// A plain client on the OpenAI Agents SDK for JavaScript (@openai/agents), as its documentation shows it.
//   node openai_agents_js_client.mjs stdio CMD ARGS...   |   node openai_agents_js_client.mjs http|sse URL
// MCPServerStdio({ command, args }), MCPServerStreamableHttp({ url }) or, for the legacy SSE transport,
// MCPServerSSE({ url }), nothing else (so no name: the class makes one up); connect, list the tools, call the
// probe's run_scenarios (up to four calls in all, until one completes), stay a while, close. No agent run: that
// would need a model.
// With CANIMCP_AUTH=1 (HTTP) MCPServerStreamableHttp also gets an `authProvider`, an option the class hands to the
// official SDK's StreamableHTTPClientTransport: an OAuthClientProvider kept in memory (oauth_memory.mjs, copied
// beside this script). The first connect() is refused and sends the provider to authorize; the script finishes
// the sign-in with the SDK transport's finishAuth and connects again. Releases before 0.15.0 load the SDK's 1.x
// package (@modelcontextprotocol/sdk) instead of the 2.x @modelcontextprotocol/client: the transport comes from
// whichever of the two is installed.
import { MCPServerSSE, MCPServerStdio, MCPServerStreamableHttp } from "@openai/agents";
import { memoryProvider } from "./oauth_memory.mjs";

const hold = Number(process.env.CANIMCP_HOLD_SECONDS || "8") * 1000;
const [kind, target, ...args] = process.argv.slice(2);
const authProvider = kind === "http" && process.env.CANIMCP_AUTH === "1" ? memoryProvider("canimcp-harness-openai-agents-js") : undefined;
const server = kind === "stdio"
  ? new MCPServerStdio({ command: target, args })
  : kind === "sse"
    ? new MCPServerSSE({ url: target })
    : new MCPServerStreamableHttp({ url: target, ...(authProvider && { authProvider }) });
try {
  await server.connect();
} catch (e) {
  if (!authProvider?.kept.code) { throw e; }
  console.error(String(e));
  const { StreamableHTTPClientTransport } = await import("@modelcontextprotocol/client")
    .catch(() => import("@modelcontextprotocol/sdk/client/streamableHttp.js"));
  await new StreamableHTTPClientTransport(new URL(target), { authProvider }).finishAuth(authProvider.kept.code);
  await server.connect();
}
try {
  const tools = await server.listTools();
  for (let i = 0; tools.some((tool) => tool.name === "run_scenarios") && i < 4; i++) {
    try {
      const result = await server.callTool("run_scenarios", {});
      console.error(JSON.stringify(result).slice(0, 300));
      break;
    } catch (e) { console.error(String(e)); }
  }
  await new Promise((resolve) => setTimeout(resolve, hold));
} finally {
  await server.close();
}
