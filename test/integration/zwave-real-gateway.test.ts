// What running the real Z-Wave JS UI gateway showed (recorded in
// test/support/zwave-gateway.ts and the simulator): restarts that replay old values, a stop that only `driver/status` tells, dead nodes
// that were never interviewed, and dimmers whose "on" is verified late. Each case goes through the
// real MCP client and Mosquitto, with the server's default confirmation window.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startMosquitto, type TestBroker } from "../support/mosquitto.js";
import {
  binarySwitch,
  dimmer,
  startGatewaySimulator,
  startZwaveServer,
  type GatewaySimulator,
  type SimNode,
  type ZwaveServerClient,
} from "../support/zwave-gateway.js";

const SWITCH_ONE = 2;
const KITCHEN_LIGHT = 3;
const SWITCH_CURRENT = { commandClass: 37, property: "currentValue" };
const LIGHT_CURRENT = { commandClass: 38, property: "currentValue" };

let broker: TestBroker;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  broker = await startMosquitto();
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

afterAll(async () => {
  await broker?.stop();
});

/** A gateway that starts up as the real one does (~3 s to the replay), and the server on stdio. */
async function setup(
  prefix: string,
  nodes: SimNode[],
): Promise<{ sim: GatewaySimulator; server: ZwaveServerClient }> {
  const sim = await startGatewaySimulator({
    brokerUrl: broker.url,
    username: broker.username,
    password: broker.password,
    prefix,
    gatewayName: `gateway-${prefix}`,
    nodes,
    startupMs: 3000,
  });
  cleanups.push(() => sim.stop());
  const server = await startZwaveServer({
    mqttUrl: broker.url,
    username: broker.username,
    password: broker.password,
    prefix,
  });
  cleanups.push(() => server.close());
  return { sim, server };
}

/** Every write that reached the broker for a node: value-topic `/set`s and writeValue calls. */
function writesTo(sim: GatewaySimulator, nodeId: number, valueTopic: string): number {
  return (
    sim.publishedSets.filter((s) => s.topic.startsWith(valueTopic)).length +
    sim.apiCalls.filter(
      (c) => c.api === "writeValue" && JSON.stringify(c.args).includes(`"nodeId":${nodeId}`),
    ).length
  );
}

describe("a gateway restart", () => {
  it("does not take the replay of an old value for the device's report, and the write is not lost", async () => {
    const { sim, server } = await setup("restart", [binarySwitch(SWITCH_ONE, "Switch One")]);
    expect(
      (await server.call("control_zwave_device", { deviceName: "switch one", action: "off" })).text,
    ).toBe("confirmed: Switch One is off");

    // Z-Wave JS UI restarts (an add-on update); meanwhile Switch One is turned on at the wall.
    await sim.halt("SIGTERM");
    await sim.setValue(SWITCH_ONE, SWITCH_CURRENT, true);
    const driverUp = sim.nextMessage("restart/driver/status", (p) => p === "true");
    const restarted = sim.start();
    await driverUp;

    // Asked to turn it off before the gateway has republished its values (~1 s later, with their
    // old `time`): a `/set` now would be dropped, and the replayed "off" must not count as a report.
    let answer = await server.call("control_zwave_device", { deviceName: "switch one", action: "off" });
    while (/offline/.test(answer.text)) {
      // The server may see the driver come back a moment after this test does; nothing was sent.
      answer = await server.call("control_zwave_device", { deviceName: "switch one", action: "off" });
    }
    await restarted;

    expect(sim.valueOf(SWITCH_ONE, SWITCH_CURRENT)).toBe(false);
    expect(answer.text).toBe("confirmed: Switch One is off");
  });

  it("never confirms from the replay when the device itself does not report", async () => {
    const { sim, server } = await setup("replay", [binarySwitch(8, "Porch Switch", { confirms: false })]);
    await sim.halt("SIGTERM");
    const driverUp = sim.nextMessage("replay/driver/status", (p) => p === "true");
    const restarted = sim.start();
    await driverUp;
    let answer = await server.call("control_zwave_device", { deviceName: "porch switch", action: "off" });
    while (/offline/.test(answer.text)) {
      answer = await server.call("control_zwave_device", { deviceName: "porch switch", action: "off" });
    }
    await restarted;
    // The replayed `currentValue` says off, as the user asked, but it is the gateway's old cache.
    expect(answer.text).toBe("sent, but Porch Switch has not confirmed; it last reported off");
    expect(answer.structured).toMatchObject({ confirmed: false });
  });
});

describe("a stopped gateway", () => {
  it("answers at once that Z-Wave JS UI's driver is offline when only driver/status says so, and sends nothing", async () => {
    const { sim, server } = await setup("stopped", [binarySwitch(SWITCH_ONE, "Switch One")]);
    const topic = sim.topicOf(SWITCH_ONE, { commandClass: 37, property: "targetValue" });
    expect((await server.call("control_zwave_device", { deviceName: "switch one", action: "on" })).text).toBe(
      "confirmed: Switch One is on",
    );

    // SIGTERM, as an add-on restart sends: the retained client status stays true.
    await sim.halt("SIGTERM");
    let before = writesTo(sim, SWITCH_ONE, topic);
    let answer = await server.call("control_zwave_device", { deviceName: "switch one", action: "off" });
    for (let attempt = 0; !answer.isError && attempt < 3; attempt++) {
      // Only the last answer counts: the server may hear of the stop a moment after this test.
      before = writesTo(sim, SWITCH_ONE, topic);
      answer = await server.call("control_zwave_device", { deviceName: "switch one", action: "off" });
    }
    expect(answer.isError).toBe(true);
    expect(answer.text).toMatch(/Z-Wave JS UI is offline/);
    expect(answer.text).toMatch(/driver/);
    expect(writesTo(sim, SWITCH_ONE, topic)).toBe(before);
    expect(sim.valueOf(SWITCH_ONE, SWITCH_CURRENT)).toBe(true);

    await sim.start();
    const after = await server.call("control_zwave_device", { deviceName: "switch one", action: "off" });
    expect(after.text).toBe("confirmed: Switch One is off");
  });
});

describe("a dead node that was never interviewed", () => {
  it("is reported dead, not as a device that cannot switch, and nothing is sent", async () => {
    const porch: SimNode = { id: 14, name: "Porch Light", status: "Dead", values: [] };
    const { sim, server } = await setup("dead", [binarySwitch(SWITCH_ONE, "Switch One"), porch]);
    const answer = await server.call("control_zwave_device", { deviceName: "porch light", action: "on" });
    expect(answer.isError).toBe(true);
    expect(answer.text).toMatch(/Porch Light is (dead|not responding)/);
    expect(answer.text).not.toMatch(/not a switch or dimmer/);
    expect(sim.publishedSets).toEqual([]);
    expect(sim.apiCalls.filter((c) => c.api === "writeValue")).toEqual([]);
  });
});

describe("a dimmer turned on without a level", () => {
  it("is confirmed, although zwave-js verifies the restored level only ~5 s later", async () => {
    const { sim, server } = await setup("dimmer", [
      dimmer(KITCHEN_LIGHT, "Kitchen Light", { loc: "Kitchen" }),
    ]);
    const answer = await server.call("control_zwave_device", { deviceName: "kitchen light", action: "on" });
    expect(answer.structured).toMatchObject({ confirmed: true });
    expect(answer.text).toMatch(/^confirmed: Kitchen Light is on/);
    expect(sim.valueOf(KITCHEN_LIGHT, LIGHT_CURRENT)).toBeGreaterThan(0);
  });
});
