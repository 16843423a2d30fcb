// A plain client on Stagehand's MCP helper (`connectToMCPServer` of @browserbasehq/stagehand 3.x), as its MCP
// integrations page shows the "create a connection first" way: defaults only.
//   node stagehand_client.mjs stdio CMD ARGS...   |   node stagehand_client.mjs http URL
// connectToMCPServer({ command, args }) for stdio, connectToMCPServer(URL) for Streamable HTTP (the helper has no
// other transport); it returns the official TypeScript SDK's Client, connected and pinged. The script lists the tools
// and calls them through that Client the way the agent's tool wrappers do (callTool with the tool's name and the
// arguments, nothing else): run_scenarios (up to four calls, until one completes without isError), then task_tool,
// url_gate and dropped_stream where the probe lists them (2025-11-25), stays a while and closes. No model: that is
// the agent script.
// Stagehand has no sign-in of its own. With CANIMCP_AUTH=1 (HTTP) the script uses the helper's object form,
// connectToMCPServer({ serverUrl, requestOptions: { authProvider } }), whose requestOptions go unchanged to the SDK's
// StreamableHTTPClientTransport: an OAuthClientProvider kept in memory (oauth_memory.mjs, copied beside this script).
// The first connect is refused once the provider has been sent to authorize, and the helper keeps its transport, so
// the script finishes the sign-in with a transport of its own (the SDK's finishAuth) and connects again with the same
// provider, which now holds a token.
import { connectToMCPServer } from "@browserbasehq/stagehand";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { memoryProvider } from "./oauth_memory.mjs";

const hold = Number(process.env.CANIMCP_HOLD_SECONDS || "8") * 1000;
const [kind, target, ...args] = process.argv.slice(2);
const authProvider =
  kind === "http" && process.env.CANIMCP_AUTH === "1" ? memoryProvider("canimcp-harness-stagehand") : undefined;
const config = kind === "stdio"
  ? { command: target, args }
  : authProvider ? { serverUrl: target, requestOptions: { authProvider } } : target;
let client;
try {
  client = await connectToMCPServer(config);
} catch (e) {
  if (!authProvider?.kept.code) { throw e; }
  console.error(`first connect refused, signing in: ${e}`);
  await new StreamableHTTPClientTransport(new URL(target), { authProvider }).finishAuth(authProvider.kept.code);
  client = await connectToMCPServer(config);
}
try {
  const { tools } = await client.listTools();
  const listed = (name) => tools.some((tool) => tool.name === name);
  for (let i = 0; listed("run_scenarios") && i < 4; i++) {
    try {
      const result = await client.callTool({ name: "run_scenarios", arguments: {} });
      console.error(JSON.stringify(result).slice(0, 300));
      if (!result.isError) { break; }
    } catch (e) { console.error(String(e)); }
  }
  // 2025-11-25: task_tool's taskSupport is "required"; url_gate is refused with -32042 until a URL elicitation is
  // complete; dropped_stream's stream is cut after its first event over Streamable HTTP
  for (const name of ["task_tool", "url_gate", "dropped_stream"]) {
    if (!listed(name)) { continue; }
    try {
      console.error(name, JSON.stringify(await client.callTool({ name, arguments: {} })).slice(0, 300));
    } catch (e) { console.error(`${name}: ${e}`); }
  }
  await new Promise((resolve) => setTimeout(resolve, hold));
} finally {
  await client.close();
}
