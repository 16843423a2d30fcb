// A plain client on Agentic's MCP adapter (`createMcpTools` of @agentic/mcp), as its documentation shows it: defaults
// only, no model.
//   node agentic_mcp_client.mjs stdio CMD ARGS... | node agentic_mcp_client.mjs http|sse URL
// createMcpTools takes one of three ways to reach a server: `serverProcess` (a command and its arguments: the SDK's
// stdio transport), `serverUrl` (the SDK's legacy SSE transport) or `transport` (a transport the app made itself; the
// script hands it the SDK's Streamable HTTP transport on the URL, the only way the adapter reaches such a server). The
// `name` ("probe") is the clientInfo name and the prefix of every tool. It connects and lists the tools into Agentic
// functions (`probe_<tool>`); the script runs the probe's run_scenarios through its function, as an agent's call does
// (up to four calls, until one comes back without the adapter's `{ error }` shape), then task_tool, url_gate and
// dropped_stream where the probe lists them (2025-11-25), stays a while and closes the SDK client the adapter exposes
// (the adapter has no close of its own).
import { createMcpTools } from "@agentic/mcp";

const hold = Number(process.env.CANIMCP_HOLD_SECONDS || "8") * 1000;
const [kind, target, ...args] = process.argv.slice(2);

async function connect() {
  if (kind === "stdio") { return createMcpTools({ name: "probe", serverProcess: { command: target, args } }); }
  if (kind === "sse") { return createMcpTools({ name: "probe", serverUrl: target }); }
  const { StreamableHTTPClientTransport } = await import("@modelcontextprotocol/sdk/client/streamableHttp.js");
  return createMcpTools({ name: "probe", transport: new StreamableHTTPClientTransport(new URL(target)) });
}

const mcpTools = await connect();
try {
  const fn = (name) => mcpTools.functions.get(`probe_${name}`);
  console.error(`functions: ${[...mcpTools.functions].map((f) => f.spec.name).join(", ")}`);
  const scenarios = fn("run_scenarios");
  for (let i = 0; scenarios && i < 4; i++) {
    try {
      const result = await scenarios.execute({});
      console.error(JSON.stringify(result).slice(0, 300));
      if (!(result && typeof result === "object" && "error" in result)) { break; }
    } catch (e) { console.error(String(e)); }
  }
  // 2025-11-25: task_tool's taskSupport is "required"; url_gate is refused with -32042 until a URL elicitation is
  // complete; dropped_stream's stream is cut after its first event over Streamable HTTP
  for (const name of ["task_tool", "url_gate", "dropped_stream"]) {
    const late = fn(name);
    if (!late) { continue; }
    try {
      console.error(name, JSON.stringify(await late.execute({})).slice(0, 300));
    } catch (e) { console.error(`${name}: ${e}`); }
  }
  await new Promise((resolve) => setTimeout(resolve, hold));
} finally {
  await mcpTools.client.close();
}
