// A plain client on LangChain.js's MCP adapters (@langchain/mcp-adapters), as their README shows it: defaults only.
//   node langchainjs_mcp_adapters_client.mjs stdio CMD ARGS... | node langchainjs_mcp_adapters_client.mjs http|sse URL
// A MultiServerMCPClient with the probe as its one server (command and args, or a URL); getTools() connects and
// returns LangChain tools. It invokes the probe's run_scenarios through its tool (a refused input request may end
// the call, so it calls again, up to four times), stays a while, and closes. No agent run: that would need a model.
import { MultiServerMCPClient } from "@langchain/mcp-adapters";

const hold = Number(process.env.CANIMCP_HOLD_SECONDS || "8") * 1000;
const [kind, target, ...args] = process.argv.slice(2);
// a URL alone means Streamable HTTP (with a fallback to SSE on a 4xx); the README forces SSE with transport "sse"
const probe = kind === "stdio"
  ? { transport: "stdio", command: target, args }
  : kind === "sse" ? { transport: "sse", url: target } : { url: target };
const client = new MultiServerMCPClient({ mcpServers: { probe } });
try {
  const tools = await client.getTools();
  const scenarios = tools.find((tool) => tool.name === "run_scenarios");
  for (let i = 0; scenarios && i < 4; i++) {
    try {
      const result = await scenarios.invoke({});
      console.error(JSON.stringify(result).slice(0, 300));
      break;
    } catch (e) { console.error(String(e)); }
  }
  await new Promise((resolve) => setTimeout(resolve, hold));
} finally {
  await client.close();
}
