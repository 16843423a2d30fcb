// A VoltAgent agent (@voltagent/core's Agent) with the tools of its MCPConfiguration, as its documentation shows
// them, run for one turn against canimcp's scripted model.
//   node voltagent_agent.mjs stdio CMD ARGS...   |   node voltagent_agent.mjs http|sse URL
// The MCP connection is voltagent_client.mjs's: one server named "probe", its tools from getTools() (named
// probe_<tool>) handed to the Agent as they are. The model is @ai-sdk/openai's createOpenAI({ baseURL }) pointed at
// the scripted model (CANIMCP_MODEL_URL, a dummy key), used the provider's default way (the Responses API). The
// Agent gets empty instructions, so that nothing is added to what the package sends, and room for about a dozen tool
// calls: maxSteps 20 (its default is 5). One generateText of one user turn; its text is printed.
// Needs beside @voltagent/core: @ai-sdk/openai (a dependency of the core already; installed at the same version).
import { createOpenAI } from "@ai-sdk/openai";
import { Agent, MCPConfiguration } from "@voltagent/core";

const [kind, target, ...args] = process.argv.slice(2);
const probe = kind === "stdio" ? { type: "stdio", command: target, args } : { type: kind, url: target };
const mcp = new MCPConfiguration({ servers: { probe } });
const openai = createOpenAI({ baseURL: `${process.env.CANIMCP_MODEL_URL}/v1`, apiKey: "canimcp-scripted-model" });
try {
  const agent = new Agent({
    name: "canimcp agent",
    instructions: "",
    model: openai("canimcp-scripted"),
    tools: await mcp.getTools(),
    maxSteps: 20,
  });
  const result = await agent.generateText("Run the probe's scenarios, then report what you find.");
  console.log(result.text);
} finally {
  await mcp.disconnect();
}
