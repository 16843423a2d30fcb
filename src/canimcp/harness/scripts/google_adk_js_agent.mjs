// An agent on Google's ADK for TypeScript (@google/adk) with the probe as its MCP server, as ADK's MCP page shows it,
// run for one turn by ADK's InMemoryRunner against canimcp's scripted model.
//   node google_adk_js_agent.mjs stdio CMD ARGS...   |   node google_adk_js_agent.mjs http URL
// The toolset is the plain script's (google_adk_js_client.mjs: MCPToolset with StdioConnectionParams or
// StreamableHTTPConnectionParams, default options) in the `tools` of an LlmAgent with a name and a model string and
// nothing else (no instruction). The model string is a Gemini one, as on ADK's pages, which ADK's registry turns into
// its own Gemini class on @google/genai (a dependency of ADK): its key comes from GEMINI_API_KEY (a dummy) and
// @google/genai takes its base URL from GOOGLE_GEMINI_BASE_URL, here the scripted model ($CANIMCP_MODEL_URL;
// /v1beta/models/M:generateContent, harness/model.py). The runner's session is made first, as ADK's pages do; one user
// message is run with the default run config (up to 500 model calls, no streaming); the final response's text is
// printed and the toolset closed.
import { InMemoryRunner, LlmAgent, isFinalResponse } from "@google/adk";
import { toolset } from "./google_adk_js_client.mjs";

process.env.GEMINI_API_KEY = "canimcp-scripted-model";
process.env.GOOGLE_GEMINI_BASE_URL = process.env.CANIMCP_MODEL_URL;
const PROMPT = "Run the probe's scenarios, then report what you find.";

const tools = toolset(process.argv.slice(2));
try {
  const agent = new LlmAgent({ name: "probe_agent", model: "gemini-2.5-flash", tools: [tools] });
  const runner = new InMemoryRunner({ agent });
  const session = await runner.sessionService.createSession({ appName: runner.appName, userId: "probe" });
  let final = "";
  for await (const event of runner.runAsync({
    userId: "probe", sessionId: session.id, newMessage: { role: "user", parts: [{ text: PROMPT }] },
  })) {
    if (isFinalResponse(event) && event.content?.parts) {
      final = event.content.parts.map((part) => part.text || "").join("");
    }
  }
  console.log(final);
} finally {
  await tools.close();
}
