// The TypeScript SDK 2.x client with versionNegotiation "auto" (2026-07-28 when the server speaks it), as an app
// that gives up a slow call: it asks slow_task for 20 seconds with a one-second `timeout`, then makes one more call,
// so the run shows how the call was given up and that the client went on. It waits a moment before that next call:
// a message sent in the same instant as the close may reach the probe before it, and the probe counts a closed
// stream as cancelling only when the client spoke after it.
// Usage: node ts_cancel_client.cjs URL   (NODE_PATH: node_modules holding @modelcontextprotocol/client)
// Prints one JSON line per step.
const { Client, StreamableHTTPClientTransport } = require("@modelcontextprotocol/client");

const print = (step, value) => console.log(JSON.stringify({ step, value }));

async function main() {
  const [url] = process.argv.slice(2);
  const client = new Client({ name: "canimcp-ts-cancel-app", version: "1.0.0" }, { versionNegotiation: { mode: "auto" } });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  print("protocol", client.getNegotiatedProtocolVersion ? client.getNegotiatedProtocolVersion() : null);
  try {
    await client.callTool({ name: "slow_task", arguments: { seconds: 20 } }, { timeout: 1000 });
    print("gave up", false);
  } catch (error) {
    print("gave up", String(error.message || error));
  }
  await new Promise((resolve) => setTimeout(resolve, 300));
  const echoed = await client.callTool({ name: "echo", arguments: { text: "after" } });
  print("next call", echoed.content.map((c) => c.text));
  await client.close();
}

main().catch((error) => {
  print("error", String(error));
  process.exit(1);
});
