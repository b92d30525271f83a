// Fault: the LLM provider fails in the ways providers do: HTTP 500s, no answer in time, a body
// that is not JSON, a call to a tool that does not exist, or nothing listening at all. The user
// hears a short apology that names the problem, and the local fast path keeps working.
import { GRAMMARS } from "../../src/understanding/grammar.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBridgeProcess, type BridgeProcess } from "../support/bridge-process.js";
import { freePort } from "../support/free-port.js";
import { startFakeLlm, type FakeLlm, type FakeLlmRequest, type FakeReply } from "../support/llm/server.js";
import { converse, type ConversationOutcome } from "../support/wyoming-client.js";

const en = GRAMMARS.en!.replies;

let llm: FakeLlm;

/** Each sentence picks its failure, so turns can run side by side. */
const script = (request: FakeLlmRequest): FakeReply => {
  const text = request.userText ?? "";
  const lastResult = request.toolResults.at(-1);
  if (lastResult) return `I could not do that: ${lastResult.content}`;
  if (text.includes("pod bay")) return { toolCalls: [{ name: "open_pod_bay_doors", args: { all: true } }] };
  if (text.includes("broken"))
    return { raw: '{"id": "msg_1", "content": [', contentType: "application/json" };
  if (text.includes("slow")) return { text: "Much too late.", delayMs: 60_000 };
  return { status: 500, message: "overloaded" };
};

beforeAll(async () => {
  llm = await startFakeLlm({ script });
});

afterAll(async () => {
  await llm?.close();
});

describe("a provider that answers badly", () => {
  let bridge: BridgeProcess;
  let slowTurn: Promise<ConversationOutcome>;

  beforeAll(async () => {
    // No mqtt_url: the embedded broker and simulated gateway provide Switch One.
    bridge = await startBridgeProcess({
      llm_provider: "anthropic",
      llm_base_url: llm.url,
      llm_api_key: "sk-ant-fault-test",
    });
    await bridge.waitForLog("MCP server 'zwave' is up");
    // The slow turn takes the whole turn timeout; it runs while the other tests do.
    slowTurn = say("Write me a slow poem");
  });

  afterAll(async () => bridge?.stop());

  const say = (text: string) => converse("127.0.0.1", bridge.wyomingPort, { text, language: "en" });

  it("HTTP 500: says the language model is busy, and the log says why", async () => {
    const outcome = await say("Tell me a joke");
    expect(outcome.event?.type).toBe("not-handled");
    expect(outcome.response.speech).toBe(en.agent.modelBusy);
    // The log names the provider, its host, the model and the provider's own words.
    await bridge.waitForLog(
      /language model request failed: anthropic at 127\.0\.0\.1:\d+, model claude-haiku-4-5: HTTP 500: overloaded/,
    );
  });

  it("a body that is not JSON: says the language model failed", async () => {
    const outcome = await say("Say something broken");
    expect(outcome.event?.type).toBe("not-handled");
    expect(outcome.response.speech).toBe(en.agent.modelFailed);
  });

  it("a call to a tool that does not exist: the model is told so, and the user hears its answer", async () => {
    const outcome = await say("Open the pod bay doors");
    expect(outcome.response.speech).toMatch(
      /^I could not do that: Error: Unknown tool 'open_pod_bay_doors'\./,
    );
    const toolResult = llm.requests.at(-1)?.toolResults.at(-1)?.content ?? "";
    expect(toolResult).toMatch(/The closest tools are: \w+/);
  });

  it("while the provider fails, the fast path still turns on Switch One", async () => {
    const before = llm.requests.length;
    const outcome = await say("Turn on Switch One");
    expect(outcome.response.speech).toBe("Turned on Switch One.");
    expect(llm.requests.length).toBe(before);
  });

  it("no answer in time: the agent gives up and says the model did not answer", async () => {
    const outcome = await slowTurn;
    // The agent's own words, not the Wyoming backstop's "that took too long": its turn timeout fired.
    expect(outcome.event?.type).toBe("not-handled");
    expect(outcome.response.speech).toBe(en.agent.tookTooLong);
    expect(bridge.output()).toMatch(/language model request failed: .*: no answer in time after \d+\.\d s/);
  }, 60_000);
});

describe("a provider that is not there at all", () => {
  let bridge: BridgeProcess;
  beforeAll(async () => {
    const nobody = await freePort();
    bridge = await startBridgeProcess({
      llm_provider: "openai",
      llm_base_url: `http://127.0.0.1:${nobody}/v1`,
      llm_api_key: "sk-fault-test",
    });
    await bridge.waitForLog("MCP server 'zwave' is up");
  });
  afterAll(async () => bridge?.stop());

  const say = (text: string) => converse("127.0.0.1", bridge.wyomingPort, { text, language: "en" });

  it("says the language model could not be reached, in the request's language", async () => {
    const outcome = await say("Tell me a joke");
    expect(outcome.event?.type).toBe("not-handled");
    expect(outcome.response.speech).toBe(en.agent.modelUnreachable);
    const german = await converse("127.0.0.1", bridge.wyomingPort, {
      text: "Erzähl mir einen Witz",
      language: "de",
    });
    expect(german.response.speech).toBe(GRAMMARS.de!.replies.agent.modelUnreachable);
    expect(bridge.output()).toMatch(
      /language model request failed: openai at 127\.0\.0\.1:\d+, model gpt-4o-mini: connection refused \(ECONNREFUSED\)/,
    );
    // Said plainly at start too: the check found nobody there.
    expect(bridge.output()).toMatch(
      /language model check failed: openai at 127\.0\.0\.1:\d+, model gpt-4o-mini: connection refused/,
    );
    expect(bridge.output()).not.toContain("sk-fault-test");
  });

  it("and the fast path still works", async () => {
    const outcome = await say("Turn off Switch One");
    expect(outcome.response.speech).toBe("Turned off Switch One.");
  });
});
