// A plain client on LangChain.js's MCP adapters (@langchain/mcp-adapters), as their README shows it: defaults only.
//   node langchainjs_mcp_adapters_client.mjs stdio CMD ARGS... | node langchainjs_mcp_adapters_client.mjs http|sse URL
// A MultiServerMCPClient with the probe as its one server (command and args, or a URL); getTools() connects and
// returns LangChain tools. It invokes the probe's run_scenarios through its tool (a refused input request may end
// the call, so it calls again, up to four times), stays a while, and closes. No agent run: that would need a model.
// With CANIMCP_AUTH=1 (HTTP) the server's entry carries an `authProvider`, as the README's OAuth section shows: an
// OAuthClientProvider of the official SDK's shape kept in memory (oauth_memory.mjs, copied beside this script). The
// first getTools() is refused and sends the provider to authorize; the script finishes the sign-in with the SDK
// transport's finishAuth and calls getTools() again.
import { MultiServerMCPClient } from "@langchain/mcp-adapters";
import { memoryProvider } from "./oauth_memory.mjs";

const hold = Number(process.env.CANIMCP_HOLD_SECONDS || "8") * 1000;
const [kind, target, ...args] = process.argv.slice(2);
// a URL alone means Streamable HTTP (with a fallback to SSE on a 4xx); the README forces SSE with transport "sse"
const authProvider = kind === "http" && process.env.CANIMCP_AUTH === "1" ? memoryProvider("canimcp-harness-langchainjs") : undefined;
const probe = kind === "stdio"
  ? { transport: "stdio", command: target, args }
  : kind === "sse" ? { transport: "sse", url: target } : { url: target, ...(authProvider && { authProvider }) };
const client = new MultiServerMCPClient({ mcpServers: { probe } });
const signedIn = async () => {
  try {
    return await client.getTools();
  } catch (e) {
    if (!authProvider?.kept.code) { throw e; }
    console.error(String(e));
    const { StreamableHTTPClientTransport } = await import("@modelcontextprotocol/sdk/client/streamableHttp.js");
    await new StreamableHTTPClientTransport(new URL(target), { authProvider }).finishAuth(authProvider.kept.code);
    return await client.getTools();
  }
};
try {
  const tools = authProvider ? await signedIn() : await client.getTools();
  const scenarios = tools.find((tool) => tool.name === "run_scenarios");
  for (let i = 0; scenarios && i < 4; i++) {
    try {
      const result = await scenarios.invoke({});
      console.error(JSON.stringify(result).slice(0, 300));
      break;
    } catch (e) { console.error(String(e)); }
  }
  await new Promise((resolve) => setTimeout(resolve, hold));
} finally {
  await client.close();
}
