// "Everything" never touches a lock, on the real Z-Wave JS stack: the real zwave-js driver on its
// mock controller behind the real @zwave-js/server, a Z-Wave door lock (Front Door) put in the
// Hallway beside a Z-Wave switch (Switch One), and the built bridge spoken to over Wyoming.
import { afterAll, beforeAll, expect, it } from "vitest";
import { startBridgeProcess, type BridgeProcess } from "../support/bridge-process.js";
import { converse } from "../support/wyoming-client.js";
import { startRealZwaveStack, type RealZwaveStack } from "../support/zwave-js/real-stack.js";

const SECURED = 255;
const UNSECURED = 0;

let stack: RealZwaveStack;
let bridge: BridgeProcess;

beforeAll(async () => {
  stack = await startRealZwaveStack();
  for (const device of ["lock", "switch"] as const) {
    await stack.serverCommand("node.set_location", {
      nodeId: stack.devices[device],
      location: "Hallway",
      updateCC: false,
    });
  }
  // Locked at the device (the mock holds a mode once one was set).
  await setLock(SECURED);
  bridge = await startBridgeProcess({
    llm_provider: "local",
    zwave_transport: "websocket",
    zwave_server_url: stack.url,
  });
  await bridge.waitForLog("MCP server 'zwave' is up", 30_000);
}, 90_000);

function setLock(mode: number) {
  return stack.serverCommand("node.set_value", {
    nodeId: stack.devices.lock,
    valueId: { commandClass: 98, endpoint: 0, property: "targetMode" },
    value: mode,
  });
}

afterAll(async () => {
  await bridge?.stop();
  await stack?.stop();
});

const say = (text: string, conversationId: string) =>
  converse("127.0.0.1", bridge.wyomingPort, { text, language: "en", conversationId });

it("'turn off everything in the hallway' turns off the switch and neither unlocks nor offers to unlock the lock", async () => {
  expect(stack.deviceState("lock")).toBe(SECURED);
  const outcome = await say("turn off everything in the hallway", "hall-off");
  expect(outcome.response.speech).toBe("Turned off Switch One.");
  expect(stack.deviceState("switch")).toBe(false);
  // Nothing was held: a yes now does nothing.
  await say("yes", "hall-off");
  expect(stack.deviceState("lock")).toBe(SECURED);
});

it("'turn on everything in the hallway' turns on the switch and does not lock an unlocked lock", async () => {
  await setLock(UNSECURED);
  expect(stack.deviceState("lock")).toBe(UNSECURED);
  const outcome = await say("turn on everything in the hallway", "hall-on");
  expect(outcome.response.speech).toBe("Turned on Switch One.");
  expect(stack.deviceState("switch")).toBe(true);
  expect(stack.deviceState("lock")).toBe(UNSECURED);
});
