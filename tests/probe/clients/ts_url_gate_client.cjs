// The official TypeScript SDK client as an app that gets through a tool refused for want of a URL elicitation
// (-32042), with the SDK's own parts: callTool rejects with a UrlElicitationRequiredError listing the elicitations,
// and notifications/elicitation/complete reaches a handler the app sets; then it makes the same call again. It
// declares URL-mode elicitation (and declines the probe's own elicitation requests).
// Usage: node ts_url_gate_client.cjs COMMAND [ARGS...]   (the stdio server to spawn, e.g. canimcp probe stdio)
// Run with NODE_PATH pointing at the node_modules that holds the SDK: 1.x (`@modelcontextprotocol/sdk`) or 2.x
// (`@modelcontextprotocol/client`). Prints one JSON line per step.
function loadSdk() {
  try {
    // 2.x takes handlers by method name
    const sdk = { ...require("@modelcontextprotocol/client"), ...require("@modelcontextprotocol/client/stdio") };
    return { ...sdk, asked: "elicitation/create", completed: "notifications/elicitation/complete" };
  } catch (e) {
    if (e.code !== "MODULE_NOT_FOUND") throw e;
    const types = require("@modelcontextprotocol/sdk/types.js"); // 1.x registers handlers by schema
    return {
      ...require("@modelcontextprotocol/sdk/client/index.js"),
      ...require("@modelcontextprotocol/sdk/client/stdio.js"),
      UrlElicitationRequiredError: types.UrlElicitationRequiredError,
      asked: types.ElicitRequestSchema,
      completed: types.ElicitationCompleteNotificationSchema,
    };
  }
}
const { Client, StdioClientTransport, UrlElicitationRequiredError, asked, completed: completion } = loadSdk();

const print = (step, value) => console.log(JSON.stringify({ step, value }));
const TOOL = "url_gate";

async function main() {
  const [command, ...args] = process.argv.slice(2);
  const client = new Client(
    { name: "canimcp-ts-url-gate-app", version: "1.0.0" },
    { capabilities: { elicitation: { form: {}, url: {} } } },
  );
  client.setRequestHandler(asked, async () => ({ action: "decline" }));
  const completed = new Set(); // elicitation ids the server said are complete
  const waiters = new Map(); // elicitationId -> resolve
  const waiting = (id) => new Promise((resolve) => (completed.has(id) ? resolve() : waiters.set(id, resolve)));
  client.setNotificationHandler(completion, (notification) => {
    const id = notification.params.elicitationId;
    print("completed", id);
    completed.add(id);
    waiters.get(id)?.();
  });
  await client.connect(new StdioClientTransport({ command, args, stderr: "inherit" }));
  let needed;
  try {
    await client.callTool({ name: TOOL, arguments: {} });
    print("through", "at the first call");
    return;
  } catch (error) {
    if (!(error instanceof UrlElicitationRequiredError)) throw error;
    print("refused", error.code);
    needed = error.elicitations;
  }
  const done = needed.map((elicitation) => waiting(elicitation.elicitationId));
  for (const elicitation of needed) print("open", elicitation.url); // what the app shows the person
  await Promise.race([Promise.all(done), new Promise((_, fail) => setTimeout(() => fail(new Error("no notice")), 10000))]);
  const result = await client.callTool({ name: TOOL, arguments: {} });
  print("result", result.content[0].text);
  await client.close();
}

main().catch((error) => {
  print("error", String(error));
  process.exit(1);
});
