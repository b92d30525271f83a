// Which Z-Wave node a Home Assistant device or entity is, from what HA's registries hold. Two
// integrations put the node there:
// - HA's `zwave_js`: the device's identifiers hold `("zwave_js", "<homeId>-<nodeId>")`, and an
//   extended `"<homeId>-<nodeId>-<manufacturer>:<type>:<product>"` (home-assistant/core
//   homeassistant/components/zwave_js/helpers.py `get_device_id`, `get_device_id_ext`); its
//   entities' unique ids are `"<homeId>.<valueId>"` or `"<homeId>.<nodeId>"` (`get_unique_id`,
//   `get_valueless_base_unique_id`), where a value id starts with `<nodeId>-`.
// - Z-Wave JS UI's MQTT discovery: the device identifier is `zwavejs2mqtt_<homeHex>_node<nodeId>`
//   and an entity's unique id `zwavejs2mqtt_<homeHex>_<nodeId>-<cc>-<endpoint>-<property>`, with
//   `homeHex` = "0x" + the home id in hex (zwave-js-ui api/lib/Gateway.ts `deviceInfo`,
//   `discoverValue`; api/lib/ZwaveClient.ts `homeHex`).
// Home ids are kept as numbers: the decimal and the hex spellings name the same network.

/** One node of one Z-Wave network. */
export interface ZwaveNodeId {
  homeId: number;
  nodeId: number;
}

const ZWAVE_JS_DEVICE = /^(\d+)-(\d+)(?:-|$)/;
const ZUI_DEVICE = /^zwavejs2mqtt_0x([0-9a-f]+)_node(\d+)$/i;
const ZWAVE_JS_ENTITY = /^(\d+)\.(\d+)(?:[-.]|$)/;
const ZUI_ENTITY = /^zwavejs2mqtt_0x([0-9a-f]+)_(\d+)-/i;

function node(home: string, nodeId: string, radix: number): ZwaveNodeId | undefined {
  const homeId = Number.parseInt(home, radix);
  const id = Number(nodeId);
  return Number.isSafeInteger(homeId) && Number.isSafeInteger(id) && id > 0
    ? { homeId, nodeId: id }
    : undefined;
}

/** From a device's `identifiers` (`[domain, id]` pairs). */
export function zwaveNodeOfDevice(
  identifiers: ReadonlyArray<readonly unknown[]> | undefined,
): ZwaveNodeId | undefined {
  for (const [domain, id] of identifiers ?? []) {
    if (typeof id !== "string") continue;
    if (domain === "zwave_js") {
      const m = ZWAVE_JS_DEVICE.exec(id);
      if (m) return node(m[1]!, m[2]!, 10);
    }
    const zui = ZUI_DEVICE.exec(id);
    if (zui) return node(zui[1]!, zui[2]!, 16);
  }
  return undefined;
}

/** From an entity's `platform` and `unique_id`, for an entity whose device says nothing. */
export function zwaveNodeOfEntity(
  platform: string | null | undefined,
  uniqueId: string | null | undefined,
): ZwaveNodeId | undefined {
  if (!uniqueId) return undefined;
  if (platform === "zwave_js") {
    const m = ZWAVE_JS_ENTITY.exec(uniqueId);
    return m ? node(m[1]!, m[2]!, 10) : undefined;
  }
  const zui = ZUI_ENTITY.exec(uniqueId);
  return zui ? node(zui[1]!, zui[2]!, 16) : undefined;
}
