// What each endpoint of a node is for, read from its device class and command classes as Home
// Assistant's zwave_js discovery reads them (homeassistant/components/zwave_js/discovery.py), and
// the names people call the endpoints by. Nodes are built as the transports fill them in.
import { describe, expect, it } from "vitest";
import { endpointRoles } from "../../src/zwave/functions.js";
import { namedEndpoints } from "../../src/zwave/endpoints.js";
import {
  valueKey,
  type DeviceClass,
  type ZwaveEndpoint,
  type ZwaveNode,
  type ZwaveValue,
} from "../../src/zwave/model.js";
import { haKindOf } from "../../src/zwave-host/ha-kind.js";

const cls = (generic: number, specific: number): DeviceClass => ({ basic: 4, generic, specific });

function value(commandClass: number, property: string, endpoint = 0): ZwaveValue {
  const id = { commandClass, endpoint, property };
  return { ...id, key: valueKey(id), readable: true, writeable: property.startsWith("target"), value: 0 };
}

function node(
  values: ZwaveValue[],
  options: {
    deviceClass?: DeviceClass;
    endpoints?: ZwaveEndpoint[];
    product?: [number, number, number];
    name?: string;
  } = {},
): ZwaveNode {
  const [manufacturerId, productType, productId] = options.product ?? [];
  return {
    id: 5,
    name: options.name ?? "Device",
    loc: "",
    status: "Alive",
    ready: true,
    available: true,
    virtual: false,
    isController: false,
    ...(options.deviceClass ? { deviceClass: options.deviceClass } : {}),
    ...(manufacturerId !== undefined
      ? { product: { manufacturerId, productType: productType!, productId: productId! } }
      : {}),
    endpoints: options.endpoints ?? [{ index: 0 }],
    values: new Map(values.map((v) => [v.key, v])),
  };
}

const level = (endpoint = 0) => [value(0x26, "currentValue", endpoint), value(0x26, "targetValue", endpoint)];
const functionsOf = (n: ZwaveNode) => endpointRoles(n).map((r) => [r.index, r.function, r.coverType ?? null]);

describe("the function of an endpoint", () => {
  it("a Multilevel Switch with a Motor Control device class is a shutter, never a light", () => {
    for (const specific of [0x05, 0x06, 0x07, 0x03]) {
      expect(functionsOf(node(level(), { deviceClass: cls(0x11, specific) }))).toEqual([
        [0, "cover", "shutter"],
      ]);
    }
  });

  it("a Multilevel Switch with the Fan Switch class is a fan; with a thermostat's class, nothing to switch", () => {
    expect(functionsOf(node(level(), { deviceClass: cls(0x11, 0x08) }))).toEqual([[0, "fan", null]]);
    expect(functionsOf(node(level(), { deviceClass: cls(0x08, 0x06) }))).toEqual([[0, "other", null]]);
  });

  it("any other Multilevel Switch is a light, whatever its class says (or when it says none)", () => {
    expect(functionsOf(node(level(), { deviceClass: cls(0x11, 0x01) }))).toEqual([[0, "light", null]]);
    expect(functionsOf(node(level(), { deviceClass: cls(0x06, 0x01) }))).toEqual([[0, "light", null]]);
    expect(functionsOf(node(level()))).toEqual([[0, "light", null]]);
  });

  it("a product whose class misleads is what it is: a Qubino flush shutter reporting a power switch", () => {
    const qubino = node(level(), { deviceClass: cls(0x11, 0x01), product: [0x0159, 0x0003, 0x0052] });
    expect(functionsOf(qubino)).toEqual([[0, "cover", "shutter"]]);
    const jasco = node(level(), { deviceClass: cls(0x11, 0x01), product: [0x0063, 0x4944, 0x3034] });
    expect(functionsOf(jasco)).toEqual([[0, "fan", null]]);
  });

  it("Barrier Operator is a garage door, or a gate when its class is Secure Gate; Window Covering a cover", () => {
    const barrier = [value(0x66, "currentState"), value(0x66, "targetState")];
    expect(functionsOf(node(barrier, { deviceClass: cls(0x40, 0x07) }))).toEqual([[0, "barrier", "garage"]]);
    expect(functionsOf(node(barrier, { deviceClass: cls(0x40, 0x06) }))).toEqual([[0, "barrier", "gate"]]);
    // A Barrier Operator that cannot be told a target is no barrier this server drives.
    expect(functionsOf(node([value(0x66, "currentState")]))).toEqual([[0, "other", null]]);
    const covering = node([{ ...value(0x6a, "currentValue"), propertyKey: 13 }, ...level()], {
      deviceClass: cls(0x11, 0x06),
    });
    expect(functionsOf(covering)).toEqual([[0, "cover", "window"]]);
  });

  it("locks, thermostats, switches and sensors", () => {
    expect(functionsOf(node([value(0x62, "currentMode"), value(0x80, "level")]))).toEqual([
      [0, "lock", null],
    ]);
    expect(functionsOf(node([value(0x40, "mode"), value(0x31, "Air temperature")]))).toEqual([
      [0, "thermostat", null],
    ]);
    expect(functionsOf(node([value(0x25, "currentValue"), value(0x32, "value")]))).toEqual([
      [0, "switch", null],
    ]);
    expect(functionsOf(node([value(0x31, "Air temperature")]))).toEqual([[0, "sensor", null]]);
    expect(functionsOf(node([]))).toEqual([[0, "other", null]]);
  });

  it("is read per endpoint, each with its own device class: a light and a fan in one node", () => {
    const combo = node([...level(1), ...level(2)], {
      deviceClass: cls(0x11, 0x01),
      endpoints: [
        { index: 0 },
        { index: 1, deviceClass: cls(0x11, 0x01) },
        { index: 2, deviceClass: cls(0x11, 0x08) },
      ],
    });
    expect(functionsOf(combo)).toEqual([
      [0, "other", null],
      [1, "light", null],
      [2, "fan", null],
    ]);
  });
});

describe("endpoint names", () => {
  it("one useful endpoint goes by the node's name", () => {
    expect(
      namedEndpoints(node([value(0x25, "currentValue")], { name: "Porch Light" })).map((e) => e.name),
    ).toEqual(["Porch Light"]);
  });

  it("several go by the node's name and the device config's label, else the endpoint's number", () => {
    const values = [value(0x25, "currentValue", 1), value(0x25, "currentValue", 2)];
    const labelled = node(values, {
      name: "Smart Plug",
      endpoints: [{ index: 0 }, { index: 1, label: "Outlet 1" }, { index: 2, label: "Outlet 2" }],
    });
    expect(namedEndpoints(labelled).map((e) => [e.index, e.name])).toEqual([
      [1, "Smart Plug Outlet 1"],
      [2, "Smart Plug Outlet 2"],
    ]);
    const plain = node(values, { name: "Double Relay" });
    expect(namedEndpoints(plain).map((e) => e.name)).toEqual(["Double Relay 1", "Double Relay 2"]);
  });

  it("follow a node that changes in place: a value added or removed, a new report, a rename", () => {
    // The websocket transport adds and removes values of a node it holds (`value added`,
    // `value removed`); its reports only change what a value says.
    const relay = node([value(0x25, "currentValue", 1)], { name: "Double Relay" });
    expect(namedEndpoints(relay).map((e) => e.name)).toEqual(["Double Relay"]);
    const second = value(0x25, "currentValue", 2);
    relay.values.set(second.key, second);
    expect(namedEndpoints(relay).map((e) => e.name)).toEqual(["Double Relay 1", "Double Relay 2"]);
    second.value = 99;
    expect(namedEndpoints(relay).map((e) => e.name)).toEqual(["Double Relay 1", "Double Relay 2"]);
    // One value gone and another come: as many values as before, not the same ones.
    relay.values.delete(second.key);
    const meter = value(0x32, "value", 1);
    relay.values.set(meter.key, meter);
    expect(namedEndpoints(relay).map((e) => [e.index, e.function])).toEqual([[1, "switch"]]);
    relay.name = "Garden Relay";
    expect(namedEndpoints(relay).map((e) => e.name)).toEqual(["Garden Relay"]);
  });

  it("a node with nothing to use (dead before its interview) still has its root, to be named and told about", () => {
    expect(namedEndpoints(node([], { name: "Porch Light" }))).toEqual([
      expect.objectContaining({ index: 0, function: "other", name: "Porch Light" }),
    ]);
  });
});

describe("haKindOf", () => {
  it("says an endpoint in Home Assistant's domains and device classes", () => {
    expect(haKindOf({ function: "cover", coverType: "shutter" })).toEqual({
      domain: "cover",
      deviceClass: "shutter",
    });
    expect(haKindOf({ function: "barrier", coverType: "garage" })).toEqual({
      domain: "cover",
      deviceClass: "garage",
    });
    expect(haKindOf({ function: "barrier", coverType: "gate" })).toEqual({
      domain: "cover",
      deviceClass: "gate",
    });
    expect(haKindOf({ function: "light", coverType: null })).toEqual({ domain: "light" });
    expect(haKindOf({ function: "fan", coverType: null })).toEqual({ domain: "fan" });
    expect(haKindOf({ function: "lock", coverType: null })).toEqual({ domain: "lock" });
  });

  it("reads a whole device by its main endpoint's kind", () => {
    expect(haKindOf({ kind: "dimmer" })).toEqual({ domain: "light" });
    expect(haKindOf({ kind: "cover" })).toMatchObject({ domain: "cover" });
    expect(haKindOf({ kind: "barrier" })).toEqual({ domain: "cover", deviceClass: "garage" });
  });
});
