// MCP Hub (npm `mcp-hub`) as its README shows it: a config file naming the server, `mcp-hub --port P --config FILE`,
// and consumers in front of it on the hub's two interfaces, its REST API (/api/...) and its unified MCP endpoint (/mcp).
//   node mcp_hub_app.mjs stdio CMD ARGS...   |   node mcp_hub_app.mjs http|sse URL
// The probe is the hub's one server, `probe`: a command and its arguments, or a URL (the hub has no transport key:
// for a URL it tries Streamable HTTP and falls back to the legacy HTTP+SSE transport, so an sse run gives it the
// probe's /sse URL, where the first attempt fails). The hub is started on port 37373 (--port is required; 37373 is the
// port of the README's client examples), in the run's network namespace (it listens on every address, not only
// loopback; nothing outside the namespace reaches it), and the script waits until /api/health says "ready".
// Then, as a consumer would:
// - the REST API: lists the servers (GET /api/servers, what the hub learnt from the probe: status, serverInfo,
//   tools, resources, templates, prompts), gets a prompt, reads a resource and calls the probe's failing_tool and
//   structured_result (POST /api/servers/prompts, /resources, /tools), printing what comes back;
// - the unified endpoint, which in this release is the legacy HTTP+SSE transport (GET /mcp, POST /messages), with the
//   official TypeScript SDK's client (the app; installed beside the hub, which bundles its own copy). The app names
//   itself (`canimcp-hub-app`) and declares roots, sampling and elicitation with handlers that answer, so that the
//   runs show whether any of that reaches the server through the hub. It lists tools, resources, templates and
//   prompts, calls the probe's tools of one era (named `probe__<tool>` by the hub), failing_tool, structured_result and
//   run_scenarios until its result reads as done (at most four calls), reads a resource, gets the prompt, asks for a
//   completion and a log level, calls dropped_stream last (the SDK's 60-second request timeout ends it if the hub
//   never gets the result), and holds the connection
//   for CANIMCP_HOLD_SECONDS while the probe changes its lists (each notification that reaches the app is printed).
// With CANIMCP_AUTH=1 (an HTTP run against a probe that requires OAuth) the hub leaves the server "unauthorized" with
// an authorization URL; the script then asks the hub to open it (POST /api/servers/authorize, the hub's own sign-in:
// it hands the URL to the system's browser opener, here the harness's browser) and waits until the hub, called back
// at its /api/oauth/callback, has the token and has connected.
// Last it stops the hub with SIGTERM (its graceful shutdown, which disconnects its servers) and prints the end of
// the hub's log.
import { spawn } from "node:child_process";
import { openSync, readFileSync, writeFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import {
  CreateMessageRequestSchema, ElicitRequestSchema, ListRootsRequestSchema, LoggingMessageNotificationSchema,
  PromptListChangedNotificationSchema, ResourceListChangedNotificationSchema, ToolListChangedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";

const hold = Number(process.env.CANIMCP_HOLD_SECONDS || "8") * 1000;
const [kind, target, ...args] = process.argv.slice(2);
const PORT = 37373; // the port of the README's client examples; inside the run's namespace nothing else listens there
const HUB = `http://127.0.0.1:${PORT}`;
const SERVER = "probe";
const LOG = "mcp-hub.log";
const say = (what) => console.error(`app: ${String(what).slice(0, 400)}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// the config file, as the README's examples write one
const entry = kind === "stdio" ? { command: target, args } : { url: target };
writeFileSync("mcp-hub.json", JSON.stringify({ mcpServers: { [SERVER]: entry } }, null, 2));
const out = openSync(LOG, "w");
const hub = spawn("mcp-hub", ["--port", String(PORT), "--config", "mcp-hub.json"], {
  stdio: ["ignore", out, out], detached: true,
});

async function api(method, path, body) {
  const response = await fetch(`${HUB}/api${path}`, {
    method, headers: body ? { "content-type": "application/json" } : {}, body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  try { return { status: response.status, json: JSON.parse(text) }; } catch { return { status: response.status, json: text }; }
}

async function waitReady(seconds = 90) {
  const started = Date.now();
  while (Date.now() - started < seconds * 1000) {
    if (hub.exitCode !== null) throw new Error(`the hub exited with ${hub.exitCode} before it was ready`);
    try {
      const { json } = await api("GET", "/health");
      if (json.state === "ready") { say(`hub ready after ${(Date.now() - started) / 1000} s`); return; }
    } catch { /* not listening yet */ }
    await sleep(300);
  }
  throw new Error("the hub did not get ready in time");
}

function describe(server) {
  const caps = server.capabilities || {};
  const names = (list, key) => (list || []).map((item) => item[key]).join(",");
  return `status=${server.status} transport=${server.transportType} error=${server.error} ` +
    `serverInfo=${JSON.stringify(server.serverInfo)} tools=[${names(caps.tools, "name")}] ` +
    `resources=[${names(caps.resources, "uri")}] templates=[${names(caps.resourceTemplates, "uriTemplate")}] ` +
    `prompts=[${names(caps.prompts, "name")}] authorizationUrl=${server.authorizationUrl ? "yes" : "no"}`;
}

async function probeServer() {
  const { json } = await api("GET", "/servers");
  return (json.servers || []).find((server) => server.name === SERVER);
}

async function signIn() {
  let server = await probeServer();
  if (server?.status !== "unauthorized") return;
  say(`the hub needs a sign-in: ${describe(server)}`);
  const opened = await api("POST", "/servers/authorize", { server_name: SERVER });
  say(`POST /api/servers/authorize -> ${opened.status} ${JSON.stringify(opened.json)}`);
  const started = Date.now();
  while (Date.now() - started < 60000) {
    await sleep(500);
    server = await probeServer();
    if (server?.status === "connected") { say("signed in, the hub connected with its token"); return; }
  }
  say(`no sign-in after 60 s: ${describe(server)}`);
}

async function rest() {
  const server = await probeServer();
  say(`GET /api/servers: ${server ? describe(server) : "no server named probe"}`);
  if (server?.status !== "connected") return;
  const calls = [
    ["/servers/tools", { server_name: SERVER, tool: "failing_tool", arguments: {} }],
    ["/servers/tools", { server_name: SERVER, tool: "structured_result", arguments: {} }],
    ["/servers/resources", { server_name: SERVER, uri: "probe://static/hello" }],
    ["/servers/prompts", { server_name: SERVER, prompt: "probe_prompt", arguments: { topic: "tools" } }],
  ];
  for (const [path, body] of calls) {
    const { status, json } = await api("POST", path, body);
    say(`POST /api${path} ${body.tool || body.uri || body.prompt} -> ${status} ${JSON.stringify(json)}`);
  }
}

async function unified() {
  const app = new Client({ name: "canimcp-hub-app", version: "1.0.0" }, {
    capabilities: { roots: { listChanged: true }, sampling: {}, elicitation: { form: {}, url: {} } },
  });
  app.setRequestHandler(ListRootsRequestSchema, async () => {
    say("roots/list reached the app");
    return { roots: [{ uri: "file:///canimcp-hub-app/root", name: "hub-app" }] };
  });
  app.setRequestHandler(CreateMessageRequestSchema, async () => {
    say("sampling/createMessage reached the app");
    return { role: "assistant", content: { type: "text", text: "canned answer of the hub app" }, model: "canned" };
  });
  app.setRequestHandler(ElicitRequestSchema, async (request) => {
    say(`elicitation/create reached the app (${request.params.mode || "form"})`);
    return { action: "decline" };
  });
  app.setNotificationHandler(LoggingMessageNotificationSchema, (n) => say(`log message reached the app: ${n.params.level}`));
  for (const schema of [ToolListChangedNotificationSchema, ResourceListChangedNotificationSchema, PromptListChangedNotificationSchema]) {
    app.setNotificationHandler(schema, (n) => say(`notification reached the app: ${n.method}`));
  }
  await app.connect(new SSEClientTransport(new URL(`${HUB}/mcp`)));
  say(`initialized with ${JSON.stringify(app.getServerVersion())} capabilities ${JSON.stringify(app.getServerCapabilities())}`);
  say(`the server's instructions reached the app: ${JSON.stringify(app.getInstructions())}`);
  const { tools } = await app.listTools();
  say(`tools: ${tools.map((tool) => tool.name).join(",")}`);
  const prefix = `${SERVER}__`;
  const listed = new Set(tools.filter((t) => t.name.startsWith(prefix)).map((t) => t.name.slice(prefix.length)));
  const structured = tools.find((t) => t.name === `${prefix}structured_result`);
  say(`structured_result as listed: outputSchema=${JSON.stringify(structured?.outputSchema)} annotations=${JSON.stringify(structured?.annotations)}`);
  const listings = [
    ["resources/list", () => app.listResources()],
    ["resources/templates/list", () => app.listResourceTemplates()],
    ["prompts/list", () => app.listPrompts()],
  ];
  for (const [name, call] of listings) {
    try { say(`${name}: ${JSON.stringify(await call())}`); } catch (e) { say(`${name} failed: ${e}`); }
  }
  const call = async (name, args = {}) => {
    try { const result = await app.callTool({ name: prefix + name, arguments: args }); say(`${name}: ${JSON.stringify(result)}`); return result; }
    catch (e) { say(`${name} failed: ${e}`); return { error: String(e) }; }
  };
  // the tools of one era (the same calls as harness/scripts/late_calls.py)
  const late = [
    ["header_echo", { region: "eu-west-1", greeting: "Grüße, MCP" }], ["header_invalid", { filter: { kind: "probe" } }],
    ["header_number", { ratio: 0.5 }], ["task_tool", {}], ["url_gate", {}],
  ];
  for (const [name, args] of late) { if (listed.has(name)) await call(name, args); }
  for (const name of ["failing_tool", "structured_result"]) { if (listed.has(name)) await call(name); }
  for (let i = 0; listed.has("run_scenarios") && i < 4; i++) {
    const result = await call("run_scenarios");
    if (JSON.stringify(result).includes("Scenarios done")) break;
  }
  const more = [
    ["resources/read", () => app.readResource({ uri: `${prefix}probe://static/hello` })],
    ["prompts/get", () => app.getPrompt({ name: `${prefix}probe_prompt`, arguments: { topic: "tools" } })],
    ["completion/complete", () => app.complete({ ref: { type: "ref/prompt", name: `${prefix}probe_prompt` }, argument: { name: "topic", value: "t" } })],
    ["logging/setLevel", () => app.setLoggingLevel("debug")],
  ];
  for (const [name, step] of more) {
    try { say(`${name}: ${JSON.stringify(await step())}`); } catch (e) { say(`${name} failed: ${e}`); }
  }
  // last, as the scripted model does: a hub that does not resume the cut stream leaves this call to the app's timeout
  if (listed.has("dropped_stream")) await call("dropped_stream");
  await sleep(hold);
  try { say(`tools after the hold: ${(await app.listTools()).tools.map((t) => t.name).join(",")}`); } catch (e) { say(String(e)); }
  await app.close();
  say("closed");
}

async function stopHub() {
  if (hub.exitCode === null) {
    process.kill(-hub.pid, "SIGTERM"); // its graceful shutdown: it disconnects its servers
    for (let i = 0; i < 50 && hub.exitCode === null; i++) await sleep(200);
    if (hub.exitCode === null) process.kill(-hub.pid, "SIGKILL");
  }
  const lines = readFileSync(LOG, "utf8").split("\n").filter(Boolean);
  for (const line of lines.filter((l) => /error|warn|authoriz|fall/i.test(l)).slice(-10)) console.error(`hub: ${line.slice(0, 300)}`);
  say(`hub stopped (${hub.exitCode ?? hub.signalCode}), ${lines.length} log lines`);
}

let failed = false;
try {
  await waitReady();
  if (process.env.CANIMCP_AUTH === "1") await signIn();
  await rest();
  await unified();
} catch (e) {
  failed = true;
  say(`failed: ${e?.stack || e}`);
} finally {
  await stopHub();
}
process.exit(failed ? 1 : 0);
