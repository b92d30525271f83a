// Fault: the Z-Wave MCP server (a stdio child of the bridge) is killed mid-session. The user must
// still get answers, told the truth while it is gone, and get control back without anyone
// restarting anything.
import { afterAll, beforeAll, expect, it } from "vitest";
import { startBridgeProcess, type BridgeProcess } from "../support/bridge-process.js";
import { brokerOptions, startMosquitto, type TestBroker } from "../support/mosquitto.js";
import { childProcesses, waitForChild } from "../support/process-tree.js";
import { converse } from "../support/wyoming-client.js";
import { startAddonGateway, type GatewaySimulator } from "../support/zwave-gateway.js";

const ZWAVE_CHILD = /zwave\/server\.js/;
const SWITCH_ONE = 2;

let broker: TestBroker;
let simulator: GatewaySimulator;
let bridge: BridgeProcess;

const say = (text: string) => converse("127.0.0.1", bridge.wyomingPort, { text, language: "en" });

beforeAll(async () => {
  broker = await startMosquitto();
  simulator = await startAddonGateway(broker);
  bridge = await startBridgeProcess({
    llm_provider: "local",
    ...brokerOptions(broker),
  });
  await bridge.waitForLog("MCP server 'zwave' is up");
});

afterAll(async () => {
  await bridge?.stop();
  await simulator?.stop();
  await broker?.stop();
});

/** Generous: only keeps a restart that never comes from hanging the run. How fast it comes is a benchmark's business. */
const HANG_GUARD_MS = 30_000;

it("answers while the Z-Wave server is dead, says it is unavailable, and is back in control by itself", async () => {
  expect((await say("Turn on Switch One")).response.speech).toBe("Turned on Switch One.");
  const pid = bridge.child.pid as number;
  const zwavePid = await waitForChild(pid, ZWAVE_CHILD);

  process.kill(zwavePid, "SIGKILL");
  await bridge.waitForLog("MCP server 'zwave' stopped", HANG_GUARD_MS);

  // The restart waits its backoff and then spawns node, so this sentence lands while it is gone.
  const during = await say("Turn off Switch One");
  // An action that failed is `not-handled`: HA speaks the text as an error.
  expect(during.event?.type).toBe("not-handled");
  expect(during.response.speech).toMatch(/^That didn't work: The MCP server 'zwave' is unavailable/);
  expect(simulator.valueOf(SWITCH_ONE, { commandClass: 37, endpoint: 0, property: "targetValue" })).toBe(
    true,
  );

  await bridge.waitForLog("MCP server 'zwave' is back", HANG_GUARD_MS);
  const newPid = await waitForChild(pid, ZWAVE_CHILD);
  expect(newPid).not.toBe(zwavePid);
  expect(childProcesses(pid).some((c) => c.pid === zwavePid)).toBe(false);

  const after = await say("Turn off Switch One");
  expect(after.response.speech).toBe("Turned off Switch One.");
  expect(simulator.valueOf(SWITCH_ONE, { commandClass: 37, endpoint: 0, property: "currentValue" })).toBe(
    false,
  );
});

it("does not forget the devices while the server is down: no 'couldn't find' during or after the outage", async () => {
  const pid = bridge.child.pid as number;
  // The bridge caches the device list for 5 s; let it go stale so the outage sentence asks again.
  await new Promise((r) => setTimeout(r, 5500));
  const zwavePid = await waitForChild(pid, ZWAVE_CHILD);
  const backs = bridge.output().split("MCP server 'zwave' is back").length - 1;
  process.kill(zwavePid, "SIGKILL");
  await waitForLogCount("MCP server 'zwave' stopped", 2);

  const during = await say("Turn on Switch One");
  expect(during.response.speech).toMatch(/^That didn't work: The MCP server 'zwave' is unavailable/);

  await waitForLogCount("MCP server 'zwave' is back", backs + 1);
  const after = await say("Turn on Switch One");
  expect(after.response.speech).toBe("Turned on Switch One.");
});

async function waitForLogCount(text: string, count: number, timeoutMs = HANG_GUARD_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (bridge.output().split(text).length - 1 < count) {
    if (Date.now() > deadline) throw new Error(`the bridge did not log '${text}' ${count} times`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
