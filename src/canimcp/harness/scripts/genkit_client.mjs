// A plain client on Genkit's MCP plugin (@genkit-ai/mcp), as its README shows it: defaults only.
//   node genkit_client.mjs stdio CMD ARGS...   |   node genkit_client.mjs http URL
// createMcpHost with the probe as its one server (command and args, or a URL) and no name (it connects at once), a
// Genkit instance with no plugins, getActiveTools(ai) (the tools as Genkit tools, named probe/<tool>) and
// getActiveResources(ai), the
// probe's run_scenarios called through its tool (again after a failure, up to four times), a while connected,
// close(). No generate call: that would need a model.
// With CANIMCP_AUTH=1 (HTTP) the probe's entry also carries an authProvider, which the plugin's URL config hands
// to the official SDK's StreamableHTTPClientTransport with the rest of its options: an OAuthClientProvider kept in
// memory (oauth_memory.mjs, copied beside this script). The host's first connect is refused and sends the provider
// to authorize; the script finishes the sign-in with the SDK transport's finishAuth and re-enables the server.
import { createMcpHost } from "@genkit-ai/mcp";
import { genkit } from "genkit";
import { memoryProvider } from "./oauth_memory.mjs";

const hold = Number(process.env.CANIMCP_HOLD_SECONDS || "8") * 1000;
const [kind, target, ...args] = process.argv.slice(2);
const authProvider = kind === "http" && process.env.CANIMCP_AUTH === "1" ? memoryProvider("canimcp-harness-genkit") : undefined;
const probe = kind === "stdio" ? { command: target, args } : { url: target, ...(authProvider && { authProvider }) };
const host = createMcpHost({ mcpServers: { probe } });
const ai = genkit({});
if (authProvider) {
  await host.getClient("probe").ready(); // its first connect, refused: the provider has been sent to authorize
  if (authProvider.kept.code) {
    const { StreamableHTTPClientTransport } = await import("@modelcontextprotocol/sdk/client/streamableHttp.js");
    await new StreamableHTTPClientTransport(new URL(target), { authProvider }).finishAuth(authProvider.kept.code);
    await host.enable("probe"); // connects again, now with the token
  }
}
try {
  const tools = await host.getActiveTools(ai);
  const resources = await host.getActiveResources(ai); // as the README's example passes them to generate()
  console.error(`resources: ${resources.length}`);
  const scenarios = tools.find((tool) => tool.__action.name.endsWith("run_scenarios"));
  for (let i = 0; scenarios && i < 4; i++) {
    try {
      console.error(JSON.stringify(await scenarios({})).slice(0, 300));
      break;
    } catch (e) { console.error(String(e)); }
  }
  await new Promise((resolve) => setTimeout(resolve, hold));
} finally {
  await host.close();
}
