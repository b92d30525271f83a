// Z-Wave JS UI publishes zwave-js's optimistic update of a write before its answer to that write,
// and the driver answers writes in order: the echo is what came last before a write's own answer,
// and nothing after the answer is one (src/zwave/transports/mqtt/echo-before-answer.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createEchoBeforeAnswerFilter } from "../../src/zwave/transports/mqtt/echo-before-answer.js";
import { SetValueStatus } from "../../src/zwave/set-value-status.js";

const TARGET = { commandClass: 37, endpoint: 0, property: "targetValue" };
const CURRENT = { commandClass: 37, endpoint: 0, property: "currentValue" };
const DURATION = { commandClass: 37, endpoint: 0, property: "duration" };
const SENSOR = { commandClass: 49, endpoint: 0, property: "Air temperature" };

function setUp() {
  const filter = createEchoBeforeAnswerFilter();
  const applied: string[] = [];
  const offer = (v: typeof TARGET, value: unknown, what: string, stamp?: number) =>
    filter.offer(2, v, value, () => void applied.push(what), stamp);
  return { filter, applied, offer };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("echoes told by Z-Wave JS UI's answer", () => {
  it("drops the optimistic update before an acknowledged Set's answer, and takes what comes after", () => {
    const { filter, applied, offer } = setUp();
    const write = filter.begin(2, TARGET, true);
    offer(TARGET, true, "target echo");
    offer(CURRENT, true, "current echo");
    write.answered(SetValueStatus.SuccessUnsupervised);
    offer(CURRENT, false, "verification: still off");
    expect(applied).toEqual(["verification: still off"]);
  });

  it("keeps a motor's report of where it is, which zwave-js never writes itself", () => {
    // A roller shutter (Multilevel Switch, a slow actuator) sent to where it already is answers
    // at once; zwave-js updates only the target optimistically, so that report is the device's.
    const MOTOR_TARGET = { commandClass: 38, endpoint: 0, property: "targetValue" };
    const MOTOR_CURRENT = { commandClass: 38, endpoint: 0, property: "currentValue" };
    for (const [slow, expected] of [
      [true, ["the motor's report"]],
      [false, []],
    ] as const) {
      const { filter, applied, offer } = setUp();
      const write = filter.begin(2, MOTOR_TARGET, 99, slow);
      offer(MOTOR_TARGET, 99, "target echo");
      offer(MOTOR_CURRENT, 99, "the motor's report");
      write.answered(SetValueStatus.SuccessUnsupervised);
      expect(applied, slow ? "a slow actuator" : "a dimmer").toEqual(expected);
    }
  });

  it("takes the first report after the answer when optimistic updates are off", () => {
    const { filter, applied, offer } = setUp();
    const write = filter.begin(2, TARGET, true);
    write.answered(SetValueStatus.SuccessUnsupervised);
    offer(CURRENT, true, "the device's report");
    expect(applied).toEqual(["the device's report"]);
  });

  it("keeps a report that came inside the window before the echo, in order", () => {
    const { filter, applied, offer } = setUp();
    const write = filter.begin(2, TARGET, true);
    offer(CURRENT, true, "report");
    offer(DURATION, 0, "duration");
    offer(TARGET, true, "target echo");
    offer(CURRENT, true, "current echo");
    expect(applied).toEqual([]);
    write.answered(SetValueStatus.SuccessUnsupervised);
    expect(applied).toEqual(["report", "duration"]);
  });

  it("applies everything after a supervised success, the device's own word", () => {
    const { filter, applied, offer } = setUp();
    const write = filter.begin(2, TARGET, true);
    offer(TARGET, true, "target");
    offer(CURRENT, true, "current");
    write.answered(SetValueStatus.Success);
    expect(applied).toEqual(["target", "current"]);
  });

  it("drops only the target of a supervised Set still working", () => {
    const { filter, applied, offer } = setUp();
    const write = filter.begin(2, TARGET, true);
    offer(TARGET, true, "target");
    write.answered(SetValueStatus.Working);
    offer(CURRENT, true, "the device's report");
    expect(applied).toEqual(["the device's report"]);
  });

  it("applies what came meanwhile when the write failed, other values included", () => {
    const { filter, applied, offer } = setUp();
    const write = filter.begin(2, TARGET, true);
    filter.offer(2, SENSOR, 21, () => void applied.push("sensor"));
    offer(CURRENT, true, "report");
    write.answered(SetValueStatus.Fail);
    expect(applied).toEqual(["sensor", "report"]);
  });

  it("gives each of two overlapping writes its own echo, never the other's", () => {
    const { filter, applied, offer } = setUp();
    const first = filter.begin(2, TARGET, true);
    const second = filter.begin(2, TARGET, true);
    offer(TARGET, true, "first's target echo");
    offer(CURRENT, true, "first's current echo");
    first.answered(SetValueStatus.SuccessUnsupervised);
    offer(TARGET, true, "second's target echo");
    offer(CURRENT, true, "second's current echo");
    second.answered(SetValueStatus.SuccessUnsupervised);
    expect(applied).toEqual([]);
    offer(CURRENT, true, "report");
    expect(applied).toEqual(["report"]);
  });

  it("takes the echo of a write answered after the caller gave up, not the retry's report", () => {
    const { filter, applied, offer } = setUp();
    const first = filter.begin(2, TARGET, true);
    first.abandoned();
    const retry = filter.begin(2, TARGET, true);
    offer(TARGET, true, "first's target echo");
    offer(CURRENT, true, "first's current echo");
    first.answered(SetValueStatus.SuccessUnsupervised);
    offer(TARGET, true, "retry's target echo");
    offer(CURRENT, true, "retry's current echo");
    retry.answered(SetValueStatus.SuccessUnsupervised);
    expect(applied).toEqual([]);
  });

  it("stops holding for a write given up on once a later one is answered, or after a while", () => {
    const { filter, applied, offer } = setUp();
    const lost = filter.begin(2, TARGET, true);
    lost.abandoned();
    const next = filter.begin(2, TARGET, false);
    next.answered(SetValueStatus.SuccessUnsupervised);
    offer(CURRENT, false, "report after the answer");
    expect(applied).toEqual(["report after the answer"]);

    const alone = filter.begin(2, TARGET, true);
    alone.abandoned();
    offer(CURRENT, true, "report");
    expect(applied).toHaveLength(1);
    vi.advanceTimersByTime(60_000);
    expect(applied).toEqual(["report after the answer", "report"]);
  });

  it("drops an echo republished with its zwave-js stamp, but not a new report", () => {
    const { filter, applied, offer } = setUp();
    const write = filter.begin(2, TARGET, false);
    offer(CURRENT, false, "echo", 1000);
    write.answered(SetValueStatus.SuccessUnsupervised);
    offer(CURRENT, false, "republished echo", 1000);
    offer(CURRENT, false, "device report", 7000);
    expect(applied).toEqual(["device report"]);
  });

  it("releases what it held when the gateway goes away", () => {
    const { filter, applied, offer } = setUp();
    filter.begin(2, TARGET, true);
    offer(CURRENT, true, "report");
    filter.reset();
    expect(applied).toEqual(["report"]);
  });
});
