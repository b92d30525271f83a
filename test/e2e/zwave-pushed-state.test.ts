// The bridge's view of the Z-Wave network is what the gateway reported a moment ago: the server
// pushes each report across the worker as it arrives (src/zwave/state-events.ts). A device changed
// elsewhere (at the wall, by another controller) is acted on and spoken of as it is now, 0.3 s
// later, behind either transport: Z-Wave JS UI's gateway (simulated on a real Mosquitto) and the
// real zwave-js driver with its mock controller behind @zwave-js/server.
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBridgeProcess, type BridgeProcess } from "../support/bridge-process.js";
import { converse } from "../support/wyoming-client.js";
import {
  bridgeOptionsFor,
  startBackend,
  type TransportName,
  type ZwaveBackend,
} from "../support/zwave-backends.js";

/** How long after the device's report the sentence comes: well under any listing's period. */
const SOON_MS = 300;

/** A level on the device's 0–99 scale, in percent as the bridge speaks it. */
const percentOf = (raw: unknown) => (typeof raw === "number" ? Math.round((raw / 99) * 100) : NaN);

describe.each<TransportName>(["mqtt", "websocket"])("a device changed elsewhere, over %s", (transport) => {
  let backend: ZwaveBackend;
  let bridge: BridgeProcess;
  const say = async (text: string, language = "en") =>
    (await converse("127.0.0.1", bridge.wyomingPort, { text, language })).response.speech;

  beforeAll(async () => {
    backend = await startBackend(transport);
    bridge = await startBridgeProcess({ llm_provider: "local", ...bridgeOptionsFor(backend) });
    await bridge.waitForLog("MCP server 'zwave' is up", 30_000);
  }, 90_000);

  afterAll(async () => {
    await bridge?.stop();
    await backend?.stop();
  });

  it('"dim the lights in the kitchen a bit" dims the light from its level now and leaves the bulb switched off at the wall off', async () => {
    await backend.levelAtTheWall("bulb", 80);
    await sleep(1000);
    await backend.levelAtTheWall("dimmer", 60);
    await backend.levelAtTheWall("bulb", 0);
    await sleep(SOON_MS);
    const speech = await say("dim the lights in the kitchen a bit");
    // 60 of 99 is 61 %; one step (25) less is 36 %, which the device reports back.
    expect(percentOf(backend.dimmerAtDevice())).toBe(36);
    expect(speech).toBe("Kitchen Light is at 36 percent now. Already off: Color Bulb.");
    expect(backend.bulbAtDevice().level).toBe(0);
  }, 30_000);

  it('"a bit brighter" starts from the level the light reported at the wall', async () => {
    await backend.levelAtTheWall("dimmer", 40);
    await sleep(SOON_MS);
    // 40 of 99 is 40 %; one step (25) more is 65 %.
    expect(await say("make the kitchen light a bit brighter")).toBe("Kitchen Light is at 65 percent now.");
    expect(percentOf(backend.dimmerAtDevice())).toBe(65);
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

  it("a meter's reading from before its plug switched off is said with its age, or the plug reports what it draws now", async () => {
    expect(await say("turn on the dryer plug")).toBe("Turned on Dryer Plug.");
    expect(await say("turn off the dryer plug")).toBe("Turned off Dryer Plug.");
    await sleep(SOON_MS);
    const speech = await say("how much power is the dryer plug using");
    if (transport === "mqtt") {
      // The simulated plug reports what a real metered plug does when switched off.
      expect(speech).toBe("Dryer Plug is using 0 watts.");
      expect(await say("turn on the dryer plug")).toBe("Turned on Dryer Plug.");
      await sleep(SOON_MS);
      expect(await say("how much power is the dryer plug using")).toBe("Dryer Plug is using 1,432.5 watts.");
    } else {
      // zwave-js's mock plug never reports its meter after the interview, and the Z-Wave JS
      // server's state carries no time for what was reported before we connected: the reading
      // is the device's last word, said as it is.
      expect(speech).toMatch(/^Dryer Plug (is|was) using 1,432\.5 watts\b/);
    }
  }, 30_000);

  it("a power reading is what the meter reported a moment ago", async () => {
    await backend.reportPower(812.3);
    await sleep(SOON_MS);
    expect(await say("how much power is the dryer plug using")).toBe("Dryer Plug is using 812.3 watts.");
    await backend.reportPower(3.5);
    await sleep(SOON_MS);
    expect(await say("wie viel Leistung zieht der Dryer Plug", "de")).toBe(
      "Dryer Plug verbraucht gerade 3,5 Watt.",
    );
  }, 30_000);

  it("a shutter moved at the wall is said, and stepped from, where it reported a moment ago", async () => {
    await backend.levelAtTheWall("shutter", 20);
    await sleep(SOON_MS);
    expect(await say("is the living room shutter open")).toBe("Yes, Living Room Shutter is 20 percent open.");
    // 20 of 99 is 20 %; one step (25) more is 45 %.
    expect(await say("open the living room shutter a bit")).toBe(
      "Living Room Shutter is 45 percent open now.",
    );
    expect(percentOf(backend.shutterAtDevice())).toBe(45);
    await backend.levelAtTheWall("shutter", 0);
    await sleep(SOON_MS);
    expect(await say("is the living room shutter closed")).toBe("Yes, Living Room Shutter is closed.");
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
