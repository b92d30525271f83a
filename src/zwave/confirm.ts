// Verified actions: after a write, wait a bounded time for the device's own report.
import type { ZwaveTransport } from "./transport.js";

/**
 * zwave-js checks an unsupervised thermostat write, or a dimmer's "restore the previous level", with
 * a Get about 5 s after it (sheet, "Found by running the real gateway" §8): the device's report
 * comes that much later, so those confirmations wait this much longer.
 */
export const LATE_VERIFY_MS = 5000;

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
  transport: ZwaveTransport,
  nodeId: number,
  key: string,
  before: unknown,
  matches: (value: unknown) => boolean,
): PendingConfirmation {
  let last: unknown = before;
  let done: ((c: Confirmation) => void) | undefined;
  let outcome: Confirmation | undefined;
  const stop = transport.onReport((report) => {
    if (report.nodeId !== nodeId || report.key !== key) return;
    last = report.value;
    if (matches(report.value)) finish({ confirmed: true, value: report.value });
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
