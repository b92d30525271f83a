// What the fast path reads from tool results and entity states: confirmation, the level a
// device reported, a reading, an on/off/open/locked state. Only typed fields: a tool's text is
// for people, and Home Assistant's states are its own words for them ("on", "locked").
import type { EntityView } from "../ha/mirror.js";
import { ZWAVE_TOOLS } from "../config/own-servers.js";
import type { ToolResult } from "../tools/types.js";
import { controlOutput } from "../zwave/contract.js";
import type { ZwaveTarget } from "../zwave-host/zwave-target.js";
import type { SensorKind, StateWord } from "./grammar-types.js";
import type { Target } from "./targets.js";

/** A sensor's reading, or a thermostat's (climate) current or target temperature, or humidity. */
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
        : kind === "target_temperature"
          ? entity.attributes.temperature
          : kind === "humidity"
            ? entity.attributes.current_humidity
            : undefined;
    if (typeof value !== "number") return undefined;
    return { value: String(value), unit: kind === "humidity" ? "%" : "°C" };
  }
  return undefined;
}

const zwaveWrite = controlOutput.pick({ ok: true, confirmation: true });

/**
 * Whether the device confirmed a write: a Z-Wave tool's `confirmation` (from the device's own
 * report or a supervised Set, never an acknowledgement), or `control_entity`'s state change.
 */
export function isConfirmed(result: ToolResult): boolean {
  if (!result.ok) return false;
  if (result.server === ZWAVE_TOOLS.server) {
    const parsed = zwaveWrite.safeParse(result.structuredContent);
    return parsed.success && parsed.data.ok && (parsed.data.confirmation ?? "none") !== "none";
  }
  return result.structuredContent?.confirmed === true;
}

/**
 * A Z-Wave endpoint's state as the device last reported it (typed, never its text): a door or
 * window sensor's, a cover's or a barrier's open or closed, a switch's or dimmer's on or off.
 */
export function zwaveStateWord(device: ZwaveTarget): StateWord | undefined {
  const { open, coverState, position, locked, hvacMode } = device.reports;
  if (device.function === "lock") return locked === null ? undefined : locked ? "locked" : "unlocked";
  // A thermostat that heats, cools or dries is on, as Home Assistant's climate entities are asked.
  if (device.function === "thermostat") return hvacMode ? (hvacMode === "off" ? "off" : "on") : undefined;
  if (typeof open === "boolean") return open ? "open" : "closed";
  if (coverState === "stopped") return typeof position === "number" && position > 0 ? "open" : undefined;
  if (coverState) return stateWordOf(coverState);
  return device.on === null ? undefined : device.on ? "on" : "off";
}

/** The current brightness in percent: a light's attribute, a Z-Wave dimmer's reported level. */
export function currentLevel(target: Target): number {
  if (target.source === "zwave") return target.device.level ?? (target.device.on ? 100 : 0);
  return haLevel(target.entity);
}

/** A light's brightness in percent as Home Assistant reports it (0 when off). */
export function haLevel(entity: EntityView): number {
  const b = entity.attributes.brightness;
  if (entity.state !== "on") return 0;
  return typeof b === "number" ? Math.round((b / 255) * 100) : 100;
}

/** A cover's own word, in a confirmed result, that it is still travelling ("opening", "closing"). */
export function isOnItsWay(result: ToolResult): boolean {
  const state = result.structuredContent?.state;
  return result.structuredContent?.moving === true || state === "opening" || state === "closing";
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
