import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { batteriesOutput, type BatteriesOutput } from "../contract.js";
import { batteryOf, deviceState, LOW_BATTERY_PERCENT } from "../device-state.js";
import type { ZwaveNetwork } from "../network.js";
import { guarded, ok } from "./result.js";

export function registerBatteries(server: McpServer, network: ZwaveNetwork): void {
  server.registerTool(
    "list_zwave_batteries",
    {
      title: "List Z-Wave battery levels",
      description:
        "Lists battery-powered Z-Wave devices by battery level, lowest first, marking the low ones.",
      inputSchema: {
        lowOnly: z.boolean().optional().describe("Only the devices whose battery is low"),
      },
      outputSchema: batteriesOutput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ lowOnly }) =>
      guarded(async () => {
        const rows = (await network.devices())
          .flatMap((node) => {
            const battery = batteryOf(node);
            return battery ? [{ ...network.ref(node), state: deviceState(node), ...battery }] : [];
          })
          .filter((r) => !lowOnly || r.low)
          .sort((a, b) => (a.level ?? -1) - (b.level ?? -1) || a.nodeId - b.nodeId);
        const structured: BatteriesOutput = { ok: true, devices: rows, lowAt: LOW_BATTERY_PERCENT };
        if (!rows.length)
          return ok(
            lowOnly ? "No Z-Wave device has a low battery." : "No Z-Wave device runs on a battery.",
            structured,
          );
        const lines = rows.map(
          (r) =>
            `- ${r.name}${r.location ? ` (${r.location})` : ""}: ${r.level === null ? "not reported yet" : `${r.level} %`}${r.low ? ", low" : ""}${r.state === "online" ? "" : ` (${r.state})`}`,
        );
        const low = rows.filter((r) => r.low).length;
        const head = lowOnly
          ? `${low} Z-Wave device${low === 1 ? " has a" : "s have"} low batter${low === 1 ? "y" : "ies"}:`
          : `${rows.length} battery device${rows.length === 1 ? "" : "s"}, ${low} low:`;
        return ok([head, ...lines].join("\n"), structured);
      }),
  );
}
