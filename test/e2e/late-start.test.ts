// Late starters, the way Supervisor really starts add-ons: the bridge comes up before Z-Wave is
// reachable (Mosquitto's `/services/mqtt` still answers 400 "Service not enabled", or the Z-Wave
// JS server does not listen yet). Until Z-Wave appears, a command gets a prompt, honest answer;
// once it appears, Z-Wave works within seconds, with no restart.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { startBridgeProcess, type BridgeProcess } from "../support/bridge-process.js";
import { startMosquitto, type TestBroker } from "../support/mosquitto.js";
import { startFakeSupervisor, type FakeSupervisor } from "../support/supervisor-api.js";
import { converse } from "../support/wyoming-client.js";
import { startAddonGateway, type GatewaySimulator } from "../support/zwave-gateway.js";
import { startRealZwaveStack, type RealZwaveStack } from "../support/zwave-js/real-stack.js";

/** How long after the bridge the late part comes up (20 s and more on a real Raspberry Pi). */
const LATE_MS = 2500;

let bridge: BridgeProcess | undefined;
afterEach(async () => {
  await bridge?.stop();
  bridge = undefined;
});

// Over Wyoming, as Home Assistant asks (under Supervisor, HTTP is for Ingress only).
const ask = async (text: string) =>
  (await converse("127.0.0.1", bridge!.wyomingPort, { text, language: "en" })).response;

/** Asks again until the answer is `wanted` (Z-Wave came up), for at most `timeoutMs`. */
async function askUntil(text: string, wanted: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let speech = "";
  while (Date.now() < deadline) {
    speech = (await ask(text)).speech;
    if (speech === wanted) return speech;
    await new Promise((r) => setTimeout(r, 250));
  }
  return speech;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("under Supervisor, Mosquitto and Z-Wave JS UI come up after the add-on", () => {
  let supervisor: FakeSupervisor;
  let broker: TestBroker | undefined;
  let sim: GatewaySimulator | undefined;
  afterAll(async () => {
    await sim?.stop();
    await broker?.stop();
    await supervisor?.close();
  });

  it("answers that Z-Wave is not connected yet, then switches Switch One once the broker is up", async () => {
    // The Z-Wave JS add-on is in the store but not installed: Supervisor describes it without a hostname.
    supervisor = await startFakeSupervisor({
      addons: { core_zwave_js: { name: "Z-Wave JS", installed: false } },
    });
    bridge = await startBridgeProcess(
      { llm_provider: "local", ha_conversation_agent: false, api_token: "status-token" },
      {
        SUPERVISOR_TOKEN: supervisor.token,
        SUPERVISOR_API_URL: supervisor.url,
        OPTIONS_FILE: join(mkdtempSync(join(tmpdir(), "late-start-")), "options.json"),
      },
    );
    await bridge.waitForLog("waiting for the Mosquitto broker add-on");

    const early = await ask("turn on switch one");
    expect(early.speech).toMatch(/Z-Wave is not connected yet/);
    expect(early.speech).not.toMatch(/couldn't find/);
    const status = (await fetch(`${bridge.apiUrl}/status.json`, {
      headers: { Authorization: "Bearer status-token" },
    }).then((r) => r.json())) as { health: { zwave: { state: string; reason?: string } } };
    expect(status.health.zwave).toMatchObject({ state: "waiting", reason: "waiting for Z-Wave JS" });

    await sleep(LATE_MS);
    broker = await startMosquitto();
    sim = await startAddonGateway(broker);
    supervisor.setMqtt({
      host: "127.0.0.1",
      port: Number(new URL(broker.url).port),
      username: broker.username,
      password: broker.password,
    });
    expect(await askUntil("turn on switch one", "Turned on Switch One.")).toBe("Turned on Switch One.");
    expect(bridge.output()).not.toMatch(/unexpected reply|MQTT broker: none|Z-Wave is off/);
  }, 60_000);
});

describe("the Z-Wave JS server starts listening after the add-on", () => {
  let stack: RealZwaveStack | undefined;
  afterAll(async () => stack?.stop());

  it("answers that Z-Wave is not connected yet, then switches the switch once the server listens", async () => {
    stack = await startRealZwaveStack();
    const url = stack.url;
    await stack.restartServer(async () => {
      bridge = await startBridgeProcess({ llm_provider: "local", zwave_server_url: url });
      await bridge.waitForLog("does not answer yet");
      const early = await ask("turn on switch one");
      expect(early.speech).toMatch(/Z-Wave is not connected yet/);
      await sleep(LATE_MS);
    });
    expect(await askUntil("turn on switch one", "Turned on Switch One.")).toBe("Turned on Switch One.");
  }, 90_000);
});
