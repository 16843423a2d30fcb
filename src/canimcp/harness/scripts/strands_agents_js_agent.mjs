// An agent on Strands Agents for TypeScript (@strands-agents/sdk), as its README shows it, run for one turn against
// canimcp's scripted model.
//   node strands_agents_js_agent.mjs stdio CMD ARGS...   |   node strands_agents_js_agent.mjs http|sse URL
// The probe is one MCP client of the agent, made as the plain script makes it (strands_agents_js_client.mjs) and
// passed in `tools` as it is: the Agent lists its tools and calls the ones the model asks for. The model is the
// SDK's OpenAIModel (the Responses API, its default) on a client whose baseURL is $CANIMCP_MODEL_URL/v1, with a
// dummy key. No system prompt; one invoke() of one user turn; its last message is printed.
// Needs beside the SDK: `openai` (an optional peer of the SDK, which its OpenAI model imports).
import { Agent, McpClient } from "@strands-agents/sdk";
import { OpenAIModel } from "@strands-agents/sdk/models/openai";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const [kind, target, ...args] = process.argv.slice(2);
const probe = kind === "stdio"
  ? new McpClient({ transport: new StdioClientTransport({ command: target, args, env: process.env }) })
  : kind === "sse"
    ? new McpClient({ transport: new SSEClientTransport(new URL(target)) })
    : new McpClient({ url: target });
const model = new OpenAIModel({
  modelId: "canimcp-scripted",
  apiKey: "canimcp-scripted-model",
  clientConfig: { baseURL: `${process.env.CANIMCP_MODEL_URL}/v1` },
});
try {
  const agent = new Agent({ model, tools: [probe] });
  const result = await agent.invoke("Run the probe's scenarios, then report what you find.");
  console.log(String(result));
} finally {
  await probe.disconnect();
}
