// The mock devices of the real-stack tests: one of each kind the Z-Wave tools handle, and one that
// never answers. Change MOCK_NETWORK_VERSION with them, so no stale driver cache is reused.
import type { MockNodeOptions } from "@zwave-js/testing";

export const MOCK_NETWORK_VERSION = "5";

export type MockDevice =
  | "switch"
  | "dimmer"
  | "sensor"
  | "thermostat"
  | "lock"
  | "unresponsive"
  | "jammed"
  | "supervised"
  | "relay"
  | "shutter"
  | "blind"
  | "bulb"
  | "plug"
  | "door"
  | "leak"
  | "garage";

export interface MockDeviceSpec {
  device: MockDevice;
  id: number;
  name: string;
  loc: string;
  /** Never acks nor answers, from the very start (an unplugged device). */
  silentFromStart?: boolean;
  /** Acknowledges every Set and changes nothing (a jammed relay); Gets are answered as usual. */
  ignoresSets?: boolean;
  /** Keeps a Binary Switch state per endpoint (the stock mock behaviour keeps one per node). */
  switchPerEndpoint?: boolean;
  /** Battery CC, whose level zwave-js's mock does not answer: this device answers with it (device-behaviors.ts). */
  battery?: number;
  /** Barrier Operator CC, which zwave-js's mock has no behaviour for: a garage door opener (device-behaviors.ts). */
  barrier?: { travelMs: number };
  /** A Multilevel Switch shutter motor that takes this long to travel all the way (device-behaviors.ts). */
  travelMs?: number;
  /** Where something blocks that motor: sent past it, it stops there (device-behaviors.ts). */
  stopsAt?: number;
  /** An electric meter's readings now, by scale (0 kWh, 2 W, 4 V, 5 A): what its Gets answer. */
  meter?: Record<number, number>;
  capabilities: NonNullable<MockNodeOptions["capabilities"]>;
}

const cc = (ccId: number, extra: Record<string, unknown> = {}) => ({ ccId, isSupported: true, ...extra });

export function mockNodes(): MockDeviceSpec[] {
  const meter: Record<number, number> = { 0: 182.4, 2: 1432.5, 4: 229.8, 5: 6.23 };
  return [
    {
      device: "switch",
      id: 2,
      name: "Switch One",
      loc: "",
      capabilities: { commandClasses: [cc(0x25, { version: 2, defaultValue: false })] },
    },
    {
      device: "dimmer",
      id: 3,
      name: "Kitchen Light",
      loc: "Kitchen",
      capabilities: {
        commandClasses: [cc(0x26, { version: 4, defaultValue: 0, primarySwitchType: 2 })],
      },
    },
    {
      device: "sensor",
      id: 4,
      name: "Office Sensor",
      loc: "Office",
      capabilities: {
        commandClasses: [
          cc(0x31, { version: 11, sensors: { 1: { supportedScales: [0] } }, getValue: () => 21.5 }),
        ],
      },
    },
    {
      device: "thermostat",
      id: 5,
      name: "Hall Thermostat",
      loc: "Hall",
      capabilities: {
        commandClasses: [
          cc(0x40, { version: 3, supportedModes: [0, 1, 2] }),
          // The 15.29 mock refuses a Set whose value is above minValue (it tests `value > minValue`),
          // so the minimum sits at the top; version 2 keeps that range out of the driver's metadata.
          cc(0x43, {
            version: 2,
            setpoints: {
              1: { minValue: 99, maxValue: 99, defaultValue: 20, scale: "°C" },
              2: { minValue: 99, maxValue: 99, defaultValue: 26, scale: "°C" },
            },
          }),
        ],
      },
    },
    {
      device: "lock",
      id: 6,
      name: "Front Door",
      loc: "",
      capabilities: {
        commandClasses: [
          cc(0x62, {
            version: 4,
            supportedOperationTypes: [1],
            supportedDoorLockModes: [0, 255],
            doorSupported: true,
            boltSupported: true,
            latchSupported: false,
          }),
        ],
      },
    },
    {
      device: "jammed",
      id: 8,
      name: "Garage Light",
      loc: "Garage",
      ignoresSets: true,
      capabilities: { commandClasses: [cc(0x25, { version: 2, defaultValue: false })] },
    },
    {
      // Supervision CC: zwave-js supervises its Sets, and the mock answers them Success.
      device: "supervised",
      id: 9,
      name: "Desk Lamp",
      loc: "Study",
      capabilities: {
        commandClasses: [cc(0x25, { version: 2, defaultValue: false }), cc(0x6c, { version: 1 })],
      },
    },
    {
      // Two Binary Switch endpoints behind Multi Channel, with the ids of the Inovelli NZW37, whose
      // zwave-js device config labels them "Outlet 1" and "Outlet 2" (the real driver loads it).
      device: "relay",
      id: 10,
      name: "Smart Plug",
      loc: "Living Room",
      switchPerEndpoint: true,
      capabilities: {
        manufacturerId: 0x015d,
        productType: 0x2500,
        productId: 0x2500,
        genericDeviceClass: 0x10,
        specificDeviceClass: 0x01,
        commandClasses: [cc(0x60, { version: 4 }), cc(0x72, { version: 2 }), cc(0x86, { version: 3 })],
        endpoints: [
          {
            genericDeviceClass: 0x10,
            specificDeviceClass: 0x01,
            commandClasses: [cc(0x25, { version: 2, defaultValue: false })],
          },
          {
            genericDeviceClass: 0x10,
            specificDeviceClass: 0x01,
            commandClasses: [cc(0x25, { version: 2, defaultValue: false })],
          },
        ],
      },
    },
    {
      // A roller shutter module: Multilevel Switch with the Motor Control Class B device class.
      device: "shutter",
      id: 11,
      name: "Living Room Shutter",
      loc: "Living Room",
      capabilities: {
        genericDeviceClass: 0x11,
        specificDeviceClass: 0x06,
        commandClasses: [cc(0x26, { version: 4, defaultValue: 99, primarySwitchType: 3 })],
      },
    },
    {
      // Window Covering CC with one positioned parameter, Outbound Bottom (13); the mock moves it at
      // its travel time and reports the position when it gets there.
      device: "blind",
      id: 12,
      name: "Study Blind",
      loc: "Study",
      capabilities: {
        genericDeviceClass: 0x11,
        specificDeviceClass: 0x07,
        commandClasses: [cc(0x6a, { version: 1, supportedParameters: [13], travelTime: 2000 })],
      },
    },
    {
      // An RGBW bulb: brightness on Multilevel Switch, colour on Color Switch (warm, cold, red, green, blue).
      device: "bulb",
      id: 13,
      name: "Color Bulb",
      loc: "Kitchen",
      capabilities: {
        commandClasses: [
          cc(0x26, { version: 4, defaultValue: 0, primarySwitchType: 2 }),
          cc(0x33, { version: 3, colorComponents: { 0: 255, 1: 0, 2: 0, 3: 0, 4: 0 } }),
        ],
      },
    },
    {
      // A metered plug: Binary Switch and an electric Meter (version 6: with version 3 zwave-js drops
      // the mock's reports), power, energy, voltage and current.
      device: "plug",
      id: 14,
      name: "Dryer Plug",
      loc: "Laundry",
      meter,
      capabilities: {
        genericDeviceClass: 0x10,
        specificDeviceClass: 0x01,
        commandClasses: [
          cc(0x25, { version: 2, defaultValue: true }),
          cc(0x32, {
            version: 6,
            meterType: 1,
            supportedScales: [0, 2, 4, 5],
            supportedRateTypes: [1],
            supportsReset: true,
            getValue: (scale: number) => meter[scale] ?? 0,
          }),
        ],
      },
    },
    {
      // A door contact: Notification CC, Access Control's door state and Home Security's cover
      // (tamper), and a battery.
      device: "door",
      id: 15,
      name: "Back Door Sensor",
      loc: "Hall",
      battery: 92,
      capabilities: {
        genericDeviceClass: 0x07,
        specificDeviceClass: 0x01,
        commandClasses: [
          cc(0x71, {
            version: 8,
            supportsV1Alarm: false,
            notificationTypesAndEvents: { 6: [22, 23], 7: [3] },
          }),
          cc(0x80, { version: 1 }),
        ],
      },
    },
    {
      // A leak sensor: Binary Sensor CC of type Water, and a battery that runs low.
      device: "leak",
      id: 16,
      name: "Basement Leak Sensor",
      loc: "Basement",
      battery: 9,
      capabilities: {
        genericDeviceClass: 0x20,
        specificDeviceClass: 0x01,
        commandClasses: [
          cc(0x30, { version: 2, supportedSensorTypes: [6], getValue: () => false }),
          cc(0x80, { version: 1 }),
        ],
      },
    },
    {
      // A garage door opener: Barrier Operator CC (Secure Barrier Add-on).
      device: "garage",
      id: 17,
      name: "Garage Door",
      loc: "Garage",
      barrier: { travelMs: 1500 },
      capabilities: {
        genericDeviceClass: 0x40,
        specificDeviceClass: 0x07,
        commandClasses: [cc(0x66, { version: 1 })],
      },
    },
    {
      device: "unresponsive",
      id: 7,
      name: "Porch Light",
      loc: "",
      silentFromStart: true,
      capabilities: { commandClasses: [cc(0x25, { version: 2, defaultValue: false })] },
    },
  ];
}

/** The network of the followed-cover tests: its own driver cache, apart from the one above. */
export const COVER_NETWORK_VERSION = "covers-3";

/** A roller shutter module's capabilities: Multilevel Switch with the Motor Control Class B device class. */
const shutterModule = {
  genericDeviceClass: 0x11,
  specificDeviceClass: 0x06,
  commandClasses: [cc(0x26, { version: 4, defaultValue: 99, primarySwitchType: 3 })],
};

/**
 * Shutters that take their time: one that travels and reports on its way, one that never moves, one
 * that something stops on its way down; and an awning on Window Covering with no position
 * (parameter 12, Outbound Bottom: it moves and stops only).
 */
export function coverNodes(): MockDeviceSpec[] {
  return [
    {
      device: "shutter",
      id: 2,
      name: "Bay Shutter",
      loc: "Lounge",
      travelMs: 10_000,
      capabilities: shutterModule,
    },
    {
      device: "jammed",
      id: 3,
      name: "Stuck Shutter",
      loc: "Attic",
      ignoresSets: true,
      capabilities: shutterModule,
    },
    {
      device: "shutter",
      id: 5,
      name: "Porch Shutter",
      loc: "Porch",
      travelMs: 6_000,
      stopsAt: 40,
      capabilities: shutterModule,
    },
    {
      device: "blind",
      id: 4,
      name: "Patio Awning",
      loc: "Patio",
      capabilities: {
        genericDeviceClass: 0x11,
        specificDeviceClass: 0x07,
        commandClasses: [cc(0x6a, { version: 1, supportedParameters: [12], travelTime: 2000 })],
      },
    },
  ];
}

/** The network of the multicast-to-an-endpoint tests: two two-outlet plugs. */
export const PLUGS_NETWORK_VERSION = "plugs-1";

/** Two plugs of two outlets each, Binary Switch per endpoint behind Multi Channel. */
export function twoPlugNodes(): MockDeviceSpec[] {
  const plug = (id: number, name: string): MockDeviceSpec => ({
    device: "relay",
    id,
    name,
    loc: "Hall",
    switchPerEndpoint: true,
    capabilities: {
      genericDeviceClass: 0x10,
      specificDeviceClass: 0x01,
      commandClasses: [cc(0x60, { version: 4 }), cc(0x86, { version: 3 })],
      endpoints: [1, 2].map(() => ({
        genericDeviceClass: 0x10,
        specificDeviceClass: 0x01,
        commandClasses: [cc(0x25, { version: 2, defaultValue: false })],
      })),
    },
  });
  return [plug(2, "Hall Plug"), plug(3, "Porch Plug")];
}
