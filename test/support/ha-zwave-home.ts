// A Home Assistant home where every Z-Wave node is also an HA device, as HA's own Z-Wave
// integrations register it (for the fake in ha-server.ts):
// - `zwave_js` (home-assistant/core homeassistant/components/zwave_js/helpers.py): the device's
//   identifiers are `("zwave_js", "<homeId>-<nodeId>")` and the extended
//   `"<homeId>-<nodeId>-<manufacturerId>:<productType>:<productId>"`; the entity is the device's
//   main value (`has_entity_name`, named by the device), unique id `"<homeId>.<valueId>"`.
// - `mqtt`, from Z-Wave JS UI's discovery (zwave-js-ui api/lib/Gateway.ts): the device identifier
//   is `zwavejs2mqtt_0x<homeHex>_node<nodeId>` and its model "<description> (<label>)", the
//   entity's unique id `zwavejs2mqtt_0x<homeHex>_<nodeId>-<cc>-<endpoint>-<property>`.
import { demoNodes, type SimNode } from "../../src/demo/gateway-simulator/index.js";
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
  domain: "switch" | "light" | "sensor" | "binary_sensor" | "lock" | "cover" | "fan";
  /** The main value's command class, endpoint (0 unless given) and property, for the unique ids. */
  value?: { cc: number; property: string; endpoint?: number };
  /**
   * What the device is, as HA registered it: the extended id (zwave_js) or the model (Z-Wave JS
   * UI's discovery). Left out: HA registered no product.
   */
  product?: Pick<
    SimNode,
    "manufacturerId" | "productType" | "productId" | "productLabel" | "productDescription"
  >;
  /** The HA device this entity belongs to, when several entities share one (a node's endpoints). */
  device?: string;
  /** The entity's own name, when it is not its device's (one endpoint of several: "Outlet 2"). */
  entityName?: string;
  aliases?: string[];
  exposed?: boolean;
  state?: string;
}

/** What a simulated node is, as HA registers it. */
export function productOf(node: SimNode): TwinNode["product"] {
  const { manufacturerId, productType, productId, productLabel, productDescription } = node;
  return { manufacturerId, productType, productId, productLabel, productDescription };
}

/** The gateway simulator's demo nodes (src/demo/gateway-simulator/devices.ts `demoNodes`), as HA lists them. */
export function demoTwins(): TwinNode[] {
  const demo = new Map(demoNodes().map((n) => [n.id, productOf(n)]));
  return withProducts(demo, [
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
    {
      nodeId: 20,
      name: "Bedroom Shutter",
      area: "bedroom",
      domain: "cover",
      value: { cc: 38, property: "currentValue" },
      state: "open",
    },
    {
      nodeId: 21,
      name: "Color Bulb",
      area: "kitchen",
      domain: "light",
      value: { cc: 38, property: "currentValue" },
    },
    {
      nodeId: 22,
      name: "Dryer Plug",
      area: "laundry",
      domain: "switch",
      value: { cc: 37, property: "currentValue" },
      state: "on",
    },
    {
      nodeId: 23,
      name: "Back Door Sensor",
      area: "hall",
      domain: "binary_sensor",
      value: { cc: 113, property: "Access Control" },
    },
  ]);
}

function withProducts(products: Map<number, TwinNode["product"]>, nodes: TwinNode[]): TwinNode[] {
  return nodes.map((n) => ({ ...n, product: products.get(n.nodeId) }));
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
    const deviceId = node.device ?? `zwave_node_${node.nodeId}`;
    const p = node.product;
    const extended =
      p?.manufacturerId !== undefined && p.productType !== undefined && p.productId !== undefined
        ? [["zwave_js", `${homeId}-${node.nodeId}-${p.manufacturerId}:${p.productType}:${p.productId}`]]
        : [];
    const identifiers =
      via === "zwave_js"
        ? [["zwave_js", `${homeId}-${node.nodeId}`], ...extended]
        : [["mqtt", `zwavejs2mqtt_${homeHex}_node${node.nodeId}`]];
    if (!home.devices.some((d) => d.id === deviceId)) {
      home.devices.push(
        deviceRow(deviceId, node.name, node.area, {
          identifiers,
          manufacturer: "Aeotec Ltd.",
          ...(via === "mqtt" && p?.productLabel && p.productDescription
            ? { model: `${p.productDescription} (${p.productLabel})` }
            : {}),
          config_entry_id: via,
          config_entries: [via],
        }),
      );
    }
    const value = node.value ?? { cc: 37, property: "currentValue" };
    const valueId = `${node.nodeId}-${value.cc}-${value.endpoint ?? 0}-${value.property}`;
    // HA's own rule for a taken entity id: the next free `_2`, `_3`… suffix.
    const base = `${node.domain}.${(node.entityName ?? node.name).toLowerCase().replace(/[^a-z0-9]+/g, "_")}`;
    let entityId = base;
    for (let n = 2; home.entities.some((e) => e.entity_id === entityId) || home.states.has(entityId); n++) {
      entityId = `${base}_${n}`;
    }
    const row: EntityRow = entityRow(entityId, {
      platform: via,
      unique_id: via === "zwave_js" ? `${homeId}.${valueId}` : `zwavejs2mqtt_${homeHex}_${valueId}`,
      device_id: deviceId,
      config_entry_id: via,
      has_entity_name: node.entityName === undefined,
      original_name: node.entityName ?? null,
      aliases: node.aliases ?? [],
      exposed: node.exposed ?? true,
    });
    home.entities.push(row);
    const attributes: Record<string, unknown> =
      node.domain === "light"
        ? { supported_color_modes: ["brightness"], brightness: null }
        : node.domain === "sensor"
          ? { unit_of_measurement: "°C", device_class: "temperature" }
          : node.domain === "binary_sensor"
            ? { device_class: "door" }
            : node.domain === "cover"
              ? { device_class: "shutter", current_position: 100 }
              : {};
    home.states.set(entityId, state(node.state ?? (node.domain === "lock" ? "locked" : "off"), attributes));
    home.states.get(entityId)!.attributes.friendly_name = friendlyName(home, row);
  }
  return home;
}
