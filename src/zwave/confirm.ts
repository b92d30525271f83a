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
 * How long a device heard at a match a motor also passes on its way may say nothing more before it
 * is asked where it is: about one more report of a module that reports while it moves.
 */
export const STILL_MS = 1000;

/** Matches a motor also passes on its way, and how to ask the device where it is now. */
export interface OnTheWay {
  passed(value: unknown): boolean;
  ask(): Promise<{ answered: boolean; value: unknown }>;
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
  onTheWay?: OnTheWay,
): PendingConfirmation {
  let last: unknown = before;
  let reported = false;
  let done: ((c: ReportOutcome) => void) | undefined;
  let outcome: ReportOutcome | undefined;
  /** Asks where the device is once a match it may be passing has been followed by quiet. */
  let still: NodeJS.Timeout | undefined;
  const stop = transport.onReport((report) => {
    if (report.nodeId !== nodeId || report.key !== key) return;
    last = report.value;
    reported = true;
    clearTimeout(still);
    if (!matches(report.value)) return;
    if (!onTheWay?.passed(report.value)) return finish({ confirmed: true, value: report.value, reported });
    // A motor a step short of where it was sent may be on its way there: it stands there only if
    // it is still there when asked after a quiet moment (its arrival, if it comes, ends this first).
    const heard = report.value;
    still = setTimeout(() => {
      void onTheWay.ask().then((answer) => {
        // Something heard meanwhile speaks for itself.
        if (!answer.answered || last !== heard) return;
        const there = answer.value === heard || (matches(answer.value) && !onTheWay.passed(answer.value));
        if (there) finish({ confirmed: true, value: answer.value, reported });
      });
    }, STILL_MS);
  });
  let timer: NodeJS.Timeout | undefined;
  function finish(c: ReportOutcome): void {
    if (outcome) return;
    outcome = c;
    stop();
    if (timer) clearTimeout(timer);
    clearTimeout(still);
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
