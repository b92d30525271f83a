import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { nodeHealthOutput, nodeIdInput, type NodeHealthOutput } from "../contract.js";
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
        "Pings one Z-Wave device: whether it answered, its state (online, asleep, dead) and when it was last heard from. For a device that does not react.",
      inputSchema: {
        deviceName: z.string().min(1).describe("Device name, optionally with location"),
        nodeId: nodeIdInput,
      },
      outputSchema: nodeHealthOutput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ deviceName, nodeId }) =>
      guarded(async () => {
        const node = await network.findDevice(deviceName, nodeId);
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
        const structured: NodeHealthOutput = {
          ok: true,
          node: network.ref(node),
          answered,
          state,
          lastActive: node.lastActive ?? null,
        };
        return ok(text, structured);
      }),
  );
}
