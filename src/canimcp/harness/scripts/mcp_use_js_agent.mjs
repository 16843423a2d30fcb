// An agent on mcp-use for TypeScript: its MCPAgent with a LangChain.js chat model, as its README shows it, run for
// one turn against canimcp's scripted model.
//   node mcp_use_js_agent.mjs stdio CMD ARGS... | node mcp_use_js_agent.mjs http|sse URL
// The probe is configured as in the plain script (mcp_use_js_client.mjs): one server entry in an MCPClient, with a
// `url` for Streamable HTTP and `transport: "sse"` added for the legacy transport. The model is ChatOpenAI of
// @langchain/openai (Chat Completions) with the model `canimcp-scripted` and its OpenAI client's baseURL at
// $CANIMCP_MODEL_URL/v1. MCPAgent gets that model and the client and keeps its own system prompt, tool adapter and
// defaults (the server's resources and prompts offered as tools too), except `maxSteps`, its limit on model calls,
// raised from 5 to 30: room for the dozen tool calls the scripted model makes. It runs one user turn, prints the
// answer, stays connected a while and closes the sessions (run() leaves an app's own client open).
// Needs beside the client: `@langchain/openai` and `langchain` (both optional peers of mcp-use; the package's root
// module, where MCPAgent is, imports `langchain` when it loads).
import { ChatOpenAI } from "@langchain/openai";
import { MCPAgent, MCPClient } from "mcp-use";

const hold = Number(process.env.CANIMCP_HOLD_SECONDS || "8") * 1000;
const [kind, target, ...args] = process.argv.slice(2);
const server = kind === "stdio"
  ? { command: target, args }
  : kind === "sse" ? { url: target, transport: "sse" } : { url: target };
const client = new MCPClient({ mcpServers: { probe: server } });
const llm = new ChatOpenAI({
  model: "canimcp-scripted",
  apiKey: "canimcp-scripted-model",
  configuration: { baseURL: `${process.env.CANIMCP_MODEL_URL}/v1` },
});
const agent = new MCPAgent({ llm, client, maxSteps: 30 });
try {
  console.log(await agent.run("Run the probe's scenarios, then report what you find."));
  await new Promise((resolve) => setTimeout(resolve, hold));
} finally {
  await client.closeAllSessions();
}
