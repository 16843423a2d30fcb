// An Ax program (`ax()` of @ax-llm/ax) with AxMCPClient attached, as the package's MCP guide shows it, run for one
// question against canimcp's scripted model.
//   node ax_agent.mjs stdio CMD ARGS... | node ax_agent.mjs http|sse URL
// The MCP connection is ax_client.mjs's (namespace "probe", era 'auto', no handlers, loopback allowed over HTTP). The
// client goes in the program's `mcp` option, never in `functions`, as the guide insists; Ax initialises it and offers
// its tools to the model natively. The model is AxAIOpenAI (Chat Completions) with `apiURL` $CANIMCP_MODEL_URL/v1
// and the model `canimcp-scripted`. One forward() of the signature `question:string -> answer:string`; its output is
// printed, then the client is closed.
import { AxAIOpenAI, AxMCPClient, AxMCPHTTPSSETransport, AxMCPStreamableHTTPTransport, ax } from "@ax-llm/ax";
import { AxMCPStdioTransport } from "@ax-llm/ax-tools";

const [kind, target, ...args] = process.argv.slice(2);
const local = { ssrfProtection: { allowHTTP: true, allowLoopback: true } };
const transport = kind === "stdio"
  ? new AxMCPStdioTransport({ command: target, args })
  : kind === "sse" ? new AxMCPHTTPSSETransport(target, local) : new AxMCPStreamableHTTPTransport(target, local);
const client = new AxMCPClient(transport, { namespace: "probe" });
const llm = new AxAIOpenAI({
  apiKey: "canimcp-scripted-model",
  apiURL: `${process.env.CANIMCP_MODEL_URL}/v1`,
  config: { model: "canimcp-scripted" },
});
try {
  const program = ax("question:string -> answer:string", { mcp: client });
  const result = await program.forward(llm, { question: "Run the probe's scenarios, then report what you find." });
  console.log(JSON.stringify(result).slice(0, 2000));
} finally {
  await client.close().catch((e) => console.error(`close: ${e}`));
  await transport.terminate?.();
}
