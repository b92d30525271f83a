// What a sensor, meter, notification or battery value measures or senses, typed in Home
// Assistant's vocabulary (its `sensor` and `binary_sensor` device classes), so a host reads "power"
// or "the door is open" from data, never from a label ("Electric Consumption [W]", "Sensor state
// (Door/Window)"). Read the way Home Assistant's `zwave_js` integration reads them
// (home-assistant/core homeassistant/components/zwave_js/discovery_data_template.py and
// binary_sensor.py): Multilevel Sensor by its sensor type, Meter by its scale, Binary Sensor by its
// sensor type, Notification by its type and the state it reports. One table per command class,
// read top to bottom. docs/architecture.md, "The Z-Wave device as it really is".
import { CC } from "./functions.js";
import type { ZwaveValue } from "./model.js";

/** Home Assistant's `sensor` device classes a Z-Wave value can be. */
export const SENSOR_DEVICE_CLASSES = [
  "temperature",
  "humidity",
  "illuminance",
  "power",
  "energy",
  "current",
  "voltage",
  "power_factor",
  "reactive_power",
  "battery",
  "pressure",
  "carbon_dioxide",
  "gas",
  "water",
] as const;

/** Home Assistant's `binary_sensor` device classes a Z-Wave value can be. */
export const BINARY_DEVICE_CLASSES = [
  "door",
  "window",
  "motion",
  "moisture",
  "smoke",
  "carbon_monoxide",
  "gas",
  "heat",
  "cold",
  "tamper",
  "safety",
  "sound",
  "battery",
] as const;

export type SensorDeviceClass = (typeof SENSOR_DEVICE_CLASSES)[number];
export type BinaryDeviceClass = (typeof BINARY_DEVICE_CLASSES)[number];

/** Both, once each (`gas` and `battery` are in both). */
export const READING_DEVICE_CLASSES = [
  ...SENSOR_DEVICE_CLASSES,
  ...BINARY_DEVICE_CLASSES.filter((c) => !(SENSOR_DEVICE_CLASSES as readonly string[]).includes(c)),
] as [SensorDeviceClass | BinaryDeviceClass, ...(SensorDeviceClass | BinaryDeviceClass)[]];

/**
 * A binary sensor's state in words a host can switch on: Home Assistant's binary_sensor "on" is
 * `open` for a door, `detected` for motion, smoke or tampering, `wet` for a leak, `low` for a battery.
 */
export const BINARY_STATES = ["open", "closed", "detected", "clear", "wet", "dry", "low", "normal"] as const;
export type BinaryState = (typeof BINARY_STATES)[number];

/** What one value is, typed. */
export type ReadingType =
  | { domain: "sensor"; deviceClass: SensorDeviceClass | null }
  | { domain: "binary_sensor"; deviceClass: BinaryDeviceClass | null };

/** A binary sensor's state: Home Assistant's on/off (`active`) and its word. */
export interface BinaryReading {
  active: boolean;
  state: BinaryState;
}

/** Multilevel Sensor types (zwave-js @zwave-js/core registries/Sensors.ts labels) → device class. */
const MULTILEVEL_SENSORS: ReadonlyArray<readonly [RegExp, SensorDeviceClass]> = [
  [/temperature|^dew point$/i, "temperature"],
  [/^humidity$/i, "humidity"],
  [/^illuminance$/i, "illuminance"],
  [/^power$/i, "power"],
  [/^voltage$/i, "voltage"],
  [/^current$/i, "current"],
  [/^carbon dioxide/i, "carbon_dioxide"],
  [/pressure$/i, "pressure"],
];

/** Meter scales by their unit (zwave-js @zwave-js/core registries/Meters.ts), for electric meters. */
const ELECTRIC_UNITS: Readonly<Record<string, SensorDeviceClass>> = {
  kWh: "energy",
  W: "power",
  V: "voltage",
  A: "current",
  kVar: "reactive_power",
};

/** Binary Sensor types (zwave-js `BinarySensorType`, the value's property) → device class. */
const BINARY_SENSORS: Readonly<Record<string, BinaryDeviceClass>> = {
  Smoke: "smoke",
  CO: "carbon_monoxide",
  CO2: "gas",
  Heat: "heat",
  Water: "moisture",
  Freeze: "cold",
  Tamper: "tamper",
  "Door/Window": "door",
  Motion: "motion",
  "Glass Break": "safety",
};

interface NotificationRule {
  /** The notification type (the value's property, zwave-js registries/Notifications.ts `name`). */
  type: string;
  /** The notification variable (the value's property key); any when left out. */
  variable?: string;
  deviceClass: BinaryDeviceClass;
  /** The states that are "on"; any state but idle (0) when left out. */
  on?: readonly number[];
  /** The states that are "off" besides idle (0). */
  off?: readonly number[];
}

/** Door state: open (22; with its position parameter 0x1600 regular, 0x1601 tilt), closed (23). */
const DOOR_OPEN = [0x16, 0x1600, 0x1601];
const DOOR_CLOSED = [0x17];

const NOTIFICATIONS: readonly NotificationRule[] = [
  { type: "Access Control", variable: "Door state", deviceClass: "door", on: DOOR_OPEN, off: DOOR_CLOSED },
  {
    type: "Access Control",
    variable: "Door state (simple)",
    deviceClass: "door",
    on: DOOR_OPEN,
    off: DOOR_CLOSED,
  },
  { type: "Smoke Alarm", variable: "Sensor status", deviceClass: "smoke" },
  { type: "CO Alarm", variable: "Sensor status", deviceClass: "carbon_monoxide" },
  { type: "CO2 Alarm", variable: "Sensor status", deviceClass: "gas" },
  { type: "Heat Alarm", variable: "Heat sensor status", deviceClass: "heat" },
  { type: "Water Alarm", variable: "Sensor status", deviceClass: "moisture" },
  { type: "Home Security", variable: "Motion sensor status", deviceClass: "motion" },
  { type: "Home Security", variable: "Cover status", deviceClass: "tamper" },
  { type: "Home Security", variable: "Sensor status", deviceClass: "safety" },
  { type: "Gas alarm", deviceClass: "gas" },
  { type: "Siren", deviceClass: "sound" },
];

const WORDS: Readonly<Record<BinaryDeviceClass, readonly [on: BinaryState, off: BinaryState]>> = {
  door: ["open", "closed"],
  window: ["open", "closed"],
  moisture: ["wet", "dry"],
  battery: ["low", "normal"],
  motion: ["detected", "clear"],
  smoke: ["detected", "clear"],
  carbon_monoxide: ["detected", "clear"],
  gas: ["detected", "clear"],
  heat: ["detected", "clear"],
  cold: ["detected", "clear"],
  tamper: ["detected", "clear"],
  safety: ["detected", "clear"],
  sound: ["detected", "clear"],
};

function notificationRule(v: ZwaveValue): NotificationRule | undefined {
  return NOTIFICATIONS.find(
    (r) =>
      r.type === String(v.property) && (r.variable === undefined || r.variable === String(v.propertyKey)),
  );
}

/** The meter's kind: electric by its unit, gas and water by the label zwave-js gives the value. */
function meterClass(v: ZwaveValue): SensorDeviceClass | null {
  const label = v.label ?? "";
  if (/^gas\b/i.test(label)) return "gas";
  if (/^water\b/i.test(label)) return "water";
  if (v.unit === undefined) return /power factor/i.test(label) ? "power_factor" : null;
  return ELECTRIC_UNITS[v.unit] ?? null;
}

/** What a reading value is; undefined for values that are no readings (a switch, a setpoint). */
export function readingType(v: ZwaveValue): ReadingType | undefined {
  switch (v.commandClass) {
    case CC.multilevelSensor: {
      const name = String(v.propertyName ?? v.property);
      const row = MULTILEVEL_SENSORS.find(([pattern]) => pattern.test(name));
      return { domain: "sensor", deviceClass: row?.[1] ?? null };
    }
    case CC.meter:
      // Only the readings: `reset` and the meter's capabilities are no value.
      return v.property === "value" ? { domain: "sensor", deviceClass: meterClass(v) } : undefined;
    case CC.binarySensor:
      return { domain: "binary_sensor", deviceClass: BINARY_SENSORS[String(v.property)] ?? null };
    case CC.notification: {
      // A state the table knows is on or off; any other (a lock's keypad state, the V1 alarm type and
      // level) is a reading by its state's name, as Home Assistant makes it an enum sensor.
      const rule = notificationRule(v);
      return rule
        ? { domain: "binary_sensor", deviceClass: rule.deviceClass }
        : { domain: "sensor", deviceClass: null };
    }
    case CC.battery:
      if (v.property === "level") return { domain: "sensor", deviceClass: "battery" };
      if (v.property === "isLow") return { domain: "binary_sensor", deviceClass: "battery" };
      return undefined;
    default:
      return undefined;
  }
}

/**
 * A binary sensor's state from what it reports: a Binary Sensor's or Battery's boolean; a
 * notification's state (idle is off, the door's states as they are). Undefined while unknown, and
 * for a notification state that says neither (a door lock's "Door handle state").
 */
export function binaryReading(v: ZwaveValue, value: unknown = v.value): BinaryReading | undefined {
  const type = readingType(v);
  if (type?.domain !== "binary_sensor") return undefined;
  let active: boolean | undefined;
  if (typeof value === "boolean") active = value;
  else if (typeof value === "number" && v.commandClass === CC.notification) {
    const rule = notificationRule(v);
    if (rule?.on)
      active = rule.on.includes(value) ? true : value === 0 || rule.off?.includes(value) ? false : undefined;
    else active = value !== 0;
  }
  if (active === undefined) return undefined;
  const [on, off] = type.deviceClass ? WORDS[type.deviceClass] : (["detected", "clear"] as const);
  return { active, state: active ? on : off };
}

/** Binary states that say a door or window is open (`true`) or closed. */
export function isOpening(deviceClass: BinaryDeviceClass | null): boolean {
  return deviceClass === "door" || deviceClass === "window";
}
