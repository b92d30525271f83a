// Tool-call markup is never spoken, heard the way Assist hears it: over Wyoming, from the built
// bridge, with each provider's real LangChain client against a fake of that provider's API. A call
// written as text that can be read with certainty runs; any other markup earns the model one
// correction (the same words for every provider); if the next reply is markup again, the user hears
// one sentence, in the request's language, that the reply could not be used.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brokerOptions, startMosquitto, type TestBroker } from "../support/mosquitto.js";
import { startAddonGateway, type GatewaySimulator } from "../support/zwave-gateway.js";
import {
  providerOptions,
  startFakeLlm,
  type FakeLlm,
  type FakeLlmRequest,
  type FakeReply,
} from "../support/llm/server.js";
import { startBridgeProcess, type BridgeProcess } from "../support/bridge-process.js";
import { converse } from "../support/wyoming-client.js";
import { corpusNodes, speaksMarkup } from "../support/repair-corpus.js";

let broker: TestBroker;
let simulator: GatewaySimulator;
let llm: FakeLlm;
const requests: FakeLlmRequest[] = [];

/** The last user message of a request, whatever the provider's shape (the correction is one). */
const lastUser = (request: FakeLlmRequest) => request.userText ?? "";
const corrected = (request: FakeLlmRequest) => /tool-call markup as text/.test(lastUser(request));

/** Each sentence names its case; the fake answers by case and by whether it was corrected. */
const replies: Record<string, { first: FakeReply; afterCorrection?: FakeReply; afterResult?: FakeReply }> = {
  // A tool that was not offered, then markup again: the user hears the sentence in German.
  "case unoffered": {
    first: '<tool_call>\n{"name": "HassTurnOn", "arguments": {"name": "Switch One"}}\n</tool_call>',
    afterCorrection:
      '<|channel|>analysis<|message|>Use HassTurnOn again.<|end|><|start|>assistant<|channel|>commentary to=functions.HassTurnOn <|constrain|>json<|message|>{"name":"Switch One"}<|call|>',
  },
  // Truncated GLM markup, then a proper call after the correction: it runs.
  "case truncated": {
    first:
      "<tool_call>control_zwave_device\n<arg_key>deviceName</arg_key>\n<arg_value>Switch One</arg_value>\n<arg_key>act",
    afterCorrection: {
      toolCalls: [{ name: "control_zwave_device", args: { deviceName: "Switch One", action: "on" } }],
    },
    afterResult: "Switch One is on.",
  },
  // Kimi K2 markup for an offered tool: certain, so it runs with no correction.
  "case certain": {
    first:
      '<|tool_calls_section_begin|><|tool_call_begin|>functions.control_zwave_device:0<|tool_call_argument_begin|>{"deviceName": "Kid\'s Lamp", "action": "on"}<|tool_call_end|><|tool_calls_section_end|>',
    afterResult: "Kid's Lamp is on.",
  },
  // Cut at the length limit inside a second call: the first runs, the cut one does not, and the
  // model hears which did not run.
  "case cut": {
    first:
      '<tool_call>\n{"name": "control_zwave_device", "arguments": {"deviceName": "Switch One", "action": "on"}}\n</tool_call>\n<tool_call>\n{"name": "control_zwave_device", "arguments": {"deviceName": "Kid\'s',
    afterResult: "Switch One is on.",
  },
  // Glimmer's channels: the reasoning and the user's answer are separate messages; only the answer is spoken.
  "case glimmer answer": {
    first:
      " to=self<|message|>The user greets me.<|eom|><|start|>assistant to=user<|message|>Hello! What can I switch for you?<|eot|>",
  },
  // Harmony with an answer channel: only the answer is spoken.
  "case harmony final": {
    first:
      "<|channel|>analysis<|message|>The user says hello.<|end|><|start|>assistant<|channel|>final<|message|>Hello! What can I switch for you?<|return|>",
  },
};

beforeAll(async () => {
  broker = await startMosquitto();
  simulator = await startAddonGateway(broker, corpusNodes());
  llm = await startFakeLlm({
    script: (request) => {
      requests.push(request);
      const body = JSON.stringify(request.body);
      const key = Object.keys(replies).find((k) => body.includes(k));
      const reply = key ? replies[key]! : undefined;
      if (!reply) return "I can only help with your devices.";
      if (request.toolResults.length) return reply.afterResult ?? "Done.";
      if (corrected(request)) return reply.afterCorrection ?? "Done.";
      return reply.first;
    },
  });
});

afterAll(async () => {
  await llm?.close();
  await simulator?.stop();
  await broker?.stop();
});

/** Writes that reached a node, by whichever route the Z-Wave server chose. */
const writes = (nodeId: number) => simulator.writesTo(nodeId).length;

describe.each(["anthropic", "openai", "ollama"] as const)(
  "through Wyoming with the %s client",
  (provider) => {
    let bridge: BridgeProcess;
    beforeAll(async () => {
      bridge = await startBridgeProcess({
        ...providerOptions(provider, llm),
        ...brokerOptions(broker),
      });
      await bridge.waitForLog("MCP server 'zwave' is up");
    });
    afterAll(async () => bridge?.stop());

    const say = (text: string, language: string) =>
      converse("127.0.0.1", bridge.wyomingPort, { text: `please handle ${text} (${provider})`, language });

    it("markup for a tool that was not offered: one correction, then a sentence in the request's language", async () => {
      const before = requests.length;
      const switchOne = writes(2);
      const outcome = await say("case unoffered", "de");
      expect(outcome.response.speech).toBe(
        "Entschuldigung, die Antwort des Sprachmodells war nicht verwendbar.",
      );
      // Nothing was done, so HA hears that the sentence was not handled.
      expect(outcome.event?.type).toBe("not-handled");
      const mine = requests.slice(before);
      expect(mine).toHaveLength(2);
      expect(corrected(mine[1]!)).toBe(true);
      expect(writes(2)).toBe(switchOne);
    });

    // Writes are counted from before this provider's own turn: the simulator's count runs across
    // the providers of describe.each, so a total above zero would pass on the first provider's writes.
    it("truncated markup: the corrected reply's call runs, and only words are spoken", async () => {
      const switchOne = writes(2);
      const outcome = await say("case truncated", "en");
      expect(outcome.response.speech).not.toBe("");
      expect(speaksMarkup(outcome.response.speech)).toBe(false);
      expect(outcome.response.speech).toMatch(/Switch One/);
      expect(writes(2)).toBeGreaterThan(switchOne);
    });

    it("markup whose intent is certain runs at once, without a correction", async () => {
      const before = requests.length;
      const kidsLamp = writes(5);
      const outcome = await say("case certain", "fr");
      expect(speaksMarkup(outcome.response.speech)).toBe(false);
      expect(requests.slice(before).some(corrected)).toBe(false);
      expect(writes(5)).toBeGreaterThan(kidsLamp);
    });

    it("a reply cut inside its second call runs the first call only, and speaks no markup", async () => {
      const switchOne = writes(2);
      const kidsLamp = writes(5);
      const outcome = await say("case cut", "en");
      expect(speaksMarkup(outcome.response.speech)).toBe(false);
      expect(writes(2)).toBeGreaterThan(switchOne);
      expect(writes(5)).toBe(kidsLamp);
      const lastRequest = JSON.stringify(requests.at(-1)?.body);
      expect(lastRequest).toMatch(/cut off inside this tool call/);
    });

    it("a Glimmer reply speaks only its user channel", async () => {
      const outcome = await say("case glimmer answer", "en");
      expect(outcome.response.speech).toBe("Hello! What can I switch for you?");
    });

    it("a harmony reply speaks only its final channel", async () => {
      const outcome = await say("case harmony final", "en");
      expect(outcome.response.speech).toBe("Hello! What can I switch for you?");
    });
  },
);
