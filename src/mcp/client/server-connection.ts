import type { Client } from "@modelcontextprotocol/client";
import type { Logger } from "../../log.js";
import { createBackoff, type BackoffPolicy } from "../../shared/backoff.js";
import { withoutCredentials } from "../../shared/redact.js";
import type { ToolRegistry } from "../../tools/registry.js";
import type { McpServerConfig } from "./server-config.js";
import { ownServerCaller } from "./own-server-caller.js";
import { childPidOf, connectMcpClient, listServerTools } from "./sdk-client.js";

export type McpServerState = "starting" | "up" | "down" | "stopped";

export interface McpServerStatus {
  name: string;
  toolbox: string;
  transport: "stdio" | "http" | "worker";
  state: McpServerState;
  tools: number;
  restarts: number;
  lastError?: string;
  /** When the server reached its current state (ms since epoch). */
  since: number;
}

export interface McpServerConnection {
  /** Resolves after the first attempt, whether or not it succeeded; retries go on in the background. */
  start(): Promise<void>;
  status(): McpServerStatus;
  close(): Promise<void>;
}

const DEFAULT_BACKOFF: BackoffPolicy = { initialMs: 250, maxMs: 30_000 };
/** A server that stayed up this long starts its next backoff from the beginning. */
const STABLE_MS = 60_000;
const CLOSE_GRACE_MS = 300;

/**
 * One MCP server through its own SDK client, so that a server which fails to start or dies
 * never takes the others with it, and can be restarted alone.
 */
export function createMcpServerConnection(options: {
  config: McpServerConfig;
  registry: ToolRegistry;
  logger: Logger;
  backoff?: BackoffPolicy;
}): McpServerConnection {
  const { config, registry, logger } = options;
  const backoff = createBackoff(options.backoff ?? DEFAULT_BACKOFF);
  const transport = config.openWorker ? "worker" : config.url ? "http" : "stdio";
  let state: McpServerState = "starting";
  let since = Date.now();
  let tools = 0;
  let restarts = 0;
  let lastError: string | undefined;
  let client: Client | undefined;
  /** Each client's own stdio child, while it runs: a PID outlives its process and is reused. */
  const childPids = new Map<Client, number>();
  let retryTimer: NodeJS.Timeout | undefined;
  let stopping = false;
  let generation = 0;

  function setState(next: McpServerState) {
    if (next !== state) since = Date.now();
    state = next;
  }

  async function attempt(): Promise<void> {
    const myGeneration = ++generation;
    let next: Client | undefined;
    try {
      next = await connectMcpClient(config);
      client = next;
      const pid = childPidOf(next);
      if (pid) childPids.set(next, pid);
      const loaded = await listServerTools(next, config.openWorker ? ownServerCaller(next) : next);
      if (stopping || myGeneration !== generation) {
        await closeClient(next);
        return;
      }
      const { registered } = registry.replaceServerTools(
        { server: config.name, toolbox: config.toolbox },
        loaded,
      );
      tools = registered.length;
      const wasDown = state === "down";
      setState("up");
      lastError = undefined;
      const upAt = Date.now();
      const connected = next;
      const previous = connected.onclose;
      connected.onclose = () => {
        // The child has exited: its PID is no longer ours to signal.
        childPids.delete(connected);
        previous?.();
        if (myGeneration !== generation || stopping) return;
        if (Date.now() - upAt > STABLE_MS) backoff.reset();
        onLost("the server closed the connection");
      };
      logger.info(
        `MCP server '${config.name}' ${wasDown ? "is back" : "is up"}: ${tools} tool${tools === 1 ? "" : "s"}`,
      );
    } catch (err) {
      if (stopping || myGeneration !== generation) return;
      if (next) await closeClient(next);
      const reason = describeError(err);
      const first = lastError === undefined || lastError !== reason;
      lastError = reason;
      if (first) logger.error(`MCP server '${config.name}' failed to start: ${reason}`);
      else logger.debug(`MCP server '${config.name}' still failing: ${reason}`);
      if (state !== "down") registry.setServerAvailability(config.name, false, reason);
      setState("down");
      scheduleRetry();
    }
  }

  function onLost(reason: string) {
    restarts++;
    lastError = reason;
    setState("down");
    registry.setServerAvailability(config.name, false, "restarting");
    logger.warn(`MCP server '${config.name}' stopped (${reason}); restarting`);
    const dead = client;
    client = undefined;
    if (dead) void closeClient(dead);
    scheduleRetry();
  }

  function scheduleRetry() {
    if (stopping) return;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => void attempt(), backoff.next());
    retryTimer.unref();
  }

  async function closeClient(target: Client) {
    const pid = childPids.get(target);
    // The SDK waits 2 s for a child that ignores stdin EOF before SIGTERM; we don't.
    await Promise.race([target.close().catch(() => undefined), delay(CLOSE_GRACE_MS)]);
    // Still set only if the child outlived close(): then it is still ours.
    if (pid && childPids.delete(target) && isAlive(pid)) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    }
  }

  return {
    start: attempt,
    status: () => ({
      name: config.name,
      toolbox: config.toolbox,
      transport,
      state,
      tools,
      restarts,
      ...(lastError ? { lastError } : {}),
      since,
    }),
    async close() {
      stopping = true;
      clearTimeout(retryTimer);
      setState("stopped");
      if (client) await closeClient(client);
      client = undefined;
    },
  };
}

function describeError(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return withoutCredentials(message).replace(/^Error: /, "");
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function delay(ms: number) {
  return new Promise<void>((resolve) => setTimeout(resolve, ms).unref());
}
