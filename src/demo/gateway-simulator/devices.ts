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

/** The devices `npm start` shows. */
export function demoNodes(): SimNode[] {
  return [
    binarySwitch(2, "Switch One"),
    dimmer(3, "Kitchen Light", { loc: "Kitchen" }),
    multisensor(4, "Office Sensor", { loc: "Office" }),
  ];
}
