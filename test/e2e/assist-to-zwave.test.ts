import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brokerOptions, startMosquitto, type TestBroker } from "../support/mosquitto.js";
import { startAddonGateway, waitFor, type GatewaySimulator } from "../support/zwave-gateway.js";
import { startFakeLlm, type FakeLlm, type FakeLlmRequest } from "../support/llm/server.js";
import { startBridgeProcess, type BridgeProcess } from "../support/bridge-process.js";
import { converse, sendRaw } from "../support/wyoming-client.js";

let broker: TestBroker;
let simulator: GatewaySimulator;
let llm: FakeLlm;

// What a model does when it sees the tools: calls them with the argument names it likes best.
const script = (request: FakeLlmRequest) => {
  const result = request.toolResults.at(-1);
  if (result) return `Result: ${result.content}`;
  const text = (request.userText ?? "").toLowerCase();
  if (text.includes("switch one")) {
    return {
      toolCalls: [{ name: "control_zwave_device", args: { device_name: "Switch One", command: "on" } }],
    };
  }
  if (text.includes("kitchen")) {
    return {
      toolCalls: [
        {
          name: "control_zwave_device",
          args: { device_name: "Kitchen Light", command: "dim", brightness: "30" },
        },
      ],
    };
  }
  if (text.includes("office")) {
    return { toolCalls: [{ name: "get_device_sensor_data", args: { device_name: "Office Sensor" } }] };
  }
  if (text.includes("garage")) {
    return {
      toolCalls: [{ name: "control_zwave_device", args: { device_name: "Garage Door", command: "on" } }],
    };
  }
  return "I can only help with your devices.";
};

beforeAll(async () => {
  broker = await startMosquitto();
  simulator = await startAddonGateway(broker);
  llm = await startFakeLlm({ script });
});

afterAll(async () => {
  await llm?.close();
  await simulator?.stop();
  await broker?.stop();
});

/** The Z-Wave server writes through Z-Wave JS UI's writeValue API. */
const switchOneSets = () => simulator.writesTo(2);

describe.each([
  ["anthropic", () => ({ llm_base_url: llm.url, llm_api_key: "sk-ant-test-key" })],
  [
    "openai",
    () => ({ llm_base_url: llm.openaiUrl, llm_api_key: "sk-openai-test-key", llm_model: "gpt-4o-mini" }),
  ],
  ["ollama", () => ({ llm_base_url: llm.url })],
] as const)("a sentence spoken to Assist through the %s provider", (provider, providerOptions) => {
  let bridge: BridgeProcess;
  beforeAll(async () => {
    bridge = await startBridgeProcess({
      llm_provider: provider,
      ...providerOptions(),
      ...brokerOptions(broker),
    });
    await bridge.waitForLog("MCP server 'zwave' is up");
  });
  afterAll(async () => bridge?.stop());

  it("turns on a Z-Wave switch: the LLM's {device_name, command} reaches the device as {deviceName, action}", async () => {
    const before = switchOneSets().length;
    const outcome = await converse("127.0.0.1", bridge.wyomingPort, {
      text: "Could you bring Switch One to life?",
      language: "en",
    });
    expect(outcome.event?.type).toBe("handled");
    // 1 LLM round (on by default): the device's confirmation is the answer, no second request.
    expect(outcome.response.speech).toBe("Switch One is on.");
    await waitFor(() => switchOneSets().length > before, 5000, "a /set for Switch One");
    expect(switchOneSets().at(-1)).toBe(true);
    const offered = llm.requests.at(-1)?.tools.map((t) => t.name) ?? [];
    expect(offered).toContain("control_zwave_device");
    for (const name of offered) expect(name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
  });

  it("dims with `brightness` given as a string, confirmed by the device", async () => {
    const outcome = await converse("127.0.0.1", bridge.wyomingPort, {
      text: "Could you make the kitchen cosy?",
      language: "en",
    });
    expect(outcome.response.speech).toBe("Kitchen Light is at 30 percent.");
  });

  it("answers a sensor query with the device's readings", async () => {
    const outcome = await converse("127.0.0.1", bridge.wyomingPort, {
      text: "How does the office feel right now?",
      language: "en",
    });
    expect(outcome.response.speech).toMatch(/Result: Office Sensor \(Office\)/);
    expect(outcome.response.speech).toMatch(/21\.5 °C/);
  });

  it("an unknown device is reported, not invented", async () => {
    const outcome = await converse("127.0.0.1", bridge.wyomingPort, {
      text: "Wake up the garage please",
      language: "en",
    });
    expect(outcome.response.speech).toMatch(/^Result: .*Garage Door/);
    expect(outcome.response.speech).not.toMatch(/confirmed/);
  });
});

describe("the local provider (no LLM, fast path only)", () => {
  let bridge: BridgeProcess;
  beforeAll(async () => {
    bridge = await startBridgeProcess({ llm_provider: "local", ...brokerOptions(broker) });
    await bridge.waitForLog("MCP server 'zwave' is up");
  });
  afterAll(async () => bridge?.stop());

  it("turns on a Z-Wave switch from a plain sentence, confirmed", async () => {
    const before = switchOneSets().length;
    const outcome = await converse("127.0.0.1", bridge.wyomingPort, {
      text: "Turn on Switch One",
      language: "en",
    });
    expect(outcome.event?.type).toBe("handled");
    expect(outcome.response.speech).toBe("Turned on Switch One.");
    expect(switchOneSets().length).toBeGreaterThan(before);
  });

  it("confirms from the device's report when Z-Wave JS UI's optimistic updates are off", async () => {
    simulator.setOptimisticUpdates(false);
    try {
      for (const [text, speech] of [
        ["Turn off Switch One", "Turned off Switch One."],
        ["Turn on Switch One", "Turned on Switch One."],
      ]) {
        const outcome = await converse("127.0.0.1", bridge.wyomingPort, { text: text!, language: "en" });
        expect(outcome.response.speech).toBe(speech);
      }
    } finally {
      simulator.setOptimisticUpdates(true);
    }
  });

  it("says what it can do when a sentence needs an LLM", async () => {
    const outcome = await converse("127.0.0.1", bridge.wyomingPort, {
      text: "Tell me a joke",
      language: "en",
    });
    expect(outcome.event?.type).toBe("not-handled");
    expect(outcome.response.speech).toMatch(/^I can't do that yet\./);
  });

  it("a malformed Wyoming frame gets an error event and the next sentence still works", async () => {
    const raw = await sendRaw(
      "127.0.0.1",
      bridge.wyomingPort,
      Buffer.from('{"type": "transcript", "data_length": 5}\nnot-json'),
    );
    expect(raw.events.map((e) => e.type)).toContain("error");
    const outcome = await converse("127.0.0.1", bridge.wyomingPort, {
      text: "turn off switch one",
      language: "en",
    });
    expect(outcome.response.speech).toBe("Turned off Switch One.");
  });
});
