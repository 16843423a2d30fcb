// A plain client on Mastra's MCPClient (@mastra/mcp), as its documentation shows it: defaults only.
//   node mastra_client.mjs stdio CMD ARGS...   |   node mastra_client.mjs http URL
// One server named "probe" (command and args, or a URL); listTools() connects and returns its tools namespaced
// as probe_<name>. It runs the probe's run_scenarios through its tool (a refused input request may end the call,
// so it calls again, up to four times), stays a while, and disconnects. No agent run: that would need a model.
import { MCPClient } from "@mastra/mcp";

const hold = Number(process.env.CANIMCP_HOLD_SECONDS || "8") * 1000;
const [kind, target, ...args] = process.argv.slice(2);
const probe = kind === "stdio" ? { command: target, args, env: process.env } : { url: new URL(target) };
const mcp = new MCPClient({ servers: { probe } });
const tools = await mcp.listTools();
const scenarios = tools.probe_run_scenarios;
for (let i = 0; scenarios && i < 4; i++) {
  try {
    const result = await scenarios.execute({}, {});
    console.error(JSON.stringify(result).slice(0, 300));
    if (!(result && result.isError)) break;
  } catch (e) { console.error(String(e)); }
}
await new Promise((resolve) => setTimeout(resolve, hold));
await mcp.disconnect();
