// The app in front of supergateway: a stdio host on the official TypeScript SDK 1.x (the @modelcontextprotocol/sdk
// that supergateway itself depends on, in the same install) that starts `supergateway --streamableHttp URL` or
// `supergateway --sse URL` as its stdio server, the way supergateway's README configures Claude Desktop and Cursor
// (with --sse there; --streamableHttp is the same command line with the other option).
// The probe sees only supergateway's own session upstream; this app is what supergateway could pass on.
//   node supergateway_client.mjs http|sse URL
// The app is written as a rich host would be: it names itself (canimcp-proxied-app) and sets handlers for roots (one
// root), sampling (a canned answer) and elicitation (declines), so its initialize declares roots (with listChanged),
// sampling and elicitation (form and url). Each handler, and every notification that reaches the app, is printed to
// stderr, so the step's output says what supergateway passed down. Then it does what the plain SDK scripts do (as
// late_calls.py and scenario_calls.py do for the Python ones): lists tools, resources and prompts, calls the probe's
// tools of one era where listed (header_echo, header_invalid, header_number; task_tool, url_gate), dropped_stream when
// listed, and run_scenarios until its result reads as done (at most four calls), and holds the connection open for
// CANIMCP_HOLD_SECONDS before it closes supergateway's stdin.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
  LoggingMessageNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";

const hold = Number(process.env.CANIMCP_HOLD_SECONDS || "8") * 1000;
const [kind, url] = process.argv.slice(2);
const ROOT = "file:///canimcp-proxied-app/root"; // a root only this app would name, to tell it apart if it ever arrived
const say = (what) => console.error(`app: ${what}`);

// supergateway as its README configures it for Claude Desktop and Cursor: one option naming the remote server's URL
const transport = new StdioClientTransport({
  command: "supergateway",
  args: [kind === "sse" ? "--sse" : "--streamableHttp", url],
  env: process.env,
  stderr: "inherit",
});
const client = new Client(
  { name: "canimcp-proxied-app", version: "1.0.0" },
  { capabilities: { roots: { listChanged: true }, sampling: {}, elicitation: { form: {}, url: {} } } },
);
client.setRequestHandler(ListRootsRequestSchema, async () => {
  say("roots/list reached the app");
  return { roots: [{ uri: ROOT, name: "proxied-app" }] };
});
client.setRequestHandler(CreateMessageRequestSchema, async () => {
  say("sampling/createMessage reached the app");
  return {
    role: "assistant", model: "canimcp-proxied-app-model",
    content: { type: "text", text: "canned answer of the proxied app" },
  };
});
client.setRequestHandler(ElicitRequestSchema, async (request) => {
  say(`elicitation/create reached the app (${request.params.mode || "form"})`);
  return { action: "decline" };
});
client.setNotificationHandler(LoggingMessageNotificationSchema, async (n) => {
  say(`log message reached the app: ${n.params.level}`);
});
client.fallbackNotificationHandler = async (n) => say(`notification reached the app: ${n.method}`);
client.fallbackRequestHandler = async (r) => {
  say(`request reached the app: ${r.method}`);
  throw new Error(`the app has no handler for ${r.method}`);
};
client.onerror = (e) => say(`error from the session: ${e}`);

await client.connect(transport);
say(`initialized with ${JSON.stringify(client.getServerVersion())}`);
say(`the server's instructions reached the app: ${Boolean(client.getInstructions())}`);
say(`capabilities supergateway offers the app: ${JSON.stringify(client.getServerCapabilities())}`);
// an error here (an upstream session the server has forgotten, say) is part of the record: the app goes on
let tools = [];
try { ({ tools } = await client.listTools()); } catch (e) { say(`listTools: ${e}`); }
for (const call of [() => client.listResources(), () => client.listPrompts()]) {
  try { await call(); } catch (e) { say(String(e)); }
}
const listed = new Set(tools.map((tool) => tool.name));
const lateCalls = [
  ["header_echo", { region: "eu-west-1", greeting: "Grüße, MCP" }],
  ["header_invalid", { filter: { kind: "probe" } }],
  ["header_number", { ratio: 0.5 }],
  ["task_tool", {}],
  ["url_gate", {}],
  ["dropped_stream", {}],
];
for (const [name, args] of lateCalls) {
  if (!listed.has(name)) continue;
  try {
    const result = await client.callTool({ name, arguments: args });
    say(`${name}: ${JSON.stringify(result).slice(0, 200)}`);
  } catch (e) { say(`${name}: ${e}`); }
}
// run_scenarios once for each round of the probe's input requests (at most four), until a result reads as done
for (let round = 0; listed.has("run_scenarios") && round < 4; round++) {
  let text;
  try {
    const result = await client.callTool({ name: "run_scenarios", arguments: {} });
    text = (result.content || []).map((block) => block.text || "").join(" ");
  } catch (e) { text = String(e); }
  console.error(text.slice(0, 300));
  if (text.includes("Scenarios done")) break;
}
await new Promise((resolve) => setTimeout(resolve, hold));
await client.close();
say("closed");
