// What a write does on the real stack, from the gateway down to the device: zwave-js's answer
// (its SetValueStatus), the optimistic update, and the device's report or verification that follows.
import { isDeepStrictEqual } from "node:util";
import { inDriverQueue, pause, type Gateway } from "./gateway.js";
import {
  actualOf,
  isSlowActuator,
  keyOf,
  reportedValue,
  type LiveNode,
  type LiveValue,
} from "./live-node.js";
import { RESTORE_PREVIOUS } from "../../zwave/multilevel-switch.js";
import { ccWrite, positionNow } from "./cc-writes.js";
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
  const own = ccWrite(gateway, node, target, value);
  if (own) return own;
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
    // Not the current value of a slow actuator: a motor is not there yet (zwave-js Node.setValue).
    if (reported !== target && !restore && !isSlowActuator(node, target.commandClass))
      await report(gateway, node, reported, level);
  }
  const reportsItself = node.device.reportsItself !== false && !node.device.ignoresSets && !restore;
  const delay = reportsItself
    ? (node.device.echoDelayMs ?? 0)
    : restore || target.commandClass !== 37
      ? gateway.restoreVerifyMs
      : FAST_VERIFY_MS;
  // zwave-js's verification Get, one per value: a later write's replaces it (`schedulePoll`).
  const verification: Verification = { expected: restore ? undefined : level };
  if (!reportsItself) verifications.set(reported, verification);
  return {
    status: 254,
    afterwards: async () => {
      const answers = () => node.device.confirms !== false;
      if (!answers() || !(await pause(gateway, delay))) return;
      if (!reportsItself) {
        // Replaced, cancelled, or the device stopped answering meanwhile.
        if (verifications.get(reported) !== verification || !answers()) return;
        verifications.delete(reported);
      }
      // The device's report, or its answer to the verification Get: its own state.
      const actual = actualOf(reported);
      reported.actual = undefined;
      await report(gateway, node, reported, actual);
    },
  };
}

/** A verification Get zwave-js has scheduled, and the value it expects (none after a "restore"). */
interface Verification {
  expected: unknown;
}

/** By the value the Get asks for. */
const verifications = new WeakMap<LiveValue, Verification>();

/** zwave-js waits this long for the device's Report to a Get before it gives up on it. */
const REPORT_TIMEOUT_MS = 1000;

/**
 * `pollValue`: zwave-js sends the value's Get and returns the device's Report (`Node.pollValue`),
 * which it also applies as a report; nothing when the device does not answer.
 */
export async function poll(gateway: Gateway, node: LiveNode, v: LiveValue): Promise<unknown> {
  if (node.device.unreachable) {
    await giveUp(gateway, node);
    throw new Error("Failed to send the command after 3 attempts. Transmission queue full");
  }
  if (node.status === "Dead") throw new Error(`Node ${node.id} is dead`);
  if (node.status === "Asleep" || node.device.confirms === false) {
    await pause(gateway, REPORT_TIMEOUT_MS);
    return undefined;
  }
  const actual = positionNow(v);
  if (actual === actualOf(v)) v.actual = undefined;
  // A report of the value zwave-js expects cancels its verification Get (Node `cancelScheduledPoll`).
  const scheduled = verifications.get(v);
  if (scheduled && (scheduled.expected === undefined || isDeepStrictEqual(scheduled.expected, actual)))
    verifications.delete(v);
  await report(gateway, node, v, actual);
  return actual;
}
