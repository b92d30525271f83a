// The Z-Wave server's tools as the registry lists them (names and input schemas from
// src/zwave/tools/), for tests of the reply repair that need no server running.
import type { OfferedEntry } from "../../src/agent/reply-repair/offered-tools.js";
import type { JsonSchema } from "../../src/tools/types.js";

const deviceName: JsonSchema = { type: "string", minLength: 1 };

export const zwaveToolEntries: OfferedEntry[] = [
  {
    presented: "control_zwave_device",
    server: "zwave",
    tool: "control_zwave_device",
    inputSchema: {
      type: "object",
      properties: {
        deviceName,
        action: { type: "string", enum: ["on", "off", "dim"] },
        level: { type: "number", minimum: 0, maximum: 100 },
        nodeId: { type: "integer", minimum: 1 },
      },
      required: ["deviceName", "action"],
    },
  },
  {
    presented: "list_zwave_devices",
    server: "zwave",
    tool: "list_zwave_devices",
    inputSchema: {
      type: "object",
      properties: { includeInactive: { type: "boolean" }, filter: { type: "string" } },
    },
  },
  {
    presented: "get_device_sensor_data",
    server: "zwave",
    tool: "get_device_sensor_data",
    inputSchema: { type: "object", properties: { deviceName }, required: ["deviceName"] },
  },
];
