import { dirname } from "node:path";

/** Where Supervisor writes the user's options: /data, the add-on's folder that outlives restarts and updates. */
export const SUPERVISOR_OPTIONS_FILE = "/data/options.json";

/**
 * The add-on's persistent folder, the one that holds options.json. OPTIONS_FILE moves both for the
 * container smoke test; Supervisor never sets it.
 */
export function addonDataDir(env: NodeJS.ProcessEnv): string {
  return dirname(env.OPTIONS_FILE ?? SUPERVISOR_OPTIONS_FILE);
}
