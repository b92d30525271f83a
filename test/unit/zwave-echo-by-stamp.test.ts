// On the Z-Wave JS websocket server an echo is told by zwave-js's own value DB: its optimistic
// update leaves the target's timestamp as it was, a report stamps it, and the related current value
// comes right after a target echo or not at all (src/zwave/transports/websocket/echo-by-stamp.ts).
// The driver here is a stand-in for that value DB: a report stamps, an echo does not. Events given
// one after another without `await flush()` between them arrive in one burst, before any answer.
import { afterEach, describe, expect, it, vi } from "vitest";
import { createEchoByStampFilter } from "../../src/zwave/transports/websocket/echo-by-stamp.js";
import { valueKey, type ValueId } from "../../src/zwave/model.js";
import { SetValueStatus } from "../../src/zwave/set-value-status.js";

const TARGET = { commandClass: 37, endpoint: 0, property: "targetValue" };
const CURRENT = { commandClass: 37, endpoint: 0, property: "currentValue" };
const DURATION = { commandClass: 37, endpoint: 0, property: "duration" };
/** A shutter's Multilevel Switch. */
const LEVEL_TARGET = { commandClass: 38, endpoint: 0, property: "targetValue" };
const LEVEL_CURRENT = { commandClass: 38, endpoint: 0, property: "currentValue" };
const SETPOINT = { commandClass: 67, endpoint: 0, property: "setpoint", propertyKey: 1 };

/** Lets the filter's questions and answers run. */
const flush = async () => {
  for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve));
};

function setUp(options: { asking?: "works" | "fails" } = {}) {
  const stamps = new Map<string, number>();
  let clock = 1000;
  const rechecks: string[] = [];
  const filter = createEchoByStampFilter({
    stampOf: async (_nodeId, valueId) => {
      if (options.asking === "fails") throw new Error("offline");
      return stamps.get(valueKey(valueId));
    },
    // A Get takes a radio round trip.
    recheck: async (_nodeId, valueId) => {
      rechecks.push(valueKey(valueId));
      await new Promise((resolve) => setTimeout(resolve, 50));
    },
  });
  const applied: string[] = [];
  const driver = {
    /** zwave-js's optimistic update: the value changes, its stamp does not. */
    echo: (v: ValueId, value: unknown, what: string) =>
      filter.offer(2, v, value, () => void applied.push(what)),
    /** A report from the device: stamped. */
    report(v: ValueId, value: unknown, what: string) {
      stamps.set(valueKey(v), ++clock);
      filter.offer(2, v, value, () => void applied.push(what));
    },
    /** Any other event on the connection ("statistics updated"). */
    other: () => filter.heard(),
    /** A write; the stamp asked before it is answered before anything it causes arrives. */
    async write(v: ValueId, payload: unknown, slowActuator = false) {
      const write = filter.begin(2, v, payload, Promise.resolve(stamps.get(valueKey(v))), slowActuator);
      await flush();
      return write;
    },
  };
  return { applied, driver, rechecks };
}

describe("echoes told by zwave-js's stamps", () => {
  afterEach(() => void vi.useRealTimers());

  it("drops the optimistic update that follows the result, and takes the report after it", async () => {
    const { applied, driver } = setUp();
    driver.report(TARGET, false, "an old report of the target");
    const write = await driver.write(TARGET, true);
    driver.other();
    write.answered(SetValueStatus.SuccessUnsupervised);
    driver.echo(TARGET, true, "target echo");
    driver.echo(CURRENT, true, "current echo");
    await flush();
    driver.report(CURRENT, false, "verification: still off");
    await flush();
    expect(applied).toEqual(["an old report of the target", "verification: still off"]);
  });

  it("drops it too when it came before the result, and for a target never stamped", async () => {
    const { applied, driver } = setUp();
    const write = await driver.write(TARGET, true);
    driver.echo(TARGET, true, "target echo");
    driver.echo(CURRENT, true, "current echo");
    await flush();
    write.answered(SetValueStatus.SuccessUnsupervised);
    await flush();
    expect(applied).toEqual([]);
  });

  it("takes the device's report at once when optimistic updates are off", async () => {
    const { applied, driver } = setUp();
    const write = await driver.write(TARGET, true);
    write.answered(SetValueStatus.SuccessUnsupervised);
    driver.report(CURRENT, true, "report");
    await flush();
    expect(applied).toEqual(["report"]);
  });

  it("takes a report that carries the target and the current value, as Binary Switch version 2 sends it", async () => {
    const { applied, driver } = setUp();
    const write = await driver.write(TARGET, true);
    write.answered(SetValueStatus.SuccessUnsupervised);
    driver.report(DURATION, 0, "duration");
    driver.report(TARGET, true, "target");
    driver.report(CURRENT, true, "current");
    await flush();
    expect(applied).toEqual(["duration", "target", "current"]);
  });

  it("drops a Working Set's stamped target, and takes the device's report", async () => {
    const { applied, driver } = setUp();
    const write = await driver.write(TARGET, true);
    driver.report(TARGET, true, "target, stamped");
    write.answered(SetValueStatus.Working);
    await flush();
    driver.report(CURRENT, true, "report");
    await flush();
    expect(applied).toEqual(["report"]);
  });

  it("takes a supervised success's updates, the device's own word", async () => {
    const { applied, driver } = setUp();
    const write = await driver.write(TARGET, true);
    driver.report(TARGET, true, "target");
    write.answered(SetValueStatus.Success);
    driver.report(CURRENT, true, "current");
    await flush();
    expect(applied).toEqual(["target", "current"]);
  });

  it("drops a current value only right after its target's echo", async () => {
    const { applied, driver } = setUp();
    const write = await driver.write(TARGET, true);
    write.answered(SetValueStatus.SuccessUnsupervised);
    // A slow actuator: zwave-js updates the target only.
    driver.echo(TARGET, true, "target echo");
    driver.other();
    driver.report(CURRENT, true, "report");
    await flush();
    expect(applied).toEqual(["report"]);
  });

  it("takes a motor's report that comes right after its target's echo: zwave-js updates no current value of a slow actuator", async () => {
    const { applied, driver } = setUp();
    const write = await driver.write(LEVEL_TARGET, 30, true);
    write.answered(SetValueStatus.SuccessUnsupervised);
    driver.echo(LEVEL_TARGET, 30, "target echo");
    // Asked at once, the shutter answers before anything else comes on the connection.
    driver.report(LEVEL_CURRENT, 30, "shutter's report");
    await flush();
    expect(applied).toEqual(["shutter's report"]);
  });

  it("drops the echo of a value that has no current twin, and takes the report", async () => {
    const { applied, driver } = setUp();
    const write = await driver.write(SETPOINT, 22);
    write.answered(SetValueStatus.SuccessUnsupervised);
    driver.echo(SETPOINT, 22, "setpoint echo");
    await flush();
    driver.report(SETPOINT, 22, "thermostat's report");
    await flush();
    expect(applied).toEqual(["thermostat's report"]);
  });

  it("drops the echoes of two overlapping writes, and takes the report after them", async () => {
    const { applied, driver, rechecks } = setUp();
    const first = await driver.write(TARGET, true);
    const second = await driver.write(TARGET, true);
    first.answered(SetValueStatus.SuccessUnsupervised);
    driver.echo(TARGET, true, "first's target echo");
    driver.echo(CURRENT, true, "first's current echo");
    await flush();
    second.answered(SetValueStatus.SuccessUnsupervised);
    driver.echo(TARGET, true, "second's target echo");
    driver.echo(CURRENT, true, "second's current echo");
    await flush();
    driver.report(DURATION, 0, "duration");
    driver.report(TARGET, true, "report's target");
    driver.report(CURRENT, true, "report's current");
    await flush();
    expect(applied).toEqual(["duration", "report's target", "report's current"]);
    expect(rechecks).toEqual([]);
  });

  it("drops what one burst leaves unproven, and asks the device again, whose answer counts", async () => {
    const { applied, driver, rechecks } = setUp();
    const first = await driver.write(TARGET, true);
    const second = await driver.write(TARGET, true);
    first.answered(SetValueStatus.SuccessUnsupervised);
    second.answered(SetValueStatus.SuccessUnsupervised);
    // The first write's report and the second write's echo arrive together: their stamps cannot
    // be told apart.
    driver.report(TARGET, true, "first's report, target");
    driver.report(CURRENT, true, "first's report, current");
    driver.echo(TARGET, true, "second's target echo");
    driver.echo(CURRENT, true, "second's current echo");
    await flush();
    expect(applied).toEqual([]);
    expect(rechecks).toEqual(["37-0-currentValue"]);
    // The device's answer to the Get comes alone.
    driver.report(TARGET, true, "answer, target");
    driver.report(CURRENT, true, "answer, current");
    await flush();
    expect(applied).toEqual(["answer, target", "answer, current"]);
  });

  it("drops another client's optimistic update of the target as well as its own", async () => {
    const { applied, driver } = setUp();
    const write = await driver.write(TARGET, true);
    // Home Assistant's Z-Wave JS integration turns it off meanwhile, on the same server.
    driver.echo(TARGET, false, "the other client's target echo");
    driver.echo(CURRENT, false, "the other client's current echo");
    await flush();
    write.answered(SetValueStatus.SuccessUnsupervised);
    driver.echo(TARGET, true, "target echo");
    driver.echo(CURRENT, true, "current echo");
    await flush();
    expect(applied).toEqual([]);
    driver.report(CURRENT, true, "report");
    await flush();
    expect(applied).toEqual(["report"]);
  });

  it("drops what it cannot prove either way when the stamp cannot be asked, and asks the device again", async () => {
    const { applied, driver, rechecks } = setUp({ asking: "fails" });
    const write = await driver.write(TARGET, true);
    write.abandoned();
    driver.echo(TARGET, true, "target");
    driver.echo(CURRENT, true, "current");
    await flush();
    expect(applied).toEqual([]);
    expect(rechecks).toEqual(["37-0-currentValue"]);
  });

  it("stops looking for a write's echo half a minute after its result, without a timer of its own", async () => {
    vi.useFakeTimers({ toFake: ["Date", "setTimeout", "setInterval"] });
    const { applied, driver } = setUp();
    const write = await driver.write(TARGET, true);
    write.answered(SetValueStatus.SuccessUnsupervised);
    // Nothing is left to wake the thread for this switch.
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(10_000);
    driver.echo(TARGET, false, "an update 10 s later");
    await flush();
    expect(applied).toEqual([]);
    vi.advanceTimersByTime(25_000);
    driver.echo(TARGET, true, "an update 35 s later");
    await flush();
    expect(applied).toEqual(["an update 35 s later"]);
  });

  it("watches a target for half a minute after its last write, however many came before", async () => {
    vi.useFakeTimers({ toFake: ["Date", "setTimeout", "setInterval"] });
    const { applied, driver } = setUp();
    for (const on of [true, false, true]) {
      const write = await driver.write(TARGET, on);
      write.answered(SetValueStatus.SuccessUnsupervised);
      vi.advanceTimersByTime(20_000);
    }
    // A minute after the first write, 20 s after the last.
    driver.echo(TARGET, true, "an update 20 s after the last write");
    await flush();
    expect(applied).toEqual([]);
    vi.advanceTimersByTime(15_000);
    driver.echo(TARGET, false, "an update 35 s after the last write");
    await flush();
    expect(applied).toEqual(["an update 35 s after the last write"]);
  });

  it("still drops a Working Set's stamped target when another write to it came after", async () => {
    const { applied, driver } = setUp();
    const working = await driver.write(TARGET, true);
    working.answered(SetValueStatus.Working);
    const later = await driver.write(TARGET, false);
    later.answered(SetValueStatus.SuccessUnsupervised);
    driver.report(TARGET, true, "the Working Set's target, stamped");
    await flush();
    driver.report(CURRENT, false, "report");
    await flush();
    expect(applied).toEqual(["report"]);
  });

  it("applies at once what no write waits on", () => {
    const { applied, driver } = setUp();
    driver.report(CURRENT, true, "a switch flipped at the wall");
    expect(applied).toEqual(["a switch flipped at the wall"]);
  });
});
