// A plain client on the OpenAI Agents SDK for JavaScript (@openai/agents) for releases before 0.15.0, whose MCP
// server classes load the TypeScript SDK's 1.x package (@modelcontextprotocol/sdk, an optional dependency of
// @openai/agents-core) instead of the 2.x @modelcontextprotocol/client.
//   node openai_agents_js_client_sdk1.mjs stdio CMD ARGS...   |   node openai_agents_js_client_sdk1.mjs http|sse URL
// The same calls as openai_agents_js_client.mjs, which those releases document the same way: MCPServerStdio({
// command, args }), MCPServerStreamableHttp({ url }) or MCPServerSSE({ url }), nothing else; connect, list the tools,
// call the probe's run_scenarios (up to four calls in all, until one completes), stay a while, close.
// With CANIMCP_AUTH=1 (HTTP) MCPServerStreamableHttp also gets an `authProvider` (oauth_memory.mjs), which the class
// hands to the 1.x SDK's StreamableHTTPClientTransport; after the refused first connect() the sign-in is finished
// with that transport's finishAuth, imported from the 1.x package's path, and the script connects again.
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
  const { StreamableHTTPClientTransport } = await import("@modelcontextprotocol/sdk/client/streamableHttp.js");
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
