// What the fast path reads from tool results and entity states: confirmation, the level a
// device reported, a reading, an on/off/open/locked state.
import type { EntityView } from "../ha/mirror.js";
import type { ToolResult } from "../tools/types.js";
import type { SensorKind, StateWord } from "./grammar-types.js";
import type { Target } from "./targets.js";

/** A sensor's reading, or a thermostat's (climate) current temperature or humidity. */
export function readingOf(
  entity: EntityView,
  kind: SensorKind,
): { value: string; unit?: string } | undefined {
  // A sensor without a device class but in degrees is a thermometer all the same.
  const inDegrees = !entity.attributes.device_class && (entity.unit === "°C" || entity.unit === "°F");
  if (
    entity.domain === "sensor" &&
    (entity.attributes.device_class === kind || (kind === "temperature" && inDegrees))
  ) {
    if (entity.state === "unknown" || entity.state === "unavailable") return undefined;
    return { value: entity.state, ...(entity.unit ? { unit: entity.unit } : {}) };
  }
  if (entity.domain === "climate") {
    const value =
      kind === "temperature"
        ? entity.attributes.current_temperature
        : kind === "humidity"
          ? entity.attributes.current_humidity
          : undefined;
    if (typeof value !== "number") return undefined;
    return { value: String(value), unit: kind === "humidity" ? "%" : "°C" };
  }
  return undefined;
}

export function isConfirmed(result: ToolResult): boolean {
  const confirmed = result.structuredContent?.confirmed;
  return confirmed !== false && !/^sent, but/i.test(result.content);
}

/** The level the device reported after the write ("confirmed: Dimmer is on at 51 %"). */
export function confirmedLevel(result: ToolResult): number | undefined {
  const found = /\bat (\d{1,3}) %/.exec(result.content);
  if (found?.[1]) return Number(found[1]);
  return /\bis off\b/.test(result.content) ? 0 : undefined;
}

/** The current brightness in percent: a light's attribute, a Z-Wave dimmer's reported level. */
export function currentLevel(target: Target): number {
  if (target.source === "zwave") {
    const found = /at (\d{1,3}) %/.exec(target.device.value ?? "");
    return found?.[1] ? Number(found[1]) : target.device.value?.startsWith("on") ? 100 : 0;
  }
  const b = target.entity.attributes.brightness;
  if (target.entity.state !== "on") return 0;
  return typeof b === "number" ? Math.round((b / 255) * 100) : 100;
}

export function stateWordOf(raw: string): StateWord | undefined {
  const s = raw.trim().toLowerCase();
  if (/^on\b/.test(s)) return "on";
  if (/^off\b/.test(s)) return "off";
  if (s === "open" || s === "opening") return "open";
  if (s === "closed" || s === "closing") return "closed";
  if (s === "locked" || s === "locking") return "locked";
  if (s === "unlocked" || s === "unlocking") return "unlocked";
  return undefined;
}
