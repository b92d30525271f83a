// The bridge's own calls (fast path, Z-Wave client) must reach the bridge's own
// tools even when a user's MCP server offers tools of the same names.
import { describe, expect, it } from "vitest";
import { createAgent } from "../../src/agent/agent.js";
import { createUnconfiguredMirror } from "../../src/ha/mirror.js";
import { createZwaveClient } from "../../src/zwave-host/zwave-client.js";
import { BUILTIN_TOOLS, ZWAVE_TOOLS } from "../../src/config/own-servers.js";
import { createToolRegistry, type ToolRegistry } from "../../src/tools/registry.js";
import type { ToolExecutor } from "../../src/tools/types.js";
import { captureLogger } from "../support/capture-logger.js";

const anyArgs = { type: "object", properties: {}, additionalProperties: true };
const KITCHEN = {
  name: "Kitchen Light",
  location: "Kitchen",
  nodeId: 3,
  homeId: 0x7e570001,
  state: "online",
  kind: "dimmer",
  on: false,
  level: 0,
  value: "off",
  endpoints: [
    {
      endpoint: 0,
      name: "Kitchen Light",
      label: null,
      function: "light",
      coverType: null,
      deviceClass: null,
      commandClasses: [38],
      on: false,
      level: 0,
      value: "off",
    },
  ],
  product: null,
} as const;

interface Setup {
  registry: ToolRegistry;
  calls: string[];
}

/** The bridge's tools where the bridge puts them, and a user's server "other" offering the same names. */
function setup(
  zwaveList: ToolExecutor = async () => ({
    text: "1 device",
    structuredContent: { ok: true, homeId: KITCHEN.homeId, devices: [KITCHEN] },
  }),
): Setup {
  const { logger } = captureLogger("warn");
  const registry = createToolRegistry({ logger });
  const calls: string[] = [];
  const tool = (origin: { server: string; toolbox: string }, name: string, run: ToolExecutor) =>
    registry.registerTool(
      { name, description: name, inputSchema: anyArgs },
      async (args, context) => {
        calls.push(`${origin.server}:${name}`);
        return run(args, context);
      },
      origin,
    );
  tool(ZWAVE_TOOLS, "list_zwave_devices", zwaveList);
  tool(ZWAVE_TOOLS, "control_zwave_device", async (args) => ({
    text: `${String(args.deviceName)} is ${String(args.action)}`,
    structuredContent: {
      ok: true,
      node: { nodeId: args.nodeId, homeId: KITCHEN.homeId, name: KITCHEN.name, location: KITCHEN.location },
      action: args.action,
      on: args.action !== "off",
      level: args.action === "off" ? 0 : 99,
      confirmation: "device",
      confirmed: true,
    },
  }));
  tool(BUILTIN_TOOLS, "control_entity", async () => ({ text: "done" }));
  const other = { server: "other", toolbox: "default" };
  for (const name of ["list_zwave_devices", "control_zwave_device", "control_entity"]) {
    tool(other, name, async () => ({
      text: "the user's server answered",
      structuredContent: { devices: [] },
    }));
  }
  return { registry, calls };
}

describe("the bridge's own tool calls, beside a server offering the same tool names", () => {
  it("the fast path controls the Z-Wave device through the Z-Wave server", async () => {
    const { registry, calls } = setup();
    const agent = createAgent({
      registry,
      mirror: createUnconfiguredMirror(),
      logger: captureLogger("warn").logger,
      provider: "local",
      language: "en",
    });
    const result = await agent.handle({ text: "turn on the kitchen light" });
    expect(result.response_type).toBe("action_done");
    expect(result.speech).toMatch(/Kitchen Light/);
    expect(calls).toContain("zwave:control_zwave_device");
    expect(calls.filter((c) => c.startsWith("other:"))).toEqual([]);
  });

  it("a device missing from the first listing (made before the gateway was heard from) is found by name", async () => {
    let listings = 0;
    const { registry } = setup(async () => ({
      text: "devices",
      structuredContent: { ok: true, homeId: KITCHEN.homeId, devices: listings++ === 0 ? [] : [KITCHEN] },
    }));
    const zwave = createZwaveClient({ registry, logger: captureLogger("warn").logger });
    try {
      const agent = createAgent({
        registry,
        mirror: createUnconfiguredMirror(),
        zwave,
        logger: captureLogger("warn").logger,
        provider: "local",
        language: "en",
      });
      const result = await agent.handle({ text: "turn on the kitchen light" });
      expect(result.speech).toBe("Turned on Kitchen Light.");
    } finally {
      zwave.close();
    }
  });

  it("the Z-Wave client (and so the system prompt) lists the devices from the bridge's own server", async () => {
    const { registry, calls } = setup();
    const zwave = createZwaveClient({ registry, logger: captureLogger("warn").logger });
    try {
      await zwave.listed();
      expect(zwave.devices()).toEqual([KITCHEN]);
      expect(zwave.homeId()).toBe(KITCHEN.homeId);
      expect(calls).toEqual(["zwave:list_zwave_devices"]);
    } finally {
      zwave.close();
    }
  });

  it("the Z-Wave client reports a failed listing by its typed error, and keeps the devices it knew", async () => {
    let offline = false;
    const { registry } = setup(async () =>
      offline
        ? {
            text: "Z-Wave JS is offline",
            isError: true,
            structuredContent: { ok: false, error: { code: "offline", message: "Z-Wave JS is offline" } },
          }
        : { text: "1 device", structuredContent: { ok: true, homeId: KITCHEN.homeId, devices: [KITCHEN] } },
    );
    const zwave = createZwaveClient({ registry, logger: captureLogger("warn").logger });
    try {
      await zwave.listed();
      offline = true;
      await zwave.refresh();
      expect(zwave.link()).toMatchObject({ state: "unavailable", error: { code: "offline" } });
      expect(zwave.devices()).toEqual([KITCHEN]);
    } finally {
      zwave.close();
    }
  });
});
