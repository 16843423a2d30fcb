// An agent on LangChain.js's MCP adapters (@langchain/mcp-adapters), as their README shows it, run for one turn
// against canimcp's scripted model.
//   node langchainjs_mcp_adapters_agent.mjs stdio CMD ARGS... | node langchainjs_mcp_adapters_agent.mjs http|sse URL
// A MultiServerMCPClient with the probe as its one server, configured as the plain script configures it (defaults
// only); getTools() connects and returns LangChain tools. The model is ChatOpenAI (Chat Completions) with the model
// `canimcp-scripted` and its OpenAI client's baseURL at $CANIMCP_MODEL_URL/v1; the agent is LangChain's standard
// createAgent({ model, tools }) with no system prompt, invoked with one user message and a recursionLimit of 50
// (LangGraph's default of 25 steps is about 12 tool calls). Prints the last message's text.
// Needs beside the client: `langchain` (createAgent) and `@langchain/openai` (ChatOpenAI).
import { ChatOpenAI } from "@langchain/openai";
import { MultiServerMCPClient } from "@langchain/mcp-adapters";
import { createAgent } from "langchain";

const [kind, target, ...args] = process.argv.slice(2);
const probe = kind === "stdio"
  ? { transport: "stdio", command: target, args }
  : kind === "sse" ? { transport: "sse", url: target } : { url: target };
const client = new MultiServerMCPClient({ mcpServers: { probe } });
try {
  const tools = await client.getTools();
  const model = new ChatOpenAI({
    model: "canimcp-scripted",
    apiKey: "canimcp-scripted-model",
    configuration: { baseURL: `${process.env.CANIMCP_MODEL_URL}/v1` },
  });
  const agent = createAgent({ model, tools });
  const state = await agent.invoke(
    { messages: [{ role: "user", content: "Run the probe's scenarios, then report what you find." }] },
    { recursionLimit: 50 },
  );
  console.log(state.messages.at(-1).text);
} finally {
  await client.close();
}
