// A roller-shutter module that drives a garage door, end to end: Z-Wave knows node 20 as a Motor
// Control shutter, Home Assistant as `cover.garage_door` with device class garage. The built
// bridge holds opening it whichever side names it: the LLM's `control_zwave_cover` by node id
// (the system prompt sends the model to the Z-Wave tools for a joined device) and the same call on
// /mcp, as Home Assistant's MCP client makes it. Closing it needs no question. The Z-Wave side is
// Z-Wave JS UI's MQTT gateway simulated on a real Mosquitto; HA's side is the HA fake.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startBridgeProcess, type BridgeProcess } from "../support/bridge-process.js";
import { haCallTool, haListTools } from "../support/ha-mcp-client.js";
import { startFakeHa, type FakeHa } from "../support/ha-server.js";
import { zwaveTwinHome } from "../support/ha-zwave-home.js";
import { startFakeLlm, type FakeLlm } from "../support/llm/server.js";
import { brokerOptions, startMosquitto, type TestBroker } from "../support/mosquitto.js";
import { startAddonGateway, type GatewaySimulator } from "../support/zwave-gateway.js";

/** The demo's Bedroom Shutter node, which HA knows here as the garage door. */
const SHUTTER = 20;

let broker: TestBroker;
let sim: GatewaySimulator;
let ha: FakeHa;
let llm: FakeLlm;
let bridge: BridgeProcess;
/** What the scripted model calls on its first round: set by each test. */
let modelCall: { name: string; args: Record<string, unknown> };

beforeAll(async () => {
  broker = await startMosquitto();
  sim = await startAddonGateway(broker);
  const home = zwaveTwinHome({
    nodes: [
      {
        nodeId: SHUTTER,
        name: "Garage Door",
        area: "garage",
        domain: "cover",
        value: { cc: 38, property: "currentValue" },
        state: "closed",
      },
    ],
  });
  const garage = [...home.states.entries()].find(([id]) => id.startsWith("cover.garage_door"));
  garage![1].attributes.device_class = "garage";
  ha = await startFakeHa({ home });
  llm = await startFakeLlm({
    script: (request) => (request.toolResults.length ? "Done." : { toolCalls: [modelCall] }),
  });
  bridge = await startBridgeProcess({
    ha_url: ha.url,
    ha_token: "good-token",
    ha_conversation_agent: false,
    llm_provider: "anthropic",
    llm_base_url: llm.url,
    llm_api_key: "sk-ant-test-key",
    ...brokerOptions(broker),
  });
  await bridge.waitForLog(/mirrored Home Assistant/);
  await bridge.waitForLog("MCP server 'zwave' is up");
});
afterAll(async () => {
  await bridge?.stop();
  await llm?.close();
  await ha?.close();
  await sim?.stop();
  await broker?.stop();
});
beforeEach(() => {
  sim.publishedSets.length = 0;
  sim.apiCalls.length = 0;
});

/** Whether anything was written to the shutter, by a value topic or the gateway's API. */
const shutterWritten = () =>
  sim.writesTo(SHUTTER).length > 0 || sim.publishedSets.some((s) => s.topic.includes(`/${SHUTTER}/`));

const ask = (text: string, conversationId: string) =>
  fetch(`${bridge.apiUrl}/api/conversation`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ text, language: "en", conversation_id: conversationId }),
  }).then(
    (r) => r.json() as Promise<{ speech: string; tool_calls: Array<{ name: string; status?: string }> }>,
  );

describe("a garage door driven by a Z-Wave shutter module", () => {
  it("through the LLM, control_zwave_cover by node id is held, and the bridge asks in its own words", async () => {
    modelCall = {
      name: "control_zwave_cover",
      args: { deviceName: "Bedroom Shutter", nodeId: SHUTTER, action: "open" },
    };
    const reply = await ask("let the car in", "joined-llm");
    expect(reply.speech).toMatch(/open/i);
    expect(reply.speech).toMatch(/yes or no/i);
    expect(reply.tool_calls).toEqual([
      expect.objectContaining({ name: "control_zwave_cover", status: "held" }),
    ]);
    expect(shutterWritten()).toBe(false);
  });

  it("on /mcp, control_zwave_cover by node id is held with a one-time id, and closing acts at once", async () => {
    const url = new URL(`${bridge.apiUrl}/mcp`);
    const tools = await haListTools(url);
    const held = await haCallTool(url, tools, "control_zwave_cover", {
      deviceName: "Bedroom Shutter",
      nodeId: SHUTTER,
      action: "open",
    });
    expect(held.structuredContent).toMatchObject({ error: { code: "confirmation_required" } });
    expect(shutterWritten()).toBe(false);

    const closed = await haCallTool(url, tools, "control_zwave_cover", {
      deviceName: "Bedroom Shutter",
      nodeId: SHUTTER,
      action: "close",
    });
    expect(closed.structuredContent).not.toMatchObject({ error: { code: "confirmation_required" } });
    expect(shutterWritten()).toBe(true);
  });
});
