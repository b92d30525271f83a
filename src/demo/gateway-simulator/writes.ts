// What a write does on the real stack, from the gateway down to the device: zwave-js's answer
// (its SetValueStatus), the optimistic update, and the device's report or verification that follows.
import { inDriverQueue, pause, type Gateway } from "./gateway.js";
import { actualOf, keyOf, reportedValue, type LiveNode, type LiveValue } from "./live-node.js";
import { RESTORE_PREVIOUS } from "../../zwave/multilevel-switch.js";
import { publishStatus, report } from "./reports.js";

/** zwave-js verifies an unsupervised Binary Switch Set with a Get about 1 s later (`verifyChanges`). */
const FAST_VERIFY_MS = 1000;
/** zwave-js tries a command 3 times, about 1 s each, before giving up on the node. */
const RETRIES_MS = 3000;

export interface WriteOutcome {
  /** zwave-js's SetValueStatus: 255 supervised success, 254 acknowledged, 2 fail. */
  status: number;
  /** What follows the answer: the device's report, or the answer to the verification Get. */
  afterwards?: () => Promise<void>;
}

/**
 * zwave-js retries a node that does not answer, then marks it dead (seen running Z-Wave JS UI
 * 11.22.2 on zwave-js 15.29.0).
 */
export async function giveUp(gateway: Gateway, node: LiveNode): Promise<void> {
  if (node.status === "Dead" || !(await pause(gateway, RETRIES_MS))) return;
  node.status = "Dead";
  await publishStatus(gateway, node);
}

/**
 * What zwave-js (inside Z-Wave JS UI) does with a write, up to its answer (zwave-js `Node.setValue`).
 * The caller runs it in the driver's queue (`inDriverQueue`). After the device's acknowledgement,
 * and before the answer, zwave-js may update values itself, and Z-Wave JS UI publishes each such
 * update like a report:
 * - a supervised Set the device reports done: the target and its current value, both stamped
 *   (the device's own word);
 * - an acknowledged (unsupervised) Set, unless `disableOptimisticValueUpdate` is on: the target
 *   (Z-Wave JS UI sets `emitValueUpdateAfterSetValue`) keeping its old `time` (zwave-js does not
 *   stamp it: `updateTimestamp` is false), then the current value (`optimisticallyUpdateRelatedValues`),
 *   stamped now — except a dimmer's 255, whose level zwave-js does not know.
 * With the option on, nothing is published before the answer: the device's report comes after.
 */
export async function applyWrite(
  gateway: Gateway,
  node: LiveNode,
  target: LiveValue,
  value: unknown,
): Promise<WriteOutcome> {
  if (node.virtual) {
    const ids = node.kind === "broadcast" ? [...gateway.nodes.keys()] : (node.members ?? []);
    for (const id of ids) {
      const member = gateway.nodes.get(id);
      const v = member?.values.get(keyOf(target));
      if (member && !member.virtual && v)
        void inDriverQueue(gateway, () => applyWrite(gateway, member, v, value)).then((w) =>
          w.afterwards?.(),
        );
    }
    return { status: 255 };
  }
  if (node.device.answerDelayMs && !(await pause(gateway, node.device.answerDelayMs))) return { status: 2 };
  if (node.status === "Dead") return { status: 2 };
  if (node.device.unreachable) {
    await giveUp(gateway, node);
    return { status: 2 };
  }
  let written = value;
  if (target.property === "restorePrevious") {
    target = node.values.get(keyOf({ ...target, property: "targetValue" })) ?? target;
    written = RESTORE_PREVIOUS;
  }
  // A sleeping device gets the command when it wakes up: acknowledged by nobody yet.
  if (node.status === "Asleep") return { status: 254 };
  const reported = reportedValue(node, target);
  // The zwave-js mock keeps 255 as the level rather than restoring one (seen on zwave-js 15.29.0).
  const level =
    target.commandClass === 38 && typeof written === "number" && written !== RESTORE_PREVIOUS
      ? Math.max(0, Math.min(99, written))
      : written;
  // A jammed device keeps its state whatever the gateway publishes.
  reported.actual = { value: node.device.ignoresSets ? actualOf(reported) : level };
  const restore = written === RESTORE_PREVIOUS && target.commandClass === 38;
  if (node.device.supervised && !node.device.ignoresSets) {
    await report(gateway, node, target, written);
    // A 255's level comes from the Get zwave-js sends after the success; the mock keeps 255.
    if (reported !== target) await report(gateway, node, reported, level);
    reported.actual = undefined;
    return { status: 255 };
  }
  if (gateway.optimisticUpdates) {
    await report(gateway, node, target, written, false);
    if (reported !== target && !restore) await report(gateway, node, reported, level);
  }
  const reportsItself = node.device.reportsItself !== false && !node.device.ignoresSets && !restore;
  const delay = reportsItself
    ? (node.device.echoDelayMs ?? 0)
    : restore || target.commandClass !== 37
      ? gateway.restoreVerifyMs
      : FAST_VERIFY_MS;
  return {
    status: 254,
    afterwards: async () => {
      if (node.device.confirms === false || !(await pause(gateway, delay))) return;
      // The device's report, or its answer to the verification Get: its own state.
      const actual = actualOf(reported);
      reported.actual = undefined;
      await report(gateway, node, reported, actual);
    },
  };
}
