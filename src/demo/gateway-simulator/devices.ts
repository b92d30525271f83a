// Device builders for the demo and the tests: the values each kind of device has in Z-Wave JS UI.
import type { SimDeviceClass, SimNode, SimValue } from "./types.js";

/** Device classes by number (zwave-js DeviceClasses.ts): a routing end node (basic 4) of each kind. */
export const DEVICE_CLASSES = {
  binaryPowerSwitch: { basic: 0x04, generic: 0x10, specific: 0x01 },
  multilevelPowerSwitch: { basic: 0x04, generic: 0x11, specific: 0x01 },
  motorControlB: { basic: 0x04, generic: 0x11, specific: 0x06 },
  notificationSensor: { basic: 0x04, generic: 0x07, specific: 0x01 },
  generalThermostatV2: { basic: 0x04, generic: 0x08, specific: 0x06 },
  secureKeypadDoorLock: { basic: 0x04, generic: 0x40, specific: 0x03 },
  secureBarrierAddOn: { basic: 0x04, generic: 0x40, specific: 0x07 },
  motorControlC: { basic: 0x04, generic: 0x11, specific: 0x07 },
  routingSensor: { basic: 0x04, generic: 0x07, specific: 0x01 },
  binarySensor: { basic: 0x04, generic: 0x20, specific: 0x01 },
} satisfies Record<string, SimDeviceClass>;

/** What a switch is told; a Broadcast or multicast node takes it too. */
export const SWITCH_TARGET: SimValue = {
  commandClass: 37,
  property: "targetValue",
  label: "Target value",
  type: "boolean",
  writeable: true,
};

/** What a dimmer is told; a Broadcast or multicast node takes it too. */
export const DIMMER_TARGET: SimValue = {
  commandClass: 38,
  property: "targetValue",
  label: "Target value",
  type: "number",
  writeable: true,
  min: 0,
  max: 99,
};

export function binarySwitch(id: number, name: string, extra: Partial<SimNode> = {}, on = false): SimNode {
  return {
    id,
    name,
    productLabel: "Smart Switch",
    productDescription: "Smart Switch 6",
    manufacturer: "AEON Labs",
    manufacturerId: 0x0086,
    productType: 0x0003,
    productId: 0x0060,
    deviceClass: DEVICE_CLASSES.binaryPowerSwitch,
    values: [
      { commandClass: 37, property: "currentValue", label: "Current value", type: "boolean", value: on },
      // Never set since inclusion: no value yet, as on the real gateway.
      { ...SWITCH_TARGET },
      {
        commandClass: 37,
        property: "duration",
        label: "Remaining duration",
        type: "duration",
        value: { unit: "seconds" },
      },
    ],
    ...extra,
  };
}

export function dimmer(id: number, name: string, extra: Partial<SimNode> = {}, level = 0): SimNode {
  return {
    id,
    name,
    productLabel: "Dimmer",
    productDescription: "Nano Dimmer",
    manufacturer: "AEON Labs",
    manufacturerId: 0x0086,
    productType: 0x0003,
    productId: 0x006f,
    deviceClass: DEVICE_CLASSES.multilevelPowerSwitch,
    values: [
      {
        commandClass: 38,
        property: "currentValue",
        label: "Current value",
        type: "number",
        min: 0,
        max: 99,
        value: level,
      },
      { ...DIMMER_TARGET, value: level },
      {
        commandClass: 38,
        property: "restorePrevious",
        label: "Restore previous value",
        type: "boolean",
        readable: false,
        writeable: true,
      },
    ],
    ...extra,
  };
}

export function multisensor(
  id: number,
  name: string,
  extra: Partial<SimNode> = {},
  reading: { temperature?: number; humidity?: number; battery?: number } = {},
): SimNode {
  return {
    id,
    name,
    productLabel: "Multisensor",
    productDescription: "MultiSensor 6",
    manufacturer: "AEON Labs",
    manufacturerId: 0x0086,
    productType: 0x0002,
    productId: 0x0064,
    deviceClass: DEVICE_CLASSES.notificationSensor,
    values: [
      {
        commandClass: 49,
        property: "Air temperature",
        propertyName: "Air temperature",
        label: "Air temperature",
        type: "number",
        unit: "°C",
        value: reading.temperature ?? 21.5,
      },
      {
        commandClass: 49,
        property: "Humidity",
        label: "Humidity",
        type: "number",
        unit: "%",
        value: reading.humidity ?? 45,
      },
      {
        commandClass: 128,
        property: "level",
        label: "Battery level",
        type: "number",
        unit: "%",
        value: reading.battery ?? 87,
      },
      { commandClass: 128, property: "isLow", label: "Low battery level", type: "boolean", value: false },
      {
        commandClass: 113,
        property: "Home Security",
        propertyKey: "Motion sensor status",
        propertyName: "Home Security",
        propertyKeyName: "Motion sensor status",
        label: "Motion sensor status",
        type: "number",
        states: [
          { text: "idle", value: 0 },
          { text: "Motion detection", value: 8 },
        ],
        value: 0,
      },
    ],
    ...extra,
  };
}

/** Battery CC: its level and the low-battery warning (zwave-js BatteryCC `level`, `isLow`). */
function batteryValues(level: number): SimValue[] {
  return [
    { commandClass: 128, property: "level", label: "Battery level", type: "number", unit: "%", value: level },
    { commandClass: 128, property: "isLow", label: "Low battery level", type: "boolean", value: level <= 10 },
  ];
}

/**
 * A roller shutter module: a Multilevel Switch (0–99, the position) whose device class is Motor
 * Control Class B, so Home Assistant makes it a cover and so do we; never a light. Its switch type
 * is Close/Open (zwave-js `SwitchType` 3), so it starts and stops moving through `Open` and `Close`.
 */
export function rollerShutter(
  id: number,
  name: string,
  extra: Partial<SimNode> = {},
  position = 99,
): SimNode {
  const base = dimmer(id, name, {}, position);
  return {
    ...base,
    productLabel: "Roller Shutter",
    productDescription: "Roller shutter module",
    manufacturer: "Simulated",
    manufacturerId: 0x0258,
    productType: 0x0003,
    productId: 0x008d,
    deviceClass: DEVICE_CLASSES.motorControlB,
    values: [
      ...base.values.filter((v) => v.property !== "restorePrevious"),
      {
        commandClass: 38,
        property: "Open",
        label: "Perform a level change (Open)",
        type: "boolean",
        readable: false,
        writeable: true,
      },
      {
        commandClass: 38,
        property: "Close",
        label: "Perform a level change (Close)",
        type: "boolean",
        readable: false,
        writeable: true,
      },
    ],
    ...extra,
  };
}

/** A Window Covering CC device with one positioned parameter, Outbound Bottom (13): a blind or awning motor. */
export function windowCovering(
  id: number,
  name: string,
  extra: Partial<SimNode> = {},
  position = 0,
): SimNode {
  const p = { commandClass: 106, propertyKey: 13, propertyKeyName: "Outbound Bottom" };
  return {
    id,
    name,
    productLabel: "Blind Motor",
    productDescription: "Window covering motor",
    manufacturer: "Simulated",
    manufacturerId: 0x0258,
    productType: 0x0004,
    productId: 0x0090,
    deviceClass: DEVICE_CLASSES.motorControlC,
    values: [
      {
        ...p,
        property: "currentValue",
        label: "Current value - Outbound Bottom",
        type: "number",
        min: 0,
        max: 99,
        value: position,
      },
      {
        ...p,
        property: "targetValue",
        label: "Target value - Outbound Bottom",
        type: "number",
        min: 0,
        max: 99,
        writeable: true,
        value: position,
      },
      {
        ...p,
        property: "levelChangeUp",
        label: "Open - Outbound Bottom",
        type: "boolean",
        readable: false,
        writeable: true,
      },
      {
        ...p,
        property: "levelChangeDown",
        label: "Close - Outbound Bottom",
        type: "boolean",
        readable: false,
        writeable: true,
      },
    ],
    ...extra,
  };
}

/** The Color Switch channels of an RGB + warm/cold white bulb (zwave-js `ColorComponent`). */
const BULB_CHANNELS = [
  [0, "Warm White", "warmWhite"],
  [1, "Cold White", "coldWhite"],
  [2, "Red", "red"],
  [3, "Green", "green"],
  [4, "Blue", "blue"],
] as const;

/**
 * An RGBW bulb: a Multilevel Switch for its brightness, and Color Switch with each channel's
 * current and target value, the compound `currentColor` / `targetColor` and `hexColor`, as zwave-js
 * creates them (ColorSwitchCC's interview). It starts warm white.
 */
export function colorBulb(id: number, name: string, extra: Partial<SimNode> = {}, level = 0): SimNode {
  const base = dimmer(id, name, {}, level);
  const channels: Record<string, number> = { warmWhite: 255, coldWhite: 0, red: 0, green: 0, blue: 0 };
  return {
    ...base,
    productLabel: "LED Bulb 6",
    productDescription: "Multi-colour LED bulb",
    manufacturer: "AEON Labs",
    manufacturerId: 0x0371,
    productType: 0x0003,
    productId: 0x0002,
    values: [
      ...base.values,
      {
        commandClass: 51,
        property: "currentColor",
        label: "Current color",
        type: "any",
        value: { ...channels },
      },
      {
        commandClass: 51,
        property: "targetColor",
        label: "Target color",
        type: "any",
        writeable: true,
        value: { ...channels },
      },
      {
        commandClass: 51,
        property: "hexColor",
        label: "RGB Color",
        type: "color",
        writeable: true,
        value: "000000",
      },
      ...BULB_CHANNELS.flatMap(([key, label, channel]) => [
        {
          commandClass: 51,
          property: "currentColor",
          propertyKey: key,
          label: `Current value (${label})`,
          type: "number" as const,
          min: 0,
          max: 255,
          value: channels[channel],
        },
        {
          commandClass: 51,
          property: "targetColor",
          propertyKey: key,
          label: `Target value (${label})`,
          type: "number" as const,
          min: 0,
          max: 255,
          writeable: true,
          value: channels[channel],
        },
      ]),
    ],
    ...extra,
  };
}

/**
 * A metered plug: a Binary Switch and an electric Meter (version 4+: power, energy, voltage,
 * current), each value keyed `(rateType << 16) | (scale << 8) | meterType` and labelled as zwave-js
 * labels it ("Electric Consumption [W]").
 */
export function meteredPlug(
  id: number,
  name: string,
  extra: Partial<SimNode> = {},
  meter: { watts?: number; kwh?: number; on?: boolean } = {},
): SimNode {
  const base = binarySwitch(id, name, {}, meter.on ?? true);
  const reading = (scale: number, unit: string, value: number): SimValue => ({
    commandClass: 50,
    property: "value",
    propertyKey: (1 << 16) | (scale << 8) | 1,
    propertyKeyName: `Electric_${unit}_Consumed`,
    label: `Electric Consumption [${unit}]`,
    type: "number",
    unit,
    value,
  });
  return {
    ...base,
    productLabel: "Smart Plug",
    productDescription: "Smart Plug with power metering",
    manufacturer: "Simulated",
    manufacturerId: 0x0258,
    productType: 0x0003,
    productId: 0x1087,
    values: [
      ...base.values,
      reading(0, "kWh", meter.kwh ?? 182.4),
      reading(2, "W", meter.watts ?? 1432.5),
      reading(4, "V", 229.8),
      reading(5, "A", 6.23),
      {
        commandClass: 50,
        property: "reset",
        label: "Reset accumulated values",
        type: "boolean",
        readable: false,
        writeable: true,
      },
    ],
    ...extra,
  };
}

/** Notification CC's Access Control door state: 22 open, 23 closed (zwave-js registries/Notifications.ts). */
const DOOR_STATES = [
  { text: "Window/door is open", value: 22 },
  { text: "Window/door is closed", value: 23 },
];

/** A door/window contact that reports through Notification CC, with tamper and battery. */
export function doorSensor(id: number, name: string, extra: Partial<SimNode> = {}, open = false): SimNode {
  const access = {
    commandClass: 113,
    property: "Access Control",
    propertyName: "Access Control",
    type: "number" as const,
  };
  return {
    id,
    name,
    productLabel: "Door Window Sensor 7",
    productDescription: "Door/window contact",
    manufacturer: "AEON Labs",
    manufacturerId: 0x0371,
    productType: 0x0002,
    productId: 0x0007,
    deviceClass: DEVICE_CLASSES.routingSensor,
    values: [
      {
        ...access,
        propertyKey: "Door state",
        propertyKeyName: "Door state",
        label: "Door state",
        states: DOOR_STATES,
        value: open ? 22 : 23,
      },
      {
        ...access,
        propertyKey: "Door state (simple)",
        propertyKeyName: "Door state (simple)",
        label: "Door state (simple)",
        states: DOOR_STATES,
        value: open ? 22 : 23,
      },
      {
        commandClass: 113,
        property: "Home Security",
        propertyKey: "Cover status",
        propertyName: "Home Security",
        propertyKeyName: "Cover status",
        label: "Cover status",
        type: "number",
        states: [
          { text: "idle", value: 0 },
          { text: "Tampering, product cover removed", value: 3 },
        ],
        value: 0,
      },
      ...batteryValues(92),
    ],
    ...extra,
  };
}

/** A leak sensor: Binary Sensor CC of type Water (`Sensor state (Water)`, zwave-js BinarySensorCC), and a battery. */
export function waterSensor(id: number, name: string, extra: Partial<SimNode> = {}, battery = 64): SimNode {
  return {
    id,
    name,
    productLabel: "Water Sensor",
    productDescription: "Water leak sensor",
    manufacturer: "Simulated",
    manufacturerId: 0x0258,
    productType: 0x0002,
    productId: 0x0012,
    deviceClass: DEVICE_CLASSES.binarySensor,
    values: [
      { commandClass: 48, property: "Water", label: "Sensor state (Water)", type: "boolean", value: false },
      ...batteryValues(battery),
    ],
    ...extra,
  };
}

/** Barrier Operator `currentState` (zwave-js `BarrierState`). */
const BARRIER_STATES = [
  { text: "Closed", value: 0 },
  { text: "Closing", value: 252 },
  { text: "Stopped", value: 253 },
  { text: "Opening", value: 254 },
  { text: "Open", value: 255 },
];

/** A garage door opener (Barrier Operator CC, Secure Barrier Add-on): it opens and closes only. */
export function garageDoor(id: number, name: string, extra: Partial<SimNode> = {}, open = false): SimNode {
  return {
    id,
    name,
    productLabel: "GD00Z-8",
    productDescription: "Garage Door Controller",
    manufacturer: "Nortek Security & Control LLC",
    manufacturerId: 0x014f,
    productType: 0x4744,
    productId: 0x3530,
    deviceClass: DEVICE_CLASSES.secureBarrierAddOn,
    travelMs: 1500,
    values: [
      {
        commandClass: 102,
        property: "currentState",
        label: "Current Barrier State",
        type: "number",
        states: BARRIER_STATES,
        value: open ? 255 : 0,
      },
      {
        commandClass: 102,
        property: "targetState",
        label: "Target Barrier State",
        type: "number",
        writeable: true,
        states: [BARRIER_STATES[0]!, BARRIER_STATES[4]!],
        value: open ? 255 : 0,
      },
      {
        commandClass: 102,
        property: "position",
        label: "Barrier Position",
        type: "number",
        unit: "%",
        min: 0,
        max: 100,
        value: open ? 100 : 0,
      },
    ],
    ...extra,
  };
}

/**
 * The devices `npm start` shows: a switch, a dimmer and a multisensor, a roller shutter, a colour
 * bulb, a metered plug and a door sensor.
 */
export function demoNodes(): SimNode[] {
  return [
    binarySwitch(2, "Switch One"),
    dimmer(3, "Kitchen Light", { loc: "Kitchen" }),
    multisensor(4, "Office Sensor", { loc: "Office" }),
    rollerShutter(20, "Bedroom Shutter", { loc: "Bedroom", travelMs: 600 }),
    colorBulb(21, "Color Bulb", { loc: "Kitchen" }),
    meteredPlug(22, "Dryer Plug", { loc: "Laundry" }),
    doorSensor(23, "Back Door Sensor", { loc: "Hall" }),
  ];
}
