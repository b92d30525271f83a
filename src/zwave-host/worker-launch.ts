// The Z-Wave MCP server in a worker thread of the bridge (src/zwave/worker.ts): one Node runtime
// for the add-on instead of two (docs/architecture.md, runtime topology). The thread keeps what the
// child process gave: its own heap with its own limits, and a crash that ends the thread, not the
// bridge; the MCP connection's close then restarts it with the shared backoff.
import { fileURLToPath } from "node:url";
import { Worker, type ResourceLimits } from "node:worker_threads";
import type { Transport } from "@modelcontextprotocol/client";
import type { Logger } from "../log.js";
import { MessagePortTransport } from "../shared/message-port-transport.js";
import { PACKAGE_ROOT } from "../shared/package-root.js";

/**
 * Its heap idles near 10 MiB with the demo network; a large network's node cache fits many times
 * over. Beyond it the thread is ended (ERR_WORKER_OUT_OF_MEMORY) and restarted, and the bridge
 * keeps running. A small young generation, since the server allocates little between messages.
 */
export const ZWAVE_WORKER_LIMITS: ResourceLimits = {
  maxOldGenerationSizeMb: 64,
  maxYoungGenerationSizeMb: 8,
};

/** The built worker, dist/zwave/worker.js, found from the package root (from src/ or the bundle). */
export function zwaveWorkerScript(): string {
  return fileURLToPath(new URL("dist/zwave/worker.js", PACKAGE_ROOT));
}

/**
 * Starts the worker with the environment the stand-alone server would get (zwaveServerEnv) and
 * returns the MCP transport to it. The worker's error and exit end the transport, which the SDK
 * client reports as a closed connection.
 */
export function startZwaveWorker(
  env: Record<string, string>,
  options: { logger?: Logger; script?: string; resourceLimits?: ResourceLimits } = {},
): Transport {
  const { script = zwaveWorkerScript(), resourceLimits = ZWAVE_WORKER_LIMITS, logger } = options;
  // `env` becomes the worker's own process.env: it sees nothing of the bridge's environment but
  // NODE_COMPILE_CACHE, when the bridge was started with one: Node reads it as the thread starts
  // (https://nodejs.org/api/module.html#module-compile-cache), so the worker uses it too.
  const { NODE_COMPILE_CACHE } = process.env;
  const worker = new Worker(script, {
    env: NODE_COMPILE_CACHE ? { ...env, NODE_COMPILE_CACHE } : env,
    resourceLimits,
    stdout: false,
    stderr: false,
  });
  const transport = new MessagePortTransport(worker, () => worker.terminate());
  let failure: Error | undefined;
  // An uncaught exception in the worker, or its heap limit: the thread is gone after this. A child
  // would have printed its stack on the way out; a thread's error arrives here, so it is logged here.
  worker.on("error", (err) => {
    failure = err;
    logger?.error({ err }, `the Z-Wave MCP server's worker thread failed: ${err.message}`);
  });
  worker.on("exit", (code) =>
    transport.ended(failure ?? (code === 0 ? undefined : new Error(`the worker exited with code ${code}`))),
  );
  return transport;
}
