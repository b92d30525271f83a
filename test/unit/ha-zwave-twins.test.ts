// The identity join on its own, with a node list as the Z-Wave server gives it and HA entities as
// the mirror gives them: per endpoint, and only when the product, the value and the domain agree;
// otherwise two targets, and a reason in words.
import { describe, expect, it } from "vitest";
import type { EntityView, HomeMirror, ZwaveOrigin } from "../../src/ha/mirror.js";
import { homeTwins } from "../../src/ha/zwave-twins.js";
import type { DeviceSummary, EndpointSummary } from "../../src/zwave/contract.js";
import { targetsOf } from "../../src/zwave-host/zwave-target.js";

const HOME = 0x7e570001;
const PRODUCT = { manufacturerId: 0x0258, productType: 3, productId: 0x8d };

function endpoint(index: number, fn: EndpointSummary["function"], commandClasses: number[]): EndpointSummary {
  return {
    endpoint: index,
    name: `Shutter ${index}`,
    label: null,
    function: fn,
    coverType: fn === "cover" ? "shutter" : null,
    deviceClass: null,
    commandClasses,
    on: null,
    level: null,
    value: null,
  };
}

const shutter: DeviceSummary = {
  nodeId: 11,
  homeId: HOME,
  name: "Living Room Shutter",
  location: "Living Room",
  state: "online",
  kind: "cover",
  on: null,
  level: 100,
  value: "open",
  endpoints: [{ ...endpoint(0, "cover", [38]), name: "Living Room Shutter" }],
  product: { ...PRODUCT, label: "Roller Shutter", description: "Roller shutter module" },
};

function entity(entityId: string, origin: Partial<ZwaveOrigin>): EntityView {
  return {
    entityId,
    name: entityId,
    domain: entityId.split(".")[0]!,
    state: "open",
    attributes: {},
    aliases: [],
    exposed: true,
    stale: false,
    lastChanged: "",
    zwaveNode: { homeId: HOME, nodeId: 11, ...origin },
  };
}

function twinsOf(entities: EntityView[]) {
  const devices = [shutter];
  const targets = devices.flatMap(targetsOf);
  const zwave = {
    devices: () => devices,
    device: (id: number) => devices.find((d) => d.nodeId === id),
    targets: () => targets,
    target: (id: number, ep: number) => targets.find((t) => t.nodeId === id && t.endpoint === ep),
    homeId: () => HOME,
  };
  const mirror = { entitiesOfZwaveNode: () => entities } as unknown as HomeMirror;
  return homeTwins(zwave, mirror);
}

describe("the identity join", () => {
  it("joins HA's cover to the shutter's endpoint: one target, under HA's name", () => {
    const cover = entity("cover.living_room", { endpoint: 0, commandClass: 38, product: PRODUCT });
    const twins = twinsOf([cover]);
    expect(twins.nodeOf(cover)).toMatchObject({ nodeId: 11, endpoint: 0, function: "cover" });
    expect(twins.zwaveOnly()).toEqual([]);
    expect(twins.disagreements()).toEqual([]);
  });

  it("a light entity on the shutter's endpoint is no view of it: two targets, and why", () => {
    const light = entity("light.living_room", { endpoint: 0, commandClass: 38, product: PRODUCT });
    const twins = twinsOf([light]);
    expect(twins.nodeOf(light)).toBeUndefined();
    expect(twins.zwaveOnly().map((t) => t.name)).toEqual(["Living Room Shutter"]);
    expect(twins.disagreements()).toEqual([
      expect.stringContaining("it is a light, but endpoint 0 is a cover"),
    ]);
  });

  it("another product under the same node id is never joined", () => {
    const lock = entity("lock.front_door", {
      endpoint: 0,
      commandClass: 98,
      product: { manufacturerId: 0x0129, productType: 0x8002, productId: 0x0600 },
    });
    const twins = twinsOf([lock]);
    expect(twins.nodeOf(lock)).toBeUndefined();
    expect(twins.zwaveOnly()).toHaveLength(1);
    expect(twins.disagreements()[0]).toMatch(/registered it as product 297:32770:1536.*node id was reused/);
  });

  it("without a product to compare, a value the endpoint does not have keeps them apart", () => {
    const lock = entity("lock.front_door", { endpoint: 0, commandClass: 98 });
    const twins = twinsOf([lock]);
    expect(twins.nodeOf(lock)).toBeUndefined();
    expect(twins.disagreements()[0]).toContain("command class 98 on endpoint 0");
  });

  it("an entity of the node as a whole takes the one endpoint its domain fits, or none", () => {
    const cover = entity("cover.shown_as", {});
    expect(twinsOf([cover]).nodeOf(cover)).toMatchObject({ endpoint: 0 });
    const lock = entity("lock.shown_as", {});
    expect(twinsOf([lock]).nodeOf(lock)).toBeUndefined();
  });
});
