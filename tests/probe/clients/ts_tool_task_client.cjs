// The TypeScript SDK 1.x client as an app that calls a tool whose execution.taskSupport is "required" the way the SDK
// asks for it: `client.experimental.tasks.callToolStream` (its plain `callTool` refuses such a tool without sending
// anything). Prints one JSON line per step: the listed tool's execution, each message type of the stream, and the text
// of the final result.
// Usage: node ts_tool_task_client.cjs COMMAND [ARGS...]   (the stdio server to spawn, e.g. canimcp probe stdio)
// Run with NODE_PATH pointing at node_modules holding @modelcontextprotocol/sdk 1.x.
const { Client } = require("@modelcontextprotocol/sdk/client/index.js");
const { StdioClientTransport } = require("@modelcontextprotocol/sdk/client/stdio.js");

const print = (step, value) => console.log(JSON.stringify({ step, value }));

async function main() {
  const [command, ...args] = process.argv.slice(2);
  const client = new Client({ name: "canimcp-ts-tool-task-app", version: "1.0.0" });
  await client.connect(new StdioClientTransport({ command, args, stderr: "inherit" }));
  const { tools } = await client.listTools();
  print("execution", tools.find((tool) => tool.name === "task_tool")?.execution ?? null);
  try {
    await client.callTool({ name: "task_tool", arguments: {} });
    print("plain", "called");
  } catch (error) {
    print("plain", String(error));
  }
  for await (const message of client.experimental.tasks.callToolStream({ name: "task_tool", arguments: {} })) {
    print(message.type, message.type === "result" ? message.result.content[0].text : message.type === "error" ? String(message.error) : message.task?.status ?? null);
  }
  await client.close();
}

main().catch((error) => {
  print("error", String(error));
  process.exit(1);
});
