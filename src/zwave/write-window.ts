// Tells the driver's optimistic value updates from the device's reports, the same way on both
// transports. zwave-js writes a value into its value DB itself once a device acknowledges an
// unsupervised Set (`Node.setValue` in zwave-js: the actual value, then the CC's
// `optimisticallyUpdateRelatedValues`, e.g. Binary Switch `currentValue = targetValue`), and emits
// the usual "value updated" before the Set's result returns. Z-Wave JS UI publishes those on MQTT
// like any report, also before its `writeValue` reply. So the value events of the written command
// class and endpoint that arrive while the write is in flight are held back until its status says
// what they were: the device's word (a supervised success, or a write zwave-js rejected, after which
// it updated nothing) is applied; after an acknowledgement they are dropped, and the device's own
// report follows (zwave-js's verification Get, `verifyChanges` → `schedulePoll`).
import type { ValueId } from "./model.js";
import { mayBeOptimistic } from "./set-value-status.js";

interface Window {
  writes: number;
  /** Some write in this window may have been applied optimistically. */
  optimistic: boolean;
  held: (() => void)[];
}

export interface WriteWindows {
  /** Opens a window for a write to this value's command class and endpoint; call `close` with its status. */
  open(nodeId: number, valueId: ValueId): { close(status: number | undefined): void };
  /**
   * Runs `apply` now, or holds it while a write to that node's command class and endpoint is in
   * flight. Returns whether it was held.
   */
  offer(nodeId: number, valueId: ValueId, apply: () => void): boolean;
}

export function createWriteWindows(onDropped?: (nodeId: number, count: number) => void): WriteWindows {
  const windows = new Map<string, Window>();
  const keyOf = (nodeId: number, v: ValueId) => `${nodeId}:${v.commandClass}:${v.endpoint}`;

  return {
    open(nodeId, valueId) {
      const key = keyOf(nodeId, valueId);
      let w = windows.get(key);
      if (!w) {
        w = { writes: 0, optimistic: false, held: [] };
        windows.set(key, w);
      }
      const win = w;
      win.writes++;
      let closed = false;
      return {
        close(status) {
          if (closed) return;
          closed = true;
          win.writes--;
          // An unknown outcome (no answer, a lost connection) may have been applied too.
          if (mayBeOptimistic(status)) win.optimistic = true;
          if (win.writes > 0) return;
          windows.delete(key);
          if (win.optimistic) {
            if (win.held.length) onDropped?.(nodeId, win.held.length);
          } else for (const apply of win.held) apply();
        },
      };
    },
    offer(nodeId, valueId, apply) {
      const w = windows.get(keyOf(nodeId, valueId));
      if (!w) {
        apply();
        return false;
      }
      w.held.push(apply);
      return true;
    },
  };
}
