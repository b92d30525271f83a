// Which Z-Wave node, and which endpoint of it, an HA device or entity is, from the ids HA's
// zwave_js integration and Z-Wave JS UI's MQTT discovery register (home-assistant/core
// zwave_js/helpers.py get_device_id, get_device_id_ext, get_unique_id; zwave-js-ui
// api/lib/Gateway.ts _deviceInfo, discoverValue).
import { describe, expect, it } from "vitest";
import { zwaveNodeOfDevice, zwaveNodeOfEntity, zwaveOrigin } from "../../src/ha/zwave-node.js";

const HOME = 2119630849; // 0x7e570001

describe("zwaveNodeOfDevice", () => {
  it("reads zwave_js identifiers, plain and extended, in either order; the extended one says the product", () => {
    expect(zwaveNodeOfDevice([["zwave_js", `${HOME}-5`]])).toEqual({ homeId: HOME, nodeId: 5 });
    const product = { manufacturerId: 134, productType: 3, productId: 96 };
    expect(
      zwaveNodeOfDevice([
        ["zwave_js", `${HOME}-12-134:3:96`],
        ["zwave_js", `${HOME}-12`],
      ]),
    ).toEqual({ homeId: HOME, nodeId: 12, product });
    expect(
      zwaveNodeOfDevice([
        ["zwave_js", `${HOME}-12`],
        ["zwave_js", `${HOME}-12-134:3:96`],
      ]),
    ).toEqual({ homeId: HOME, nodeId: 12, product });
  });

  it("reads Z-Wave JS UI's discovery identifier, whose home id is hex, with its model", () => {
    expect(zwaveNodeOfDevice([["mqtt", "zwavejs2mqtt_0x7e570001_node7"]])).toEqual({
      homeId: HOME,
      nodeId: 7,
    });
    expect(zwaveNodeOfDevice([["mqtt", "zwavejs2mqtt_0x7e570001_node7"]], "Smart Switch 6 (ZW096)")).toEqual({
      homeId: HOME,
      nodeId: 7,
      model: "Smart Switch 6 (ZW096)",
    });
  });

  it("finds nothing in other integrations' identifiers or malformed ones", () => {
    expect(zwaveNodeOfDevice([["hue", `${HOME}-5`]])).toBeUndefined();
    expect(zwaveNodeOfDevice([["zwave_js", "abc-5"]])).toBeUndefined();
    expect(zwaveNodeOfDevice([["zwave_js", `${HOME}-0`]])).toBeUndefined();
    expect(zwaveNodeOfDevice([["mqtt", "zigbee2mqtt_0x00158d0001_node7"]])).toBeUndefined();
    expect(zwaveNodeOfDevice([["zwave_js"]])).toBeUndefined();
    expect(zwaveNodeOfDevice(undefined)).toBeUndefined();
  });
});

describe("zwaveNodeOfEntity", () => {
  it("reads zwave_js unique ids: a value id names its command class and endpoint; the node's own none", () => {
    expect(zwaveNodeOfEntity("zwave_js", `${HOME}.3-38-0-currentValue`)).toEqual({
      homeId: HOME,
      nodeId: 3,
      commandClass: 38,
      endpoint: 0,
    });
    expect(zwaveNodeOfEntity("zwave_js", `${HOME}.10-37-2-currentValue`)).toEqual({
      homeId: HOME,
      nodeId: 10,
      commandClass: 37,
      endpoint: 2,
    });
    expect(zwaveNodeOfEntity("zwave_js", `${HOME}.3.node_status`)).toEqual({ homeId: HOME, nodeId: 3 });
    expect(zwaveNodeOfEntity("zwave_js", `${HOME}.3`)).toEqual({ homeId: HOME, nodeId: 3 });
  });

  it("reads Z-Wave JS UI's discovery unique ids, of a value or of the node", () => {
    expect(zwaveNodeOfEntity("mqtt", "zwavejs2mqtt_0x7e570001_4-49-0-Air_temperature")).toEqual({
      homeId: HOME,
      nodeId: 4,
      commandClass: 49,
      endpoint: 0,
    });
    expect(zwaveNodeOfEntity("mqtt", "zwavejs2mqtt_0x7e570001_10-37-2-currentValue")).toMatchObject({
      nodeId: 10,
      endpoint: 2,
    });
    expect(zwaveNodeOfEntity("mqtt", "zwavejs2mqtt_0x7e570001_Node4_rssi")).toEqual({
      homeId: HOME,
      nodeId: 4,
    });
  });

  it("ignores look-alikes from other platforms", () => {
    expect(zwaveNodeOfEntity("hue", `${HOME}.3-38-0-currentValue`)).toBeUndefined();
    expect(zwaveNodeOfEntity("mqtt", "some_other_thing_3-1")).toBeUndefined();
    expect(zwaveNodeOfEntity("zwave_js", null)).toBeUndefined();
  });
});

describe("zwaveOrigin", () => {
  it("an entity is its device's node, with its own value's endpoint", () => {
    const device = {
      homeId: HOME,
      nodeId: 10,
      product: { manufacturerId: 349, productType: 9472, productId: 9472 },
    };
    const entity = { homeId: HOME, nodeId: 10, commandClass: 37, endpoint: 2 };
    expect(zwaveOrigin(device, entity)).toEqual({ ...device, commandClass: 37, endpoint: 2 });
    expect(zwaveOrigin(device, undefined)).toEqual(device);
    expect(zwaveOrigin(undefined, entity)).toEqual(entity);
  });
});
