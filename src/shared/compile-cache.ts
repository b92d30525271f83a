// Node's module compile cache (https://nodejs.org/api/module.html#module-compile-cache, Node ≥ 22.1):
// V8's code for each module file, kept in a folder, so that a later start reads the code instead
// of compiling it. On an older Node it does not exist and nothing happens.
import module from "node:module";
import { readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The part of node:module's API used here; @types/node 20 does not declare it. */
interface CompileCacheApi {
  enableCompileCache?: (dir?: string) => { status: number; message?: string; directory?: string };
  flushCompileCache?: () => void;
  constants?: { compileCacheStatus?: Record<"FAILED" | "ENABLED" | "ALREADY_ENABLED" | "DISABLED", number> };
}
const api = module as unknown as CompileCacheApi;

export type CompileCache =
  | { state: "on"; dir: string }
  /** Not on this Node, or turned off on purpose. */
  | { state: "off"; reason: string }
  | { state: "failed"; reason: string };

/**
 * Turns the cache on in `dir`, or where NODE_COMPILE_CACHE says when it is set, or in Node's
 * default folder (<tmpdir>/node-compile-cache). Call it before the code it should hold is loaded.
 * It then sets NODE_COMPILE_CACHE, since Node reads that variable when a thread or process starts:
 * a worker thread given it in its environment uses the cache from its first module.
 */
export function enableCompileCache(env: NodeJS.ProcessEnv, dir?: string): CompileCache {
  const status = api.constants?.compileCacheStatus;
  if (!api.enableCompileCache || !status) return { state: "off", reason: `Node ${process.version} has none` };
  const base = env.NODE_COMPILE_CACHE || dir || join(tmpdir(), "node-compile-cache");
  const result = api.enableCompileCache(base);
  if (result.status === status.DISABLED) return { state: "off", reason: "NODE_DISABLE_COMPILE_CACHE is set" };
  if (result.status === status.FAILED || !result.directory)
    return { state: "failed", reason: result.message ?? `cannot use ${base}` };
  env.NODE_COMPILE_CACHE = base;
  return { state: "on", dir: result.directory };
}

/** Writes what this thread has compiled so far; Node also writes it at exit, but not when killed. */
export function flushCompileCache(): void {
  api.flushCompileCache?.();
}

/** Removes everything in `parent` but `keep` (caches left by versions that no longer run); never throws. */
export async function removeAllBut(parent: string, keep: string): Promise<void> {
  const entries = await readdir(parent).catch(() => []);
  await Promise.allSettled(
    entries.filter((e) => e !== keep).map((e) => rm(join(parent, e), { recursive: true, force: true })),
  );
}
