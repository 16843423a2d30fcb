// The official TypeScript SDK client with its `listChanged` option, as an app that wants fresh lists writes it.
// Usage: node ts_list_changed_client.cjs stdio COMMAND [ARGS...] | node ts_list_changed_client.cjs http URL
// Run with NODE_PATH pointing at the node_modules that holds the SDK: 1.x (`@modelcontextprotocol/sdk`) or 2.x
// (`@modelcontextprotocol/client`, where CANIMCP_TS_NEGOTIATION=auto turns its versionNegotiation on). Prints one
// JSON line per step; `changed` lines carry the names the SDK fetched again after a list_changed notification.
function loadSdk() {
  try {
    return { ...require("@modelcontextprotocol/client"), ...require("@modelcontextprotocol/client/stdio") };
  } catch (e) {
    if (e.code !== "MODULE_NOT_FOUND") throw e;
    return {
      ...require("@modelcontextprotocol/sdk/client/index.js"),
      ...require("@modelcontextprotocol/sdk/client/stdio.js"),
      ...require("@modelcontextprotocol/sdk/client/streamableHttp.js"),
    };
  }
}
const { Client, StdioClientTransport, StreamableHTTPClientTransport } = loadSdk();
const negotiation = process.env.CANIMCP_TS_NEGOTIATION;

const print = (step, value) => console.log(JSON.stringify({ step, value }));
const pending = new Set(["tools", "prompts", "resources"]);
let allChanged;
const done = new Promise((resolve) => (allChanged = resolve));
const onChanged = (kind) => (error, items) => {
  print("changed", { kind, error: error && String(error), names: items && items.map((i) => i.name) });
  pending.delete(kind);
  if (pending.size === 0) allChanged();
};

async function main() {
  const [kind, target, ...rest] = process.argv.slice(2);
  const transport =
    kind === "stdio"
      ? new StdioClientTransport({ command: target, args: rest, stderr: "inherit" })
      : new StreamableHTTPClientTransport(new URL(target));
  // the option's defaults: autoRefresh true (the SDK lists again itself), debounceMs 300
  const client = new Client(
    { name: "canimcp-ts-list-changed", version: "1.0.0" },
    {
      listChanged: {
        tools: { onChanged: onChanged("tools") },
        prompts: { onChanged: onChanged("prompts") },
        resources: { onChanged: onChanged("resources") },
      },
      ...(negotiation ? { versionNegotiation: { mode: negotiation } } : {}),
    },
  );
  await client.connect(transport);
  print("tools", (await client.listTools()).tools.map((t) => t.name));
  print("prompts", (await client.listPrompts()).prompts.map((p) => p.name));
  print("resources", (await client.listResources()).resources.map((r) => r.name));
  // the probe announces each change once the client holds that list (its scenarios run after `initialized`)
  await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 15000))]);
  print("pending", [...pending]);
  if (kind === "http") await transport.terminateSession();
  await client.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
