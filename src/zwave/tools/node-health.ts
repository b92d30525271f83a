import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { deviceState } from "../device-state.js";
import { displayName } from "../name-resolver.js";
import type { ZwaveNetwork } from "../network.js";
import { guarded, ok } from "./result.js";

export function registerNodeHealth(server: McpServer, network: ZwaveNetwork): void {
  server.registerTool(
    "check_zwave_device_health",
    {
      title: "Check a Z-Wave device's health",
      description:
        "Pings one Z-Wave device and reports whether it answered, its state (online, asleep, " +
        "dead, not ready) and when it was last heard from. Use it when a device does not react or seems offline.",
      inputSchema: { deviceName: z.string().min(1).describe("Device name, optionally with location") },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ deviceName }) =>
      guarded(async () => {
        const node = await network.findDevice(deviceName);
        const name = displayName(node);
        const answered = await network.ping(node);
        const state = deviceState(node);
        const lastActiveSeconds =
          node.lastActive === undefined
            ? null
            : Math.max(0, Math.round((Date.now() - node.lastActive) / 1000));
        const heard =
          lastActiveSeconds === null ? "never heard from" : `last heard from ${lastActiveSeconds} s ago`;
        const text = `${name}: ${answered ? "answered the ping" : "did not answer the ping"}; ${state}; ${heard}`;
        return ok(text, {
          device: name,
          nodeId: node.id,
          answered,
          state,
          lastActive: node.lastActive ?? null,
          lastActiveSeconds,
        });
      }),
  );
}
