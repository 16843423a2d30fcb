// Genkit's MCP plugin (npm @genkit-ai/mcp) as an app that tries the optional calls with what the plugin offers:
// getActiveResources() (resources and resource templates as Genkit resource actions; the app reads the template's
// action for probe://items/42), a tool action called with a progress token the app writes into the call's context
// (`context.mcp._meta`, which the plugin passes on as the request's `_meta`), and a tool action called with an
// `abortSignal` that the app fires after a second. The plugin has no call for completion, log levels or resource
// subscriptions, so the app asks for none of them.
//   node genkit_app_client.mjs COMMAND [ARGS...]   (the stdio server to spawn, e.g. canimcp probe stdio)
// ES modules ignore NODE_PATH: copy the script into a folder whose node_modules holds @genkit-ai/mcp and genkit
// (as the harness does with its scripts) and run it there. Prints one JSON line per step (what the plugin handed
// back).
import { createMcpHost } from "@genkit-ai/mcp";
import { genkit } from "genkit";

const print = (step, value) => console.log(JSON.stringify({ step, value }));
const [command, ...args] = process.argv.slice(2);
const host = createMcpHost({ mcpServers: { probe: { command, args } } });
const ai = genkit({});
try {
  const tools = await host.getActiveTools(ai);
  const resources = await host.getActiveResources(ai); // resources/list, then resources/templates/list
  print("resources", resources.map((r) => r.__action.name));
  const template = resources.find((r) => r.__action.metadata?.resource?.template);
  const uri = template.__action.metadata.resource.template.replace("{id}", "42");
  const item = await template({ uri });
  print("template read", item.content.map((p) => p.text));
  const slow = tools.find((t) => t.__action.name.endsWith("/slow_task"));
  // no progress callback in the plugin: the token is the app's own, and what comes back for it has no way to the app
  const done = await slow({ seconds: 1 }, { context: { mcp: { _meta: { progressToken: "genkit-app-progress" } } } });
  print("progress", { result: done });
  const controller = new AbortController();
  setTimeout(() => controller.abort(), 1000); // the app gives up on the call after a second
  const started = Date.now();
  try {
    const result = await slow({ seconds: 20 }, { abortSignal: controller.signal });
    print("gave up", { answered: result, after: Date.now() - started });
  } catch (err) {
    print("gave up", { error: String(err.message || err), after: Date.now() - started });
  }
} finally {
  await host.close();
}
