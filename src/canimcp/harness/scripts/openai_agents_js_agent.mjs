// An agent on the OpenAI Agents SDK for JavaScript (@openai/agents), as its documentation shows it, run for one
// turn against canimcp's scripted model.
//   node openai_agents_js_agent.mjs stdio CMD ARGS...   |   node openai_agents_js_agent.mjs http|sse URL
// The probe is one MCP server of the agent: MCPServerStdio({ command, args }), MCPServerStreamableHttp({ url }) or
// MCPServerSSE({ url }), with default options, connected as the plain script connects it. The model is the SDK's
// default OpenAI model class (the Responses API) on an OpenAI client whose baseURL is $CANIMCP_MODEL_URL/v1
// (setDefaultOpenAIClient, the documented way to use another OpenAI-compatible endpoint); tracing is turned off so
// that nothing is exported to OpenAI. An Agent with a name, the model `canimcp-scripted` and the server, and no
// instructions; run() of one user turn, with maxTurns raised from its default 10 to 20 for about 12 tool calls
// (MCP tools need no approval by default). Prints the final output.
// Needs beside the client: `openai` (the client class; @openai/agents depends on it too).
import { Agent, MCPServerSSE, MCPServerStdio, MCPServerStreamableHttp, run, setDefaultOpenAIClient,
  setTracingDisabled } from "@openai/agents";
import OpenAI from "openai";

const [kind, target, ...args] = process.argv.slice(2);
const server = kind === "stdio"
  ? new MCPServerStdio({ command: target, args })
  : kind === "sse" ? new MCPServerSSE({ url: target }) : new MCPServerStreamableHttp({ url: target });
const baseURL = `${process.env.CANIMCP_MODEL_URL}/v1`;
setDefaultOpenAIClient(new OpenAI({ baseURL, apiKey: "canimcp-scripted-model" }));
setTracingDisabled(true);
await server.connect();
try {
  const agent = new Agent({ name: "canimcp", model: "canimcp-scripted", mcpServers: [server] });
  const result = await run(agent, "Run the probe's scenarios, then report what you find.", { maxTurns: 20 });
  console.log(result.finalOutput);
} finally {
  await server.close();
}
