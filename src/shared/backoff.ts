export interface BackoffPolicy {
  initialMs: number;
  maxMs: number;
}

export interface Backoff {
  /** The delay before the next attempt: `initialMs`, then doubling up to `maxMs`. */
  next(): number;
  /** After a connection that held: the next failure waits `initialMs` again. */
  reset(): void;
}

/** The one reconnect delay for everything the bridge keeps connected (Home Assistant, MCP servers). */
export function createBackoff(policy: BackoffPolicy): Backoff {
  let failures = 0;
  return {
    next() {
      const delay = Math.min(policy.maxMs, policy.initialMs * 2 ** Math.min(failures, 30));
      failures++;
      return delay;
    },
    reset() {
      failures = 0;
    },
  };
}
