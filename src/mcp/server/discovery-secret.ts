import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";

/** The file in the add-on's /data that holds the secret; uninstalling the add-on removes it. */
export const DISCOVERY_SECRET_FILE = "mcp-discovery-secret";

const SECRET_FORMAT = /^[A-Za-z0-9_-]{43}$/;

/**
 * The path Home Assistant Core reaches /mcp on without a token: `/mcp/<secret>`. Only readers of
 * the Supervisor discovery (Core) learn it, so knowing the path is the credential.
 */
export interface DiscoveryPath {
  /** `/mcp/<secret>`: goes into the discovery URL only, never into a log. */
  path: string;
  /** Whether a request path is this one, compared in constant time. */
  matches(requestPath: string): boolean;
}

/**
 * Reads the per-install secret from `dir`, or makes a new one (first start, or `rotate`). Kept
 * in /data so that Home Assistant's config entry keeps working across restarts and updates.
 */
export async function loadDiscoveryPath(dir: string, rotate: boolean): Promise<DiscoveryPath> {
  const file = join(dir, DISCOVERY_SECRET_FILE);
  let secret = rotate ? undefined : await readSecret(file);
  if (!secret) {
    secret = randomBytes(32).toString("base64url");
    // /data always exists under Supervisor; where it does not, nothing is announced.
    await writeFile(file, `${secret}\n`, { mode: 0o600 });
  }
  const path = `/mcp/${secret}`;
  const expected = digest(path);
  return {
    path,
    // Equal-length digests: the comparison's time tells nothing about the secret.
    matches: (requestPath) => timingSafeEqual(digest(requestPath), expected),
  };
}

async function readSecret(file: string): Promise<string | undefined> {
  try {
    const text = (await readFile(file, "utf8")).trim();
    return SECRET_FORMAT.test(text) ? text : undefined;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
}

function digest(value: string): Buffer {
  return createHash("sha256").update(value, "utf8").digest();
}
