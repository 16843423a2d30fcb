// A plain client on Mastra's MCPClient (@mastra/mcp), as its documentation shows it: defaults only.
//   node mastra_client.mjs stdio CMD ARGS...   |   node mastra_client.mjs http URL
// One server named "probe" (command and args, or a URL); listTools() connects and returns its tools namespaced
// as probe_<name>. It runs the probe's run_scenarios through its tool (a refused input request may end the call,
// so it calls again, up to four times), stays a while, and disconnects. No agent run: that would need a model.
// With CANIMCP_AUTH=1 (HTTP) it signs in as Mastra's documentation shows it: the server gets the package's own
// MCPOAuthClientProvider, which never registers a client and here names itself by a client ID metadata document URL
// (the probe accepts such a URL without fetching it); when listTools() leaves the server in the 'needs-auth' state,
// mcp.authenticate() starts the package's loopback callback server and hands the authorization URL to the provider's
// onRedirectToAuthorization, which opens it with $BROWSER (the harness's browser, which approves and comes back).
import { spawn } from "node:child_process";
import { MCPClient, MCPOAuthClientProvider } from "@mastra/mcp";

const hold = Number(process.env.CANIMCP_HOLD_SECONDS || "8") * 1000;
const [kind, target, ...args] = process.argv.slice(2);
const signingIn = kind === "http" && process.env.CANIMCP_AUTH === "1";
let authenticating = false;
const probe = kind === "stdio" ? { command: target, args, env: process.env } : { url: new URL(target) };
if (signingIn) {
  const callback = "http://127.0.0.1:5533/oauth/callback";
  const clientMetadataUrl = "https://canimcp.invalid/harness/mastra-client.json"; // never fetched by the probe
  probe.authProvider = new MCPOAuthClientProvider({
    redirectUrl: callback,
    clientMetadataUrl,
    clientMetadata: { client_id: clientMetadataUrl, client_name: "canimcp-harness-mastra", redirect_uris: [callback] },
    // a plain connect hands it the URL too; the person is sent to the browser once authenticate() is listening
    onRedirectToAuthorization: (url) => {
      if (authenticating) { spawn(process.env.BROWSER, [String(url)], { stdio: "inherit" }); }
      else { console.error(`authorization needed at ${url}`); }
    },
  });
}
const mcp = new MCPClient({ servers: { probe } });
let tools;
if (signingIn) {
  try { tools = await mcp.listTools(); } catch (e) { console.error(String(e)); }
  console.error(`auth state: ${mcp.getServerAuthState("probe")}`);
  if (mcp.getServerAuthState("probe") === "needs-auth") {
    authenticating = true;
    await mcp.authenticate("probe", { timeoutMs: 60000 });
    tools = await mcp.listTools();
  }
} else {
  tools = await mcp.listTools();
}
const scenarios = tools.probe_run_scenarios;
for (let i = 0; scenarios && i < 4; i++) {
  try {
    const result = await scenarios.execute({}, {});
    console.error(JSON.stringify(result).slice(0, 300));
    if (!(result && result.isError)) break;
  } catch (e) { console.error(String(e)); }
}
await new Promise((resolve) => setTimeout(resolve, hold));
await mcp.disconnect();
