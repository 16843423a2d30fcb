// The official TypeScript SDK client as an app that uses its optional calls: resource templates, argument
// completion, progress, a call it gives up on, server logging and a resource subscription.
// Usage: node ts_app_client.cjs COMMAND [ARGS...]   (the stdio server to spawn, e.g. canimcp probe stdio)
// Run with NODE_PATH pointing at the node_modules that holds the SDK: 1.x (`@modelcontextprotocol/sdk`) or 2.x
// (`@modelcontextprotocol/client`, where CANIMCP_TS_NEGOTIATION=auto turns its versionNegotiation on). On a
// 2026-07-28 connection, where resources/subscribe is gone, the app subscribes on a `listen` stream instead.
// Prints one JSON line per step; exits once the subscribed resource was read again (or after 10 s).
function loadSdk() {
  try {
    const sdk = { ...require("@modelcontextprotocol/client"), ...require("@modelcontextprotocol/client/stdio") };
    // 2.x takes handlers by method name, and callTool(params, options)
    const call = (client, params, options) => client.callTool(params, options);
    return { ...sdk, call, updated: "notifications/resources/updated", logged: "notifications/message" };
  } catch (e) {
    if (e.code !== "MODULE_NOT_FOUND") throw e;
    const types = require("@modelcontextprotocol/sdk/types.js");
    return {
      ...require("@modelcontextprotocol/sdk/client/index.js"),
      ...require("@modelcontextprotocol/sdk/client/stdio.js"),
      call: (client, params, options) => client.callTool(params, undefined, options), // (params, resultSchema, options)
      updated: types.ResourceUpdatedNotificationSchema, // 1.x registers handlers by schema
      logged: types.LoggingMessageNotificationSchema,
    };
  }
}
const { Client, StdioClientTransport, call, updated, logged } = loadSdk();
const negotiation = process.env.CANIMCP_TS_NEGOTIATION;
const print = (step, value) => console.log(JSON.stringify({ step, value }));

async function main() {
  const [command, ...args] = process.argv.slice(2);
  const transport = new StdioClientTransport({ command, args, stderr: "inherit" });
  const options = negotiation ? { versionNegotiation: { mode: negotiation } } : {};
  const client = new Client({ name: "canimcp-ts-app", version: "1.0.0" }, options);
  let onUpdate;
  const update = new Promise((resolve) => (onUpdate = resolve));
  client.setNotificationHandler(updated, (n) => onUpdate(n.params.uri));
  client.setNotificationHandler(logged, (n) => print("log", n.params.data));
  await client.connect(transport);
  await client.listTools();
  const uri = (await client.listResources()).resources[0].uri;
  let subscription, logLevel;
  try {
    await client.setLoggingLevel("info");
    await client.subscribeResource({ uri });
    print("subscribed", "resources/subscribe");
  } catch (err) {
    // 2.x on a 2026-07-28 connection refuses both deprecated requests; it has no option for the per-request log
    // level, so the app puts the key in a request's _meta itself, and subscribes on a listen() stream
    print("refused", String(err.message || err));
    logLevel = { "io.modelcontextprotocol/logLevel": "info" };
    subscription = await client.listen({ resourceSubscriptions: [uri] });
    print("subscribed", "subscriptions/listen");
  }
  const template = (await client.listResourceTemplates()).resourceTemplates[0].uriTemplate;
  const item = await client.readResource({ uri: template.replace("{id}", "42") });
  print("template read", item.contents.map((c) => c.text));
  const completion = await client.complete({
    ref: { type: "ref/prompt", name: "probe_prompt" },
    argument: { name: "topic", value: "ca" },
  });
  print("completion", completion.completion.values);
  const steps = [];
  const slow = { name: "slow_task", arguments: { seconds: 1 }, ...(logLevel ? { _meta: logLevel } : {}) };
  await call(client, slow, { onprogress: (p) => steps.push(p.progress) });
  print("progress", steps);
  try {
    // the app stops waiting after a second; the SDK tells the server it gave the request up
    await call(client, { name: "slow_task", arguments: { seconds: 20 } }, { timeout: 1000 });
    print("gave up", false);
  } catch (err) {
    print("gave up", String(err.message || err));
  }
  const changed = await Promise.race([update, new Promise((resolve) => setTimeout(resolve, 10000))]);
  print("updated", changed || null);
  if (changed) print("read after update", (await client.readResource({ uri })).contents.map((c) => c.text));
  if (subscription) await subscription.close();
  await client.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
