// A plain run of Cloudflare's Agents SDK (npm `agents`), whose MCP client lives inside an Agent, a Durable Object: it
// runs only in a Worker, so this script is the developer at the terminal and the app's user at once.
//   node cloudflare_agents_client.mjs http|sse URL
// It writes a Worker project into the working folder as the SDK's Getting Started page lays one out (wrangler.jsonc
// with the Agent class as a SQLite Durable Object and nodejs_compat, src/server.ts: cloudflare_agents_worker.ts,
// copied beside this script), with node_modules pointing at the install, starts `wrangler dev --local` on loopback
// (no account, no login: a local Worker needs none; metrics and the Request.cf download off, since nothing outside
// can be reached), and, once it answers, drives the Agent with HTTP requests: connect (addMcpServer), the session
// (the probe's tools through getAITools(), a resource read, a prompt got), a hold of CANIMCP_HOLD_SECONDS with the
// connection open, status (getMcpServers, once the connections a woken Agent restores have settled), and close
// (removeMcpServer), then stops wrangler. Over SSE the Agent names the transport
// (`transport: { type: "sse" }`); over Streamable HTTP it takes the default ("auto").
// With CANIMCP_AUTH=1 (HTTP) the sign-in is the SDK's own: addMcpServer answers `authenticating` with an
// authorization URL (the Agent's OAuth provider registered a client whose callback is the Agent's own
// /agents/my-agent/default/callback), which goes to $BROWSER, the person who approves; the Agent's MCP client takes the
// callback, exchanges the code and connects in the background, and the script waits for the server to be ready.
import { spawn } from "node:child_process";
import { copyFileSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const PORT = 8787; // wrangler dev's default port, inside the run's own network namespace
const BASE = `http://127.0.0.1:${PORT}`;
const AGENT = `${BASE}/agents/my-agent/default`; // routeAgentRequest: /agents/<class in kebab case>/<instance name>
const here = dirname(fileURLToPath(import.meta.url));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const say = (text) => console.error(text);

function writeProject(worker, vars) {
  const project = join(process.cwd(), "worker");
  mkdirSync(join(project, "src"), { recursive: true });
  const config = {
    name: "canimcp-agent",
    main: "src/server.ts",
    compatibility_date: "2025-01-01",
    compatibility_flags: ["nodejs_compat"],
    durable_objects: { bindings: [{ name: "MyAgent", class_name: "MyAgent" }] },
    migrations: [{ tag: "v1", new_sqlite_classes: ["MyAgent"] }],
    ...(vars ? { vars } : {}),
  };
  writeFileSync(join(project, "wrangler.jsonc"), JSON.stringify(config, null, 2));
  copyFileSync(join(here, worker), join(project, "src", "server.ts"));
  symlinkSync(join(here, "node_modules"), join(project, "node_modules"));
  return project;
}

function startWrangler(project) {
  const argv = ["dev", "--local", "--ip", "127.0.0.1", "--port", String(PORT), "--show-interactive-dev-session=false"];
  const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" };
  const wrangler = spawn(join(project, "node_modules", ".bin", "wrangler"), argv, {
    cwd: project, env, detached: true, stdio: ["ignore", "pipe", "pipe"],
  });
  for (const stream of [wrangler.stdout, wrangler.stderr]) {
    stream.on("data", (chunk) => process.stderr.write(`[wrangler] ${chunk}`));
  }
  return wrangler;
}

async function call(action, body) {
  const response = await fetch(`${AGENT}/${action}`, body === undefined
    ? {}
    : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const text = await response.text();
  say(`${action} ${response.status}: ${text.slice(0, 1500)}`);
  try { return JSON.parse(text); } catch { return { error: text }; }
}

async function waitFor(check, seconds, what) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    try { if (await check()) { return true; } } catch { /* not yet */ }
    await sleep(500);
  }
  say(`gave up waiting for ${what}`);
  return false;
}

// the probe's entry in getMcpServers(), whatever id addMcpServer gave it
const probeServer = (servers) => Object.entries(servers?.servers ?? {}).find(([, s]) => s.name === "probe");

export async function run({ worker, vars, use }) {
  const [kind, target] = process.argv.slice(2);
  const hold = Number(process.env.CANIMCP_HOLD_SECONDS || "8") * 1000;
  const wrangler = startWrangler(writeProject(worker, vars));
  try {
    if (!await waitFor(async () => (await fetch(BASE)).status > 0, 90, "wrangler dev")) { return 1; }
    const connected = await call("connect", { url: target, transport: kind });
    let id = connected.result?.id;
    if (connected.result?.state === "authenticating") {
      if (process.env.CANIMCP_AUTH !== "1" || !process.env.BROWSER) { return 1; }
      spawn(process.env.BROWSER, [connected.result.authUrl], { stdio: "inherit" });
      await waitFor(async () => {
        const entry = probeServer(await (await fetch(`${AGENT}/status`)).json());
        return entry && ["ready", "failed"].includes(entry[1].state);
      }, 60, "the sign-in");
      id = probeServer(await call("status"))?.[0];
    }
    if (!id) { return 1; }
    await use(id, call);
    await sleep(hold);
    // the app's user comes back: an Agent left idle may have been evicted, and wakes restoring its connections
    await call("status");
    await call("close", { id });
    return 0;
  } finally {
    try { process.kill(-wrangler.pid, "SIGTERM"); } catch { /* gone */ }
    await sleep(1000);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  // CANIMCP_ELICITATION_HANDLERS=1 (reports made by hand only) has the Agent configure elicitation handlers
  const handlers = process.env.CANIMCP_ELICITATION_HANDLERS === "1";
  process.exitCode = await run({
    worker: "cloudflare_agents_worker.ts",
    vars: handlers ? { CANIMCP_ELICITATION_HANDLERS: "1" } : undefined,
    use: async (id, post) => {
      const { log = [] } = await post("session", { id });
      for (const line of log) { say(line); }
    },
  });
}
