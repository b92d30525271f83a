// How a device is described to a person: its state and its main value.
import { valuesOn, valueOn } from "./endpoints.js";
import { CC, type EndpointRole } from "./functions.js";
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

/** The command classes whose values are readings (sensors, meters, notifications, battery). */
export const SENSOR_CLASSES = new Set<number>([
  CC.binarySensor,
  CC.multilevelSensor,
  CC.meter,
  CC.notification,
  CC.battery,
]);

/** What one endpoint is doing, from the device's own reports: on/off and level, and a text for people. */
export interface EndpointState {
  on: boolean | null;
  /** A dimmer's, fan's or cover's level in percent. */
  level: number | null;
  value: string | undefined;
}

/** A cover's position for people: "closed", "open", "open at 40 %". */
function coverText(v: ZwaveValue): string {
  if (typeof v.value !== "number") return "unknown";
  if (v.value <= 0) return "closed";
  return v.value >= 99 ? "open" : `open at ${levelToPercent(v.value)} %`;
}

export function endpointState(node: ZwaveNode, role: EndpointRole): EndpointState {
  const ep = role.index;
  const none: EndpointState = { on: null, level: null, value: undefined };
  switch (role.function) {
    case "switch":
    case "light":
    case "fan": {
      const cc = role.function === "switch" ? CC.binarySwitch : CC.multilevelSwitch;
      const current = valueOn(node, ep, cc, "currentValue");
      if (!current) return none;
      const v = current.value;
      return {
        on: typeof v === "boolean" ? v : typeof v === "number" ? v > 0 : null,
        level: cc === CC.multilevelSwitch && typeof v === "number" && v <= 99 ? levelToPercent(v) : null,
        value: switchText(current),
      };
    }
    case "cover": {
      const position =
        valueOn(node, ep, CC.multilevelSwitch, "currentValue") ??
        [...node.values.values()].find(
          (v) => v.endpoint === ep && v.commandClass === CC.windowCovering && v.property === "currentValue",
        );
      if (!position) return none;
      const v = position.value;
      return {
        on: null,
        level: typeof v === "number" && v <= 99 ? levelToPercent(v) : null,
        value: coverText(position),
      };
    }
    case "barrier": {
      const state = valueOn(node, ep, CC.barrierOperator, "currentState");
      return state ? { ...none, value: formatValue(state) } : none;
    }
    case "lock": {
      const lock = valueOn(node, ep, CC.doorLock, "currentMode");
      if (!lock) return none;
      return {
        ...none,
        value: typeof lock.value === "number" ? (lock.value === 255 ? "locked" : "unlocked") : "unknown",
      };
    }
    case "thermostat": {
      const mode = valueOn(node, ep, CC.thermostatMode, "mode");
      const setpoint = valuesOn(node, ep).find(
        (v) => v.commandClass === CC.thermostatSetpoint && v.property === "setpoint",
      );
      const text = [mode && `mode ${formatValue(mode)}`, setpoint && `setpoint ${formatValue(setpoint)}`]
        .filter(Boolean)
        .join(", ");
      return { ...none, value: text || undefined };
    }
    case "sensor": {
      const reading = valuesOn(node, ep).find((v) => SENSOR_CLASSES.has(v.commandClass) && v.readable);
      return { ...none, value: reading && `${valueLabel(reading)} ${formatValue(reading)}` };
    }
    case "other":
      return none;
  }
}
