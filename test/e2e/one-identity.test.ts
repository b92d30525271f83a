// The built bridge in a home where every Z-Wave node is also a Home Assistant device (HA's fake
// registers them as HA's zwave_js integration does, with the network's home id): "turn on switch
// one" switches node 2 without a question, over Wyoming and HTTP, on the local path and through
// the LLM, and the LLM is shown the device once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBridgeProcess, type BridgeProcess } from "../support/bridge-process.js";
import { startFakeHa, type FakeHa } from "../support/ha-server.js";
import { zwaveTwinHome } from "../support/ha-zwave-home.js";
import { startFakeLlm, type FakeLlm } from "../support/llm/server.js";
import { brokerOptions, startMosquitto, type TestBroker } from "../support/mosquitto.js";
import { converse } from "../support/wyoming-client.js";
import { startAddonGateway, type GatewaySimulator } from "../support/zwave-gateway.js";

const SWITCH_ONE = { commandClass: 37, endpoint: 0, property: "currentValue" };

let broker: TestBroker;
let sim: GatewaySimulator;
let ha: FakeHa;
let llm: FakeLlm;

beforeAll(async () => {
  broker = await startMosquitto();
  sim = await startAddonGateway(broker);
  ha = await startFakeHa({ home: zwaveTwinHome() });
  // A model that switches what it is asked to, by the name it was shown.
  llm = await startFakeLlm({
    script: (request) =>
      request.toolResults.length
        ? "Done."
        : {
            toolCalls: [{ name: "control_zwave_device", args: { device_name: "Switch One", command: "on" } }],
          },
  });
});
afterAll(async () => {
  await llm?.close();
  await ha?.close();
  await sim?.stop();
  await broker?.stop();
});

const ask = (bridge: BridgeProcess, text: string) =>
  fetch(`${bridge.apiUrl}/api/conversation`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ text, language: "en" }),
  }).then((r) => r.json() as Promise<{ speech: string; response_type: string; tool_calls: unknown[] }>);

async function startBridge(options: Record<string, unknown>): Promise<BridgeProcess> {
  const bridge = await startBridgeProcess({
    ha_url: ha.url,
    ha_token: "good-token",
    ha_conversation_agent: false,
    ...brokerOptions(broker),
    ...options,
  });
  await bridge.waitForLog(/mirrored Home Assistant/);
  await bridge.waitForLog("MCP server 'zwave' is up");
  return bridge;
}

describe("the local path", () => {
  let bridge: BridgeProcess;
  beforeAll(async () => {
    bridge = await startBridge({ llm_provider: "local" });
  }, 60_000);
  afterAll(async () => bridge?.stop());

  it('over Wyoming, "turn on switch one" switches node 2 without a question', async () => {
    await sim.setValue(2, SWITCH_ONE, false);
    const outcome = await converse("127.0.0.1", bridge.wyomingPort, {
      text: "turn on switch one",
      language: "en",
    });
    expect(outcome.event?.type).toBe("handled");
    expect(outcome.response.speech).toBe("Turned on Switch One.");
    expect(sim.valueOf(2, SWITCH_ONE)).toBe(true);
    expect(ha.serviceCalls).toEqual([]);
  });

  it('over HTTP, "turn off switch one" switches node 2 without a question', async () => {
    await sim.setValue(2, SWITCH_ONE, true);
    const answer = await ask(bridge, "turn off switch one");
    expect(answer.speech).toBe("Turned off Switch One.");
    expect(answer.response_type).toBe("action_done");
    expect(sim.valueOf(2, SWITCH_ONE)).toBe(false);
    expect(ha.serviceCalls).toEqual([]);
  });

  it("the status page lists each device once: Home Assistant's entity, marked with its node", async () => {
    const status = (await fetch(`${bridge.apiUrl}/status.json`).then((r) => r.json())) as {
      health: { zwave: { state: string } };
      devices: {
        zwave?: { devices: Array<{ nodeId: number }> };
        areas: Array<{ entities: Array<{ entityId: string; zwaveNode?: number }> }>;
      };
    };
    expect(status.health.zwave.state).toBe("connected");
    expect(status.devices.zwave?.devices.map((d) => d.nodeId)).toEqual([]);
    const kitchen = status.devices.areas.flatMap((a) => a.entities).filter((e) => e.zwaveNode === 3);
    expect(kitchen.map((e) => e.entityId)).toEqual(["light.kitchen_light_2"]);
  });
});

describe("through the LLM", () => {
  let bridge: BridgeProcess;
  beforeAll(async () => {
    bridge = await startBridge({
      llm_provider: "anthropic",
      llm_base_url: llm.url,
      llm_api_key: "sk-ant-test-key",
    });
  }, 60_000);
  afterAll(async () => bridge?.stop());

  it("over Wyoming and HTTP, switches node 2 and shows the model the device once", async () => {
    await sim.setValue(2, SWITCH_ONE, false);
    const outcome = await converse("127.0.0.1", bridge.wyomingPort, {
      text: "Could you bring switch one to life?",
      language: "en",
    });
    expect(outcome.event?.type).toBe("handled");
    expect(sim.valueOf(2, SWITCH_ONE)).toBe(true);
    await sim.setValue(2, SWITCH_ONE, false);
    const answer = await ask(bridge, "Please wake switch one up");
    expect(answer.response_type).toBe("action_done");
    expect(sim.valueOf(2, SWITCH_ONE)).toBe(true);
    const system = llm.requests.at(-1)?.system ?? "";
    expect(system.match(/Switch One/g)).toHaveLength(1);
    expect(system).toContain("Z-Wave node 2");
  });
});
