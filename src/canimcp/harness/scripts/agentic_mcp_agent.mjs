// An agent on Agentic's MCP adapter, as the adapter's documentation shows one: the functions of `createMcpTools`
// (@agentic/mcp) made into Vercel AI SDK tools with `createAISDKTools` (@agentic/ai-sdk) and handed to `generateText`
// (ai 4) on `@ai-sdk/openai`, run for one turn against canimcp's scripted model.
//   node agentic_mcp_agent.mjs stdio CMD ARGS... | node agentic_mcp_agent.mjs http|sse URL
// The MCP connection is agentic_mcp_client.mjs's (serverProcess, serverUrl for SSE, or the SDK's Streamable HTTP
// transport as `transport`). The generateText options are the documentation's (a short system prompt, temperature 0,
// toolChoice "required") with maxSteps added, since the example's single step leaves no room for the scripted model's
// calls. The model is createOpenAI({ baseURL }) at $CANIMCP_MODEL_URL/v1 with a dummy key; @ai-sdk/openai 1.x calls
// Chat Completions by default. Where the example prints its first tool result and leaves the client open, this prints
// the final text and closes the SDK client the adapter exposes (neither changes what is sent to the server).
// Needs beside @agentic/mcp: @agentic/ai-sdk (of the same release, on the same @agentic/core), ai 4, @ai-sdk/openai 1.
import { createAISDKTools } from "@agentic/ai-sdk";
import { createMcpTools } from "@agentic/mcp";
import { createOpenAI } from "@ai-sdk/openai";
import { generateText } from "ai";

const [kind, target, ...args] = process.argv.slice(2);

async function connect() {
  if (kind === "stdio") { return createMcpTools({ name: "probe", serverProcess: { command: target, args } }); }
  if (kind === "sse") { return createMcpTools({ name: "probe", serverUrl: target }); }
  const { StreamableHTTPClientTransport } = await import("@modelcontextprotocol/sdk/client/streamableHttp.js");
  return createMcpTools({ name: "probe", transport: new StreamableHTTPClientTransport(new URL(target)) });
}

const openai = createOpenAI({ baseURL: `${process.env.CANIMCP_MODEL_URL}/v1`, apiKey: "canimcp-scripted-model" });
const mcpTools = await connect();
try {
  const result = await generateText({
    model: openai("canimcp-scripted"),
    tools: createAISDKTools(mcpTools),
    toolChoice: "required",
    temperature: 0,
    maxSteps: 16,
    system: "You are a helpful assistant. Be as concise as possible.",
    prompt: "Run the probe's scenarios, then report what you find.",
  });
  console.log(result.text);
} finally {
  await mcpTools.client.close();
}
