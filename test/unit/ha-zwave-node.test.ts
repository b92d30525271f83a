// Which Z-Wave node an HA device or entity is, from the ids HA's zwave_js integration and Z-Wave
// JS UI's MQTT discovery register (home-assistant/core zwave_js/helpers.py get_device_id,
// get_device_id_ext, get_unique_id; zwave-js-ui api/lib/Gateway.ts deviceInfo, discoverValue).
import { describe, expect, it } from "vitest";
import { zwaveNodeOfDevice, zwaveNodeOfEntity } from "../../src/ha/zwave-node.js";

const HOME = 2119630849; // 0x7e570001

describe("zwaveNodeOfDevice", () => {
  it("reads zwave_js identifiers, plain and extended, in either order", () => {
    expect(zwaveNodeOfDevice([["zwave_js", `${HOME}-5`]])).toEqual({ homeId: HOME, nodeId: 5 });
    expect(
      zwaveNodeOfDevice([
        ["zwave_js", `${HOME}-12-134:3:102`],
        ["zwave_js", `${HOME}-12`],
      ]),
    ).toEqual({ homeId: HOME, nodeId: 12 });
  });

  it("reads Z-Wave JS UI's discovery identifier, whose home id is hex", () => {
    expect(zwaveNodeOfDevice([["mqtt", "zwavejs2mqtt_0x7e570001_node7"]])).toEqual({
      homeId: HOME,
      nodeId: 7,
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
  it("reads zwave_js unique ids: a value id, or the node's own", () => {
    expect(zwaveNodeOfEntity("zwave_js", `${HOME}.3-38-0-currentValue`)).toEqual({ homeId: HOME, nodeId: 3 });
    expect(zwaveNodeOfEntity("zwave_js", `${HOME}.3.node_status`)).toEqual({ homeId: HOME, nodeId: 3 });
  });

  it("reads Z-Wave JS UI's discovery unique ids", () => {
    expect(zwaveNodeOfEntity("mqtt", "zwavejs2mqtt_0x7e570001_4-49-0-Air_temperature")).toEqual({
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
