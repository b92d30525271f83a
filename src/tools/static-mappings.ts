import type { ParameterMapping } from "../config/options.js";

/** Design §4.6: argument names LLMs commonly send to the Z-Wave tools. */
const BUILT_IN: ParameterMapping[] = [
  { tool: "control_zwave_device", from: "device_name", to: "deviceName" },
  { tool: "control_zwave_device", from: "command", to: "action" },
  { tool: "control_zwave_device", from: "brightness", to: "level" },
  { tool: "get_device_sensor_data", from: "device_name", to: "deviceName" },
];

/** tool name → (from → to); the user's `parameter_mappings` override the built-in ones. */
export function buildStaticMappings(
  userMappings: readonly ParameterMapping[] = [],
): Map<string, Map<string, string>> {
  const table = new Map<string, Map<string, string>>();
  for (const { tool, from, to } of [...BUILT_IN, ...userMappings]) {
    let forTool = table.get(tool);
    if (!forTool) table.set(tool, (forTool = new Map()));
    forTool.set(from, to);
  }
  return table;
}
