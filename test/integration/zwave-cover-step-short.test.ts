// A motor passes the step before the position it was sent to on its way there, and some motors stop
// a step short (98 for 99). A cover heard one step off is said to be there only once it stands
// there: when the next report is the position itself, that is where the reply says it is. Behind
// Z-Wave JS UI's gateway simulated on a real Mosquitto; the shutter here moves only when the test
// reports it, so the order of its reports is exact.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSimulatedGateway } from "../support/zwave-backends.js";
import {
  rollerShutter,
  startZwaveServer,
  waitFor,
  type GatewaySimulator,
  type ZwaveServerClient,
} from "../support/zwave-gateway.js";

const SHUTTER = 4;
const POSITION = { commandClass: 38, endpoint: 0, property: "currentValue" };

let gateway: { sim: GatewaySimulator; stop(): Promise<void> };
let server: ZwaveServerClient;

beforeAll(async () => {
  const started = await startSimulatedGateway([
    rollerShutter(SHUTTER, "Hall Shutter", { loc: "Hall", ignoresSets: true }),
  ]);
  gateway = started;
  server = await startZwaveServer(started.env);
}, 30_000);

afterAll(async () => {
  await server?.close();
  await gateway?.stop();
});

/** How many writes the shutter has been sent. */
const writes = () =>
  gateway.sim.publishedSets.filter((s) => s.topic.includes("targetValue")).length +
  gateway.sim.apiCalls.filter((c) => c.api === "writeValue").length;

describe("a shutter heard a step off where it was sent", () => {
  it("that reports the position itself next is said to be at that position, not the step before", async () => {
    await gateway.sim.setValue(SHUTTER, POSITION, 99);
    const before = writes();
    const answer = server.call("control_zwave_cover", {
      deviceName: "Hall Shutter",
      action: "set_position",
      position: 30,
    });
    await waitFor(() => writes() > before, 10_000, "the write");
    // On its way down: level 31 (31 %), then 30, where it was sent (30 %).
    await gateway.sim.setValue(SHUTTER, POSITION, 31);
    await new Promise((r) => setTimeout(r, 100));
    await gateway.sim.setValue(SHUTTER, POSITION, 30);
    const r = await answer;
    expect(r.isError).toBe(false);
    expect(r.structured).toMatchObject({ position: 30, confirmation: "device" });
    expect(r.structured?.moving).toBeUndefined();
  });

  it("that stops a step short and stays there is said to be where it was sent, confirmed", async () => {
    await gateway.sim.setValue(SHUTTER, POSITION, 0);
    const before = writes();
    const answer = server.call("control_zwave_cover", { deviceName: "Hall Shutter", action: "open" });
    await waitFor(() => writes() > before, 10_000, "the write");
    await gateway.sim.setValue(SHUTTER, POSITION, 98);
    const r = await answer;
    expect(r.isError).toBe(false);
    // 98 of 99 is all the way open to a person.
    expect(r.structured).toMatchObject({ position: 99, confirmation: "device" });
    expect(r.structured?.moving).toBeUndefined();
  });
});
