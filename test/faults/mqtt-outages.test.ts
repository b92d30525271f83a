// Faults on the way to the Z-Wave network: Z-Wave JS UI goes offline, and the MQTT broker
// restarts. The user hears what is wrong; commands given during an outage are never carried out
// later behind their back; control comes back by itself.
import { GRAMMARS } from "../../src/understanding/grammar.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBridgeProcess, type BridgeProcess } from "../support/bridge-process.js";
import { brokerOptions, startMosquitto, type TestBroker } from "../support/mosquitto.js";
import { converse } from "../support/wyoming-client.js";
import { startAddonGateway, type GatewaySimulator } from "../support/zwave-gateway.js";

const SWITCH_ONE = 2;
const CURRENT = { commandClass: 37, endpoint: 0, property: "currentValue" };

let broker: TestBroker;
let simulator: GatewaySimulator;
let bridge: BridgeProcess;

const say = (text: string) => converse("127.0.0.1", bridge.wyomingPort, { text, language: "en" });
const KITCHEN_LIGHT = 3;
/** Every write that reached the gateway for the Kitchen Light: value-topic sets and writeValue API calls. */
const kitchenWrites = () => [
  ...simulator.publishedSets.filter((s) =>
    s.topic.startsWith(
      simulator.topicOf(KITCHEN_LIGHT, { commandClass: 38, endpoint: 0, property: "targetValue" }),
    ),
  ),
  ...simulator.apiCalls.filter((c) => JSON.stringify(c.args).includes(`"nodeId":${KITCHEN_LIGHT}`)),
];

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

describe("Z-Wave JS UI goes offline", () => {
  it("says Z-Wave cannot be reached (the reason goes to the log), and control works again once it is back", async () => {
    expect((await say("Turn on Switch One")).response.speech).toBe("Turned on Switch One.");
    await simulator.halt("SIGKILL");
    const outcome = await say("Turn off Switch One");
    expect(outcome.event?.type).toBe("not-handled");
    expect(outcome.response.speech).toBe(GRAMMARS.en!.replies.errors.offline);
    expect(simulator.valueOf(SWITCH_ONE, CURRENT)).toBe(true);

    await simulator.start();
    const after = await retryUntil(() => say("Turn off Switch One"), "Turned off Switch One.");
    expect(after).toBe("Turned off Switch One.");
  });
});

describe("Mosquitto restarts, down for 3 s", () => {
  it("fails clearly during the outage, never replays that command, and controls again once it is back", async () => {
    expect((await say("Turn on Switch One")).response.speech).toBe("Turned on Switch One.");
    const kitchenBefore = kitchenWrites().length;
    const restart = broker.restart({ downMs: 3000 });
    await bridge.waitForLog("lost the MQTT broker", HANG_GUARD_MS);

    const during = await say("Dim the Kitchen Light to 30 percent");
    expect(during.event?.type).toBe("not-handled");
    expect(during.response.speech).toBe(GRAMMARS.en!.replies.errors.offline);

    await restart;
    const after = await retryUntil(() => say("Turn off Switch One"), "Turned off Switch One.");
    expect(after).toBe("Turned off Switch One.");
    expect(simulator.valueOf(SWITCH_ONE, CURRENT)).toBe(false);

    // Give a queued publish every chance to arrive: the dim asked for during the outage never happens.
    await new Promise((r) => setTimeout(r, 1500));
    expect(kitchenWrites().slice(kitchenBefore)).toEqual([]);
    expect(
      simulator.valueOf(KITCHEN_LIGHT, { commandClass: 38, endpoint: 0, property: "currentValue" }),
    ).toBe(0);
  });
});

/** Generous: only keeps a recovery that never comes from hanging the run. Recovery time is a benchmark's business. */
const HANG_GUARD_MS = 30_000;

/** Repeats a sentence until it gets `expected` (or the hang guard runs out); returns the last speech. */
async function retryUntil(
  attempt: () => ReturnType<typeof say>,
  expected: string,
  timeoutMs = HANG_GUARD_MS,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const speech = (await attempt()).response.speech;
    if (speech === expected || Date.now() > deadline) return speech;
    await new Promise((r) => setTimeout(r, 250));
  }
}
