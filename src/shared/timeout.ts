/** The work took longer than it was given. `ms` is the limit, for messages. */
export class TimeoutError extends Error {
  override name = "TimeoutError";
  constructor(readonly ms: number) {
    super(`no answer within ${formatDuration(ms)}`);
  }
}

export interface TimeoutOptions {
  ms: number;
  /** The caller's own signal (a turn that ended, a client that went away): aborts the work too. */
  signal?: AbortSignal | undefined;
}

/**
 * Runs `work` with a signal that aborts after `ms` or when the caller's signal aborts, and settles
 * at that moment even if the work ignores its signal: a turn must never outlive its limit.
 * Rejects with a `TimeoutError` on the timeout, with the caller's `signal.reason` on its abort,
 * and otherwise as the work settles. The timer and listener are gone whichever way it ends.
 */
export function withTimeout<T>(
  work: (signal: AbortSignal) => Promise<T>,
  options: TimeoutOptions,
): Promise<T> {
  const { ms, signal: outer } = options;
  if (outer?.aborted) return Promise.reject(outer.reason as unknown);
  const controller = new AbortController();
  return new Promise<T>((resolve, reject) => {
    // Cleared on every way out, the timeout and the caller's abort too: work that ignores its
    // signal may never settle, and its listener would then stay on the caller's signal for good.
    const settle = () => {
      clearTimeout(timer);
      outer?.removeEventListener("abort", onAbort);
    };
    const stop = (reason: unknown) => {
      settle();
      controller.abort(reason);
      reject(reason);
    };
    const timer = setTimeout(() => stop(new TimeoutError(ms)), ms);
    const onAbort = () => stop(outer?.reason);
    outer?.addEventListener("abort", onAbort, { once: true });
    let running: Promise<T>;
    try {
      running = work(controller.signal);
    } catch (err) {
      running = Promise.reject(err as Error);
    }
    running.then(
      (value) => {
        settle();
        resolve(value);
      },
      (err: unknown) => {
        settle();
        reject(err);
      },
    );
  });
}

/** "800 ms", "5 s", "2.5 s": how long a limit is, for people. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}
