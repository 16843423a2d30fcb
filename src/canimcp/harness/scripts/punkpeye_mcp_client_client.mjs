// A plain app on punkpeye's mcp-client (npm `mcp-client`), written the way its README shows the MCPClient class:
//   node punkpeye_mcp_client_client.mjs stdio CMD ARGS... | node punkpeye_mcp_client_client.mjs http|sse URL
// The app names itself in the constructor and passes nothing else (the README's `new MCPClient({ name, version })`),
// so the client declares no capability and sets no handler for the probe's roots, sampling or elicitation requests:
// the class has no method for them. What an app can take from the server is its log messages, through the README's
// `on("loggingMessage")`, and the script listens to them. connect() gets `type: "stdio"` with a command and args
// (no `env`: the class then gives the server the SDK's default environment), `type: "httpStream"` with the URL, or
// `type: "sse"` with the URL, the three shapes of the README. Then, one README call after another: ping, the logging
// level, every tool, the probe's run_scenarios (up to four calls, until one completes without isError), the probe's
// tools of one era where listed (the Mcp-Param header tools, task_tool, url_gate, dropped_stream), every resource and
// the first one read, every resource template, every prompt and the first one got, one completion of that prompt's
// argument. It stays a while and closes.
import { MCPClient } from "mcp-client";

const hold = Number(process.env.CANIMCP_HOLD_SECONDS || "8") * 1000;
const [kind, target, ...args] = process.argv.slice(2);
const show = (label, value) => console.error(label, JSON.stringify(value)?.slice(0, 300));
const step = async (label, call) => {
  try {
    const value = await call();
    show(label, value);
    return value;
  } catch (e) {
    console.error(`${label}: ${e}`);
    return undefined;
  }
};

const client = new MCPClient({ name: "canimcp-harness-mcp-client", version: "1.0.0" });
client.on("loggingMessage", (message) => show("loggingMessage", message));
await client.connect(
  kind === "stdio"
    ? { type: "stdio", command: target, args }
    : kind === "sse" ? { type: "sse", url: target } : { type: "httpStream", url: target },
);
try {
  await step("ping", () => client.ping());
  await step("setLoggingLevel", () => client.setLoggingLevel("debug"));
  const tools = (await step("getAllTools", () => client.getAllTools())) ?? [];
  const listed = new Set(tools.map((tool) => tool.name));
  for (let i = 0; listed.has("run_scenarios") && i < 4; i++) {
    const result = await step("run_scenarios", () => client.callTool({ name: "run_scenarios", arguments: {} }));
    if (result && !result.isError) { break; }
  }
  // 2026-07-28: the Mcp-Param header tools; 2025-11-25: task_tool (task support "required"), url_gate (-32042 until
  // a URL elicitation is complete); dropped_stream's stream is cut after its first event over Streamable HTTP
  const late = [
    ["header_echo", { region: "eu-west-1", greeting: "Grüße, MCP" }],
    ["header_invalid", { filter: { kind: "probe" } }],
    ["header_number", { ratio: 0.5 }],
    ["task_tool", {}],
    ["url_gate", {}],
    ["dropped_stream", {}],
  ];
  for (const [name, input] of late) {
    if (listed.has(name)) {
      await step(name, () => client.callTool({ name, arguments: input }));
    }
  }
  const resources = (await step("getAllResources", () => client.getAllResources())) ?? [];
  if (resources.length) {
    await step(`getResource ${resources[0].uri}`, () => client.getResource({ uri: resources[0].uri }));
  }
  await step("getAllResourceTemplates", () => client.getAllResourceTemplates());
  const prompts = (await step("getAllPrompts", () => client.getAllPrompts())) ?? [];
  if (prompts.length) {
    const prompt = prompts[0];
    const argument = prompt.arguments?.[0];
    const promptArgs = argument ? { [argument.name]: "roots" } : {};
    await step(`getPrompt ${prompt.name}`, () => client.getPrompt({ name: prompt.name, arguments: promptArgs }));
    if (argument) {
      await step("complete", () => client.complete({
        ref: { type: "ref/prompt", name: prompt.name },
        argument: { name: argument.name, value: "r" },
      }));
    }
  }
  await new Promise((resolve) => setTimeout(resolve, hold));
} finally {
  await client.close();
}
