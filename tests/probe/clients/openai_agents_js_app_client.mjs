// The OpenAI Agents SDK for JavaScript (@openai/agents) as an app that uses what its MCP server classes offer of the
// optional calls: resource templates (list, then read a URI filled in from one) and a tool call given up after a
// second through the class's `timeout` option.
// Usage: NODE_PATH=<install>/node_modules node openai_agents_js_app_client.mjs COMMAND [ARGS...]
//   (the stdio server to spawn, e.g. canimcp probe stdio; the package is loaded from NODE_PATH, which ESM imports
//   do not search, so loadPackage() finds it there)
// MCPServerStdio has no call for completions, log levels, resource subscriptions or progress, and no callback for
// server notifications, so the app does not try them. `timeout: 1000` is the per-tool-call timeout (60 s unless
// given); other requests keep the class's `clientSessionTimeoutSeconds` (5 s unless given). After giving up the
// slow call the app waits a few seconds (the probe would record a cancellation sent in that time), reads a resource
// to show the session still answers, and closes. Prints one JSON line per step.
import { loadPackage } from "./load_package.mjs";

const { MCPServerStdio } = await loadPackage("@openai/agents");
const print = (step, value) => console.log(JSON.stringify({ step, value }));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const [command, ...args] = process.argv.slice(2);
const server = new MCPServerStdio({ command, args, timeout: 1000 });
await server.connect();
try {
  print("tools", (await server.listTools()).map((tool) => tool.name));
  const templates = await server.listResourceTemplates();
  const template = templates.resourceTemplates[0].uriTemplate;
  const item = await server.readResource(template.replace("{id}", "42"));
  print("template read", item.contents.map((c) => c.text));

  try { // the class's timeout gives the call up after a second
    await server.callTool("slow_task", { seconds: 20 });
    print("gave up", false);
  } catch (err) {
    print("gave up", String(err.message || err));
  }
  await sleep(3000);
  const hello = (await server.listResources()).resources[0].uri;
  print("read after", (await server.readResource(hello)).contents.map((c) => c.text));
} finally {
  await server.close();
}
