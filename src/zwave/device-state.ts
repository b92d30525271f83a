// How a device is described to a person: its state and its main value.
import { valueKey, type ValueId, type ZwaveNode, type ZwaveValue } from "./model.js";

export type DeviceState = "online" | "asleep" | "dead" | "not ready";

export function deviceState(node: ZwaveNode): DeviceState {
  if (node.status === "Dead" || !node.available) return "dead";
  if (!node.ready) return "not ready";
  return node.status === "Asleep" ? "asleep" : "online";
}

/** Multilevel Switch levels are 0–99 on the wire; people say 0–100 %. */
export function levelToPercent(level: number): number {
  return level >= 99 ? 100 : Math.round((level * 100) / 99);
}

export function percentToLevel(percent: number): number {
  return Math.max(0, Math.min(99, Math.round((percent * 99) / 100)));
}

export function findValue(node: ZwaveNode, id: ValueId): ZwaveValue | undefined {
  return node.values.get(valueKey(id));
}

/** The lowest endpoint that has the value (endpoint 0 mirrors it on most devices). */
export function findOnAnyEndpoint(
  node: ZwaveNode,
  commandClass: number,
  property: string,
): ZwaveValue | undefined {
  return [...node.values.values()]
    .filter((v) => v.commandClass === commandClass && v.property === property && v.propertyKey === undefined)
    .sort((a, b) => a.endpoint - b.endpoint)[0];
}

export function valueLabel(v: ZwaveValue): string {
  return v.label ?? v.propertyKeyName ?? v.propertyName ?? String(v.property);
}

/** A value as text, with its unit and the name of its state when it has one. */
export function formatValue(v: ZwaveValue, value: unknown = v.value): string {
  if (value === undefined || value === null) return "unknown";
  const state = v.states?.find((s) => s.value === value);
  if (state) return state.text;
  if (typeof value === "boolean") return value ? "yes" : "no";
  const text = typeof value === "object" ? JSON.stringify(value) : String(value);
  return v.unit ? `${text} ${v.unit}` : text;
}

export function switchText(v: ZwaveValue, value: unknown = v.value): string {
  if (typeof value === "boolean") return value ? "on" : "off";
  if (typeof value === "number") return value > 0 ? `on at ${levelToPercent(value)} %` : "off";
  return "unknown";
}

export const SENSOR_CLASSES = new Set([48, 49, 50, 113, 128]);

/** The one value that says what a device is doing: switch state, lock, setpoint, else a reading. */
export function mainValue(node: ZwaveNode): string | undefined {
  const binary = findOnAnyEndpoint(node, 37, "currentValue");
  if (binary) return switchText(binary);
  const level = findOnAnyEndpoint(node, 38, "currentValue");
  if (level) return switchText(level);
  const lock = findOnAnyEndpoint(node, 98, "currentMode");
  if (lock) return typeof lock.value === "number" ? (lock.value === 255 ? "locked" : "unlocked") : "unknown";
  const mode = findOnAnyEndpoint(node, 64, "mode");
  const setpoint = [...node.values.values()].find((v) => v.commandClass === 67 && v.property === "setpoint");
  if (mode || setpoint) {
    return [mode && `mode ${formatValue(mode)}`, setpoint && `setpoint ${formatValue(setpoint)}`]
      .filter(Boolean)
      .join(", ");
  }
  const reading = [...node.values.values()].find((v) => SENSOR_CLASSES.has(v.commandClass) && v.readable);
  return reading && `${valueLabel(reading)} ${formatValue(reading)}`;
}
