// The official TypeScript SDK 1.x client over Streamable HTTP with a tool call answered by an error on its SSE
// stream, then a few seconds of holding the session open: 1.x counts only a result as the call's answer, so once
// that stream ends it tries to resume it with a GET (Last-Event-ID) beside its open GET stream.
// Usage: node ts_error_stream_client.cjs URL HOLD_MS   (NODE_PATH pointing at the node_modules that holds the SDK)
// Prints one JSON line per step.
const { Client } = require("@modelcontextprotocol/sdk/client/index.js");
const { StreamableHTTPClientTransport } = require("@modelcontextprotocol/sdk/client/streamableHttp.js");

const print = (step, value) => console.log(JSON.stringify({ step, value }));

async function main() {
  const [url, hold] = process.argv.slice(2);
  const transport = new StreamableHTTPClientTransport(new URL(url));
  const client = new Client({ name: "canimcp-ts-error-stream", version: "1.0.0" }, { capabilities: {} });
  client.onerror = (error) => print("transport error", String(error));
  await client.connect(transport);
  // its priming event sets the reconnection delay the SDK uses from then on (250 ms), as in the harness's runs
  print("dropped", (await client.callTool({ name: "dropped_stream", arguments: {} })).content[0].text);
  try {
    await client.callTool({ name: "no_such_tool", arguments: {} });
    print("error", null);
  } catch (error) {
    print("error", error.code);
  }
  await new Promise((resolve) => setTimeout(resolve, Number(hold)));
  await transport.terminateSession();
  await client.close();
}

main().catch((error) => {
  print("failed", String(error));
  process.exit(1);
});
