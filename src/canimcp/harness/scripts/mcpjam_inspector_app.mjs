// MCPJam Inspector (npm `@mcpjam/inspector`) as its README starts it, `inspector` (what `npx @mcpjam/inspector` runs),
// driven through the local HTTP API its web UI calls, with this script in the place of the browser:
//   node mcpjam_inspector_app.mjs stdio CMD ARGS...   |   node mcpjam_inspector_app.mjs http|sse URL
// The inspector starts on its default port, 6274 (its server binds every address, not only loopback; it runs only in
// the run's network namespace). The script waits for /health, then does what a person does in the UI:
// - "Add server": POST /api/mcp/connect with the config the dialog builds: the server's name (`probe`), its
//   command line split at spaces (stdio) or its URL with no headers and no authentication (http; the /sse URL in an
//   sse run, which the inspector's client takes for the legacy transport), and the dialog's default request timeout
//   of 10000 ms;
// - the Tools tab: POST /api/mcp/tools/list, then POST /api/mcp/tools/execute for failing_tool and structured_result,
//   answering any elicitation the call raises (202 elicitation_required) through /api/mcp/tools/respond;
// - the Resources tab (list, read the first resource) and the Prompts tab (list, get probe_prompt);
// - the Chat tab (the LLM playground): it opens /api/mcp/elicitation/stream as the tab does, and sends one user
//   message to POST /api/mcp/chat-v2 with the model OpenAI's `gpt-4.1` and a placeholder key, the probe selected.
//   The inspector's AI SDK OpenAI provider reads OPENAI_BASE_URL, which the script sets to the scripted model
//   ($CANIMCP_MODEL_URL/v1, the Responses API); the scripted model calls the probe's tools through the inspector.
//   Each elicitation that reaches the stream is accepted with a filled-in form (POST /api/mcp/elicitation/respond).
// Then it holds for CANIMCP_HOLD_SECONDS while the probe changes its lists, removes the server (DELETE
// /api/mcp/servers/probe, which disconnects it) and stops the inspector.
import { spawn } from "node:child_process";
import { openSync, readFileSync } from "node:fs";

const hold = Number(process.env.CANIMCP_HOLD_SECONDS || "8") * 1000;
const [kind, target, ...args] = process.argv.slice(2);
const BASE = "http://127.0.0.1:6274"; // the inspector's default port
const SERVER = "probe";
const LOG = "mcpjam-inspector.log";
const say = (what) => console.error(`app: ${String(what).slice(0, 600)}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const env = { ...process.env };
if (process.env.CANIMCP_MODEL_URL) env.OPENAI_BASE_URL = `${process.env.CANIMCP_MODEL_URL}/v1`;
const out = openSync(LOG, "w");
const inspector = spawn("inspector", [], { stdio: ["ignore", out, out], detached: true, env });

async function api(method, path, body) {
  const response = await fetch(`${BASE}${path}`, {
    method, headers: body ? { "content-type": "application/json" } : {}, body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  try { return { status: response.status, json: JSON.parse(text) }; } catch { return { status: response.status, json: text }; }
}

async function waitReady(seconds = 90) {
  const started = Date.now();
  while (Date.now() - started < seconds * 1000) {
    if (inspector.exitCode !== null) throw new Error(`the inspector exited with ${inspector.exitCode}`);
    try {
      const { status } = await api("GET", "/health");
      if (status === 200) { say(`inspector ready after ${(Date.now() - started) / 1000} s`); return; }
    } catch { /* not listening yet */ }
    await sleep(300);
  }
  throw new Error("the inspector did not answer /health in time");
}

// what a person types into a form the server asks for: the first choice, a number, yes, or a short text
function fill(schema) {
  const content = {};
  for (const [name, prop] of Object.entries(schema?.properties || {})) {
    if (Array.isArray(prop.enum)) content[name] = prop.enum[0];
    else if (Array.isArray(prop.oneOf)) content[name] = prop.oneOf[0]?.const;
    else if (prop.type === "number" || prop.type === "integer") content[name] = prop.minimum ?? 1;
    else if (prop.type === "boolean") content[name] = true;
    else content[name] = prop.default ?? "canimcp";
  }
  return content;
}

async function execute(toolName, parameters = {}) {
  let reply = await api("POST", "/api/mcp/tools/execute", { serverId: SERVER, toolName, parameters });
  for (let i = 0; i < 5 && reply.json?.status === "elicitation_required"; i++) {
    const request = reply.json.request || {};
    say(`${toolName}: the server asks (${request.mode || "form"}): ${JSON.stringify(request)}`);
    const response = { action: "accept", content: fill(request.requestedSchema) };
    reply = await api("POST", "/api/mcp/tools/respond", { requestId: reply.json.requestId, response });
  }
  say(`tools/execute ${toolName} -> ${reply.status} ${JSON.stringify(reply.json)}`);
  return reply;
}

async function tabs() {
  const config = kind === "stdio"
    ? { timeout: 10000, command: target, args, env: {} }
    : { timeout: 10000, url: target, requestInit: { headers: {} } };
  const connected = await api("POST", "/api/mcp/connect", { serverConfig: config, serverId: SERVER });
  say(`POST /api/mcp/connect -> ${connected.status} ${JSON.stringify(connected.json)}`);
  if (!connected.json?.success) throw new Error("the inspector did not connect");
  const listed = await api("POST", "/api/mcp/tools/list", { serverId: SERVER });
  say(`tools/list -> ${listed.status} ${(listed.json?.tools || []).map((t) => t.name).join(",")}`);
  for (const name of ["failing_tool", "structured_result"]) await execute(name);
  const resources = await api("POST", "/api/mcp/resources/list", { serverId: SERVER });
  say(`resources/list -> ${resources.status} ${JSON.stringify(resources.json).slice(0, 300)}`);
  const first = resources.json?.resources?.[0]?.uri;
  if (first) {
    const read = await api("POST", "/api/mcp/resources/read", { serverId: SERVER, uri: first });
    say(`resources/read ${first} -> ${read.status} ${JSON.stringify(read.json)}`);
  }
  const prompts = await api("POST", "/api/mcp/prompts/list", { serverId: SERVER });
  say(`prompts/list -> ${prompts.status} ${JSON.stringify(prompts.json).slice(0, 300)}`);
  const prompt = (prompts.json?.prompts || []).find((p) => p.name === "probe_prompt") || prompts.json?.prompts?.[0];
  if (prompt) {
    const argsOf = Object.fromEntries((prompt.arguments || []).map((a) => [a.name, "tools"]));
    const got = await api("POST", "/api/mcp/prompts/get", { serverId: SERVER, name: prompt.name, args: argsOf });
    say(`prompts/get ${prompt.name} -> ${got.status} ${JSON.stringify(got.json)}`);
  }
}

// the Chat tab's EventSource on /api/mcp/elicitation/stream, with the tab's dialog answered as a person would
async function elicitations(signal) {
  const response = await fetch(`${BASE}/api/mcp/elicitation/stream`, { signal });
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let cut;
      while ((cut = buffer.indexOf("\n\n")) >= 0) {
        const event = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const data = event.split("\n").filter((l) => l.startsWith("data: ")).map((l) => l.slice(6)).join("\n");
        if (!data) continue;
        const parsed = JSON.parse(data);
        if (parsed.type !== "elicitation_request") continue;
        say(`chat: the server asks: ${JSON.stringify(parsed)}`);
        const answer = await api("POST", "/api/mcp/elicitation/respond",
          { requestId: parsed.requestId, action: "accept", content: fill(parsed.schema) });
        say(`elicitation/respond -> ${answer.status} ${JSON.stringify(answer.json)}`);
      }
    }
  } catch (e) { if (!signal.aborted) say(`elicitation stream ended: ${e}`); }
}

async function chat() {
  if (!process.env.CANIMCP_MODEL_URL) return;
  const stop = new AbortController();
  const listening = elicitations(stop.signal);
  await sleep(300);
  const body = {
    messages: [{ id: "m1", role: "user", parts: [{ type: "text", text: "Use the probe's tools." }] }],
    model: { id: "gpt-4.1", name: "GPT-4.1", provider: "openai" },
    apiKey: "placeholder-openai-key",
    temperature: 0.7,
    systemPrompt: "You are a helpful assistant with access to MCP tools.",
    selectedServers: [SERVER],
  };
  const response = await fetch(`${BASE}/api/mcp/chat-v2`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  });
  const text = await response.text();
  const events = text.split("\n").filter((l) => l.startsWith("data: ")).map((l) => l.slice(6));
  say(`chat-v2 -> ${response.status}, ${events.length} events`);
  for (const event of events) {
    if (/tool-input-available|tool-output-available|tool-output-error|"error"|text-delta/.test(event)) say(`chat: ${event}`);
  }
  stop.abort();
  await listening.catch(() => {});
}

async function stopInspector() {
  if (inspector.exitCode === null) {
    process.kill(-inspector.pid, "SIGTERM");
    for (let i = 0; i < 50 && inspector.exitCode === null; i++) await sleep(200);
    if (inspector.exitCode === null) process.kill(-inspector.pid, "SIGKILL");
  }
  const lines = readFileSync(LOG, "utf8").split("\n").filter(Boolean);
  for (const line of lines.filter((l) => /error|warn|fail|sentry|posthog|open/i.test(l)).slice(-15)) console.error(`inspector: ${line.slice(0, 300)}`);
  say(`inspector stopped (${inspector.exitCode ?? inspector.signalCode}), ${lines.length} log lines`);
}

let failed = false;
try {
  await waitReady();
  await tabs();
  await chat();
  await sleep(hold);
  const after = await api("POST", "/api/mcp/tools/list", { serverId: SERVER });
  say(`tools after the hold: ${(after.json?.tools || []).map((t) => t.name).join(",")}`);
  const removed = await api("DELETE", `/api/mcp/servers/${SERVER}`);
  say(`DELETE /api/mcp/servers/${SERVER} -> ${removed.status} ${JSON.stringify(removed.json)}`);
} catch (e) {
  failed = true;
  say(`failed: ${e?.stack || e}`);
} finally {
  await stopInspector();
}
process.exit(failed ? 1 : 0);
