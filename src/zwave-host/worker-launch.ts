// The Z-Wave MCP server in a worker thread of the bridge (src/zwave/worker.ts): one Node runtime
// for the add-on instead of two (docs/architecture.md, runtime topology). The thread keeps what the
// child process gave: its own heap with its own limits, and a crash that ends the thread, not the
// bridge; the MCP connection's close then restarts it with the shared backoff.
import { fileURLToPath } from "node:url";
import { MessageChannel, Worker, type ResourceLimits } from "node:worker_threads";
import type { Transport } from "@modelcontextprotocol/client";
import type { Logger } from "../log.js";
import { MessagePortTransport } from "../shared/message-port-transport.js";
import { PACKAGE_ROOT } from "../shared/package-root.js";
import { readStateEvent, type ZwaveStateEvent } from "../zwave/state-events.js";

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
 * client reports as a closed connection. `onState` hears the network's changes as the worker
 * learns them (src/zwave/state-events.ts), on a port of their own beside MCP's.
 */
export function startZwaveWorker(
  env: Record<string, string>,
  options: {
    logger?: Logger;
    script?: string;
    resourceLimits?: ResourceLimits;
    onState?: (event: ZwaveStateEvent) => void;
  } = {},
): Transport {
  const { script = zwaveWorkerScript(), resourceLimits = ZWAVE_WORKER_LIMITS, logger, onState } = options;
  const state = onState ? new MessageChannel() : undefined;
  // `env` becomes the worker's own process.env: it sees nothing of the bridge's environment but
  // NODE_COMPILE_CACHE, when the bridge was started with one: Node reads it as the thread starts
  // (https://nodejs.org/api/module.html#module-compile-cache), so the worker uses it too.
  const { NODE_COMPILE_CACHE } = process.env;
  const worker = new Worker(script, {
    env: NODE_COMPILE_CACHE ? { ...env, NODE_COMPILE_CACHE } : env,
    resourceLimits,
    stdout: false,
    stderr: false,
    ...(state ? { workerData: { statePort: state.port2 }, transferList: [state.port2] } : {}),
  });
  if (state && onState) {
    // Checked like every message from the other thread: a bad one is logged, not applied.
    state.port1.on("message", (data: unknown) => {
      const event = readStateEvent(data);
      if (event) onState(event);
      else logger?.warn(`the Z-Wave worker sent a state event that does not fit its schema; ignored`);
    });
    // The port must not keep the bridge alive on its own; it ends with the worker.
    state.port1.unref();
    worker.on("exit", () => state.port1.close());
  }
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
