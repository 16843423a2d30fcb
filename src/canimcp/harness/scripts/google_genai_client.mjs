// An app on Google's Gen AI SDK for JavaScript (@google/genai) that gives the model an MCP server's tools with
// `mcpToTool`, as the SDK's documentation shows it: an MCP client of the official TypeScript SDK, connected by the app,
// handed to `generateContent` as a tool, and the SDK's automatic function calling (which lists the server's tools and
// calls the ones the model asks for) left on.
//   node google_genai_client.mjs stdio CMD ARGS...   |   node google_genai_client.mjs http|sse URL
// The model is canimcp's scripted model, reached as the Gemini API at $CANIMCP_MODEL_URL (httpOptions.baseUrl) with a
// dummy key. One setting is not a default: automatic function calling makes at most 10 calls by default, and the
// scripted model makes about a dozen, so `maximumRemoteCalls` is 30. The TypeScript SDK (@modelcontextprotocol/sdk, 1.x)
// is an optional peer of the Gen AI SDK, installed beside it. With CANIMCP_AUTH=1 (HTTP) the app signs in first, with
// the TypeScript SDK's OAuthClientProvider kept in memory (oauth_memory.mjs, copied beside this script): the Gen AI
// SDK has no sign-in of its own, so it is the app's client that signs in.
import { GoogleGenAI, mcpToTool } from "@google/genai";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { memoryProvider } from "./oauth_memory.mjs";

const PROMPT = "Run the probe's scenarios, then report what you find.";
const [kind, target, ...args] = process.argv.slice(2);
const authProvider =
  kind === "http" && process.env.CANIMCP_AUTH === "1" ? memoryProvider("canimcp-harness-google-genai") : undefined;
const open = async () => {
  const transport = kind === "stdio"
    ? new StdioClientTransport({ command: target, args, env: process.env })
    : kind === "sse"
      ? new SSEClientTransport(new URL(target))
      : new StreamableHTTPClientTransport(new URL(target), { authProvider });
  const client = new Client({ name: "canimcp-harness-google-genai", version: "1.0.0" });
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
const ai = new GoogleGenAI({
  apiKey: "canimcp-scripted-model",
  httpOptions: { baseUrl: process.env.CANIMCP_MODEL_URL },
});
try {
  const response = await ai.models.generateContent({
    model: "gemini-3.8-flash", // the README's; the scripted model answers any
    contents: PROMPT,
    config: { tools: [mcpToTool(client)], automaticFunctionCalling: { maximumRemoteCalls: 30 } },
  });
  console.log(response.text);
} finally {
  await client.close();
}
