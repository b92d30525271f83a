import { describe, expect, it } from "vitest";
import { confirmedRoundSpeech } from "../../src/agent/confirmed-round.js";
import type { ToolResult } from "../../src/tools/types.js";

function result(name: string, structuredContent: Record<string, unknown> | undefined, ok = true): ToolResult {
  return {
    ok,
    content: "",
    ...(structuredContent ? { structuredContent } : {}),
    name,
    tool: name,
    server: "zwave",
    toolbox: "home",
    arguments: {},
    normalizedArguments: {},
    ms: 1,
  };
}

const actions = new Set(["control_zwave_device", "lock_zwave_door", "control_entity"]);
const isAction = (r: ToolResult) => actions.has(r.name);

describe("1 LLM round: when the confirmations are the answer", () => {
  it("speaks each confirmed state: on, off, a level, a lock, Home Assistant's state", () => {
    const round = [
      result("control_zwave_device", { device: "Kitchen Light", action: "dim", level: 40, confirmed: true }),
      result("lock_zwave_door", { device: "Front Door", action: "lock", confirmed: true }),
      result("control_entity", { name: "Porch", state: "off", confirmed: true }),
    ];
    expect(confirmedRoundSpeech(round, 3, isAction, "en")).toBe(
      "Kitchen Light is at 40 percent. Front Door is locked. Porch is off.",
    );
    expect(confirmedRoundSpeech(round, 3, isAction, "de-DE")).toBe(
      "Kitchen Light ist auf 40 Prozent. Front Door ist verriegelt. Porch ist aus.",
    );
  });

  it("goes back to the model for anything less than every call confirmed", () => {
    const on = result("control_zwave_device", { device: "Switch One", action: "on", confirmed: true });
    const unconfirmed = result("control_zwave_device", { device: "Dimmer", action: "on", confirmed: false });
    const query = result("list_zwave_devices", { devices: [], confirmed: true });
    const failed = result("control_zwave_device", { device: "X", action: "on", confirmed: true }, false);
    expect(confirmedRoundSpeech([on], 1, isAction, "en")).toBe("Switch One is on.");
    expect(confirmedRoundSpeech([on, unconfirmed], 2, isAction, "en")).toBeUndefined();
    expect(confirmedRoundSpeech([on, query], 2, isAction, "en")).toBeUndefined();
    expect(confirmedRoundSpeech([failed], 1, isAction, "en")).toBeUndefined();
    // A call held for confirmation or unreadable has no result: the counts differ.
    expect(confirmedRoundSpeech([on], 2, isAction, "en")).toBeUndefined();
    // A state we cannot phrase, or a language we have no words for.
    expect(
      confirmedRoundSpeech(
        [result("control_entity", { name: "AC", state: "cool", confirmed: true })],
        1,
        isAction,
        "en",
      ),
    ).toBeUndefined();
    expect(confirmedRoundSpeech([on], 1, isAction, "fr")).toBeUndefined();
  });
});
