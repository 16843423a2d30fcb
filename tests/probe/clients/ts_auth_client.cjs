// The official TypeScript SDK's OAuth flow against `canimcp probe serve --auth`, written as an app writes it: an
// OAuthClientProvider kept in memory, and a "browser" that opens the authorization URL and reads the code off
// the redirect (the probe approves at once). Usage: node ts_auth_client.cjs URL. Prints one JSON line per step.
const { Client } = require("@modelcontextprotocol/sdk/client/index.js");
const { StreamableHTTPClientTransport } = require("@modelcontextprotocol/sdk/client/streamableHttp.js");
const { UnauthorizedError } = require("@modelcontextprotocol/sdk/client/auth.js");

const REDIRECT = "http://127.0.0.1:9/callback"; // never contacted

async function main() {
  const url = new URL(process.argv[2]);
  const kept = {};
  let code;
  const provider = {
    get redirectUrl() { return REDIRECT; },
    get clientMetadata() { return { client_name: "canimcp-ts-auth-test", redirect_uris: [REDIRECT] }; },
    state() { return "ts-state"; },
    clientInformation() { return kept.client; },
    saveClientInformation(info) { kept.client = info; },
    tokens() { return kept.tokens; },
    saveTokens(tokens) { kept.tokens = tokens; },
    async redirectToAuthorization(authorizationUrl) {
      const answer = await fetch(authorizationUrl, { redirect: "manual" });
      code = new URL(answer.headers.get("location")).searchParams.get("code");
    },
    saveCodeVerifier(verifier) { kept.verifier = verifier; },
    codeVerifier() { return kept.verifier; },
  };
  const print = (step, value) => console.log(JSON.stringify({ step, value }));
  const open = async () => {
    const client = new Client({ name: "canimcp-ts-auth-test", version: "1.0.0" });
    const transport = new StreamableHTTPClientTransport(url, { authProvider: provider });
    await client.connect(transport);
    return { client, transport };
  };
  let session;
  try {
    session = await open();
  } catch (err) {
    if (!(err instanceof UnauthorizedError)) throw err;
    print("unauthorized", true);
    const transport = new StreamableHTTPClientTransport(url, { authProvider: provider });
    await transport.finishAuth(code); // the token request
    session = await open();
  }
  print("tools", (await session.client.listTools()).tools.map((t) => t.name));
  await session.transport.terminateSession();
  await session.client.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
