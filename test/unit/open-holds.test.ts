// What /mcp held, kept for its caller's answer (src/mcp/server/open-holds.ts): an id answers only
// the same call, once, for two minutes; `confirm: true` answers only the one open hold of a call.
import { afterEach, describe, expect, it, vi } from "vitest";
import { createOpenHolds, HOLD_MS } from "../../src/mcp/server/open-holds.js";
import type { HeldCall } from "../../src/tools/policy/held.js";

const held = (args: Record<string, unknown>): HeldCall => ({
  effects: [{ kind: "open", target: "Garage Door", entityId: "cover.garage_door" }],
  call: { toolbox: "default", server: "builtin", name: "control_entity", args },
});
const garage = held({ name: "cover.garage_door", action: "turn_on" });

afterEach(() => vi.useRealTimers());

describe("an id", () => {
  it("answers the same call once, whatever the order of its arguments", () => {
    const holds = createOpenHolds();
    const { id } = holds.open(garage);
    expect(
      holds.take(id, { ...garage.call, args: { action: "turn_on", name: "cover.garage_door" } }),
    ).toMatchObject({
      ok: true,
      hold: { id, effects: garage.effects },
    });
    expect(holds.take(id, garage.call)).toEqual({ ok: false, why: "unknown_id" });
  });

  it("never answers another call, and stays open for its own", () => {
    const holds = createOpenHolds();
    const { id } = holds.open(garage);
    const gate = held({ name: "cover.driveway_gate", action: "turn_on" }).call;
    expect(holds.take(id, gate)).toEqual({ ok: false, why: "other_call" });
    expect(holds.take(id, garage.call).ok).toBe(true);
  });

  it("is no answer after two minutes", () => {
    vi.useFakeTimers();
    const holds = createOpenHolds();
    const { id, expiresAt } = holds.open(garage);
    expect(expiresAt - Date.now()).toBe(HOLD_MS);
    vi.advanceTimersByTime(HOLD_MS);
    expect(holds.take(id, garage.call)).toEqual({ ok: false, why: "unknown_id" });
  });

  it("is not guessable from another", () => {
    const holds = createOpenHolds();
    const ids = new Set(Array.from({ length: 50 }, () => holds.open(garage).id));
    expect(ids.size).toBe(50);
  });
});

describe("confirm: true", () => {
  it("answers no call that was not held", () => {
    expect(createOpenHolds().takeOnly(garage.call)).toEqual({ ok: false, why: "none" });
  });

  it("answers the one open hold of the same call, once", () => {
    const holds = createOpenHolds();
    holds.open(garage);
    expect(holds.takeOnly(garage.call).ok).toBe(true);
    expect(holds.takeOnly(garage.call)).toEqual({ ok: false, why: "none" });
  });

  it("answers none of several open holds of one call: only an id tells which", () => {
    const holds = createOpenHolds();
    holds.open(garage);
    const second = holds.open(garage);
    expect(holds.takeOnly(garage.call)).toEqual({ ok: false, why: "several" });
    expect(holds.take(second.id, garage.call).ok).toBe(true);
  });
});
