// The built add-on, spoken to over Wyoming as Home Assistant does, with a Z-Wave home of a
// two-outlet plug and a roller shutter behind either transport (Z-Wave JS UI's gateway simulated
// on a real Mosquitto; the real zwave-js driver with its mock controller behind @zwave-js/server):
// "Outlet 2" is one load of two, and a shutter is never one of "all the lights".
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBridgeProcess, type BridgeProcess } from "../support/bridge-process.js";
import { converse } from "../support/wyoming-client.js";
import {
  startBackend,
  type TransportName,
  type ZwaveBackend,
  bridgeOptionsFor,
} from "../support/zwave-backends.js";

describe.each<TransportName>(["mqtt", "websocket"])("spoken to Assist, Z-Wave over %s", (transport) => {
  let backend: ZwaveBackend;
  let bridge: BridgeProcess;
  const say = (text: string) => converse("127.0.0.1", bridge.wyomingPort, { text, language: "en" });

  beforeAll(async () => {
    backend = await startBackend(transport);
    bridge = await startBridgeProcess({ llm_provider: "local", ...bridgeOptionsFor(backend) });
    await bridge.waitForLog("MCP server 'zwave' is up", 30_000);
  }, 90_000);

  afterAll(async () => {
    await bridge?.stop();
    await backend?.stop();
  });

  it('"turn on outlet 2" switches the plug\'s endpoint 2 only', async () => {
    const on = await say("Turn on outlet 2");
    expect(on.event?.type).toBe("handled");
    expect(on.response.speech).toBe("Turned on Smart Plug Outlet 2.");
    expect(backend.relayAtDevice(2)).toBe(true);
    expect(backend.relayAtDevice(1)).not.toBe(true);
    const off = await say("Turn off outlet 2");
    expect(off.response.speech).toBe("Turned off Smart Plug Outlet 2.");
    expect(backend.relayAtDevice(2)).toBe(false);
  });

  it('"the smart plug", the name of a device of two outlets, is that device: never another plug', async () => {
    const asked = await say("turn on the smart plug");
    // Which outlet is asked, by their own names; never "which room" between it and the Dryer Plug.
    expect(asked.response.speech).toBe("Which one do you mean: Smart Plug Outlet 1 or Smart Plug Outlet 2?");
    expect(backend.relayAtDevice(1)).not.toBe(true);
    expect(backend.relayAtDevice(2)).not.toBe(true);
    // A question is answered for both outlets, and for no other plug.
    expect((await say("is the smart plug on")).response.speech).toBe("No, none is on.");
    await say("Turn on outlet 2");
    expect((await say("is the smart plug on")).response.speech).toBe(
      "On: Smart Plug Outlet 2. Not on: Smart Plug Outlet 1.",
    );
    await say("Turn off outlet 2");
  });

  it('"turn off all the lights" turns off the lights and leaves the roller shutter where it is', async () => {
    const before = backend.shutterAtDevice();
    expect(before).toBe(99);
    const outcome = await say("Turn off all the lights");
    expect(outcome.event?.type).toBe("handled");
    expect(outcome.response.speech).toContain("Kitchen Light");
    expect(outcome.response.speech).not.toContain("Shutter");
    expect(backend.shutterAtDevice()).toBe(before);
  }, 30_000);
});
