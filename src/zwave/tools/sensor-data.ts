import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { SENSOR_CLASSES, deviceState, formatValue, valueLabel } from "../device-state.js";
import { displayName } from "../name-resolver.js";
import type { ZwaveNetwork } from "../network.js";
import { guarded, ok } from "./result.js";

function age(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 90) return `${s} s ago`;
  if (s < 5400) return `${Math.round(s / 60)} min ago`;
  return `${Math.round(s / 3600)} h ago`;
}

export function registerSensorData(server: McpServer, network: ZwaveNetwork): void {
  server.registerTool(
    "get_device_sensor_data",
    {
      title: "Read a Z-Wave device's sensors",
      description:
        "Returns every sensor reading of one Z-Wave device: temperature, humidity, light and other multilevel " +
        "sensors, energy meters, battery and notifications (motion, door), each with its unit and how old it is. " +
        "deviceName is the device's name, optionally with its location ('office sensor', 'sensor in the office').",
      inputSchema: { deviceName: z.string().min(1).describe("Device name, optionally with location") },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ deviceName }) =>
      guarded(async () => {
        const node = await network.findDevice(deviceName);
        const name = displayName(node);
        const now = Date.now();
        const readings = [...node.values.values()]
          .filter((v) => SENSOR_CLASSES.has(v.commandClass) && v.readable && v.value !== undefined)
          .sort((a, b) => a.commandClass - b.commandClass || a.endpoint - b.endpoint)
          .map((v) => ({
            label: valueLabel(v),
            value: v.value,
            text: formatValue(v),
            unit: v.unit ?? null,
            commandClass: v.commandClass,
            endpoint: v.endpoint,
            ageSeconds:
              v.lastUpdate === undefined ? null : Math.max(0, Math.round((now - v.lastUpdate) / 1000)),
          }));
        const state = deviceState(node);
        const note = state === "online" ? "" : ` (${name} is ${state}; these are its last reports)`;
        if (readings.length === 0) {
          return ok(`${name} has no sensor readings${note}.`, {
            device: name,
            nodeId: node.id,
            state,
            readings,
          });
        }
        const lines = readings.map(
          (r) => `- ${r.label}: ${r.text}${r.ageSeconds === null ? "" : ` (${age(r.ageSeconds * 1000)})`}`,
        );
        return ok([`${name}${node.loc ? ` (${node.loc})` : ""}${note}:`, ...lines].join("\n"), {
          device: name,
          nodeId: node.id,
          location: node.loc,
          state,
          readings,
        });
      }),
  );
}
