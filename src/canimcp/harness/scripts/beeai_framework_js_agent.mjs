// A BeeAI RequirementAgent (beeai-framework, TypeScript) with the tools of an MCP server, run for one turn against
// canimcp's scripted model.
//   node beeai_framework_js_agent.mjs stdio CMD ARGS...   |   node beeai_framework_js_agent.mjs http|sse URL
// The MCP client is made as in the plain script (beeai_framework_js_client.mjs): a TypeScript SDK client the app
// names and connects, handed to MCPTool.fromClient. The agent is the framework's RequirementAgent (its quick start's)
// with those tools and nothing else; its model is `ChatModel.fromName("openai:…")`, BeeAI's OpenAI adapter (the AI
// SDK's OpenAI provider, Chat Completions), pointed at $CANIMCP_MODEL_URL/v1 through OPENAI_API_ENDPOINT with a dummy
// OPENAI_API_KEY, the variables the adapter reads. One run of one user turn; its answer is printed.
// Needs beside the client: `@ai-sdk/openai` (an optional peer of BeeAI, which its OpenAI adapter imports) and `uuid`
// (which RequirementAgent imports, though BeeAI does not ask for it).
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { RequirementAgent } from "beeai-framework/agents/requirement/agent";
import { ChatModel } from "beeai-framework/backend/chat";
import { UnconstrainedMemory } from "beeai-framework/memory/unconstrainedMemory";
import { MCPTool } from "beeai-framework/tools/mcp";

process.env.OPENAI_API_ENDPOINT = `${process.env.CANIMCP_MODEL_URL}/v1`;
process.env.OPENAI_API_KEY = "canimcp-scripted-model";

const [kind, target, ...args] = process.argv.slice(2);
const transport = kind === "stdio"
  ? new StdioClientTransport({ command: target, args, env: process.env })
  : kind === "sse" ? new SSEClientTransport(new URL(target)) : new StreamableHTTPClientTransport(new URL(target));
const client = new Client({ name: "canimcp-harness-beeai-framework-js", version: "1.0.0" }, { capabilities: {} });
await client.connect(transport);
try {
  const agent = new RequirementAgent({
    llm: await ChatModel.fromName("openai:canimcp-scripted"),
    memory: new UnconstrainedMemory(),
    tools: await MCPTool.fromClient(client),
  });
  const response = await agent.run({ prompt: "Run the probe's scenarios, then report what you find." });
  console.log(response.result.text);
} finally {
  await client.close();
}
