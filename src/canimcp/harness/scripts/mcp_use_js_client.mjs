// A plain client on mcp-use for TypeScript (npm `mcp-use` 1.x), as its README shows its MCPClient: defaults only.
//   node mcp_use_js_client.mjs stdio CMD ARGS... | node mcp_use_js_client.mjs http|sse URL
// One server named "probe" in the client's config: `command` and `args` (stdio), a `url` (Streamable HTTP, with
// mcp-use's own fallback to the legacy SSE transport when that fails), or a `url` with `transport: "sse"` (the
// option its client documentation keeps for the legacy transport). createAllSessions() connects and lists the tools;
// getSession("probe") gives the session whose callTool the script uses: the probe's run_scenarios (up to four calls,
// until one completes without isError), then the probe's tools of one era where listed (the Mcp-Param header tools,
// task_tool, url_gate, dropped_stream). It stays a while and closes every session. No model: that is the agent
// script (mcp_use_js_agent.mjs).
// The import is `mcp-use/client`, the package's export for the client alone: the README's `from "mcp-use"` loads the
// agent too, which imports `langchain`, an optional peer that a default install lacks (it fails with
// ERR_MODULE_NOT_FOUND before anything connects).
// With CANIMCP_AUTH=1 (HTTP) the server gets `authProvider`: mcp-use's own NodeOAuthClientProvider (`mcp-use/auth/node`),
// which listens on a loopback callback port and opens the authorization URL with xdg-open (here the harness's browser,
// through $BROWSER). Its one option set here is `clientUri`, as mcp-use's own CLI sets it: left out, the provider
// registers with `client_uri: ""` outside a browser, and the SDK refuses the registration answer that echoes it (a
// trial stopped there, before any authorization request). The first connect is refused with "Authentication
// required" once the provider has sent the person to the browser; the script then waits for the code at the
// callback, exchanges it with the SDK's auth() that the same module exports, and connects again, as the CLI does.
import { MCPClient } from "mcp-use/client";

const hold = Number(process.env.CANIMCP_HOLD_SECONDS || "8") * 1000;
const [kind, target, ...args] = process.argv.slice(2);
const server = kind === "stdio"
  ? { command: target, args }
  : kind === "sse" ? { url: target, transport: "sse" } : { url: target };
let provider;
if (kind === "http" && process.env.CANIMCP_AUTH === "1") {
  const { NodeOAuthClientProvider } = await import("mcp-use/auth/node");
  provider = await NodeOAuthClientProvider.create(target, { clientUri: "https://canimcp.invalid/harness/mcp-use-js" });
  server.authProvider = provider;
}
const client = new MCPClient({ mcpServers: { probe: server } });
try {
  await client.createAllSessions();
} catch (e) {
  if (!provider) { throw e; }
  console.error(`first connect: ${e}`);
  const { auth } = await import("mcp-use/auth/node");
  const code = await provider.getAuthorizationCode();
  console.error(`sign-in: ${await auth(provider, { serverUrl: target, authorizationCode: code })}`);
  await client.createAllSessions();
}
const session = client.getSession("probe");
const listed = new Set(session.tools.map((tool) => tool.name));
const report = (name, result) => console.error(name, JSON.stringify(result).slice(0, 300));
try {
  for (let i = 0; listed.has("run_scenarios") && i < 4; i++) {
    try {
      const result = await session.callTool("run_scenarios", {});
      report("run_scenarios", result);
      if (!result?.isError) { break; }
    } catch (e) { console.error(`run_scenarios: ${e}`); }
  }
  // 2026-07-28: the Mcp-Param header tools; 2025-11-25: task_tool (task support "required"), url_gate (-32042 until
  // a URL elicitation is complete); dropped_stream's stream is cut after its first event over Streamable HTTP
  const late = [
    ["header_echo", { region: "eu-west-1", greeting: "Grüße, MCP" }],
    ["header_invalid", { filter: { kind: "probe" } }],
    ["header_number", { ratio: 0.5 }],
    ["task_tool", {}],
    ["url_gate", {}],
    ["dropped_stream", {}],
  ];
  for (const [name, input] of late) {
    if (!listed.has(name)) { continue; }
    try {
      report(name, await session.callTool(name, input));
    } catch (e) { console.error(`${name}: ${e}`); }
  }
  await new Promise((resolve) => setTimeout(resolve, hold));
} finally {
  await client.closeAllSessions();
}
