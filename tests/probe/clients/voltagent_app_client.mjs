// VoltAgent (@voltagent/core) as an app that uses what its MCP client offers beyond tools: an elicitation handler, the
// client's one resource call (listResources) and the `timeout` option, here one second, which gives up a slow call.
// The app makes the client class itself, `MCPClient` (exported and typed beside MCPConfiguration), because its
// `elicitation.onRequest` option sets the handler before the client connects: the probe asks right after the
// handshake, before MCPConfiguration's getClient() would hand the client over for `elicitation.setHandler`, which
// the documentation shows for requests made during a tool call. `capabilities` is left out (the class declares
// `elicitation` whatever it is given) and the name is the app's.
// Usage: NODE_PATH=<install>/node_modules node voltagent_app_client.mjs COMMAND [ARGS...]
//   (the stdio server to spawn, e.g. canimcp probe stdio; the package is loaded from NODE_PATH, which ESM imports do
//   not search, so loadPackage() finds it there)
// The handler accepts a form elicitation with "canimcp" in every field of the requested schema. The app lists the
// resources and the tools, calls slow_task for 20 seconds, which the timeout gives up after one, and waits a few
// seconds for the probe to record the cancellation. Prints one JSON line per step.
import { loadPackage } from "./load_package.mjs";

const { MCPClient } = await loadPackage("@voltagent/core");
const print = (step, value) => console.log(JSON.stringify({ step, value }));

const [command, ...args] = process.argv.slice(2);
const onRequest = async (request) => {
  print("elicitation", request.mode ?? "form");
  const fields = Object.keys(request.requestedSchema?.properties ?? {});
  return { action: "accept", content: Object.fromEntries(fields.map((name) => [name, "canimcp"])) };
};
const client = new MCPClient({
  clientInfo: { name: "canimcp-voltagent-app", version: "1.0.0" },
  server: { type: "stdio", command, args },
  timeout: 1000,
  elicitation: { onRequest },
});
try {
  await client.connect();
  print("resources", (await client.listResources()).resources.map((r) => r.uri));
  print("tools", Object.keys(await client.listTools()));
  try {
    const { content: result } = await client.callTool({ name: "slow_task", arguments: { seconds: 20 } });
    print("slow_task", result.content?.map((c) => c.text).join(" "));
  } catch (err) {
    print("slow_task", String(err.message || err));
  }
  await new Promise((resolve) => setTimeout(resolve, 4000));
} finally {
  await client.disconnect();
}
