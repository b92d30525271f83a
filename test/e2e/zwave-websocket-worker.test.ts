// The add-on against the Z-Wave JS websocket server (the real zwave-js driver, mock controller and
// @zwave-js/server): its Z-Wave MCP server, in the bridge's worker thread, reaches the device and
// confirms by the device's own report.
import { afterAll, beforeAll, expect, it } from "vitest";
import { startBridgeProcess, type BridgeProcess } from "../support/bridge-process.js";
import { converse } from "../support/wyoming-client.js";
import { startRealZwaveStack, type RealZwaveStack } from "../support/zwave-js/real-stack.js";

let stack: RealZwaveStack;
let bridge: BridgeProcess;

beforeAll(async () => {
  stack = await startRealZwaveStack();
  bridge = await startBridgeProcess({
    llm_provider: "local",
    zwave_transport: "websocket",
    zwave_server_url: stack.url,
  });
  await bridge.waitForLog("MCP server 'zwave' is up", 30_000);
}, 60_000);

afterAll(async () => {
  await bridge?.stop();
  await stack?.stop();
});

it("turns a switch on through the Z-Wave JS server: the device is on, and the user is told so", async () => {
  expect(bridge.output()).toContain("Z-Wave MCP server ready (worker thread)");
  const outcome = await converse("127.0.0.1", bridge.wyomingPort, {
    text: "Turn on Switch One",
    language: "en",
  });
  expect(outcome.response.speech).toBe("Turned on Switch One.");
  expect(stack.deviceState("switch")).toBe(true);
});
