// Mastra's MCPClient (npm @mastra/mcp) as an app that uses what its own API offers beyond tools: resource
// templates, progress (`enableProgressTracking` and `progress.onUpdate`), a tool call it gives up on (the Mastra
// tool's `abortSignal`), server logs (the `logger` option, with `enableServerLogs`/`serverLogLevel` left at their
// defaults) and a resource subscription (`resources.onUpdated` and `resources.subscribe`). MCPClient has no call
// for completion/complete, so the app asks for none.
//   node mastra_app_client.mjs COMMAND [ARGS...]   (the stdio server to spawn, e.g. canimcp probe stdio)
// ES modules ignore NODE_PATH: copy the script into a folder whose node_modules holds @mastra/mcp (as the harness
// does with its scripts) and run it there, with Node >= 22.13. Prints one JSON line per step (what MCPClient
// handed back), and exits once the subscribed resource was read again (or after 10 s).
import { MCPClient } from "@mastra/mcp";

const print = (step, value) => console.log(JSON.stringify({ step, value }));
const [command, ...args] = process.argv.slice(2);
const mcp = new MCPClient({
  servers: {
    probe: {
      command,
      args,
      env: process.env,
      enableProgressTracking: true,
      // the logger also gets MCPClient's own debug lines; a server's log message is the one marked as such
      logger: (m) => m.message.includes("[MCP SERVER LOG]") && print("log", { level: m.level, ...m.details }),
    },
  },
});

try {
  const tools = await mcp.listTools(); // connects
  print("protocol", mcp.getServerProtocolVersions());
  let onUpdate;
  const update = new Promise((resolve) => (onUpdate = resolve));
  await mcp.resources.onUpdated("probe", ({ uri }) => onUpdate(uri));
  const uri = (await mcp.resources.list()).probe[0].uri;
  let subscribed = false;
  try {
    await mcp.resources.subscribe("probe", uri);
    subscribed = true;
    print("subscribed", uri);
  } catch (err) {
    print("subscribe refused", String(err.cause?.message || err.message || err));
  }
  const template = (await mcp.resources.templates()).probe[0].uriTemplate;
  const item = await mcp.resources.read("probe", template.replace("{id}", "42"));
  print("template read", item.contents.map((c) => c.text));
  const steps = [];
  await mcp.progress.onUpdate("probe", (p) => steps.push(p.progress));
  const done = await tools.probe_slow_task.execute({ seconds: 1 }, {});
  print("progress", { steps, result: done?.content?.map((c) => c.text) });
  const controller = new AbortController();
  setTimeout(() => controller.abort(), 1000); // the app gives up on the call after a second
  const started = Date.now();
  try {
    const result = await tools.probe_slow_task.execute({ seconds: 20 }, { abortSignal: controller.signal });
    print("gave up", { answered: result?.content?.map((c) => c.text), after: Date.now() - started });
  } catch (err) {
    print("gave up", { error: String(err.message || err), after: Date.now() - started });
  }
  const changed = subscribed && (await Promise.race([update, new Promise((r) => setTimeout(r, 10000))]));
  print("updated", changed || null);
  if (changed) print("read after update", (await mcp.resources.read("probe", changed)).contents.map((c) => c.text));
} finally {
  await mcp.disconnect();
}
