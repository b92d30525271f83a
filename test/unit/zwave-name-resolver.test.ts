import { describe, expect, it } from "vitest";
import { resolveDevice } from "../../src/zwave/name-resolver.js";

const devices = [
  { id: 2, name: "Switch One", loc: "" },
  { id: 3, name: "Kitchen Light", loc: "Kitchen" },
  { id: 5, name: "Dimmer", loc: "Kitchen" },
  { id: 6, name: "Dimmer", loc: "Bedroom" },
  { id: 7, name: "Kids_Lamp", loc: "Kids Room" },
  { id: 8, name: "Hall Light", loc: "Hall" },
  { id: 9, name: "Light", loc: "Garage" },
];

function found(query: string): number | undefined {
  const r = resolveDevice(query, devices);
  return r.kind === "found" ? r.device.id : undefined;
}

describe("resolveDevice", () => {
  it("ignores case, spaces, underscores and apostrophes", () => {
    expect(found("switch one")).toBe(2);
    expect(found("SWITCH_ONE")).toBe(2);
    expect(found("Kid's Lamp")).toBe(7);
    expect(found("kids lamp")).toBe(7);
  });

  it("accepts the location before the name or as 'in the <location>'", () => {
    expect(found("kitchen dimmer")).toBe(5);
    expect(found("dimmer in the kitchen")).toBe(5);
    expect(found("Dimmer in Bedroom")).toBe(6);
    expect(found("garage light")).toBe(9);
  });

  it("prefers an exact name over a partial match", () => {
    // "light" is also part of "Kitchen Light" and "Hall Light", but a device is called exactly "Light".
    expect(found("light")).toBe(9);
  });

  it("finds a device from part of its name when only one fits", () => {
    expect(found("hall")).toBe(8);
    expect(found("switch")).toBe(2);
  });

  it("reports every candidate instead of guessing", () => {
    const r = resolveDevice("dimmer", devices);
    expect(r.kind).toBe("ambiguous");
    expect(r.kind === "ambiguous" && r.candidates.map((d) => d.id).sort()).toEqual([5, 6]);
  });

  it("says when nothing matches", () => {
    expect(resolveDevice("toaster", devices).kind).toBe("none");
  });

  it("accepts node ids", () => {
    expect(found("node 8")).toBe(8);
    expect(found("nodeID_3")).toBe(3);
  });
});

describe("resolveDevice matches whole words only", () => {
  const home = [
    { id: 10, name: "Bedroom Fan", loc: "" },
    { id: 11, name: "Lightstrip", loc: "Office" },
    { id: 12, name: "Bed Lamp", loc: "Guest Room" },
  ];
  const foundIn = (query: string) => {
    const r = resolveDevice(query, home);
    return r.kind === "found" ? r.device.id : r.kind;
  };

  it("does not take a word for the start of a longer one", () => {
    expect(foundIn("bed")).toBe(12);
    expect(foundIn("light")).toBe("none");
    expect(foundIn("room")).toBe(12);
  });

  it("still finds a device by any whole words of its name and location", () => {
    expect(foundIn("fan")).toBe(10);
    expect(foundIn("office lightstrip")).toBe(11);
    expect(foundIn("lamp in the guest room")).toBe(12);
  });
});
