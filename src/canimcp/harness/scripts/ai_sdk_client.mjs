// A plain client on the Vercel AI SDK's MCP client (@ai-sdk/mcp).
//   node ai_sdk_client.mjs stdio CMD ARGS...   |   node ai_sdk_client.mjs http|sse URL
// It lists tools and runs the probe's run_scenarios (in the 2026-07-28 era, which it tries first, a server can ask
// for roots, sampling or elicitation only inside a request; the probe asks for what was not declared one round at
// a time and a refusal ends the call, so it calls again until one completes), then stays a while.
// With CANIMCP_AUTH=1 (HTTP) it signs in first with an OAuthClientProvider kept in memory, as the package's
// types describe it (oauth_memory.mjs, copied beside this script), then finishes with the package's auth().
import { auth, experimental_createMCPClient as createMCPClient, UnauthorizedError } from "@ai-sdk/mcp";
import { Experimental_StdioMCPTransport as StdioTransport } from "@ai-sdk/mcp/mcp-stdio";
import { memoryProvider } from "./oauth_memory.mjs";

const hold = Number(process.env.CANIMCP_HOLD_SECONDS || "8") * 1000;
const [kind, target, ...args] = process.argv.slice(2);
const authProvider = kind === "http" && process.env.CANIMCP_AUTH === "1" ? memoryProvider("canimcp-harness-ai-sdk") : undefined;
const transport = () => kind === "stdio"
  ? new StdioTransport({ command: target, args, env: process.env })
  : { type: kind, url: target, authProvider }; // the transport's `type` names Streamable HTTP or the legacy SSE
let client;
try {
  client = await createMCPClient({ transport: transport() });
} catch (e) {
  if (!(authProvider && e instanceof UnauthorizedError)) { throw e; }
  await auth(authProvider, { serverUrl: target, authorizationCode: authProvider.kept.code });
  client = await createMCPClient({ transport: transport() });
}
const tools = await client.tools();
// at most one round each for roots, sampling and elicitation, then it completes; what the package does with
// input requests it cannot answer is part of the record
for (let i = 0; tools.run_scenarios && i < 4; i++) {
  try { await tools.run_scenarios.execute({}, { toolCallId: `canimcp-${i}`, messages: [] }); break; } catch (e) { console.error(String(e)); }
}
await new Promise((resolve) => setTimeout(resolve, hold));
await client.close();
