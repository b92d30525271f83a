// Security: the agent never acts on (or reads) a Home Assistant entity that is not exposed to
// Assist, even when the LLM names it by its exact entity id, through any tool path.
import { afterAll, beforeAll, expect, it } from "vitest";
import { startBridgeProcess, type BridgeProcess } from "../support/bridge-process.js";
import { startFakeHa, type FakeHa } from "../support/ha-server.js";
import { startFakeLlm, type FakeLlm, type FakeLlmRequest, type FakeReply } from "../support/llm/server.js";
import { converse } from "../support/wyoming-client.js";

let ha: FakeHa;
let llm: FakeLlm;
let bridge: BridgeProcess;

// The model goes straight for the hidden entities by id, through every tool that could reach them.
const script = (request: FakeLlmRequest): FakeReply => {
  if (request.toolResults.length) return request.toolResults.map((r) => r.content).join(" | ");
  const text = request.userText ?? "";
  if (text.includes("garage")) {
    return {
      toolCalls: [
        { name: "control_entity", args: { name: "switch.garage_door_opener", action: "turn_on" } },
        { name: "control_entity", args: { name: "Garage Door Opener", action: "toggle" } },
      ],
    };
  }
  if (text.includes("power")) {
    return {
      toolCalls: [
        { name: "get_entity_state", args: { name: "sensor.kitchen_power" } },
        { name: "search_entities", args: { query: "kitchen power" } },
      ],
    };
  }
  return "Okay.";
};

beforeAll(async () => {
  ha = await startFakeHa({ token: "ha-token-exposure" });
  llm = await startFakeLlm({ script });
  bridge = await startBridgeProcess({
    llm_provider: "anthropic",
    llm_base_url: llm.url,
    llm_api_key: "sk-ant-exposure",
    ha_url: ha.url,
    ha_token: "ha-token-exposure",
  });
  await bridge.waitForLog("mirrored Home Assistant");
});

afterAll(async () => {
  await bridge?.stop();
  await llm?.close();
  await ha?.close();
});

const say = (text: string) => converse("127.0.0.1", bridge.wyomingPort, { text, language: "en" });

it("refuses to switch an unexposed entity named by exact entity id or by name", async () => {
  const outcome = await say("Open the garage");
  expect(outcome.response.speech).toMatch(/switch\.garage_door_opener\) is not exposed to Assist/);
  expect(ha.serviceCalls.filter((c) => JSON.stringify(c).includes("garage"))).toEqual([]);
  expect(ha.home.states.get("switch.garage_door_opener")?.state).toBe("off");
});

it("does not read or list an unexposed entity either", async () => {
  const outcome = await say("What is the kitchen power?");
  expect(outcome.response.speech).not.toMatch(/120/);
  expect(outcome.response.speech).toMatch(/not exposed to Assist/);
});

it("a plain command for it is refused as well", async () => {
  const outcome = await say("Turn on the garage door opener");
  expect(outcome.response.speech).toMatch(/not exposed to Assist/);
  expect(ha.serviceCalls.filter((c) => JSON.stringify(c).includes("garage"))).toEqual([]);
});
