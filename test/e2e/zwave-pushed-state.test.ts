// The bridge's view of the Z-Wave network is what the gateway reported a moment ago: the server
// pushes each report across the worker as it arrives (src/zwave/state-events.ts). A device changed
// elsewhere (at the wall, by another controller) is acted on and spoken of as it is now, 0.3 s
// later, behind either transport: Z-Wave JS UI's gateway (simulated on a real Mosquitto) and the
// real zwave-js driver with its mock controller behind @zwave-js/server.
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBridgeProcess, type BridgeProcess } from "../support/bridge-process.js";
import { converse } from "../support/wyoming-client.js";
import { startBackend, type TransportName, type ZwaveBackend } from "../support/zwave-backends.js";

function bridgeOptions(backend: ZwaveBackend): Record<string, unknown> {
  const { env } = backend;
  return env.serverUrl
    ? { zwave_transport: "websocket", zwave_server_url: env.serverUrl }
    : {
        zwave_transport: "mqtt",
        mqtt_url: env.mqttUrl,
        mqtt_username: env.username,
        mqtt_password: env.password,
        zwave_topic_prefix: env.prefix,
        zwave_gateway_name: env.gatewayName,
      };
}

/** How long after the device's report the sentence comes: well under any listing's period. */
const SOON_MS = 300;

describe.each<TransportName>(["mqtt", "websocket"])("a device changed elsewhere, over %s", (transport) => {
  let backend: ZwaveBackend;
  let bridge: BridgeProcess;
  const say = async (text: string, language = "en") =>
    (await converse("127.0.0.1", bridge.wyomingPort, { text, language })).response.speech;

  beforeAll(async () => {
    backend = await startBackend(transport);
    bridge = await startBridgeProcess({ llm_provider: "local", ...bridgeOptions(backend) });
    await bridge.waitForLog("MCP server 'zwave' is up", 30_000);
  }, 90_000);

  afterAll(async () => {
    await bridge?.stop();
    await backend?.stop();
  });

  it('"dim the lights in the kitchen a bit" dims the light from its level now and leaves the bulb switched off at the wall off', async () => {
    // The bridge itself turned the bulb on: its own view has it on until the device says otherwise.
    expect(await say("turn on the color bulb")).toBe("Turned on Color Bulb.");
    await sleep(500);
    await backend.levelAtTheWall("dimmer", 60);
    await backend.levelAtTheWall("bulb", 0);
    await sleep(SOON_MS);
    const speech = await say("dim the lights in the kitchen a bit");
    // 60 % less one step (25) is 35 % (35 of 99 on the device's scale).
    expect(speech).toContain("Kitchen Light is at 35 percent now.");
    expect(speech).toContain("Already off: Color Bulb.");
    expect(backend.bulbAtDevice().level).toBe(0);
    expect(backend.dimmerAtDevice()).toBe(35);
  }, 30_000);

  it('"a bit brighter" starts from the level the light reported at the wall', async () => {
    await backend.levelAtTheWall("dimmer", 40);
    await sleep(SOON_MS);
    expect(await say("make the kitchen light a bit brighter")).toBe("Kitchen Light is at 65 percent now.");
    expect(backend.dimmerAtDevice()).toBe(65);
  }, 30_000);

  it("a question says the state the switch reported at the wall a moment ago", async () => {
    await backend.switchAtTheWall(true);
    await sleep(SOON_MS);
    expect(await say("is switch one on")).toMatch(/^Yes\b/);
    await backend.switchAtTheWall(false);
    await sleep(SOON_MS);
    expect(await say("is switch one on")).toMatch(/^No\b/);
    expect(await say("ist Switch One an", "de")).toMatch(/^Nein\b/);
  }, 30_000);

  it("the status page lists the device as it reported a moment ago", async () => {
    await backend.levelAtTheWall("dimmer", 20);
    await sleep(SOON_MS);
    const status = (await (await fetch(`${bridge.apiUrl}/status.json`)).json()) as {
      devices: { zwave?: { devices: Array<{ name: string; value?: string | null }> } };
    };
    const light = status.devices.zwave?.devices.find((d) => d.name === "Kitchen Light");
    expect(light?.value).toMatch(/20 ?%/);
  }, 30_000);
});
