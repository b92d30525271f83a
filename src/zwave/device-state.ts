// How a device is described to a person: its state and its main value.
import { valuesOn, valueOn } from "./endpoints.js";
import { CC, type EndpointRole } from "./functions.js";
import { colorSwitchOf, reportedColor } from "./color-switch.js";
import type { EndpointReport, HvacMode } from "./contract.js";
import { coverMechanism, coverStatusOf, type CoverStatus } from "./covers.js";
import { valueKey, type ValueId, type ZwaveNode, type ZwaveValue } from "./model.js";
import { levelToPercent } from "./multilevel-switch.js";
import { binaryReading, isOpening, readingType, type BinaryDeviceClass } from "./readings.js";

export type DeviceState = "online" | "asleep" | "dead" | "not ready";

export function deviceState(node: ZwaveNode): DeviceState {
  if (node.status === "Dead" || !node.available) return "dead";
  if (!node.ready) return "not ready";
  return node.status === "Asleep" ? "asleep" : "online";
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

/**
 * The reading that says what a sensor is about: a door or window first (a contact), then a
 * measurement (a multisensor's temperature), another binary sensor (motion, leak, smoke), a meter,
 * and the battery last.
 */
function mainReading(values: ZwaveValue[]): ZwaveValue | undefined {
  const readings = values.filter((v) => SENSOR_CLASSES.has(v.commandClass) && v.readable && readingType(v));
  const rank = (v: ZwaveValue): number => {
    const type = readingType(v);
    if (v.commandClass === CC.battery) return 5;
    if (type?.domain === "binary_sensor" && isOpening(type.deviceClass as BinaryDeviceClass | null)) return 0;
    if (v.commandClass === CC.multilevelSensor) return 1;
    if (type?.domain === "binary_sensor" && type.deviceClass) return 2;
    if (v.commandClass === CC.meter) return 3;
    return 4;
  };
  return readings.sort((a, b) => rank(a) - rank(b))[0];
}

/** A battery at or under this is low, whatever the device's own flag says. */
export const LOW_BATTERY_PERCENT = 20;

/** A cover's position for people: "closed", "open", "open at 40 %", "opening". */
export function coverText(status: CoverStatus): string {
  if (status.position !== null && status.position > 0 && status.position < 100)
    return `open at ${status.position} %`;
  return status.state ?? "unknown";
}

/** The node's battery: its level in percent and whether it is low; undefined when it has none. */
export function batteryOf(
  node: ZwaveNode,
): { level: number | null; low: boolean; reportedAt: number | null } | undefined {
  const values = [...node.values.values()]
    .filter((v) => v.commandClass === CC.battery)
    .sort((a, b) => a.endpoint - b.endpoint);
  const level = values.find((v) => v.property === "level");
  if (!level) return undefined;
  const percent = typeof level.value === "number" ? level.value : null;
  const flag = values.find((v) => v.property === "isLow")?.value === true;
  return {
    level: percent,
    low: flag || (percent !== null && percent <= LOW_BATTERY_PERCENT),
    reportedAt: level.lastUpdate ?? null,
  };
}

/** The latest reading of one class among these values (a meter's W, its kWh). */
function measured(values: ZwaveValue[], deviceClass: string): number | null {
  const v = values.find((x) => readingType(x)?.deviceClass === deviceClass && typeof x.value === "number");
  return v ? (v.value as number) : null;
}

/** Door Lock CC's mode "Secured" (zwave-js `DoorLockMode.Secured`); any other mode is not. */
export const SECURED = 255;

/**
 * Thermostat Mode CC's modes as Home Assistant's zwave_js climate names them (its
 * `ZW_HVAC_MODE_MAP`, homeassistant/components/zwave_js/climate.py): auto is heat_cool, the
 * economy and full-power modes are heat or cool. Resume, moist air and the maker's own: none.
 */
const HVAC_MODES: Partial<Record<number, HvacMode>> = {
  0: "off",
  1: "heat",
  2: "cool",
  3: "heat_cool",
  4: "heat",
  6: "fan_only",
  7: "heat",
  8: "dry",
  10: "heat_cool",
  11: "heat",
  12: "cool",
  13: "heat_cool",
  15: "heat",
};

/**
 * The Thermostat Setpoint type a mode heats or cools to (zwave-js `ThermostatSetpointType`, the same
 * numbers as the modes that have one); auto and away hold a range of two, off none.
 */
const MODE_SETPOINTS: Partial<Record<number, number>> = {
  1: 1,
  2: 2,
  4: 1,
  7: 7,
  8: 8,
  9: 9,
  10: 10,
  11: 11,
  12: 12,
  15: 15,
};

/** The Thermostat Setpoint value a mode heats or cools to; undefined for a mode with none (off, auto). */
export function modeSetpoint(values: readonly ZwaveValue[], mode: number): ZwaveValue | undefined {
  const type = MODE_SETPOINTS[mode];
  if (type === undefined) return undefined;
  return values.find(
    (v) => v.commandClass === CC.thermostatSetpoint && v.property === "setpoint" && v.propertyKey === type,
  );
}

export function endpointReport(node: ZwaveNode, role: EndpointRole): EndpointReport {
  const values = valuesOn(node, role.index);
  const report: EndpointReport = {};
  const mechanism = coverMechanism(node, role);
  if (mechanism) {
    const status = coverStatusOf(mechanism);
    Object.assign(report, { position: status.position, coverState: status.state, open: status.open });
  }
  const colors = role.function === "light" ? colorSwitchOf(node, role.index) : undefined;
  if (colors) report.color = reportedColor(colors);
  if (values.some((v) => v.commandClass === CC.meter)) {
    report.power = measured(values, "power");
    report.energy = measured(values, "energy");
  }
  const battery = batteryOf(node);
  if (battery) Object.assign(report, { battery: battery.level, batteryLow: battery.low });
  if (role.function === "lock") {
    const mode = valueOn(node, role.index, CC.doorLock, "currentMode")?.value;
    report.locked = typeof mode === "number" ? mode === SECURED : null;
  }
  if (role.function === "thermostat") {
    const mode = valueOn(node, role.index, CC.thermostatMode, "mode")?.value;
    report.hvacMode = typeof mode === "number" ? (HVAC_MODES[mode] ?? null) : null;
    const setpoint = typeof mode === "number" ? modeSetpoint(values, mode) : undefined;
    report.setpoint =
      typeof setpoint?.value === "number" ? { value: setpoint.value, unit: setpoint.unit ?? null } : null;
  }
  const binary: NonNullable<EndpointReport["binarySensors"]> = [];
  for (const v of values) {
    if (v.commandClass === CC.battery || !v.readable) continue;
    const b = binaryReading(v);
    const deviceClass = readingType(v)?.deviceClass ?? null;
    // Two values of one sense say the same (zwave-js's "Door state" and "Door state (simple)").
    if (b && !(deviceClass && binary.some((x) => x.deviceClass === deviceClass)))
      binary.push({ deviceClass, ...b });
  }
  if (binary.length) {
    report.binarySensors = binary;
    const door = binary.find((b) => isOpening(b.deviceClass as BinaryDeviceClass | null));
    if (door && report.open === undefined) report.open = door.active;
  }
  return report;
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
    case "cover":
    case "barrier": {
      const mechanism = coverMechanism(node, role);
      if (!mechanism) return none;
      const status = coverStatusOf(mechanism);
      return { on: null, level: status.position, value: coverText(status) };
    }
    case "lock": {
      const lock = valueOn(node, ep, CC.doorLock, "currentMode");
      if (!lock) return none;
      return {
        ...none,
        value: typeof lock.value === "number" ? (lock.value === SECURED ? "locked" : "unlocked") : "unknown",
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
      const reading = mainReading(valuesOn(node, ep));
      if (!reading) return none;
      const binary = binaryReading(reading);
      const type = readingType(reading);
      const value =
        binary && type?.deviceClass
          ? `${type.deviceClass.replace(/_/g, " ")} ${binary.state}`
          : `${valueLabel(reading)} ${formatValue(reading)}`;
      return { ...none, value };
    }
    case "other":
      return none;
  }
}
