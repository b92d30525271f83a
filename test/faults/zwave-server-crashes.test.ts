// Fault: the Z-Wave MCP server (a worker thread of the bridge) crashes mid-session with an uncaught
// exception, made to throw from outside through Node's inspector. The bridge must stay up, the user
// must still get answers, be told the truth while it is gone, and get control back without anyone
// restarting anything.
import { GRAMMARS } from "../../src/understanding/grammar.js";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startBridgeProcess, type BridgeProcess } from "../support/bridge-process.js";
import { brokerOptions, startMosquitto, type TestBroker } from "../support/mosquitto.js";
import { INSPECT_OPTIONS, inspectWorkers, type WorkerInspector } from "../support/worker-inspector.js";
import { converse } from "../support/wyoming-client.js";
import { startAddonGateway, type GatewaySimulator } from "../support/zwave-gateway.js";

const SWITCH_ONE = 2;

let broker: TestBroker;
let simulator: GatewaySimulator;
let bridge: BridgeProcess;
let inspector: WorkerInspector;

const say = (text: string) => converse("127.0.0.1", bridge.wyomingPort, { text, language: "en" });

beforeAll(async () => {
  broker = await startMosquitto();
  simulator = await startAddonGateway(broker);
  bridge = await startBridgeProcess({ llm_provider: "local", ...brokerOptions(broker) }, INSPECT_OPTIONS);
  await bridge.waitForLog("MCP server 'zwave' is up");
  inspector = await inspectWorkers(bridge);
  await inspector.firstWorker();
});

afterAll(async () => {
  inspector?.close();
  await bridge?.stop();
  await simulator?.stop();
  await broker?.stop();
});

/** Generous: only keeps a restart that never comes from hanging the run. How fast it comes is a benchmark's business. */
const HANG_GUARD_MS = 30_000;

/** The Z-Wave server's worker: the bridge runs no other. */
function zwaveWorker(): string {
  const [worker, ...others] = inspector.workers();
  expect(others).toEqual([]);
  return worker!;
}

it("answers while the Z-Wave server is dead, says it is unavailable, and is back in control by itself", async () => {
  expect((await say("Turn on Switch One")).response.speech).toBe("Turned on Switch One.");
  const worker = zwaveWorker();

  await inspector.crash(worker);
  await bridge.waitForLog("MCP server 'zwave' stopped", HANG_GUARD_MS);
  expect(bridge.child.exitCode).toBeNull();
  // What went wrong is in the add-on log, as a child's stack on its stderr was.
  expect(bridge.output()).toContain("worker thread failed: crash injected by the fault test");

  // The restart waits its backoff and then starts a new worker, so this sentence lands while it is gone.
  const during = await say("Turn off Switch One");
  // An action that failed is `not-handled`: HA speaks the text as an error.
  expect(during.event?.type).toBe("not-handled");
  // Said by its code, in the request's language: the server's English reason is for the log.
  expect(during.response.speech).toBe("Switch One can't be reached right now. Please try again in a moment.");
  expect(simulator.valueOf(SWITCH_ONE, { commandClass: 37, endpoint: 0, property: "targetValue" })).toBe(
    true,
  );

  await bridge.waitForLog("MCP server 'zwave' is back", HANG_GUARD_MS);
  const restarted = await inspector.nextWorker(worker);
  expect(inspector.workers()).toEqual([restarted]);

  const after = await say("Turn off Switch One");
  expect(after.response.speech).toBe("Turned off Switch One.");
  expect(simulator.valueOf(SWITCH_ONE, { commandClass: 37, endpoint: 0, property: "currentValue" })).toBe(
    false,
  );
});

it("does not forget the devices while the server is down: no 'couldn't find' during or after the outage", async () => {
  // The bridge caches the device list for 5 s; let it go stale so the outage sentence asks again.
  await new Promise((r) => setTimeout(r, 5500));
  const backs = bridge.output().split("MCP server 'zwave' is back").length - 1;
  await inspector.crash(zwaveWorker());
  await waitForLogCount("MCP server 'zwave' stopped", 2);

  const during = await say("Turn on Switch One");
  expect(during.response.speech).toBe(
    GRAMMARS.en!.replies.errors.unavailable.replace("{name}", "Switch One"),
  );

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
