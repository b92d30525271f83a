import type { ParameterMapping } from "../config/options.js";
import { ZWAVE_TOOLS } from "../config/own-servers.js";

/** The built-in mappings are for our own Z-Wave server's tools only. */
const ZWAVE_SERVER = ZWAVE_TOOLS.server;

/** Argument names LLMs commonly send to our Z-Wave tools: the seed's `{device_name, command, brightness}`. */
const BUILT_IN: ParameterMapping[] = [
  { tool: "control_zwave_device", from: "device_name", to: "deviceName" },
  { tool: "control_zwave_device", from: "command", to: "action" },
  { tool: "control_zwave_device", from: "brightness", to: "level" },
  { tool: "get_device_sensor_data", from: "device_name", to: "deviceName" },
];

export type StaticMappings = (server: string, tool: string) => ReadonlyMap<string, string> | undefined;

/**
 * from → to for one tool of one server. The built-in mappings apply to our Z-Wave server alone (a
 * third-party `control_zwave_device` has its own keys); the user's `parameter_mappings` name a
 * tool on any server and override the built-in ones. The normaliser applies a mapping only when
 * the schema declares its target and not its source.
 */
export function buildStaticMappings(userMappings: readonly ParameterMapping[] = []): StaticMappings {
  const table = new Map<string, Map<string, string>>();
  const add = (key: string, from: string, to: string) => {
    let forTool = table.get(key);
    if (!forTool) table.set(key, (forTool = new Map()));
    forTool.set(from, to);
  };
  for (const { tool, from, to } of BUILT_IN) add(`${ZWAVE_SERVER}\u0000${tool}`, from, to);
  const user = new Map<string, Map<string, string>>();
  for (const { tool, from, to } of userMappings) {
    let forTool = user.get(tool);
    if (!forTool) user.set(tool, (forTool = new Map()));
    forTool.set(from, to);
  }
  return (server, tool) => {
    const builtIn = table.get(`${server}\u0000${tool}`);
    const own = user.get(tool);
    if (!builtIn || !own) return own ?? builtIn;
    return new Map([...builtIn, ...own]);
  };
}
