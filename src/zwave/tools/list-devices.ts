import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { listDevicesOutput, type DeviceSummary, type EndpointSummary } from "../contract.js";
import { deviceSummary } from "../device-summary.js";
import { compactName } from "../name-resolver.js";
import type { ZwaveNetwork } from "../network.js";
import { guarded, ok } from "./result.js";

/** What kind of thing an endpoint is, where its state alone would not say ("shutter", "fan"). */
function kindWord(e: EndpointSummary): string | undefined {
  if (e.function === "cover" || e.function === "barrier")
    return e.coverType === "garage" ? "garage door" : (e.coverType ?? "cover");
  return e.function === "fan" ? "fan" : undefined;
}

/** What else it reports, for people: its colour, power, battery, binary sensors. */
function reportText(e: EndpointSummary): string[] {
  const parts: string[] = [];
  if (e.color?.rgb) parts.push(`colour ${e.color.rgb}`);
  else if (e.color?.kelvin) parts.push(`white ${e.color.kelvin} K`);
  if (typeof e.power === "number") parts.push(`using ${e.power} W`);
  if (typeof e.energy === "number") parts.push(`${e.energy} kWh used`);
  for (const b of e.binarySensors ?? [])
    parts.push(`${(b.deviceClass ?? "sensor").replace(/_/g, " ")} ${b.state}`);
  if (typeof e.battery === "number") parts.push(`battery ${e.battery} %${e.batteryLow ? " (low)" : ""}`);
  return parts;
}

/** "off", "shutter, closed", "on, using 56.7 W": the state of one endpoint for a list line. */
function stateText(e: EndpointSummary): string {
  return [...new Set([kindWord(e), e.value, ...reportText(e)].filter(Boolean))].join(", ");
}

/** One line per device; a device with several endpoints gets a line for each under it. */
function lines(r: DeviceSummary): string[] {
  const head = `- ${r.name}${r.location ? ` (${r.location})` : ""}, node ${r.nodeId}: ${r.state}`;
  const [only] = r.endpoints;
  if (r.endpoints.length <= 1) {
    const text = only ? stateText(only) : "";
    return [text ? `${head}, ${text}` : head];
  }
  return [
    head,
    ...r.endpoints.map((e) => {
      const text = stateText(e);
      return `  - ${e.name}, endpoint ${e.endpoint}${text ? `: ${text}` : ""}`;
    }),
  ];
}

export function registerListDevices(server: McpServer, network: ZwaveNetwork): void {
  server.registerTool(
    "list_zwave_devices",
    {
      title: "List Z-Wave devices",
      description:
        "Lists the Z-Wave devices with name, location, state and main value or reading; a device with several loads lists each endpoint.",
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
          .sort((a, b) => a.id - b.id)
          .map((n) => deviceSummary(network, n))
          .filter(
            (r) =>
              !wanted ||
              [r.name, ...r.endpoints.map((e) => e.name)].some((name) =>
                compactName(`${r.location}${name}`).includes(wanted),
              ),
          );
        const active = (r: DeviceSummary) => r.state === "online" || r.state === "asleep";
        const shown = includeInactive ? rows : rows.filter(active);
        const hidden = rows.length - shown.length;
        const text = shown.flatMap(lines);
        const head = shown.length
          ? `${shown.length} Z-Wave device${shown.length === 1 ? "" : "s"}${filter ? ` matching "${filter}"` : ""}:`
          : `No Z-Wave devices${filter ? ` match "${filter}"` : ""}.`;
        const tail = hidden
          ? [
              `(${hidden} dead or not-ready device${hidden === 1 ? "" : "s"} hidden; includeInactive shows them)`,
            ]
          : [];
        return ok([head, ...text, ...tail].join("\n"), { homeId: network.homeId, devices: shown, hidden });
      }),
  );
}
