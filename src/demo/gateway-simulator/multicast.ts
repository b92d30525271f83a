// Z-Wave JS UI's `writeMulticast(nodes, valueId, value)` (api/lib/ZwaveClient.ts): zwave-js sends one
// multicast frame to the group (`controller.getMulticastGroup(nodes).setValue`), updates each
// member's value optimistically as for an acknowledged Set (`optimisticallyUpdateRelatedValues`
// with `isMulticast`), and neither verifies it nor hears from the devices: a multicast is not
// acknowledged per device. When a member lacks the command class, zwave-js refuses the group and
// Z-Wave JS UI writes to each node instead. The API answers with nothing either way.
import { inDriverQueue, type Gateway } from "./gateway.js";
import { actualOf, keyOf, reportedValue, type LiveNode, type LiveValue } from "./live-node.js";
import { report } from "./reports.js";
import type { SimValueId } from "./types.js";
import { applyWrite } from "./writes.js";

export async function writeMulticast(
  gateway: Gateway,
  nodeIds: number[],
  id: SimValueId,
  value: unknown,
): Promise<void> {
  const members = nodeIds.map((n) => gateway.nodes.get(n));
  const targets = members.map((m) => m?.values.get(keyOf(id)));
  const all = members.every((m, i) => m && !m.virtual && targets[i]?.writeable);
  if (!all) {
    // CC_NotSupported: one write per node that has the value.
    for (const [i, m] of members.entries()) {
      const t = targets[i];
      if (m && t?.writeable)
        void inDriverQueue(gateway, () => applyWrite(gateway, m, t, value)).then((w) => w.afterwards?.());
    }
    return;
  }
  gateway.multicastFrames.push({ nodeIds: [...nodeIds], valueId: { ...id }, value });
  for (const [i, member] of members.entries()) await receive(gateway, member!, targets[i]!, value);
}

/** One member hears the frame (or does not, when it has gone), and zwave-js updates it optimistically. */
async function receive(gateway: Gateway, node: LiveNode, target: LiveValue, value: unknown): Promise<void> {
  const reported = reportedValue(node, target);
  const written = target.type === "boolean" && typeof value === "number" ? value > 0 : value;
  const heard = node.status !== "Dead" && !node.device.unreachable && node.status !== "Asleep";
  if (heard) reported.actual = { value: node.device.ignoresSets ? actualOf(reported) : written };
  await report(gateway, node, target, written, false);
  if (reported !== target) await report(gateway, node, reported, written);
}
