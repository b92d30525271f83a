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
import { valueKey, type ValueId } from "./model.js";
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

/**
 * The updates zwave-js may have made itself for a write answered with `status` (undefined: the
 * answer was unreadable, so any), in the order it makes them. Whether it made them is for the
 * transport to prove: with optimistic updates off, an acknowledged Set updates nothing.
 */
export function possibleEchoes(target: ValueId, payload: unknown, status: number | undefined): Echo[] {
  const own: Echo = { key: valueKey(target), value: payload, related: false };
  if (status === SetValueStatus.Working) return [own];
  if (status !== SetValueStatus.SuccessUnsupervised && status !== undefined) return [];
  const current = pairedCurrent(target);
  const restore = target.commandClass === 38 && payload === RESTORE_PREVIOUS;
  if (!current || restore) return [own];
  return [own, { key: valueKey(current), value: payload, related: true }];
}
