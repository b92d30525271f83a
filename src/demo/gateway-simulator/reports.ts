// What the gateway publishes about its nodes: value topics and node status topics.
import { publish, subscribeSets, type Gateway } from "./gateway.js";
import { keyOf, type LiveNode, type LiveValue } from "./live-node.js";
import { payloadFor } from "./payloads.js";
import { nodeTopic, topicOfValue } from "./topics.js";

/** Publishes a value, and from then on its topic takes `/set` (a write-only value is only made writable). */
export async function publishValue(gateway: Gateway, node: LiveNode, v: LiveValue): Promise<void> {
  if (!v.readable && !v.writeable) return;
  const topic = topicOfValue(gateway, node, v);
  gateway.writable.set(topic, { nodeId: node.id, key: keyOf(v) });
  // Subscribed before the value is out, so that whoever sees it can write to it.
  if (takesSets(node, v)) await subscribeSets(gateway, topic);
  if (!v.readable) return;
  await publish(gateway, topic, payloadFor(gateway, node, v));
}

/**
 * A value Z-Wave JS UI takes `/set` on: a writeable one, or a current value with a target beside it
 * (api/lib/ZwaveClient.ts `_findTargetValue`: same command class, endpoint and property key).
 */
function takesSets(node: LiveNode, v: LiveValue): boolean {
  if (v.writeable) return true;
  if (!/current/i.test(String(v.property))) return false;
  for (const t of node.values.values()) {
    if (t.commandClass === v.commandClass && t.endpoint === v.endpoint && t.propertyKey === v.propertyKey)
      if (/target/i.test(String(t.property))) return true;
  }
  return false;
}

export async function publishStatus(gateway: Gateway, node: LiveNode): Promise<void> {
  const available = node.status !== "Dead";
  const base = `${gateway.prefix}/${nodeTopic(gateway, node)}`;
  const raw = gateway.payloadType === 2;
  await publish(
    gateway,
    `${base}/status`,
    raw
      ? JSON.stringify(available)
      : JSON.stringify({ time: Date.now(), value: available, status: node.status, nodeId: node.id }),
  );
  await publish(
    gateway,
    `${base}/lastActive`,
    raw ? JSON.stringify(node.lastActive) : JSON.stringify({ time: Date.now(), value: node.lastActive }),
  );
}

/** A value changed at the gateway. `fresh`: a report from the device, which sets the value's `time`. */
export async function report(
  gateway: Gateway,
  node: LiveNode,
  v: LiveValue,
  value: unknown,
  fresh = true,
): Promise<void> {
  v.value = value;
  node.missed.delete(keyOf(v));
  if (fresh) {
    // zwave-js stamps each update with the time it arrived: a later report never shares an earlier one's stamp.
    v.lastUpdate = Math.max(Date.now(), v.lastUpdate + 1);
    node.lastActive = v.lastUpdate;
  }
  await publishValue(gateway, node, v);
  if (fresh && v.commandClass === 37 && v.property === "currentValue")
    await meterFollowsSwitch(gateway, node, v.endpoint, value === true);
}

/** Meter CC's electric scales that fall to zero with the load: W (2), V·A (3), A (5). */
const LOAD_SCALES = new Set([2, 3, 5]);

/**
 * A metered plug reports what its load draws after it switches, as real ones do: nothing when off,
 * and when on again what it drew before (each reading's value at start-up, or its last above zero).
 */
async function meterFollowsSwitch(gateway: Gateway, node: LiveNode, endpoint: number, on: boolean) {
  for (const meter of node.values.values()) {
    if (meter.commandClass !== 50 || meter.endpoint !== endpoint || typeof meter.propertyKey !== "number")
      continue;
    if (!LOAD_SCALES.has((meter.propertyKey >> 8) & 0xff) || typeof meter.value !== "number") continue;
    if (meter.value > 0) node.loads.set(keyOf(meter), meter.value);
    const next = on ? (node.loads.get(keyOf(meter)) ?? 0) : 0;
    if (next !== meter.value) await report(gateway, node, meter, next);
  }
}
