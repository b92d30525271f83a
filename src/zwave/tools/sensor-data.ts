import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import {
  endpointInput,
  nodeIdInput,
  sensorDataOutput,
  type SensorDataOutput,
  type SensorReading,
} from "../contract.js";
import { SENSOR_CLASSES, deviceState, formatValue, valueLabel } from "../device-state.js";
import { namedEndpoints } from "../endpoints.js";
import { CC } from "../functions.js";
import type { ZwaveValue } from "../model.js";
import { binaryReading, readingType } from "../readings.js";
import { displayName } from "../name-resolver.js";
import type { ZwaveNetwork } from "../network.js";
import { guarded, ok } from "./result.js";

/** One value as a typed reading: what it measures or senses, and a binary sensor's state. */
function typedReading(v: ZwaveValue): SensorReading {
  const type = readingType(v);
  const binary = type?.domain === "binary_sensor";
  const state = binary ? binaryReading(v) : undefined;
  return {
    label: valueLabel(v),
    endpoint: v.endpoint,
    kind: v.commandClass === CC.multilevelSensor ? String(v.propertyName ?? v.property) : null,
    value:
      typeof v.value === "object" ? JSON.stringify(v.value) : (v.value as number | string | boolean | null),
    unit: v.unit ?? null,
    reportedAt: v.lastUpdate ?? null,
    commandClass: v.commandClass,
    domain: type?.domain ?? "sensor",
    deviceClass: type?.deviceClass ?? null,
    ...(binary ? { state: state?.state ?? null, active: state?.active ?? null } : {}),
  };
}

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
        "Reads every sensor of one Z-Wave device (temperature, humidity, light, power, energy, battery, door/window, motion, leak, smoke), each with its unit and age.",
      inputSchema: {
        deviceName: z.string().min(1).describe("Device name, optionally with location"),
        nodeId: nodeIdInput,
        endpoint: endpointInput,
      },
      outputSchema: sensorDataOutput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ deviceName, nodeId, endpoint: endpointIndex }) =>
      guarded(async () => {
        const { node, endpoint: index } = await network.findTarget(deviceName, nodeId, endpointIndex);
        const endpoint =
          index === undefined ? undefined : namedEndpoints(node).find((e) => e.index === index);
        const name = endpoint?.name ?? displayName(node);
        const values = [...node.values.values()]
          .filter((v) => index === undefined || v.endpoint === index)
          .filter((v) => SENSOR_CLASSES.has(v.commandClass) && v.readable && v.value !== undefined)
          .sort((a, b) => a.commandClass - b.commandClass || a.endpoint - b.endpoint);
        await network.learnReportTimes(node, values);
        const state = deviceState(node);
        const readings = values.map(typedReading);
        const switches = [...node.values.values()].filter(
          (v) =>
            (index === undefined || v.endpoint === index) &&
            (v.commandClass === CC.binarySwitch || v.commandClass === CC.multilevelSwitch) &&
            v.property === "currentValue",
        );
        const switchedAt = switches.flatMap((v) => network.changedAt(node, v) ?? []);
        const structured: SensorDataOutput = {
          ok: true,
          node: network.ref(node, endpoint),
          state,
          readings,
          ...(switchedAt.length ? { switchedAt: Math.max(...switchedAt) } : {}),
        };
        const note = state === "online" ? "" : ` (${name} is ${state}; these are its last reports)`;
        if (values.length === 0) return ok(`${name} has no sensor readings${note}.`, structured);
        const now = Date.now();
        const lines = values.map((v, i) => {
          const r = readings[i]!;
          const said = r.state ?? formatValue(v);
          const what = r.deviceClass ? `, ${r.deviceClass.replace(/_/g, " ")}` : "";
          const when = v.lastUpdate === undefined ? "" : `, ${age(now - v.lastUpdate)}`;
          return `- ${valueLabel(v)}: ${said}${what || when ? ` (${`${what}${when}`.slice(2)})` : ""}`;
        });
        return ok([`${name}${node.loc ? ` (${node.loc})` : ""}${note}:`, ...lines].join("\n"), structured);
      }),
  );
}
