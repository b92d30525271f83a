// The same Z-Wave home behind either transport, so one behavioural suite runs on both: Z-Wave JS UI's
// MQTT gateway (the simulator on a real Mosquitto), or the real Z-Wave JS websocket server (the real
// driver, @zwave-js/server and zwave-js's mock controller).
import type { ZwaveServerEnvOptions } from "../../src/zwave-host/launch.js";
import { startMosquitto, type TestBroker } from "./mosquitto.js";
import {
  binarySwitch,
  colorBulb,
  dimmer,
  doorLock,
  doorSensor,
  doubleRelay,
  garageDoor,
  meteredPlug,
  multisensor,
  rollerShutter,
  startGatewaySimulator,
  thermostat,
  waterSensor,
  windowCovering,
  type GatewaySimulator,
  type SimNode,
} from "./zwave-gateway.js";
import {
  REAL_STACK_START_MS,
  startRealZwaveStack,
  type RealZwaveStack,
  type ReportingMode,
} from "./zwave-js/real-stack.js";

export type { ReportingMode } from "./zwave-js/real-stack.js";

export type TransportName = "mqtt" | "websocket";

export interface ZwaveBackend {
  env: ZwaveServerEnvOptions;
  /** Renames a node in Z-Wave JS UI, or through the Z-Wave JS server's API. */
  rename(nodeId: number, name: string, loc: string): Promise<void>;
  /** Someone flips Switch One at the wall: the device reports it unasked. */
  switchAtTheWall(on: boolean): Promise<void>;
  /**
   * Kitchen Light (a dimmer), the Color Bulb or the Living Room Shutter is set at the device, 0–99
   * (0 off, or closed): it reports the level unasked. Resolves when the gateway has reported it
   * (published it; or, on the real stack, the driver has taken the report).
   */
  levelAtTheWall(device: "dimmer" | "bulb" | "shutter", level: number): Promise<void>;
  /** What Kitchen Light holds at the device, 0–99. */
  dimmerAtDevice(): unknown;
  /** The office sensor reports a new temperature unasked. */
  reportTemperature(celsius: number): Promise<void>;
  /** The Dryer Plug's meter reports the power it draws now, unasked (the dryer started or stopped). */
  reportPower(watts: number): Promise<void>;
  /** What Switch One holds at the device itself. */
  switchAtDevice(): unknown;
  /** What Garage Light (acknowledges every Set, does nothing) or Desk Lamp (supervised) holds at the device. */
  atDevice(device: "jammed" | "supervised"): unknown;
  /** What one outlet of the Smart Plug (node 10, endpoints 1 and 2) holds at the device. */
  relayAtDevice(endpoint: 1 | 2): unknown;
  /** The Living Room Shutter's (node 11) position at the device, 0–99. */
  shutterAtDevice(): unknown;
  /** The Study Blind's (node 12, Window Covering) position at the device, 0–99. */
  blindAtDevice(): unknown;
  /** The Color Bulb's (node 13) channels (0–255) and level (0–99) at the device. */
  bulbAtDevice(): Record<"warmWhite" | "coldWhite" | "red" | "green" | "blue" | "level", unknown>;
  /** The Dryer Plug's (node 14) switch at the device. */
  plugAtDevice(): unknown;
  /** The Garage Door's (node 17) Barrier Operator state at the device (0 closed … 255 open). */
  garageAtDevice(): unknown;
  /** The Back Door Sensor (node 15) reports the door opened or closed. */
  reportDoor(open: boolean): Promise<void>;
  /** The Basement Leak Sensor (node 16) reports water, or dry again. */
  reportLeak(wet: boolean): Promise<void>;
  /** The node ids of each multicast frame that went out, oldest first. */
  multicasts(): number[][];
  /**
   * What a device received, oldest first: each command's name and fields (the real stack's mock
   * devices). The simulated gateway has no radio: absent there.
   */
  received?(
    device: "blind" | "bulb" | "plug" | "garage" | "shutter",
  ): Array<{ command: string; fields: Record<string, unknown> }>;
  /**
   * zwave-js's optimistic value updates on or off: Z-Wave JS UI's "Disable optimistic value update",
   * the driver option `disableOptimisticValueUpdate`, applied while it runs.
   */
  setOptimisticUpdates(on: boolean): Promise<void>;
  /** How Switch One tells its new state after a Set from now on (`itself`, `when-asked`, `never`). */
  setSwitchReporting(mode: ReportingMode): void;
  /** Switch One stops answering, and the network notices (the node is marked dead). */
  killSwitch(): Promise<void>;
  /** The Z-Wave server (Z-Wave JS UI, or Z-Wave JS) stops and comes back; `whileDown` runs in between. */
  restart(whileDown: () => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A bound on `startBackend` on a loaded CI machine, either transport: the simulated gateway starts
 * in about a second, the real stack's start is the longer (real-stack.ts).
 */
export const BACKEND_START_MS = REAL_STACK_START_MS;

/** The product's default: zwave-js's verification Get of a Binary Switch comes ~1 s after the Set. */
const CONFIRM_TIMEOUT_MS = 3000;
export const JAMMED = 8;
export const SUPERVISED = 9;
export const RELAY = 10;
export const SHUTTER = 11;
export const BLIND = 12;
export const BULB = 13;
export const PLUG = 14;
export const DOOR = 15;
export const LEAK = 16;
export const GARAGE = 17;
/** An electric meter's power value: `(rateType << 16) | (scale << 8) | meterType`, consumed W. */
const WATTS = (1 << 16) | (2 << 8) | 1;

/** The add-on's options that point the bridge at this backend, as a user would set them. */
export function bridgeOptionsFor(backend: Pick<ZwaveBackend, "env">): Record<string, unknown> {
  const { env } = backend;
  return env.serverUrl
    ? { zwave_transport: "websocket", zwave_server_url: env.serverUrl }
    : {
        zwave_transport: "mqtt",
        mqtt_url: env.mqttUrl,
        mqtt_username: env.username,
        mqtt_password: env.password,
        zwave_topic_prefix: env.prefix,
        zwave_gateway_name: env.gatewayName,
      };
}

/** Z-Wave JS UI's gateway simulated with these devices on a real Mosquitto, and the options that reach it. */
export async function startSimulatedGateway(
  nodes: SimNode[],
): Promise<{ sim: GatewaySimulator; env: ZwaveServerEnvOptions; stop(): Promise<void> }> {
  const broker: TestBroker = await startMosquitto();
  const sim = await startGatewaySimulator({
    brokerUrl: broker.url,
    username: broker.username,
    password: broker.password,
    gatewayName: "zwave-js-ui",
    nodes,
  });
  return {
    sim,
    env: {
      mqttUrl: broker.url,
      username: broker.username,
      password: broker.password,
      prefix: "zwave",
      gatewayName: "zwave-js-ui",
      confirmTimeoutMs: CONFIRM_TIMEOUT_MS,
    },
    async stop() {
      await sim.stop();
      await broker.stop();
    },
  };
}

export async function startBackend(name: TransportName): Promise<ZwaveBackend> {
  return name === "mqtt" ? startMqttBackend() : startWebsocketBackend();
}

async function startMqttBackend(): Promise<ZwaveBackend> {
  const switchOne = binarySwitch(2, "Switch One");
  const gateway = await startSimulatedGateway([
    switchOne,
    dimmer(3, "Kitchen Light", { loc: "Kitchen" }, 0),
    multisensor(4, "Office Sensor", { loc: "Office" }),
    thermostat(5, "Hall Thermostat", { loc: "Hall" }),
    doorLock(6, "Front Door"),
    // Dead before its interview: Z-Wave JS UI lists it with no values (as the real gateway does).
    { id: 7, name: "Porch Light", status: "Dead", values: [] },
    binarySwitch(JAMMED, "Garage Light", { loc: "Garage", ignoresSets: true }),
    binarySwitch(SUPERVISED, "Desk Lamp", { loc: "Study", supervised: true }),
    doubleRelay(RELAY, "Smart Plug", { loc: "Living Room" }),
    rollerShutter(SHUTTER, "Living Room Shutter", { loc: "Living Room" }),
    windowCovering(BLIND, "Study Blind", { loc: "Study" }),
    colorBulb(BULB, "Color Bulb", { loc: "Kitchen" }),
    meteredPlug(PLUG, "Dryer Plug", { loc: "Laundry" }),
    doorSensor(DOOR, "Back Door Sensor", { loc: "Hall" }),
    waterSensor(LEAK, "Basement Leak Sensor", { loc: "Basement" }, 9),
    garageDoor(GARAGE, "Garage Door", { loc: "Garage" }),
  ]);
  const { sim } = gateway;
  const channel = (propertyKey: number) =>
    sim.valueOf(BULB, { commandClass: 51, endpoint: 0, property: "currentColor", propertyKey });
  const switchValue = { commandClass: 37, endpoint: 0, property: "currentValue" };
  return {
    env: gateway.env,
    async rename(nodeId, name, loc) {
      await sim.callApi("setNodeName", [nodeId, name]);
      await sim.callApi("setNodeLocation", [nodeId, loc]);
    },
    switchAtTheWall: (on) => sim.setValue(2, switchValue, on),
    levelAtTheWall: (device, level) =>
      sim.setValue(
        { dimmer: 3, bulb: BULB, shutter: SHUTTER }[device],
        { commandClass: 38, endpoint: 0, property: "currentValue" },
        level,
      ),
    dimmerAtDevice: () => sim.valueOf(3, { commandClass: 38, endpoint: 0, property: "currentValue" }),
    reportTemperature: (celsius) =>
      sim.setValue(4, { commandClass: 49, endpoint: 0, property: "Air temperature" }, celsius),
    reportPower: (watts) =>
      sim.setValue(PLUG, { commandClass: 50, endpoint: 0, property: "value", propertyKey: WATTS }, watts),
    switchAtDevice: () => sim.valueOf(2, switchValue),
    async setOptimisticUpdates(on) {
      sim.setOptimisticUpdates(on);
    },
    setSwitchReporting(mode) {
      switchOne.reportsItself = mode === "itself";
      switchOne.confirms = mode !== "never";
    },
    atDevice: (device) => sim.valueOf(device === "jammed" ? JAMMED : SUPERVISED, switchValue),
    relayAtDevice: (endpoint) => sim.valueOf(RELAY, { ...switchValue, endpoint }),
    shutterAtDevice: () => sim.valueOf(SHUTTER, { commandClass: 38, endpoint: 0, property: "currentValue" }),
    blindAtDevice: () =>
      sim.valueOf(BLIND, { commandClass: 106, endpoint: 0, property: "currentValue", propertyKey: 13 }),
    bulbAtDevice: () => ({
      warmWhite: channel(0),
      coldWhite: channel(1),
      red: channel(2),
      green: channel(3),
      blue: channel(4),
      level: sim.valueOf(BULB, { commandClass: 38, endpoint: 0, property: "currentValue" }),
    }),
    plugAtDevice: () => sim.valueOf(PLUG, switchValue),
    garageAtDevice: () => sim.valueOf(GARAGE, { commandClass: 102, endpoint: 0, property: "currentState" }),
    async reportDoor(open) {
      // zwave-js sets both door values from the one notification.
      for (const propertyKey of ["Door state", "Door state (simple)"])
        await sim.setValue(
          DOOR,
          { commandClass: 113, endpoint: 0, property: "Access Control", propertyKey },
          open ? 22 : 23,
        );
    },
    reportLeak: (wet) => sim.setValue(LEAK, { commandClass: 48, endpoint: 0, property: "Water" }, wet),
    multicasts: () => sim.multicastFrames().map((f) => f.nodeIds),
    async killSwitch() {
      switchOne.unreachable = true;
      // zwave-js marks a node dead when it fails to answer; a ping by another client makes it try.
      await sim.callApi("pingNode", [2]);
    },
    async restart(whileDown) {
      await sim.halt("SIGTERM");
      await whileDown();
      await sim.start();
    },
    stop: () => gateway.stop(),
  };
}

async function startWebsocketBackend(): Promise<ZwaveBackend> {
  const stack: RealZwaveStack = await startRealZwaveStack();
  // A door contact tells its state when it changes, not when interviewed: as the simulated one holds, closed.
  await stack.reportDoor(false);
  // In a running home the sensor and the meter report within their interval; the driver's cache
  // holds readings from the interview that seeded it, hours ago (and says so), so they are asked now.
  for (const device of ["sensor", "plug"] as const)
    await stack.serverCommand("node.refresh_cc_values", {
      nodeId: stack.devices[device],
      commandClass: device === "sensor" ? 0x31 : 0x32,
    });
  return {
    env: { serverUrl: stack.url, prefix: "zwave", confirmTimeoutMs: CONFIRM_TIMEOUT_MS },
    async rename(nodeId, name, location) {
      await stack.serverCommand("node.set_name", { nodeId, name, updateCC: false });
      await stack.serverCommand("node.set_location", { nodeId, location, updateCC: false });
    },
    switchAtTheWall: (on) => stack.reportAtDevice("switch", on),
    levelAtTheWall: (device, level) => stack.reportLevelAtDevice(device, level),
    dimmerAtDevice: () => stack.deviceState("dimmer"),
    reportTemperature: (celsius) => stack.reportTemperature(celsius),
    reportPower: (watts) => stack.reportPower(watts),
    switchAtDevice: () => stack.deviceState("switch"),
    async setOptimisticUpdates(on) {
      stack.setOptimisticUpdates(on);
    },
    setSwitchReporting: (mode) => stack.setReporting("switch", mode),
    atDevice: (device) => stack.deviceState(device),
    relayAtDevice: (endpoint) => stack.relayState(endpoint),
    shutterAtDevice: () => stack.deviceState("shutter"),
    blindAtDevice: () => stack.deviceState("blind"),
    bulbAtDevice: () => stack.bulbState(),
    plugAtDevice: () => stack.deviceState("plug"),
    garageAtDevice: () => stack.deviceState("garage"),
    reportDoor: (open) => stack.reportDoor(open),
    reportLeak: (wet) => stack.reportLeak(wet),
    multicasts: () => stack.multicasts(),
    received: (device) => stack.received(device),
    async killSwitch() {
      stack.silence("switch");
      // zwave-js marks a node dead when it fails to answer; a ping by another client makes it try.
      await stack.serverCommand("node.ping", { nodeId: stack.devices.switch });
    },
    restart: (whileDown) => stack.restartServer(whileDown),
    stop: () => stack.stop(),
  };
}
