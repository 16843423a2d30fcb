// The Vercel AI SDK's MCP client (@ai-sdk/mcp) as an app that uses what its client offers of the optional calls:
// resource templates (list, then read a URI filled in from one), argument completion, and a tool call it gives up
// on after a second with the `timeout` request option.
// Usage: NODE_PATH=<install>/node_modules node ai_sdk_app_client.mjs COMMAND [ARGS...]
//   (the stdio server to spawn, e.g. canimcp probe stdio; the package is loaded from NODE_PATH, which ESM imports
//   do not search, so loadPackage() finds it there)
// The client has no call to set a log level, subscribe to a resource or follow progress, and it hands no
// notification to the app (its onUncaughtError callback gets an "Unsupported message type" error for each one):
// the app registers that callback and prints what reaches it. It waits a few seconds after giving up the slow call
// (the probe would record a cancellation sent in that time), then closes. Prints one JSON line per step.
import { loadPackage } from "./load_package.mjs";

const { createMCPClient } = await loadPackage("@ai-sdk/mcp");
const { Experimental_StdioMCPTransport: StdioTransport } = await loadPackage("@ai-sdk/mcp", "./mcp-stdio");
const print = (step, value) => console.log(JSON.stringify({ step, value }));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const [command, ...args] = process.argv.slice(2);
const client = await createMCPClient({
  transport: new StdioTransport({ command, args, env: process.env }),
  onUncaughtError: (error) => print("uncaught", String(error?.message || error)),
});
try {
  print("protocol", client.initializeResult.protocolVersion);
  await client.listTools();
  const templates = await client.listResourceTemplates();
  const template = templates.resourceTemplates[0].uriTemplate;
  const item = await client.readResource({ uri: template.replace("{id}", "42") });
  print("template read", item.contents.map((c) => c.text));

  const completion = await client.complete({
    ref: { type: "ref/prompt", name: "probe_prompt" },
    argument: { name: "topic", value: "ca" },
  });
  print("completion", completion.completion.values);

  try { // the app stops waiting after a second
    await client.callTool({ name: "slow_task", arguments: { seconds: 20 }, options: { timeout: 1000 } });
    print("gave up", false);
  } catch (err) {
    print("gave up", String(err.message || err));
  }
  await sleep(3000);
  const hello = (await client.listResources()).resources[0].uri; // still answering after the abandoned call
  print("read after", (await client.readResource({ uri: hello })).contents.map((c) => c.text));
} finally {
  await client.close();
}
