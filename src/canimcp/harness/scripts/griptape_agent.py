"""A Griptape `Agent` with the probe's `MCPTool`, as its documentation shows it, run for one turn against canimcp's
scripted model.

python griptape_agent.py stdio CMD ARGS...   |   python griptape_agent.py http|sse URL
The tool is griptape_client.py's. The model: `OpenAiChatPromptDriver` with the scripted model's URL as `base_url`
($CANIMCP_MODEL_URL/v1) and a dummy key (Chat Completions, the API's own tool calls). One setting is not a default:
the driver's tokenizer. Griptape's default counts with tiktoken, whose encodings are downloaded on first use (for the
conversation memory's pruning), which a sandbox with no route out cannot do; the script gives it Griptape's
`SimpleTokenizer` instead, which only decides when the memory is pruned. One `run` of one user turn; its output is
printed.
"""

import os

from griptape.drivers.prompt.openai import OpenAiChatPromptDriver
from griptape.structures import Agent
from griptape.tokenizers import SimpleTokenizer
from griptape_client import probe_tool  # the plain script, shipped beside this one

driver = OpenAiChatPromptDriver(
    model="canimcp-scripted",
    base_url=f"{os.environ['CANIMCP_MODEL_URL']}/v1",
    api_key="canimcp-scripted-model",
    tokenizer=SimpleTokenizer(characters_per_token=4, max_input_tokens=128000, max_output_tokens=4096),
)
agent = Agent(prompt_driver=driver, tools=[probe_tool()])
print(agent.run("Run the probe's scenarios, then report what you find.").output.to_text())
