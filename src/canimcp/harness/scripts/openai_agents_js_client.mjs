// A plain client on the OpenAI Agents SDK for JavaScript (@openai/agents), as its documentation shows it.
//   node openai_agents_js_client.mjs stdio CMD ARGS...   |   node openai_agents_js_client.mjs http|sse URL
// MCPServerStdio({ command, args }), MCPServerStreamableHttp({ url }) or, for the legacy SSE transport,
// MCPServerSSE({ url }), nothing else (so no name: the class makes one up); connect, list the tools, call the
// probe's run_scenarios (up to four calls in all, until one completes), stay a while, close. No agent run: that
// would need a model.
import { MCPServerSSE, MCPServerStdio, MCPServerStreamableHttp } from "@openai/agents";

const hold = Number(process.env.CANIMCP_HOLD_SECONDS || "8") * 1000;
const [kind, target, ...args] = process.argv.slice(2);
const server = kind === "stdio"
  ? new MCPServerStdio({ command: target, args })
  : kind === "sse" ? new MCPServerSSE({ url: target }) : new MCPServerStreamableHttp({ url: target });
await server.connect();
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
