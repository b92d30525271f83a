// Which Z-Wave node, and which endpoint of it, a Home Assistant device or entity is, from what HA's
// registries hold. Two integrations put the node there:
// - HA's `zwave_js`: the device's identifiers hold `("zwave_js", "<homeId>-<nodeId>")`, and an
//   extended `"<homeId>-<nodeId>-<manufacturer>:<type>:<product>"`, numbers in decimal
//   (home-assistant/core homeassistant/components/zwave_js/helpers.py `get_device_id`,
//   `get_device_id_ext`); its entities' unique ids are `"<homeId>.<valueId>"` or
//   `"<homeId>.<nodeId>"` (`get_unique_id`, `get_valueless_base_unique_id`), where a value id is
//   `<nodeId>-<commandClass>-<endpoint>-<property>[-<propertyKey>]` (zwave-js-server-python
//   `get_value_id_str`).
// - Z-Wave JS UI's MQTT discovery: the device identifier is `zwavejs2mqtt_<homeHex>_node<nodeId>`,
//   its model `"<description> (<label>)"` of the product; an entity's unique id is
//   `zwavejs2mqtt_<homeHex>_<nodeId>-<cc>-<endpoint>-<property>`, or
//   `zwavejs2mqtt_<homeHex>_Node<nodeId>_<object id>` for one of the node as a whole, with
//   `homeHex` = "0x" + the home id in hex (zwave-js-ui api/lib/Gateway.ts `_deviceInfo`,
//   `discoverValue`, `discoverDevice`; api/lib/ZwaveClient.ts `homeHex`).
// Home ids are kept as numbers: the decimal and the hex spellings name the same network.
import type { ProductIds } from "../zwave/model.js";

/** One node of one Z-Wave network. */
export interface ZwaveNodeId {
  homeId: number;
  nodeId: number;
}

/** What Home Assistant's registries say about the Z-Wave node a device or entity is a view of. */
export interface ZwaveOrigin extends ZwaveNodeId {
  /** The endpoint of the entity's value; absent for one of the node as a whole (a ping button). */
  endpoint?: number;
  /** The command class of the entity's value. */
  commandClass?: number;
  /** What the device was when HA registered it (the extended `zwave_js` identifier). */
  product?: ProductIds;
  /** The product as Z-Wave JS UI's discovery named it for the device: "<description> (<label>)". */
  model?: string;
}

const ZWAVE_JS_DEVICE = /^(\d+)-(\d+)(?:-(\d+):(\d+):(\d+))?$/;
const ZUI_DEVICE = /^zwavejs2mqtt_0x([0-9a-f]+)_node(\d+)$/i;
/** `<home>.<node>` then a value id `-<cc>-<endpoint>-…`, a `.<suffix>`, or nothing. */
const ZWAVE_JS_ENTITY = /^(\d+)\.(\d+)(?:-(\d+)-(\d+)-|[.]|$)/;
const ZUI_VALUE_ENTITY = /^zwavejs2mqtt_0x([0-9a-f]+)_(\d+)-(\d+)-(\d+)-/i;
const ZUI_NODE_ENTITY = /^zwavejs2mqtt_0x([0-9a-f]+)_node(\d+)_/i;

function node(home: string, nodeId: string, radix: number): ZwaveNodeId | undefined {
  const homeId = Number.parseInt(home, radix);
  const id = Number(nodeId);
  return Number.isSafeInteger(homeId) && Number.isSafeInteger(id) && id > 0
    ? { homeId, nodeId: id }
    : undefined;
}

/** The value's command class and endpoint, when the unique id names a value. */
function value(cc: string | undefined, endpoint: string | undefined): Partial<ZwaveOrigin> {
  return cc === undefined || endpoint === undefined
    ? {}
    : { commandClass: Number(cc), endpoint: Number(endpoint) };
}

/** From a device's `identifiers` (`[domain, id]` pairs), and its `model` for Z-Wave JS UI's. */
export function zwaveNodeOfDevice(
  identifiers: ReadonlyArray<readonly unknown[]> | undefined,
  model?: string | null,
): ZwaveOrigin | undefined {
  let found: ZwaveOrigin | undefined;
  for (const [domain, id] of identifiers ?? []) {
    if (typeof id !== "string") continue;
    if (domain === "zwave_js") {
      const m = ZWAVE_JS_DEVICE.exec(id);
      const at = m ? node(m[1]!, m[2]!, 10) : undefined;
      if (!at || (found && (found.homeId !== at.homeId || found.nodeId !== at.nodeId))) continue;
      found ??= at;
      if (m?.[3] !== undefined) {
        found.product = { manufacturerId: Number(m[3]), productType: Number(m[4]), productId: Number(m[5]) };
      }
      continue;
    }
    const zui = ZUI_DEVICE.exec(id);
    const at = zui ? node(zui[1]!, zui[2]!, 16) : undefined;
    if (at && !found) found = model ? { ...at, model } : at;
  }
  return found;
}

/** From an entity's `platform` and `unique_id`: the node, and the endpoint of its value. */
export function zwaveNodeOfEntity(
  platform: string | null | undefined,
  uniqueId: string | null | undefined,
): ZwaveOrigin | undefined {
  if (!uniqueId) return undefined;
  if (platform === "zwave_js") {
    const m = ZWAVE_JS_ENTITY.exec(uniqueId);
    const at = m ? node(m[1]!, m[2]!, 10) : undefined;
    return at && { ...at, ...value(m?.[3], m?.[4]) };
  }
  const zui = ZUI_VALUE_ENTITY.exec(uniqueId);
  if (zui) {
    const at = node(zui[1]!, zui[2]!, 16);
    return at && { ...at, ...value(zui[3], zui[4]) };
  }
  const whole = ZUI_NODE_ENTITY.exec(uniqueId);
  return whole ? node(whole[1]!, whole[2]!, 16) : undefined;
}

/**
 * An entity's origin: its device's (the node, what the device was) with its own unique id's value
 * (the endpoint); either alone when the other says nothing. A unique id that names another node
 * than its device is the unique id's: it names the value the entity shows.
 */
export function zwaveOrigin(
  device: ZwaveOrigin | undefined,
  entity: ZwaveOrigin | undefined,
): ZwaveOrigin | undefined {
  if (!device) return entity;
  if (!entity) return device;
  if (entity.homeId !== device.homeId || entity.nodeId !== device.nodeId) return entity;
  return { ...device, ...entity };
}
