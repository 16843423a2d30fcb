// A plain client on the official TypeScript SDK, as a server author would write it.
//   node ts_sdk_client.mjs stdio CMD ARGS...   |   node ts_sdk_client.mjs http|sse URL
// It lists tools, resources and prompts, calls the probe's header_echo, header_invalid and header_number (2026-07-28),
// its task_tool and url_gate (2025-11-25) and its dropped_stream when they are listed, then stays a while.
// With CANIMCP_AUTH=1 (HTTP) it signs in first, as an app does with the SDK's OAuthClientProvider, kept in
// memory (oauth_memory.mjs, copied beside this script). The SDK's client moved from @modelcontextprotocol/sdk to
// @modelcontextprotocol/client at 2.0.0; the script loads whichever is installed, and gives the 2.x client its
// defaults only (no versionNegotiation), unless CANIMCP_TS_NEGOTIATION names a mode ("auto", for a run by hand).
import { memoryProvider } from "./oauth_memory.mjs";

const sdk = await import("@modelcontextprotocol/client").then(
  async (client) => ({ ...client, ...(await import("@modelcontextprotocol/client/stdio")) }),
  async (error) => {
    if (error.code !== "ERR_MODULE_NOT_FOUND") throw error; // 2.x installed but broken: say so, not "no 1.x"
    return {
      ...(await import("@modelcontextprotocol/sdk/client/index.js")),
      ...(await import("@modelcontextprotocol/sdk/client/stdio.js")),
      ...(await import("@modelcontextprotocol/sdk/client/streamableHttp.js")),
      ...(await import("@modelcontextprotocol/sdk/client/sse.js")),
      ...(await import("@modelcontextprotocol/sdk/client/auth.js")),
    };
  },
);
const { Client, SSEClientTransport, StdioClientTransport, StreamableHTTPClientTransport, UnauthorizedError } = sdk;

const hold = Number(process.env.CANIMCP_HOLD_SECONDS || "8") * 1000;
const negotiation = process.env.CANIMCP_TS_NEGOTIATION;
const [kind, target, ...args] = process.argv.slice(2);
const authProvider = kind === "http" && process.env.CANIMCP_AUTH === "1" ? memoryProvider("canimcp-harness-ts-sdk") : undefined;
const open = async () => {
  // the legacy HTTP+SSE transport is a class of its own (deprecated, still shipped in 1.x and 2.x)
  const transport = kind === "stdio"
    ? new StdioClientTransport({ command: target, args, env: process.env })
    : kind === "sse"
      ? new SSEClientTransport(new URL(target))
      : new StreamableHTTPClientTransport(new URL(target), { authProvider });
  const options = negotiation ? { versionNegotiation: { mode: negotiation } } : undefined;
  const client = new Client({ name: "canimcp-harness-ts-sdk", version: "1.0.0" }, options);
  await client.connect(transport);
  return client;
};
let client;
try {
  client = await open();
} catch (e) {
  if (!(authProvider && e instanceof UnauthorizedError)) { throw e; }
  await new StreamableHTTPClientTransport(new URL(target), { authProvider }).finishAuth(authProvider.kept.code);
  client = await open();
}
const { tools } = await client.listTools();
for (const call of [() => client.listResources(), () => client.listPrompts()]) {
  try { await call(); } catch (e) { console.error(String(e)); }
}
// 2026-07-28 only: header_echo's arguments travel as Mcp-Param headers too (one plain, one to Base64-wrap);
// header_invalid and header_number reach the app only if the SDK kept tools whose x-mcp-header marking is invalid
const headerCalls = [
  ["header_echo", { region: "eu-west-1", greeting: "Grüße, MCP" }],
  ["header_invalid", { filter: { kind: "probe" } }],
  ["header_number", { ratio: 0.5 }],
];
for (const [name, args] of headerCalls) {
  if (tools.some((tool) => tool.name === name)) {
    try { await client.callTool({ name, arguments: args }); } catch (e) { console.error(`${name}: ${e}`); }
  }
}
// 2025-11-25: task_tool's taskSupport is "required", and the SDK's plain callTool refuses it without sending anything;
// url_gate is refused with -32042 until a URL elicitation is complete: does the SDK call it again then?
for (const name of ["task_tool", "url_gate"]) {
  if (tools.some((tool) => tool.name === name)) {
    try { await client.callTool({ name, arguments: {} }); } catch (e) { console.error(`${name}: ${e}`); }
  }
}
// the probe's dropped_stream (2025-11-25, Streamable HTTP): its answer arrives only if the SDK resumes the stream
if (tools.some((tool) => tool.name === "dropped_stream")) {
  try { await client.callTool({ name: "dropped_stream", arguments: {} }); } catch (e) { console.error(String(e)); }
}
await new Promise((resolve) => setTimeout(resolve, hold));
await client.close();
