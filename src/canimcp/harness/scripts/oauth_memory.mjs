// An OAuthClientProvider kept in memory, for the harness's JavaScript SDK scripts when CANIMCP_AUTH=1. The
// official TypeScript SDK and the AI SDK's MCP client ask the same of a provider. The person at the browser is
// this provider: it opens the authorization URL (the probe approves at once) and reads the code off the redirect.
const REDIRECT = "http://127.0.0.1:9/callback"; // never contacted: the code is read off the redirect

export function memoryProvider(clientName) {
  const kept = {};
  return {
    kept,
    get redirectUrl() { return REDIRECT; },
    get clientMetadata() { return { client_name: clientName, redirect_uris: [REDIRECT] }; },
    clientInformation() { return kept.client; },
    saveClientInformation(info) { kept.client = info; },
    tokens() { return kept.tokens; },
    saveTokens(tokens) { kept.tokens = tokens; },
    saveCodeVerifier(verifier) { kept.verifier = verifier; },
    codeVerifier() { return kept.verifier; },
    async redirectToAuthorization(url) {
      const answer = await fetch(url, { redirect: "manual" });
      const location = answer.headers.get("location");
      const code = location && new URL(location).searchParams.get("code");
      if (!code) {
        throw new Error(`the authorization server answered ${answer.status} without a code, at ${url}`);
      }
      kept.code = code;
    },
  };
}
