// The bridge's own calls (fast path, Z-Wave catalog, status prober) must reach the bridge's own
// tools even when a user's MCP server offers tools of the same names.
import { describe, expect, it } from "vitest";
import { createAgent } from "../../src/agent/agent.js";
import { createZwaveCatalog } from "../../src/understanding/zwave-catalog.js";
import { createUnconfiguredMirror } from "../../src/ha/mirror.js";
import { createZwaveStatus } from "../../src/mcp/client/zwave-status.js";
import { BUILTIN_TOOLS, ZWAVE_TOOLS } from "../../src/config/own-servers.js";
import { createToolRegistry, type ToolRegistry } from "../../src/tools/registry.js";
import type { ToolExecutor } from "../../src/tools/types.js";
import { captureLogger } from "../support/capture-logger.js";
import { waitFor } from "../support/wait-for.js";

const anyArgs = { type: "object", properties: {}, additionalProperties: true };
const KITCHEN = {
  name: "Kitchen Light",
  location: "Kitchen",
  nodeId: 3,
  state: "alive",
  online: true,
  value: "off",
};

interface Setup {
  registry: ToolRegistry;
  calls: string[];
}

/** The bridge's tools where the bridge puts them, and a user's server "other" offering the same names. */
function setup(
  zwaveList: ToolExecutor = async () => ({ text: "1 device", structuredContent: { devices: [KITCHEN] } }),
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
    structuredContent: { device: String(args.deviceName), confirmed: true },
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

  it("the Z-Wave catalog (and so the system prompt) still lists the devices", async () => {
    const { registry, calls } = setup();
    expect(await createZwaveCatalog(registry).devices()).toEqual([KITCHEN]);
    expect(calls).toEqual(["zwave:list_zwave_devices"]);
  });

  it("the status prober reports the broker as the Z-Wave server sees it", async () => {
    const { registry, calls } = setup(async () => ({
      text: "The MQTT broker at mqtt://broker:1883 is unreachable.",
      isError: true,
    }));
    const status = createZwaveStatus(registry, {
      transport: "mqtt",
      broker: { url: "mqtt://broker:1883" },
    });
    try {
      // The gateway's state is known once the first probe has answered.
      await waitFor("the first probe's answer", () => status.zwaveGateway() !== undefined);
      expect(status.broker()).toEqual({ url: "mqtt://broker:1883", connected: false });
      expect(calls).toEqual(["zwave:list_zwave_devices"]);
    } finally {
      status.stop();
    }
  });

  it("the status prober reports Z-Wave JS's websocket server, with no broker, and hides its credentials", async () => {
    const { registry } = setup(async () => ({
      text: "Z-Wave JS is offline (its Z-Wave driver is not ready)",
      isError: true,
    }));
    const status = createZwaveStatus(registry, {
      transport: "websocket",
      serverUrl: "ws://user:secret@core-zwave-js:3000",
    });
    try {
      await waitFor("the first probe's answer", () => status.zwaveGateway() !== undefined);
      expect(status.broker()).toBeUndefined();
      expect(status.zwaveGateway()).toEqual({ name: "Z-Wave JS ws://core-zwave-js:3000", online: false });
    } finally {
      status.stop();
    }
  });
});
