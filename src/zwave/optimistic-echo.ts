// What zwave-js writes into its value DB by itself when a Set succeeds, before the device has said
// anything: its optimistic update, which both servers pass on like any report. The transports drop
// such an echo only where it is proven one, each from what its server's delivery shows
// (transports/mqtt/echo-before-answer.ts, transports/websocket/echo-by-stamp.ts); none is ever
// assumed to come.
//
// zwave-js `Node.setValue` (packages/zwave-js/src/lib/node/Node.ts, read in 15.29), after the Set:
// - an acknowledged unsupervised Set (no result, the API's `SuccessUnsupervised`): unless the driver
//   option `disableOptimisticValueUpdate` is on (Z-Wave JS UI's "Disable optimistic value update"),
//   the target with `updateTimestamp: false`, and an event when `emitValueUpdateAfterSetValue` is on
//   (Z-Wave JS UI and @zwave-js/server's CLI always set it); then, right after it in the same
//   synchronous block, the CC's `optimisticallyUpdateRelatedValues` (Binary and Multilevel Switch
//   `currentValue`, Door Lock `currentMode`), stamped now. Not for a dimmer's 255, whose level is
//   unknown, nor for slow actuators' related values.
// - a supervised Set still `Working`: the target, stamped, with an event, whatever the option says.
// - a supervised `Success`: the target and its related values, stamped: the device's own word.
// All of it happens before `setValue` returns, so before the server's answer.
import { valueKey, type DeviceClass, type ValueId, type ZwaveNode } from "./model.js";
import { RESTORE_PREVIOUS } from "./multilevel-switch.js";
import { SetValueStatus } from "./set-value-status.js";

/** A value zwave-js may have updated itself for a write, and the value it wrote there. */
export interface Echo {
  key: string;
  value: unknown;
  /** The current value of a split pair (`optimisticallyUpdateRelatedValues`), not the target itself. */
  related: boolean;
}

/** The value a split-state target is reported on: `targetValue` → `currentValue`, `targetMode` → `currentMode`. */
export function pairedCurrent(target: ValueId): ValueId | undefined {
  const property = String(target.property);
  if (!property.startsWith("target")) return undefined;
  return { ...target, property: `current${property.slice("target".length)}` };
}

/** zwave-js's actuator command classes (`actuatorCCs`, packages/core/src/definitions/CommandClasses.ts). */
const ACTUATOR_CCS = new Set([0x25, 0x26, 0x33, 0x40, 0x43, 0x62, 0x66, 0x6a, 0x79, 0x94]);

function isSlowClass(dc: DeviceClass | undefined): boolean {
  // DeviceClasses.ts `isSlowActuator`: the Window Covering generic class, and the Multilevel
  // Switch's Multiposition Motor and Motor Controls A, B and C.
  if (!dc) return false;
  return dc.generic === 0x09 || (dc.generic === 0x11 && [0x03, 0x05, 0x06, 0x07].includes(dc.specific));
}

/**
 * Whether zwave-js counts a write to `target` as one to a slow actuator (a motor), after which it
 * updates no related value (`Node.setValue`): the device class of the endpoint written to, the
 * root's being the node's.
 */
export function isSlowActuator(node: Pick<ZwaveNode, "deviceClass" | "endpoints">, target: ValueId): boolean {
  if (!ACTUATOR_CCS.has(target.commandClass)) return false;
  const endpoint = target.endpoint ?? 0;
  return isSlowClass(
    endpoint === 0 ? node.deviceClass : node.endpoints.find((e) => e.index === endpoint)?.deviceClass,
  );
}

/**
 * The updates zwave-js may have made itself for a write answered with `status` (undefined: the
 * answer was unreadable, so any), in the order it makes them. Whether it made them is for the
 * transport to prove: with optimistic updates off, an acknowledged Set updates nothing. A slow
 * actuator's current value is never among them (`isSlowActuator`).
 */
export function possibleEchoes(
  target: ValueId,
  payload: unknown,
  status: number | undefined,
  slowActuator = false,
): Echo[] {
  const own: Echo = { key: valueKey(target), value: payload, related: false };
  if (status === SetValueStatus.Working) return [own];
  if (status !== SetValueStatus.SuccessUnsupervised && status !== undefined) return [];
  const current = pairedCurrent(target);
  const restore = target.commandClass === 38 && payload === RESTORE_PREVIOUS;
  if (!current || restore || slowActuator) return [own];
  return [own, { key: valueKey(current), value: payload, related: true }];
}
