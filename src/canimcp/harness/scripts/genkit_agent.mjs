// A Genkit agent turn: ai.generate() with the tools of Genkit's MCP plugin (@genkit-ai/mcp), as their
// documentation shows them: defaults only.
//   node genkit_agent.mjs stdio CMD ARGS...   |   node genkit_agent.mjs http URL
// The MCP connection is genkit_client.mjs's: createMcpHost with the probe as its one server (command and args, or a
// URL), its tools from getActiveTools(ai) (named probe/<tool>) handed to generate() as they are. The model comes from
// the OpenAI-compatible plugin (@genkit-ai/compat-oai's openAICompatible, named "scripted"), pointed at the scripted
// model (CANIMCP_MODEL_URL, a dummy key): the Chat Completions API. One user turn, with maxTurns allowing about 12
// tool calls; its final text is printed. Needs, beside @genkit-ai/mcp and genkit: @genkit-ai/compat-oai.
import { openAICompatible } from "@genkit-ai/compat-oai";
import { createMcpHost } from "@genkit-ai/mcp";
import { genkit } from "genkit";

const [kind, target, ...args] = process.argv.slice(2);
const probe = kind === "stdio" ? { command: target, args } : { url: target };
const host = createMcpHost({ mcpServers: { probe } });
const scripted = openAICompatible({
  name: "scripted",
  baseURL: `${process.env.CANIMCP_MODEL_URL}/v1`,
  apiKey: "canimcp-scripted-model",
});
const ai = genkit({ plugins: [scripted] });
try {
  const { text } = await ai.generate({
    model: "scripted/canimcp-scripted",
    tools: await host.getActiveTools(ai),
    maxTurns: 16,
    prompt: "Run the probe's scenarios, then report what you find.",
  });
  console.log(text);
} finally {
  await host.close();
}
