// A plain client on Strands Agents for TypeScript (@strands-agents/sdk) and its McpClient, as its README shows it.
//   node strands_agents_js_client.mjs stdio CMD ARGS...   |   node strands_agents_js_client.mjs http|sse URL
// McpClient({ transport: StdioClientTransport }) over stdio, McpClient({ url }) over Streamable HTTP (the class makes
// the TypeScript SDK's transport itself) and, for the legacy SSE transport, McpClient({ transport:
// SSEClientTransport }): nothing else, so its own name and version. List the tools, call the probe's run_scenarios
// through the McpTool the SDK made (its callTool; up to four calls in all, until one completes), stay a while,
// disconnect. No agent run: that would need a model.
// With CANIMCP_AUTH=1 (HTTP) McpClient also gets an `authProvider` (an option it hands to the TypeScript SDK's
// transport): an OAuthClientProvider kept in memory (oauth_memory.mjs, copied beside this script). The first
// connect is refused and sends the provider to authorize; the script finishes the sign-in with the SDK transport's
// finishAuth and makes a new McpClient with the same provider, which now holds a token.
import { McpClient } from "@strands-agents/sdk";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { memoryProvider } from "./oauth_memory.mjs";

const hold = Number(process.env.CANIMCP_HOLD_SECONDS || "8") * 1000;
const [kind, target, ...args] = process.argv.slice(2);
const authProvider =
  kind === "http" && process.env.CANIMCP_AUTH === "1" ? memoryProvider("canimcp-harness-strands-agents-js") : undefined;
const make = () => kind === "stdio"
  ? new McpClient({ transport: new StdioClientTransport({ command: target, args, env: process.env }) })
  : kind === "sse"
    ? new McpClient({ transport: new SSEClientTransport(new URL(target)) })
    : new McpClient({ url: target, ...(authProvider && { authProvider }) });
let client = make();
try {
  await client.connect();
} catch (e) {
  if (!authProvider?.kept.code) { throw e; }
  console.error(String(e));
  await new StreamableHTTPClientTransport(new URL(target), { authProvider }).finishAuth(authProvider.kept.code);
  client = make();
  await client.connect();
}
try {
  const tools = await client.listTools();
  const scenarios = tools.find((tool) => tool.name === "run_scenarios");
  for (let i = 0; scenarios && i < 4; i++) {
    try {
      const result = await client.callTool(scenarios, {});
      console.error(JSON.stringify(result).slice(0, 300));
      if (!result.isError) { break; }
    } catch (e) { console.error(String(e)); }
  }
  await new Promise((resolve) => setTimeout(resolve, hold));
} finally {
  await client.disconnect();
}
