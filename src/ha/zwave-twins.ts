// One physical device, one identity. Most Z-Wave users also run Home Assistant's Z-Wave
// integration, so a node the bridge reaches over Z-Wave is also an HA device with entities. Joined
// by the node's home and node id (zwave-node.ts), the two are one device: Home
// Assistant's names, aliases, area and "exposed to Assist" setting apply to it, and it is acted
// on through the Z-Wave path, which can confirm. A node HA does not know stays a Z-Wave device.
import type { DeviceSummary } from "../zwave/contract.js";
import type { ZwaveClient } from "../zwave-host/zwave-client.js";
import type { EntityView, HomeMirror } from "./mirror.js";

export interface HomeTwins {
  /** The Z-Wave device an HA entity is a view of, when the bridge reaches that node. */
  nodeOf(entity: EntityView): DeviceSummary | undefined;
  /** The HA entities (exposed or not) of a node: none when HA does not know it. */
  entitiesOf(nodeId: number): EntityView[];
  /** The Z-Wave devices Home Assistant does not know: the only ones listed under their Z-Wave names. */
  zwaveOnly(): DeviceSummary[];
}

export function homeTwins(
  zwave: Pick<ZwaveClient, "devices" | "device" | "homeId">,
  mirror: HomeMirror,
): HomeTwins {
  const entitiesOf = (nodeId: number): EntityView[] => {
    const homeId = zwave.homeId();
    // Without the home id, a node id alone could be another network's node: no join.
    return homeId === null ? [] : mirror.entitiesOfZwaveNode({ homeId, nodeId });
  };
  return {
    nodeOf(entity) {
      const node = entity.zwaveNode;
      const homeId = zwave.homeId();
      if (!node || homeId === null || node.homeId !== homeId) return undefined;
      return zwave.device(node.nodeId);
    },
    entitiesOf,
    zwaveOnly: () => zwave.devices().filter((d) => entitiesOf(d.nodeId).length === 0),
  };
}
