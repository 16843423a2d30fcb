// A plain client on BeeAI Framework for TypeScript (beeai-framework) and its MCPTool, as the framework's MCP example
// shows it: the app makes and connects a client of the official TypeScript SDK, and `MCPTool.fromClient` lists the
// server's tools and gives back one BeeAI tool for each.
//   node beeai_framework_js_client.mjs stdio CMD ARGS...   |   node beeai_framework_js_client.mjs http|sse URL
// The SDK client is named by the app and declares nothing (the example's `capabilities: {}`); its transport is the
// SDK's StdioClientTransport, StreamableHTTPClientTransport or SSEClientTransport. The script calls the probe's
// run_scenarios the way BeeAI's agents do (the tool's run(), whose output's text is what a model would read), up to
// four times until one reads as done, stays a while, and closes the client. No agent here: beeai_framework_js_agent.mjs
// runs a RequirementAgent on the scripted model.
// With CANIMCP_AUTH=1 (HTTP) the app's transport gets an `authProvider`, the TypeScript SDK's OAuth sign-in, kept in
// memory (oauth_memory.mjs, copied beside this script): BeeAI has no sign-in of its own.
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { MCPTool } from "beeai-framework/tools/mcp";
import { memoryProvider } from "./oauth_memory.mjs";

const HOLD = Number(process.env.CANIMCP_HOLD_SECONDS || "8") * 1000;
const ROUNDS = 4; // one round each for roots, sampling and elicitation, then the one that completes
const DONE = "Scenarios done"; // how the probe's result starts once nothing is left to ask
const [kind, target, ...args] = process.argv.slice(2);
const authProvider =
  kind === "http" && process.env.CANIMCP_AUTH === "1" ? memoryProvider("canimcp-harness-beeai-framework-js") : undefined;
const open = async () => {
  const transport = kind === "stdio"
    ? new StdioClientTransport({ command: target, args, env: process.env })
    : kind === "sse"
      ? new SSEClientTransport(new URL(target))
      : new StreamableHTTPClientTransport(new URL(target), { authProvider });
  const client = new Client({ name: "canimcp-harness-beeai-framework-js", version: "1.0.0" }, { capabilities: {} });
  await client.connect(transport);
  return client;
};
let client;
try {
  client = await open();
} catch (e) {
  if (!(authProvider && e instanceof UnauthorizedError)) throw e;
  await new StreamableHTTPClientTransport(new URL(target), { authProvider }).finishAuth(authProvider.kept.code);
  client = await open();
}
try {
  const tools = await MCPTool.fromClient(client);
  const scenarios = tools.find((tool) => tool.name === "run_scenarios");
  for (let i = 0; scenarios && i < ROUNDS; i++) {
    let text;
    try {
      text = (await scenarios.run({})).getTextContent();
    } catch (e) { // a failed call is a ToolError, which BeeAI's agents hand the model
      text = String(e);
    }
    console.error(text.slice(0, 300));
    if (text.includes(DONE)) { break; }
  }
  await new Promise((resolve) => setTimeout(resolve, HOLD));
} finally {
  await client.close();
}
