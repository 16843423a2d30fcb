// A few-line client built on the official TypeScript SDK (@modelcontextprotocol/sdk), as an app would write it.
// Usage: node ts_client.cjs stdio COMMAND [ARGS...] | node ts_client.cjs http URL | node ts_client.cjs sse URL
// Run with NODE_PATH pointing at the node_modules that holds the SDK. Prints one JSON line per step.
const { Client } = require("@modelcontextprotocol/sdk/client/index.js");
const { StdioClientTransport } = require("@modelcontextprotocol/sdk/client/stdio.js");
const { StreamableHTTPClientTransport } = require("@modelcontextprotocol/sdk/client/streamableHttp.js");
const { SSEClientTransport } = require("@modelcontextprotocol/sdk/client/sse.js");
const types = require("@modelcontextprotocol/sdk/types.js");

async function main() {
  const [kind, target, ...rest] = process.argv.slice(2);
  const transport =
    kind === "stdio"
      ? new StdioClientTransport({ command: target, args: rest, stderr: "inherit" })
      : kind === "sse"
        ? new SSEClientTransport(new URL(target))
        : new StreamableHTTPClientTransport(new URL(target));
  const client = new Client(
    { name: "canimcp-ts-test", version: "1.0.0" },
    { capabilities: { roots: { listChanged: true }, sampling: {}, elicitation: {} } },
  );
  client.setRequestHandler(types.ListRootsRequestSchema, async () => ({ roots: [{ uri: "file:///tmp", name: "tmp" }] }));
  client.setRequestHandler(types.CreateMessageRequestSchema, async () => ({
    role: "assistant",
    content: { type: "text", text: "probe" },
    model: "fake",
  }));
  client.setRequestHandler(types.ElicitRequestSchema, async () => ({ action: "decline" }));
  await client.connect(transport);
  const print = (step, value) => console.log(JSON.stringify({ step, value }));
  print("server", client.getServerVersion());
  print("tools", (await client.listTools()).tools.map((t) => t.name));
  print("scenarios", (await client.callTool({ name: "run_scenarios", arguments: {} })).content[0].text);
  print("echo", (await client.callTool({ name: "echo", arguments: { text: "hi" } })).content[0].text);
  if (kind === "http") {
    // the probe closes this call's stream after priming it: the result comes only if the SDK resumes
    print("dropped", (await client.callTool({ name: "dropped_stream", arguments: {} })).content[0].text);
  }
  if (kind === "http") await transport.terminateSession();
  await client.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
