import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import type { Logger } from "../../log.js";

/** The file in the add-on's /data that holds the secret; uninstalling the add-on removes it. */
export const DISCOVERY_SECRET_FILE = "mcp-discovery-secret";
/** Beside it: the secret before the last rotation while Home Assistant may still use it, and the option's last value. */
export const DISCOVERY_STATE_FILE = "mcp-discovery-state.json";

/**
 * How long the URL before a rotation keeps working at most when Home Assistant never calls the new
 * one (it is stopped, or its MCP integration was never added). While Core runs it takes the new
 * URL within seconds: Supervisor pushes the discovery to Core at once, and Core's MCP flow updates
 * the entry whose unique id is the discovery's uuid and reloads it. A stopped Core reads every
 * discovery when it starts (hassio/discovery.py). After this, the old path answers 404, which HA's
 * coordinator retries, never 401, which would start a re-authentication nobody can finish.
 */
export const HANDOVER_MS = 24 * 60 * 60 * 1000;

const SECRET_FORMAT = /^[A-Za-z0-9_-]{43}$/;

const stateSchema = z.object({
  /** rotate_mcp_secret at the last start: a rotation happens when it turns on, not at every start. */
  rotateOption: z.boolean(),
  previous: z.object({ secret: z.string().regex(SECRET_FORMAT), since: z.iso.datetime() }).optional(),
});
type State = z.infer<typeof stateSchema>;

/**
 * The path Home Assistant Core reaches /mcp on without a token: `/mcp/<secret>`. Only readers of
 * the Supervisor discovery (Core) learn it, so knowing the path is the credential.
 */
export interface DiscoveryPath {
  /** `/mcp/<secret>`: goes into the discovery URL only, never into a log. */
  path: string;
  /** Whether this start made a new secret (the option was turned on, or there was none). */
  rotated: boolean;
  /**
   * Whether a request on this path may use /mcp as Home Assistant: the current path, or the one
   * before a rotation until Home Assistant has the new one. Its first request on the new path
   * shows that it has: from then on the old path is refused. Compared in constant time.
   */
  admit(requestPath: string): boolean;
}

/**
 * Reads the per-install secret from `dir`, or makes a new one (first start, or `rotate` turned
 * on). Kept in /data so that Home Assistant's config entry keeps working across restarts and
 * updates.
 */
export async function loadDiscoveryPath(
  dir: string,
  rotate: boolean,
  logger?: Logger,
): Promise<DiscoveryPath> {
  const secretFile = join(dir, DISCOVERY_SECRET_FILE);
  const stateFile = join(dir, DISCOVERY_STATE_FILE);
  const stored = await readSecret(secretFile);
  const state = await readState(stateFile);
  let secret = stored;
  let previous = state.previous;
  const rotating = rotate && !state.rotateOption;
  if (!secret || rotating) {
    secret = randomBytes(32).toString("base64url");
    if (stored) previous = { secret: stored, since: new Date().toISOString() };
    // /data always exists under Supervisor; where it does not, nothing is announced.
    await writeFile(secretFile, `${secret}\n`, { mode: 0o600 });
  }
  if (previous && Date.now() - Date.parse(previous.since) > HANDOVER_MS) previous = undefined;
  await writeState(stateFile, { rotateOption: rotate, ...(previous ? { previous } : {}) });

  const current = digest(`/mcp/${secret}`);
  let old = previous ? digest(`/mcp/${previous.secret}`) : undefined;
  const handoverEnds = previous ? Date.parse(previous.since) + HANDOVER_MS : 0;
  return {
    path: `/mcp/${secret}`,
    rotated: secret !== stored,
    admit(requestPath) {
      const asked = digest(requestPath);
      // Equal-length digests: the comparison's time tells nothing about the secret.
      if (timingSafeEqual(asked, current)) {
        if (old) {
          old = undefined;
          logger?.info(
            "Home Assistant uses the new MCP discovery URL; the one before the rotation no longer works",
          );
          // Once per rotation, a few bytes: written at once, so a restart right after knows it.
          try {
            if (rotate)
              writeFileSync(stateFile, `${JSON.stringify({ rotateOption: rotate })}\n`, { mode: 0o600 });
            else rmSync(stateFile, { force: true });
          } catch (err) {
            logger?.warn(`could not record the end of the MCP URL handover: ${(err as Error).message}`);
          }
        }
        return true;
      }
      if (old && timingSafeEqual(asked, old)) {
        if (Date.now() <= handoverEnds) return true;
        old = undefined;
      }
      return false;
    },
  };
}

async function readSecret(file: string): Promise<string | undefined> {
  const text = (await readOptional(file))?.trim();
  return text && SECRET_FORMAT.test(text) ? text : undefined;
}

async function readState(file: string): Promise<State> {
  const text = await readOptional(file);
  if (text === undefined) return { rotateOption: false };
  try {
    const parsed = stateSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // An unreadable state is a fresh one: the secret itself is in its own file.
  }
  return { rotateOption: false };
}

async function writeState(file: string, state: State): Promise<void> {
  if (!state.rotateOption && !state.previous) {
    await rm(file, { force: true });
    return;
  }
  await writeFile(file, `${JSON.stringify(state)}\n`, { mode: 0o600 });
}

async function readOptional(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
}

function digest(value: string): Buffer {
  return createHash("sha256").update(value, "utf8").digest();
}
