// Verified actions: after a write, wait a bounded time for the device's own report.
import type { ZwaveTransport } from "./transport.js";

/**
 * zwave-js verifies an unsupervised Set with a Get after the transition (`schedulePoll` in its CC
 * APIs): about 1 s for "fast" ones (Binary Switch), about 5 s (`timeouts.refreshValue`) for "slow"
 * ones (Multilevel Switch, Door Lock, thermostats). A device that does not report by itself is
 * heard only then, so those confirmations wait this much longer.
 */
export const LATE_VERIFY_MS = 5000;

export interface ReportOutcome {
  confirmed: boolean;
  /** The last value the device reported (after the write, or before it when nothing came). */
  value: unknown;
  /** Whether the device reported the value at all after the write. */
  reported: boolean;
}

export interface PendingConfirmation {
  /** Resolves when a report matches, or after `timeoutMs` with `confirmed: false`. */
  wait(timeoutMs: number): Promise<ReportOutcome>;
  /** Whether it has ended: a report matched, its time ran out, or it was cancelled. */
  settled(): boolean;
  cancel(): void;
}

/**
 * Starts listening for `key` on `nodeId` before the write goes out, so that a device answering
 * faster than the write's result still counts. Only reports that arrive after this call count; the
 * transports never pass on the driver's optimistic updates (src/zwave/optimistic-echo.ts).
 */
export function expectReport(
  transport: ZwaveTransport,
  nodeId: number,
  key: string,
  before: unknown,
  matches: (value: unknown) => boolean,
): PendingConfirmation {
  let last: unknown = before;
  let reported = false;
  let done: ((c: ReportOutcome) => void) | undefined;
  let outcome: ReportOutcome | undefined;
  const stop = transport.onReport((report) => {
    if (report.nodeId !== nodeId || report.key !== key) return;
    last = report.value;
    reported = true;
    if (matches(report.value)) finish({ confirmed: true, value: report.value, reported });
  });
  let timer: NodeJS.Timeout | undefined;
  function finish(c: ReportOutcome): void {
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
        timer = setTimeout(() => finish({ confirmed: false, value: last, reported }), timeoutMs);
      });
    },
    settled: () => outcome !== undefined,
    cancel() {
      finish({ confirmed: false, value: last, reported });
    },
  };
}
