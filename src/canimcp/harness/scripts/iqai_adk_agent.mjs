// An agent of ADK-TS by IQ AI (@iqai/adk) with the probe's tools, as its README and MCP Tools page show one, run for
// one turn against canimcp's scripted model.
//   node iqai_adk_agent.mjs stdio CMD ARGS...   |   node iqai_adk_agent.mjs http URL
// The toolset is the plain script's (iqai_adk_client.mjs: McpToolset with mode "stdio" or "sse", the latter Streamable
// HTTP, default options); its getTools() go to AgentBuilder's withTools, and the agent is AgentBuilder's with a name,
// a model string and nothing else (no instruction), asked one question with ask(), the README's way. The model string
// is an OpenAI one, which ADK's registry gives to its OpenAiLlm: the `openai` package (a dependency of ADK) is made
// with OPENAI_API_KEY (a dummy) and, left to its own defaults, takes its base URL from OPENAI_BASE_URL, here the
// scripted model ($CANIMCP_MODEL_URL/v1, Chat Completions). The answer's text is printed and the toolset closed.
import { AgentBuilder } from "@iqai/adk";
import { toolset } from "./iqai_adk_client.mjs";

process.env.OPENAI_API_KEY = "canimcp-scripted-model";
process.env.OPENAI_BASE_URL = `${process.env.CANIMCP_MODEL_URL}/v1`;
const PROMPT = "Run the probe's scenarios, then report what you find.";

const tools = toolset(process.argv.slice(2));
try {
  const answer = await AgentBuilder.create("probe_agent")
    .withModel("gpt-4o-mini")
    .withTools(...(await tools.getTools()))
    .ask(PROMPT);
  console.log(answer);
} finally {
  await tools.close();
}
