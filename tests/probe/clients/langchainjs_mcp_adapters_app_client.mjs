// LangChain.js's MCP adapters (@langchain/mcp-adapters) as an app that uses what MultiServerMCPClient offers of the
// optional calls: resource templates (list, then read a URI filled in from one), server logging (setLoggingLevel and
// the onMessage callback), progress (the onProgress callback, on a tool invoked through its LangChain tool) and a
// tool call given up after a second (the invocation's `timeout`).
// Usage: NODE_PATH=<install>/node_modules node langchainjs_mcp_adapters_app_client.mjs COMMAND [ARGS...]
//   (the stdio server to spawn, e.g. canimcp probe stdio; the package is loaded from NODE_PATH, which ESM imports
//   do not search, so loadPackage() finds it there)
// The client has no call for completions or resource subscriptions (only the SDK Client that getClient() hands
// out has them), so the app does not try them. After giving up the slow call it waits a few seconds (the probe would
// record a cancellation sent in that time), reads a resource to show the session still answers, and closes.
// Prints one JSON line per step.
import { loadPackage } from "./load_package.mjs";

const { MultiServerMCPClient } = await loadPackage("@langchain/mcp-adapters");
const print = (step, value) => console.log(JSON.stringify({ step, value }));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const [command, ...args] = process.argv.slice(2);
const steps = [];
const client = new MultiServerMCPClient({
  mcpServers: { probe: { transport: "stdio", command, args } },
  onMessage: (log, source) => print("log", { server: source.server, level: log.level, data: log.data }),
  onProgress: (progress, source) => steps.push({ tool: source.name, progress: progress.progress }),
});
try {
  const tools = await client.getTools(); // connects
  const slow = tools.find((tool) => tool.name === "slow_task");
  await client.setLoggingLevel("info");
  print("log level", "info");

  const templates = await client.listResourceTemplates("probe");
  const template = templates.probe[0].uriTemplate;
  const item = await client.readResource("probe", template.replace("{id}", "42"));
  print("template read", item.map((c) => c.text));

  await slow.invoke({ seconds: 1 });
  print("progress", steps);

  try { // the invocation's timeout gives the call up after a second
    await slow.invoke({ seconds: 20 }, { timeout: 1000 });
    print("gave up", false);
  } catch (err) {
    print("gave up", String(err.message || err));
  }
  await sleep(3000);
  const hello = (await client.listResources("probe")).probe[0].uri;
  print("read after", (await client.readResource("probe", hello)).map((c) => c.text));
} finally {
  await client.close();
}
