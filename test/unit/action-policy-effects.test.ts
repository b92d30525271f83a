// The action policy's rule (src/tools/policy/effects.ts): what waits for a yes is judged by the
// effect on the target's true kind, never by the tool or the words.
import { describe, expect, it } from "vitest";
import { heldEffect, isGroupSafe } from "../../src/tools/policy/effects.js";

const garage = { domain: "cover", deviceClass: "garage" };

describe("what waits for a yes", () => {
  it.each([
    [{ domain: "lock" }, "unlock", undefined, "unlock"],
    [{ domain: "lock" }, "open", undefined, "unlock"],
    [{ domain: "lock" }, "off", undefined, "unlock"],
    [{ domain: "lock" }, "toggle", "locked", "unlock"],
    [{ domain: "lock" }, "toggle", "unlocked", undefined],
    [{ domain: "lock" }, "lock", undefined, undefined],
    [{ domain: "lock" }, "on", undefined, undefined],
    [garage, "on", "closed", "open"],
    [garage, "open", "closed", "open"],
    [garage, "toggle", "closed", "open"],
    [garage, "toggle", undefined, "open"],
    [garage, "toggle", "open", undefined],
    [garage, "off", "open", undefined],
    [{ domain: "cover", deviceClass: "gate" }, "on", "closed", "open"],
    [{ domain: "cover", deviceClass: "door" }, "toggle", "closed", "open"],
    [{ domain: "cover", deviceClass: "shutter" }, "on", "closed", undefined],
    [{ domain: "cover" }, "open", "closed", undefined],
    [{ domain: "alarm_control_panel" }, "disarm", "armed_away", "disarm"],
    [{ domain: "alarm_control_panel" }, "off", "armed_away", "disarm"],
    [{ domain: "valve" }, "open", "closed", undefined],
    [{ domain: "light" }, "toggle", "off", undefined],
  ] as const)("%j %s (state %s): %s", (kind, act, state, held) => {
    expect(heldEffect(kind, act, state)).toBe(held);
  });
});

describe("what 'everything' may switch", () => {
  it.each(["light", "switch", "fan", "media_player", "input_boolean"])("%s", (domain) =>
    expect(isGroupSafe({ domain })).toBe(true),
  );
  it.each(["lock", "cover", "valve", "alarm_control_panel", "climate", "scene", "script"])(
    "not %s",
    (domain) => expect(isGroupSafe({ domain })).toBe(false),
  );
});
