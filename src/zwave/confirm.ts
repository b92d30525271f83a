// Verified actions: after a write, wait a bounded time for the device's own report.
import type { NodeCache, ZwaveValue } from "./node-cache.js";

export interface Confirmation {
  confirmed: boolean;
  /** The last value the device reported (after the write, or before it when nothing came). */
  value: unknown;
}

export interface PendingConfirmation {
  /** Resolves when a report matches, or after `timeoutMs` with `confirmed: false`. */
  wait(timeoutMs: number): Promise<Confirmation>;
  cancel(): void;
}

/**
 * Starts listening for `key` on `nodeId` before the write goes out, so that a device answering
 * faster than the publish resolves still counts. Only reports that arrive after this call count.
 */
export function expectReport(
  cache: NodeCache,
  nodeId: number,
  key: string,
  matches: (value: unknown) => boolean,
): PendingConfirmation {
  let last: unknown = cache.node(nodeId)?.values.get(key)?.value;
  let done: ((c: Confirmation) => void) | undefined;
  let outcome: Confirmation | undefined;
  const stop = cache.onValue((id: number, v: ZwaveValue) => {
    if (id !== nodeId || v.key !== key) return;
    last = v.value;
    if (matches(v.value)) finish({ confirmed: true, value: v.value });
  });
  let timer: NodeJS.Timeout | undefined;
  function finish(c: Confirmation): void {
    if (outcome) return;
    outcome = c;
    stop();
    if (timer) clearTimeout(timer);
    done?.(c);
  }
  return {
    wait(timeoutMs) {
      if (outcome) return Promise.resolve(outcome);
      return new Promise((resolve) => {
        done = resolve;
        timer = setTimeout(() => finish({ confirmed: false, value: last }), timeoutMs);
      });
    },
    cancel() {
      finish({ confirmed: false, value: last });
    },
  };
}
