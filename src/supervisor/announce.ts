import type { Logger } from "../log.js";
import { createBackoff } from "../shared/backoff.js";
import type { SupervisorClient } from "./client.js";

/** Supervisor may be busy at start-up (an update, a restore); the announcement waits for it. */
const RETRY = { initialMs: 2_000, maxMs: 5 * 60_000 };

/**
 * Announces a service to Home Assistant through Supervisor discovery, and tries again until it
 * is through: an announcement that never arrives leaves Home Assistant on an old URL (after
 * `rotate_mcp_secret`) or without the service. Never withdrawn on shutdown, or HA would remove
 * the integration (hassio/discovery.py). Returns the function that stops retrying.
 */
export function announceUntilDone(
  supervisor: SupervisorClient,
  service: string,
  config: Record<string, unknown>,
  logger: Logger,
  what: string,
): () => void {
  const backoff = createBackoff(RETRY);
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const attempt = (failures: number) => {
    supervisor
      .announceDiscovery(service, config)
      .then(() => logger.info(`announced ${what} to Home Assistant`))
      .catch((err: Error) => {
        if (stopped) return;
        const delay = backoff.next();
        const line = `could not announce ${what}: ${err.message}; trying again in ${Math.round(delay / 1000)} s`;
        if (failures === 0) logger.error(line);
        else logger.debug(line);
        timer = setTimeout(() => attempt(failures + 1), delay);
        timer.unref();
      });
  };
  attempt(0);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
