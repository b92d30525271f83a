// zwave-js's optimistic echo of a Set, told from the device's report, in the orders the two
// servers deliver them: Z-Wave JS UI publishes the echo before its writeValue answer,
// @zwave-js/server sends it a few event-loop turns after the result.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createEchoFilter } from "../../src/zwave/optimistic-echo.js";
import { SetValueStatus } from "../../src/zwave/set-value-status.js";

const TARGET = { commandClass: 37, endpoint: 0, property: "targetValue" };
const CURRENT = { commandClass: 37, endpoint: 0, property: "currentValue" };
const SETPOINT = { commandClass: 67, endpoint: 0, property: "setpoint", propertyKey: 1 };

function recorder() {
  const applied: string[] = [];
  return { applied, apply: (what: string) => () => void applied.push(what) };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("the optimistic echo filter", () => {
  it("drops the echo that came before an acknowledged Set's answer, and takes the device's report after it", () => {
    const filter = createEchoFilter({ targetEcho: "always" });
    const { applied, apply } = recorder();
    const write = filter.begin(2, TARGET, true);
    filter.offer(2, TARGET, true, apply("target echo"));
    filter.offer(2, CURRENT, true, apply("current echo"));
    write.settle(SetValueStatus.SuccessUnsupervised);
    filter.offer(2, CURRENT, false, apply("verification report: still off"));
    expect(applied).toEqual(["verification report: still off"]);
  });

  it("drops the echo that follows the result, and takes the next report carrying the same state", () => {
    const filter = createEchoFilter({ targetEcho: { graceMs: 250 } });
    const { applied, apply } = recorder();
    filter.begin(2, TARGET, true).settle(SetValueStatus.SuccessUnsupervised);
    filter.offer(2, CURRENT, true, apply("echo"));
    vi.advanceTimersByTime(1000);
    filter.offer(2, CURRENT, true, apply("verification report: on"));
    expect(applied).toEqual(["verification report: on"]);
  });

  it("applies everything after a supervised success, the device's own word", () => {
    const filter = createEchoFilter({ targetEcho: "always" });
    const { applied, apply } = recorder();
    const write = filter.begin(2, TARGET, true);
    filter.offer(2, CURRENT, true, apply("current"));
    write.settle(SetValueStatus.Success);
    expect(applied).toEqual(["current"]);
  });

  it("applies what came meanwhile when zwave-js refused the write, and leaves other values alone", () => {
    const filter = createEchoFilter({ targetEcho: "always" });
    const { applied, apply } = recorder();
    const write = filter.begin(2, TARGET, true);
    filter.offer(2, { commandClass: 49, endpoint: 0, property: "Air temperature" }, 21, apply("sensor"));
    filter.offer(2, CURRENT, true, apply("report"));
    write.settle(SetValueStatus.Fail);
    expect(applied).toEqual(["sensor", "report"]);
  });

  it("expects an echo of a value without a current twin only shortly after the result when unsure", () => {
    const filter = createEchoFilter({ targetEcho: { graceMs: 250 } });
    const { applied, apply } = recorder();
    filter.begin(5, SETPOINT, 22).settle(SetValueStatus.SuccessUnsupervised);
    vi.advanceTimersByTime(1000);
    filter.offer(5, SETPOINT, 22, apply("thermostat's report"));
    expect(applied).toEqual(["thermostat's report"]);
  });

  it("drops the same echo republished later with its zwave-js stamp, but not a new report", () => {
    const filter = createEchoFilter({ targetEcho: "always" });
    const { applied, apply } = recorder();
    const write = filter.begin(2, TARGET, false);
    filter.offer(2, CURRENT, false, apply("echo"), 1000);
    write.settle(SetValueStatus.SuccessUnsupervised);
    vi.advanceTimersByTime(5000);
    filter.offer(2, CURRENT, false, apply("republished echo"), 1000);
    filter.offer(2, CURRENT, false, apply("device report"), 7000);
    expect(applied).toEqual(["device report"]);
  });
});
