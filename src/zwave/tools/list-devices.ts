import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { deviceState, mainValue } from "../device-state.js";
import { compactName, displayName } from "../name-resolver.js";
import type { ZwaveNetwork } from "../network.js";
import { guarded, ok } from "./result.js";

export function registerListDevices(server: McpServer, network: ZwaveNetwork): void {
  server.registerTool(
    "list_zwave_devices",
    {
      title: "List Z-Wave devices",
      description:
        "Lists the Z-Wave devices with their name, location, node id, state (online, asleep, dead, not ready) and " +
        "main value (on/off, dim level, lock, setpoint or a reading). Dead and not-ready devices are left out " +
        "unless includeInactive is true. filter keeps devices whose name or location contains the text.",
      inputSchema: {
        includeInactive: z.boolean().optional().describe("Also list dead and not-ready devices"),
        filter: z.string().optional().describe("Text the name or location must contain, e.g. 'kitchen'"),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ includeInactive, filter }) =>
      guarded(async () => {
        const wanted = filter ? compactName(filter) : "";
        const all = (await network.devices())
          .filter((n) => !wanted || compactName(`${n.loc}${n.name}`).includes(wanted))
          .sort((a, b) => a.id - b.id);
        const rows = all.map((n) => ({
          name: displayName(n),
          location: n.loc,
          nodeId: n.id,
          state: deviceState(n),
          online: deviceState(n) === "online" || deviceState(n) === "asleep",
          value: mainValue(n) ?? null,
        }));
        const shown = includeInactive ? rows : rows.filter((r) => r.online);
        const hidden = rows.length - shown.length;
        const lines = shown.map(
          (r) =>
            `- ${r.name}${r.location ? ` (${r.location})` : ""}, node ${r.nodeId}: ${r.state}` +
            (r.value ? `, ${r.value}` : ""),
        );
        const head = shown.length
          ? `${shown.length} Z-Wave device${shown.length === 1 ? "" : "s"}${filter ? ` matching "${filter}"` : ""}:`
          : `No Z-Wave devices${filter ? ` match "${filter}"` : ""}.`;
        const tail = hidden
          ? [
              `(${hidden} dead or not-ready device${hidden === 1 ? "" : "s"} hidden; includeInactive shows them)`,
            ]
          : [];
        return ok([head, ...lines, ...tail].join("\n"), { devices: shown, hidden });
      }),
  );
}
