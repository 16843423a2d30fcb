// An agent on the Vercel AI SDK: generateText (package `ai`) with the tools of its MCP client (@ai-sdk/mcp), as
// their documentation shows them: defaults only.
//   node ai_sdk_agent.mjs stdio CMD ARGS...   |   node ai_sdk_agent.mjs http|sse URL
// The MCP connection is ai_sdk_client.mjs's (without its sign-in): the stdio transport of @ai-sdk/mcp/mcp-stdio
// or a transport config whose `type` names Streamable HTTP or the legacy SSE; client.tools() is handed to
// generateText as it is. The model is @ai-sdk/openai's createOpenAI({ baseURL }) pointed at the scripted model
// (CANIMCP_MODEL_URL, a dummy key), used the provider's default way (the Responses API). One user turn, with
// stopWhen allowing about 12 tool calls; its final text is printed. Needs, beside @ai-sdk/mcp: ai, @ai-sdk/openai.
import { experimental_createMCPClient as createMCPClient } from "@ai-sdk/mcp";
import { Experimental_StdioMCPTransport as StdioTransport } from "@ai-sdk/mcp/mcp-stdio";
import { createOpenAI } from "@ai-sdk/openai";
import { generateText, stepCountIs } from "ai";

const [kind, target, ...args] = process.argv.slice(2);
const transport = kind === "stdio"
  ? new StdioTransport({ command: target, args, env: process.env })
  : { type: kind, url: target }; // the transport's `type` names Streamable HTTP or the legacy SSE
const openai = createOpenAI({ baseURL: `${process.env.CANIMCP_MODEL_URL}/v1`, apiKey: "canimcp-scripted-model" });
const client = await createMCPClient({ transport });
try {
  const { text } = await generateText({
    model: openai("canimcp-scripted"),
    tools: await client.tools(),
    stopWhen: stepCountIs(16),
    prompt: "Run the probe's scenarios, then report what you find.",
  });
  console.log(text);
} finally {
  await client.close();
}
