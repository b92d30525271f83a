// "1 LLM round": a turn whose tool calls were all actions the device confirmed ends after one
// provider request, spoken in the request's language; a query still takes two. The next turn's
// history must be one the real APIs accept (the fakes refuse what they would, validate.ts).
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ChatAnthropic } from "@langchain/anthropic";
import { ChatOpenAI } from "@langchain/openai";
import { ChatOllama } from "@langchain/ollama";
import { AIMessage, HumanMessage } from "@langchain/core/messages";
import { createAgent } from "../../../src/agent/agent.js";
import { createChatModel, type LlmProvider } from "../../../src/agent/chat-model.js";
import { createUnconfiguredMirror } from "../../../src/ha/mirror.js";
import { startMcpServers, type McpServers } from "../../support/mcp/start-servers.js";
import { createToolRegistry, type ToolRegistry } from "../../../src/tools/registry.js";
import { zwaveServerEnv } from "../../../src/zwave-host/launch.js";
import { captureLogger } from "../../support/capture-logger.js";
import { startFakeLlm, type FakeLlm, type FakeReply } from "../../support/llm/server.js";
import { startMosquitto, type TestBroker } from "../../support/mosquitto.js";
import { startAddonGateway, type GatewaySimulator } from "../../support/zwave-gateway.js";

const SERVER_JS = fileURLToPath(new URL("../../../dist/zwave/server.js", import.meta.url));
const PROVIDERS: Array<Exclude<LlmProvider, "local">> = ["anthropic", "openai", "ollama"];
/** Not a fast-path sentence, so the LLM gets it. */
const ACTION_TEXT = "could you make the kitchen bright for me";
const turnOnKitchen: FakeReply = {
  toolCalls: [{ name: "control_zwave_device", args: { deviceName: "Kitchen Light", action: "on" } }],
};

let broker: TestBroker;
let gateway: GatewaySimulator;
let servers: McpServers;
let registry: ToolRegistry;
const fakes: FakeLlm[] = [];

beforeAll(async () => {
  broker = await startMosquitto();
  gateway = await startAddonGateway(broker);
  const { logger } = captureLogger("warn");
  registry = createToolRegistry({ logger });
  servers = await startMcpServers({
    servers: [
      {
        name: "zwave",
        toolbox: "home",
        command: process.execPath,
        args: [SERVER_JS],
        env: zwaveServerEnv({
          mqttUrl: broker.url,
          username: broker.username,
          password: broker.password,
          prefix: "zwave",
          gatewayName: "Mosquitto",
        }),
      },
    ],
    registry,
    logger,
  });
}, 30_000);

afterAll(async () => {
  await servers?.close();
  await gateway?.stop();
  await broker?.stop();
});

afterEach(async () => {
  await Promise.all(fakes.splice(0).map((llm) => llm.close()));
});

async function agentWith(provider: Exclude<LlmProvider, "local">, script: FakeReply[], oneLlmRound = true) {
  const llm = await startFakeLlm({ script });
  fakes.push(llm);
  const model = await createChatModel({
    provider,
    apiKey: "test-key",
    baseUrl: provider === "openai" ? llm.openaiUrl : llm.url,
    timeoutMs: 10_000,
  });
  const agent = createAgent({
    registry,
    mirror: createUnconfiguredMirror(),
    logger: captureLogger("warn").logger,
    ...(model ? { model } : {}),
    provider,
    language: "en",
    oneLlmRound,
  });
  return { agent, llm };
}

describe.each(PROVIDERS)("one LLM round with %s", (provider) => {
  it("a confirmed action ends after one request, and the next turn's history is accepted", async () => {
    const { agent, llm } = await agentWith(provider, [turnOnKitchen, "The office has no light I know."]);
    const first = await agent.handle({ text: ACTION_TEXT, conversationId: "c1" });
    expect(llm.requests).toHaveLength(1);
    expect(first).toMatchObject({ speech: "Kitchen Light is on.", response_type: "action_done" });
    expect(agent.recentTurns().at(-1)?.llm?.requests).toBe(1);

    const next = await agent.handle({ text: "and the office?", conversationId: "c1" });
    expect(next.speech).toBe("The office has no light I know.");
    expect(llm.requests).toHaveLength(2);
    const sent = JSON.stringify(llm.requests[1]!.body.messages);
    expect(sent).toContain(ACTION_TEXT);
    expect(sent).toContain("Kitchen Light is on.");
  });

  it("a query still goes back to the model for its answer", async () => {
    const { agent, llm } = await agentWith(provider, [
      { toolCalls: [{ name: "list_zwave_devices", args: {} }] },
      "You have a switch, a kitchen light and an office sensor.",
    ]);
    const result = await agent.handle({ text: "which devices do I have", conversationId: "q1" });
    expect(llm.requests).toHaveLength(2);
    expect(result.speech).toBe("You have a switch, a kitchen light and an office sensor.");
  });
});

describe("one LLM round: language, failures and the option", () => {
  it("speaks the confirmation in the request's language", async () => {
    const { agent, llm } = await agentWith("anthropic", [turnOnKitchen]);
    const result = await agent.handle({ text: "mach die Küche hell", language: "de", conversationId: "d1" });
    expect(llm.requests).toHaveLength(1);
    expect(result.speech).toBe("Kitchen Light ist an.");
  });

  it("a failed action goes back to the model", async () => {
    const { agent, llm } = await agentWith("anthropic", [
      { toolCalls: [{ name: "control_zwave_device", args: { deviceName: "Garage Door", action: "on" } }] },
      "I couldn't find a garage door.",
    ]);
    const result = await agent.handle({ text: "open up the garage", conversationId: "f1" });
    expect(llm.requests).toHaveLength(2);
    expect(result.speech).toBe("I couldn't find a garage door.");
  });

  it("with llm_one_round off, the model restates the confirmation", async () => {
    const { agent, llm } = await agentWith("openai", [turnOnKitchen, "The kitchen light is on now."], false);
    const result = await agent.handle({ text: ACTION_TEXT, conversationId: "o1" });
    expect(llm.requests).toHaveLength(2);
    expect(result.speech).toBe("The kitchen light is on now.");
  });
});

describe("the provider fakes refuse a history the real APIs refuse", () => {
  const unanswered = [
    new HumanMessage("turn on the kitchen light"),
    new AIMessage({
      content: "",
      tool_calls: [{ name: "control_zwave_device", args: { deviceName: "Kitchen Light" }, id: "call_1" }],
    }),
    new HumanMessage("and the office?"),
  ];

  it.each([
    [
      "anthropic",
      (llm: FakeLlm) => new ChatAnthropic({ apiKey: "k", anthropicApiUrl: llm.url, maxRetries: 0 }),
    ],
    [
      "openai",
      (llm: FakeLlm) =>
        new ChatOpenAI({ apiKey: "k", configuration: { baseURL: llm.openaiUrl }, maxRetries: 0 }),
    ],
  ] as const)("%s: a tool call without its result is a 400", async (_name, client) => {
    const llm = await startFakeLlm({ script: ["never sent"] });
    fakes.push(llm);
    await expect(client(llm).invoke(unanswered)).rejects.toMatchObject({ status: 400 });
  });

  it("ollama: a tool result without a call before it is refused", async () => {
    const llm = await startFakeLlm({ script: ["never sent"] });
    fakes.push(llm);
    const stray = [
      new HumanMessage("hi"),
      new AIMessage("hello"),
      { role: "tool", content: "stray", tool_call_id: "x" } as never,
    ];
    await expect(new ChatOllama({ model: "m", baseUrl: llm.url }).invoke(stray)).rejects.toThrow();
  });
});
