// Start-up of the built bridge: health, Wyoming and the status page answer before the Z-Wave MCP
// server and the provider's client are up (they start behind them), and a command that arrives in
// that window waits for the tools instead of hearing that the device does not exist.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GRAMMARS } from "../../src/understanding/grammar.js";
import { startBridgeProcess, type BridgeProcess } from "../support/bridge-process.js";
import { startFakeLlm, type FakeLlm } from "../support/llm/server.js";
import { brokerOptions, startMosquitto, type TestBroker } from "../support/mosquitto.js";
import { freePort } from "../support/free-port.js";
import { converse } from "../support/wyoming-client.js";
import { startAddonGateway, type GatewaySimulator } from "../support/zwave-gateway.js";

let broker: TestBroker;
let simulator: GatewaySimulator;
let llm: FakeLlm;

beforeAll(async () => {
  broker = await startMosquitto();
  simulator = await startAddonGateway(broker);
  // The provider lists the default model, so the start-up check finds it.
  llm = await startFakeLlm({ script: () => "Hello.", models: ["claude-haiku-4-5"] });
});

afterAll(async () => {
  await llm?.close();
  await simulator?.stop();
  await broker?.stop();
});

describe("start-up", () => {
  let bridge: BridgeProcess | undefined;
  afterAll(async () => bridge?.stop());

  it("a command sent as soon as Wyoming answers is carried out once the Z-Wave tools are there", async () => {
    // startBridgeProcess returns as soon as Wyoming answers `describe`.
    bridge = await startBridgeProcess({
      llm_provider: "anthropic",
      llm_base_url: llm.url,
      llm_api_key: "sk-ant-start-up",
      ...brokerOptions(broker),
    });
    const health = await fetch(`${bridge.apiUrl}/healthz`);
    expect(health.status).toBe(200);
    const outcome = await converse("127.0.0.1", bridge.wyomingPort, {
      text: "turn on switch one",
      language: "en",
    });
    expect(outcome.response.speech).toBe("Turned on Switch One.");
    expect(bridge.output()).toContain("MCP server 'zwave' is up");
  });

  it("the status page reports the provider's client and the 1 LLM round option", async () => {
    await bridge!.waitForLog("language model ready: anthropic at 127.0.0.1");
    // The provider's check and the loading of its client run side by side: "loading" may still
    // show for a moment after the log line, and must then give way to "ready".
    type Status = { health: { agent: { modelState?: string; oneLlmRound?: boolean } } };
    let status: Status | undefined;
    const deadline = Date.now() + 20_000;
    do {
      if (status) await new Promise((r) => setTimeout(r, 50));
      status = (await (await fetch(`${bridge!.apiUrl}/status.json`)).json()) as Status;
    } while (status.health.agent.modelState === "loading" && Date.now() < deadline);
    expect(status.health.agent).toMatchObject({ modelState: "ready", oneLlmRound: true });
  });
});

// The Z-Wave server answers the bridge once it knows the network (src/zwave/worker.ts), but waits
// for it only so long: a broker that is not there must not keep Z-Wave from coming up.
describe("Z-Wave up", () => {
  let bridge: BridgeProcess | undefined;
  afterEach(async () => {
    await bridge?.stop();
    bridge = undefined;
  });

  it("with no MQTT broker to reach, the Z-Wave server still comes up and a command says Z-Wave is not connected", async () => {
    bridge = await startBridgeProcess({
      llm_provider: "local",
      mqtt_url: `mqtt://127.0.0.1:${await freePort()}`,
    });
    await bridge.waitForLog("MCP server 'zwave' is up");
    const outcome = await converse("127.0.0.1", bridge.wyomingPort, {
      text: "turn on switch one",
      language: "en",
    });
    expect(outcome.response.speech).toBe(GRAMMARS.en!.replies.zwaveNotConnected);
  });
});
