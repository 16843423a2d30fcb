// A Mastra agent (@mastra/core's Agent) on Mastra's MCPClient (@mastra/mcp), as their documentation shows them:
// defaults only.
//   node mastra_agent.mjs stdio CMD ARGS...   |   node mastra_agent.mjs http URL
// The MCP connection is mastra_client.mjs's: one server named "probe" (command and args, or a URL), its tools from
// listTools() (namespaced as probe_<name>) handed to the Agent as they are. The model is @ai-sdk/openai's
// createOpenAI({ baseURL }) pointed at the scripted model (CANIMCP_MODEL_URL, a dummy key), used the provider's
// default way (the Responses API). One user turn with room for about 12 tool calls (maxSteps); its final text
// is printed. The Agent requires `instructions`: an empty string, so that nothing is added to what the package
// sends. Needs, beside @mastra/mcp (which brings @mastra/core as its peer): @ai-sdk/openai.
import { createOpenAI } from "@ai-sdk/openai";
import { Agent } from "@mastra/core/agent";
import { MCPClient } from "@mastra/mcp";

const [kind, target, ...args] = process.argv.slice(2);
const probe = kind === "stdio" ? { command: target, args, env: process.env } : { url: new URL(target) };
const mcp = new MCPClient({ servers: { probe } });
const openai = createOpenAI({ baseURL: `${process.env.CANIMCP_MODEL_URL}/v1`, apiKey: "canimcp-scripted-model" });
try {
  const agent = new Agent({
    id: "canimcp-agent",
    name: "canimcp agent",
    instructions: "",
    model: openai("canimcp-scripted"),
    tools: await mcp.listTools(),
  });
  const result = await agent.generate("Run the probe's scenarios, then report what you find.", { maxSteps: 16 });
  console.log(result.text);
} finally {
  await mcp.disconnect();
}
