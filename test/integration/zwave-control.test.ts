// The Z-Wave MCP server over stdio, against the gateway simulator on a real Mosquitto.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMosquitto, type TestBroker } from "../support/mosquitto.js";
import {
  binarySwitch,
  dimmer,
  doorLock,
  multisensor,
  startGatewaySimulator,
  startZwaveServer,
  thermostat,
  type GatewaySimulator,
  type ZwaveServerClient,
} from "../support/zwave-gateway.js";

let broker: TestBroker;
let sim: GatewaySimulator;
let server: ZwaveServerClient;

beforeAll(async () => {
  broker = await startMosquitto();
  sim = await startGatewaySimulator({
    brokerUrl: broker.url,
    username: broker.username,
    password: broker.password,
    gatewayName: "zwave-js-ui",
    nodes: [
      binarySwitch(2, "Switch One"),
      dimmer(3, "Kitchen Light", { loc: "Kitchen", echoDelayMs: 30 }, 0),
      multisensor(4, "Office Sensor", { loc: "Office" }),
      dimmer(5, "Dimmer", { loc: "Kitchen" }),
      dimmer(6, "Dimmer", { loc: "Bedroom" }),
      binarySwitch(7, "Kid's Lamp", { loc: "Kids Room" }),
      binarySwitch(8, "Porch Switch", { confirms: false }),
      binarySwitch(9, "Garage Switch", { status: "Dead" }),
      binarySwitch(10, "Cellar Switch", { published: false, unreachable: true }),
      binarySwitch(11, "Attic Switch", { published: false }),
      thermostat(12, "Hall Thermostat", { loc: "Hall" }),
      doorLock(13, "Front Door"),
    ],
  });
  server = await startZwaveServer({
    mqttUrl: broker.url,
    username: broker.username,
    password: broker.password,
    prefix: "zwave",
    gatewayName: "zwave-js-ui",
    confirmTimeoutMs: 1500,
  });
});

afterAll(async () => {
  await server?.close();
  await sim?.stop();
  await broker?.stop();
});

const sets = (fragment: string) => sim.publishedSets.filter((s) => s.topic.includes(fragment));
const writesTo = (nodeId: number) => sim.writesTo(nodeId);
const allWrites = () => sim.apiCalls.filter((c) => c.api === "writeValue").length + sim.publishedSets.length;

describe("list_zwave_devices", () => {
  it("lists real devices with location, node id, state and main value, skipping Broadcast, groups and dead nodes", async () => {
    const r = await server.call("list_zwave_devices");
    expect(r.isError).toBe(false);
    expect(r.text).toContain("Kitchen Light (Kitchen), node 3: online, off");
    expect(r.text).toContain("Office Sensor (Office), node 4: online, Air temperature 21.5 °C");
    expect(r.text).toContain("Front Door, node 13: online, locked");
    expect(r.text).not.toMatch(/Broadcast|All Dimmers|Controller/);
    expect(r.text).not.toContain("Garage Switch");
    expect(r.text).toContain("1 dead or not-ready device hidden");
    const names = (r.structured?.devices as { name: string }[]).map((d) => d.name);
    expect(names).not.toContain("Broadcast");
  });

  it("shows dead devices as dead when includeInactive is set, and filters by name or location", async () => {
    const all = await server.call("list_zwave_devices", { includeInactive: true });
    expect(all.text).toContain("Garage Switch, node 9: dead");
    const kitchen = await server.call("list_zwave_devices", { filter: "kitchen" });
    expect(kitchen.text).toContain("Kitchen Light");
    expect(kitchen.text).toContain("Dimmer (Kitchen)");
    expect(kitchen.text).not.toContain("Office Sensor");
  });
});

describe("control_zwave_device", () => {
  it("switches a binary switch on through the writeValue API and confirms it from its currentValue report", async () => {
    const r = await server.call("control_zwave_device", { deviceName: "switch one", action: "on" });
    expect(r.text).toBe("confirmed: Switch One is on");
    expect(r.structured).toMatchObject({
      node: { nodeId: 2, name: "Switch One", location: "" },
      action: "on",
      on: true,
      confirmation: "device",
      confirmed: true,
    });
    expect(writesTo(2)).toEqual([true]);
    expect(sim.publishedSets).toEqual([]);
    expect(sim.valueOf(2, { commandClass: 37, property: "currentValue" })).toBe(true);
    const off = await server.call("control_zwave_device", { deviceName: "Switch One", action: "off" });
    expect(off.text).toBe("confirmed: Switch One is off");
  });

  it("dims to a percentage (0–100 mapped to 0–99) and turns off", async () => {
    const dim = await server.call("control_zwave_device", {
      deviceName: "kitchen light",
      action: "dim",
      level: 100,
    });
    expect(dim.text).toBe("confirmed: Kitchen Light is on at 100 %");
    expect(sim.valueOf(3, { commandClass: 38, property: "currentValue" })).toBe(99);
    const thirty = await server.call("control_zwave_device", {
      deviceName: "light in the kitchen",
      action: "dim",
      level: 30,
    });
    expect(thirty.text).toBe("confirmed: Kitchen Light is on at 30 %");
    expect(sim.valueOf(3, { commandClass: 38, property: "currentValue" })).toBe(30);
    const off = await server.call("control_zwave_device", { deviceName: "kitchen light", action: "off" });
    expect(off.text).toBe("confirmed: Kitchen Light is off");
    expect(writesTo(3)).toEqual([99, 30, 0]);
  });

  it("refuses dim without a level, and dimming an on/off switch", async () => {
    const noLevel = await server.call("control_zwave_device", { deviceName: "kitchen light", action: "dim" });
    expect(noLevel.isError).toBe(true);
    expect(noLevel.text).toContain("dim needs a level");
    expect(noLevel.structured).toMatchObject({ ok: false, error: { code: "invalid_value" } });
    const binary = await server.call("control_zwave_device", {
      deviceName: "switch one",
      action: "dim",
      level: 50,
    });
    expect(binary.isError).toBe(true);
    expect(binary.text).toContain("cannot be dimmed");
    expect(binary.structured).toMatchObject({ ok: false, error: { code: "not_supported" } });
  });

  it("resolves names with punctuation and locations, and lists candidates when ambiguous", async () => {
    expect((await server.call("control_zwave_device", { deviceName: "kids lamp", action: "on" })).text).toBe(
      "confirmed: Kid's Lamp is on",
    );
    expect(writesTo(7)).toHaveLength(1);
    const before = allWrites();
    const ambiguous = await server.call("control_zwave_device", { deviceName: "dimmer", action: "on" });
    expect(ambiguous.isError).toBe(true);
    expect(ambiguous.text).toContain("Dimmer (Kitchen, node 5)");
    expect(ambiguous.text).toContain("Dimmer (Bedroom, node 6)");
    expect(allWrites()).toBe(before);
    const bedroom = await server.call("control_zwave_device", {
      deviceName: "bedroom dimmer",
      action: "dim",
      level: 50,
    });
    expect(bedroom.structured).toMatchObject({ node: { nodeId: 6 }, confirmed: true });
  });

  it("says 'sent, but not confirmed' when the device never reports, and never claims the new state", async () => {
    const r = await server.call("control_zwave_device", { deviceName: "porch switch", action: "on" });
    expect(r.isError).toBe(false);
    expect(r.text).toBe("sent, but Porch Switch has not confirmed; it last reported off");
    expect(r.structured).toMatchObject({
      ok: true,
      on: false,
      confirmation: "none",
      confirmed: false,
      sent: true,
      reportedAfterWrite: false,
    });
    expect(writesTo(8)).toEqual([true]);
  });

  it("refuses a dead node with an error that says so, and sends nothing", async () => {
    const before = sim.publishedSets.length;
    const calls = sim.apiCalls.filter((c) => c.api === "writeValue").length;
    const r = await server.call("control_zwave_device", { deviceName: "garage switch", action: "on" });
    expect(r.isError).toBe(true);
    expect(r.text).toContain("Garage Switch is dead");
    expect(r.text).toContain("nothing was sent");
    expect(sim.publishedSets.length).toBe(before);
    expect(sim.apiCalls.filter((c) => c.api === "writeValue").length).toBe(calls);
  });

  it("writes to a device whose topics the gateway has not published yet", async () => {
    const r = await server.call("control_zwave_device", { deviceName: "attic switch", action: "on" });
    expect(r.text).toBe("confirmed: Attic Switch is on");
    expect(r.structured).toMatchObject({ confirmed: true });
    expect(sets("Attic_Switch")).toHaveLength(0);
    expect(
      sim.apiCalls.some((c) => c.api === "writeValue" && JSON.stringify(c.args).includes('"nodeId":11')),
    ).toBe(true);
  });

  it("reports a failed write as a failure even though writeValue answered success:true", async () => {
    const r = await server.call("control_zwave_device", { deviceName: "cellar switch", action: "on" });
    expect(r.isError).toBe(true);
    expect(r.structured).toMatchObject({ ok: false, error: { code: "failed" } });
    expect(r.text).toContain("writing to Cellar Switch failed");
    expect(r.text).not.toMatch(/confirmed:/);
  });

  it("does not act on the Broadcast node or groups by name", async () => {
    const r = await server.call("control_zwave_device", { deviceName: "Broadcast", action: "on" });
    expect(r.isError).toBe(true);
    expect(r.text).toContain('no Z-Wave device is called "Broadcast"');
    expect(sets("Broadcast")).toHaveLength(0);
    expect(writesTo(255)).toEqual([]);
  });
});

describe("get_device_sensor_data", () => {
  it("returns every sensor value with label, unit and age", async () => {
    await sim.setValue(4, { commandClass: 49, property: "Air temperature" }, 23.25);
    const r = await server.call("get_device_sensor_data", { deviceName: "office sensor" });
    expect(r.isError).toBe(false);
    expect(r.text).toContain("Air temperature: 23.25 °C");
    expect(r.text).toContain("Humidity: 45 %");
    expect(r.text).toContain("Battery level: 87 %");
    // A notification is read as a state ("clear"), not as the raw "idle" of its value.
    expect(r.text).toContain("Motion sensor status: clear (motion, ");
    const readings = r.structured?.readings as { label: string; unit: string | null; reportedAt: number }[];
    expect(readings.find((x) => x.label === "Air temperature")).toMatchObject({
      kind: "Air temperature",
      unit: "°C",
      value: 23.25,
      domain: "sensor",
      deviceClass: "temperature",
    });
    expect(readings.find((x) => x.label === "Motion sensor status")).toMatchObject({
      domain: "binary_sensor",
      deviceClass: "motion",
      state: "clear",
      active: false,
    });
    expect(readings.every((x) => typeof x.reportedAt === "number")).toBe(true);
  });
});

describe("extra tools", () => {
  it("sets a thermostat setpoint and mode and confirms both", async () => {
    const r = await server.call("set_zwave_thermostat", {
      deviceName: "hall thermostat",
      setpoint: 22.5,
      mode: "heat",
    });
    expect(r.isError).toBe(false);
    expect(r.text).toContain("confirmed setpoint 22.5 °C");
    expect(r.text).toContain("confirmed mode Heat");
    expect(sim.valueOf(12, { commandClass: 67, property: "setpoint", propertyKey: 1 })).toBe(22.5);
  });

  it("locks and unlocks a door lock, and marks the tool destructive", async () => {
    const tools = await server.client.listTools();
    expect(tools.tools.find((t) => t.name === "lock_zwave_door")?.annotations?.destructiveHint).toBe(true);
    expect(tools.tools.find((t) => t.name === "list_zwave_devices")?.annotations?.readOnlyHint).toBe(true);
    const r = await server.call("lock_zwave_door", { deviceName: "front door", action: "unlock" });
    expect(r.text).toBe("confirmed: Front Door is unlocked");
    expect(sim.valueOf(13, { commandClass: 98, property: "currentMode" })).toBe(0);
  });

  it("pings a node and reports whether it answered", async () => {
    const alive = await server.call("check_zwave_device_health", { deviceName: "switch one" });
    expect(alive.text).toContain("Switch One: answered the ping; online");
    const dead = await server.call("check_zwave_device_health", { deviceName: "garage switch" });
    expect(dead.text).toContain("did not answer the ping; dead");
  });
});
