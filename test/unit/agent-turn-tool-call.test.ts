import { describe, expect, it } from "vitest";
import { turnToolCall } from "../../src/agent/turn-tool-call.js";
import type { ControlOutput } from "../../src/zwave/contract.js";
import type { ToolResult } from "../../src/tools/types.js";

const base: ToolResult = {
  ok: true,
  content: "confirmed: Switch One is on",
  name: "control_zwave_device",
  tool: "control_zwave_device",
  server: "zwave",
  toolbox: "home",
  arguments: { deviceName: "node 2", action: "on" },
  normalizedArguments: { deviceName: "node 2", action: "on" },
  ms: 3.14159,
};

describe("a tool call as the turn log records it", () => {
  it("names the device from the Z-Wave result's node, with its confirmation, not the words the caller used", () => {
    const structured: ControlOutput = {
      ok: true,
      node: { nodeId: 2, homeId: 3_735_928_559, name: "Switch One", location: "Hall" },
      action: "on",
      on: true,
      confirmation: "supervised",
    };
    expect(turnToolCall({ ...base, structuredContent: structured })).toMatchObject({
      arguments: { deviceName: "node 2", action: "on" },
      device: { name: "Switch One", location: "Hall", nodeId: 2 },
      confirmation: "supervised",
      ms: 3.1,
    });
  });

  it("leaves the device out when the result names none, and keeps the text-call family", () => {
    const call = turnToolCall({ ...base, structuredContent: { node: { name: 7 } }, textFamily: "hermes" });
    expect(call.device).toBeUndefined();
    expect(call.confirmation).toBeUndefined();
    expect(call.textFamily).toBe("hermes");
  });
});
