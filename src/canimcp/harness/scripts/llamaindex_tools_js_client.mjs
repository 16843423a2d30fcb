// A plain client on LlamaIndex.TS's MCP helper (`mcp` of @llamaindex/tools), as its example shows it: defaults only.
//   node llamaindex_tools_js_client.mjs stdio CMD ARGS... | node llamaindex_tools_js_client.mjs http|sse URL
// mcp({ command, args }) for stdio, mcp({ url }) for Streamable HTTP, mcp({ url, useSSETransport: true }) for the
// legacy SSE transport; nothing else (no clientName, no prefix). tools() connects, lists and returns LlamaIndex
// FunctionTools; the script calls the probe's run_scenarios through its tool (up to four calls, until one completes
// without isError), then task_tool, url_gate and dropped_stream where the probe lists them (2025-11-25), stays a
// while and calls cleanup(). No model: that is the agent script.
// With CANIMCP_AUTH=1 (HTTP) the options carry an `authProvider`, which the helper hands to the SDK's Streamable HTTP
// transport with the rest of its options: an OAuthClientProvider of the SDK's shape kept in memory (oauth_memory.mjs,
// copied beside this script). The first tools() is refused after the provider has been sent to authorize; the
// script finishes the sign-in with the SDK transport's finishAuth, as an app would, and makes a new client.
import { mcp } from "@llamaindex/tools";
import { memoryProvider } from "./oauth_memory.mjs";

const hold = Number(process.env.CANIMCP_HOLD_SECONDS || "8") * 1000;
const [kind, target, ...args] = process.argv.slice(2);
const authProvider = kind === "http" && process.env.CANIMCP_AUTH === "1" ? memoryProvider("canimcp-harness-llamaindex-ts") : undefined;
const options = kind === "stdio"
  ? { command: target, args }
  : kind === "sse" ? { url: target, useSSETransport: true } : { url: target, ...(authProvider && { authProvider }) };
let server = mcp(options);
let tools;
try {
  tools = await server.tools();
} catch (e) {
  if (!authProvider?.kept.code) { throw e; }
  console.error(String(e));
  await server.cleanup().catch(() => {});
  const { StreamableHTTPClientTransport } = await import("@modelcontextprotocol/sdk/client/streamableHttp.js");
  await new StreamableHTTPClientTransport(new URL(target), { authProvider }).finishAuth(authProvider.kept.code);
  server = mcp(options);
  tools = await server.tools();
}
const byName = (name) => tools.find((tool) => tool.metadata.name === name);
try {
  const scenarios = byName("run_scenarios");
  for (let i = 0; scenarios && i < 4; i++) {
    try {
      const result = await scenarios.call({});
      console.error(JSON.stringify(result).slice(0, 300));
      if (!result?.isError) { break; }
    } catch (e) { console.error(String(e)); }
  }
  // 2025-11-25: task_tool's taskSupport is "required"; url_gate is refused with -32042 until a URL elicitation is
  // complete; dropped_stream's stream is cut after its first event over Streamable HTTP
  for (const name of ["task_tool", "url_gate", "dropped_stream"]) {
    const tool = byName(name);
    if (!tool) { continue; }
    try {
      console.error(name, JSON.stringify(await tool.call({})).slice(0, 300));
    } catch (e) { console.error(`${name}: ${e}`); }
  }
  await new Promise((resolve) => setTimeout(resolve, hold));
} finally {
  await server.cleanup();
}
