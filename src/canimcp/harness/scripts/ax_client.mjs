// A plain client on Ax's AxMCPClient (@ax-llm/ax), as its MCP guide (the package's skills/ax-mcp.md) shows it.
//   node ax_client.mjs stdio CMD ARGS... | node ax_client.mjs http|sse URL
// Transports: AxMCPStdioTransport of @ax-llm/ax-tools ({ command, args }) for stdio, AxMCPStreamableHTTPTransport
// for Streamable HTTP and AxMCPHTTPSSETransport for the legacy SSE transport. The HTTP transports refuse plain HTTP
// and loopback hosts unless told otherwise; the guide says a local endpoint opts in with
// `ssrfProtection: { allowHTTP: true, allowLoopback: true }`, which is the one option given. The client gets only
// the namespace the guide asks every client to have; era stays 'auto', and no roots, sampling or elicitation handler
// is set (so the client declares none). init() connects; inspectCatalog() lists; the script calls run_scenarios (up
// to four times, until a call completes without isError), then task_tool, url_gate and dropped_stream where the
// probe lists them, gets the first prompt, reads the first resource, stays a while and closes (stdio: terminate()).
import { AxMCPClient, AxMCPHTTPSSETransport, AxMCPStreamableHTTPTransport } from "@ax-llm/ax";
import { AxMCPStdioTransport } from "@ax-llm/ax-tools";

const hold = Number(process.env.CANIMCP_HOLD_SECONDS || "8") * 1000;
const [kind, target, ...args] = process.argv.slice(2);
const local = { ssrfProtection: { allowHTTP: true, allowLoopback: true } };
const transport = kind === "stdio"
  ? new AxMCPStdioTransport({ command: target, args })
  : kind === "sse" ? new AxMCPHTTPSSETransport(target, local) : new AxMCPStreamableHTTPTransport(target, local);
const client = new AxMCPClient(transport, { namespace: "probe" });
const show = (label, value) => console.error(label, JSON.stringify(value)?.slice(0, 300));
try {
  await client.init();
  const catalog = await client.inspectCatalog();
  console.error(`era ${client.getEra()} protocol ${client.getProtocolVersion()} tools ${catalog.tools.map((t) => t.name)}`);
  const listed = (name) => catalog.tools.some((tool) => tool.name === name);
  for (let i = 0; listed("run_scenarios") && i < 4; i++) {
    try {
      const result = await client.callTool("run_scenarios", {});
      show("run_scenarios", result);
      if (!result?.isError) { break; }
    } catch (e) { console.error(`run_scenarios: ${e}`); }
  }
  // 2025-11-25: task_tool's taskSupport is "required"; url_gate is refused with -32042 until a URL elicitation is
  // complete; dropped_stream's stream is cut after its first event over Streamable HTTP
  for (const name of ["task_tool", "url_gate", "dropped_stream"]) {
    if (!listed(name)) { continue; }
    try { show(name, await client.callTool(name, {})); } catch (e) { console.error(`${name}: ${e}`); }
  }
  if (catalog.prompts.length) {
    const prompt = catalog.prompts[0];
    const promptArgs = Object.fromEntries((prompt.arguments ?? []).map((a) => [a.name, "canimcp"]));
    try { show(`prompt ${prompt.name}`, await client.getPrompt(prompt.name, promptArgs)); } catch (e) { console.error(`prompt: ${e}`); }
  }
  if (catalog.resources.length) {
    const uri = catalog.resources[0].uri;
    try { show(`resource ${uri}`, await client.readResource(uri)); } catch (e) { console.error(`resource: ${e}`); }
  }
  await new Promise((resolve) => setTimeout(resolve, hold));
} finally {
  await client.close().catch((e) => console.error(`close: ${e}`));
  await transport.terminate?.();
}
