// A plain client on the Vercel AI SDK's MCP client (@ai-sdk/mcp).
//   node ai_sdk_client.mjs stdio CMD ARGS...   |   node ai_sdk_client.mjs http URL
// With CANIMCP_AUTH=1 (HTTP) it signs in first with an OAuthClientProvider kept in memory, as the package's
// types describe it: the person at the browser is this script, which opens the authorization URL and reads the
// code off the redirect, then finishes with the package's auth().
import { auth, experimental_createMCPClient as createMCPClient, UnauthorizedError } from "@ai-sdk/mcp";
import { Experimental_StdioMCPTransport as StdioTransport } from "@ai-sdk/mcp/mcp-stdio";

const hold = Number(process.env.CANIMCP_HOLD_SECONDS || "8") * 1000;
const [kind, target, ...args] = process.argv.slice(2);
const REDIRECT = "http://127.0.0.1:9/callback"; // never contacted: the code is read off the redirect

function memoryProvider() {
  const kept = {};
  return {
    kept,
    get redirectUrl() { return REDIRECT; },
    get clientMetadata() { return { client_name: "canimcp-harness-ai-sdk", redirect_uris: [REDIRECT] }; },
    clientInformation() { return kept.client; },
    saveClientInformation(info) { kept.client = info; },
    tokens() { return kept.tokens; },
    saveTokens(tokens) { kept.tokens = tokens; },
    saveCodeVerifier(verifier) { kept.verifier = verifier; },
    codeVerifier() { return kept.verifier; },
    async redirectToAuthorization(url) {
      const answer = await fetch(url, { redirect: "manual" });
      kept.code = new URL(answer.headers.get("location")).searchParams.get("code");
    },
  };
}

const authProvider = kind === "http" && process.env.CANIMCP_AUTH === "1" ? memoryProvider() : undefined;
const transport = () => kind === "stdio"
  ? new StdioTransport({ command: target, args, env: process.env })
  : { type: "http", url: target, authProvider };
let client;
try {
  client = await createMCPClient({ transport: transport() });
} catch (e) {
  if (!(authProvider && e instanceof UnauthorizedError)) { throw e; }
  await auth(authProvider, { serverUrl: target, authorizationCode: authProvider.kept.code });
  client = await createMCPClient({ transport: transport() });
}
await client.tools();
await new Promise((resolve) => setTimeout(resolve, hold));
await client.close();
