// The official TypeScript SDK 1.x client as an app that lets a server run sampling and elicitation requests as
// tasks (2025-11-25): it passes the SDK an in-memory task store, which answers tasks/get, tasks/result, tasks/list
// and tasks/cancel, and declares the `tasks` capability. What the app itself must do is in its two handlers: when a
// request carries `task`, create the task, return it at once, and store the result once the work is done (here
// after a second, so that a task can still be cancelled while it runs).
// Usage: node ts_tasks_client.cjs COMMAND [ARGS...]   (the stdio server to spawn, e.g. canimcp probe stdio)
// Run with NODE_PATH pointing at the node_modules that holds @modelcontextprotocol/sdk 1.x.
// Prints one JSON line per step; exits once the probe's run_scenarios tool has returned.
const { Client } = require("@modelcontextprotocol/sdk/client/index.js");
const { StdioClientTransport } = require("@modelcontextprotocol/sdk/client/stdio.js");
const { InMemoryTaskStore } = require("@modelcontextprotocol/sdk/experimental/tasks");
const { CreateMessageRequestSchema, ElicitRequestSchema } = require("@modelcontextprotocol/sdk/types.js");

const WORK_MS = 1000;
const print = (step, value) => console.log(JSON.stringify({ step, value }));

// answer at once, or, when the server asked for a task, hand back the task and finish it later
function handler(kind, answer) {
  return async (request, extra) => {
    if (!request.params.task) return answer;
    const task = await extra.taskStore.createTask({ ttl: request.params.task.ttl });
    print("task created", kind);
    setTimeout(async () => {
      try {
        await extra.taskStore.storeTaskResult(task.taskId, "completed", answer);
        print("task completed", kind);
      } catch (err) {
        print("task not completed", String(err.message || err)); // cancelled meanwhile: a terminal task stays so
      }
    }, WORK_MS);
    return { task };
  };
}

async function main() {
  const [command, ...args] = process.argv.slice(2);
  const transport = new StdioClientTransport({ command, args, stderr: "inherit" });
  const capabilities = {
    sampling: {},
    elicitation: { form: {} },
    tasks: { list: {}, cancel: {}, requests: { sampling: { createMessage: {} }, elicitation: { create: {} } } },
  };
  const client = new Client(
    { name: "canimcp-ts-tasks-app", version: "1.0.0" },
    { capabilities, taskStore: new InMemoryTaskStore() },
  );
  const sampled = { role: "assistant", content: { type: "text", text: "probe" }, model: "canimcp-app" };
  client.setRequestHandler(CreateMessageRequestSchema, handler("sampling", sampled));
  client.setRequestHandler(ElicitRequestSchema, handler("elicitation", { action: "accept", content: { name: "app" } }));
  await client.connect(transport);
  await client.listTools();
  // the probe's acts, its task-augmented requests among them, run while this call waits
  const ran = await client.callTool({ name: "run_scenarios", arguments: {} }, undefined, { timeout: 120000 });
  print("scenarios", ran.content[0].text);
  await client.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
