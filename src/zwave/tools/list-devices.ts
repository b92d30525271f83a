import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { listDevicesOutput, type DeviceSummary } from "../contract.js";
import {
  SENSOR_CLASSES,
  deviceState,
  findOnAnyEndpoint,
  levelToPercent,
  mainValue,
} from "../device-state.js";
import type { ZwaveNode } from "../model.js";
import { compactName } from "../name-resolver.js";
import type { ZwaveNetwork } from "../network.js";
import { guarded, ok } from "./result.js";

/** What a device is, from the command classes it has values for. */
function kindOf(node: ZwaveNode): DeviceSummary["kind"] {
  if (findOnAnyEndpoint(node, 38, "targetValue")) return "dimmer";
  if (findOnAnyEndpoint(node, 37, "targetValue")) return "switch";
  if (findOnAnyEndpoint(node, 98, "targetMode")) return "lock";
  if ([...node.values.values()].some((v) => v.commandClass === 64 || v.commandClass === 67))
    return "thermostat";
  if ([...node.values.values()].some((v) => SENSOR_CLASSES.has(v.commandClass))) return "sensor";
  return "other";
}

function summary(network: ZwaveNetwork, node: ZwaveNode): DeviceSummary {
  const current = findOnAnyEndpoint(node, 38, "currentValue") ?? findOnAnyEndpoint(node, 37, "currentValue");
  const v = current?.value;
  return {
    ...network.ref(node),
    state: deviceState(node),
    kind: kindOf(node),
    on: typeof v === "boolean" ? v : typeof v === "number" ? v > 0 : null,
    level: current?.commandClass === 38 && typeof v === "number" && v <= 99 ? levelToPercent(v) : null,
    value: mainValue(node) ?? null,
  };
}

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
      outputSchema: listDevicesOutput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ includeInactive, filter }) =>
      guarded(async () => {
        const wanted = filter ? compactName(filter) : "";
        const rows = (await network.devices())
          .filter((n) => !wanted || compactName(`${n.loc}${n.name}`).includes(wanted))
          .sort((a, b) => a.id - b.id)
          .map((n) => summary(network, n));
        const active = (r: DeviceSummary) => r.state === "online" || r.state === "asleep";
        const shown = includeInactive ? rows : rows.filter(active);
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
        return ok([head, ...lines, ...tail].join("\n"), { homeId: network.homeId, devices: shown, hidden });
      }),
  );
}
