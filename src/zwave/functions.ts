// What each endpoint of a Z-Wave node is for, decided from data the way Home Assistant's
// `zwave_js` discovery decides what each value becomes (home-assistant/core
// homeassistant/components/zwave_js/discovery.py, `DISCOVERY_SCHEMAS`): one table, one row per
// rule, read top to bottom; the first row that fits a value of the endpoint decides. Exceptions
// come first: products whose device class misleads, then the device classes that make a
// Multilevel Switch a cover or a fan rather than a light. Never a command class alone, and per
// endpoint: a double relay has two switches, a fan-and-light controller a fan and a light.
// docs/architecture.md, "The Z-Wave device as it really is".
import type { DeviceClass, ZwaveNode, ZwaveValue } from "./model.js";

export const ENDPOINT_FUNCTIONS = [
  "switch",
  "light",
  "fan",
  "cover",
  "barrier",
  "lock",
  "thermostat",
  "sensor",
  /** Nothing this server knows how to use (a valve drive, a node that died before its interview). */
  "other",
] as const;
export type EndpointFunction = (typeof ENDPOINT_FUNCTIONS)[number];

/** What a cover or barrier moves, in Home Assistant's cover device classes. */
export const COVER_TYPES = ["shutter", "blind", "shade", "window", "garage", "gate"] as const;
export type CoverType = (typeof COVER_TYPES)[number];

/** Command classes the rules and tools name (zwave-js `CommandClasses`). */
export const CC = {
  binarySwitch: 0x25,
  multilevelSwitch: 0x26,
  binarySensor: 0x30,
  multilevelSensor: 0x31,
  meter: 0x32,
  colorSwitch: 0x33,
  thermostatMode: 0x40,
  thermostatSetpoint: 0x43,
  doorLock: 0x62,
  barrierOperator: 0x66,
  windowCovering: 0x6a,
  notification: 0x71,
  lock: 0x76,
  battery: 0x80,
} as const;

/** Generic device classes, and the specific ones that matter, by number (zwave-js DeviceClasses.ts). */
const GENERIC = { thermostat: 0x08, multilevelSwitch: 0x11, entryControl: 0x40 } as const;
const MULTILEVEL = { multipositionMotor: 0x03, motorA: 0x05, motorB: 0x06, motorC: 0x07, fan: 0x08 } as const;
const ENTRY = { secureGate: 0x06 } as const;

interface ValueMatch {
  commandClass: number;
  /** Any of these properties; any property when left out. */
  property?: readonly string[];
}

interface Rule {
  function: EndpointFunction;
  coverType?: CoverType;
  /** A value of the endpoint that makes it this (HA's primary value). */
  value: ValueMatch;
  /** The endpoint's device class (its own, else the node's) must be one of these. */
  generic?: readonly number[];
  specific?: readonly number[];
  /** Only these products: `[manufacturer, productType, productId]`. */
  products?: ReadonlyArray<readonly [number, number, number]>;
  /** Only these endpoints. */
  endpoints?: readonly number[];
  /** Values that must also be on the endpoint. */
  requires?: readonly ValueMatch[];
  /** Values that must not be on the endpoint. */
  absent?: readonly ValueMatch[];
}

const LEVEL: ValueMatch = { commandClass: CC.multilevelSwitch, property: ["currentValue"] };
const LEVEL_TARGET: ValueMatch = { commandClass: CC.multilevelSwitch, property: ["targetValue"] };
const COVERING: ValueMatch = { commandClass: CC.windowCovering, property: ["currentValue"] };
const DOOR_LOCK: ValueMatch = { commandClass: CC.doorLock, property: ["currentMode"] };

/** Every product × type × id of a product family. */
function family(manufacturer: number, types: number[], ids: number[]): Array<[number, number, number]> {
  return types.flatMap((type) => ids.map((id): [number, number, number] => [manufacturer, type, id]));
}

/**
 * The table. The product rows name the devices HA's discovery singles out because their device
 * class says "Multilevel Switch" (a light) while they drive a fan or a cover.
 */
export const FUNCTION_RULES: readonly Rule[] = [
  // Fan controllers that report a plain Multilevel Switch (Honeywell 39358, GE/Jasco in-wall fan
  // controls, Leviton ZW4SF, HomeSeer HS-FC200+).
  {
    function: "fan",
    value: LEVEL,
    products: [
      [0x0039, 0x4944, 0x3131],
      ...family(0x0063, [0x4944], [0x3034, 0x3131, 0x3337, 0x3138]),
      [0x001d, 0x0038, 0x0002],
      [0x000c, 0x0203, 0x0001],
    ],
  },
  // Inovelli LZW36: the light is endpoint 1, the fan endpoint 2.
  { function: "fan", value: LEVEL, products: [[0x031e, 0x000e, 0x0001]], endpoints: [2] },
  // Roller shutter modules (Fibaro FGR222/FGR223, Qubino flush shutter, Merten 507801, Shelly Wave Shutter).
  {
    function: "cover",
    coverType: "shutter",
    value: LEVEL,
    products: [
      ...family(0x010f, [0x0301, 0x0302, 0x0303], [0x1000, 0x1001]),
      ...family(0x0159, [0x0003], [0x0052, 0x0053]),
      [0x007a, 0x8003, 0x0001],
      [0x0460, 0x0003, 0x0082],
    ],
  },
  // Blind and shade motors (Graber/Bali/Spring Fashion, iBlinds v2; ZVIDAR roller shade).
  {
    function: "cover",
    coverType: "blind",
    value: LEVEL,
    products: [
      [0x026e, 0x4353, 0x5a31],
      [0x0287, 0x0003, 0x000d],
    ],
  },
  { function: "cover", coverType: "shade", value: LEVEL, products: [[0x045a, 0x0904, 0x0507]] },
  // A gate drive (Nice BiDi-ZWave) that reports a Multilevel Switch.
  { function: "cover", coverType: "gate", value: LEVEL, products: [[0x0441, 0x2400, 0x1000]] },

  // Locks: Door Lock CC, else the older Lock CC.
  { function: "lock", value: DOOR_LOCK },
  { function: "lock", value: { commandClass: CC.lock, property: ["locked"] }, absent: [DOOR_LOCK] },
  // Barrier Operator: a garage door, or a gate when the device class says so. Opening one waits
  // for a yes (the action policy reads this through src/zwave-host/ha-kind.ts).
  {
    function: "barrier",
    coverType: "gate",
    value: { commandClass: CC.barrierOperator, property: ["currentState"] },
    requires: [{ commandClass: CC.barrierOperator, property: ["targetState"] }],
    generic: [GENERIC.entryControl],
    specific: [ENTRY.secureGate],
  },
  {
    function: "barrier",
    coverType: "garage",
    value: { commandClass: CC.barrierOperator, property: ["currentState"] },
    requires: [{ commandClass: CC.barrierOperator, property: ["targetState"] }],
  },
  { function: "thermostat", value: { commandClass: CC.thermostatMode, property: ["mode"] } },
  { function: "thermostat", value: { commandClass: CC.thermostatSetpoint, property: ["setpoint"] } },
  // Window Covering CC (HA: a "window" cover).
  { function: "cover", coverType: "window", value: COVERING },
  // A Multilevel Switch is a cover when its device class is a motor control, a fan when it is a
  // fan switch, a valve drive on a thermostat, and a light otherwise.
  {
    function: "cover",
    coverType: "shutter",
    value: LEVEL,
    generic: [GENERIC.multilevelSwitch],
    specific: [MULTILEVEL.motorA, MULTILEVEL.motorB, MULTILEVEL.motorC, MULTILEVEL.multipositionMotor],
    absent: [COVERING],
  },
  {
    function: "fan",
    value: LEVEL,
    generic: [GENERIC.multilevelSwitch],
    specific: [MULTILEVEL.fan],
    requires: [LEVEL_TARGET],
  },
  { function: "other", value: LEVEL, generic: [GENERIC.thermostat] },
  { function: "light", value: LEVEL },
  // A colour controller with no Multilevel Switch of its own is a light too (HA: a light).
  { function: "light", value: { commandClass: CC.colorSwitch, property: ["currentColor"] } },
  { function: "switch", value: { commandClass: CC.binarySwitch, property: ["currentValue"] } },
  { function: "sensor", value: { commandClass: CC.multilevelSensor } },
  { function: "sensor", value: { commandClass: CC.meter } },
  { function: "sensor", value: { commandClass: CC.notification } },
  { function: "sensor", value: { commandClass: CC.binarySensor } },
  { function: "sensor", value: { commandClass: CC.battery } },
];

/** What one endpoint is, as the table decided. */
export interface EndpointRole {
  index: number;
  function: EndpointFunction;
  coverType?: CoverType;
  /** The command class the function was read from (Binary Switch for a switch, …). */
  commandClass?: number;
  /** The device's own label for the endpoint ("Outlet 2"), from zwave-js's device config. */
  label?: string;
  /** The device class the rules read: the endpoint's own, else the node's. */
  deviceClass?: DeviceClass;
  /** The command classes this endpoint has values of. */
  commandClasses: number[];
}

function fits(v: ZwaveValue, m: ValueMatch): boolean {
  return v.commandClass === m.commandClass && (!m.property || m.property.includes(String(v.property)));
}

function ruleFits(
  rule: Rule,
  node: ZwaveNode,
  index: number,
  values: ZwaveValue[],
  dc?: DeviceClass,
): boolean {
  if (rule.endpoints && !rule.endpoints.includes(index)) return false;
  if (rule.products) {
    const p = node.product;
    if (
      !p ||
      !rule.products.some(([m, t, i]) => m === p.manufacturerId && t === p.productType && i === p.productId)
    )
      return false;
  }
  if (rule.generic && (dc === undefined || !rule.generic.includes(dc.generic))) return false;
  if (rule.specific && (dc === undefined || !rule.specific.includes(dc.specific))) return false;
  if (!values.some((v) => fits(v, rule.value))) return false;
  if (rule.requires && !rule.requires.every((m) => values.some((v) => fits(v, m)))) return false;
  if (rule.absent?.some((m) => values.some((v) => fits(v, m)))) return false;
  return true;
}

/**
 * Every endpoint of the node that has values or that the transport listed, with what it is for;
 * endpoints the table finds nothing for are `other`. Lowest index first.
 */
export function endpointRoles(node: ZwaveNode): EndpointRole[] {
  const byEndpoint = new Map<number, ZwaveValue[]>();
  for (const e of node.endpoints) byEndpoint.set(e.index, []);
  for (const v of node.values.values()) {
    const list = byEndpoint.get(v.endpoint);
    if (list) list.push(v);
    else byEndpoint.set(v.endpoint, [v]);
  }
  return [...byEndpoint.entries()]
    .sort(([a], [b]) => a - b)
    .map(([index, values]) => {
      const own = node.endpoints.find((e) => e.index === index);
      const deviceClass = (index > 0 ? own?.deviceClass : undefined) ?? node.deviceClass;
      const rule = FUNCTION_RULES.find((r) => ruleFits(r, node, index, values, deviceClass));
      return {
        index,
        function: rule?.function ?? "other",
        ...(rule?.coverType ? { coverType: rule.coverType } : {}),
        ...(rule ? { commandClass: rule.value.commandClass } : {}),
        ...(own?.label ? { label: own.label } : {}),
        ...(deviceClass ? { deviceClass } : {}),
        commandClasses: [...new Set(values.map((v) => v.commandClass))].sort((a, b) => a - b),
      };
    });
}

/** Functions that act (everything but sensors and `other`). */
export function isActuator(fn: EndpointFunction): boolean {
  return fn !== "sensor" && fn !== "other";
}
