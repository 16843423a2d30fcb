// Strands Agents for TypeScript (@strands-agents/sdk) as an app that uses McpClient's options: its own name
// (applicationName, applicationVersion), an elicitationCallback (which makes the client declare form and URL
// elicitation), a logHandler for the server's log messages, and tasksConfig (tool calls made as tasks, through the
// TypeScript SDK's experimental callToolStream).
// Usage: NODE_PATH=<install>/node_modules node strands_agents_js_app_client.mjs COMMAND [ARGS...]
//   (the stdio server to spawn, e.g. canimcp probe stdio; the package is loaded from NODE_PATH, which ESM imports do
//   not search, so loadPackage() finds it there)
// The callback accepts a form elicitation with "canimcp" in every string field of the requested schema, and a URL
// elicitation as opened. The app lists the tools, calls run_scenarios (during which the probe asks for roots,
// sampling and both kinds of elicitation), then task_tool, whose task support is required, then slow_task with an
// abort signal that fires after a second (the options of McpClient.callTool go to the TypeScript SDK's call; an
// agent passes its cancelSignal there, which Agent.cancel() fires), and waits a few seconds for the probe to record
// the cancellation. McpClient has no call to set a log level, so the handler only gets what the server sends unasked.
// Prints one JSON line per step.
import { loadPackage } from "./load_package.mjs";

const { McpClient } = await loadPackage("@strands-agents/sdk");
const { StdioClientTransport } = await loadPackage("@modelcontextprotocol/sdk", "./client/stdio.js");
const print = (step, value) => console.log(JSON.stringify({ step, value }));

const [command, ...args] = process.argv.slice(2);
const elicitationCallback = async (_extra, params) => {
  print("elicitation", params.mode ?? "form");
  if (params.mode === "url") return { action: "accept" };
  const fields = Object.entries(params.requestedSchema?.properties ?? {});
  return { action: "accept", content: Object.fromEntries(fields.map(([name]) => [name, "canimcp"])) };
};
const client = new McpClient({
  applicationName: "canimcp-strands-js-app",
  applicationVersion: "1.0.0",
  transport: new StdioClientTransport({ command, args, env: process.env }),
  elicitationCallback,
  logHandler: (params) => print("log", params.level),
  tasksConfig: {},
});
try {
  const tools = await client.listTools();
  print("tools", tools.map((tool) => tool.name));
  for (const name of ["run_scenarios", "task_tool", "slow_task"]) {
    const tool = tools.find((t) => t.name === name);
    try {
      const slow = name === "slow_task"; // its signal is made when the call starts
      const result = await client.callTool(tool, slow ? { seconds: 20 } : {}, slow ? { signal: AbortSignal.timeout(1000) } : undefined);
      print(name, result.content?.map((c) => c.text).join(" ").slice(0, 200));
    } catch (err) {
      print(name, String(err.message || err));
    }
  }
  await new Promise((resolve) => setTimeout(resolve, 3000));
} finally {
  await client.disconnect();
}
