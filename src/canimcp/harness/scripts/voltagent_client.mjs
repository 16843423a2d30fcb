// A plain client on VoltAgent (@voltagent/core) and its MCPConfiguration, as its documentation shows it.
//   node voltagent_client.mjs stdio CMD ARGS...   |   node voltagent_client.mjs http|sse URL
// One server named "probe": { type: "stdio", command, args }, { type: "http", url } (the documentation's first
// kind: Streamable HTTP, and the legacy SSE transport if that fails to connect) or { type: "sse", url }, nothing
// else. getClient("probe") connects; list the tools, call the probe's run_scenarios (up to four calls in all, until
// one completes), stay a while, disconnect. No agent run: that would need a model. MCPConfiguration has no sign-in
// of its own (only fixed headers in requestInit), so there is no run with OAuth.
import { MCPConfiguration } from "@voltagent/core";

const hold = Number(process.env.CANIMCP_HOLD_SECONDS || "8") * 1000;
const [kind, target, ...args] = process.argv.slice(2);
const probe = kind === "stdio" ? { type: "stdio", command: target, args } : { type: kind, url: target };
const mcp = new MCPConfiguration({ servers: { probe } });
try {
  const client = await mcp.getClient("probe");
  if (!client) { throw new Error("MCPConfiguration did not connect the probe"); }
  const tools = await client.listTools();
  for (let i = 0; "run_scenarios" in tools && i < 4; i++) {
    try {
      const { content: result } = await client.callTool({ name: "run_scenarios", arguments: {} });
      console.error(JSON.stringify(result).slice(0, 300));
      if (!result.isError) { break; }
    } catch (e) { console.error(String(e)); }
  }
  await new Promise((resolve) => setTimeout(resolve, hold));
} finally {
  await mcp.disconnect();
}
