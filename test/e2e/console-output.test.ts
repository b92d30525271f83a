// Nothing but the bridge's own log lines reaches its output. The real ChatOpenAI builds an
// AIMessage whose tool calls are all invalid when a model's arguments are not JSON, and
// @langchain/core then prints "New LangChain packages are available…" with console.warn
// (dist/messages/ai.js). Heard here from the built bridge as a process, with the OpenAI client
// against a fake of OpenAI's API: that text reaches the log only as a debug line of the bridge's
// own, and not at all at the default level.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBridgeProcess, type BridgeProcess } from "../support/bridge-process.js";
import { providerOptions, startFakeLlm, type FakeLlm } from "../support/llm/server.js";

const LANGCHAIN = "New LangChain packages are available";

/** A reply whose one tool call has arguments that are not JSON: ChatOpenAI makes it invalid. */
const invalidOnly = {
  native: {
    role: "assistant",
    content: null,
    tool_calls: [
      {
        id: "call_1",
        type: "function",
        function: { name: "get_datetime", arguments: "{'when': now" },
      },
    ],
  },
};

let llm: FakeLlm;
beforeAll(async () => {
  llm = await startFakeLlm({
    script: (request) =>
      request.toolResults.length || request.userText?.includes("markup") ? "Done." : invalidOnly,
  });
});
afterAll(async () => llm?.close());

/** One of the bridge's log lines: pino JSON, or the plain line the add-on log shows. */
function isOwnLine(line: string): boolean {
  if (/^\[\d\d:\d\d:\d\d\.\d{3}\] (TRACE|DEBUG|INFO|WARN|ERROR|FATAL): /.test(line)) return true;
  // The start-up summary's and an error stack's indented lines belong to the line above them.
  if (/^\s+\S/.test(line)) return true;
  try {
    const entry = JSON.parse(line) as { level?: unknown; msg?: unknown };
    return typeof entry.level === "number" && typeof entry.msg === "string";
  } catch {
    return false;
  }
}

async function converseWith(bridge: BridgeProcess): Promise<void> {
  const response = await fetch(`${bridge.apiUrl}/api/conversation`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ text: "tell me something nice about my lamps" }),
  });
  expect(response.status).toBe(200);
  await response.json();
}

describe.each([
  ["the add-on's plain lines", {}],
  ["JSON lines (LOG_FORMAT=json)", { LOG_FORMAT: "json" }],
])("the bridge's output, %s", (_, env) => {
  let bridge: BridgeProcess;
  afterAll(async () => bridge?.stop());

  it("at log_level debug, LangChain's console warning is one debug line of the bridge's own", async () => {
    bridge = await startBridgeProcess({ ...providerOptions("openai", llm), log_level: "debug" }, env);
    const asked = llm.requests.length;
    await converseWith(bridge);
    expect(llm.requests.length).toBeGreaterThan(asked);
    await bridge.waitForLog(LANGCHAIN);
    await bridge.stop();
    const lines = bridge.output().split("\n").filter(Boolean);
    expect(lines.filter((line) => !isOwnLine(line))).toEqual([]);
    const warning = lines.filter((line) => line.includes(LANGCHAIN));
    expect(warning.length).toBeGreaterThan(0);
    for (const line of warning) expect(line).toMatch(/DEBUG|"level":20/);
  });

  it("at the default level, it does not appear at all", async () => {
    bridge = await startBridgeProcess(providerOptions("openai", llm), env);
    const asked = llm.requests.length;
    await converseWith(bridge);
    expect(llm.requests.length).toBeGreaterThan(asked);
    await bridge.stop();
    const output = bridge.output();
    expect(output).not.toContain(LANGCHAIN);
    expect(output.split("\n").filter((line) => line && !isOwnLine(line))).toEqual([]);
  });
});
