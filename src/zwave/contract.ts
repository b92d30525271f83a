// The Z-Wave MCP server's typed results: every tool declares one of these as its MCP
// `outputSchema` and returns it as `structuredContent`, beside a text for people. A host branches
// on these fields (the error code above all), never on the text; zwave-js-server's `ErrorCode`
// (src/lib/error.ts upstream) is the model. Shared by the server (src/zwave/tools/) and the host's
// client (src/zwave-host/), so both sides read one definition.
import { z } from "zod";
import { COLOR_NAMES } from "./colors.js";
import { COVER_TYPES, ENDPOINT_FUNCTIONS } from "./functions.js";
import { BINARY_STATES, READING_DEVICE_CLASSES } from "./readings.js";

/** Why a call failed. A small fixed set: a host may switch on it exhaustively. */
export const ZWAVE_ERROR_CODES = [
  "not_found",
  "ambiguous",
  "dead",
  "offline",
  "not_confirmed",
  "not_supported",
  "invalid_value",
  /** The server or the device refused or failed the call (zwave-js SetValueStatus Fail, a refused command, an unexpected error). */
  "failed",
] as const;
export const zwaveErrorCode = z.enum(ZWAVE_ERROR_CODES);
export type ZwaveErrorCode = z.infer<typeof zwaveErrorCode>;

/**
 * A write that went out but was not confirmed is NOT a failure: `ok: true`, `confirmation: "none"`,
 * `confirmed: false`, and the text says so ("sent; Garage Light acknowledged but still reports off").
 * The command reached the network (a retry would send it again), the user must hear "sent, not
 * confirmed", never "done" and never "failed". `not_confirmed` is kept for hosts that fold such a
 * result into an error of their own; this server's tools do not return it.
 *
 * How a write was confirmed: `device`, a report from the device after the write (the verification
 * Get included); `supervised`, a Supervision Set that succeeded (status 255); `none`, not confirmed
 * (an acknowledgement, or zwave-js's optimistic update after one, is not a confirmation).
 */
export const confirmation = z.enum(["device", "supervised", "none"]);
export type Confirmation = z.infer<typeof confirmation>;

/** A node of the network. `homeId` is null while the transport has not learnt it. */
const nodeIdentity = z.object({
  nodeId: z.number().int(),
  homeId: z.number().int().nullable(),
  name: z.string(),
  location: z.string(),
});

/**
 * Which node a result is about, and which of its endpoints when it is about one (a write always
 * is): `endpoint` is the Multi Channel endpoint (0 the root), `endpointName` what people call it
 * ("Smart Plug Outlet 2"; the node's name when the node has one load).
 */
export const nodeRef = nodeIdentity.extend({
  endpoint: z.number().int().min(0).optional(),
  endpointName: z.string().optional(),
});
export type NodeRef = z.infer<typeof nodeRef>;

export const zwaveError = z.object({
  code: zwaveErrorCode,
  message: z.string(),
  /** For `ambiguous`: the nodes, or endpoints of one node, the name could mean. */
  candidates: z.array(nodeRef).optional(),
});
export type ZwaveError = z.infer<typeof zwaveError>;

export const deviceStatus = z.enum(["online", "asleep", "dead", "not ready"]);

/**
 * What an endpoint is for, decided per endpoint from its device class and command classes as Home
 * Assistant's `zwave_js` discovery does (src/zwave/functions.ts): a Multilevel Switch with a
 * Motor Control device class is a `cover`, never a `light`.
 */
export const endpointFunction = z.enum(ENDPOINT_FUNCTIONS);
/** What a cover or barrier moves, in Home Assistant's cover device classes. */
export const coverType = z.enum(COVER_TYPES);

const deviceClassNumbers = z.object({
  basic: z.number().int(),
  generic: z.number().int(),
  specific: z.number().int(),
});

/**
 * What a reading measures or senses, in Home Assistant's `sensor` and `binary_sensor` device classes
 * (src/zwave/readings.ts): `power`, `energy`, `temperature`, …; `door`, `motion`, `moisture`, `smoke`,
 * `carbon_monoxide`, `tamper`, … (`battery` is both: the level, and whether it is low).
 */
export const readingDeviceClass = z.enum(READING_DEVICE_CLASSES);
/** A binary sensor's state: `open`/`closed` (door, window), `detected`/`clear`, `wet`/`dry`, `low`/`normal` (battery). */
export const binaryState = z.enum(BINARY_STATES);

/** A binary sensor of an endpoint and what it says now. */
export const binarySensorState = z.object({
  deviceClass: readingDeviceClass.nullable(),
  /** Home Assistant's binary_sensor "on": open, detected, wet, low. */
  active: z.boolean(),
  state: binaryState,
});

/** A light's colour: a colour as `#rrggbb`, or a white by its colour temperature; null what it is not. */
export const colorState = z.object({
  rgb: z.string().nullable(),
  kelvin: z.number().nullable(),
});
export type ColorState = z.infer<typeof colorState>;

/** Where a cover or barrier is: Home Assistant's cover states, and `stopped` (a barrier stopped midway). */
export const coverState = z.enum(["open", "closed", "opening", "closing", "stopped"]);

/** A thermostat's mode in Home Assistant's HVAC modes. */
export const hvacMode = z.enum(["off", "heat", "cool", "heat_cool", "fan_only", "dry"]);
export type HvacMode = z.infer<typeof hvacMode>;

/** One endpoint of a device: each is its own target ("turn on Outlet 2" switches endpoint 2 only). */
export const endpointSummary = z.object({
  endpoint: z.number().int().min(0),
  /** What people call it: the node's name when the node has one such endpoint. */
  name: z.string(),
  /** The device's own label for it ("Outlet 2", from zwave-js's device config), when it has one. */
  label: z.string().nullable(),
  function: endpointFunction,
  /** For covers and barriers: what it moves (a shutter, a garage door, a gate…). */
  coverType: coverType.nullable(),
  /** The device class the function was read from: the endpoint's own, else the node's. */
  deviceClass: deviceClassNumbers.nullable(),
  /** The command classes this endpoint has values of. */
  commandClasses: z.array(z.number().int()),
  /** On/off of a switch, light or fan, from the device's own reports. */
  on: z.boolean().nullable(),
  /** A light's, fan's or cover's last reported level in percent. */
  level: z.number().nullable(),
  /** Its state for people ("on at 40 %", "closed", "21.5 °C"). */
  value: z.string().nullable(),
  // What it reports, typed; absent or null where it has no such value or has not reported it.
  /** A cover's position in percent open (0 closed, 100 open). */
  position: z.number().nullable().optional(),
  /** A cover's or barrier's state. */
  coverState: coverState.nullable().optional(),
  /** Open or closed: a cover, a barrier, or a door or window sensor. */
  open: z.boolean().nullable().optional(),
  /** A colour light's colour. */
  color: colorState.nullable().optional(),
  /** What its meter measures now, in W. */
  power: z.number().nullable().optional(),
  /** What its meter has counted, in kWh. */
  energy: z.number().nullable().optional(),
  /** Its battery level in percent. */
  battery: z.number().nullable().optional(),
  /** Whether its battery is low (the device's own flag, or 20 % or less). */
  batteryLow: z.boolean().nullable().optional(),
  /** A lock's Door Lock mode: secured (true) or not. */
  locked: z.boolean().nullable().optional(),
  /** A thermostat's mode (off, heat, cool …). */
  hvacMode: hvacMode.nullable().optional(),
  /** A thermostat's setpoint for its mode now, and its unit ("°C"); none in off, or with a range. */
  setpoint: z.object({ value: z.number(), unit: z.string().nullable() }).nullable().optional(),
  /** Its binary sensors (door, motion, leak, smoke, tamper, …) and what each says. */
  binarySensors: z.array(binarySensorState).optional(),
});
export type EndpointSummary = z.infer<typeof endpointSummary>;

/**
 * What an endpoint reports beside its switch state, typed: a cover's position and state, a door
 * sensor's open, a light's colour, a meter's power and energy, the battery, its binary sensors.
 */
export type EndpointReport = Pick<
  EndpointSummary,
  | "position"
  | "coverState"
  | "open"
  | "color"
  | "power"
  | "energy"
  | "battery"
  | "batteryLow"
  | "binarySensors"
  | "locked"
  | "hvacMode"
  | "setpoint"
>;

/** One device as `list_zwave_devices` gives it. */
export const deviceSummary = nodeIdentity.extend({
  state: deviceStatus,
  /**
   * What the device is, by its first endpoint with a function (`dimmer` is a light): kept for
   * hosts that read one kind per node; `endpoints` says what each load is.
   */
  kind: z.enum(["switch", "dimmer", "fan", "cover", "barrier", "sensor", "thermostat", "lock", "other"]),
  /** On/off of that endpoint, from the device's own reports (never an optimistic value). */
  on: z.boolean().nullable(),
  /** That endpoint's last reported level in percent. */
  level: z.number().nullable(),
  /** The main value for people ("on at 40 %", "21.5 °C"). */
  value: z.string().nullable(),
  /** Its endpoints with a function, lowest first; at least one (the root, as `other`, when none has). */
  endpoints: z.array(endpointSummary),
  /**
   * Manufacturer, product type and product id as zwave-js read them (Home Assistant's extended
   * device id carries the same three), with the product's label and description from zwave-js's
   * device config; null until the interview has read them.
   */
  product: z
    .object({
      manufacturerId: z.number().int(),
      productType: z.number().int(),
      productId: z.number().int(),
      label: z.string().nullable(),
      description: z.string().nullable(),
    })
    .nullable(),
});
export type DeviceSummary = z.infer<typeof deviceSummary>;

/**
 * Every result has `ok`; a failure carries `error` (and the MCP result `isError`). Fields are
 * optional where a failure may not know them, so one schema covers both outcomes.
 */
const outcome = z.object({ ok: z.boolean(), error: zwaveError.optional() });

export const listDevicesOutput = outcome.extend({
  homeId: z.number().int().nullable().optional(),
  devices: z.array(deviceSummary).optional(),
  /** Dead or not-ready devices left out (includeInactive lists them). */
  hidden: z.number().int().optional(),
});
export type ListDevicesOutput = z.infer<typeof listDevicesOutput>;

/** The fields every write result shares. */
const writeOutcome = outcome.extend({
  node: nodeRef.optional(),
  confirmation: confirmation.optional(),
  /** `confirmation !== "none"`: whether the device itself confirmed (false also when nothing was sent). */
  confirmed: z.boolean().optional(),
  /** Whether the command went out to the network (false when refused before sending: dead, unknown, …). */
  sent: z.boolean().optional(),
  /** Whether the device reported the value after the write (a report that did not match, when not confirmed). */
  reportedAfterWrite: z.boolean().optional(),
});

export const controlOutput = writeOutcome.extend({
  node: nodeRef.optional(),
  action: z.enum(["on", "off", "dim"]).optional(),
  /** The level asked for, in percent (null for on/off switches and a dimmer's "previous level"). */
  requestedLevel: z.number().nullable().optional(),
  /** What the device reports now: on/off, and a dimmer's level in percent. */
  on: z.boolean().nullable().optional(),
  level: z.number().nullable().optional(),
});
export type ControlOutput = z.infer<typeof controlOutput>;

export const sensorReading = z.object({
  label: z.string(),
  /** The endpoint the reading is from (0 the root). */
  endpoint: z.number().int().min(0).optional(),
  /** zwave-js's sensor kind where known ("Air temperature", "Humidity", …). */
  kind: z.string().nullable(),
  value: z.union([z.number(), z.string(), z.boolean()]).nullable(),
  unit: z.string().nullable(),
  /** Epoch ms of the device's report, when known. */
  reportedAt: z.number().nullable(),
  /** The command class the reading is of (Multilevel Sensor 49, Meter 50, Notification 113, …). */
  commandClass: z.number().int().optional(),
  /** A measurement (`sensor`) or an on/off state (`binary_sensor`), as Home Assistant would show it. */
  domain: z.enum(["sensor", "binary_sensor"]).optional(),
  /** What it measures or senses (null: nothing Home Assistant has a class for). */
  deviceClass: readingDeviceClass.nullable().optional(),
  /** A binary sensor's state now; null while unknown. */
  state: binaryState.nullable().optional(),
  /** A binary sensor's Home Assistant "on" (open, detected, wet, low); null while unknown. */
  active: z.boolean().nullable().optional(),
});
export type SensorReading = z.infer<typeof sensorReading>;

export const sensorDataOutput = outcome.extend({
  node: nodeRef.optional(),
  state: deviceStatus.optional(),
  readings: z.array(sensorReading).optional(),
  /**
   * Epoch ms of the last on/off or level report of the load these readings are of, when it has a
   * switch: a meter's reading from before it is not what the load draws now.
   */
  switchedAt: z.number().nullable().optional(),
});
export type SensorDataOutput = z.infer<typeof sensorDataOutput>;

/** One change `set_zwave_thermostat` made: its mode or its setpoint. */
export const thermostatChange = z.object({
  what: z.enum(["mode", "setpoint"]),
  /** The mode number, or the setpoint in the device's unit. */
  requested: z.number(),
  /** What the device reports now (never an optimistic value): a mode number or a setpoint. */
  reported: z.number().nullable(),
  /** The reported value for people ("Cool", "22 °C"). */
  text: z.string(),
  confirmation,
});

export const thermostatOutput = writeOutcome.extend({
  changes: z.array(thermostatChange).optional(),
});
export type ThermostatOutput = z.infer<typeof thermostatOutput>;

export const doorLockOutput = writeOutcome.extend({
  action: z.enum(["lock", "unlock"]).optional(),
  /** What the lock reports now: true locked, false unlocked, null unknown. */
  locked: z.boolean().nullable().optional(),
});
export type DoorLockOutput = z.infer<typeof doorLockOutput>;

/** What `control_zwave_cover` and `control_zwave_barrier` are asked to do. */
export const COVER_ACTIONS = ["open", "close", "stop", "set_position"] as const;
export const coverAction = z.enum(COVER_ACTIONS);
export type CoverAction = (typeof COVER_ACTIONS)[number];

export const coverOutput = writeOutcome.extend({
  action: coverAction.optional(),
  /** The position asked for, in percent open (null for stop, and for a barrier). */
  requestedPosition: z.number().nullable().optional(),
  /** The position the device reports now, in percent open (null when it has none). */
  position: z.number().nullable().optional(),
  /** Where the device reports it is now (null when unknown). */
  state: coverState.nullable().optional(),
  /** Not confirmed, but it reported a position between where it was and where it was sent: still moving. */
  moving: z.boolean().optional(),
  /** false: not confirmed, and the device said after the write that it is still where it was. */
  moved: z.literal(false).optional(),
  /**
   * Set when the cover was not yet where it was sent: it is followed until it stops, and its host
   * hears how it ended as a state event with this id (src/zwave/state-events.ts, `cover_settled`).
   */
  followId: z.string().optional(),
});
export type CoverOutput = z.infer<typeof coverOutput>;

/** The colour names `set_zwave_light_color` takes (English keys; each language's words map to them). */
export const colorName = z.enum(COLOR_NAMES);
/** The whites it takes by name: warm 2700 K, neutral 4000 K, cold 6500 K. */
export const whiteTemperature = z.enum(["warm", "neutral", "cold"]);

export const colorOutput = writeOutcome.extend({
  /** What was asked, as a colour or a white. */
  requested: colorState.optional(),
  /** What the device reports now, channel by channel (never an optimistic value). */
  color: colorState.nullable().optional(),
  /** Its light's on/off and level, which a colour keeps (a light that was off is turned on). */
  on: z.boolean().nullable().optional(),
  level: z.number().nullable().optional(),
});
export type ColorOutput = z.infer<typeof colorOutput>;

/** One device of `control_zwave_group`: what it was asked as, and its own outcome. */
export const groupMember = writeOutcome.extend({
  /** The name the call gave for it. */
  deviceName: z.string(),
  /** `multicast`: it switched with the others in one frame, and confirmed by its own answer after. */
  via: z.enum(["multicast", "singlecast"]).optional(),
  on: z.boolean().nullable().optional(),
  level: z.number().nullable().optional(),
});

export const groupControlOutput = outcome.extend({
  action: z.enum(["on", "off", "dim"]).optional(),
  requestedLevel: z.number().nullable().optional(),
  /** Each device asked for, in the order given: its outcome, or its `error`. */
  devices: z.array(groupMember).optional(),
  /** Whether every device confirmed. */
  confirmed: z.boolean().optional(),
  /** Whether any went out in one multicast frame. */
  multicast: z.boolean().optional(),
  /** The devices found that did not confirm (sent, or refused before sending); those not found are in `devices`. */
  notConfirmed: z.array(nodeRef).optional(),
});
export type GroupControlOutput = z.infer<typeof groupControlOutput>;

/** One battery device of `list_zwave_batteries`. */
export const batteryDevice = nodeRef.extend({
  state: deviceStatus,
  /** Percent, as last reported; null until it has reported. */
  level: z.number().nullable(),
  /** The device's own low-battery flag, or the level at or under the threshold. */
  low: z.boolean(),
  /** Epoch ms of the level's report, when known. */
  reportedAt: z.number().nullable(),
});

export const batteriesOutput = outcome.extend({
  devices: z.array(batteryDevice).optional(),
  /** The level at or under which a battery is low. */
  lowAt: z.number().optional(),
});
export type BatteriesOutput = z.infer<typeof batteriesOutput>;

export const nodeHealthOutput = outcome.extend({
  node: nodeRef.optional(),
  answered: z.boolean().optional(),
  state: deviceStatus.optional(),
  /** Epoch ms of the last frame heard from the device. */
  lastActive: z.number().nullable().optional(),
});
export type NodeHealthOutput = z.infer<typeof nodeHealthOutput>;

/**
 * The optional input every per-device tool takes beside `deviceName`: a host that knows the node
 * calls by id. When given it wins over `deviceName`, which stays required so that LLMs always
 * name the device.
 */
export const nodeIdInput = z.number().int().min(1).optional().describe("Node id, if known");

/**
 * The optional endpoint every per-device tool takes: which load of a device with several (a
 * double relay's second outlet). Left out, the name decides ("Outlet 2"), or the device's one
 * endpoint that can do what is asked.
 */
export const endpointInput = z
  .number()
  .int()
  .min(0)
  .optional()
  .describe("Endpoint of a multi-load device, if known");

/** A switch's or light's level, as `control_zwave_device` and `control_zwave_group` take it. */
export const levelInput = z.number().min(0).max(100).optional().describe("Percent; 0 is off");
