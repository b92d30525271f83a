// A Home Assistant home where every Z-Wave node is also an HA device, as HA's own Z-Wave
// integrations register it (for the fake in ha-server.ts):
// - `zwave_js` (home-assistant/core homeassistant/components/zwave_js/helpers.py): the device's
//   identifiers are `("zwave_js", "<homeId>-<nodeId>")` and the extended
//   `"<homeId>-<nodeId>-<manufacturerId>:<productType>:<productId>"`; the entity is the device's
//   main value (`has_entity_name`, named by the device), unique id `"<homeId>.<valueId>"`.
// - `mqtt`, from Z-Wave JS UI's discovery (zwave-js-ui api/lib/Gateway.ts): the device identifier
//   is `zwavejs2mqtt_0x<homeHex>_node<nodeId>`, the entity's unique id
//   `zwavejs2mqtt_0x<homeHex>_<nodeId>-<cc>-<endpoint>-<property>`.
import {
  areaRow,
  deviceRow,
  entityRow,
  friendlyName,
  sampleHome,
  state,
  type EntityRow,
  type FakeHome,
} from "./ha-home.js";

/** zwave-js's mock controller's home id, which the gateway simulator reports too. */
export const MOCK_HOME_ID = 0x7e570001;

export interface TwinNode {
  nodeId: number;
  /** The name HA shows (the device's name, or the user's). */
  name: string;
  /** HA's area id (created when missing), or null. */
  area: string | null;
  domain: "switch" | "light" | "sensor" | "lock";
  /** The main value's command class and property, for the unique ids. */
  value?: { cc: number; property: string };
  aliases?: string[];
  exposed?: boolean;
  state?: string;
}

/** The gateway simulator's demo nodes (src/demo/gateway-simulator/devices.ts `demoNodes`), as HA lists them. */
export function demoTwins(): TwinNode[] {
  return [
    {
      nodeId: 2,
      name: "Switch One",
      area: null,
      domain: "switch",
      value: { cc: 37, property: "currentValue" },
    },
    {
      nodeId: 3,
      name: "Kitchen Light",
      area: "kitchen",
      domain: "light",
      value: { cc: 38, property: "currentValue" },
    },
    {
      nodeId: 4,
      name: "Office Sensor",
      area: "office",
      domain: "sensor",
      value: { cc: 49, property: "Air temperature" },
      state: "21.5",
    },
  ];
}

/**
 * `sampleHome()` plus the Z-Wave nodes as HA devices with one entity each, registered the way
 * `via` registers them. `homeId` defaults to the mock controller's.
 */
export function zwaveTwinHome(
  options: { nodes?: TwinNode[]; via?: "zwave_js" | "mqtt"; homeId?: number; base?: FakeHome } = {},
): FakeHome {
  const home = options.base ?? sampleHome();
  const homeId = options.homeId ?? MOCK_HOME_ID;
  const homeHex = `0x${homeId.toString(16)}`;
  const via = options.via ?? "zwave_js";
  for (const node of options.nodes ?? demoTwins()) {
    if (node.area && !home.areas.some((a) => a.area_id === node.area)) {
      home.areas.push(areaRow(node.area, node.area[0]!.toUpperCase() + node.area.slice(1), null));
    }
    const deviceId = `zwave_node_${node.nodeId}`;
    const identifiers =
      via === "zwave_js"
        ? [
            ["zwave_js", `${homeId}-${node.nodeId}`],
            ["zwave_js", `${homeId}-${node.nodeId}-134:3:${100 + node.nodeId}`],
          ]
        : [["mqtt", `zwavejs2mqtt_${homeHex}_node${node.nodeId}`]];
    home.devices.push(
      deviceRow(deviceId, node.name, node.area, {
        identifiers,
        manufacturer: "Aeotec Ltd.",
        config_entry_id: via,
        config_entries: [via],
      }),
    );
    const value = node.value ?? { cc: 37, property: "currentValue" };
    const valueId = `${node.nodeId}-${value.cc}-0-${value.property}`;
    // HA's own rule for a taken entity id: the next free `_2`, `_3`… suffix.
    const base = `${node.domain}.${node.name.toLowerCase().replace(/[^a-z0-9]+/g, "_")}`;
    let entityId = base;
    for (let n = 2; home.entities.some((e) => e.entity_id === entityId) || home.states.has(entityId); n++) {
      entityId = `${base}_${n}`;
    }
    const row: EntityRow = entityRow(entityId, {
      platform: via,
      unique_id: via === "zwave_js" ? `${homeId}.${valueId}` : `zwavejs2mqtt_${homeHex}_${valueId}`,
      device_id: deviceId,
      config_entry_id: via,
      has_entity_name: true,
      original_name: null,
      aliases: node.aliases ?? [],
      exposed: node.exposed ?? true,
    });
    home.entities.push(row);
    const attributes: Record<string, unknown> =
      node.domain === "light"
        ? { supported_color_modes: ["brightness"], brightness: null }
        : node.domain === "sensor"
          ? { unit_of_measurement: "°C", device_class: "temperature" }
          : {};
    home.states.set(entityId, state(node.state ?? (node.domain === "lock" ? "locked" : "off"), attributes));
    home.states.get(entityId)!.attributes.friendly_name = friendlyName(home, row);
  }
  return home;
}
